"""The pre-built name pools shipped with the code (issue 12, a fast start) are what building them gives, are
used only for the tables they were built from, and the sex lookup's vectorised fold matches ``fold``."""
from __future__ import annotations

import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from gazetteers import GazetteerSet, default_set
from gazetteers.sex import SexLookup, _fold_column
from gazetteers.table import Gazetteer
from gazetteers.text import fold
from surrogate.replacers.people import pools_store
from surrogate.replacers.people.pools import MIN_SHARE, NamePools


def test_shipped_pools_are_fresh_and_equal_to_a_build():
    gaz = default_set("es")
    shipped = pools_store.load(gaz, MIN_SHARE)
    assert shipped is not None, "name_pools.json.gz is stale: python -m surrogate.replacers.people.pools_store"
    built = NamePools.build_tables(gaz, MIN_SHARE)
    assert {k: v for k, v in shipped.items() if k != "samplers"} == {k: v for k, v in built.items() if k != "samplers"}
    assert list(shipped["samplers"]) == list(built["samplers"])  # draw order of the samplers' values too
    for key, (values, weights) in built["samplers"].items():  # the same values, and weights to the last bit
        assert shipped["samplers"][key][0] == values
        assert shipped["samplers"][key][1].tolist() == [float(w) for w in weights]


def _tiny_set(first_names: list[tuple[str, float, str]]) -> GazetteerSet:
    base = default_set("es")
    frame = pl.DataFrame(first_names, schema={"value": pl.Utf8, "weight": pl.Float64, "sex": pl.Utf8}, orient="row")
    return base.override("first_names", lambda: Gazetteer("first_names", frame))


def test_other_tables_or_min_share_build_their_own_pools():
    gaz = _tiny_set([("Ana", 10.0, "F"), ("Luis", 8.0, "M"), ("María José", 5.0, "F"), ("María", 20.0, "F")])
    assert pools_store.load(gaz, MIN_SHARE) is None  # another first_names table: another digest
    assert pools_store.load(default_set("es"), MIN_SHARE * 2) is None
    pools = NamePools(gaz)
    assert pools.given["F"].values == ["Ana", "María"] and pools.given["M"].values == ["Luis"]
    assert pools.compound["F"].values == ["María José"]


@settings(max_examples=200)
@given(st.lists(st.text(alphabet=st.sampled_from("abcXYZ  -'áÉñÑüç\u00a0\t.ß"), max_size=12), min_size=1, max_size=30))
def test_vectorised_fold_is_fold(values):
    assert _fold_column(pl.Series(values, dtype=pl.Utf8)).to_list() == [fold(v) for v in values]


def test_sex_lookup_sums_spellings_and_leaves_ties_open():
    lookup = SexLookup(_tiny_set([
        ("José", 30.0, "M"), ("Jose", 30.0, "M"), ("JOSE", 1.0, "F"), ("Andrea", 5.0, "M"), ("Andrea", 50.0, "F"),
        ("Alex", 10.0, "M"), ("Alex", 10.0, "F"), ("Sin sexo", 3.0, "X"), ("Cero", 0.0, "F"),
    ])["first_names"])
    # totals: M 75, F 71 → Alex is relatively more female (10/71 > 10/75); José male; Andrea female
    assert lookup.sex_of("jose") == "M" and lookup.sex_of("ANDREA") == "F" and lookup.sex_of("Alex") == "F"
    assert lookup.sex_of("Sin sexo") is None and lookup.sex_of("Cero") is None
    assert len(lookup) == 3
