"""The rules backend on places and bodies (round 20, places):

* a note dictated to a voice assistant keeps its spoken punctuation (``punto y aparte``, ``coma``): read as a note
  typed fast in lower case though it has few lines, so its hospitals, centres, streets and towns in lower case are
  found (typed_fast.typed_in_lower); ``usa`` typed in lower case is the verb, not the country;
* a postal code after a flat's floor and door (``c/ olmo 3 bajo 50012``) or before a dash (``huesca 22004 - tlf``) on
  an address line (place_pairs.py);
* a known municipality right after a hospital, a centre or a body (its seat), the district after a street's address
  in a note typed fast, and a name after ``parroquia de``, ``barriada``, ``distrito``, ``pedanía de``, ``aldea de``
  (places_after.py);
* a firm after a trade and ``de`` at a clause's end (``vigilante de eulen,``, ``soldador jubilado de acerinox
  (algeciras)``) and ``empresa (x, es cajera)`` (typed_employers.py);
* a device's maker (``concentrador de praxair serie``), a benefit's payer (``cobra la rgi de hobetuz,``), a carrier after
  the trip (``vuelo Vueling``, ``ferry trasmed``), and a bank's or a bus line's shape typed in lower case (``…bank``,
  ``…bus``) (brand_cues.py);

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import (ANY, BODY, HOME_VISIT_LOG, HOSPITAL, TOWN, assert_found, assert_not_found, cases)

STREET = {"CALLE"}
COUNTRY = {"PAIS"}
_LOG = HOME_VISIT_LOG
# a dictation: one heading in capitals, few lines, the punctuation spoken
_DICTATION = ("[Dictado automático - REVISAR] usuario R2 cód 55\n"
              "nota de evolución punto y aparte\n"
              "paciente estable coma sin fiebre punto tolera dieta punto y aparte\n"
              "antecedentes dos puntos hta coma dislipemia punto y aparte\n")

POSITIVES = [
    # a dictated note is read as typed in lower case
    (_DICTATION + "ingreso previo en el hospital de alcañiz en mayo punto y aparte\n", "hospital de alcañiz", HOSPITAL),
    (_LOG + "domic c/ del olmo 3 bajo 50012.\n", "50012", TOWN),
    (_LOG + "vive en c/ coso 17, 2º izda 50003, sola\n", "50003", TOWN),
    (_LOG + "domic av pirineos 9 huesca 22004 - tlf 974 00 00 00\n", "22004", TOWN),
    (_LOG + "domic c/ san juan 40 pta 3 torrero 50007 - 3º sin ascensor\n", "50007", TOWN),
    # a seat after a facility, a district after an address, a place after its cue
    (_LOG + "se deriva a urg hospital do salnes vilagarcia de arousa\n", "vilagarcia de arousa", TOWN),
    ("Valorada en el Hospital Comarcal de Valdeorras, O Barco de Valdeorras, el pasado mes.", "O Barco de Valdeorras", TOWN),
    (_LOG + "domic c/ huerta 12 3º dcha, benicalap. vive sola\n", "benicalap", TOWN),
    (_LOG + "domic c/ de la paz 8 bajo el cabanyal 46011\n", "el cabanyal", TOWN),
    (_LOG + "vive en lugar de outeiro 2, parroquia de san xoan de rio, ourense\n", "san xoan de rio", TOWN),
    (_LOG + "informe de ss.ss. distrito la chana, sin incidencias\n", "la chana", TOWN),
    ("Reside en la Bda. Los Rosales, c/ Pino 3.", "Los Rosales", TOWN),
    (_LOG + "vive en la pedania de la aljorra con su hijo\n", "la aljorra", TOWN),
    ("Vive en el distrito de Moratalaz, solo.", "Moratalaz", TOWN),
    # a firm after a trade, a maker, a payer, a carrier, a shape
    (_LOG + "el hijo es vigilante de eulen, turno de noche\n", "eulen", BODY),
    (_LOG + "tornero jubilado de acerinox (algeciras), epoc\n", "acerinox", BODY),
    (_LOG + "en verano repartidor de deliveroo en sevilla\n", "deliveroo", BODY),
    (_LOG + "trae justificante de la empresa (lidl, es reponedora)\n", "lidl", BODY),
    (_LOG + "concentrador de praxair serie LX-22-0091 funciona bien\n", "praxair", BODY),
    (_LOG + "cpap de resmed nº 4471 sin fugas\n", "resmed", BODY),
    (_LOG + "cobra rgi de hobetuz, no le llega\n", "hobetuz", BODY),
    ("Regresa el lunes en vuelo Vueling a Bilbao con acompañante.", "Vueling", BODY),
    (_LOG + "vuelve en ferry trasmed a ibiza el martes\n", "trasmed", BODY),
    (_LOG + "dice q abanbank le ha cobrado dos veces\n", "abanbank", BODY),
    (_LOG + "llega tarde xq el tuzsabus no paso\n", "tuzsabus", BODY),
    # a hospital after its pharmacy or social work, after "ingreso" and a weekday
    (_LOG + "llamar a trabajo social arrixaca x el alta\n", "arrixaca", HOSPITAL),
    (_LOG + "su marido ingreso el lunes en valdecilla x neumonia\n", "valdecilla", HOSPITAL),
    (_LOG + "recoge la medicacion en farmacia hulp el martes\n", "hulp", HOSPITAL),
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
    # a trade's subject or goods, a device's use, a benefit's kind, a flight's number, a town after the trip
    (_LOG + "su hija es profesora de ingles en un instituto\n", "ingles", BODY),
    (_LOG + "el marido repartidor de pizzas, no viene\n", "pizzas", BODY),
    (_LOG + "monitor de yoga, hace deporte\n", "yoga", BODY),
    (_LOG + "concentrador de oxigeno a 2 lpm\n", "oxigeno", BODY),
    (_LOG + "cobra pension de viudedad y ayuda de dependencia\n", "viudedad", BODY),
    (_LOG + "precisa ayuda de muletas para deambular\n", "muletas", BODY),
    ("Pauta inhibidor de la bomba de protones, omeprazol 20 mg.", "protones", BODY),
    ("Regresa en vuelo IB3456 a Madrid el lunes.", "IB3456", BODY),
    ("Regresa en vuelo Madrid-Santander el lunes.", "Madrid", BODY),
    (_LOG + "viaja en el autobus de las 8, microbus adaptado\n", "microbus", BODY),
    # a community pharmacy, a ward after "ingreso" are no hospital
    (_LOG + "recoge la medicacion en farmacia garcia el martes\n", "garcia", HOSPITAL),
    (_LOG + "ingreso el lunes en planta de cirugia\n", "planta", HOSPITAL),
    # the rest of a facility's name is no seat; a comma is needed in an ordinary note; no ordinary word after a cue
    ("Ingresa en el Hospital Universitario Puerto Real para cirugía.", "Real", TOWN),
    ("Se remite informe al distrito sanitario para su valoración.", "sanitario", TOWN),
    ("Pertenece a la parroquia de la zona, según refiere.", "zona", TOWN),
    (_LOG + "pendiente de valoracion por el distrito de salud\n", "salud", TOWN),
    # an address's tail that is no district
    (_LOG + "domic c/ huerta 12 3º dcha, sin ascensor.\n", "sin ascensor", TOWN),
    (_LOG + "domic c/ huerta 12 3º dcha, vive sola.\n", "vive sola", TOWN),
    (_LOG + "domic c/ huerta 12 3º dcha, portal 2.\n", "portal", TOWN),
    # a lab value or a dose with a dash after it has no address before it
    (_LOG + "leucos 12000 - pcr 3\n", "12000", ANY),
    (_LOG + "plaquetas 25000 - se transfunde 1 pool\n", "25000", ANY),
    (_LOG + "heparina 25000 - ui en 250 ml\n", "25000", ANY),
    # clinical values stay untagged
    (_DICTATION + "glasgow 15, toma 1/2 comp a las 8:40\n", "glasgow 15", ANY),
    (_DICTATION + "glasgow 15, toma 1/2 comp a las 8:40\n", "1/2", ANY),
    (_DICTATION + "glasgow 15, toma 1/2 comp a las 8:40\n", "8:40", ANY),
    (_LOG + "ta 120/80 fc 72 sat 98%\n", "120/80", ANY),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels, last=True)
