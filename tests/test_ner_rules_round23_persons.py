"""The rules backend on persons, dates and numbers (round 23, persons):

* staff initials in capitals: on a closing line with the registration number (``TGR col. 28441``, ``PLM fisio col.
  NA-3301``), after a role's word closing the line (``inf RBS``, ``triaje ALP``), in parentheses after a one-word staff
  name (``dr Olaizola (JO)``); then the same token wherever the log repeats it, never before a number
  (staff_initials.py); ``triaje`` and ``higienista`` as staff roles (staff_roles.py), ``(hig)`` after a name
  (shift_notes.py);
* a handover's name before the shift or a colon (``recibo de Tino (noche)``), a notary's or a lawyer's surname, an
  officer's number after the name (``funcionario Ortega (nº 50231)``), a reminder's addressee in capitals (``"JULIAN
  cita ...``), a name again after ``ninguna`` (people_cues.py);
* a relative named before a nickname and a phone's cue (``Begoña (Bego) tlf 6 12 44 08 31``) (contact_names.py);
  a nickname after an article in parentheses that no census holds (``(la Pitu)``) (cued_people.py), ``alias el X``
  (signatures.py); a full name closed by an abbreviated surname (``Rguez``) before an age (names.py);
* numbers: two phones joined by a slash, an IBAN after its cue even with wrong check digits, an injury report's
  number (typed_numbers.py, cued_numbers.py);
* dates: a weekday in parentheses, a weekday after a reassessment's verb, an appointment's kind between its word and
  the day (typed_days.py).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import (
    DATE, EMPLOYEE, NAMES, OTHER, PATIENT, PHONE, RELATIVE, STAFF, assert_found, assert_not_found, cases, filler_log,
)

ANY = NAMES | DATE | PHONE | OTHER | EMPLOYEE | {"ID_SUJETO_ASISTENCIA", "ID_CONTACTO_ASISTENCIAL", "ID_ASEGURAMIENTO",
                                                "IDENTIF_DISPOSITIVOS_NRSERIE", "TERRITORIO", "CALLE", "INSTITUCION"}
_LOG = filler_log("hoja de sesiones rehabilitacion", "paciente colaborador sin incidencias",
                  "se revisa pauta de ejercicios ok", "TA y FC dentro de rango")
_GYM = (_LOG + "s1 mar 4/6 PLM: flexion 0-80, crio + isometricos\n"
        "s2 jue 6/6 PLM: 0-90. bici 10'\n"
        "PLM fisio col. NA-3301\n")
_DENTAL = ("03/04 1a visita, caries distal 26. dr Olaizola (JO)\n"
           "10/04 endo 26 sin incid. JO\n")
_NIGHT = (_LOG + "23:00 recibo de Tino (noche), sin cambios. TAS 100\n"
          "07:00 paso a Lucía: estable, diuresis ok\n")
_SMS = ('fecha;hora;telefono;texto\n'
        '2024-03-01;10:00;+34600111222;"HOSP COMARCAL: M. CARMEN tiene cita CARDIOLOGIA el 04/03 10:20"\n'
        '2024-03-01;10:01;+34600333444;"JULIAN extraccion analitica C.S. Centro 05/03 08:30"\n'
        '2024-03-01;11:12;+34600333444;"se equivocan aqui no vive ningun julian"\n')

POSITIVES = [
    # staff initials: a closing line with the registration number, then the same token through the log
    (_GYM, "PLM", STAFF),
    ("ses 3 lun 2/9 BRT: marcha ok\nBRT col. 281104455\n", "BRT", STAFF),
    # after a role's word closing the line
    (_LOG + "cura hecha, proxima el lunes\ninf RBS\n", "RBS", STAFF),
    (_LOG + "NIVEL 4 verde -> sala espera\ntriaje ALP\n", "ALP", STAFF),
    # in parentheses after a one-word staff name, and again
    (_DENTAL, "JO", STAFF),
    # staff named after triage and hygienist roles
    ("NIVEL 2 naranja, box 3\ntriaje Maite R. (MRS)\n", "Maite R.", STAFF),
    ("tartrectomia hecha con Ainhoa (hig), sangrado leve\n", "Ainhoa", STAFF),
    # the shift's handover
    (_NIGHT, "Tino", STAFF),
    # a notary, a lawyer
    (_LOG + "testamento vital firmado ante notario Puigdemunt en 2020\n", "Puigdemunt", STAFF),
    (_LOG + "abogada Serrano (de oficio) pide copia del informe\n", "Serrano", STAFF),
    # an officer's number after the name
    ("lo acompaña el funcionario Ortega (nº 50231) a consulta\n", "50231", EMPLOYEE),
    # a reminder's addressee in capitals, and again after "ningún"
    (_SMS, "M. CARMEN", PATIENT),
    (_SMS, "JULIAN", PATIENT),
    # a relative named before a nickname and a phone's cue, spaced digits
    (_LOG + "02:10 llama el hijo desde bilbao, Gorka (Gorki) tlf 6 12 44 08 31, avisar si cambios\n", "Gorka", RELATIVE),
    # nicknames
    ("pac Remedios Alcaraz Pons (la Pitu) 88 anys SIP 20011933\n", "Pitu", PATIENT),
    ("int: Ruben Heredia Amaya alias el Chino, NIS 2010044521\n", "Chino", PATIENT),
    # a full name closed by an abbreviated surname, before a typed age
    ("dom 3/3 04:10\nAcoran Melian Glez 5a niño epis 2024U0001122\n", "Acoran Melian Glez", PATIENT),
    # numbers
    (_LOG + "llama su padre 948 20 31 77/690 412 338: no puede venir\n", "948 20 31 77", PHONE),
    (_LOG + "llama su padre 948 20 31 77/690 412 338: no puede venir\n", "690 412 338", PHONE),
    ("pago domiciliado, iban ES12 0049 1500 0512 3456 7890\n", "ES12 0049 1500 0512 3456 7890", OTHER),
    ("parte de lesiones nº PL-0388/24 al juzgado de guardia\n", "PL-0388/24", OTHER),
    # dates
    ("Fecha de la caida: 12/02/2024 (lunes)   Hora: 07:40\n", "lunes", DATE),
    (_LOG + "plan: paracetamol 1g/8h. reevaluar jueves. si fiebre avisar\n", "jueves", DATE),
    (_LOG + "seguimiento en consulta telefonica 14/5, traer analitica\n", "14/5", DATE),
]


@cases(POSITIVES)
def test_round23_positive(rules, text, value, labels):
    assert_found(rules, text, value, labels)


def test_initials_found_again_through_the_log(rules):
    assert_found(rules, _GYM, "PLM", STAFF, last=True)
    assert_found(rules, _DENTAL, "JO", STAFF, last=True)


def test_handover_name_after_a_colon(rules):
    assert_found(rules, _NIGHT, "Lucía", STAFF)


def test_name_again_after_none(rules):
    assert_found(rules, _SMS, "julian", PATIENT, last=True)


def test_nickname_after_relative(rules):
    text = _LOG + "02:10 llama la nieta desde vigo, Begoña (Bego) tlf 6 12 44 08 31, avisar si cambios\n"
    assert_found(rules, text, "Begoña", RELATIVE)
    assert_found(rules, text, "Bego", RELATIVE, last=True)


NEGATIVES = [
    # capitals that are clinical, not initials: never found again, even when a staff name precedes them
    (_GYM + "TA 120/80 FC 72, EVA 3\n", "TA", ANY),
    (_GYM + "TA 120/80 FC 72, EVA 3\n", "EVA", ANY),
    ("dr Ugarte (UCI) pasa visita, glasgow 15\n", "UCI", ANY),
    ("dr Ugarte (UCI) pasa visita, glasgow 15\n", "15", ANY),
    # initials defined by a registration line do not make a measure of the same letters a name
    ("MEG 0-90\nMEG col. 12345\n", "MEG 0-90", ANY),
    # a role's word then a clinical acronym closing the line
    (_LOG + "valorado en triaje HTA\n", "HTA", ANY),
    # handover verbs before ordinary words
    (_NIGHT + "paso a planta: estable\n", "planta", ANY),
    (_LOG + "recibo de Farmacia (tarde) la medicacion\n", "Farmacia", ANY),
    # a lawyer's word before a common word, an officer's word before a dose
    (_LOG + "el abogado Defensor pide copia\n", "Defensor", ANY),
    (_LOG + "funcionario de prisiones (nº de modulo 3)\n", "3", ANY),
    # capitals opening an SMS that are no given name
    ('2024-03-01;10:00;+34600111222;"CITA anulada. Llame al 968 000 000"\n', "CITA", ANY),
    ('2024-03-01;10:00;+34600111222;"RECUERDE traer el volante"\n', "RECUERDE", ANY),
    # "ninguna" before an ordinary word, or before a name the note does not hold
    (_LOG + "no refiere ninguna molestia\n", "molestia", ANY),
    (_LOG + "aqui no hay ninguna carmen\n", "carmen", ANY),
    # doses, fractions, scores and times are no phones nor dates
    (_LOG + "toma 1/2 comp 8:40 y 1/2 comp a las 20h\n", "1/2", ANY),
    (_LOG + "ta 120/80, glasgow 15, sat 97%\n", "120/80", ANY),
    (_LOG + "control glucemia 3/4 veces al dia\n", "3/4", ANY),
    # a weekday after a verb that is no appointment's, a weekday in a recurring schedule
    (_LOG + "30 mg los lunes y los viernes\n", "viernes", ANY),
    # an IBAN-like code with no cue and no valid check digits
    ("ref interna ES12 0049 1500 0512 3456 7890\n", "ES12 0049 1500 0512 3456 7890", ANY),
    # a parenthesised word that is no weekday
    ("Fecha: 12/02/2024 (urgente)\n", "urgente", ANY),
]


@cases(NEGATIVES)
def test_round23_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)
