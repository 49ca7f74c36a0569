"""The embedded Spanish gazetteer set.

Tables are column files (``<name>.json.gz``, :mod:`gazetteers.column_file`: read without polars) in
``gazetteers/data/es/``, built by ``gazetteers/build/build_es.py`` from PyPI packages and the fact tables in
``gazetteers/facts/``. Each loads on first use.

Table contract (every table has ``value`` and ``weight``; attribute columns listed):

==================  ==========================================================================
first_names         sex ("M" | "F")
surnames            weight_first, weight_second
municipalities      province_code ("01".."52"), province, official_name (INE spelling), municipality_code (INE,
                    5 digits), population (whole municipality; weight splits it between co-official names)
postal_codes        municipality_code, province_code  (value: 5-digit code; one row per code and municipality)
provinces           code, capital, community, postal_prefix (== code), mentions (MEDDOCAN documents naming it)
islands             province_code
communities         (none)
countries           iso2, name_en, demonym_ms, demonym_fs, demonym_mp, demonym_fp
street_types        language ("es" | "ca" | "gl" | "eu"), abbreviations ("|"-separated)
street_names        name_kind (common, person, saint, place, flower, trade, ...)
facility_patterns   facility_class ("hospital" | "health_centre" | "clinic" | "surgery"), cnh_class,
                    municipality_size ("city" | "small" | "any")
advocations         (none)  saints and people hospitals are named after
neighbourhoods      (none)  district names for "Centro de Salud {barrio}"
kinship             sex ("M" | "F" | ""), generation ("ascendant" | "descendant" | "collateral" | "spouse"),
                    number ("sg" | "pl")
professions         feminine (value is the masculine form); weight: 5 common, 1 ordinary, 0.3 rare
institutions        institution_kind ("company_health" | "research" | "public_body" | "university" | "company" |
                    "insurer" | "ngo" | "clinic" | "care_home" | "school")
hospitals           province_code, municipality, cnh_class, dependency ("public" | "private" | "mutual" | "ngo"),
                    category ("university" | "general" | "clinic" | "mental_health" | "long_stay" | "specialised" |
                    "other"): Catálogo Nacional de Hospitales 2024
health_centres      province_code, municipality, centre_type ("health_centre"): DiSMed
email_domains       domain_kind ("webmail" | "hospital" | "public_health"), tld
personal_attributes category (marital_status, origin, ethnicity, religion, life_stage, condition, ...),
                    lemma (groups the forms of one word), gender ("m" | "f" | "c" common), number ("sg" | "pl")
common_words        (none)  everyday lower-case words, weight = frequency per million words
fitted_details      detail (door, floor, house_lead_N, phone_zeros, id_first, id_next, street_class,
                    street_repeats, name_accents_*); value; weight = count of mentions fitted on MEDDOCAN
                    train+dev (``facts/fitted_details.csv``, read as it is: see ``gazetteers.fitted``)
==================  ==========================================================================
"""
from __future__ import annotations

import json
from functools import partial
from pathlib import Path

from .. import column_file
from ..fitted import TABLE as FITTED_TABLE, load_fitted_details
from ..registry import GazetteerSet
from ..table import Gazetteer, Provenance

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "es"

TABLES = (
    "first_names", "surnames", "municipalities", "postal_codes", "provinces", "islands", "communities", "countries",
    "street_types", "street_names", "facility_patterns", "advocations", "neighbourhoods", "kinship",
    "professions", "institutions", "email_domains", "personal_attributes", "common_words",
    "hospitals", "health_centres",
)


def _provenance(name: str) -> Provenance:
    path = DATA_DIR / "provenance.json"
    if path.exists():
        meta = json.loads(path.read_text(encoding="utf-8")).get(name, {})
        return Provenance(**meta) if meta else Provenance(source="surrogate build script")
    return Provenance(source="surrogate build script")


def load_table(name: str) -> Gazetteer:
    path = DATA_DIR / f"{name}{column_file.SUFFIX}"
    if not path.exists():
        raise FileNotFoundError(
            f"embedded gazetteer {name!r} is missing ({path}); rebuild with python -m gazetteers.build.build_es"
        )
    return column_file.read(path, name, _provenance(name))


def spanish_set() -> GazetteerSet:
    loaders = {name: partial(load_table, name) for name in TABLES}
    loaders[FITTED_TABLE] = load_fitted_details
    return GazetteerSet(loaders, locale="es")
