"""random_digits draws digit by digit for short runs: the same digits and stream as one batched draw."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from surrogate.replacers.shape import random_digits


def _batched(rng: np.random.Generator, n: int, first_nonzero: bool) -> str:
    out = [str(d) for d in rng.integers(0, 10, size=n).tolist()]
    if first_nonzero:
        out[0] = str(int(rng.integers(0, 9)) + 1)
    return "".join(out)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**63), sizes=st.lists(st.integers(1, 9), min_size=1, max_size=12),
       first_nonzero=st.booleans(), odd_start=st.booleans())
def test_short_runs_draw_what_a_batch_draws(seed: int, sizes: list[int], first_nonzero: bool, odd_start: bool) -> None:
    a, b = np.random.default_rng(seed), np.random.default_rng(seed)
    if odd_start:  # a 32-bit draw left half of a 64-bit word buffered in the bit generator
        a.integers(0, 7), b.integers(0, 7)
    got = [random_digits(a, n, first_nonzero=first_nonzero) for n in sizes]
    assert got == [_batched(b, n, first_nonzero) for n in sizes]
    assert all(len(g) == n and g.isdigit() and (not first_nonzero or g[0] != "0") for g, n in zip(got, sizes))
    assert a.random() == b.random()


def test_no_digits_draws_nothing() -> None:
    a, b = np.random.default_rng(3), np.random.default_rng(3)
    assert random_digits(a, 0) == ""
    assert a.random() == b.random()
