"""Provinces, autonomous communities, islands and municipalities.

Municipality names come from busca-municipio, which writes them as INE does: postposed articles
("Coruña, A", "Rozas de Madrid, Las") and co-official pairs joined by "/" ("Alacant/Alicante"). They are rendered
as people write them ("A Coruña", "Las Rozas de Madrid") and each co-official form becomes its own row.
"""
from __future__ import annotations

import importlib.resources as resources
import re
from dataclasses import dataclass

import polars as pl

from ..text import fold
from .facts import read_fact

# Provinces whose municipality names are Catalan, Galician or Basque (regional spelling tier, see spelling.py).
REGIONAL_PROVINCES = frozenset({"03", "07", "08", "12", "17", "25", "43", "46",  # Catalan / Valencian
                                "15", "27", "32", "36",                          # Galician
                                "01", "20", "31", "48"})                         # Basque
_ARTICLES = ("El", "La", "Los", "Las", "L'", "Els", "Les", "Es", "Sa", "Ses", "A", "As", "O", "Os")
_POSTPOSED = re.compile(r"^(?P<body>.+), (?P<article>" + "|".join(re.escape(a) for a in _ARTICLES) + r")$",
                        re.IGNORECASE)
# Unofficial spellings busca-municipio uses for one province and its capital.
_PROVINCE_ALIASES = {"lerida": "Lleida", "Balears, Illes": "Illes Balears"}
_MUNICIPALITY_ALIASES = {("25", "lerida"): "Lleida"}


def front_article(name: str) -> str:
    """``"Coruña, A"`` → ``"A Coruña"``; ``"Hospitalet de Llobregat, L'"`` → ``"L'Hospitalet de Llobregat"``."""
    match = _POSTPOSED.match(name.strip())
    if not match:
        return name.strip()
    article = match["article"]
    article = article[0].upper() + article[1:].lower()
    sep = "" if article.endswith("'") else " "
    return f"{article}{sep}{match['body']}"


@dataclass(frozen=True)
class SourceMunicipality:
    province_code: str
    raw_name: str               # as busca-municipio writes it
    names: tuple[str, ...]      # each co-official form, article fronted

    @property
    def official(self) -> str:
        return "/".join(self.names)


def provinces() -> pl.DataFrame:
    facts = read_fact("provinces")
    codes = facts["code"].to_list()
    if sorted(codes) != [f"{i:02d}" for i in range(1, 53)]:
        raise ValueError("facts/provinces.csv must list the 52 INE province codes 01..52")
    return facts.select(
        value=pl.col("name"),
        weight=pl.col("population").cast(pl.Float64),
        code=pl.col("code"),
        capital=pl.col("capital"),
        community=pl.col("community"),
        postal_prefix=pl.col("code"),
    )


def communities(province_table: pl.DataFrame) -> pl.DataFrame:
    """The 17 autonomous communities and 2 autonomous cities, weighted by the sum of their provinces."""
    return (province_table.group_by("community").agg(pl.col("weight").sum())
            .select(value=pl.col("community"), weight=pl.col("weight")).sort("weight", descending=True))


def islands() -> pl.DataFrame:
    facts = read_fact("islands")
    return facts.select(value=pl.col("name"), weight=pl.col("population").cast(pl.Float64),
                        province_code=pl.col("province_code"))


def _province_codes() -> dict[str, str]:
    facts = read_fact("provinces")
    return {fold(n): c for n, c in zip(facts["name"], facts["code"])}


def source_municipalities() -> list[SourceMunicipality]:
    text = resources.files("busca_municipio").joinpath("municipios.txt").read_text(encoding="utf-8")
    codes = _province_codes()
    out = []
    for line_no, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        province, _, name = line.partition(";")
        province = _PROVINCE_ALIASES.get(province.strip(), province.strip())
        code = codes.get(fold(front_article(province)))
        if code is None or not name.strip():
            raise ValueError(f"busca-municipio line {line_no}: unknown province or empty name")
        name = _MUNICIPALITY_ALIASES.get((code, name.strip()), name.strip())
        names = tuple(front_article(part) for part in name.split("/") if part.strip())
        out.append(SourceMunicipality(code, name, names))
    return out


def municipalities(province_table: pl.DataFrame) -> pl.DataFrame:
    """Every municipality busca-municipio lists, one row per co-official name, weighted by population.

    Municipalities in ``facts/municipality_population.csv`` get their INE population; the rest of each
    province's population is shared equally by its other municipalities. A municipality's weight is split
    equally between its co-official names.
    """
    source = source_municipalities()
    known = read_fact("municipality_population")
    known_pop = {(c, fold(n)): float(p) for c, n, p in zip(known["province_code"], known["name"], known["population"])}
    province_pop = dict(zip(province_table["code"], province_table["weight"]))
    province_name = dict(zip(province_table["code"], province_table["value"]))

    population: dict[int, float] = {}
    matched: set[tuple[str, str]] = set()
    for i, m in enumerate(source):
        for key in [(m.province_code, fold(n)) for n in (*m.names, m.official)]:
            if key in known_pop:
                population[i] = known_pop[key]
                matched.add(key)
                break
    unmatched = set(known_pop) - matched
    if unmatched:
        raise ValueError(f"municipality_population.csv rows match no busca-municipio municipality: {sorted(unmatched)}")

    rest_pop: dict[str, float] = dict(province_pop)
    rest_count: dict[str, int] = {}
    for i, m in enumerate(source):
        if i in population:
            rest_pop[m.province_code] -= population[i]
        else:
            rest_count[m.province_code] = rest_count.get(m.province_code, 0) + 1
    for code, count in rest_count.items():
        if rest_pop[code] <= 0:
            raise ValueError(f"province {code}: listed municipalities exceed the province population")

    rows = []
    for i, m in enumerate(source):
        pop = population.get(i)
        if pop is None:
            pop = rest_pop[m.province_code] / rest_count[m.province_code]
        for name in m.names:
            rows.append((name, pop / len(m.names), m.province_code, province_name[m.province_code], m.official))
    return pl.DataFrame(rows, schema={"value": pl.String, "weight": pl.Float64, "province_code": pl.String,
                                      "province": pl.String, "official_name": pl.String}, orient="row")
