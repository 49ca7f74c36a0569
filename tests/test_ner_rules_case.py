"""The rules backend on notes typed all in capitals or all in lower case (surrogate/ner/rules/recase.py).

Identifier cues, facility and street types, titles and name cues hold whatever the letter case; lower-case
names are taken only after a strong cue; ordinary lower-case words stay untagged. Coverage of the fresh-layout
and OOD notes under str.upper / str.lower: docs/evaluation.md ("Notes in capitals or lower case").
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from augment.brat import read_brat_corpus
from surrogate.ner import load_backend
from surrogate.ner.rules.recase import LOWER, UPPER, layout, lower

REPO = Path(__file__).resolve().parents[1]
SKIP = ("SEXO_SUJETO_ASISTENCIA", "EDAD_SUJETO_ASISTENCIA", "PROFESION", "OTROS_SUJETO_ASISTENCIA")


@pytest.fixture(scope="module")
def rules():
    return load_backend("rules")


def _labels_covering(rules, text: str, value: str) -> list[str]:
    start = text.index(value)
    end = start + len(value)
    return [s.label for s in rules.predict([text])[0] if s.start <= start and end <= s.end]


# (text, value, label): each value is missed at b150cf1, before the recased view
CASES = [
    ("el paciente, con dni 12345678-z, acude a urgencias por dolor torácico", "12345678-z", "ID_SUJETO_ASISTENCIA"),
    ("matrícula del vehículo: 4512 kjt, sin otros datos del accidente", "4512 kjt", "IDENTIF_VEHICULOS_NRSERIE_PLACAS"),
    ("nº de empleado emp-00912, código de acceso revocado el mismo día", "emp-00912", None),
    ("ingresa en el hospital universitario la paz por neumonía bilateral", "hospital universitario la paz", "HOSPITAL"),
    ("INGRESA EN EL HOSPITAL UNIVERSITARIO LA PAZ POR NEUMONÍA BILATERAL", "HOSPITAL UNIVERSITARIO LA PAZ", "HOSPITAL"),
    ("traslado al h. u. virgen de las nieves para valoración por neurocirugía", "h. u. virgen de las nieves", "HOSPITAL"),
    ("SE DERIVA A LA CLÍNICA SAN ROQUE PARA REHABILITACIÓN DE LA RODILLA", "CLÍNICA SAN ROQUE", "HOSPITAL"),
    ("control en el centro de salud de villarcayo en dos semanas", "centro de salud de villarcayo", "CENTRO_SALUD"),
    ("CONTROL EN EL CENTRO DE SALUD DE VILLARCAYO EN DOS SEMANAS", "CENTRO DE SALUD DE VILLARCAYO", "CENTRO_SALUD"),
    ("procedencia: c.s. altabix\nmotivo de consulta: tos de tres semanas", "c.s. altabix", "CENTRO_SALUD"),
    ("VIVE SOLA EN LA CALLE MAYOR 12, GETAFE, CON AYUDA A DOMICILIO", "CALLE MAYOR 12", "CALLE"),
    ("VIVE SOLA EN LA CALLE MAYOR 12, GETAFE, CON AYUDA A DOMICILIO", "GETAFE", "TERRITORIO"),
    ("vive sola en la calle mayor 12, getafe, con ayuda a domicilio", "getafe", "TERRITORIO"),
    ("mujer de 80 años, natural de ponferrada, sin alergias conocidas", "ponferrada", "TERRITORIO"),
    ("paciente: juan garcía lópez\nmotivo: dolor abdominal de dos días", "juan garcía lópez", "NOMBRE_SUJETO_ASISTENCIA"),
    ("valorada en consulta.\nfdo.: dra. ana gil moreno\nservicio de digestivo", "ana gil moreno", "NOMBRE_PERSONAL_SANITARIO"),
    ("acude acompañada de su hija lucía, que aporta informes previos", "lucía", "FAMILIARES_SUJETO_ASISTENCIA"),
    ("ecografía del 3-ii-2023 sin hallazgos relevantes en el control", "3-ii-2023", "FECHAS"),
]


@pytest.mark.parametrize(("text", "value", "label"), CASES, ids=[c[1] for c in CASES])
def test_cue_holds_in_capitals_and_lower_case(rules, text, value, label):
    found = _labels_covering(rules, text, value)
    assert found and (label is None or label in found)


# ordinary lower-case words are no names, facilities or towns, even next to a cue
QUIET = [
    "la paciente refiere mejoría clínica y analítica tras el tratamiento con antibióticos de amplio espectro",
    "ingresa en el hospital por fiebre y es dado de alta a los tres días sin complicaciones",
    "su madre vive sola y acude a la consulta con signos de disminución de masa magra y masa grasa",
    "se realiza resección quirúrgica en huso y la causa más probable es infecciosa",
    "trasladada desde un hospital comarcal por fallo respiratorio agudo, sin otros datos",
    "DADA LA MALA EVOLUCIÓN CLÍNICA Y ECOCARDIOGRÁFICA SE PLANTEA LA CIRUGÍA DE LA VÁLVULA",
    "LOS EXÁMENES DE LABORATORIO REPORTAN LEUCOCITOSIS Y LA ASOCIACIÓN DE ESPIRONOLACTONA FUE BIEN TOLERADA",
    "domicilio: paseo de rovira 28, 1 d.\nlocalidad/ provincia: barcelona.",
]


@pytest.mark.parametrize("text", QUIET, ids=range(len(QUIET)))
def test_ordinary_words_stay_untagged(rules, text):
    allowed = {"SEXO_SUJETO_ASISTENCIA", "FAMILIARES_SUJETO_ASISTENCIA", "EDAD_SUJETO_ASISTENCIA", "CALLE", "TERRITORIO"}
    spans = rules.predict([text])[0]
    names = [(text[s.start:s.end], s.label) for s in spans if s.label not in allowed]
    places = [text[s.start:s.end] for s in spans if s.label == "TERRITORIO"]
    assert not names
    assert all(p in ("barcelona",) for p in places)


def test_layout_needs_a_whole_note_in_one_case():
    assert layout("PACIENTE DE 45 AÑOS CON DOLOR TORÁCICO") == UPPER
    assert layout("paciente de 45 años con dolor torácico") == LOWER
    assert layout("Paciente de 45 años con dolor torácico y fiebre") is None
    assert layout("UCI") is None  # too few letters to judge


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from("abcdeñáßİŉ ÉZXYQ.,:/-\n0123456789"), min_size=0, max_size=120), st.booleans())
def test_view_keeps_length_and_letters(text, up):
    from surrogate.ner.rules.backend import RulesBackend

    text = text.upper() if up else text.lower()
    view = RulesBackend().recaser.view(text)
    if view is not None:
        assert len(view) == len(text)
        assert lower(view) == lower(text)  # only the case of letters changes: offsets hold


def _corpus():
    return [d for folder in ("layouts", "ood") for d in read_brat_corpus(REPO / "tests" / "data" / folder)]


def _coverage(rules, docs, transform) -> int:
    texts = [transform(d.text) if len(transform(d.text)) == len(d.text) else d.text for d in docs]
    hit = 0
    for d, spans in zip(docs, rules.predict(texts)):
        hit += sum(any(s.start <= g.start and g.end <= s.end for s in spans) for g in d.spans if g.label not in SKIP)
    return hit


def _later_layouts():
    """Layouts written after the 780-span set: notes 19 and up."""
    docs = read_brat_corpus(REPO / "tests" / "data" / "layouts")
    return [d for d in docs if int(re.search(r"_(\d+)$", d.id).group(1)) > 18]


def test_coverage_of_the_notes_in_capitals_and_lower_case(rules):
    """At b150cf1: UPPER 644/780, lower 349/780 gold direct identifiers covered (the ood set and layouts 01-18).
    Layouts 19-30 (round 3A), at c0ef255: UPPER 260/313, lower 249/313; at h33: 289 and 259."""
    later = {d.id for d in _later_layouts()}
    docs = [d for d in _corpus() if d.id not in later]
    total = sum(g.label not in SKIP for d in docs for g in d.spans)
    assert total == 780
    assert _coverage(rules, docs, str.upper) >= 725
    assert _coverage(rules, docs, str.lower) >= 700
    later = [d for d in _later_layouts() if _number(d) < 91]
    if later:
        assert _coverage(rules, later, str.upper) >= 0.9 * sum(g.label not in SKIP for d in later for g in d.spans)
    for (first, last), floor in _ROUNDS_IN_CAPITALS.items():
        notes = [d for d in _later_layouts() if first <= _number(d) <= last]
        if notes:
            assert _coverage(rules, notes, str.upper) >= floor, (first, last)


#: a round's notes (first, last) and the gold direct identifiers the rules covered in them typed in capitals, when
#: the round joined the tuning set: 392 / 466 at detect6, 374 / 422 at detect7, 359 / 435 at 1bb9714, 363 / 423 at
#: db3f959, 350 / 374 at d169e95, 508 / 544 at the round-12 rules (session 22), 480 / 552 at the round-14 rules
#: (444 at abaa865)
_ROUNDS_IN_CAPITALS = {(91, 102): 392, (103, 114): 374, (115, 126): 359, (127, 138): 363, (139, 150): 350, (163, 174): 508,
                       (187, 198): 480}


def _number(doc) -> int:
    return int(re.search(r"_(\d+)$", doc.id).group(1))


CLINICAL = ["Kt/V 1,42", "Hb 10,8", "FEV1 96", "Lung-RADS 4B", "DLP 412", "ASA", "TFG 38", "Barthel 45", "Pfeiffer 2",
            "GDS 7", "Braden 12", "E11.9", "I10", "HbA1c", "GOLD 3", "β-HCG", "PRL 92", "TSH 2,1", "C3 68", "512-B",
            "EVA 8/10", "aVF"]


@pytest.mark.parametrize("transform", [str.upper, str.lower], ids=["upper", "lower"])
def test_clinical_values_stay_untagged_in_either_case(rules, transform):
    docs = list(read_brat_corpus(REPO / "tests" / "data" / "layouts"))
    texts = [transform(d.text) for d in docs]
    flagged = []
    for text, spans in zip(texts, rules.predict(texts)):
        for value in map(transform, CLINICAL):
            for m in re.finditer(rf"(?<![\w/.,-]){re.escape(value)}(?![\w/]|[.,]\d)", text):
                flagged += [(value, s.label) for s in spans if s.start < m.end() and m.start() < s.end]
    assert not flagged


@pytest.mark.parametrize("text", [
    "pac en silla de ruedas, se levanta con ayuda de una auxiliar y deambula poco por la planta",
    "EN SILLA DE RUEDAS DESDE LA FRACTURA, DEPENDIENTE PARA LAS ABVD SEGUN REFIERE LA HIJA",
])
def test_a_town_named_like_an_everyday_word_needs_a_strong_cue(rules, text):
    # a nursing note's "en silla de ruedas" read "silla" as the town of Valencia after the weak cue "en"
    assert not [s for s in rules.predict([text])[0] if s.label == "TERRITORIO"]
    strong = "vive en silla con su hija desde hace dos años, acude por caida en domicilio sin perdida de conciencia"
    assert "silla" in [strong[s.start:s.end] for s in rules.predict([strong])[0] if s.label == "TERRITORIO"]


def test_the_verb_usa_in_lower_case_is_no_country(rules):
    # "la paciente usa gafas" came out the United States (the view wrote "usa" in capitals as an acronym)
    verb = "la paciente usa gafas y audifono, vive con su hija en la planta baja de su casa"
    assert not [s for s in rules.predict([verb])[0] if s.label == "PAIS"]
    trip = "la paciente viajo a usa en verano, vive con su hija en la planta baja de su casa"
    assert "usa" in [trip[s.start:s.end] for s in rules.predict([trip])[0] if s.label == "PAIS"]
