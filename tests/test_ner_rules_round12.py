"""The rules backend on the generic misses of the round-12 notes (163-174, everyday layouts): a shift note's staff in
lower case (after a title, before the shift or a ward role in parentheses, a given name with an initial) and the
patient's ``surnames, given name`` on the record's line; a staff field that ends at a lower-case sentence; public
bodies and service companies by name (health and emergency services, police forces, dependency agencies, prevention
services, home-care contractors) and a Basque department by its kind; a social-services unit, a Basque health
centre's ``OZ`` and a hospital abbreviated ``H.`` after an article; a company's social-security account, a doctor's
code at a mutua, a payroll number, an admission's number, a report's reference and a notification's code; a Catalan
abbreviated weekday, the day of the last time something happened, a four-letter Galician month, ``el pasado día``;
a relative after a dash, the Basque word for spouse; the second town of a health area's name; a Basque street named
after a titled person, an industrial estate as a workplace, a flat's whole door word ("derecha", not "der"); a
mental-health team (``ESM``), a court in a heading in capitals, a night shift over two days (``21→22/01/25``).

Every snippet is fictional and written for this test; each positive failed on f114bb3. The negatives are strings in
the same layouts that must stay untagged.
"""
from __future__ import annotations

import pytest
from rules_probe import FACILITIES, NAMES, PATIENT, PLACES, RELATIVE, STAFF, spans_of

INSTITUTION = {"INSTITUCION"}
DATE = {"FECHAS"}
OTHER_ID = {"OTRO_NUMERO_IDENTIF"}
STAFF_ID = {"ID_EMPLEO_PERSONAL_SANITARIO"}
CONTACT_ID = {"ID_CONTACTO_ASISTENCIAL"}
_SHIFT = (
    "EVOLUTIVO DE ENFERMERÍA · UCI\n"
    "cama 12 · gallardo ruiz, mª luisa · nhc 55.201.774 · 79a\n"
    "recibo a las 15h de lourdes p. (turno mañana). tcae: conchi. médico de guardia: dra. pons.\n"
    "se avisa al dr. montero por hipotensión. movilizada con ayuda de rafa (celador).\n"
    "pendiente: valoración por rehabilitación (Sergio T. pasará por la tarde).\n"
    "a las 22h entrego a toñi bermejo (turno noche), estable.\n"
)

POSITIVES = [
    # a shift note's staff in lower case, the patient on the record's line
    (_SHIFT, "gallardo ruiz, mª luisa", PATIENT),
    (_SHIFT, "lourdes p.", STAFF),
    (_SHIFT, "conchi", STAFF),
    (_SHIFT, "montero", STAFF),
    (_SHIFT, "rafa", STAFF),
    (_SHIFT, "Sergio T.", STAFF),
    (_SHIFT, "toñi bermejo", STAFF),
    ("Fdo.: A. Zamora        P. Iglesias (enf.)\n", "P. Iglesias", STAFF),
    # public bodies and service companies by name, a Basque department by its kind
    ("Trasladado por el SUMMA 112 a urgencias tras la caída.\n", "SUMMA 112", INSTITUTION),
    ("Acude acompañado por agentes de la Policía Local desde la vía pública.\n", "Policía Local", INSTITUTION),
    ("OSAKIDETZA\nInforme de alta de urgencias\n", "OSAKIDETZA", INSTITUTION),
    ("Pendiente de la resolución del grado de dependencia por el IMSERSO.\n", "IMSERSO", INSTITUTION),
    ("Reconocimiento médico anual por Quirónprevención sin hallazgos.\n", "Quirónprevención", INSTITUTION),
    ("La ayuda a domicilio la presta Clece dos horas al día.\n", "Clece", INSTITUTION),
    ("Baja laboral comunicada (Osasun Saila).\n", "Osasun Saila", INSTITUTION),
    # a social-services unit, a Basque health centre's "OZ", a hospital abbreviated after an article
    ("Se coordina con la trabajadora social de la UBAS Sardinero.\n", "UBAS Sardinero", INSTITUTION),
    ("Control en Amara OZ en 48 horas.\n", "Amara OZ", FACILITIES),
    ("Su nuera es auxiliar en el H. Valme y le ayuda con las curas.\n", "H. Valme", FACILITIES),
    # numbers by their cue
    ("Razón social: Talleres del Norte S.L.   CCC: 46/2093318/05\n", "46/2093318/05", OTHER_ID),
    ("Médico: Dra. Ana Gil · Código de facultativo 0093-VA\n", "0093-VA", STAFF_ID),
    ("enf.: Lucía Gómez · nº mecanizado 2.004.118\n", "2.004.118", STAFF_ID),
    ("Ingresada en Neumología (nº de ingreso 25-0044120) por EPOC agudizado.\n", "25-0044120", CONTACT_ID),
    ("Ref. UTS: UTS-2025/0311\n", "UTS-2025/0311", OTHER_ID),
    ("Nº de referencia interna: PSQ-2025/0045\n", "PSQ-2025/0045", OTHER_ID),
    ("Se notifica en el sistema de incidencias (nº SIN-PAC 24/1187).\n", "SIN-PAC 24/1187", OTHER_ID),
    # dates
    ("Última deposición 6/3, dieta rica en fibra.\n", "6/3", DATE),
    ("Educació sanitària feta dj. 14/03 amb la filla.\n", "dj. 14/03", DATE),
    ("Repetir a analítica; chamar se non hai cita en xuño.\n", "xuño", DATE),
    ("La vecina avisó a la familia el pasado día 9 por la mañana.\n", "día 9", DATE),
    # relatives
    ("Contacto: hija - Rosario Benítez 600 111 222\n", "Rosario Benítez", RELATIVE),
    ("Ezkontidea jakinaren gainean dago.\n", "Ezkontidea", RELATIVE),
    # the second town of a health area's name
    ("SERGAS · Área Sanitaria de Ferrol e Ortegal\n", "Ortegal", PLACES),
    # a Basque street named after a titled person; an industrial estate as a workplace; a flat's whole door word
    ("OSPITALEA\nArrieta doktorea pasealekua, 22 / Paseo Dr. Arrieta, 22\n", "Arrieta doktorea pasealekua, 22", PLACES),
    ("Centro de trabajo: Pol. Ind. El Oliveral, calle 3, nave 14, 46190 Ribarroja\n", "Pol. Ind. El Oliveral, calle 3, nave 14", PLACES),
    ("con domicilio en Calle Real, 12, 3º izquierda, de esta ciudad.\n", "Calle Real, 12, 3º izquierda", PLACES),
    # a mental-health team by its acronym, a court in a heading typed in capitals, a night shift over two days
    ("Seguimiento en ESM Ribera (psicóloga cada mes).\n", "ESM Ribera", FACILITIES),
    ("HOJA DE ENFERMERÍA · noche 14→15/03/25\n", "14→15/03/25", DATE),
]


@pytest.mark.parametrize(("text", "value", "labels"), POSITIVES)
def test_positive(rules, text, value, labels):
    """One detected span with one of ``labels`` is exactly ``value`` (its first occurrence)."""
    start = text.index(value)
    found = spans_of(rules, text)
    assert any(lab in labels and (s, e) == (start, start + len(value)) for s, e, lab, _ in found), found


def test_court_in_capitals_keeps_its_seat_a_place(rules):
    """``AL JUZGADO DE PRIMERA INSTANCIA Nº 4 DE LEÓN``: the court by its kind and number, its seat a town."""
    text = "OFICIO\n\nAL JUZGADO DE PRIMERA INSTANCIA Nº 4 DE LEÓN\n"
    found = spans_of(rules, text)
    court = "JUZGADO DE PRIMERA INSTANCIA Nº 4"
    assert (text.index(court), text.index(court) + len(court), "INSTITUCION", court) in found, found
    assert (text.index("LEÓN"), len(text) - 1, "TERRITORIO", "LEÓN") in found, found


def test_staff_field_stops_at_lower_case_sentence(rules):
    """``tcae: conchi. médico de guardia: ...``: the field's name, not the sentence after it."""
    start = _SHIFT.index("conchi")
    assert not any(s <= start < e and e > start + len("conchi") for s, e, _, _ in spans_of(rules, _SHIFT))


ANY = {"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA", "CALLE", "TERRITORIO",
       "HOSPITAL", "CENTRO_SALUD", "INSTITUCION", "FECHAS", "OTRO_NUMERO_IDENTIF", "ID_EMPLEO_PERSONAL_SANITARIO",
       "ID_CONTACTO_ASISTENCIAL", "ID_SUJETO_ASISTENCIA"}
NEGATIVES = [
    # a title without a name, a word before the shift or a role that is no given name
    ("Avisado al dr. de guardia, sin cambios.\n", "de guardia", NAMES),
    ("cura de la herida pendiente (turno mañana).\n", "herida pendiente", NAMES),
    ("movilización con grúa (celador) sin incidencias.\n", "grúa", NAMES),
    # a lower-case list on a record's line that holds no names
    ("cama 4 · fiebre alta, tos seca · nhc 123456\n", "fiebre alta, tos seca", NAMES),
    # an initial and a surname is a person, not a hospital
    ("visto por H. Martínez en la consulta de la tarde.\n", "H. Martínez", FACILITIES),
    # ounces after a number
    ("Toma 2 OZ de zumo por la mañana.\n", "OZ", ANY),
    # a dose after "última", a day of a stay
    ("Última toma 1/2 comp de lorazepam.\n", "1/2", DATE),
    ("Día 4 de estancia en la unidad.\n", "Día 4", DATE),
    # a catalogue's reference, a room's number
    ("Prótesis de cadera ref. 4410-22 implantada sin incidencias.\n", "4410-22", ANY),
    ("Ingresa en hab. nº 304 de la planta 3.\n", "304", ANY),
    # a relative's state after a dash
    ("Padre - Fallecido por IAM a los 70 años.\n", "Fallecido", NAMES),
    # a street named after a doctor, in lower case
    ("Hospital General. C/ Dr. esquerdo, 46. 28007 Madrid.\n", "esquerdo", NAMES),
    # a body's name inside an e-mail address
    ("Correo: avisos@summa112.es\n", "summa112", INSTITUTION),
]


@pytest.mark.parametrize(("text", "value", "labels"), NEGATIVES)
def test_negative(rules, text, value, labels):
    """No detected span with one of ``labels`` overlaps ``value``."""
    start = text.index(value)
    end = start + len(value)
    found = spans_of(rules, text)
    assert not any(lab in labels and s < end and start < e for s, e, lab, _ in found), found
