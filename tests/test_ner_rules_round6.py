"""The rules backend on the generic misses of the round-6 notes (91-102): a speech-recognition dictation in lower
case under a banner in capitals (spoken punctuation, a name after "doctor", a surname's particles, record numbers,
dates and a street in words), English form labels (surname, given names, date of birth, home address, country,
card number), an Irish address (county, Eircode, the country), a name in capitals found again in title case, a
country that is also a name after "in", GPS coordinates of a home, an IBAN in groups of four, a collegiate number
after the college's acronym, and institution cues ("Entidad de adscripción:", a veterinary office).

Every snippet is fictional and written for this test; each positive failed on 90747e1. The negatives are
strings in the same layouts that must stay untagged.
"""
from __future__ import annotations

import pytest
from rules_probe import PATIENT, RELATIVE, STAFF, exactly, spans_of

DATE = {"FECHAS"}
TOWN = {"TERRITORIO"}
STREET = {"CALLE"}
COUNTRY = {"PAIS"}
_DICTATION = (
    "[DICTADO AUTOMÁTICO SIN REVISAR]\n"
    "informe de alta servicio de urología hospital universitario de cabueñes nueva línea paciente amador iglesias "
    "de la pola coma nacido en mil novecientos cincuenta coma número de historia cinco cinco dos uno ocho cero tres "
    "episodio nueve uno cero cero cuatro dos seis punto y aparte\n"
    "vive solo en la avenida de galicia número veintiocho segundo derecha de avilés punto y seguido "
    "se opera el diecinueve del dos y se revisa el tres del cuatro del veintiséis con ecografía punto y aparte\n"
    "alta el once de marzo del veintiséis coma control el jueves veintitrés punto y aparte\n"
    "dictado por doctora menéndez quirós colegiada cuatro cuatro uno siete dos cero nueve fin del dictado\n"
)
_EHIC = (
    "1  Surname: O'DONOGHUE\n"
    "2  Given names: SIOBHÁN AINE\n"
    "3  Date of birth: 04/02/1986\n"
    "4  Card identification number: 80372 00099 12345 67890\n"
    "Country of issue: IE (Ireland)\n"
    "Home address: 7 Beechwood Park, Mallow, Co. Cork P51 K2X4, Ireland\n"
    "Signature: S. O'Donoghue\n"
)

POSITIVES = [
    # a dictation: the lower-case body is read as a note in lower case despite the banner in capitals
    (_DICTATION, "hospital universitario de cabueñes", {"HOSPITAL"}),
    (_DICTATION, "amador iglesias de la pola", PATIENT),
    (_DICTATION, "cinco cinco dos uno ocho cero tres", {"ID_SUJETO_ASISTENCIA"}),
    (_DICTATION, "nueve uno cero cero cuatro dos seis", {"ID_CONTACTO_ASISTENCIAL"}),
    (_DICTATION, "avenida de galicia número veintiocho segundo derecha", STREET),
    (_DICTATION, "avilés", TOWN),
    (_DICTATION, "diecinueve del dos", DATE),
    (_DICTATION, "tres del cuatro del veintiséis", DATE),
    (_DICTATION, "once de marzo del veintiséis", DATE),
    (_DICTATION, "jueves veintitrés", DATE),
    (_DICTATION, "menéndez quirós", STAFF),
    (_DICTATION, "cuatro cuatro uno siete dos cero nueve", {"ID_TITULACION_PERSONAL_SANITARIO"}),
    ("Intervenido por el doctor Arias Canteli sin incidencias.", "Arias Canteli", STAFF),
    # English form labels and an Irish address
    (_EHIC, "SIOBHÁN AINE", PATIENT),
    (_EHIC, "80372 00099 12345 67890", {"ID_ASEGURAMIENTO"}),
    (_EHIC, "IE", COUNTRY),
    (_EHIC, "7 Beechwood Park", STREET),
    (_EHIC, "Mallow", TOWN),
    (_EHIC, "Co. Cork", TOWN),
    (_EHIC, "P51 K2X4", TOWN),
    (_EHIC, "Ireland", COUNTRY),
    (_EHIC, "O'Donoghue", PATIENT),  # the surname in capitals, found again in title case
    ("Surgery is planned in Jordan next month; the family flies from Amman.", "Jordan", COUNTRY),
    ("Tramitado por / Processed by: Maribel Pons Garau\n", "Maribel Pons Garau", STAFF),
    ("Técnico de epidemiología: Ramiro Solís Tena\n", "Ramiro Solís Tena", STAFF),
    # GPS coordinates of a patient's home
    ("Coordenadas: 43.3614 N, 5.8494 O (casa azul)", "43.3614 N, 5.8494 O", STREET),
    ("GPS: 42.87512, -8.54461\nDM2 en tratamiento", "42.87512, -8.54461", STREET),
    ("Ubicación: 40°25'08\"N 3°41'22\"W", "40°25'08\"N 3°41'22\"W", STREET),
    # an IBAN in groups of four (its check digits hold), a collegiate number after the college's acronym
    ("IBAN: ES91 2100 0418 4502 0005 1332\n", "ES91 2100 0418 4502 0005 1332", {"OTRO_NUMERO_IDENTIF"}),
    ("Responsable: Dr. Pau Serra Vives (COMIB 07/04412)", "07/04412", {"ID_TITULACION_PERSONAL_SANITARIO"}),
    # institution cues
    ("Entidad de adscripción: ADESLAS\n", "ADESLAS", {"INSTITUCION"}),
    ("Oficina Veterinaria Comarcal de Navalmoral (Sanidad Animal)", "Oficina Veterinaria Comarcal de Navalmoral", {"INSTITUCION"}),
]


@pytest.mark.parametrize(("text", "value", "labels"), POSITIVES)
def test_positive(rules, text, value, labels):
    assert exactly(rules, text, value, labels), spans_of(rules, text)


NEGATIVES = [
    # a lower-case note with spoken commas: a coma is no comma, numbers are no dates or identifiers
    ("paciente en coma etílico a su llegada punto y aparte\nnueva línea glasgow ocho", "coma", {"NUMERO_TELEFONO"}),
    ("Tomar uno del dos frascos cada día.", "uno del dos", DATE),
    ("Hemoglobina ocho coma dos, plaquetas normales.", "ocho coma dos", DATE),
    ("Repetir la dosis el lunes tres veces.", "lunes tres", DATE),
    ("Dosis: dos cuatro seis ocho uno dos mg repartidos.", "dos cuatro seis ocho uno dos", {"ID_SUJETO_ASISTENCIA"}),
    # decimals that are lab values, not coordinates; an IBAN-like code whose check digits fail
    ("Ratio 0.5512, 1.2240 en la serie", "0.5512, 1.2240", STREET),
    ("pH 7.3512, 7.4011 tras la corrección", "7.3512, 7.4011", STREET),
    ("Lote ES12 3456 7890 1234 5678 en nevera.", "ES12 3456 7890 1234 5678", {"OTRO_NUMERO_IDENTIF"}),
    # a surname that is a country, not after a place word
    ("Valorado con la Dra. Jordan en consulta.", "Jordan", COUNTRY),
    ("Country: Spain\nAddress: C/ Mayor 3, 28013 Madrid", "Spain", RELATIVE),
]


@pytest.mark.parametrize(("text", "value", "labels"), NEGATIVES)
def test_negative(rules, text, value, labels):
    start = text.index(value)
    end = start + len(value)
    assert not any(s < end and start < e and lab in labels for s, e, lab, _ in spans_of(rules, text)), spans_of(rules, text)
