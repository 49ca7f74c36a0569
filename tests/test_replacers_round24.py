"""Surrogates that round 24's notes (session 28) masked or garbled, each fixed so the mention is replaced in kind:
an age range beside the ages it spans, a public body named by generic words, a date said in French, a day said
with "día" or an article, relatives named with French or Moroccan Arabic kinship words."""
from __future__ import annotations

import datetime as dt
import re

import pytest
from babel.dates import get_day_names, get_month_names
from hypothesis import given, settings
from hypothesis import strategies as st

from gazetteers.text import fold
from place_gazetteers import doc_with

from surrogate import Document, Engine, EngineConfig
from surrogate.replacers.dates.date_words import to_digits

ENGINE = Engine(EngineConfig(), schema="meddocan")
MASK = re.compile(r"X{2,}")


_doc = doc_with  # (label, exact substring) spans, found left to right


def _surrogates(doc: Document, seed: int) -> list[str]:
    out = ENGINE.apply(doc, seed=seed).document
    return [out.text[s.start:s.end] for s in out.spans]


@pytest.mark.parametrize("seed", range(1, 9))
def test_an_age_range_takes_the_surrogates_of_the_ages_it_spans(seed):
    # "17-19 años" beside "19 años" and "17 años" was masked: its shifted end wrote another mention's original
    text = "Edad referida 19 años. Estimación radiológica: 17-19 años. Se asigna 17 años."
    doc = _doc(text, ("EDAD_SUJETO_ASISTENCIA", "19 años"), ("EDAD_SUJETO_ASISTENCIA", "17-19 años"),
               ("EDAD_SUJETO_ASISTENCIA", "17 años"))
    upper, span, lower = _surrogates(doc, seed)
    m = re.fullmatch(r"(\d+)-(\d+) años", span)
    assert m, span
    assert m.group(1) == lower.split()[0] and m.group(2) == upper.split()[0]
    assert int(m.group(1)) < int(m.group(2))
    assert not {"17", "19"} & {m.group(1), m.group(2)}


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_public_body_named_by_generic_words_keeps_them_unmasked(seed):
    # "Fiscalía Provincial de Las Palmas" came out "XXXXXXXX de Menores"
    text = "Derivado por la Fiscalía Provincial de Las Palmas para valoración de edad."
    (new,) = _surrogates(_doc(text, ("INSTITUCION", "Fiscalía Provincial de Las Palmas")), seed)
    assert not MASK.search(new), new
    assert "palmas" not in fold(new)


_FR_MONTHS = {str(n).lower(): m for m, n in get_month_names("wide", "format", locale="fr").items()}
_FR_DAYS = {str(n).lower(): d for d, n in get_day_names("wide", "format", locale="fr").items()}


@settings(max_examples=40, deadline=None)
@given(st.dates(dt.date(1990, 1, 1), dt.date(2030, 12, 31)), st.integers(1, 10_000))
def test_a_french_date_with_its_weekday_moves_in_french(day, seed):
    # "vendredi 17 mai 2024" came out "XXXXXXXX 17 uzt 2024" ("mai" read as Basque, the weekday masked)
    month = {v: k for k, v in _FR_MONTHS.items()}[day.month]
    weekday = {v: k for k, v in _FR_DAYS.items()}[day.weekday()]
    said = f"{weekday} {day.day} {month} {day.year}"
    text = f"Ingreso el 03/03/2016. Rendez-vous: {said}."
    _, new = _surrogates(_doc(text, ("FECHAS", "03/03/2016"), ("FECHAS", said)), seed)
    m = re.fullmatch(r"(\w+) (\d{1,2}) (\w+) (\d{4})", new)
    assert m, new
    moved = dt.date(int(m.group(4)), _FR_MONTHS[m.group(3)], int(m.group(2)))
    assert _FR_DAYS[m.group(1)] == moved.weekday() and moved != day


@pytest.mark.parametrize("said", ["día once", "el día 3", "Día 28", "el 11", "día veintiocho"])
def test_a_day_said_with_dia_or_an_article_moves_as_a_day(said):
    # "día once" was masked, "el 11" came out "el 46"
    text = f"Ingreso el 03/03/2016. Cita: {said} por la mañana."
    doc = _doc(text, ("FECHAS", "03/03/2016"), ("FECHAS", said))
    for seed in range(1, 6):
        _, new = _surrogates(doc, seed)
        assert not MASK.search(new), new
        digits = to_digits(new)[0] if to_digits(new) else new
        day = int(re.search(r"\d+", digits).group())
        assert 1 <= day <= 31 and fold(new) != fold(said)
        assert new.split()[0] == said.split()[0]  # the word before the day stays as written


@pytest.mark.parametrize("kin", ["rajli", "khti", "sa fille", "wldi", "son frère"])
def test_a_french_or_moroccan_kinship_word_stays_and_the_name_changes(kin):
    # "rajli Rachid", "khti Naima" were masked whole
    mention = f"{kin} Rachid"
    text = f"Acude con {mention} que traduce."
    for seed in range(1, 5):
        (new,) = _surrogates(_doc(text, ("FAMILIARES_SUJETO_ASISTENCIA", mention)), seed)
        assert new.startswith(kin + " ") and "rachid" not in fold(new) and not MASK.search(new), new


@pytest.mark.parametrize("address, pattern", [
    ("calle feria número cuarenta y dos", r"calle .+ número [a-záéíóúñ ]+"),
    ("avenida de la paz número doce, segundo izquierda", r"avenida .+ número [a-záéíóúñ ]+, (?:primero|tercero|cuarto|"
                                                         r"quinto|sexto) (?:izquierda|derecha)"),
])
def test_a_house_number_said_in_words_stays_a_number_in_words(address, pattern):
    # "calle feria número cuarenta y dos" came out "calle felipe ii número los huertos y la asuncion"
    text = f"Vive en {address} con su hija."
    for seed in range(1, 7):
        (new,) = _surrogates(_doc(text, ("CALLE", address)), seed)
        assert re.fullmatch(pattern, new), new
        tail = new.split(" número ", 1)[1].split(",")[0]
        assert to_digits(tail) is not None and to_digits(tail)[0].isdigit(), new


@pytest.mark.parametrize("body, sector", [
    ("Comunidad de Madrid", "government"), ("Servizo Galego de Saúde", "health"), ("Osasun Saila", "health"),
])
def test_regional_governments_and_health_services_are_public_bodies(body, sector):
    from surrogate.replacers.facilities.institution_kinds import institution_kind, institution_sector
    # "Comunidad de Madrid" came out "Ocularix Medical S.L.", "Servizo Galego de Saúde" "Consorcio de Transportes"
    assert institution_kind(body) == "public_body" and institution_sector(body, "public_body") == sector


@pytest.mark.parametrize("body", ["aecc asturias", "Almería Acoge", "AECC"])
def test_charities_named_by_acronym_or_verb_are_ngos(body):
    from surrogate.replacers.facilities.institution_kinds import institution_kind
    assert institution_kind(body) == "ngo"  # they came out medical-device makers


_MALE_NAMES = {"adrian", "raul", "thiago", "antonio", "david"}


@pytest.mark.parametrize("mention, name_at", [
    ("his brother Chidi", -1), ("seu germà Chidi", -1), ("khoya Chidi", -1), ("son frère Chidi", -1),
    ("bere anaia Chidi", -1), ("Chidi anaia", 0), ("iñaki semea", 0),
])
def test_a_relative_of_another_language_gives_the_name_its_sex(mention, name_at):
    # "his brother Chidi" came out "his brother Eva"; "Chidi anaia" came out "María asunción" (the kinship word
    # drawn as a second given name) and "iñaki semea" was masked
    from gazetteers import default_set
    given = default_set()["first_names"]
    text = f"Ingreso el 03/03/2016. Acompaña {mention} a consulta."
    kin = [w for i, w in enumerate(mention.split()) if i != (name_at % len(mention.split()))]
    for seed in range(1, 6):
        _, new = _surrogates(_doc(text, ("FECHAS", "03/03/2016"), ("FAMILIARES_SUJETO_ASISTENCIA", mention)), seed)
        words = new.split()
        assert [w for i, w in enumerate(words) if i != (name_at % len(words))] == kin, new
        name = words[name_at]
        assert fold(name) not in {"chidi", "inaki"} and not MASK.search(new)
        assert "M" in _sex_in_census(given, name), new


def _sex_in_census(table, name: str) -> str:
    values = [fold(v) for v in table.column("value")]
    sexes = table.column("sex", "")
    found = {s for v, s in zip(values, sexes) if v == fold(name)}
    return "".join(sorted(found, reverse=True)) if found else ""


@pytest.mark.parametrize("body", ["Servicio Canario de la Salud", "Gobierno de Canarias", "SERVICIO CANARIO DE LA SALUD"])
def test_a_regional_body_follows_the_surrogate_region(body):
    # "Servicio Canario de la Salud" in a note whose places became Navarre's came out "Gerencia Regional de Salud
    # de Castilla y León"
    from surrogate.replacers.facilities.health_services import regional_body
    text = f"Remitido por el {body}. Domicilio: 35001 Las Palmas de Gran Canaria."
    doc = _doc(text, ("INSTITUCION", body), ("TERRITORIO", "35001"), ("TERRITORIO", "Las Palmas de Gran Canaria"))
    kinds = set()
    for seed in range(1, 13):
        new, code, _ = _surrogates(doc, seed)
        found = regional_body(new)
        assert fold(new) != fold(body) and not MASK.search(new), new
        if code[:2] in ("35", "38"):  # the region stays: another kind of body, no region's own
            assert found is None, (new, code)
        else:
            assert found is not None and code[:2] in found[1], (new, code)
            kinds.add(found[0])
        assert (new.isupper()) == body.isupper()
    assert len(kinds) == 1


@pytest.mark.parametrize("name", ["GARCÍA Pedro", "ZHANG Wei", "GARCÍA LÓPEZ Pedro José", "DIATTA Ousmane"])
def test_surnames_in_capitals_before_a_given_name_stay_surnames(name):
    # a form's "SURNAME Given": "GARCÍA Pedro" came out "ANTONIO Jesús", "ZHANG Wei" "JURADO Huacon"
    from gazetteers import default_set
    given = default_set()["first_names"]
    text = f"Paciente: {name}. Ingreso."
    capitals = sum(w.isupper() for w in name.split())
    for seed in range(1, 6):
        (new,) = _surrogates(_doc(text, ("NOMBRE_SUJETO_ASISTENCIA", name)), seed)
        words = new.split()
        assert len(words) == len(name.split()) and all(w.isupper() for w in words[:capitals]), new
        assert not any(w.isupper() for w in words[capitals:]), new
        assert all(_sex_in_census(given, w) for w in words[capitals:]), new  # given names where they stood


@pytest.mark.parametrize("scanned, typed", [("O3-O2-1939", dt.date(1939, 2, 3)), ("l5/O3/2O24", dt.date(2024, 3, 15)),
                                            ("15.O3.2O24", dt.date(2024, 3, 15))])
def test_a_scanned_date_with_letters_for_digits_moves_by_the_notes_shift(scanned, typed):
    # "O3-O2-1939" stayed "O3-O7-1939" (the day's O kept, the year unmoved), "l5/O3/2O24" came out "l5/O1/8O24"
    text = f"Ingreso el 03/03/2016. Cita: {scanned} por la mañana."
    doc = _doc(text, ("FECHAS", "03/03/2016"), ("FECHAS", scanned))
    for seed in range(1, 6):
        first, new = _surrogates(doc, seed)
        shift = dt.date(int(first[6:]), int(first[3:5]), int(first[:2])) - dt.date(2016, 3, 3)
        day, month, year = (int(x) for x in re.split(r"[-/.]", new))
        assert dt.date(year, month, day) == typed + shift, (new, first)


@pytest.mark.parametrize("scanned", ["marzo 2O23", "15.V.2O24"])
def test_a_scanned_year_moves_with_its_month(scanned):
    # "marzo 2O23" came out "noviembre 9O30", "15.V.2O24" "20.V.7O29"
    text = f"Ingreso el 03/03/2016. Cita: {scanned} por la mañana."
    doc = _doc(text, ("FECHAS", "03/03/2016"), ("FECHAS", scanned))
    for seed in range(1, 6):
        first, new = _surrogates(doc, seed)
        shift = dt.date(int(first[6:]), int(first[3:5]), int(first[:2])) - dt.date(2016, 3, 3)
        year = int(re.search(r"\d{4}$", new).group())
        earliest, latest = (dt.date(int(scanned[-4:].replace("O", "0")), m, d) + shift for m, d in ((1, 1), (12, 31)))
        assert earliest.year <= year <= latest.year and "O" not in new, (new, first)


# -- masks left in the augmented tuning notes (layouts, held-out sets), each replaced in kind -----------------------

def _one(label: str, mention: str, seed: int, before: str = "Dato:") -> str:
    text = f"Ingreso el 03/03/2016. {before} {mention} fin."
    return _surrogates(_doc(text, ("FECHAS", "03/03/2016"), (label, mention)), seed)[1]


@pytest.mark.parametrize("mention", ["marisa", "javi", "jose luis", "maite gil"])
def test_a_person_under_the_open_kind_gets_a_name(mention):
    from gazetteers import default_set
    from surrogate.replacers.people.nicknames import is_hypocorism
    given = default_set()["first_names"]
    for seed in range(1, 5):  # a classmate or a fellow inmate under OTROS was masked
        new = _one("OTROS_SUJETO_ASISTENCIA", mention, seed, "Compañera:")
        first = new.split()[0]
        assert not MASK.search(new) and fold(new) != fold(mention), new
        assert _sex_in_census(given, first) or is_hypocorism(first), new


@pytest.mark.parametrize("label, mention, pattern", [
    ("IDENTIF_VEHICULOS_NRSERIE_PLACAS", "EC-NLM", r"EC-[A-Z]{3}"),  # an air ambulance's registration
    ("FECHAS", "igandeak", r"(?:astelehen|astearte|asteazken|ostegun|ostiral|larunbat)ak"),  # Sundays
    ("FECHAS", "igandeetan", r"(?:astelehen|astearte|asteazken|ostegun|ostiral|larunbat)etan"),
    ("FECHAS", "dll 3/3/25", r"d[tcjvsg]\.? \d{1,2}/\d{1,2}/\d\d"),  # Catalan's informal Monday
    ("FECHAS", "navidad", r"semana santa|nochebuena|nochevieja|año nuevo|reyes|carnaval|san juan|todos los santos"
                          r"|pascua"),
    ("FECHAS", "Nadal", r"Setmana santa|Sant joan|Reis|Cap d'any|Carnestoltes|Tots sants"),
    ("FAMILIARES_SUJETO_ASISTENCIA", "perdomo", r"[a-záéíóúñ]+"),  # a lone surname in lower case
    ("FAMILIARES_SUJETO_ASISTENCIA", "su padre xuacu", r"su padre [a-záéíóúñ]+"),  # an Asturian nickname
    ("FAMILIARES_SUJETO_ASISTENCIA", "su guela maruja", r"su guela [a-záéíóúñ]+"),  # an Asturian grandmother
])
def test_masked_mentions_of_the_tuning_notes_are_replaced_in_kind(label, mention, pattern):
    for seed in range(1, 5):
        new = _one(label, mention, seed)
        assert re.fullmatch(pattern, new) and fold(new) != fold(mention), new


def test_a_relatives_state_after_the_kinship_word_is_no_name():
    # "su padre xuacu" reads as a name; "su padre diabetico" must not become "su padre adrian"
    for seed in range(1, 4):
        new = _one("FAMILIARES_SUJETO_ASISTENCIA", "su padre diabetico", seed)
        assert new.startswith("su padre ") and (MASK.search(new) or "diabetico" in new), new
