"""The rules backend on places and bodies (round 22, places):

* a hospital after a unit written short or as an adjective (``uhd``, ``hosp de dia geriatrico``, ``cir vascular``), a
  saint and a given name that few catalogue hospitals hold (``urgencias san cecilio``) (unit_hospitals.py);
* a dateline's municipality, a road's point (``a la altura de``, ``a su paso por``), ``hospital`` and a town in lower
  case, the town right after an address without a comma, a parish before its municipality in parentheses, a town after
  a kind of workplace (place_forms.py);
* home oxygen suppliers, equipment makers, banks and large retailers by their brand alone, in any case, and the place
  of a branch after the brand (known_firms.py, firms.tsv);
* the Catalan police by its short name, regional health services and dependency agencies by their acronym
  (bodies.tsv).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import (ANY, BODY, HOME_VISIT_LOG, HOSPITAL, TOWN, assert_found, assert_not_found, cases)

_LOG = HOME_VISIT_LOG

POSITIVES = [
    # a unit written short or as an adjective, then the hospital
    (_LOG + "UHD basurto - hoja de relevo tarde\n", "basurto", HOSPITAL),
    (_LOG + "hosp de dia geriatrico HULP - nota de evolucion\n", "HULP", HOSPITAL),
    (_LOG + "pide IC a cir vascular bellvitge por isquemia\n", "bellvitge", HOSPITAL),
    (_LOG + "se va a urgencias san cecilio con su hermana\n", "san cecilio", HOSPITAL),
    # a dateline, a road's point: the municipality, a surname too
    ("Conclusiones: sanidad en 45 días.\n\nHaro, a 2/4/2024\nEl Médico Forense", "Haro", TOWN),
    ("Conclusiones: sanidad en 45 días.\n\nCuéllar, 3 de mayo de 2024\nFdo.", "Cuéllar", TOWN),
    ("Salida de vía en la A-1 a su paso por Cerezo de Abajo, sin otros vehículos.", "Cerezo de Abajo", TOWN),
    ("Colisión frontal en la N-232 a la altura de Alcañiz. Conducía un turismo.", "Alcañiz", TOWN),
    # "hospital" and a town typed in lower case in an ordinary note
    ("En mayo ingresó en hospital getafe por neumonía.", "hospital getafe", HOSPITAL),
    # the town right after an address, no comma
    (_LOG + "ruta: 1) c/ nou 3 pta 2 Alboraia 2) la segunda\n", "Alboraia", TOWN),
    ("15/03/2024 | 10:02 | entrega a domicilio C/ Major 3, 1r Sineu\n16/03/2024 | 12:00 | recoge en farmacia\n",
     "Sineu", TOWN),
    # a parish before its municipality in parentheses
    ("Vive en Lestrove (Dodro) cunha irmá, sen axudas.", "Lestrove", TOWN),
    # a town after a kind of workplace, in a note typed fast
    (_LOG + "trabajo en una conservera de bueu hasta los 55\n", "bueu", TOWN),
    (_LOG + "fue mecanico en el taller de tafalla muchos años\n", "tafalla", TOWN),
    # firms by their brand alone, any case
    (_LOG + "viene el tecnico de nipro a revisar el monitor\n", "nipro", BODY),
    (_LOG + "concentrador vivisol 3 lpm, portatil a cargo\n", "vivisol", BODY),
    (_LOG + "la pension la cobra en cajamar y la hija la gestiona\n", "cajamar", BODY),
    (_LOG + "compra las plantillas en el decathlon? no, en el primark\n", "primark", BODY),
    ("Su hijo trabaja en Mercadona, turno de mañana.", "Mercadona", BODY),
    ("La hija trabaja en eroski de Berrioplano, vive cerca.", "Berrioplano", TOWN),
    # the Catalan police, a regional health service, a dependency agency
    (_LOG + "avisan a mossos x la vecina, llegan 2 agentes\n", "mossos", BODY),
    ("Contrato SERIS para oxigenoterapia domiciliaria.", "SERIS", BODY),
    ("Grado II de dependencia reconocido por el IVASS en 2022.", "IVASS", BODY),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    assert_found(rules, text, value, labels, last=True, cover=True)


NEGATIVES = [
    # a unit then no hospital
    (_LOG + "hosp de dia geriatrico 3 dias a la semana\n", "dias", HOSPITAL),
    (_LOG + "ingresa en vascular por isquemia critica\n", "isquemia", HOSPITAL),
    # a line that opens on no town before its date; a road's point that is a level or a given name
    ("Paciente, 7 de marzo de 2024 acude por dolor.", "Paciente", TOWN),
    ("Hernia discal a la altura de L4-L5 sin compresión.", "L4-L5", ANY),
    ("Le duele a la altura de Carlos, dice su madre.", "Carlos", TOWN),
    # "hospital" and no town
    ("Ingresó en hospital general en febrero.", "general", HOSPITAL),
    (_LOG + "hospital de dia lunes y jueves\n", "lunes", HOSPITAL),
    # after an address: a person, a note
    (_LOG + "c/ nou 3 pta 2 sin ascensor\n", "sin ascensor", TOWN),
    # a kind of workplace and its goods
    (_LOG + "trabajo en un taller de costura hasta los 60\n", "costura", TOWN),
    (_LOG + "fabrica de cemento cerca de casa\n", "cemento", TOWN),
    # an adjective or a verb that a firm's name is made of; a product cited with its mark
    ("Mantenía una relación telefónica con ella desde 2021.", "telefónica", BODY),
    ("El paciente acciona el pulsador sin dificultad.", "acciona", BODY),
    ("Monitor NIM® Fresenius con electrodos de superficie.", "Fresenius", BODY),
    # clinical values stay untagged
    (_LOG + "glasgow 15, toma 1/2 comp a las 8:40\n", "glasgow 15", ANY),
    (_LOG + "glasgow 15, toma 1/2 comp a las 8:40\n", "1/2", ANY),
    (_LOG + "glasgow 15, toma 1/2 comp a las 8:40\n", "8:40", ANY),
    (_LOG + "ta 120/80 fc 72 sat 98%\n", "120/80", ANY),
    (_LOG + "pauta omeprazol 20 mg y paracetamol 1 g cada 8 h\n", "omeprazol", ANY),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels, last=True)
