"""Surrogates that round 26's notes (session 30) turned into another kind of thing or put in another place: a taxi
that came out a tile maker, a town council of nowhere, a Senegalese hospital moved to Sabadell."""
from __future__ import annotations

import re

import pytest
from place_gazetteers import doc_with

from gazetteers import default_set
from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig
from surrogate.model import Span
from surrogate.leak_guard import words_of
from surrogate.replacers.facilities.institution_kinds import institution_kind, institution_sector
from surrogate.replacers.facilities.listed_bodies import listed_firm_kind
from surrogate.place_articles import reconnect
from surrogate.replacers.facilities.placed_bodies import split_placed_body
from surrogate.replacers.places.index import place_index
from surrogate.replacers.places.world_towns import world_towns

ENGINE = Engine(EngineConfig(), schema="meddocan")
MASK = re.compile(r"X{2,}")
PLACES = place_index(default_set("es"))


def _pairs(doc: Document, seed: int) -> dict[str, str]:
    out = ENGINE.apply(doc, seed=seed).document
    return {doc.span_text(a): out.text[b.start:b.end] for a, b in zip(doc.spans, out.spans)}


@pytest.mark.parametrize("body, kind, sector", [
    ("taxi donostia", "company", "transport"),            # came out "ceramicas del mediterraneo s.a."
    ("Missatgers Barnamoto", "company", "transport"),     # a courier came out a tax adviser
    ("Radio Taxi Ciudad", "company", "transport"),
    ("Confitería Piloñeta", "company", "shop"),           # came out an IT consultancy
    ("Polloe tanatorioa", "company", "funeral"),          # came out a greengrocer
    ("Funeraria La Paz", "company", "funeral"),
    ("CaixaBank", "company", "bank"), ("mercadona", "company", "shop"),   # listed in firms.tsv
    ("Hotel Sol y Mar", "company", "hospitality"),        # the old sectors stand
    ("Construcciones Hermanos García S.L.", "company", "trade"),
    ("amigos do camiño", "ngo", "association"),           # came out a device maker
    ("EB Els Pinyols", "school", ""), ("Escola Bressol Municipal Els Pinyols", "school", ""),
    ("institut pasteur de dakar", "research", ""),        # came out a transport consortium
    ("Banc de Sang i Teixits", "public_body", "health"),  # came out a drug maker
])
def test_a_body_keeps_its_kind_and_sector(body, kind, sector):
    assert institution_kind(body) == kind
    assert institution_sector(body) == sector


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_taxi_and_a_funeral_home_stay_a_taxi_and_a_funeral_home(seed):
    text = "Trasladado en taxi donostia. Familia avisa a Polloe tanatorioa."
    doc = doc_with(text, ("INSTITUCION", "taxi donostia"), ("INSTITUCION", "Polloe tanatorioa"))
    pairs = _pairs(doc, seed)
    assert institution_sector(pairs["taxi donostia"], "company") == "transport", pairs
    assert institution_sector(pairs["Polloe tanatorioa"], "company") == "funeral", pairs


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_listed_bank_or_shop_chain_becomes_another_of_its_list(seed):
    text = "Cuenta en CaixaBank para el recibo. Trabaja de cajera en mercadona."
    doc = doc_with(text, ("INSTITUCION", "CaixaBank"), ("INSTITUCION", "mercadona"))
    pairs = _pairs(doc, seed)
    assert listed_firm_kind(pairs["CaixaBank"]) == "bank", pairs
    assert "caixa" not in fold(pairs["CaixaBank"]), pairs   # not La Caixa, the same bank
    assert listed_firm_kind(pairs["mercadona"]) == "retailer" and pairs["mercadona"].islower(), pairs


def test_firm_look_alikes_are_no_listed_firm():
    assert listed_firm_kind("Banco del Comercio") is None and listed_firm_kind("Caixa Rural Galega SCCL") is None


# -- public bodies of a place -------------------------------------------------------------------------------
def _split(text: str):
    kept = words_of("ayuntamiento policía local fiscalía provincial juzgado primera instancia consejería salud "
                    "principado de del la en")
    return split_placed_body(text, PLACES.is_spanish_place, lambda w: w in kept, words_of)


@pytest.mark.parametrize("text, head, place", [
    ("Ayuntamiento de Parres", "Ayuntamiento", "Parres"),
    ("Juzgado de Primera Instancia nº 2 de Guadalajara", "Juzgado de Primera Instancia nº 2", "Guadalajara"),
    ("Consejería de Salud del Principado de Asturias", "Consejería de Salud", "Principado de Asturias"),
    ("112 castilla y leon", "112", "castilla y leon"),
    ("Policía Local de Alicante.", "Policía Local", "Alicante"),
])
def test_a_body_of_kind_words_splits_from_the_place_it_serves(text, head, place):
    found = _split(text)
    assert found is not None and (found.head, found.place) == (head, place)
    assert found.head + found.connector + found.place + found.trail == text


@pytest.mark.parametrize("text", [
    "Fundación Pérez de Madrid",     # a name word in the head: no body of Madrid
    "Alicante Acoge",                # a place first, then a word: a name
    "Ayuntamiento",                  # no place
    "Policía Local Alicante Norte",  # no place at the end
])
def test_a_name_is_no_body_of_a_place(text):
    assert _split(text) is None


@pytest.mark.parametrize("connector, old, new, want", [
    (" del ", "Principado de Asturias", "Comunidad de Madrid", " de la "),
    (" de ", "Galicia", "Principado de Asturias", " del "),
    (" de la ", "Región de Murcia", "Galicia", " de "),
    (" de ", "Parres", "Santurtzi", " de "),                  # a town keeps its connector
    (" ", "castilla y leon", "comunidad de madrid", " "),     # "112 comunidad de madrid"
])
def test_a_region_article_follows_the_new_region(connector, old, new, want):
    assert reconnect(connector, old, new) == want


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_town_council_follows_the_document_town(seed):
    text = "Vive en Parres. Informe de servicios sociales del Ayuntamiento de Parres; juzgado de guardia avisado."
    doc = doc_with(text, ("TERRITORIO", "Parres"), ("INSTITUCION", "Ayuntamiento de Parres"))
    out = ENGINE.apply(doc, seed=seed).document
    town, council = (out.text[s.start:s.end] for s in sorted(out.spans, key=lambda s: s.start))
    assert council == f"Ayuntamiento de {town}" and fold(town) != "parres", council


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_court_keeps_its_number_and_follows_the_province(seed):
    body = "Juzgado de Primera Instancia nº 2 de Guadalajara"
    doc = doc_with(f"Domicilio en Guadalajara. Oficio del {body}.", ("TERRITORIO", "Guadalajara"), ("INSTITUCION", body))
    out = ENGINE.apply(doc, seed=seed).document
    town, court = (out.text[s.start:s.end] for s in sorted(out.spans, key=lambda s: s.start))
    assert court == f"Juzgado de Primera Instancia nº 2 de {town}", court


@pytest.mark.parametrize("seed", range(1, 9))
def test_an_emergency_number_stays_and_its_region_moves(seed):
    doc = doc_with("Aviso al 112 castilla y leon desde el refugio.", ("INSTITUCION", "112 castilla y leon"))
    (new,) = _pairs(doc, seed).values()
    assert new.startswith("112 ") and not MASK.search(new) and fold(new) != "112 castilla y leon", new
    assert PLACES.community_provinces(new[4:]), new


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_regional_health_department_names_the_new_region_with_its_article(seed):
    body = "Consejería de Salud del Principado de Asturias"
    doc = doc_with(f"{body}. Paciente de Oviedo.", ("INSTITUCION", body), ("TERRITORIO", "Oviedo"))
    pairs = _pairs(doc, seed)
    new = pairs[body]
    m = re.fullmatch(r"Consejería de Salud (del|de la|de) (.+)", new)
    assert m and PLACES.community_provinces(m.group(2)) and fold(m.group(2)) != "principado de asturias", new
    assert reconnect(" de ", "Asturias", m.group(2)).strip() == m.group(1), new


# -- a hospital abroad ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(1, 9))
def test_a_hospital_abroad_stays_in_its_country(seed):
    text = "evacuado al hôpital régional de ziguinchor; familia en dakar."
    doc = doc_with(text, ("HOSPITAL", "hôpital régional de ziguinchor"), ("TERRITORIO", "dakar"))
    pairs = _pairs(doc, seed)
    hospital, town = pairs["hôpital régional de ziguinchor"], pairs["dakar"]
    assert hospital.startswith("hôpital régional de "), hospital
    assert world_towns().country(hospital.removeprefix("hôpital régional de ")) == "SN", hospital
    assert fold(town) not in {"dakar", "ziguinchor"} and not MASK.search(hospital + town), pairs


@pytest.mark.parametrize("seed", range(1, 13))
def test_a_health_body_of_no_region_never_becomes_a_region_service(seed):
    from surrogate.replacers.facilities.health_services import REGIONAL_NAMES
    doc = doc_with("Donante del Banc de Sang i Teixits, Barcelona.", ("INSTITUCION", "Banc de Sang i Teixits"),
                   ("TERRITORIO", "Barcelona"))
    new = _pairs(doc, seed)["Banc de Sang i Teixits"]
    assert fold(new) not in REGIONAL_NAMES and institution_kind(new) == "public_body", new


# -- phones abroad -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("number, kept", [
    ("+33 6 71 20 44 98", "+33 6 "),         # a French mobile came out a landline (+33 4 …)
    ("+380 67 412 90 58", "+380 67 "),       # a Ukrainian operator came out one no one has (+380 11 …)
    ("+221 77 508 31 62", "+221 77 "), ("+57 315 602 8841", "+57 315 "), ("0033 6 12 48 90 37", "0033 6 "),
])
@pytest.mark.parametrize("seed", range(1, 5))
def test_a_foreign_number_keeps_its_country_code_and_network_prefix(number, kept, seed):
    doc = doc_with(f"Contacto familiar: {number}.", ("NUMERO_TELEFONO", number))
    (new,) = _pairs(doc, seed).values()
    assert new.startswith(kept) and new != number, new
    assert re.sub(r"\d", "0", new) == re.sub(r"\d", "0", number)  # the layout, digit for digit


def test_a_short_foreign_number_keeps_only_its_country_code():
    doc = doc_with("tel +376 80 12 34.", ("NUMERO_TELEFONO", "+376 80 12 34"))  # six digits after the code
    news = {_pairs(doc, seed)["+376 80 12 34"][:8] for seed in range(1, 30)}
    assert len(news) > 1  # the first group is drawn, not kept: too few digits would be left to draw


@pytest.mark.parametrize("seed", range(1, 13))
def test_a_lone_emergency_number_is_never_written_back_inside_a_name(seed):
    # "112" is a kind word of "112 castilla y leon"; alone it came out "Servicio de Emergencias 112"
    doc = doc_with("si empeora llamar a dya/112.", ("INSTITUCION", "dya"), ("INSTITUCION", "112"))
    new = _pairs(doc, seed)["112"]
    assert "112" not in new and not MASK.search(new), new


# -- round 27's pairs (session 30) ---------------------------------------------------------------------------
@pytest.mark.parametrize("body, kind, sector", [
    ("COMISARÍA LOCAL DE ALGECIRAS", "public_body", "emergency"),   # came out a garage
    ("Bomberos de Valladolid", "public_body", "emergency"), ("BOMBERS DE LA GENERALITAT", "public_body", "emergency"),
    ("Serveis Socials del Bages", "public_body", "social"),         # came out a drug maker
    ("Ordem dos Médicos", "ngo", "society"),                        # came out a gym
    ("CP El Bosquín", "school", ""),                                # a colegio público came out a laboratory
    ("Papagayo Suites", "company", "hospitality"), ("Volcán Resort", "company", "hospitality"),
    ("MUTUASPORT CAZA", "insurer", ""),
])
def test_round27_bodies_keep_their_kind(body, kind, sector):
    assert (institution_kind(body), institution_sector(body)) == (kind, sector)


@pytest.mark.parametrize("seed", range(1, 7))
def test_a_police_station_follows_its_town(seed):
    body = "COMISARÍA LOCAL DE ALGECIRAS"
    doc = doc_with(f"{body}. Detenido en Algeciras.", ("INSTITUCION", body), ("TERRITORIO", "Algeciras"))
    out = ENGINE.apply(doc, seed=seed).document
    station, town = (out.text[s.start:s.end] for s in sorted(out.spans, key=lambda s: s.start))
    assert station == f"COMISARÍA LOCAL DE {town.upper()}", (station, town)


@pytest.mark.parametrize("seed", range(1, 7))
def test_a_nested_place_takes_its_own_article(seed):
    # "Serveis Socials del ⟦Bages⟧" came out "… del Tres Cantos", "DE LA ⟦AXARQUÍA⟧" "DE LA TORRELODONES"
    text = "Derivado por Serveis Socials del Bages. HOSPITAL COMARCAL DE LA AXARQUÍA."
    i, b, h, a = (text.find(w) for w in ("Serveis", "Bages", "HOSPITAL", "AXARQUÍA"))
    doc = Document("d", text, (Span("T1", "INSTITUCION", i, b + 5), Span("T2", "TERRITORIO", b, b + 5),
                               Span("T3", "HOSPITAL", h, a + 8), Span("T4", "TERRITORIO", a, a + 8)))
    out = ENGINE.apply(doc, seed=seed).document
    spans = {sp.id: out.text[sp.start:sp.end] for sp in out.spans}
    for outer, inner in (("T1", "T2"), ("T3", "T4")):
        place = spans[inner]
        assert spans[outer].endswith(place), spans  # the nested place stays in its head
        if PLACES.is_spanish_place(place) and not PLACES.community_provinces(place):
            assert re.search(rf"(?i)\bde {re.escape(place)}$", spans[outer]), spans[outer]


@pytest.mark.parametrize("seed", range(1, 7))
def test_a_landform_stays_a_landform_named_after_the_documents_town(seed):
    # "Sierra de la Demanda" came out "Torrent", "Embalse de ⟦La Viñuela⟧" "Las Rozas de Madrid de Coslada"
    text = "Vive en Neila, junto a la Sierra de la Demanda y las Lagunas de Neila; provincia de Burgos."
    doc = doc_with(text, ("TERRITORIO", "Neila"), ("TERRITORIO", "Sierra de la Demanda"),
                   ("TERRITORIO", "Lagunas de Neila"), ("TERRITORIO", "Burgos"))
    pairs = _pairs(doc, seed)
    sierra, lagunas, town = pairs["Sierra de la Demanda"], pairs["Lagunas de Neila"], pairs["Neila"]
    assert sierra.startswith("Sierra de ") and PLACES.is_spanish_place(sierra.removeprefix("Sierra de ")), sierra
    assert lagunas == f"Lagunas de {town}", (lagunas, town)
    t = "Paseo por el Embalse de La Viñuela. Vive en La Viñuela."
    i, v, w = t.find("Embalse"), t.find("La Viñuela"), t.rfind("La Viñuela")
    nested = Document("d", t, (Span("T1", "TERRITORIO", i, v + 10), Span("T2", "TERRITORIO", v, v + 10),
                               Span("T3", "TERRITORIO", w, w + 10)))
    out = ENGINE.apply(nested, seed=seed).document
    spans = {sp.id: out.text[sp.start:sp.end] for sp in out.spans}
    assert spans["T1"] == f"Embalse de {spans['T2']}" and spans["T2"] == spans["T3"], spans


# -- Romanian and Portuguese words in the papers of residents (round 27, note 482) -------------------------
@pytest.mark.parametrize("seed", range(1, 7))
def test_romanian_dates_relatives_and_ages_are_replaced_in_romanian(seed):
    # "joi, 6 martie", "soțul, Ionuț", "24 ani", "octombrie" were masked
    text = "Fișă: joi, 6 martie. Vârsta: 24 ani. Familie: soțul, Ionuț; bunica Viorica. Sosită în octombrie."
    doc = doc_with(text, ("FECHAS", "joi, 6 martie"), ("EDAD_SUJETO_ASISTENCIA", "24 ani"),
                   ("FAMILIARES_SUJETO_ASISTENCIA", "soțul, Ionuț"), ("FAMILIARES_SUJETO_ASISTENCIA", "bunica Viorica"),
                   ("FECHAS", "octombrie"))
    pairs = _pairs(doc, seed)
    assert not any(MASK.search(v) for v in pairs.values()), pairs
    date = re.fullmatch(r"(\w+), (\d+) (\w+)", pairs["joi, 6 martie"])
    ro_days = {"luni", "marți", "miercuri", "joi", "vineri", "sâmbătă", "duminică"}
    ro_months = {"ianuarie", "februarie", "martie", "aprilie", "mai", "iunie", "iulie", "august", "septembrie",
                 "octombrie", "noiembrie", "decembrie"}
    assert date and date.group(1) in ro_days and date.group(3) in ro_months, pairs
    assert pairs["octombrie"] in ro_months - {"octombrie"}, pairs
    assert re.fullmatch(r"\d+ ani", pairs["24 ani"]), pairs
    assert pairs["soțul, Ionuț"].startswith("soțul, ") and pairs["bunica Viorica"].startswith("bunica "), pairs


@pytest.mark.parametrize("seed", range(1, 5))
def test_a_portuguese_date_stays_portuguese(seed):
    doc = doc_with("Chegou a 14 de março de 2025.", ("FECHAS", "14 de março de 2025"))
    (new,) = _pairs(doc, seed).values()
    m = re.fullmatch(r"\d+ de (\w+) de \d{4}", new)
    assert m and m.group(1) in {"janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
                                "setembro", "outubro", "novembro", "dezembro"}, new


@pytest.mark.parametrize("seed", range(1, 5))
def test_a_centre_number_stays_when_its_nested_town_moves(seed):
    # "C.S. ⟦Delicias⟧ II" came out "C.S. El Álamo XX": the copied "II" was masked
    t = "Derivada al C.S. Delicias II. Vive en Delicias."
    i, d1, d2 = t.find("C.S."), t.find("Delicias"), t.rfind("Delicias")
    doc = Document("d", t, (Span("T1", "CENTRO_SALUD", i, d1 + 11), Span("T2", "TERRITORIO", d1, d1 + 8),
                            Span("T3", "TERRITORIO", d2, d2 + 8)))
    out = ENGINE.apply(doc, seed=seed).document
    spans = {sp.id: out.text[sp.start:sp.end] for sp in out.spans}
    assert spans["T1"] == f"C.S. {spans['T2']} II" and spans["T2"] == spans["T3"] != "Delicias", spans
