"""The rules backend on places and bodies as a note typed fast names them (round 19, places):

* a brand after a job's cue in a note typed fast in lower case (``cajera en el mercadona``, ``repartidor con glovo``,
  ``trabaja a turnos en repsol``, ``treballa a la seat de martorell``, ``esta en primark de dependienta``, ``el bus de
  avanza``), the town after it a place of its own (typed_employers.py);
* a hospital right after a unit or a service (``hdd oncologia hulp``, ``(UCI HUMV)``, ``ucin basurto``) or after a
  stay's verb (``trasladada ayer de san rafael``) (unit_hospitals.py);
* more kinds before a name in lower case: a PAC is a centre (after ``del``/``al``/``el``/``en``/``de``, no given name
  after it: ``pac gervasio lorenzo`` is the patient; a title ends the name), an addiction unit (``uad``), a funeral home
  (``tanatorio``, ``funeraria``) a body; Cruz Roja (Creu Roja, Cruz Vermella) and the Xunta are listed bodies; a town
  after ``area``/``zona`` (which the census lists as given names) is no surname.

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import (ANY, BODY, CENTRE, HOME_VISIT_LOG, HOSPITAL, TOWN, assert_found, assert_not_found, cases)

_LOG = HOME_VISIT_LOG

POSITIVES = [
    # a brand after a profession and a preposition, with or without an article
    (_LOG + "su hija es cajera en el lidl del barrio\n", "lidl", BODY),
    (_LOG + "el hijo repartidor con deliveroo en bici\n", "deliveroo", BODY),
    (_LOG + "conductor de camion grua en ferrovisa, de baja\n", "ferrovisa", BODY),
    # after a verb of work, its job or its shift
    (_LOG + "trabaja de teleoperadora en konecta desde marzo\n", "konecta", BODY),
    (_LOG + "el marido trabaja a turnos en repsol\n", "repsol", BODY),
    (_LOG + "esta de turno en acerinox hasta las 22h\n", "acerinox", BODY),
    (_LOG + "anda currando en mercasevilla de noche\n", "mercasevilla", BODY),
    (_LOG + "la nora treballa a la seat, ve els dissabtes\n", "seat", BODY),
    (_LOG + "o fillo traballa na citroen, vai a turnos\n", "citroen", BODY),
    # the brand before its job
    (_LOG + "la nieta esta en primark de dependienta\n", "primark", BODY),
    # a vehicle of a firm
    (_LOG + "vuelve a casa en el autobus de monbus\n", "monbus", BODY),
    # the town after the brand is a place of its own
    (_LOG + "treballa a la seat de martorell fa anys\n", "martorell", TOWN),
    # a hospital's acronym after a unit, in lower case or in capitals, in any note
    (_LOG + "hdd oncologia hulp sillon 3, 2º ciclo\n", "hulp", HOSPITAL),
    (_LOG + "5ª medicina interna hurh hab 512\n", "hurh", HOSPITAL),
    ("Se traslada en SVA a la UCI HUMV con informe de alta.", "HUMV", HOSPITAL),
    # a catalogue hospital's name after a unit, also a given name that is its whole name
    (_LOG + "relevo ucin basurto turno de noche\n", "basurto", HOSPITAL),
    # after a stay's verb: a saint and a given name
    (_LOG + "gemelas trasladadas ayer de san rafael x distres\n", "san rafael", HOSPITAL),
    # kinds before a name, listed bodies, a town after a place's kind
    (_LOG + "avisado medico del pac villanueva a las 23h\n", "pac villanueva", CENTRE),
    (_LOG + "certifica el medico del pac tineo dra ruiz\n", "pac tineo", CENTRE),
    (_LOG + "sigue en la uad el fontanal - revision\n", "uad el fontanal", BODY),
    (_LOG + "traslado al tanatorio albia esta tarde\n", "tanatorio albia", BODY),
    (_LOG + "la recoge la ambulancia de cruz roja a las 10\n", "cruz roja", BODY),
    (_LOG + "te teleassistencia de creu roja\n", "creu roja", BODY),
    (_LOG + "solicitan axuda no fogar a xunta\n", "xunta", BODY),
    ("ESAD area caceres - registro de visitas\n" + _LOG, "caceres", TOWN),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    assert_found(rules, text, value, labels, last=True)


NEGATIVES = [
    # a kind of workplace, a sector or a term of a job is no brand
    (_LOG + "trabaja en casa cuidando a su madre\n", "casa", BODY),
    (_LOG + "trabaja en una fabrica de muebles\n", "fabrica", BODY),
    (_LOG + "trabaja a jornada completa de lunes a viernes\n", "jornada", BODY),
    (_LOG + "cajera en el super del pueblo\n", "super", BODY),
    (_LOG + "trabaja en hosteleria en verano\n", "hosteleria", BODY),
    (_LOG + "trabaja en la construccion con su cuñado\n", "construccion", BODY),
    (_LOG + "camarero en el restaurante del hotel\n", "restaurante", BODY),
    (_LOG + "conductor de ambulancia en urgencias\n", "urgencias", BODY),
    (_LOG + "trabaja en el almacen de noche\n", "almacen", BODY),
    (_LOG + "trabaja con contrato temporal\n", "contrato", BODY),
    (_LOG + "vino en la ambulancia de soporte vital basico\n", "soporte", BODY),
    # a drug after a verb of work, a town after a cue is a place, not a body
    (_LOG + "trabaja con paracetamol si dolor\n", "paracetamol", BODY),
    (_LOG + "trabaja en valladolid desde enero\n", "valladolid", BODY),
    # a unit after a unit, an ordinary word, a person after a unit, a ward after a stay's verb are no hospital
    (_LOG + "hdd oncologia sillon 3, 2º ciclo\n", "oncologia", HOSPITAL),
    (_LOG + "urgencias causa desconocida, se observa\n", "causa", ANY),
    (_LOG + "relevo uci marta llama a las 9\n", "marta", HOSPITAL),
    (_LOG + "derivado a cardiologia para eco\n", "cardiologia", HOSPITAL),
    (_LOG + "ingresado en aislamiento de contacto\n", "aislamiento", HOSPITAL),
    (_LOG + "uci pediatrica sin camas hoy\n", "pediatrica", HOSPITAL),
    # a kind with an ordinary word or a dose after it is no name
    (_LOG + "tanatorio municipal avisado\n", "tanatorio municipal", BODY),
    (_LOG + "toma 1 cp cada 8 horas si dolor\n", "cp cada", ANY),
    (_LOG + "pac de guardia avisado a las 3\n", "pac de guardia", CENTRE),
    # "pac" for the patient before a name
    (_LOG + "ingresa de urg pac remedios lozano 80a\n", "remedios lozano", CENTRE),
    # clinical values stay untagged
    (_LOG + "glasgow 15, toma 1/2 comp a las 8:40\n", "glasgow 15", ANY),
    (_LOG + "glasgow 15, toma 1/2 comp a las 8:40\n", "1/2", ANY),
    (_LOG + "glasgow 15, toma 1/2 comp a las 8:40\n", "8:40", ANY),
    (_LOG + "ta 120/80 fc 72 sat 98%\n", "120/80", ANY),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels, last=True)
