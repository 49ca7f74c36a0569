"""The rules backend on persons, dates and identifiers (round 28, persons):

* identifiers after their cue or by a label's layout: a health card typed in groups (``TARJ. SANITARIA``, ``TSE``), an
  IBAN after a two-word field, a resident's or a member's number, a register's entry, a contract's code, an ambulance
  unit's code, a wristband's code before the sex and the birth date, an export's ``id_`` column (cued_ids.py); a log's
  ``usr=`` code (log_keys.py, filters.py);
* people after a field that says who handles, teaches or educates (``TRAMITA:``, ``preparado_por=``, ``Hezitzaileak:``),
  a given name set off by commas after a role or a kin word, before a service in parentheses, a nickname inside a name,
  a name before an age in words (field_people.py); a given name after ``el``/``la`` that is also a town, in lower case
  again (article_names.py); a name with a Basque case ending (basque_cases.py); a nickname inside a file name
  (file_names.py);
* the end of an ISO date range (``..``) and a Galician ``o día 12`` (range_dates.py); a given name after ``el nombre``
  (field_people.py).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import (DATE, EMPLOYEE, NAMES, OTHER, PATIENT, RELATIVE, STAFF, assert_found, assert_not_found,
                         cases, spans_of)

INSURANCE = {"ID_ASEGURAMIENTO"}
PATIENT_ID = {"ID_SUJETO_ASISTENCIA"}
PLATE = {"IDENTIF_VEHICULOS_NRSERIE_PLACAS"}
IDS = INSURANCE | PATIENT_ID | PLATE | OTHER | EMPLOYEE

POSITIVES = [
    # identifiers after a cue or by layout
    ("  TARJ. SANITARIA.....: ANGA 4512 0938 2271\n", "ANGA 4512 0938 2271", INSURANCE),
    ("pasaporte 21BV11893   TSE 2 85 11 31 555 097 08\n", "2 85 11 31 555 097 08", INSURANCE),
    ("IBAN DEVOLUCIÓN: ES91 2100 0418 4502 0005 1332\n", "ES91 2100 0418 4502 0005 1332", OTHER),
    ("   nº residente ... BRX-23/0917\n", "BRX-23/0917", PATIENT_ID),
    ("Socia de la asociación (núm. de socia 00417), acude con su marido.\n", "00417", PATIENT_ID),
    ("Escrito presentado (reg. entrada RS-2024/118830) por la interesada.\n", "RS-2024/118830", OTHER),
    ("Contrato CMAD19/SGT/0337 · servicio de teleasistencia\n", "CMAD19/SGT/0337", OTHER),
    ("02:10 sale ambulancia SVA MU-0291 hacia el hospital\n", "MU-0291", PLATE),
    ('   L2="K7P2Z9Q41   M   14/09/1948 (76a)"\n', "K7P2Z9Q41", PATIENT_ID),
    ("cod;paciente;f_nac;obs\nRX-0191;GIL SAEZ, ROSA;02/02/1941;dieta\n", "RX-0191", PATIENT_ID),
    ("11:02:10 JOB 4410 tpl=ETIQ usr=rec0281 copias=2\n", "rec0281", EMPLOYEE),
    # people after a field, a role, a kin word, a service; nicknames; an age in words
    ("Nº EXPEDIENTE: 0041      TRAMITA: R. OLMEDA\n", "R. OLMEDA", STAFF),
    ("# lote=09/2025 ; preparado_por=T. Aragüés (téc.) ; turno=mañana\n", "T. Aragüés", STAFF),
    ("ALUMNO / PROFESORA..: Leire Zabala Etxeberria\n", "Leire Zabala Etxeberria", STAFF),
    ("Hezitzaileak: Maite Urrutia eta Josu Arrieta\n", "Josu Arrieta", STAFF),
    ("y la teleoperadora que nos atendió, Yolanda, nos pidió el parte.\n", "Yolanda", STAFF),
    ("tropieza con un compañero,\n  Unai, y cae de lado.\n", "Unai", STAFF),
    ("Trae una foto de su bebé, Candela, en la incubadora.\n", "Candela", RELATIVE),
    ("Ha bajado Fermín (mantenimiento) a abrir el cuarto.\n", "Fermín", STAFF),
    ('7 | Josefa "Pepi" Lozano Rey | viuda | ✓\n', 'Josefa "Pepi" Lozano Rey', PATIENT),
    ('7 | Josefa "Pepi" Lozano Rey | viuda | ✓\nPepi dice que duerme mejor.\n', "Pepi", PATIENT),
    ("18:00 Zabalburun taldea. Andrei Popescu (hamazazpi urte) ez dago.\n", "Andrei Popescu", PATIENT),
    ("Educadores: Nerea Goikoetxea y Josu Arrieta\nGaur Josuk deitu dio amari.\n", "Josu", STAFF),
    ("Bona tarda, la mare ha trucat: el Pol està millor.\n", "Pol", NAMES),
    # dates
    ("filtro nhc=001; 2025-02-01..2025-03-15; 9 registros\n", "2025-03-15", DATE),
    ("Ten consulta o\n  día 14 no Hospital de Lugo.\n", "día 14", DATE),
    ("la madre pide que conste el nombre Alba en la pulsera\n", "Alba", PATIENT),
]

NEGATIVES = [
    # a clinical day of the stay in Spanish, as MEDDOCAN leaves it
    ("Mejoría progresiva, completa el día 9 del ingreso y el día 12 sin fiebre.\n", "día 12", DATE),
    # a witness alone may be anyone: no staff
    ("Testigo: Amparo Soler Miró, vecina del barrio\n", "Amparo Soler Miró", STAFF),
    # a lab unit after a number is still a unit; a log's next key is no unit
    ("Carga viral 4500 copias/ml, CD4 320.\n", "4500", IDS),
    # a town after a preposition and the article stays a town, no person
    ("Vive a la Pobla des de fa anys.\n", "Pobla", NAMES),
    # a role word and a comma before a clinical word: no name
    ("El conductor, Sintrom suspendido, ingresa en planta.\n", "Sintrom", NAMES),
    # an age in words after an ordinary word: no name
    ("Paciente (ochenta años) con disnea.\n", "Paciente", NAMES),
    # a contract's plain word after the cue: no identifier
    ("Contrato de trabajo temporal en vigor.\n", "trabajo", IDS),
    # a wristband's sex and birth date after a digits-only code of a drug lot stays off the card rule's shape
    ("Lote ABCDEFG H 01/01/2020 caducado\n", "ABCDEFG", PATIENT_ID),
    # a name's cue before a word that is no given name
    ("Se anota el nombre Comercial del fármaco.\n", "Comercial", NAMES),
    # an IBAN's field with no account in it
    ("IBAN del titular: pendiente de aportar\n", "pendiente", IDS),
]


@cases(POSITIVES)
def test_found(rules, text, value, labels):
    assert_found(rules, text, value, labels, last=value == "Pepi" or value == "Josu")


@cases(NEGATIVES)
def test_not_found(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)


def test_a_lower_case_name_after_the_same_article_is_found_again(rules):
    text = "el pol estava a la taula. al cap de 5 min el Pol diu que li pica la boca.\n"
    assert_found(rules, text, "pol", NAMES)


def test_a_nickname_inside_a_file_name(rules):
    text = 'Nombre: Baldomero Cueto (le llaman "Baldo")\nAdjunto: foto_baldo_agosto.jpg\n'
    assert_found(rules, text, "baldo", NAMES)


def test_the_ending_stays_out_of_a_basque_name(rules):
    text = "Hezitzaileak: Ane Etxeberria eta Moha Benali\nMohak galdetu dio.\n"
    found = spans_of(rules, text)
    start = text.index("Mohak")
    assert any((s, e) == (start, start + 4) for s, e, _, _ in found), found
