"""The rules backend on places and bodies (round 20, places):

* a note dictated to a voice assistant keeps its spoken punctuation (``punto y aparte``, ``coma``): read as a note
  typed fast in lower case though it has few lines, so its hospitals, centres, streets and towns in lower case are
  found (typed_fast.typed_in_lower); ``usa`` typed in lower case is the verb, not the country;

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import assert_found, assert_not_found, cases, filler_log

HOSPITAL = {"HOSPITAL"}
CENTRE = {"CENTRO_SALUD"}
BODY = {"INSTITUCION"}
TOWN = {"TERRITORIO"}
STREET = {"CALLE"}
COUNTRY = {"PAIS"}
ANY = {"HOSPITAL", "CENTRO_SALUD", "INSTITUCION", "TERRITORIO", "PAIS", "CALLE", "NOMBRE_SUJETO_ASISTENCIA",
       "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA", "ID_SUJETO_ASISTENCIA", "FECHAS",
       "OTRO_NUMERO_IDENTIF", "NUMERO_TELEFONO", "EDAD_SUJETO_ASISTENCIA"}
# a note typed fast: lines start in lower case (a few capitals stay)
_LOG = filler_log("visita domiciliaria de enfermeria", "paciente tranquilo sin incidencias",
                  "se revisa pastillero semanal ok", "pendiente analitica de control", "TA y FC dentro de rango",
                  "refiere poco apetito x las noches", "se insiste en beber agua", "proxima visita en 5 dias")
# a dictation: one heading in capitals, few lines, the punctuation spoken
_DICTATION = ("[Dictado automático - REVISAR] usuario R2 cód 55\n"
              "nota de evolución punto y aparte\n"
              "paciente estable coma sin fiebre punto tolera dieta punto y aparte\n"
              "antecedentes dos puntos hta coma dislipemia punto y aparte\n")

POSITIVES = [
    # a dictated note is read as typed in lower case
    (_DICTATION + "ingreso previo en el hospital de alcañiz en mayo punto y aparte\n", "hospital de alcañiz", HOSPITAL),
    (_DICTATION + "consultas de neumologia del hospital de barbastro coma punto y aparte\n", "hospital de barbastro", HOSPITAL),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    assert_found(rules, text, value, labels, last=True, cover=True)


NEGATIVES = [
    # "usa" in lower case is the verb
    (_DICTATION + "en casa usa un andador punto y aparte\n", "usa", COUNTRY),
    (_LOG + "en casa usa un andador de 4 ruedas\n", "usa", COUNTRY),
    # an ordinary note that says "punto" is no dictation
    ("Paciente a punto de alta. Refiere dolor en el punto de punción. Glasgow 15.", "punto", ANY),
    # clinical values stay untagged
    (_DICTATION + "glasgow 15, toma 1/2 comp a las 8:40\n", "glasgow 15", ANY),
    (_DICTATION + "glasgow 15, toma 1/2 comp a las 8:40\n", "1/2", ANY),
    (_DICTATION + "glasgow 15, toma 1/2 comp a las 8:40\n", "8:40", ANY),
    (_LOG + "ta 120/80 fc 72 sat 98%\n", "120/80", ANY),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels, last=True)
