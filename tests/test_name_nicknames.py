"""Nicknames (hypocorisms): a person the note also calls by an everyday form of the given name keeps that link in
the surrogate ("Manuel … «Manolo»" → "Francisco … «Paco»"), and a nickname alone becomes another name's
everyday form. Before, the nickname was drawn as an unrelated given name ("Francisco … «Eduard»")."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig, Span
from surrogate.replacers.people.nicknames import full_names, hypocorism_sex, hypocorisms, names_with_hypocorisms
from surrogate.replacers.people.parse import parse_name


@pytest.fixture(scope="module")
def engine():
    return Engine(EngineConfig(), schema="meddocan")


def _doc(text: str, spans: list[tuple[str, str, int]]) -> Document:
    out = []
    for k, (label, value, occurrence) in enumerate(spans):
        start = -1
        for _ in range(occurrence + 1):
            start = text.index(value, start + 1)
        out.append(Span(f"T{k + 1}", label, start, start + len(value)))
    return Document("conferencia", text, tuple(out))


_NOTE = ("Paciente: Manuel Jiménez Carmona («Manolo»), varón de 81 años. Acompaña su esposa Josefa Ortega Maldonado "
         "(«Pepi»). Manolo prefiere no entrar; la Pepi pide que no se den plazos.")
_SPANS = [("NOMBRE_SUJETO_ASISTENCIA", "Manuel Jiménez Carmona", 0), ("NOMBRE_SUJETO_ASISTENCIA", "Manolo", 0),
          ("FAMILIARES_SUJETO_ASISTENCIA", "Josefa Ortega Maldonado", 0), ("FAMILIARES_SUJETO_ASISTENCIA", "Pepi", 0),
          ("NOMBRE_SUJETO_ASISTENCIA", "Manolo", 1), ("FAMILIARES_SUJETO_ASISTENCIA", "Pepi", 1)]


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_nickname_follows_the_new_given_name(engine, seed):
    new = {r.span_id: r.surrogate for r in engine.apply(_doc(_NOTE, _SPANS), seed=seed).replacements}
    patient, wife = new["T1"].split()[0], new["T3"].split()[0]
    assert new["T2"] in hypocorisms(patient, "M"), (new["T1"], new["T2"])
    assert new["T4"] in hypocorisms(wife, "F"), (new["T3"], new["T4"])
    assert new["T5"] == new["T2"] and new["T6"] == new["T4"]  # one nickname per person in the document
    originals = {fold(w) for w in re.findall(r"\w+", _NOTE)}
    assert not {fold(new[k]) for k in ("T2", "T4")} & originals


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["Paco", "Conchi", "Nacho", "Charo", "Quique", "Merche"]), st.integers(1, 10_000))
def test_a_nickname_alone_becomes_another_names_nickname(engine, nickname, seed):
    text = f"Le acompaña su vecino/a, al que todos llaman {nickname}, que vive en el mismo rellano."
    doc = _doc(text, [("FAMILIARES_SUJETO_ASISTENCIA", nickname, 0)])
    new = engine.apply(doc, seed=seed).replacements[0].surrogate
    sex = "M" if full_names(nickname, "M") else "F"
    assert fold(new) != fold(nickname) and full_names(new, sex), new


@pytest.mark.parametrize("word, sex, full", [("pepín", "M", "jose"), ("Pepin", "M", "jose"), ("manolín", "M", "manuel"),
                                             ("Manoliña", "F", "manuela")])
def test_a_diminutive_of_a_hypocorism_is_a_hypocorism_of_the_same_names(word, sex, full):
    """"pepin", a patient's nickname (round 21), came out "muñoz", a surname: a diminutive of a hypocorism is
    one too, of its ending's sex ("-ito"/"-ita" are read through the census: tests/test_replacers_ood.py)."""
    assert full_names(word, sex) == (full,) and hypocorism_sex(word) == sex


@pytest.mark.parametrize("word", ["Marina", "Benito", "Benita", "Martín", "Agustín", "Cristina", "Anita"])
def test_a_given_name_with_a_diminutive_ending_is_no_diminutive(word):
    assert full_names(word, "M") == () and full_names(word, "F") == ()


def test_the_table_reads_both_ways_by_sex():
    assert "Manolo" in hypocorisms("Manuel", "M") and "manuel" in full_names("Manolo", "M")
    assert "Pepi" in hypocorisms("JOSEFA", "F") and full_names("pepi", "M") == ()
    assert hypocorism_sex("Moncho") == "M" and hypocorism_sex("Conchi") == "F" and hypocorism_sex("Gabi") == ""
    assert "maria" in names_with_hypocorisms("F") and "maria" not in names_with_hypocorisms("M")


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_compound_names_nickname_stays_linked_to_one_of_its_new_given_names(engine, seed):
    # "José Antonio (alias «Toni»)": the compound is drawn whole, so the nickname is a hypocorism of one of its new
    # given names or, when neither has one, that given name itself ("Julio César (alias «César»)"), never a stranger
    text = "Interno: MONTOYA HEREDIA, José Antonio (alias «Toni»). El Toni firma la autorización."
    doc = _doc(text, [("NOMBRE_SUJETO_ASISTENCIA", "MONTOYA HEREDIA, José Antonio", 0),
                      ("NOMBRE_SUJETO_ASISTENCIA", "Toni", 0), ("NOMBRE_SUJETO_ASISTENCIA", "Toni", 1)])
    new = [r.surrogate for r in engine.apply(doc, seed=seed).replacements]
    given = new[0].split(", ")[1].split()
    assert new[1] == new[2] and (new[1] in given or any(new[1] in hypocorisms(g, "M") for g in given)), new


@pytest.mark.parametrize("seed", range(1, 7))
def test_a_relatives_nickname_keeps_its_sex_and_link_in_lower_case_too(engine, seed):
    # "su marido, José Ramón … («Moncho») … moncho pide …": the census knows no "Moncho", so its sex was drawn at
    # random ("Dolores" for a husband) and the lower-case one was masked as no kinship word
    text = "Acompañante: su marido, José Ramón Prieto Cueto («Moncho»), que la trae. moncho pide hablar con la trabajadora social."
    doc = _doc(text, [("FAMILIARES_SUJETO_ASISTENCIA", "José Ramón Prieto Cueto", 0),
                      ("FAMILIARES_SUJETO_ASISTENCIA", "Moncho", 0), ("FAMILIARES_SUJETO_ASISTENCIA", "moncho", 0)])
    new = {r.span_id: (r.surrogate, r.action) for r in engine.apply(doc, seed=seed).replacements}
    given = new["T1"][0].split()[:2]
    nick, lower = new["T2"][0], new["T3"][0]
    assert new["T3"][1] == "surrogate" and lower == nick.lower(), new
    assert nick in given or any(nick in hypocorisms(g, "M") for g in given), new


@pytest.mark.parametrize("seed", range(1, 7))
def test_a_daughters_nickname_after_a_surname_like_nieto_stays_female_and_one_name(engine, seed):
    # "su hija María del Carmen Ruiz Nieto («Mari Carmen») ... con mari carmen (hija)": the surname "Nieto" before the
    # quotes was read as "grandson", so the nickname came out a man's ("Jesus Alejandro"), and the lower-case one,
    # no known given name, was masked
    text = ("Cuidadora principal: su hija María del Carmen Ruiz Nieto («Mari Carmen», tel. 655 71 20 94). "
            "Nueva cita el lunes con mari carmen (hija).")
    doc = _doc(text, [("FAMILIARES_SUJETO_ASISTENCIA", "María del Carmen Ruiz Nieto", 0),
                      ("FAMILIARES_SUJETO_ASISTENCIA", "Mari Carmen", 0), ("FAMILIARES_SUJETO_ASISTENCIA", "mari carmen", 0)])
    new = {r.span_id: (r.surrogate, r.action) for r in engine.apply(doc, seed=seed).replacements}
    nick, lower = new["T2"][0], new["T3"][0]
    assert new["T3"][1] == "surrogate" and lower == nick.lower(), new
    names = engine.replacer("person_name")
    assert names._census_sex(parse_name(nick, names.pools)) == ["F"] or hypocorism_sex(nick.split()[0]) == "F", nick


@pytest.mark.parametrize("full, called, article, sex", [
    ("antonia pérez", "la toni", "la", "F"), ("Antonia Pérez", "la Toñi", "la", "F"),
    ("Francisco Ruiz", "el Paco", "el", "M"), ("Maria Puig", "na Maria", "na", "F"),
])
@pytest.mark.parametrize("seed", range(5))
def test_a_nickname_with_its_article_keeps_the_article_and_follows_the_new_given_name(engine, full, called, article,
                                                                                        sex, seed):
    # a ward handover typed fast (session 23): "antonia pérez (la toni)" came out "cristina collazo (francisco
    # heriberto)": the article was read as a name and the nickname became two male given names
    text = f"Cama 6: {full}, 90 años ({called}), desorientada."
    doc = _doc(text, [("NOMBRE_SUJETO_ASISTENCIA", full, 0), ("NOMBRE_SUJETO_ASISTENCIA", called, 0)])
    new = {r.span_id: r.surrogate for r in engine.apply(doc, seed=seed).replacements}
    head, _, nickname = new["T2"].partition(" ")
    assert head == article and " " not in nickname and fold(nickname) != fold(called.split()[1]), new
    given = new["T1"].split()[0]
    if called.split()[1] != full.split()[0]:  # a nickname, not the name itself: one of the new name's nicknames
        assert fold(nickname) in {fold(h) for h in hypocorisms(given, sex)} or not hypocorisms(given, sex), new
    else:
        assert fold(nickname) == fold(given), new


@pytest.mark.parametrize("surname", ["La Rosa", "El Amrani"])
def test_a_capitalised_article_is_part_of_a_surname(engine, surname):
    doc = _doc(f"Médico: {surname}.", [("NOMBRE_PERSONAL_SANITARIO", surname, 0)])
    for seed in range(4):
        new = engine.apply(doc, seed=seed).replacements[0].surrogate
        assert fold(new) != fold(surname) and "X" not in new, new


@pytest.mark.parametrize("seed", range(6))
def test_an_elder_s_country_title_stays_and_the_nickname_follows_the_new_name(engine, seed):
    # a Valencian home-care note (session 23): "..., amparo (tia paro)" came out "(juan gonzález)"
    text = "pacient: bosch mira, amparo (tia paro), 88 anys."
    doc = _doc(text, [("NOMBRE_SUJETO_ASISTENCIA", "bosch mira, amparo", 0), ("NOMBRE_SUJETO_ASISTENCIA", "tia paro", 0)])
    new = {r.span_id: r.surrogate for r in engine.apply(doc, seed=seed).replacements}
    title, _, nickname = new["T2"].partition(" ")
    given = new["T1"].split(", ")[1]
    assert title == "tia" and fold(nickname) in {fold(h) for h in hypocorisms(given, "F")}, new


@pytest.mark.parametrize("name", ["Mari Paz López", "mari paz lopez"])
def test_a_name_led_by_a_hypocorism_the_census_lists_as_a_surname_keeps_its_sex(engine, name):
    # the census knows "Mari" (María) as a surname only: the sex was drawn at random ("Manuel Escudero Bauza")
    from surrogate.replacers.people.names import PersonNameReplacer

    text = f"Paciente: {name}, 71 años."
    doc = Document("mp", text, (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 10, 10 + len(name)),))
    lookup = PersonNameReplacer(engine.gazetteers, engine.config).sex_lookup
    for seed in range(8):
        first = engine.apply(doc, seed=seed).replacements[0].surrogate.split()[0]
        assert full_names(first, "F") or lookup.sex_of(first) == "F", first  # "Ale" is Alejandra's too
