"""A gazetteer given columns or a polars frame behaves the same; the embedded tables' column files round-trip
byte for byte and read without polars (the fast start of issue 12: polars costs about 0.3 s to import)."""
from __future__ import annotations

import gzip
from datetime import date

import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gazetteers import Gazetteer, column_file
from gazetteers.locales.es import DATA_DIR, TABLES, load_table

rows = st.lists(st.tuples(st.text(min_size=1, max_size=6), st.sampled_from(["F", "M", "X"]),
                          st.floats(min_value=0.5, max_value=1e6, allow_nan=False)), min_size=1, max_size=30)


@settings(max_examples=60, deadline=None)
@given(rows, st.integers(min_value=1, max_value=12), st.sampled_from(["F", "M"]))
def test_columns_and_frame_give_the_same_samplers_and_lookups(table, top_k, sex):
    columns = {"value": [r[0] for r in table], "sex": [r[1] for r in table], "weight": [r[2] for r in table]}
    by_columns, by_frame = Gazetteer("t", columns), Gazetteer("t", pl.DataFrame(columns))
    assert by_columns.frame.equals(by_frame.frame)
    assert by_columns.lookup("sex") == by_frame.lookup("sex")
    for kwargs in ({}, {"top_k": top_k}, {"sex": sex}, {"sex": sex, "top_k": top_k}):
        try:
            expected = by_frame.frame
            for col, val in kwargs.items():
                if col != "top_k":
                    expected = expected.filter(pl.col(col) == val)
            if "top_k" in kwargs:
                expected = expected.sort("weight", descending=True, maintain_order=True).head(top_k)
            got = by_columns.sampler(**kwargs)
        except ValueError:  # nothing matches the filter: both ways refuse
            assert expected.height == 0
            continue
        assert got.values == expected["value"].to_list()
        assert np.array_equal(got.weights, expected["weight"].to_numpy())


def test_a_table_without_weights_weighs_every_row_one():
    table = Gazetteer("t", {"value": ["a", "b"]})
    assert table.column("weight") == [1.0, 1.0] and table.frame["weight"].to_list() == [1.0, 1.0]
    assert table.frame.schema["weight"] == pl.Float64


def test_missing_columns_are_named():
    with pytest.raises(ValueError, match="needs a 'value' column"):
        Gazetteer("t", {"name": ["a"]})
    with pytest.raises(ValueError, match="different lengths"):
        Gazetteer("t", {"value": ["a", "b"], "weight": [1.0]})
    table = Gazetteer("t", {"value": ["a"]})
    with pytest.raises(KeyError, match="sex"):
        table.column("sex")
    assert table.column("sex", "") == [""]


def test_replacing_the_frame_drops_the_fingerprint_and_the_cached_columns():
    table = load_table("provinces")
    assert table.fingerprint is not None
    first = table.column("value")[0]
    table.frame = table.frame.with_columns(pl.col("value").str.to_uppercase())
    assert table.fingerprint is None
    assert table.column("value")[0] == first.upper()


def test_every_shipped_table_round_trips_byte_for_byte():
    for name in TABLES:
        path = DATA_DIR / f"{name}{column_file.SUFFIX}"
        table = load_table(name)
        assert column_file.encode(table.frame) == path.read_bytes(), name
        assert set(table.frame.schema.values()) <= {pl.String, pl.Float64}, name


def test_types_survive_a_round_trip(tmp_path):
    frame = pl.DataFrame({"value": ["a", "b"], "weight": [1.5, 2.0], "n": [1, None], "flag": [True, False],
                          "empty": [None, None]}, schema_overrides={"empty": pl.String})
    back = column_file.read(column_file.write(tmp_path / "t.json.gz", frame), "t").frame
    assert back.equals(frame) and back.schema == frame.schema


def test_a_column_of_another_type_cannot_be_written():
    with pytest.raises(ValueError, match="'when'.*cannot be written"):
        column_file.encode(pl.DataFrame({"value": ["a"], "when": [date(2020, 1, 1)]}))


@pytest.mark.parametrize("content", [b"not gzip", gzip.compress(b"{not json"), gzip.compress(b'{"rows": []}')])
def test_a_damaged_column_file_names_itself(tmp_path, content):
    path = tmp_path / "broken.json.gz"
    path.write_bytes(content)
    table = column_file.read(path, "broken")  # decoded on first use
    assert table.fingerprint is not None
    with pytest.raises(ValueError, match="broken.json.gz: not a gazetteer column file"):
        table.column("value")
    with pytest.raises(ValueError, match="broken.json.gz"):  # and again: a failed decode is not forgotten
        len(table)
