"""Sex of a given name: census rule, compounds, unknowns, folding, caching."""
from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from gazetteers import Gazetteer
from gazetteers.sex import SexLookup, default_sex_lookup

REPO = Path(__file__).resolve().parents[1]
INE = REPO.parent / "shared" / "data" / "ine"


def table(rows: list[tuple[str, float, str]]) -> Gazetteer:
    value, weight, sex = zip(*rows)
    return Gazetteer("first_names", pl.DataFrame({"value": value, "weight": weight, "sex": sex}))


@pytest.fixture(scope="module")
def ine_lookup() -> SexLookup:
    men, women = INE / "nombres_hombres_2021.csv", INE / "nombres_mujeres_2021.csv"
    if not (men.is_file() and women.is_file()):
        pytest.skip(f"INE first-name lists not found under {INE}")
    from gazetteers.loaders import ine

    return SexLookup.of(ine.first_names(men, women))


@pytest.mark.parametrize("name, sex", [
    ("José", "M"), ("María", "F"), ("María José", "F"), ("José María", "M"), ("Ignacio", "M"),
    ("Xyzzy", None), ("Andrea", "F"),
    ("JOSE", "M"), ("maría josé", "F"), ("Íñigo", "M"), ("Begoña", "F"),
    ("María Xyzzy", "F"), ("José Xyzzy", "M"),  # compound not in the table: its first element decides
])
def test_sex_of_real_ine_names(ine_lookup: SexLookup, name: str, sex: str | None) -> None:
    assert ine_lookup.sex_of(name) == sex


def test_relative_frequency_wins_over_absolute_count() -> None:
    # 300 men and 200 women are called Alex, but the men's list is ten times bigger:
    # relative frequency is 300/10_300 for men and 200/1_200 for women, so Alex is female.
    lookup = SexLookup(table([
        ("Alex", 300, "M"), ("Juan", 10_000, "M"),
        ("Alex", 200, "F"), ("Ana", 1_000, "F"),
    ]))
    assert lookup.sex_of("Alex") == "F"
    assert lookup.sex_of("Juan") == "M"


def test_compound_in_table_overrides_its_first_element() -> None:
    lookup = SexLookup(table([
        ("María", 100, "F"), ("José", 100, "M"), ("María Luis", 50, "M"), ("Luis", 10, "M"),
    ]))
    assert lookup.sex_of("María Luis") == "M"  # listed as a whole: its own entry wins
    assert lookup.sex_of("María Pepa") == "F"  # not listed: goes by "María"
    assert lookup.sex_of("José-Pepa") == "M"   # hyphenated compounds too


def test_unknown_blank_and_tied_names_give_none() -> None:
    lookup = SexLookup(table([("Sam", 10, "M"), ("Sam", 10, "F"), ("Ana", 0, "F")]))
    assert lookup.sex_of("Sam") is None  # exact tie of relative frequencies
    assert lookup.sex_of("") is None
    assert lookup.sex_of("   ") is None
    assert lookup.sex_of("Nadie") is None
    assert lookup.sex_of("Xyzzy Sam") is None  # unknown first element


def test_spellings_fold_together() -> None:
    # "Jose" (M) and "José" (F) are the same key: counts add up before the comparison.
    lookup = SexLookup(table([("Jose", 60, "M"), ("José", 50, "M"), ("José", 100, "F"), ("Eva", 1000, "F")]))
    # M: 110/110 = 1.0, F: 100/1100 ≈ 0.09
    assert lookup.sex_of("JOSÉ") == "M"
    assert lookup.sex_of("jose") == "M"


def test_lookup_is_built_once_per_gazetteer() -> None:
    gaz = table([("Ana", 1, "F")])
    assert SexLookup.of(gaz) is SexLookup.of(gaz)
    assert SexLookup.of(gaz) is not SexLookup.of(table([("Ana", 1, "F")]))


def test_a_table_without_sex_is_refused() -> None:
    with pytest.raises(ValueError, match="sex"):
        SexLookup(Gazetteer("names", pl.DataFrame({"value": ["Ana"], "weight": [1.0]})))


def test_default_lookup_uses_the_embedded_first_names() -> None:
    if not (REPO / "gazetteers" / "data" / "es" / "first_names.json.gz").is_file():
        pytest.skip("embedded first_names table not built yet")
    lookup = default_sex_lookup("es")
    assert lookup is default_sex_lookup("es")
    assert lookup.sex_of("María José") == "F"
    assert lookup.sex_of("José María") == "M"
    assert lookup.sex_of("Xyzzy") is None
