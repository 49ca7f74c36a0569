"""A shipped column of strings read lazily (gazetteers.text_column): it reads exactly as the list it was written
from, and a sampler over it draws exactly as over that list."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gazetteers import Sampler
from gazetteers.text_column import TextColumn
from surrogate.replacers.shipped import text_bytes_out

_line_free = st.text(st.characters(blacklist_characters="\n", blacklist_categories=("Cs",)), max_size=8)
# a list of one empty string joins to nothing, which reads back as no string (as shipped.texts_in reads it)
_columns = st.lists(_line_free, max_size=25).filter(lambda xs: xs != [""])


@settings(max_examples=150, deadline=None)
@given(values=_columns, data=st.data())
def test_a_column_reads_as_the_list_it_was_written_from(values, data):
    column = TextColumn(text_bytes_out(values))
    assert len(column) == len(values) and list(column) == values and column == values
    for i in range(-len(values), len(values)):
        assert column[i] == values[i]
    with pytest.raises(IndexError):
        column[len(values)]
    start, stop, step = (data.draw(st.integers(-30, 30) | st.none()) for _ in range(3))
    if step != 0:
        assert column[start:stop:step] == values[start:stop:step]


@settings(max_examples=40, deadline=None)
@given(values=st.lists(_line_free, min_size=1, max_size=12, unique=True).filter(lambda xs: xs != [""]),
       weights=st.lists(st.floats(0.01, 100), min_size=12, max_size=12), seed=st.integers(0, 2**32))
def test_a_sampler_over_a_column_draws_as_over_the_list(values, weights, seed):
    w = weights[: len(values)]
    plain, lazy = Sampler(values, w), Sampler(TextColumn(text_bytes_out(values)), w)
    exclude = values[:1]
    a, b = np.random.default_rng(seed), np.random.default_rng(seed)
    for _ in range(5):
        assert lazy.draw(b) == plain.draw(a)
        assert lazy.draw_many(b, 3) == plain.draw_many(a, 3)
        if len(values) > 1:
            assert lazy.draw(b, exclude=exclude) == plain.draw(a, exclude=exclude)
