"""Issue 13: an institution keeps its kind *and* sector (a court stays a court, the INSS a social-security body,
a drug maker a manufacturer) and the gender/number of its head noun, so "al Consejo de Europa" never becomes
"al Comisión Europea"."""
from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from place_gazetteers import doc_with, require_default

from gazetteers import default_set
from surrogate.config import EngineConfig
from surrogate.engine import Engine
from surrogate.replacers.facilities.institution_kinds import head_agreement, institution_kind, institution_sector

require_default("institutions")
ENGINE = Engine(EngineConfig(), schema="meddocan", strict=True)


@pytest.mark.parametrize("text, sector", [
    ("Instituto de Medicina Legal de Málaga", "justice"), ("Ciudad de la Justicia", "justice"), ("IVML", "justice"),
    ("Juzgado de Primera Instancia nº 13", "court"), ("Audiencia Provincial", "court"),
    ("Instituto Nacional de la Seguridad Social", "social"), ("INSS", "social"),
    ("Servicio de Emergencias 112", "emergency"), ("SAMUR", "emergency"),
    ("Servicio Castellano-Leonés de Salud", "health"), ("Consejería de Sanidad", "health"),
    ("Consejo de Europa", "government"), ("Ayuntamiento de Lorca", "municipal"),
    ("Pfizer", "manufacturer"), ("Laboratorios Lavandis S.A.", "manufacturer"),
    ("Ambulancias del Atlántico", "service"), ("Laboratorio de Análisis Clínicos del Norte", "service"),
    ("Sociedad Española de Cardiología", "society"), ("Fundación Renal del Levante", "association"),
    ("Clínica Dental Elizalde", "dental"), ("Centro Odontológico Mediterráneo", "dental"),
    ("Clínica San Roque", "general"),
    ("Consulado de Alemania en Palma", "diplomatic"), ("Embajada de Suecia", "diplomatic"),
    ("Hotel Playa Golf", "hospitality"), ("Hostal La Posada", "hospitality"),
    ("Construcciones Maresme S.L.", "trade"),
    # Catalan and Basque bodies were unmarked brands, so health firms ("Hezkuntza Saila" → "Corvalis Pharma")
    ("Hezkuntza Saila", "government"), ("Ayto. de Alcobendas", "municipal"), ("Ajuntament de Manlleu", "municipal"),
    ("Donostiako Udala", "municipal"), ("Departament d'Educació", "government"),
    # Basque and Galician health organisations and social services were masked or drug makers (session 22)
    ("OSI Barrualde-Galdakao", "health"), ("EOXI de Vigo", "health"), ("Azpeitiko Udaleko Gizarte Zerbitzuak", "social"),
])
def test_sector_is_read_from_the_wording(text, sector):
    assert institution_sector(text) == sector


@pytest.mark.parametrize("text, agreement", [
    ("Consejo de Europa", "m"), ("Comisión Europea", "f"), ("Laboratorios Lavandis", "mp"),
    ("Universidad de Vigo", "f"),
    ("Servicios Sociales Municipales", "mp"), ("Pfizer", ""), ("INSS", ""), ("Instituto de Medicina Legal", "m"),
    # Catalan heads, accented as Catalan writes them: "la Farmàcia Comas" came out "Tarvia Farma" (9e632b0)
    ("Farmàcia Comas", "f"), ("Fundació Pere Mata", "f"), ("Ajuntament de Vic", "m"),
])
def test_head_agreement(text, agreement):
    assert head_agreement(text) == agreement


def test_default_table_has_every_sector():
    frame = default_set("es")["institutions"].frame
    found = {(k, institution_sector(v, k)) for v, k in zip(frame["value"], frame["institution_kind"])}
    for pair in [("public_body", s) for s in ("justice", "emergency", "social", "health", "government",
                                              "diplomatic", "court", "municipal")] + [("company", "hospitality"), ("company", "trade"),
            ("company_health", "manufacturer"), ("company_health", "service"), ("ngo", "society"),
            ("ngo", "association"), ("clinic", "dental"), ("clinic", "general")]:
        assert pair in found


MENTIONS = ["Instituto Nacional de la Seguridad Social", "Servicio Castellano-Leonés de Salud", "Pfizer", "Merck",
            "Lilly y Dista", "Laboratorios Alcon", "Instituto de Medicina Legal de Cataluña", "Ciudad de la Justicia",
            "Consejo de Europa", "Sociedad Española de Oftalmología", "Juzgado de Instrucción número 3",
            "Servicio de Atención Médica Urgente", "Tesorería General de la Seguridad Social", "Comisión Europea"]


ARTICLES = {"m": ["al", "del", "por el"], "mp": ["a los", "de los"], "f": ["a la", "de la"], "fp": ["a las"],
            "": ["por", "de"]}
_WRONG = {"m": r"\b(?:la|las|los)$", "mp": r"\b(?:al|del|el|la|las)$", "f": r"\b(?:al|del|el|los|las)$",
          "fp": r"\b(?:al|del|el|la|los)$"}


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(MENTIONS), st.integers(0, 2), st.integers(0, 10_000))
def test_institution_keeps_kind_sector_and_the_article_before_it(original, which, seed):
    articles = ARTICLES[head_agreement(original)]
    article = articles[which % len(articles)]
    text = f"Remitido {article} {original} para valoración."
    result = ENGINE.apply(doc_with(text, ("INSTITUCION", original)), seed=seed)
    new = result.replacements[0].surrogate
    kind = institution_kind(original)
    assert institution_kind(new) == kind, (original, new)
    assert institution_sector(new, kind) == institution_sector(original, kind), (original, new)
    if head_agreement(original):
        agreement = head_agreement(new)
        assert agreement == head_agreement(original), (original, new)
        assert not re.search(_WRONG[agreement], article), f"{article} {new}"


@pytest.mark.parametrize("original", ["Clínica Dental Elizalde", "Clínica Bucodental del Norte"])
def test_a_dental_clinic_stays_a_dental_clinic(original):
    # "Clínica Dental Elizalde" came out "Unidad del Sueño del Levante", "Policlínica del Valle" (a masculine head,
    # "Centro Odontológico", keeps its article's agreement first: the table's dental clinics are all "Clínica")
    for seed in range(12):
        new = ENGINE.apply(doc_with(f"Remitido desde {original}.", ("INSTITUCION", original)), seed=seed)
        new = new.replacements[0].surrogate
        assert institution_kind(new) == "clinic" and institution_sector(new) == "dental", new


def _capitals(text: str) -> bool:
    return all(c.isupper() for c in text if c.isalpha() and c not in "ºª")


@pytest.mark.parametrize("original", ["Hotel Playa Golf", "Consulado de Alemania", "Ajuntament de Manlleu",
                                      "JUZGADO DE PRIMERA INSTANCIA Nº 13"])
def test_a_tourist_s_hotel_and_consulate_keep_their_sector(original):
    # a German tourist's note (session 22): the hotel came out "Panadería La Espiga", the consulate "Laboratorios
    # Lavandis S.A." (9e632b0)
    # and a court in capitals came out "Registro Civil", in title case for the "º" of "Nº"
    sector = institution_sector(original)
    for seed in range(12):
        new = ENGINE.apply(doc_with(f"Se informa al {original}.", ("INSTITUCION", original)), seed=seed)
        new = new.replacements[0].surrogate
        assert institution_sector(new) == sector, new
        assert _capitals(new) == _capitals(original), new


def test_a_consulate_with_its_country_and_town_nested_keeps_its_head():
    from surrogate.model import Document, Span

    text = "Se informó al Consulado de Alemania en Palma a petición del paciente."
    spans = [Span(f"T{i}", label, text.index(value), text.index(value) + len(value)) for i, (label, value) in
             enumerate([("INSTITUCION", "Consulado de Alemania en Palma"), ("PAIS", "Alemania"),
                        ("TERRITORIO", "Palma")], 1)]
    for seed in range(6):
        result = ENGINE.apply(Document("doc", text, tuple(spans)), seed=seed)
        head = result.alignment["T1"]
        assert re.fullmatch(r"Consulado de \S.* en \S.*", result.document.text[head.start:head.end])


@pytest.mark.parametrize("text", ["Residència Can Rovira", "BERAKOETXE EGOITZA", "Residencia Los Olmos"])
def test_a_catalan_or_basque_care_home_is_a_care_home(text):
    # "Residència Can Rovira" came out "Hemovar Ibérica S.A." (the accent), "Berakoetxe Egoitza" a company (9e632b0)
    assert institution_kind(text) == "care_home"


@pytest.mark.parametrize("text, kind", [("Pasaiako Arrantzaleen Kofradia", "ngo"),
                                        ("Cofradía de Pescadores de Burela", "ngo")])
def test_a_fishermen_s_guild_is_an_association(text, kind):
    assert institution_kind(text) == kind  # it came out a drug maker, its Basque words masked (9e632b0)


@pytest.mark.parametrize("text", ["Ikastola Seber Altube", "Colexio Rosalía de Castro"])
def test_a_basque_or_galician_school_is_a_school(text):
    assert institution_kind(text) == "school"  # "Ikastola Seber Altube" came out "Endoclar Medical" (9e632b0)


@pytest.mark.parametrize("original, kind, sector", [
    # a typed-fast handover (session 23): "resid. los nogales" came out "laboratorios pradova", a bar a medical
    # firm, a municipal pool a drug distributor, the municipal social services a consulate
    ("resid. los nogales", "care_home", ""), ("cerveceria el tranvia", "company", "hospitality"),
    ("Bar Manolo", "company", "hospitality"), ("piscina municipal de sant joan", "public_body", "municipal"),
    ("Polideportivo Municipal de Getafe", "public_body", "municipal"),
    ("Servicios Sociales Municipales de Oviedo", "public_body", "social"),
])
@pytest.mark.parametrize("seed", range(6))
def test_a_care_home_a_bar_a_pool_and_social_services_keep_their_kind(original, kind, sector, seed):
    assert (institution_kind(original), institution_sector(original)) == (kind, sector)
    new = ENGINE.apply(doc_with(f"Se informa a {original}.", ("INSTITUCION", original)), seed=seed)
    new = new.replacements[0].surrogate
    assert (institution_kind(new), institution_sector(new)) == (kind, sector), new


@pytest.mark.parametrize("original, kind", [
    # a referral typed fast (session 23): "fremap" came out "valmedix farma", "asisa dental" "flexalia medical s.l.",
    # "dpto educacion gob. de aragon" a drug maker, "colegio odontologos cadiz" a special-needs school
    ("fremap", "insurer"), ("asisa dental", "insurer"), ("Umivale", "insurer"), ("Mapfre", "insurer"),
    ("dpto educacion gob. de aragon", "public_body"), ("colegio odontologos cadiz", "ngo"),
])
@pytest.mark.parametrize("seed", range(5))
def test_a_brand_or_an_abbreviated_body_keeps_its_kind(original, kind, seed):
    assert institution_kind(original) == kind
    new = ENGINE.apply(doc_with(f"Se informa a {original}.", ("INSTITUCION", original)), seed=seed)
    new = new.replacements[0].surrogate
    assert institution_kind(new) == kind, new


@pytest.mark.parametrize("before, original, agreement", [("con la", "seguridad social", "f"),
                                                         ("pendiente de la", "Seguridad Social", "f"),
                                                         ("escribe al", "Consorci Sanitari", "m")])
def test_an_article_before_the_mention_agrees_with_its_surrogate(before, original, agreement):
    # a midwife's note (session 27): "con la seguridad social" came out "con la centro de acogida de refugiados"
    for seed in range(12):
        new = ENGINE.apply(doc_with(f"Tramita {before} {original} hoy.", ("INSTITUCION", original)), seed=seed)
        new = new.replacements[0].surrogate
        assert head_agreement(new) in (agreement, ""), new


@pytest.mark.parametrize("original", ["C.D. Villaverde Hockey", "club balonmano vega del río", "UD Ribera Baja",
                                      "Club Natación Sant Pol"])
def test_a_sports_club_stays_a_sports_club(original):
    # a sports medicine certificate (session 27): "club balonmano puerto del carmen" came out "banco de alimentos",
    # "C.D. Iruña Hockey" a laboratory, with "Hockey" masked
    assert institution_sector(original) == "sport"
    for seed in range(12):
        result = ENGINE.apply(doc_with(f"Juega en el {original} desde 2019.", ("INSTITUCION", original)), seed=seed)
        new = result.replacements[0].surrogate
        assert institution_sector(new) == "sport" and "XXX" not in new, new
        assert not result.guarded, result.guarded


def test_a_numbered_body_keeps_its_numeral_beside_a_new_town():
    # a prison nurse's note: "Centro Penitenciario Madrid VI" (the town nested) came out "... Almería XX"
    from surrogate import Document, Span

    text = "Interno en el Centro Penitenciario Madrid VI desde 2020."
    start = text.index("Centro")
    town = text.index("Madrid")
    doc = Document("d", text, (Span("T1", "INSTITUCION", start, start + len("Centro Penitenciario Madrid VI")),
                               Span("T2", "TERRITORIO", town, town + len("Madrid"))))
    for seed in range(8):
        result = ENGINE.apply(doc, seed=seed)
        new = next(r.surrogate for r in result.replacements if r.span_id == "T1")
        assert not result.guarded and "XX" not in new, (new, result.guarded)
