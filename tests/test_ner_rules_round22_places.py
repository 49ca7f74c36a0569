"""The rules backend on places and bodies (round 22, places):

* home oxygen suppliers, equipment makers, banks and large retailers by their brand alone, in any case, and the place
  of a branch after the brand (known_firms.py, firms.tsv);
* the Catalan police by its short name, regional health services and dependency agencies by their acronym
  (bodies.tsv).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import (ANY, BODY, HOME_VISIT_LOG, TOWN, assert_found, assert_not_found, cases)

_LOG = HOME_VISIT_LOG

POSITIVES = [
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
