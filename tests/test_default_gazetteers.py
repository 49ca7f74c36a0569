"""The embedded Spanish gazetteers: sizes, spelling, weights, provinces, and agreement with official files."""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from hypothesis import given, strategies as st

import gazetteers
from gazetteers import fold
from gazetteers.build.places import front_article
from gazetteers.build.spelling import ine_key, spanish_accent_is_valid
from gazetteers.locales.es import DATA_DIR, TABLES

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@pytest.fixture(scope="module")
def gaz() -> gazetteers.GazetteerSet:
    return gazetteers.default_set("es")


def frame(gaz, name: str) -> pl.DataFrame:
    return gaz[name].frame


# -- sizes ----------------------------------------------------------------------------------------------------
def test_first_names_have_20000_per_sex(gaz):
    counts = dict(frame(gaz, "first_names").group_by("sex").len().iter_rows())
    assert counts["M"] >= 20_000 and counts["F"] >= 20_000
    assert set(counts) == {"M", "F"}


def test_size_floors(gaz):
    assert len(gaz["surnames"]) >= 50_000
    assert len(gaz["countries"]) >= 150
    assert len(gaz["kinship"]) >= 40
    assert len(gaz["professions"]) >= 150
    assert len(gaz["street_names"]) >= 2_000
    assert len(gaz["advocations"]) >= 100
    assert len(gaz["neighbourhoods"]) >= 150


def test_every_table_of_the_contract_is_shipped_with_provenance(gaz):
    meta = json.loads((DATA_DIR / "provenance.json").read_text(encoding="utf-8"))
    assert set(gaz.names()) == set(TABLES) == set(meta)
    for name in TABLES:
        assert set(meta[name]) == {"source", "reference_date", "licence", "url"}
        g = gaz[name]
        assert g.provenance.source == meta[name]["source"] != ""
        assert g.frame.schema["value"] == pl.String and g.frame.schema["weight"] == pl.Float64
        assert (g.frame["weight"] > 0).all()


def test_ine_sources_are_cited(gaz):
    for name in ("first_names", "surnames", "municipalities", "provinces", "countries"):
        assert "Fuente: INE" in gaz[name].provenance.source


def test_shipped_data_stays_compact():
    total = sum(p.stat().st_size for p in DATA_DIR.glob("*.parquet"))
    assert total < 3 * 1024 * 1024


# -- spelling -------------------------------------------------------------------------------------------------
# Written independently of the build: how the most frequent names of Spain are spelt.
EXPECTED_MALE = """Antonio Manuel José Francisco David Juan Javier Daniel Carlos Alejandro Jesús Miguel Rafael Pablo
Pedro Ángel Sergio Fernando Jorge Luis Alberto Álvaro Adrián Diego Raúl Iván Rubén Óscar Enrique Ramón Andrés
Santiago Vicente Mario Víctor Joaquín Eduardo Roberto Marcos Jaime Hugo Ignacio Jordi Alfonso Ricardo Salvador
Marc Guillermo Mohamed Gabriel Martín Gonzalo Emilio Julio Julián Tomás Nicolás Agustín Lucas Samuel Ismael
Cristian Joan Aitor Félix Héctor Iker Mateo Sebastián César Josep""".split() + [
    "José Antonio", "Francisco Javier", "José Luis", "José Manuel", "Miguel Ángel", "José María", "Juan Carlos",
    "Juan José", "Juan Antonio", "Juan Manuel", "Francisco José", "José Miguel", "José Ramón", "José Carlos",
    "Juan Francisco"]
EXPECTED_FEMALE = """María Carmen Laura Isabel Josefa Ana Marta Cristina Lucía Francisca Antonia Dolores Paula Sara
Elena Raquel Manuela Pilar Concepción Mercedes Julia Beatriz Alba Silvia Nuria Irene Patricia Rosario Juana Rocío
Andrea Teresa Encarnación Montserrat Mónica Alicia Sandra Sonia Marina Susana Ángela Natalia Rosa Yolanda Sofía
Claudia Margarita Carla Eva Inmaculada Noelia Esther Verónica Daniela Nerea Carolina Inés Ángeles""".split() + [
    "María del Carmen", "Ana María", "María del Pilar", "María Dolores", "María Teresa", "María de los Ángeles",
    "María Isabel", "María José", "María Luisa", "Rosa María", "María Jesús", "María del Mar", "María Josefa",
    "María del Rosario",
    "María Mercedes", "Ana Isabel", "Eva María", "María Victoria"]
EXPECTED_SURNAMES = """García Rodríguez González Fernández López Martínez Sánchez Pérez Gómez Martín Jiménez Hernández
Ruiz Díaz Moreno Muñoz Álvarez Romero Alonso Gutiérrez Navarro Torres Domínguez Vázquez Ramos Gil Ramírez Serrano
Blanco Molina Morales Suárez Ortega Delgado Castro Ortiz Rubio Marín Sanz Núñez Iglesias Medina Garrido Cortés
Castillo Santos Lozano Guerrero Cano Prieto Méndez Calvo Cruz Gallego Vidal León Márquez Herrera Peña Flores
Cabrera Campos Vega Fuentes Carrasco Díez Caballero Nieto Reyes Aguilar Pascual Santana Herrero Lorenzo Montero
Hidalgo Giménez Ibáñez Ferrer Durán Santiago Benítez Mora Vicente Vargas Arias Carmona Crespo Román Pastor Soto
Sáez Velasco Moya Soler Parra Esteban Bravo Gallardo Rojas""".split()


def _top(gaz, name: str, n: int, **where) -> list[str]:
    f = frame(gaz, name)
    for col, val in where.items():
        f = f.filter(pl.col(col) == val)
    return f.sort("weight", descending=True).head(n)["value"].to_list()


@pytest.mark.parametrize("sex,expected", [("M", EXPECTED_MALE), ("F", EXPECTED_FEMALE)])
def test_top_50_first_names_are_accented(gaz, sex, expected):
    spelling = {fold(e): e for e in expected}
    top = _top(gaz, "first_names", 50, sex=sex)
    unknown = [v for v in top if fold(v) not in spelling]
    assert not unknown, f"add the expected spelling of {unknown}"
    assert [spelling[fold(v)] for v in top] == top


def test_top_50_surnames_are_accented(gaz):
    spelling = {fold(e): e for e in EXPECTED_SURNAMES}
    top = _top(gaz, "surnames", 50)
    unknown = [v for v in top if fold(v) not in spelling]
    assert not unknown, f"add the expected spelling of {unknown}"
    assert [spelling[fold(v)] for v in top] == top


def test_particles_and_compound_names(gaz):
    names = set(frame(gaz, "first_names")["value"])
    assert {"María del Carmen", "María de los Ángeles", "Juan de Dios", "Íñigo", "Begoña"} <= names
    surnames = set(frame(gaz, "surnames")["value"])
    assert {"de la Fuente", "del Río", "San Martín", "de la Cruz", "de la Torre"} <= surnames
    assert not {"De la Fuente", "Del Río", "de La Fuente", "San martín"} & surnames


def test_compound_names_keep_their_sex(gaz):
    f = frame(gaz, "first_names")
    sexes = lambda v: set(f.filter(pl.col("value") == v)["sex"])  # noqa: E731
    assert sexes("María José") == {"F"}
    assert sexes("José María") == {"M"}


def test_no_name_is_left_in_ine_capitals(gaz):
    for name in ("first_names", "surnames"):
        values = frame(gaz, name)["value"]
        assert not values.str.contains(r"^[A-ZÑÇ ]{3,}$").any()
        assert not values.filter(values.str.contains(r"^[a-zñç]") & ~values.str.starts_with("de")).len()


# Misspellings that faker and mimesis carry and the build must not pick up.
MISSPELLINGS = {"manuél", "rafaél", "gabriél", "daniél", "isabél", "luís", "ruíz", "crúz", "juán", "fé", "águilar",
                "óliver", "jérez", "mía", "cristián", "thomás", "izán"}


def test_top_names_avoid_known_misspellings(gaz):
    words = set()
    for name, where in (("first_names", {"sex": "M"}), ("first_names", {"sex": "F"}), ("surnames", {})):
        for value in _top(gaz, name, 3000, **where):
            words.update(w.lower() for w in value.split())
    assert not MISSPELLINGS & words
    assert {"julia", "cristian", "ruiz", "luis", "manuel", "rafael"} <= words
    given = set(frame(gaz, "first_names")["value"])
    assert "Julia" in given and "Juliá" not in given  # Juliá is a surname, not the given name


@pytest.mark.parametrize("word,valid", [
    ("josé", True), ("núñez", True), ("álvarez", True), ("raúl", True), ("maría", True), ("íñigo", True),
    ("manuél", False), ("luís", False), ("ruíz", False), ("crúz", False), ("fé", False), ("pàola", False),
    ("agüero", True), ("agüa", False)])
def test_spanish_accent_rules(word, valid):
    assert spanish_accent_is_valid(word) is valid


@given(st.text(alphabet="aeiouáéíóúüñçnrsgqAEIOUÁÉÍÓÚÑ", max_size=12))
def test_ine_key_drops_accents_but_keeps_enye_and_cedilla(word):
    key = ine_key(word)
    assert ine_key(key) == key
    assert key.count("ñ") == word.lower().count("ñ")
    assert key.count("ç") == word.lower().count("ç")
    assert not set(key) & set("áéíóúü")
    assert fold(key) == fold(word)


# -- weights --------------------------------------------------------------------------------------------------
def _chi2_pvalue(statistic: float, dof: int) -> float:
    try:
        from scipy.stats import chi2
    except ImportError:  # Wilson-Hilferty: accurate to ~1e-3 for the dof used here
        z = ((statistic / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
        return 0.5 * math.erfc(z / math.sqrt(2))
    return float(chi2.sf(statistic, dof))


@pytest.mark.parametrize("name", ["first_names", "surnames", "municipalities", "countries"])
def test_draws_follow_weights(gaz, name):
    g = gaz[name]
    n, top = 100_000, 30
    draws = g.sampler().draw_many(np.random.default_rng(20240101), n)
    weights: dict[str, float] = {}
    for v, w in zip(g.frame["value"].to_list(), g.frame["weight"].to_list()):
        weights[v] = weights.get(v, 0.0) + w  # a value may repeat (same name in both sexes)
    total = sum(weights.values())
    leaders = sorted(weights, key=weights.get, reverse=True)[:top]
    expected = np.array([n * weights[v] / total for v in leaders] + [0.0])
    expected[-1] = n - expected[:-1].sum()
    counts: dict[str, int] = {}
    for d in draws:
        counts[d] = counts.get(d, 0) + 1
    observed = np.array([counts.get(v, 0) for v in leaders] + [0])
    observed[-1] = n - observed[:-1].sum()
    assert expected.min() > 5, "cells too small for a chi-square test"
    statistic = float(((observed - expected) ** 2 / expected).sum())
    assert _chi2_pvalue(statistic, top) > 0.001


def test_wilson_hilferty_matches_known_critical_values():
    assert _chi2_pvalue(59.703, 30) == pytest.approx(0.001, rel=0.1)
    assert _chi2_pvalue(43.773, 30) == pytest.approx(0.05, rel=0.05)


def test_spain_is_a_country_with_an_ordinary_weight(gaz):
    f = frame(gaz, "countries")
    spain = f.filter(pl.col("iso2") == "ES")
    assert spain["value"].to_list() == ["España"]
    assert spain["weight"][0] <= f["weight"].max()
    assert spain["weight"][0] / f["weight"].sum() < 0.2


def test_countries_have_babel_names_and_demonyms(gaz):
    f = frame(gaz, "countries")
    assert f["iso2"].n_unique() == f.height
    morocco = f.filter(pl.col("iso2") == "MA").row(0, named=True)
    expected = {"value": "Marruecos", "name_en": "Morocco", "demonym_ms": "marroquí", "demonym_fp": "marroquíes"}
    assert expected.items() <= morocco.items()
    assert f.filter(pl.col("iso2") == "RO")["demonym_fs"][0] == "rumana"
    assert (f["demonym_ms"] != "").sum() >= 60
    assert not f["value"].is_in(["Unión Europea", "Antártida", "Región desconocida", "Pseudoacentos"]).any()
    top = f.sort("weight", descending=True).head(6)["iso2"].to_list()
    assert {"MA", "RO", "CO"} <= set(top)


# -- places ---------------------------------------------------------------------------------------------------
def test_provinces_are_the_52_with_postal_prefix(gaz):
    f = frame(gaz, "provinces")
    assert sorted(f["code"]) == [f"{i:02d}" for i in range(1, 53)]
    assert (f["postal_prefix"] == f["code"]).all()
    assert {"A Coruña", "Ceuta", "Melilla", "Illes Balears", "Las Palmas"} <= set(f["value"])
    assert f["community"].n_unique() == 19
    assert 46e6 < f["weight"].sum() < 50e6


def test_communities_and_islands(gaz):
    assert len(gaz["communities"]) == 19
    islands = frame(gaz, "islands")
    assert {"Mallorca", "Menorca", "Ibiza", "Formentera", "Tenerife", "Gran Canaria", "Lanzarote",
            "Fuerteventura", "La Palma", "La Gomera", "El Hierro"} == set(islands["value"])
    assert set(islands["province_code"]) == {"07", "35", "38"}


def test_municipalities_cover_52_provinces_with_articles_in_front(gaz):
    f = frame(gaz, "municipalities")
    assert f["province_code"].n_unique() == 52
    assert f.select("official_name", "province_code").unique().height >= 8_100
    values = set(f["value"])
    assert {"A Coruña", "Las Rozas de Madrid", "Las Palmas de Gran Canaria", "L'Hospitalet de Llobregat",
            "El Puerto de Santa María", "O Grove"} <= values
    postposed = re.compile(r", (el|la|los|las|l'|els|les|es|sa|ses|a|as|o|os)$", re.IGNORECASE)
    assert not [v for v in values if postposed.search(v)]
    madrid = f.filter(pl.col("value") == "Madrid")["weight"][0]
    assert madrid == f["weight"].max()
    names = dict(zip(frame(gaz, "provinces")["code"], frame(gaz, "provinces")["value"]))
    assert all(names[c] == p for c, p in zip(f["province_code"], f["province"]))


def test_every_municipality_the_source_lists_is_present(gaz):
    busca = pytest.importorskip("busca_municipio")
    text = (Path(busca.__file__).parent / "municipios.txt").read_text(encoding="utf-8")
    listed = [line for line in text.splitlines() if line.strip()]
    f = frame(gaz, "municipalities")
    assert f.select("official_name", "province_code").unique().height == len(listed)


def test_front_article():
    assert front_article("Coruña, A") == "A Coruña"
    assert front_article("Rozas de Madrid, Las") == "Las Rozas de Madrid"
    assert front_article("Hospitalet de Llobregat, L'") == "L'Hospitalet de Llobregat"
    assert front_article("Saus, Camallera i Llampaies") == "Saus, Camallera i Llampaies"


# -- word lists -----------------------------------------------------------------------------------------------
def test_kinship_tags(gaz):
    f = frame(gaz, "kinship")
    assert set(f["sex"]) == {"M", "F", ""}
    assert set(f["generation"]) == {"ascendant", "descendant", "collateral", "spouse"}
    assert set(f["number"]) == {"sg", "pl"}
    row = {r["value"]: r for r in f.iter_rows(named=True)}
    assert (row["madre"]["sex"], row["madre"]["generation"]) == ("F", "ascendant")
    assert (row["cónyuge"]["sex"], row["hijos"]["number"]) == ("", "pl")


def test_professions_are_pairs(gaz):
    f = frame(gaz, "professions")
    pairs = dict(zip(f["value"], f["feminine"]))
    assert pairs["enfermero"] == "enfermera" and pairs["médico"] == "médica" and pairs["albañil"] == "albañil"
    assert f["value"].n_unique() == f.height


def test_facility_patterns_follow_the_cnh_class_mix(gaz):
    f = frame(gaz, "facility_patterns")
    assert set(f["facility_class"]) == {"hospital", "health_centre", "clinic", "surgery"}
    hospitals = f.filter(pl.col("facility_class") == "hospital")
    share = hospitals.group_by("cnh_class").agg(pl.col("weight").sum())
    share = dict(zip(share["cnh_class"], share["weight"] / share["weight"].sum()))
    assert share["general"] == pytest.approx(546 / 840)
    assert share["long_stay"] == pytest.approx(120 / 840)
    placeholders = {p for v in f["value"] for p in re.findall(r"\{(\w+)\}", v)}
    assert placeholders == {"advocacion", "municipio", "barrio"}


def test_street_types_and_email_domains(gaz):
    types = {r["value"]: r for r in frame(gaz, "street_types").iter_rows(named=True) if r["language"] == "es"}
    assert "Avda." in types["Avenida"]["abbreviations"].split("|")
    assert "C/" in types["Calle"]["abbreviations"].split("|")
    languages = set(frame(gaz, "street_types")["language"])
    assert languages == {"es", "ca", "gl", "eu"}
    domains = frame(gaz, "email_domains")
    assert {"gmail.com", "hotmail.com", "yahoo.es"} <= set(domains["value"])
    assert all(v.endswith("." + t) for v, t in zip(domains["value"], domains["tld"]))


# -- agreement with the official files in ../shared/data (read in place, never copied) -------------------------
def _require(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"{path} not available")
    return path


def test_population_facts_agree_with_ine_pobmun24(gaz):
    path = _require(SHARED / "ine" / "pobmun24.xlsx")
    ine = pl.read_excel(path, sheet_name="dic24", read_options={"header_row": 1})
    ine = ine.with_columns(code=pl.col("CPRO").cast(pl.String).str.zfill(2))
    by_province = dict(ine.group_by("code").agg(pl.col("POB24").sum()).iter_rows())
    for code, pop in zip(frame(gaz, "provinces")["code"], frame(gaz, "provinces")["weight"]):
        assert pop == pytest.approx(by_province[code], rel=0.03), code
    population = {}
    for code, name, pop in ine.select("code", "NOMBRE", "POB24").iter_rows():
        for alt in name.split("/"):
            population[(code, fold(front_article(alt)))] = pop
    from gazetteers.build.facts import read_fact

    facts = read_fact("municipality_population")
    matched = 0
    for code, name, pop in facts.iter_rows():
        official = population.get((code, fold(name)))
        if official is not None:
            matched += 1
            assert int(pop) == pytest.approx(official, rel=0.10), name
    assert matched >= 0.95 * facts.height


def test_cnh_class_counts_match_the_catalogue():
    path = _require(SHARED / "ministerio" / "CNH_2024.xlsx")
    cnh = pl.read_excel(path, sheet_name="DIRECTORIO DE HOSPITALES")
    from gazetteers.build.facts import read_fact

    facts = read_fact("cnh_class_mix")
    counted = dict(cnh.group_by("Cód. Clase de Centro").len().iter_rows())
    assert {c: int(n) for c, n in zip(facts["cnh_code"], facts["hospitals"])} == counted


def test_generated_facilities_rarely_name_a_real_hospital(gaz):
    path = _require(SHARED / "ministerio" / "CNH_2024.xlsx")
    real = {fold(n) for n in pl.read_excel(path, sheet_name="DIRECTORIO DE HOSPITALES")["Nombre Centro"]}
    rng = np.random.default_rng(7)
    fill = {k: gaz[t].sampler() for k, t in
            (("advocacion", "advocations"), ("municipio", "municipalities"), ("barrio", "neighbourhoods"))}
    n = 5_000
    names = [p.format(**{k: s.draw(rng) for k, s in fill.items()})
             for p in gaz["facility_patterns"].sampler().draw_many(rng, n)]
    assert sum(fold(x) in real for x in names) / n < 0.005
