"""The rules backend on places and bodies (round 23, places):

* a triage sheet whose lines open on headings in capitals (``MC:``, ``TEP:``, ``NIVEL 2``) but whose words are typed in
  lower case is a note typed fast: a heading or an acronym at a line's start tells neither way (typed_fast.py);
* a district after ``bº``/``bo.``/``barrio de``/``barrio`` and a capital, and a place after ``frontera de`` written
  with its capital (places_after.py);
* a town after an address's floor with its postal code in parentheses (``bajo villena (03400)``): the town and the
  code (places_after.py, place_pairs.py);
* a hospital's kind acronym and its capitalised name (``HGU Sta Lucia``), ahead of a country its name holds
  (acronym_hospitals.py); a stay's verb and a capitalised word of a catalogue hospital's name in a note not typed in
  lower case (``ingresada en la Paz``-like short names) (unit_hospitals.py);
* a care team's acronym and its area (``ESAD Zamora Norte``), an emergency service's acronym after ``ambulancia``
  (care_teams.py);
* a trade's firm named ``hnos`` before the surname, a shop named with its article (``ortopedia la x``)
  (typed_workplaces.py);
* a capitalised municipality after a kind of workplace in lower case and ``de`` that ends its clause, in a note of any
  case (``en una fábrica de Martos.``) (place_forms.py).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import (ANY, BODY, CENTRE, HOME_VISIT_LOG, HOSPITAL, TOWN, assert_found, assert_not_found, cases, filler_log)

from surrogate.ner.rules.typed_fast import typed_in_lower

COUNTRY = {"PAIS"}
_LOG = HOME_VISIT_LOG
# a triage sheet: headings in capitals, the rest typed fast in lower case
_TRIAGE = filler_log(
    "URG GENERALES HUVR — TRIAJE", "lun 3/2 10:05", "Marcos 7a niño", "acomp padre, trabaja fuera",
    "MC: tos y mocos 4 dias, afebril", "TEP: estable, resp ok", "EF: buen estado general. ORL normal",
    "NIVEL 4 verde -> consultas", "se explica signos de alarma", "alta a domicilio con lavados nasales",
    "MC: dolor abdominal desde ayer", "NIVEL 3 amarillo -> box 2")

POSITIVES = [
    # a triage sheet typed fast under capital headings: the lower-case places of a note typed fast
    (_TRIAGE + "vienen de ecuador hace un año, viven con los abuelos\n", "ecuador", COUNTRY),
    (_TRIAGE + "traido x ambulancia desde ponferrada con su madre\n", "ponferrada", TOWN),
    # a district after its cue
    (_LOG + "dom c/ olmo 7 1º, bº las moreras de abajo. sin ascensor\n", "las moreras de abajo", TOWN),
    (_LOG + "natural de jaen (bº peñamefecit). vive solo\n", "peñamefecit", TOWN),
    ("Vive con su hija en el barrio de Vistalegre desde hace años.", "Vistalegre", TOWN),
    ("Reside en el barrio San Cristóbal, en un segundo sin ascensor.", "San Cristóbal", TOWN),
    # a place after a border
    ("Llegó ayer cruzando la frontera de Ceuta a pie con su hermano.", "Ceuta", TOWN),
    (_LOG + "volvio el domingo por la frontera de Tui, trae la medicacion\n", "Tui", TOWN),
    # a town after an address's floor, the postal code in parentheses
    (_LOG + "dom c/ mayor 4 bajo villena (03400). llamar al timbre\n", "villena", TOWN),
    (_LOG + "dom c/ mayor 4 bajo villena (03400). llamar al timbre\n", "03400", TOWN),
    # a hospital's kind acronym and its name
    ("2024-03-02;10:01;OUT;\"HCU Sta Teresa: JUAN tiene cita CEX el 04/03\"\n", "HCU Sta Teresa", HOSPITAL),
    ("Informe de alta · HGU Virgen del Prado · Servicio de Medicina Interna", "HGU Virgen del Prado", HOSPITAL),
    ("Remitida al HU Río Hortega para estudio.", "HU Río Hortega", HOSPITAL),
    # a stay's verb and a catalogue hospital's short name, capitalised, in a message
    ("\"mi padre no puede ir, esta ingresado en el Valdecilla desde el lunes\"", "Valdecilla", HOSPITAL),
    # a care team's acronym and its area; an emergency service after "ambulancia"
    ("Seguimiento por ESAD Zamora Norte desde el alta.", "ESAD Zamora Norte", CENTRE),
    ("PADES Osona · visita domiciliaria 3/4 10h\n", "PADES Osona", CENTRE),
    (_LOG + "traslado en ambulancia SAMU al hospital\n", "SAMU", BODY),
    (_LOG + "la recoge la ambulancia del SEM a las 9\n", "SEM", BODY),
    # a trade's firm named by the brothers' word, a shop with its article
    (_LOG + "el hijo trabaja en transportes hnos lozoya, de chofer\n", "transportes hnos lozoya", BODY),
    (_LOG + "muletas de ortopedia la alcazaba, las traen el martes\n", "ortopedia la alcazaba", BODY),
    # a capitalised municipality after a kind of workplace, in an ordinary note
    ("Profesión: trabajó treinta años en una fábrica de Martos, ya jubilado.", "Martos", TOWN),
    ("Antes fue dependienta en una tienda de Ribadeo y en la conservera de Cangas.", "Ribadeo", TOWN),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    assert_found(rules, text, value, labels)


NEGATIVES = [
    # clinical values and common words under the triage sheet's headings
    (_TRIAGE + "glasgow 15, ta 120/80, fc 98\n", "glasgow 15", ANY),
    (_TRIAGE + "glasgow 15, ta 120/80, fc 98\n", "120/80", ANY),
    (_TRIAGE + "apiretal 1/2 comp a las 8:40\n", "1/2 comp", ANY),
    (_TRIAGE + "apiretal 1/2 comp a las 8:40\n", "8:40", ANY),
    # a barrio without a name, a border that is no place
    ("Vive en el barrio obrero de la ciudad, sin ascensor.", "obrero de la ciudad", ANY),
    ("Vive en un barrio humilde de la ciudad con su madre.", "humilde", ANY),
    (_LOG + "ta en la frontera de lo normal, repetir mañana\n", "lo normal", ANY),
    ("Resultado en la frontera de la significación estadística.", "significación", ANY),
    # a lab value in parentheses after an address's floor is no postal code
    (_LOG + "amoxicilina 500 (8 comp) en el bajo de la mesilla\n", "8 comp", ANY),
    # a unit after a hospital's acronym, a lab's acronym, a kind of ambulance
    ("Revisión en HGU Traumatología el martes.", "Traumatología", ANY),
    ("HCV positivo. HbA1c 7,2%. HG Normal.", "HCV positivo", ANY),
    ("Traslado en ambulancia SVB sin incidencias, TA 120/80.", "SVB", ANY),
    # a stay's verb before a unit, a town
    ("Ingresado en Medicina Interna. Derivado a Cardiología. Trasladado a Valladolid.", "Cardiología", ANY),
    ("Ingresado en Medicina Interna. Derivado a Cardiología. Trasladado a Valladolid.", "Medicina Interna", ANY),
    # a shop's kind before an adjective, a trade before an ordinary word
    (_LOG + "se pide a la ortopedia la tecnica de siempre\n", "tecnica", ANY),
    (_LOG + "transportes hnos. sanitarios para la consulta\n", "sanitarios", ANY),
    # a workplace's kind before a capitalised word that is no town, or a town that begins a longer name
    ("Estudió en la escuela de Enfermería y trabajó en un taller de Chapa.", "Enfermería", ANY),
    ("Trabaja en el taller de Vigo Motor desde 2019.", "Vigo", TOWN),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)


def test_capital_headings_tell_neither_way():
    prose = ("MOTIVO DE CONSULTA: Dolor torácico.\nANTECEDENTES: Hipertensión arterial.\nEXPLORACIÓN: Consciente. "
             "Orientado. Eupneico.\nPLAN: Control en consulta. Analítica en un mes. Revisión por cardiología.\n")
    assert not typed_in_lower(prose)
    assert typed_in_lower(_TRIAGE)
