"""The format of the stores shipped beside the code (surrogate.replacers.shipped): sections round-trip exactly,
a store is used only under its own digest, and a section is decoded only when it is used."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from surrogate.replacers import shipped

_line_free_text = st.text(st.characters(blacklist_characters="\n", blacklist_categories=("Cs",)), max_size=12)


@settings(max_examples=60, deadline=None)
@given(texts=st.lists(_line_free_text, max_size=20),
       numbers=st.lists(st.floats(allow_nan=False), max_size=20),
       nested=st.dictionaries(st.text(max_size=5), st.lists(st.integers(), max_size=4), max_size=4))
def test_sections_round_trip(tmp_path_factory, texts, numbers, nested):
    path = tmp_path_factory.mktemp("store") / "s.store"
    shipped.write(path, "stamp-1", {"texts": shipped.text_bytes_out(texts),
                                    "numbers": shipped.float_bytes_out(numbers), "nested": nested})
    back = shipped.read(path, "stamp-1")
    assert back is not None and list(back) == ["texts", "numbers", "nested"]
    # an empty string and an empty list join alike: a list of one "" reads back empty
    assert shipped.text_bytes_in(back["texts"]) == ([] if texts == [""] else texts)
    assert shipped.float_bytes_in(back["numbers"]).tolist() == numbers
    assert back["nested"] == nested


def test_writes_are_byte_reproducible(tmp_path):
    sections = {"a": shipped.text_bytes_out(["Ana", "Luis"]), "b": {"x": [1, 2]}}
    first = shipped.write(tmp_path / "1.store", "d", sections).read_bytes()
    assert shipped.write(tmp_path / "2.store", "d", sections).read_bytes() == first


def test_another_digest_or_no_file_reads_none(tmp_path):
    path = shipped.write(tmp_path / "s.store", "digest-a", {"a": [1]})
    assert shipped.read(path, "digest-b") is None
    assert shipped.read(tmp_path / "absent.store", "digest-a") is None
    with pytest.raises(ValueError):
        shipped.text_bytes_out(["two\nlines"])


def test_a_section_is_decoded_only_when_used(tmp_path):
    path = shipped.write(tmp_path / "s.store", "d", {"used": ["ok"], "damaged": [i * 7919 % 10007 for i in range(3000)]})
    raw = path.read_bytes()
    path.write_bytes(raw[:-40] + b"\x00" * 40)  # break the last section's compressed bytes
    back = shipped.read(path, "d")
    assert back["used"] == ["ok"]  # the other section never needed the damaged one
    with pytest.raises(Exception):
        back["damaged"]


def test_a_lazy_map_makes_each_value_once():
    made = []
    lazy = shipped.LazyMap(["a", "b"], lambda k: made.append(k) or k.upper())
    assert "b" in lazy and "c" not in lazy and len(lazy) == 2 and made == []
    assert lazy["a"] == "A" and lazy.get("a") == "A" and lazy.get("c") is None
    assert made == ["a"]
    assert dict(lazy) == {"a": "A", "b": "B"} and made == ["a", "b"]


@settings(max_examples=80, deadline=None)
@given(table=st.dictionaries(_line_free_text, st.floats(allow_nan=False), max_size=30),
       probes=st.lists(_line_free_text, max_size=10))
def test_a_sorted_table_reads_like_the_dict_it_was_written_from(table, probes):
    sorted_table = shipped.SortedTable(*shipped.sorted_items(table))
    assert sorted_table == table and list(sorted_table) == sorted(table)
    for key in [*table, *probes]:
        assert (key in sorted_table) == (key in table)
        assert sorted_table.get(key, -1.0) == table.get(key, -1.0)
        if key not in table:
            with pytest.raises(KeyError):
                sorted_table[key]
    assert 3 not in sorted_table and sorted_table.get(None) is None  # a key of another type is simply absent


def test_a_sorted_table_needs_one_value_per_key():
    with pytest.raises(ValueError):
        shipped.SortedTable(["a", "b"], [1.0])
