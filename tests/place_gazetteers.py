"""Small hand-made gazetteers for the place, address and facility replacer tests (no default data needed)."""
from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from gazetteers import Gazetteer, GazetteerSet

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = REPO / "gazetteers" / "data" / "es"

PROVINCES = [  # code, name, capital, community, population
    ("28", "Madrid", "Madrid", "Comunidad de Madrid", 7_000_000),
    ("08", "Barcelona", "Barcelona", "Cataluña", 5_800_000),
    ("41", "Sevilla", "Sevilla", "Andalucía", 1_900_000),
    ("46", "Valencia", "Valencia", "Comunidad Valenciana", 2_700_000),
    ("31", "Navarra", "Pamplona", "Comunidad Foral de Navarra", 670_000),
    ("33", "Asturias", "Oviedo", "Principado de Asturias", 1_000_000),
    ("52", "Melilla", "Melilla", "Melilla", 85_000),
]
MUNICIPALITIES = [  # name, province code, population
    ("Madrid", "28", 3_400_000), ("Getafe", "28", 185_000), ("Alcorcón", "28", 170_000), ("Móstoles", "28", 210_000),
    ("Barcelona", "08", 1_680_000), ("Badalona", "08", 225_000), ("Terrassa", "08", 228_000),
    ("Sevilla", "41", 687_000), ("Dos Hermanas", "41", 137_000), ("Utrera", "41", 52_000),
    ("València", "46", 825_000), ("Gandia", "46", 78_000), ("Torrent", "46", 86_000),
    ("Pamplona", "31", 205_000), ("Tudela", "31", 37_000), ("Estella", "31", 14_000),
    ("Oviedo", "33", 220_000), ("Gijón", "33", 268_000), ("Avilés", "33", 76_000),
    ("Melilla", "52", 85_000),
]
COUNTRIES = [  # name, iso2, english, ms, fs, mp, fp, residents
    ("España", "ES", "Spain", "español", "española", "españoles", "españolas", 900_000),
    ("Marruecos", "MA", "Morocco", "marroquí", "marroquí", "marroquíes", "marroquíes", 900_000),
    ("Colombia", "CO", "Colombia", "colombiano", "colombiana", "colombianos", "colombianas", 540_000),
    ("Perú", "PE", "Peru", "peruano", "peruana", "peruanos", "peruanas", 190_000),
    ("Francia", "FR", "France", "francés", "francesa", "franceses", "francesas", 120_000),
    ("Argentina", "AR", "Argentina", "argentino", "argentina", "argentinos", "argentinas", 130_000),
    ("Chile", "CL", "Chile", "chileno", "chilena", "chilenos", "chilenas", 50_000),
    ("Estados Unidos", "US", "United States", "estadounidense", "estadounidense", "estadounidenses",
     "estadounidenses", 40_000),
    ("Reino Unido", "GB", "United Kingdom", "británico", "británica", "británicos", "británicas", 300_000),
    ("Emiratos Árabes Unidos", "AE", "United Arab Emirates", "emiratí", "emiratí", "emiratíes", "emiratíes", 1_000),
]
FACILITY_PATTERNS = [
    ("Hospital Universitario {advocacion}", "hospital"), ("Hospital General de {municipio}", "hospital"),
    ("Hospital General {advocacion}", "hospital"), ("Hospital Comarcal de {municipio}", "hospital"),
    ("Centro de Salud {barrio}", "health_centre"), ("Clínica {advocacion}", "clinic"),
    ("Consultorio Local de {municipio}", "surgery"),
]
INSTITUTIONS = [
    ("Universidad Atlántica", "university"), ("Universidad Central", "university"),
    ("Juzgado de Guardia", "public_body"), ("Consejería de Sanidad", "public_body"),
    ("Transportes del Levante S.A.", "company"), ("Talleres Mecánicos López", "company"),
    ("Cruz Roja", "ngo"), ("Fundación Acoge", "ngo"),
]


def _g(name: str, data: dict) -> Gazetteer:
    return Gazetteer(name, pl.DataFrame(data))


def small_set() -> GazetteerSet:
    p = PROVINCES
    m = MUNICIPALITIES
    c = COUNTRIES
    loaders = {
        "provinces": lambda: _g("provinces", {
            "value": [r[1] for r in p], "weight": [float(r[4]) for r in p], "code": [r[0] for r in p],
            "capital": [r[2] for r in p], "community": [r[3] for r in p], "postal_prefix": [r[0] for r in p]}),
        "municipalities": lambda: _g("municipalities", {
            "value": [r[0] for r in m], "weight": [float(r[2]) for r in m], "province_code": [r[1] for r in m],
            "province": [next(q[1] for q in p if q[0] == r[1]) for r in m]}),
        "islands": lambda: _g("islands", {"value": ["Mallorca", "Tenerife", "Gran Canaria"],
                                          "weight": [1.0, 1.0, 1.0], "province_code": ["07", "38", "35"]}),
        "communities": lambda: _g("communities", {"value": sorted({r[3] for r in p}), }),
        "countries": lambda: _g("countries", {
            "value": [r[0] for r in c], "weight": [float(r[7]) for r in c], "iso2": [r[1] for r in c],
            "name_en": [r[2] for r in c], "demonym_ms": [r[3] for r in c], "demonym_fs": [r[4] for r in c],
            "demonym_mp": [r[5] for r in c], "demonym_fp": [r[6] for r in c]}),
        "street_names": lambda: _g("street_names", {
            "value": ["Mayor", "de la Paz", "del Sol", "Real", "de los Olivos", "Nueva"]}),
        "neighbourhoods": lambda: _g("neighbourhoods", {"value": ["Centro", "La Loma", "El Carmen", "Ensanche"]}),
        "advocations": lambda: _g("advocations", {"value": ["San Rafael", "La Paz", "Virgen del Mar", "Santa Ana"]}),
        "facility_patterns": lambda: _g("facility_patterns", {
            "value": [r[0] for r in FACILITY_PATTERNS], "facility_class": [r[1] for r in FACILITY_PATTERNS]}),
        "institutions": lambda: _g("institutions", {
            "value": [r[0] for r in INSTITUTIONS], "institution_kind": [r[1] for r in INSTITUTIONS]}),
    }
    return GazetteerSet(loaders, locale="test")


def require_default(*tables: str) -> None:
    """Skip a test that needs the embedded default gazetteers when they have not been built."""
    for t in tables:
        if not (DEFAULT_DATA / f"{t}.json.gz").exists():
            pytest.skip(f"default gazetteer {t} not built")


def doc_with(text: str, *spans: tuple[str, str]):
    """A Document whose spans are given as (label, exact substring), found left to right."""
    from surrogate.model import Document, Span

    out, pos = [], 0
    for i, (label, sub) in enumerate(spans, 1):
        start = text.index(sub, pos)
        out.append(Span(f"T{i}", label, start, start + len(sub)))
        pos = start + len(sub)
    return Document("doc", text, tuple(out))
