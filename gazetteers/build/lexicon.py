"""Word lists: street types and names, healthcare-facility patterns, kinship, professions, institutions, e-mail."""
from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import numpy as np
import polars as pl

from .facts import read_fact

# Street names invented from faker es_ES person names ("Doctor Lucas Abellán"): how many, and a fixed seed so the
# build is reproducible.
GENERATED_STREETS = 2500
STREET_SEED = 20240101
_HONORIFICS = {  # "" = the bare name; "Hermanos" takes only a surname
    "M": ("", "", "", "Doctor", "Maestro", "Pintor", "Poeta", "Escritor", "Músico", "Escultor", "Alcalde", "Padre",
          "Profesor", "Ingeniero", "Compositor", "Periodista", "Hermanos"),
    "F": ("", "", "", "Doctora", "Maestra", "Pintora", "Poeta", "Escritora", "Música", "Escultora", "Alcaldesa",
          "Sor", "Profesora", "Ingeniera", "Compositora", "Periodista", "Hermanas"),
}
# Weight of a hand-written common street name against a harvested or generated one ("Mayor" is everywhere).
COMMON_STREET_WEIGHT = 5.0

_MIMESIS_PREFIX = re.compile(
    r"^(Calle|Avenida|Av|Plaza|Paseo|Camino|Carretera|Travesía|Travesia|Ronda|Cuesta|Barriada|Vereda|Explanada|"
    r"Cantón|Prolongación|Parking)\s+", re.IGNORECASE)
_GALICIAN = re.compile(r"^(Rúa|Rua|Róa|Camiño)\b|\b(do|da|dos|das|Nosa|Sra\.)\b")
_REJECT = re.compile(r"\d|Falangista|\b[A-ZÁÉÍÓÚÑ]{3,}\b|[-.]")


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


def _mimesis_street_names() -> list[str]:
    import mimesis

    path = Path(mimesis.__file__).parent / "datasets" / "es" / "address.json"
    names = json.loads(path.read_text(encoding="utf-8"))["street"]["name"]
    out = []
    for raw in names:
        if _GALICIAN.search(raw) or _REJECT.search(raw):
            continue
        name = _MIMESIS_PREFIX.sub("", raw).strip()
        if name and (name[0].isupper() or name.startswith(("de ", "del "))):
            out.append(name)
    return out


def _generated_street_names() -> list[str]:
    provider = importlib.import_module("faker.providers.person.es_ES").Provider
    first = {"M": sorted(set(provider.first_names_male)), "F": sorted(set(provider.first_names_female))}
    last = sorted(set(provider.last_names))
    rng = np.random.default_rng(STREET_SEED)
    out: set[str] = set()
    while len(out) < GENERATED_STREETS:
        sex = "MF"[rng.integers(2)]
        honorific = _HONORIFICS[sex][rng.integers(len(_HONORIFICS[sex]))]
        surname = last[rng.integers(len(last))]
        if honorific.startswith("Herman"):
            name = f"{honorific} {surname}"
        else:
            name = " ".join(p for p in (honorific, first[sex][rng.integers(len(first[sex]))], surname) if p)
        out.add(name)
    return sorted(out)


def street_names() -> pl.DataFrame:
    """Common street names (weighted up), mimesis's Spanish street names, and names made of faker names."""
    common = read_fact("street_names")["value"].to_list()
    weights: dict[str, float] = {}
    for name in _generated_street_names() + _mimesis_street_names():
        weights.setdefault(name, 1.0)
    for name in common:
        weights[name] = COMMON_STREET_WEIGHT
    return pl.DataFrame({"value": list(weights), "weight": list(weights.values())},
                        schema={"value": pl.String, "weight": pl.Float64})


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
