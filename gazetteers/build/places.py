"""Provinces, autonomous communities, islands, municipalities and postal codes.

Municipalities and postal codes come from the INE fact tables (``facts/ine_municipalities.csv``,
``facts/ine_postal_codes.csv``, written by :mod:`.ine_facts`). INE writes names with postposed articles
("Coruña, A", "Rozas de Madrid, Las") and co-official pairs joined by "/" ("Alicante/Alacant"). They are rendered
as people write them ("A Coruña", "Las Rozas de Madrid") and each co-official form becomes its own row.
busca-municipio's list (same spelling) still feeds the spelling tiers of :mod:`.people`.
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
# Castilian forms INE no longer lists but facts/provinces.csv writes the capital with: another name of the town.
_EXTRA_NAMES = {"12040": ("Castellón de la Plana",)}


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
    """The 52 provinces weighted by population; ``mentions``: MEDDOCAN train+dev documents naming each
    (``facts/province_mentions.csv``, counts fitted by bench/fit_province_mentions.py)."""
    facts = read_fact("provinces")
    codes = facts["code"].to_list()
    if sorted(codes) != [f"{i:02d}" for i in range(1, 53)]:
        raise ValueError("facts/provinces.csv must list the 52 INE province codes 01..52")
    mentions = dict(read_fact("province_mentions").select("code", "documents").iter_rows())
    if set(mentions) != set(codes):
        raise ValueError("facts/province_mentions.csv must list the 52 INE province codes 01..52")
    return facts.select(
        value=pl.col("name"),
        weight=pl.col("population").cast(pl.Float64),
        code=pl.col("code"),
        capital=pl.col("capital"),
        community=pl.col("community"),
        postal_prefix=pl.col("code"),
        mentions=pl.col("code").replace_strict(mentions).cast(pl.Float64),
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
    """Every INE municipality (``facts/ine_municipalities.csv``), one row per co-official name.

    ``weight`` is the population at 1-1-2024 split equally between the co-official names (a draw over rows then
    follows population); ``population`` is the whole municipality's, ``municipality_code`` the 5-digit INE code
    that ``postal_codes`` refers to. Fuente: INE.
    """
    facts = read_fact("ine_municipalities")
    province_name = dict(zip(province_table["code"], province_table["value"]))
    rows = []
    for code, name_ine, population in facts.select("code", "name_ine", "population").iter_rows():
        province_code = code[:2]
        if province_code not in province_name or not code.isdigit() or len(code) != 5:
            raise ValueError(f"ine_municipalities.csv: {code!r} is not a municipality code of a known province")
        pop = float(population)
        names = tuple(dict.fromkeys(front_article(part) for part in name_ine.split("/") if part.strip()))
        official = "/".join(names)
        names += _EXTRA_NAMES.get(code, ())
        for name in names:
            rows.append((name, pop / len(names), province_code, province_name[province_code], official, code, pop))
    frame = pl.DataFrame(rows, schema={"value": pl.String, "weight": pl.Float64, "province_code": pl.String,
                                       "province": pl.String, "official_name": pl.String,
                                       "municipality_code": pl.String, "population": pl.Float64}, orient="row")
    _check_capitals(frame, province_table)
    return frame


def _check_capitals(frame: pl.DataFrame, province_table: pl.DataFrame) -> None:
    """Every provincial capital must be a municipality of its province, written the same way: the place
    replacers draw towns "other than the capital" by that name."""
    known = {(c, fold(v)) for c, v in zip(frame["province_code"], frame["value"])}
    missing = [cap for code, cap in zip(province_table["code"], province_table["capital"])
               if (code, fold(cap)) not in known]
    if missing:
        raise ValueError(f"capitals of facts/provinces.csv that are no municipality of their province: {missing}")


def postal_codes(municipality_table: pl.DataFrame) -> pl.DataFrame:
    """Postal code ↔ municipality (``facts/ine_postal_codes.csv``): one row per (code, municipality).

    A code serving several villages has a row for each; a municipality has one row per code (Madrid 50+).
    ``weight`` is 1: a town's codes are drawn uniformly. Fuente: INE (PDDL).
    """
    facts = read_fact("ine_postal_codes")
    known = set(municipality_table["municipality_code"])
    unknown = sorted(set(facts["municipality_code"]) - known)
    if unknown:
        raise ValueError(f"ine_postal_codes.csv: municipality codes not in ine_municipalities.csv: {unknown[:5]}")
    bad = [c for c, m in zip(facts["postal_code"], facts["municipality_code"])
           if not (len(c) == 5 and c.isdigit() and c[:2] == m[:2])]
    if bad:
        raise ValueError(f"ine_postal_codes.csv: codes not of their municipality's province: {bad[:5]}")
    return facts.select(
        value=pl.col("postal_code"),
        weight=pl.lit(1.0, dtype=pl.Float64),
        municipality_code=pl.col("municipality_code"),
        province_code=pl.col("municipality_code").str.slice(0, 2),
    )
