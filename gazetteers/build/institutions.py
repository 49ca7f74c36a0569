"""Institutions: hand-written entities plus health-sector firms and research centres composed from patterns.

``facts/institutions.csv`` lists generic public bodies, real and well-known public bodies (regional health
services, public universities, state agencies), and invented companies, clinics and associations.
``facts/institution_patterns.csv`` writes invented brands (``facts/institution_brands.csv``) and generic zones
(``facts/institution_zones.csv``) the way pharmaceutical, medical-device, laboratory and insurance firms and
research institutes are named ("Laboratorios Alvenor", "Osteonor Medical", "Mutua Previsalud",
"Instituto de Investigación Sanitaria del Ebro").

Every kind weighs the same in total, shared equally by its rows: the replacer draws within a kind, and the
whole table stays balanced for a caller that does not ask for one.
"""
from __future__ import annotations

import re

import polars as pl

from .facts import read_fact

KINDS = ("public_body", "university", "research", "ngo", "school", "care_home", "clinic", "company",
         "company_health", "insurer")
_SLOT = re.compile(r"\{(\w+)\}")


def _composed() -> list[tuple[str, str]]:
    patterns = read_fact("institution_patterns")
    brands = read_fact("institution_brands")
    zones = read_fact("institution_zones")["zone"].to_list()
    by_sector: dict[str, list[str]] = {}
    for brand, sector in zip(brands["brand"], brands["sector"]):
        by_sector.setdefault(sector, []).append(brand)
    used = set()
    out = []
    for pattern, sector, kind in zip(patterns["pattern"], patterns["sector"], patterns["institution_kind"]):
        slots = set(_SLOT.findall(pattern))
        if sector == "zone":
            if slots != {"zona"}:
                raise ValueError(f"institution_patterns.csv: zone pattern {pattern!r} must have only {{zona}}")
            out += [(pattern.replace("{zona}", z), kind) for z in zones]
        else:
            if slots != {"marca"} or sector not in by_sector:
                raise ValueError(f"institution_patterns.csv: {pattern!r} needs {{marca}} and a known sector")
            used.add(sector)
            out += [(pattern.replace("{marca}", b), kind) for b in by_sector[sector]]
    if set(by_sector) - used:
        raise ValueError(f"institution_brands.csv: sectors without patterns {sorted(set(by_sector) - used)}")
    return out


def institutions() -> pl.DataFrame:
    facts = read_fact("institutions")
    rows: dict[str, str] = {}
    for value, kind in [*zip(facts["value"], facts["institution_kind"]), *_composed()]:
        if kind not in KINDS:
            raise ValueError(f"institution {value!r}: unknown institution_kind {kind!r}")
        if value in rows:
            raise ValueError(f"institution {value!r} is listed twice")
        rows[value] = kind
    count = {k: sum(1 for kind in rows.values() if kind == k) for k in KINDS}
    missing = [k for k, n in count.items() if not n]
    if missing:
        raise ValueError(f"institution kinds without values: {missing}")
    order = {k: i for i, k in enumerate(KINDS)}
    ordered = sorted(rows.items(), key=lambda item: (order[item[1]], item[0]))
    return pl.DataFrame(
        {"value": [v for v, _ in ordered], "weight": [1.0 / count[k] for _, k in ordered],
         "institution_kind": [k for _, k in ordered]},
        schema={"value": pl.String, "weight": pl.Float64, "institution_kind": pl.String})
