"""Round 19 of the typed-fast notes, persons, dates and numbers: general mechanisms, on short lines of our own."""
from __future__ import annotations

import pytest

from rules_probe import filler_log, found, labels

from surrogate.ner.rules.backend import build


@pytest.fixture(scope="module")
def backend():
    return build()


STAFF, PATIENT, DATE = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA", "FECHAS"
PATIENT_ID, PHONE = "ID_SUJETO_ASISTENCIA", "NUMERO_TELEFONO"


# ---------------------------------------------------------------------------------------------- dictation
DICTATED = ("informe de alta de neumologia punto y aparte\n"
            "paciente andres pujol ferrer coma de setenta y un años coma documento nacional de identidad "
            "tres ocho cinco uno dos siete cuatro seis jota punto ingresado en dos mil diecinueve por neumonia coma "
            "en coma etilico a su llegada punto y aparte\n")


def test_a_dictated_id_takes_its_spelled_check_letter(backend):
    assert ("tres ocho cinco uno dos siete cuatro seis jota", PATIENT_ID) in found(backend, DICTATED)


def test_a_year_dictated_in_words_after_en(backend):
    assert ("dos mil diecinueve", DATE) in found(backend, DICTATED)


def test_spoken_commas_are_no_surname(backend):
    got = found(backend, DICTATED)
    assert ("andres pujol ferrer", PATIENT) in got
    assert not any("coma" in text for text, lab in got if lab in (PATIENT, STAFF))


@pytest.mark.parametrize("line", [
    "se prescriben en dos mil quinientos ml de suero fisiologico",
    "llega en coma, glasgow 3, ta 90/50",
    "hace dos mil pasos al dia",
])
def test_no_spoken_year_or_name_in_clinical_text(backend, line):
    assert not labels(backend, line) & {DATE, PATIENT, STAFF}


# ---------------------------------------------------------------------------------------------- numbers
@pytest.mark.parametrize("line,phone", [
    ("tlf hija 6 7 1 - 3 0 - 5 5 - 2 9 llamar tarde", "6 7 1 - 3 0 - 5 5 - 2 9"),
    ("llamar al 6 1 2 4 8 - 0 3 - 7 7 si hay cambios", "6 1 2 4 8 - 0 3 - 7 7"),
    ("casa 9 8 - 1 2 - 4 4 - 0 3 7, fijo", "9 8 - 1 2 - 4 4 - 0 3 7"),
])
def test_a_phone_spaced_digit_by_digit_with_dashes(backend, line, phone):
    assert (phone, PHONE) in found(backend, line)


@pytest.mark.parametrize("line,value,label", [
    ("nº reg 2425-031 | fecha lun 3/2 | alumna: ", "2425-031", "ID_CONTACTO_ASISTENCIAL"),
    ("lo trae el agente (nº prof 30417) tras el recuento", "30417", "ID_EMPLEO_PERSONAL_SANITARIO"),
    ("usuaria hc cad MR-4410 dni pendiente", "MR-4410", PATIENT_ID),
    ("furgoneta del servicio (6712 GHT) en revision", "6712 GHT", "IDENTIF_VEHICULOS_NRSERIE_PLACAS"),
    ("coche del equipo 2087 KLP averiado", "2087 KLP", "IDENTIF_VEHICULOS_NRSERIE_PLACAS"),
])
def test_numbers_by_cue_or_shape(backend, line, value, label):
    assert (value, label) in found(backend, line)


@pytest.mark.parametrize("line", [
    "escala 7 - 8 - 9 - 6 - 7 - 8 - 9 - 9 - 7 - 8 puntos",
    "pauta 1/2 comp cada 8h, glasgow 15, ta 120/80 a las 8:40",
    "en 2019 PCR positiva",
    "eva 7 - 8 / 10 tras la cura",
])
def test_no_phone_or_plate_in_clinical_values(backend, line):
    assert not labels(backend, line) & {PHONE, "IDENTIF_VEHICULOS_NRSERIE_PLACAS"}


# ---------------------------------------------------------------------------------------------- dates
@pytest.mark.parametrize("line,date", [
    ("prox ciclo 14/5 con analitica", "14/5"),
    ("sig revision el 3/6 en consulta", "3/6"),
    ("queda cita 20/5 a las 9:00", "20/5"),
    ("prox ciclo 14/5 con analitica previa el 13. avisada", "13"),
    ("se cita el 7, llamar si fiebre", "7"),
    ("miérc 6/11 sala 2", "miérc 6/11"),
])
def test_a_day_after_an_appointment_or_an_abbreviated_weekday(backend, line, date):
    assert (date, DATE) in found(backend, line)


@pytest.mark.parametrize("line", [
    "control 1/2 comp si dolor",
    "prox dosis 1/2 comp a las 8:40",
    "prox semana 2/3 dias de reposo",
    "cura cada 2/3 dias, dolor 7/10",
    "la cura el 2 dias mas",
    "control de ta 120/80 y glasgow 15",
])
def test_no_appointment_date_in_clinical_values(backend, line):
    assert DATE not in labels(backend, line)


# ---------------------------------------------------------------------------------------------- third parties by role
@pytest.mark.parametrize("line,name", [
    ("lo gestiona el educador ramiro con la familia", "ramiro"),
    ("ts del barrio lorena quintana. cita pendiente", "lorena quintana"),
    ("hablo con la supervisora mª jose villar, hay cama", "mª jose villar"),
    ("lo baja el funcionario mtnez al patio", "mtnez"),
    ("avisa agente carrasco de la garita", "carrasco"),
    ("lo autoriza jefe servicios r. villalobos", "r. villalobos"),
    ("su abogado julian esteve pide informe", "julian esteve"),
    ("la acompaña la monitora de comedor nerea al centro", "nerea"),
    ("la encontró la vecina, Lucía Pastor, en el suelo", "Lucía Pastor"),
    ("referente: alba (psico) y trabajadora social", "alba"),
])
def test_a_third_party_named_after_a_role(backend, line, name):
    assert (name, STAFF) in found(backend, line)


@pytest.mark.parametrize("line", [
    "el funcionario de guardia avisa a enfermeria",
    "la vecina de arriba tiene las llaves",
    "su abogado pide informe de lesiones",
    "monitor de holter 24h colocado",
    "vive con una cuidadora contratada",
    "agente causal no filiado, cultivo pendiente",
])
def test_no_name_after_a_role_without_one(backend, line):
    assert STAFF not in labels(backend, line)


# ---------------------------------------------------------------------------------------------- sign-offs and nicknames
LOG = ("unidad de dia - turno tarde\n"
       "enf pbt / szm, aux lorena\n"
       "10:10 visita amc (enf) al domicilio, sin cambios. rx de control pendiente\n"
       "llamar mañana, queda con amc la cura\n"
       "pbt 21:50\n"
       "szm\n")


@pytest.mark.parametrize("initials", ["pbt", "szm", "amc"])
def test_staff_initials_signing_a_log_and_found_again(backend, initials):
    got = found(backend, LOG)
    assert (initials, STAFF) in got
    assert sum(1 for t, lab in got if t == initials and lab == STAFF) == 1  # one text, one span set


def test_every_mention_of_signing_initials(backend):
    (spans,) = backend.predict([LOG])
    assert sum(1 for s in spans if LOG[s.start:s.end] == "amc" and s.label == STAFF) == 2


@pytest.mark.parametrize("text", [
    "control analitico\nrx\n",
    "pendiente\ntc craneal / rx torax\n",
    "ok\nbien\n",
    "valorado\npcr 12 / vsg 30\n",
])
def test_no_initials_in_clinical_abbreviations_or_words(backend, text):
    assert STAFF not in labels(backend, text)


def test_the_handover_of_a_shift(backend):
    got = found(backend, "relevo uci noche>mañana - entrega nerea a itsaso / cama 3 estable")
    assert ("nerea", STAFF) in got and ("itsaso", STAFF) in got


@pytest.mark.parametrize("text,nick", [
    ('hab 12 - jacinto ruiz peral ("el rubio") 77a, epoc', "rubio"),
    ('pacient: pere vidal soler ("quimet"), 80 anys, home', "quimet"),
    ("interno david lozano peña (alias moro), 29a, nis 2020001234", "moro"),
    ("pte: ambrosio gil ortega (tinin en el pueblo), 90a, varon", "tinin"),
])
def test_a_patients_nickname_beside_the_name(backend, text, nick):
    assert (nick, PATIENT) in found(backend, text)


# a note typed fast in lower case: its lines start in lower case
FAST = filler_log("hdd oncologia - registro enf", "turno mañana", "sin incidencias en la sala", "toma de constantes ok",
                  "se revisa via central", "hemograma pendiente", "dieta blanda tolerada", "cita en 3 semanas")


def test_a_patient_with_a_nickname_before_the_age_in_a_note_typed_fast(backend):
    got = found(backend, FAST + "box 2 sillon. remedios alvarez cuesta (reme), 64a, mujer\n")
    assert ("remedios alvarez cuesta", PATIENT) in got and ("reme", PATIENT) in got


def test_no_nickname_from_an_ordinary_parenthesis(backend):
    text = "pte: ambrosio gil ortega (refiere dolor en el pueblo), 90a, varon"
    assert not any(t in ("refiere", "dolor") for t, lab in found(backend, text) if lab == PATIENT)


def test_an_abbreviated_surname_inside_a_patients_run_before_the_age(backend):
    got = found(backend, FAST + "box 5. aurora glez villar (auri), 71a, mujer\n")
    assert ("aurora glez villar", PATIENT) in got and ("auri", PATIENT) in got


@pytest.mark.parametrize("line,town", [
    ("Vecina de Santa Comba, vive sola.", "Santa Comba"),
    ("vecina de santa comba, vive sola", "santa comba"),
])
def test_a_neighbours_town_is_no_name(backend, line, town):
    assert not any(lab == STAFF and text in town for text, lab in found(backend, line))
