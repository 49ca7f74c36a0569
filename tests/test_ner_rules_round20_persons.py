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


def test_a_quoted_nickname_between_the_name_and_the_age_on_a_room_line(backend):
    got = found(backend, '204-B marta gil sanz "tata" 36 a cesarea prog\n')
    assert ("marta gil sanz", PATIENT) in got and ("tata", PATIENT) in got


def test_the_writer_who_says_who_she_is(backend):
    text = "[lun 3/2/2025 21:10] Marta Gil Ruiz escribió:\nhola soy la marti, queria preguntar por la pastilla\n"
    assert ("marti", PATIENT) in found(backend, text)


def test_no_writer_from_a_role_or_a_common_word(backend):
    assert not labels(backend, "buenas, soy la enfermera de guardia y soy la rosa de la 3\n") & PERSONS


def test_a_relative_named_in_lower_case_found_again_capitalised(backend):
    text = "Paciente: Marta Gil Ruiz\nmi hijo jorge vive fuera.\nNo enviamos nada a Jorge sin permiso. Vive en San Jorge.\n"
    (spans,) = backend.predict([text])
    start = text.index("a Jorge") + 2
    assert any(s.start == start and s.label == "FAMILIARES_SUJETO_ASISTENCIA" for s in spans)
    saint = text.index("San Jorge") + 4
    assert not any(s.start == saint and s.label in PERSONS for s in spans)


def test_a_given_name_after_a_sentence_closing_on_a_plate(backend):
    text = ("HORA | PACIENTE | NHC\n07:00 | SERRANO PANTOJA, CANDIDO | 094418\n07:15 | RUIZ, ANA | 0934\n"
            "nota: sustituye 5518 JZT. CANDIDO viene de CIUDAD REAL\n")
    (spans,) = backend.predict([text])
    start = text.rindex("CANDIDO")
    assert any(s.start == start and s.label == PATIENT for s in spans)


# ---------------------------------------------------------------------------------------------- dates
@pytest.mark.parametrize("line,value", [
    ("pte: alta aprox 14/3 y ejercicios en casa", "14/3"),
    ("frotis de control 9/4 aprox", "9/4"),
    ("CS LUGO - demanda xov 13/3 - dra X", "xov 13/3"),
    ("parto a las 3:10 del dom, RN sano", "dom"),
    ("cesarea vie tarde, todo bien", "vie"),
    ("no hay vacuna hoy, dimecres", "dimecres"),
    ("la proxima visita seria setembre", "setembre"),
    ("hba1c ult nov 7,9 y ldl 98", "nov"),
])
def test_typed_dates(backend, line, value):
    assert (value, DATE) in found(backend, line + "\n")


@pytest.mark.parametrize("line", [
    "pauta 1/2 comp aprox, ta 120/80, glasgow 15 a las 8:40",
    "ven mañana a la consulta, el mar esta bien",
    "ratio 3/4 aprox, eva 6/10",
    "los lunes acude a rehabilitacion",
])
def test_no_typed_date_in_clinical_values(backend, line):
    assert DATE not in labels(backend, line + "\n")


# ---------------------------------------------------------------------------------------------- numbers
@pytest.mark.parametrize("line,value,label", [
    ("aviso a mantenimiento ext 3 12 45.", "3 12 45", PHONE),
    ("Tel. 911 22 33 44 | Busca 4471 | Col. nº 28/1234", "4471", PHONE),
    ("su hija que vive en toledo teléfono seis uno dos cuarenta y ocho treinta y tres diez punto y aparte",
     "seis uno dos cuarenta y ocho treinta y tres diez", PHONE),
    ("usa un concentrador número de serie ka ele tres cuatro nueve nueve uno punto", "ka ele tres cuatro nueve nueve uno",
     "IDENTIF_DISPOSITIVOS_NRSERIE"),
    ("ayuda pendiente, expte AYU/08/2022/55310 en la consejeria", "AYU/08/2022/55310", "OTRO_NUMERO_IDENTIF"),
    ("el agente (nº 20931) llamo ayer", "20931", "OTRO_NUMERO_IDENTIF"),
])
def test_cued_and_dictated_numbers(backend, line, value, label):
    assert (value, label) in found(backend, line + "\n")


@pytest.mark.parametrize("line", [
    "ext 2 dias, glasgow 15, ta 120/80, 1/2 comp a las 8:40, exp 3 meses",
    "tiene dos hijos, uno de veinte y otro de quince",
    "busca la pastilla 2 veces",
])
def test_no_number_in_clinical_text(backend, line):
    assert not labels(backend, line + "\n") & {PHONE, "OTRO_NUMERO_IDENTIF", "IDENTIF_DISPOSITIVOS_NRSERIE"}


def test_a_cued_capitalised_name_keeps_its_unknown_surname(backend):
    assert ("Andrés Mendizorrotza", STAFF) in found(backend, "Gestor de casos: Andrés Mendizorrotza\n")


def test_the_month_of_a_phrase_is_not_cut_out_of_it(backend):
    assert covered(backend, "reevaluar a principios de dic\n", "dic", {DATE})
