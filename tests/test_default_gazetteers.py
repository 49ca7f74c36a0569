"""The embedded Spanish gazetteers: sizes, spelling, weights, provinces, and agreement with official files."""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

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
    assert set(gaz.names()) == set(TABLES) | {"fitted_details"}  # fitted counts: a CSV of their own
    assert set(TABLES) == set(meta)
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
    total = sum(p.stat().st_size for p in DATA_DIR.glob("*.json.gz"))
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


def test_no_name_is_a_single_letter(gaz):
    """A one-letter value drawn as a name reads as an initial ("Hegoa N")."""
    for table in ("first_names", "surnames"):
        assert not [v for v in frame(gaz, table)["value"] if len(v) < 2], table


def test_particles_and_compound_names(gaz):
    names = set(frame(gaz, "first_names")["value"])
    assert {"María del Carmen", "María de los Ángeles", "Juan de Dios", "Íñigo", "Begoña"} <= names
    surnames = set(frame(gaz, "surnames")["value"])
    assert {"de la Fuente", "del Río", "San Martín", "de la Cruz", "de la Torre"} <= surnames
    assert not {"De la Fuente", "Del Río", "de La Fuente", "San martín"} & surnames


def test_compound_names_keep_their_sex(gaz):
    f = frame(gaz, "first_names")
    sexes = lambda v: set(f.filter(pl.col("value") == v)["sex"])
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


def test_spain_weighs_as_its_share_of_residents(gaz):
    """Nationalities are drawn as residents' are distributed (issue 13): Spanish nationals are about 87 % of
    Spain's residents (INE, 1-1-2024), so a foreign country mostly becomes Spain, as in real notes."""
    f = frame(gaz, "countries")
    spain = f.filter(pl.col("iso2") == "ES")
    assert spain["value"].to_list() == ["España"]
    assert spain["weight"][0] == f["weight"].max()
    assert 0.80 < spain["weight"][0] / f["weight"].sum() < 0.92


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


def test_every_ine_municipality_is_present(gaz):
    from gazetteers.build.facts import read_fact

    f = frame(gaz, "municipalities")
    assert set(f["municipality_code"]) == set(read_fact("ine_municipalities")["code"])
    assert f.select("official_name", "province_code").unique().height == 8_132


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


# -- realism of the word lists --------------------------------------------------------------------------------
# Written independently of the build: the sex each street-name title asks of the name after it.
MASCULINE_TITLES = frozenset("""Doctor Maestro Pintor Escultor Músico Compositor Escritor Alcalde Profesor Ingeniero
Arquitecto Catedrático Actor Padre Fray Cardenal General San Santo Rey Príncipe Infante Conde Marqués Duque
Hermanos""".split())
FEMININE_TITLES = frozenset("""Doctora Maestra Pintora Escultora Música Compositora Escritora Alcaldesa Profesora
Ingeniera Arquitecta Catedrática Actriz Sor Madre Santa Reina Princesa Infanta Condesa Marquesa Duquesa Hermanas
Virgen""".split())
SANTO_BEFORE = frozenset({"Tomás", "Tomé", "Toribio", "Domingo"})  # RAE: "Santo Tomás", otherwise "San"


@pytest.fixture(scope="module")
def sex_lookup(gaz):
    from gazetteers.sex import SexLookup

    return SexLookup(gaz["first_names"])


def title_mismatches(values, lookup) -> list[str]:
    """Street names whose title and name disagree in sex, or that break the San/Santo/Santa rule."""
    bad = []
    for value in values:
        words = value.split()
        if words[:1] == ["de"]:  # "de San Roque"
            words = words[1:]
        if len(words) < 2:
            continue
        title, sex = words[0], lookup.sex_of(" ".join(words[1:]))
        wrong_sex = (title in MASCULINE_TITLES and sex == "F") or (title in FEMININE_TITLES and sex == "M")
        wrong_saint = title in ("San", "Santo") and (title == "Santo") != (words[1] in SANTO_BEFORE)
        if wrong_sex or wrong_saint:
            bad.append(value)
    return bad


def test_title_check_catches_the_reported_mismatches(sex_lookup):
    # ("Escultor Manuelita Pazos": a diminutive no census lists; the census-spelling test below rejects it)
    reported = ["Escultor Manuela Pazos", "Doctor Zaida Jodar", "Doctora Manu Roca", "Padre Lupe Briones",
                "San Tomás", "Santo Pedro", "de San Domingo", "Santa Juan"]
    assert title_mismatches(reported, sex_lookup) == reported
    fine = ["Doctor Fleming", "Doctora Pilar Ortega", "Santo Tomás", "San Juan", "Santa Ana", "Poeta Gloria Fuertes",
            "Pintor Sorolla", "de Santo Domingo", "Maestro Rodrigo"]
    assert title_mismatches(fine, sex_lookup) == []


def test_no_street_name_pairs_a_title_with_a_name_of_the_other_sex(gaz, sex_lookup):
    assert title_mismatches(frame(gaz, "street_names")["value"].to_list(), sex_lookup) == []


def test_street_names_follow_real_patterns(gaz, sex_lookup):
    f = frame(gaz, "street_names")
    values = set(f["value"])
    assert {"Mayor", "Real", "de la Constitución", "Reyes Católicos", "Doctor Fleming", "Pintor Sorolla", "San Juan",
            "de San Roque", "Santo Tomás", "Santo Domingo", "Santa Ana", "Virgen del Carmen", "de los Claveles",
            "de los Almendros", "Río Ebro", "Sierra Nevada", "de los Herreros"} <= values
    share = f.group_by("name_kind").agg(pl.col("weight").sum())
    share = dict(zip(share["name_kind"], share["weight"] / share["weight"].sum()))
    assert {"common", "person", "generated", "saint", "virgin", "flora", "river", "mountain", "trade",
            "place"} <= set(share)
    assert share["generated"] < 0.25  # made-up people never outweigh the names every town has
    # "Doctor Pazos"-style names: a title and a surname that is nobody's given name
    titled = [v.split(" ", 1) for v in f.filter(pl.col("name_kind") == "generated")["value"]]
    surname_only = [v for t, v in titled if t in MASCULINE_TITLES and " " not in v and sex_lookup.sex_of(v) is None]
    assert len(surname_only) >= 300


def test_people_in_street_names_are_spelt_as_the_census_tables(gaz):
    """Catches unaccented spellings ("Jimenez") and nicknames ("Lucho", "Manu") of name generators."""
    spelling: dict[str, set[str]] = {}
    for name in ("surnames", "first_names"):
        for v in frame(gaz, name).sort("weight", descending=True).head(5000)["value"]:
            if " " not in v:
                spelling.setdefault(fold(v), set()).add(v)
    f = frame(gaz, "street_names")
    wrong = {w for v in f["value"] for w in re.findall(r"[^\W\d_]+", v)
             if w[:1].isupper() and fold(w) in spelling and w not in spelling[fold(w)]}
    assert not wrong
    given, surnames = set(frame(gaz, "first_names")["value"]), set(frame(gaz, "surnames")["value"])
    titles = MASCULINE_TITLES | FEMININE_TITLES | {"Poeta", "Periodista", "Cronista", "Practicante"}
    unknown = {w for v in f.filter(pl.col("name_kind") == "generated")["value"] for w in v.split()
               if w not in titles and w not in given and w not in surnames}
    assert not unknown


def test_streets_honour_people_of_spanish_names_only(gaz):
    """A generated street honours no one a Spanish town would not ("Avenida Bilal Fraga", "Doctor Zhang")."""
    spanish, foreign = set(), set()
    for name in ("first_names", "surnames"):
        f = frame(gaz, name)
        spanish |= set(f.filter(pl.col("origin") == "es")["value"])
        foreign |= set(f.filter(pl.col("origin") != "es")["value"])
    foreign_only = foreign - spanish
    assert {"Bilal", "Chen", "Zhang", "Singh", "Popa"} <= foreign_only
    streets = frame(gaz, "street_names").filter(pl.col("name_kind") == "generated")["value"]
    assert not [v for v in streets if foreign_only.intersection(v.split())]


def test_chinese_and_south_asian_surnames_have_their_origin(gaz):
    """Spanish name lists hold Chen and Singh (INE's most frequent), but a Spanish family does not bear them."""
    f = frame(gaz, "surnames").filter(pl.col("value").is_in(["Chen", "Wang", "Zhang", "Li", "Singh", "Kaur"]))
    assert dict(zip(f["value"], f["origin"])) == {"Chen": "zh", "Wang": "zh", "Zhang": "zh", "Li": "zh",
                                                  "Singh": "ar", "Kaur": "ar"}


HAND_WRITTEN = ("street_names", "institutions", "kinship", "professions", "neighbourhoods", "advocations",
                "street_types", "facility_patterns")


def test_word_lists_are_clean_and_accented_by_the_rules(gaz):
    foreign = {"català", "roësset"}  # Catalan and a Catalan surname: Spanish accent rules do not apply
    for name in HAND_WRITTEN:
        f = frame(gaz, name)
        if name == "street_names":
            f = f.filter(pl.col("name_kind") != "generated")  # census names, Catalan ones included
        columns = ["value"] + (["feminine"] if name == "professions" else [])
        for column in columns:
            for v in f[column]:
                assert v == v.strip() and "  " not in v, (name, v)
                bad = [w for w in re.findall(r"[^\W\d_]+", v)
                       if w.lower() not in foreign and not spanish_accent_is_valid(w.lower())]
                assert not bad, (name, v)


def test_kinship_tags_agree_with_the_words(gaz):
    f = frame(gaz, "kinship")
    rows = {r["value"]: r for r in f.iter_rows(named=True)}
    for value, r in rows.items():
        head = value.split()[0]
        assert (r["number"] == "pl") == head.endswith("s"), value
        if r["sex"] == "F":
            assert head.endswith(("a", "as")) or head in {"madre", "mamá", "mujer", "exmujer"}, value
        if r["sex"] == "M":
            assert head.endswith(("o", "os")) or head in {"padre", "papá"}, value
    # every feminine singular with a plural masculine has its feminine plural ("tíos" → "tías")
    for value, r in rows.items():
        if r["sex"] == "F" and r["number"] == "sg" and value.endswith("a") and " " not in value:
            masculine_plural = value[:-1] + "os"
            if masculine_plural in rows:
                assert value + "s" in rows, f"{value}s missing"


# Irregular feminines the DLE gives; every other pair must follow the regular endings.
IRREGULAR_FEMININE = {"sacerdote": "sacerdotisa", "dependiente": "dependienta", "sastre": "sastra",
                      "piloto": "piloto", "soldado": "soldado", "amo": "ama"}
_COMMON_GENDER = ("ista", "ante", "ente", "e", "a", "al", "il", "ar", "er", "eta", "ía", "ga")


def _feminine_word(word: str) -> set[str]:
    if word in IRREGULAR_FEMININE:
        return {IRREGULAR_FEMININE[word]}
    if word.endswith("o"):
        return {word[:-1] + "a"}
    if word.endswith(("or", "és", "ón", "ez", "az")):
        plain = word.replace("é", "e").replace("ó", "o")
        return {plain + "a"} | ({word} if word.endswith("ez") else set())
    if word.endswith(_COMMON_GENDER) or word.endswith("r"):
        return {word}
    return {word}


def test_profession_feminines_follow_spanish_morphology(gaz):
    """Words before "de" agree ("ingeniero agrónomo" → "ingeniera agrónoma"); the complement stays."""
    f = frame(gaz, "professions")
    for masculine, feminine in zip(f["value"], f["feminine"]):
        m_words, f_words = masculine.split(), feminine.split()
        assert len(m_words) == len(f_words), masculine
        in_complement = False
        for m, fw in zip(m_words, f_words):
            in_complement = in_complement or m in ("de", "del")
            expected = {m} if in_complement else _feminine_word(m)
            assert fw in expected, f"{masculine} → {feminine}: {fw!r} not in {expected}"


def _demonym_forms(ms: str) -> tuple[str, str, str]:
    """Feminine singular, masculine plural and feminine plural of a regular demonym (DPD)."""
    unaccent = str.maketrans("áéíóú", "aeiou")
    if ms.endswith("o"):
        return ms[:-1] + "a", ms + "s", ms[:-1] + "as"
    if ms.endswith(("í", "ú")):
        return ms, ms + "es", ms + "es"
    if ms.endswith(("e", "a", "i")):
        return ms, ms + "s", ms + "s"
    if ms.endswith(("és", "án", "ón", "ín")):
        stem = ms[:-2] + ms[-2:].translate(unaccent)
        return stem + "a", stem + "es", stem + "as"
    if ms.endswith("ar"):
        return ms, ms + "es", ms + "es"
    return ms + "a", ms + "es", ms + "as"


def test_demonyms_cover_the_countries_and_agree_in_gender_and_number(gaz):
    f = frame(gaz, "countries")
    known = f.filter(pl.col("demonym_ms") != "")
    assert known.height >= 0.95 * f.height
    assert known["demonym_ms"].n_unique() == known.height  # one country per demonym
    for r in known.iter_rows(named=True):
        assert (r["demonym_fs"], r["demonym_mp"], r["demonym_fp"]) == _demonym_forms(r["demonym_ms"]), r["value"]


def test_facility_patterns_ask_for_a_fitting_municipality_size(gaz):
    f = frame(gaz, "facility_patterns")
    assert not f["value"].str.contains("Nuestra Señora de {municipio}", literal=True).any()
    for value, size in zip(f["value"], f["municipality_size"]):
        if "{municipio}" not in value:
            assert size == "", value
        elif re.search(r"Universitari|General|Clínico|Complejo|Provincial|Materno|Infantil|Psiquiátric|Traumatolog"
                       r"|-\{barrio\}", value):
            assert size == "city", value
        elif re.match(r"Consultorio|Punto de Atención", value):
            assert size == "small", value
        else:
            assert size == "any", value


def test_city_municipalities_are_told_apart_by_population(gaz):
    """docs/gazetteers.md: a "city" has 20,000 inhabitants or more (INE 1-1-2024): every provincial capital."""
    f = frame(gaz, "municipalities")
    cities = f.filter(pl.col("population") >= 20_000)
    assert 400 <= cities["municipality_code"].n_unique() <= 460
    capitals = {(c, fold(n)) for c, n in frame(gaz, "provinces").select("code", "capital").iter_rows()}
    assert capitals <= {(c, fold(v)) for c, v in cities.select("province_code", "value").iter_rows()}


INSTITUTION_KINDS = {"public_body", "university", "research", "ngo", "school", "care_home", "clinic", "company",
                     "company_health", "insurer"}


def test_institutions_have_a_health_sector(gaz):
    f = frame(gaz, "institutions")
    n = dict(f.group_by("institution_kind").len().iter_rows())
    assert set(n) == INSTITUTION_KINDS
    assert n["company_health"] >= 150 and n["insurer"] >= 30 and n["research"] >= 100 and n["clinic"] >= 20
    health = f.filter(pl.col("institution_kind") == "company_health")["value"].to_list()
    for marker in ("Laboratorios ", " Pharma", " Medical", "Análisis Clínicos", " Dental"):
        assert any(marker in v for v in health), marker
    assert f["value"].n_unique() == f.height
    assert f.group_by("institution_kind").agg(pl.col("weight").sum())["weight"].std() < 1e-9  # kinds weigh alike


# Well-known real health-sector firms and insurers: invented names must not be (or contain) any of them.
REAL_FIRMS = """Pfizer Roche Novartis Sanofi Merck MSD Bayer Lilly AstraZeneca GlaxoSmithKline GSK Janssen Abbvie Amgen
Gilead Biogen Allergan Chiesi Angelini Menarini Almirall Esteve Grifols Rovi Faes Cinfa Normon Salvat Uriach Lacer Isdin
Zambon Stada Teva Sandoz Mylan Viatris Ferring Servier Ipsen Lundbeck Takeda Astellas Otsuka Boehringer Alcon Bausch
Zeiss Medtronic Abbott Stryker Zimmer Fresenius Baxter Philips Siemens Dräger Olympus Hartmann Coloplast Convatec
Terumo Nipro Straumann Dentsply Septodont Geistlich Ivoclar Galimplant Medartis Synthes Synlab Unilabs Eurofins
Megalab Echevarne Cerba Mapfre Sanitas Adeslas Asisa DKV Fremap Asepeyo Ibermutua Muprespa Umivale Solimat Egarsat
Mutualia Caser Allianz Axa Generali Zurich Santalucía Ocaso Helvetia Cigna Muface Quirónsalud Vithas Diaverum Friat
Keramat Polytech Bedfont""".split() + [
    "Boston Scientific", "Johnson & Johnson", "Bristol-Myers Squibb", "Schering-Plough", "Smith & Nephew",
    "Nobel Biocare", "Pierre Fabre", "Kern Pharma", "Reig Jofre", "Cantabria Labs", "Mutua Madrileña",
    "Mutua Universal", "Mutua Balear", "Mutua Navarra", "Mutua Montañesa", "Mutua Gallega", "MC Mutual",
    "Fraternidad", "Reference Laboratory", "Divina Pastora", "Previsión Sanitaria Nacional",
    "Mutua General de Cataluña", "Nueva Mutua Sanitaria", "Ferrer Internacional", "B. Braun"]
INVENTED_KINDS = ("company_health", "insurer", "clinic", "company")


def test_invented_institutions_name_no_real_firm(gaz):
    f = frame(gaz, "institutions").filter(pl.col("institution_kind").is_in(INVENTED_KINDS))
    firms = [" " + " ".join(re.findall(r"\w+", fold(r))) + " " for r in REAL_FIRMS]
    for value in f["value"]:
        padded = " " + " ".join(re.findall(r"\w+", fold(value))) + " "
        assert not [r for r in firms if r in padded], value


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
    # each municipality's own figure: tests/test_municipality_data.py


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


# Kinds of the INSTITUCION spans of MEDDOCAN, by wording (written for this test, independent of the replacer).
_MEDDOCAN_KINDS = tuple((kind, re.compile(rx, re.I)) for kind, rx in (
    ("university", r"universi|facultad|escuela universitaria|college|udelar"),
    ("care_home", r"residencia"),
    ("research", r"investigaci|oftalmobiolog|\(ioba\)"),
    ("public_body", r"servicio .*salud|medicina legal|medina legal|\biml\b|\bivml\b|justicia|juzgado|forense|"
                    r"transfusi|penitenciari|centro nacional|samur|\bnato\b|consejo de europa|intcf|xarxa|"
                    r"centro andaluz"),
    ("clinic", r"cl[ií]nica|centro m[eé]dico|centros? |hemodi[aá]lisis|instituto .*(oftalmolog|oncol|dolor)|"
               r"medical village|salud internacional"),
    ("ngo", r"fundaci|asociaci|sociedad|\bonce\b"),
    ("company_health", r"."),  # a brand: pharmaceutical and medical-device firms (Allergan, Boston Scientific)
))


def _meddocan_spans(label: str) -> list[str]:
    root = _require(SHARED / "meddocan")
    spans = []
    for split in ("train", "dev"):
        for ann in sorted((root / split).glob("*.ann")):
            for line in ann.read_text(encoding="utf-8").splitlines():
                parts = line.split("\t")
                if line.startswith("T") and len(parts) == 3 and parts[1].split()[0] == label:
                    spans.append(parts[2])
    return spans


def test_every_institution_kind_meddocan_names_has_a_pool(gaz):
    spans = _meddocan_spans("INSTITUCION")
    assert len(spans) > 100
    occurring = {next(k for k, rx in _MEDDOCAN_KINDS if rx.search(s)) for s in spans}
    assert {"company_health", "university", "public_body", "clinic"} <= occurring
    n = dict(frame(gaz, "institutions").group_by("institution_kind").len().iter_rows())
    assert {k: n.get(k, 0) for k in occurring if n.get(k, 0) < 10} == {}


def test_invented_institutions_are_not_meddocan_names(gaz):
    spans = {fold(s) for s in _meddocan_spans("INSTITUCION")}
    f = frame(gaz, "institutions").filter(pl.col("institution_kind").is_in(INVENTED_KINDS + ("research",)))
    assert not [v for v in f["value"] if fold(v) in spans]
