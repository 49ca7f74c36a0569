"""Countries with Spanish (CLDR via babel) and English names, gendered demonyms and residence weights."""
from __future__ import annotations

import polars as pl

from .facts import read_fact

# CLDR region codes that are not countries: groupings, pseudo-locales, exceptional reservations and uninhabited
# territories.
_NOT_COUNTRIES = frozenset({
    "EU", "EZ", "UN", "QO", "XA", "XB", "ZZ",
    "AC", "CP", "DG", "EA", "IC", "TA", "CQ",
    "AQ", "BV", "HM", "UM", "TF", "GS", "IO",
})
# Dependent territories left out of the table (their people hold another country's nationality) except those
# that clinical texts name as a country of birth: Puerto Rico, Hong Kong, Macao and the Western Sahara.
_DEPENDENCIES = frozenset({
    "AI", "AS", "AW", "AX", "BL", "BM", "BQ", "CC", "CK", "CW", "CX", "FK", "FO", "GF", "GG", "GI", "GL",
    "GP", "GU", "IM", "JE", "KY", "MF", "MP", "MQ", "MS", "NC", "NF", "NU", "PF", "PM", "PN", "RE", "SH",
    "SJ", "SX", "TC", "TK", "VG", "VI", "WF", "YT",
})
SPAIN = "ES"


def countries() -> pl.DataFrame:
    """One row per country; weight = residents in Spain of that nationality (INE, 1-1-2024), Spaniards
    included (about 87 %): a nationality is drawn as residents' nationalities are distributed.

    Nationalities outside the fact table share the remainder row equally.
    """
    from babel import Locale

    spanish, english = Locale("es").territories, Locale("en").territories
    codes = sorted(c for c in spanish
                   if len(c) == 2 and c.isalpha() and c not in _NOT_COUNTRIES and c not in _DEPENDENCIES)
    overrides = read_fact("country_names")
    names = {c: spanish[c] for c in codes} | dict(zip(overrides["iso2"], overrides["name"]))

    residents = read_fact("foreign_residents")
    counts = {c: float(n) for c, n in zip(residents["iso2"], residents["residents"])}
    remainder = counts.pop("*")
    unknown = set(counts) - set(codes)
    if unknown:
        raise ValueError(f"foreign_residents.csv: codes that are not countries: {sorted(unknown)}")
    others = [c for c in codes if c not in counts and c != SPAIN]
    if SPAIN not in counts:
        raise ValueError("foreign_residents.csv: the ES row (residents of Spanish nationality) is missing")
    weights = {c: counts.get(c, remainder / len(others)) for c in codes}

    demonyms = read_fact("demonyms")
    gentilic = {row["iso2"]: row for row in demonyms.iter_rows(named=True)}
    unknown = set(gentilic) - set(codes)
    if unknown:
        raise ValueError(f"demonyms.csv: codes that are not countries: {sorted(unknown)}")
    empty = {"ms": "", "fs": "", "mp": "", "fp": ""}
    rows = []
    for c in codes:
        d = gentilic.get(c, empty)
        rows.append((names[c], weights[c], c, english.get(c, ""), d["ms"], d["fs"], d["mp"], d["fp"]))
    schema = {"value": pl.String, "weight": pl.Float64, "iso2": pl.String, "name_en": pl.String,
              "demonym_ms": pl.String, "demonym_fs": pl.String, "demonym_mp": pl.String, "demonym_fp": pl.String}
    return pl.DataFrame(rows, schema=schema, orient="row").sort("weight", "value", descending=[True, False])
