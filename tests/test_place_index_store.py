"""The place index shipped with the code (issue 12, a fast start) is what building it gives, and is used only
for the tables and code it was built from."""
from __future__ import annotations

import dataclasses

import pytest
from place_gazetteers import require_default

from gazetteers import Gazetteer, Sampler, default_set
from surrogate.replacers.places import index_store
from surrogate.replacers.places.index import PlaceIndex, place_index
from surrogate.replacers.places.index_build import build_index


def _plain(value):
    """A field of the index as plain data: samplers by their values and weights to the last bit."""
    if isinstance(value, Sampler):
        return ("sampler", value.values, value.weights.tolist())
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple) and len(value) == 2 and hasattr(value[1], "tolist"):
        return (list(value[0]), value[1].tolist())
    return value


def _fields(idx: PlaceIndex) -> dict:
    return {f.name: _plain(getattr(idx, f.name)) for f in dataclasses.fields(idx)}


@pytest.fixture(scope="module")
def gaz():
    require_default("municipalities", "postal_codes", "provinces")
    return default_set("es")


def test_shipped_index_is_fresh_and_equal_to_a_build(gaz):
    shipped = index_store.load(gaz)
    assert shipped is not None, "place_index.json.gz is stale: python -m surrogate.replacers.places.index_store"
    built, loaded = _fields(build_index(gaz)), _fields(shipped)
    assert list(loaded) == list(built)
    for name in built:  # dict order too: iteration order feeds draws
        assert loaded[name] == built[name], name
        if isinstance(built[name], dict):
            assert list(loaded[name]) == list(built[name]), name


def test_a_set_that_blocks_values_or_has_other_tables_builds_its_own(gaz):
    blocked = gaz.with_blocklist(["28001"])
    assert index_store.digest(blocked) is None and index_store.load(blocked) is None
    assert "28001" not in place_index(blocked).postal_by_town.get(("28", "madrid"), ())
    assert "28001" in place_index(gaz).postal_by_town[("28", "madrid")]
    frame = gaz["municipalities"].frame.head(500)
    other = gaz.override("municipalities", lambda: Gazetteer("municipalities", frame))
    assert index_store.load(other) is None
    assert len(place_index(other).towns) < len(place_index(gaz).towns)


def test_the_shipped_index_decodes_a_field_only_when_it_is_read(gaz):
    shipped = index_store.load(gaz)
    assert "postal_by_town" not in vars(shipped)  # nothing decoded yet
    assert shipped.town_provinces("Getafe") == ("28",)  # reads (and keeps) the towns only
    assert "towns" in vars(shipped) and "postal_by_town" not in vars(shipped)
    assert shipped.towns is shipped.towns
    readable = {f.name for f in dataclasses.fields(PlaceIndex)} - {"_province_tables"}
    assert all(getattr(shipped, name) is not None for name in readable)  # every field has its decoder
    with pytest.raises(AttributeError):
        _ = shipped.no_such_field


def test_the_shipped_index_copies_and_pickles_as_a_plain_index(gaz):
    import copy
    import pickle

    shipped = index_store.load(gaz)
    for twin in (copy.deepcopy(shipped), pickle.loads(pickle.dumps(shipped))):
        assert type(twin) is PlaceIndex and _fields(twin) == _fields(shipped)
