"""Word lists: street types, healthcare-facility patterns, kinship, professions, e-mail domains."""
from __future__ import annotations

import polars as pl

from .facts import read_fact

# What size of municipality a facility pattern's {municipio} asks for: "city" (20,000 inhabitants or more, INE
# 1-1-2024, municipalities.population), "small" (the others) or "any".
MUNICIPALITY_SIZES = ("city", "small", "any")


def _with_weight(frame: pl.DataFrame, weight: float = 1.0) -> pl.DataFrame:
    if "weight" in frame.columns:
        return frame.with_columns(pl.col("weight").cast(pl.Float64))
    return frame.with_columns(weight=pl.lit(weight, dtype=pl.Float64))


def _ordered(frame: pl.DataFrame) -> pl.DataFrame:
    rest = [c for c in frame.columns if c not in ("value", "weight")]
    return frame.select("value", "weight", *rest)


def simple_table(name: str) -> pl.DataFrame:
    """A fact table used as is (uniform weight unless it has a weight column)."""
    return _ordered(_with_weight(read_fact(name)))


def street_types() -> pl.DataFrame:
    return simple_table("street_types")


def facility_patterns() -> pl.DataFrame:
    """Patterns weighted by class share, hospitals further split by the CNH 2024 class mix."""
    patterns = read_fact("facility_patterns")
    shares = read_fact("facility_class_mix")
    share = {c: float(s) for c, s in zip(shares["facility_class"], shares["share"])}
    mix = read_fact("cnh_class_mix")
    hospitals = {c: float(n) for c, n in zip(mix["cnh_class"], mix["hospitals"])}
    total_hospitals = sum(hospitals.values())

    missing = set(patterns["facility_class"]) - set(share)
    if missing:
        raise ValueError(f"facility_class_mix.csv lacks classes {sorted(missing)}")
    for value, size in zip(patterns["value"], patterns["municipality_size"]):
        wanted = MUNICIPALITY_SIZES if "{municipio}" in value else ("",)
        if size not in wanted:
            raise ValueError(f"facility_patterns.csv: {value!r} needs municipality_size in {wanted}, not {size!r}")
    hospital_rows = patterns.filter(pl.col("facility_class") == "hospital")
    missing = set(hospital_rows["cnh_class"]) - set(hospitals)
    if missing or set(hospitals) - set(hospital_rows["cnh_class"]):
        raise ValueError("every CNH class needs at least one hospital pattern and vice versa")

    per_class = patterns.group_by("facility_class").len()
    per_cnh = hospital_rows.group_by("cnh_class").len()
    n_class = dict(zip(per_class["facility_class"], per_class["len"]))
    n_cnh = dict(zip(per_cnh["cnh_class"], per_cnh["len"]))

    weights = []
    for fclass, cnh in zip(patterns["facility_class"], patterns["cnh_class"]):
        if fclass == "hospital":
            weights.append(share[fclass] * hospitals[cnh] / total_hospitals / n_cnh[cnh])
        else:
            weights.append(share[fclass] / n_class[fclass])
    return _ordered(patterns.with_columns(weight=pl.Series(weights, dtype=pl.Float64)))


def email_domains() -> pl.DataFrame:
    table = simple_table("email_domains")
    return table.with_columns(tld=pl.col("value").str.extract(r"\.([a-z]+)$", 1))
