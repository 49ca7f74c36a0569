"""Round 20 of the typed-fast notes, persons, dates and numbers: general mechanisms, on short lines of our own."""
from __future__ import annotations

import pytest

from rules_probe import covered, found, labels

from surrogate.ner.rules.backend import build


@pytest.fixture(scope="module")
def backend():
    return build()


STAFF, PATIENT, DATE = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA", "FECHAS"
PHONE = "NUMERO_TELEFONO"
PERSONS = {STAFF, PATIENT, "FAMILIARES_SUJETO_ASISTENCIA"}


# ---------------------------------------------------------------------------------------------- sign-offs
GYM_LOG = ("lun 3/3 - marcha con baston, TA 130/70. -LPR\n"
           "mie 5/3 - escaleras ok, glasgow 15. -JSA\n"
           "vie 7/3 - no acude, avisa su hija. -LPR\n"
           "pendiente valorar con LPR la marcha\n")


def test_capital_initials_closing_log_lines_are_staff(backend):
    got = found(backend, GYM_LOG)
    assert ("LPR", STAFF) in got and ("JSA", STAFF) in got


def test_capital_initials_found_again_alone(backend):
    text = GYM_LOG
    start = text.index("con LPR") + 4
    (spans,) = backend.predict([text])
    assert any(s.start == start and s.label == STAFF for s in spans)


@pytest.mark.parametrize("text", [
    "antecedentes: obesidad -HTA\nsin alergias conocidas -DM\n",  # clinical acronyms closing lines
    "control en consulta -LPR\n",  # one line alone closes so: no sign-off pattern
])
def test_no_sign_off_from_a_clinical_acronym_or_a_single_line(backend, text):
    assert STAFF not in labels(backend, text)


@pytest.mark.parametrize("text,values", [
    ("cambio de sonda sin incidencias.\nfirma C.B. / P.L.\n", ["C.B.", "P.L."]),
    ("pauta nueva de insulina\nfirma J.M.\n", ["J.M."]),
    ("se va con su hija a casa\nRT/GMS\n", ["RT", "GMS"]),
    ("Gracias por todo, seguimos en contacto.\nL.\n", ["L."]),
])
def test_dotted_and_slashed_sign_offs(backend, text, values):
    got = found(backend, text)
    for v in values:
        assert (v, STAFF) in got


@pytest.mark.parametrize("text", [
    "dx: neumonia\nTA/FC\n",  # clinical acronyms on the last line
    "ta 120/80, glasgow 15, pauta 1/2 comp a las 8:40\nEPOC/HTA\n",
])
def test_no_slashed_sign_off_from_clinical_acronyms(backend, text):
    assert STAFF not in labels(backend, text)


# ---------------------------------------------------------------------------------------------- staff by list or cue
@pytest.mark.parametrize("text,values", [
    ("hoja de curas (enfermeras nuria / sole m.)\n", ["nuria", "sole m."]),
    ("turno noche - auxiliares lola / fina - celador tomas ruiz\n", ["lola", "fina"]),
])
def test_names_listed_after_a_plural_role(backend, text, values):
    got = found(backend, text)
    for v in values:
        assert (v, STAFF) in got


def test_a_listed_given_name_found_again_alone(backend):
    text = "hoja de curas (enfermeras nuria / sole m.)\nlun 3/3 cura hecha con sole\n"
    (spans,) = backend.predict([text])
    start = text.rindex("sole")
    assert any(s.start == start and s.label == STAFF for s in spans)


@pytest.mark.parametrize("text", [
    "enfermeras de planta / supervision avisadas\n",
    "auxiliares y celadores ayudan a la movilizacion, ta 120/80\n",
])
def test_no_names_from_a_plural_role_before_ordinary_words(backend, text):
    assert not labels(backend, text) & PERSONS


@pytest.mark.parametrize("text,value", [
    ("la veciña sabela chama se hai algo\n", "sabela"),
    ("llama la gestora Noemí desde la aseguradora\n", "Noemí"),
    ("empresa TRANSLUZ | resp. Marina Rebollo | tel 925 11 22 33\n", "Marina Rebollo"),
    ("supervisado por doctora carrasco punto\n", "carrasco"),
    ("otro contacto con un tal brandon de la fiesta, sin telefono\n", "brandon"),
    ("pedir informe a rosalia (TS del ayuntamiento) por vivir sola\n", "rosalia"),
    ("lo repuso marcos (aux en practicas del instituto) esa tarde\n", "marcos"),
])
def test_staff_and_third_parties_after_a_cue(backend, text, value):
    assert covered(backend, text, value, {STAFF})


@pytest.mark.parametrize("text", [
    "resp. adecuada al tratamiento, glasgow 15\n",
    "un tal vez mejore con fisioterapia\n",
    "paracetamol (aux de enfermeria lo administra) 1 g iv\n",
])
def test_no_person_after_a_cue_and_an_ordinary_word(backend, text):
    assert not labels(backend, text) & PERSONS


# ---------------------------------------------------------------------------------------------- patients
@pytest.mark.parametrize("text,name,nick", [
    ('pac: antonio gil ruiz, "el tito" para los vecinos, 70 a\n', "antonio gil ruiz", "tito"),
    ('paciente ramon vidal pujol "moncho" 70 a, varon\n', "ramon vidal pujol", "moncho"),
])
def test_a_quoted_nickname_after_the_patient(backend, text, name, nick):
    got = found(backend, text)
    assert (name, PATIENT) in got and (nick, PATIENT) in got


def test_a_nickname_after_alcume(backend):
    assert ("pepe da ponte", PATIENT) in found(backend, 'pac luis rey sanz, alcume "pepe da ponte", 80 a\n')


def test_a_quoted_word_after_a_drug_is_no_nickname(backend):
    assert PATIENT not in labels(backend, 'toma sintrom "cuando se acuerda" 1/2 comp\n')


@pytest.mark.parametrize("text,name", [
    ("204-B sara gil ortiz (31 a) DNI 12345678Z nhc 4455667\n", "sara gil ortiz"),
    ("303 carla martin-rueda soler 33 a cesarea ayer\n", "carla martin-rueda soler"),
])
def test_a_patient_before_her_age_on_a_room_line(backend, text, name):
    assert (name, PATIENT) in found(backend, text)


@pytest.mark.parametrize("text", [
    "303 paciente estable 33 a la llegada\n",
    "120 mg de hierro 2 a la semana\n",
])
def test_no_patient_from_a_room_line_of_ordinary_words(backend, text):
    assert PATIENT not in labels(backend, text)
