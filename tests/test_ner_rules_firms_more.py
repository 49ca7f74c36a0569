"""The rules backend on firms named by their brand alone, in any case (known_firms.py, firms.tsv; session 27): the
regional supermarkets, chains, telecoms, utilities, transport operators, industrial employers and banks that a social
or work history names, and the words those lists leave out because a note uses them otherwise.

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import ANY, BODY, HOME_VISIT_LOG, assert_found, assert_not_found, cases

_LOG = HOME_VISIT_LOG

POSITIVES = [
    (_LOG + "la hija es cajera en el gadis de al lado\n", "gadis", BODY),
    (_LOG + "trabajo 20 años en michelin, turnos de noche\n", "michelin", BODY),
    (_LOG + "el yerno conduce para alsa, sale temprano\n", "alsa", BODY),
    ("Operario de línea en Gestamp desde 2015, sin exposición a disolventes.", "Gestamp", BODY),
    (_LOG + "reparte para seur y vive solo\n", "seur", BODY),
    ("La factura de vodafone la paga su sobrino.", "vodafone", BODY),
    (_LOG + "cobra la pension en ibercaja y la gestiona la hija\n", "ibercaja", BODY),
    ("Jubilado de Navantia (astillero), asbestosis en seguimiento.", "Navantia", BODY),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    assert_found(rules, text, value, labels, last=True, cover=True)


NEGATIVES = [
    # words a firm is named like, left out of the list
    ("Recibe los resultados por correos electrónicos cada semana.", "correos", BODY),
    ("Refiere un consum elevat d'alcohol els caps de setmana.", "consum", BODY),
    ("Prepara la medicación con primor y sin errores.", "primor", BODY),
    ("Dolor en rodilla derecha tras caída, sin derrame.", "rodilla", BODY),
    # clinical values stay untagged
    (_LOG + "glasgow 15, toma 1/2 comp a las 8:40\n", "8:40", ANY),
    (_LOG + "ta 120/80 fc 72 sat 98%\n", "120/80", ANY),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels, last=True)
