"""Round 18 of the typed-fast notes, persons and dates: general mechanisms, on short lines of our own."""
from __future__ import annotations

import pytest
from rules_probe import found, labels

from surrogate.ner.rules.backend import build


@pytest.fixture(scope="module")
def backend():
    return build()


STAFF, PATIENT, DATE = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA", "FECHAS"


# ---------------------------------------------------------------------------------------------- dates
@pytest.mark.parametrize("line,date", [
    ("ya vino ayer 3/11 por lo mismo", "3/11"),
    ("refiere fiebre dende onte 8/10 pola tarde", "8/10"),
    ("mal de panxa des d'ahir 5/12 a la nit", "5/12"),
    ("cita proxima 22/6 a la misma hora", "22/6"),
    ("hoy 30-4 acude acompañada", "30-4"),
])
def test_a_day_and_month_after_a_relative_day(backend, line, date):
    assert (date, DATE) in found(backend, line)


@pytest.mark.parametrize("line,day", [
    ("se pide eco para el viernes", "viernes"),
    ("dice que el domingo ya tuvo mareo", "domingo"),
    ("volvera a pasar o xoves pola mañá", "xoves"),
    ("el dimecres trucarem a la familia", "dimecres"),
])
def test_a_weekday_after_a_singular_article(backend, line, day):
    assert (day, DATE) in found(backend, line)


def test_session_day_before_the_writer(backend):
    text = "s3 11/4 elena: mejor balance articular\ns4 15/4 elena: igual\n"
    got = found(backend, text)
    assert ("11/4", DATE) in got and ("15/4", DATE) in got


def test_a_line_opening_with_a_day_in_a_dated_log(backend):
    text = ("lun 2/6 10:00 visita domicilio, estable\nmie 4/6 11:30 curas, herida limpia\n"
            "06-06-25 9:15 analitica\n9/6 fin antibiotico, alta\n")
    assert ("9/6", DATE) in found(backend, text)


@pytest.mark.parametrize("line", [
    "tomo ayer 1/2 comp de lorazepam",
    "hoy 3/4 partes de la dieta",
    "los lunes y los jueves hemodialisis",
    "glasgow 15, ta 120/80, fc 80",
    "pauta 1/2 comp cada 8h, control a las 8:40",
    "dolor 7/10 desde ayer",
])
def test_no_date_in_clinical_values(backend, line):
    assert DATE not in labels(backend, line)


def test_fractions_opening_lines_of_a_plain_note_are_no_dates(backend):
    text = "1/2 comp en desayuno\n1/2 comp en cena\n"
    assert DATE not in labels(backend, text)


# ---------------------------------------------------------------------------------------------- chats and logs
def test_chat_senders_after_a_bracketed_timestamp(backend):
    text = ("[4/6/25 21:02] irene m.: tengo un dolor toracico en box 3\n"
            "[4/6/25 21:03] hector uci: subelo\n"
            "[4/6/25 21:05] irene m.: ok\n"
            "[4/6/25 21:40] hector uci: gracias irene\n")
    got = found(backend, text)
    assert ("irene m.", STAFF) in got and ("hector", STAFF) in got
    assert ("uci", STAFF) not in got and ("hector uci", STAFF) not in got
    assert ("irene", STAFF) in got  # found again inside a message


def test_one_bracketed_line_is_no_chat(backend):
    assert STAFF not in labels(backend, "[4/6/25 21:02] dolor: leve\n")


@pytest.mark.parametrize("text,name", [
    ("s1 mar 6/5 julia: balance articular\ns2 jue 8 julia: mejor\n", "julia"),
    ("v3 12/5 10:30 ramon: curas\n", "ramon"),
    ("s4 vie 9/5 tfr (sustituye): no acude\n", "tfr"),
])
def test_the_writer_of_a_log_line(backend, text, name):
    assert (name, STAFF) in found(backend, text)


@pytest.mark.parametrize("text", [
    "s1 mar 6/5 dolor: eva 6\n",
    "lun 5/5 tto: igual\n",
    "12/5 ta: 120/80\n",
])
def test_a_log_line_opening_with_a_field_names_no_one(backend, text):
    assert STAFF not in labels(backend, text)


# ---------------------------------------------------------------------------------------------- signatures
@pytest.mark.parametrize("text,initials", [
    ("paciente estable\nse cita en 1 mes\n\ntgm\n", "tgm"),
    ("paciente estable\nse cita en 1 mes\n\nplr 7:45\n", "plr"),
    ("sin incidencias\nfirma vbc / agl\n", "vbc"),
    ("sin incidencias\nfirma vbc / agl\n", "agl"),
    ("SIN INCIDENCIAS EN EL TRASLADO\nFIRMA RGT\n", "RGT"),
    ("informe a su medico\nsignat jmf (col 08/12345)\n", "jmf"),
    ("dispenso 2 envases\nfarm col 28/4455 - lsv\n", "lsv"),
    ("[copia pegada a peticion de la supervisora 2/4/25 - ecm]\nresto del texto\n", "ecm"),
])
def test_initials_that_sign_a_note(backend, text, initials):
    assert (initials, STAFF) in found(backend, text)


def test_a_date_beside_the_closing_initials(backend):
    text = "buena evolucion\nse deja nota\nrvc 12-05 20:40\n"
    got = found(backend, text)
    assert ("rvc", STAFF) in got and ("12-05", DATE) in got


@pytest.mark.parametrize("last", ["ok", "alta", "rx", "fin", "ecg", "tac", "bien", "lugo"])
def test_a_closing_word_is_no_initials(backend, last):
    assert STAFF not in labels(backend, f"paciente estable\nse cita en 1 mes\n{last}\n")


# ---------------------------------------------------------------------------------------------- staff
@pytest.mark.parametrize("text,name", [
    ("entrega ana (noche) / reciben laura y tomas (eir)", "tomas"),
    ("turno: enf lucia ferrer + m.j. salcedo (apoyo)", "m.j. salcedo"),
    ("informe para el especialista\nelena vidal fisio col 46/2231\n", "elena vidal"),
    ("EQUIPO: MEDICO HERRERA COL 28/1234, TES ANDONI\n", "ANDONI"),
])
def test_staff_by_a_role_around_the_name(backend, text, name):
    assert (name, STAFF) in found(backend, text)


def test_employee_number_after_n_emp(backend):
    assert ("52013", "ID_EMPLEO_PERSONAL_SANITARIO") in found(backend, "enf triaje: lucia ferrer (n emp 52013)")


# ---------------------------------------------------------------------------------------------- patients
@pytest.mark.parametrize("text,name", [
    ("varon 61a, ramon iglesias ferrer nhc 7713042, dolor toracico", "ramon iglesias ferrer"),
    ("9:10 karim el haddadi 28a nie X1234567L, herida en mano", "karim el haddadi"),
    ("412-1 soledad martin 84 mujer, caida en domicilio", "soledad martin"),
    ("412-2 la otra dolores de la fuente 90 nhc 1122334 estable", "dolores de la fuente"),
    ("307-1 concha del rio (en el sistema concepcion del rio ortiz) 77", "concha del rio"),
])
def test_patient_before_an_identifier_or_an_age_and_sex(backend, text, name):
    assert (name, PATIENT) in found(backend, text)


def test_nickname_after_le_dicen(backend):
    assert ("paquito", PATIENT) in found(backend, "8:40 francisco gil soto (le dicen paquito) 70a")


@pytest.mark.parametrize("text", [
    "glasgow 15, ta 120/80, 1/2 comp a las 8:40",
    "dolor toracico 8:20 inicio, ecg 2 mujer",
    "se pauta paracetamol 1 g nhc pendiente",
    "412-1 libre\n412-2 pendiente de ingreso (limpieza)\n",
    "la tension 140 mujer hipertensa",
])
def test_no_patient_in_clinical_lines(backend, text):
    assert PATIENT not in labels(backend, text)


def test_a_relatives_name_before_their_dni_is_no_patient(backend):
    text = "recoge la medicacion su hijo andres molina, dni 12345678Z"
    assert ("andres molina", PATIENT) not in found(backend, text)


def test_a_weekday_before_a_count_is_no_date(backend):
    assert DATE not in labels(backend, "repetir la dosis el lunes tres veces")
