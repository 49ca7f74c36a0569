"""The rules backend on places and bodies (round 25, places):

* a town abroad from the shipped list (world_towns.py) after a place cue, a residence or origin cue, a route's ``>``
  or before its country; never a clinical eponym (``escala de Glasgow``, ``criterios de Roma``), a maker's seat in a
  citation (``Carl Zeiss Meditec, Dublin, CA``), nor a town named like a person after ``de``;
* a tab-separated export's columns matched by their tab count, so that a ``concello`` column's towns are found and a
  hospital in the next cell is read as one (tables.py, common.py);
* a Spanish town after ``reside`` with no preposition, after an English ``near``/``from``, after Catalan ``des de``,
  ``veí d'``, ``port de`` (localities.py);
* a PAC (out-of-hours centre) by its town, in capitals too (vocab.py);
* bodies: NGOs and the labour inspectorate by their own name (bodies.tsv), large employers and laboratory chains
  (firms.tsv), a Basque federation or association by its kind written last (insurers.py), a university abroad, a
  family firm's ``Hnos.``, a ship's name after its prefix (named_bodies.py).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import BODY, CENTRE, HOSPITAL, TOWN, assert_found, assert_not_found, cases

POSITIVES = [
    # towns abroad
    ("3 - Lumbàlgia. Família a Tambacounda, envia diners cada mes.\n", "Tambacounda", TOWN),
    ("Ve de Soroca; parla romanès i una mica de castellà.\n", "Soroca", TOWN),
    ("0815 cabin 5120 crew member 29y from Cebu, cut on left hand.\n", "Cebu", TOWN),
    ("Refiere que su madre sigue en Kankan y no tiene noticias.\n", "Kankan", TOWN),
    ("contacto.2=sobrina | 0041 79 000 00 00 | reside Lucerna, Suiza\n", "Lucerna", TOWN),
    ("itinerary Ponta Delgada > Funchal > Santa Cruz de Tenerife\n", "Funchal", TOWN),
    ("home university: Politechnika, Gdańsk) seen in A&E\n", "Gdańsk", TOWN),
    ("Trabajó diez años en una granja en Babahoyo antes de emigrar.\n", "Babahoyo", TOWN),
    # a tab-separated export: the town column, and the hospital beside it
    ("id\tnome\tmaternidade\tdata\tconcello\tmotivo\n"
     "A1\tLúa Pena Souto\tHospital Álvaro Cunqueiro\t2024-10-02\tPonteareas\tTSH\n", "Ponteareas", TOWN),
    ("id\tnome\tmaternidade\tdata\tconcello\tmotivo\n"
     "A1\tLúa Pena Souto\tHospital Álvaro Cunqueiro\t2024-10-02\tPonteareas\tTSH\n", "Hospital Álvaro Cunqueiro", HOSPITAL),
    # Spanish towns after new cues
    ("contacto.1=hija | 600 00 00 00 | reside Avilés\n", "Avilés", TOWN),
    ("He fell while hiking near Capileira last Saturday.\n", "Capileira", TOWN),
    ("ve amb el fill des de Catí, mareig al bancal.\n", "Catí", TOWN),
    ("el va portar un veí d'Ares amb la furgoneta.\n", "Ares", TOWN),
    ("caiguda al port de Querol amb la bicicleta.\n", "Querol", TOWN),
    # a PAC by its town
    ("PAC VINARÒS - FULL DE GUARDIA  dl 3 juny 2024\nPacient de 70a.\n", "PAC VINARÒS", CENTRE),
    ("Derivada al PAC de Benicarló para la cura.\n", "PAC de Benicarló", CENTRE),
    # bodies by their own name
    ("Informe para el servicio jurídico de CEAR, a petición de la letrada.\n", "CEAR", BODY),
    ("Acompañado por una voluntaria de Accem al centro de salud.\n", "Accem", BODY),
    ("Còpia a Inspecció de Treball sols dades agregades.\n", "Inspecció de Treball", BODY),
    ("Ocupación: analista de sistemas en Indra, teletrabajo parcial.\n", "Indra", BODY),
    ("Analítica (laboratorio Synlab, muestra 00-000): glucosa 98.\n", "Synlab", BODY),
    ("BIZKAIKO ARRAUN FEDERAZIOA\nLizentzia - azterketa medikoa\n", "BIZKAIKO ARRAUN FEDERAZIOA", BODY),
    ("estudiante de la Université Lyon 2 en Erasmus\n", "Université Lyon 2", BODY),
    ("treballa al magatzem de Hnos. Bellera des de fa anys.\n", "Hnos. Bellera", BODY),
    ("MV Stella Borealis - medical centre daily log\n", "Stella Borealis", BODY),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    assert_found(rules, text, value, labels)


NEGATIVES = [
    # a town's name used as a clinical eponym, a maker's seat, a person
    ("En urgencias en coma (Glasgow 6/15), escala de Glasgow de 6.\n", "Glasgow", TOWN),
    ("Cumple criterios de Roma IV para colon irritable.\n", "Roma", TOWN),
    ("tomografía óptica (Stratus OCT; Carl Zeiss Meditec, Dublin, CA) sin hallazgos\n", "Dublin", TOWN),
    ("Acude con la hija de Rosario, que la cuida por las tardes.\n", "Rosario", TOWN),
    ("Lleva el informe a Lima la secretaria.\n", "Lima", TOWN),
    ("Es aficionado del Leeds United desde niño.\n", "Leeds", TOWN),
    # no town after a bare "reside" that names a person
    ("Es la casa donde reside Juan con su madre.\n", "Juan", TOWN),
    # a PAC with no name, a score
    ("Se deriva al PAC de guardia por la noche.\n", "PAC de guardia", CENTRE),
    # a Basque kind word alone, in lower case
    ("elkartea eta federazioa ondo daude\n", "elkartea", BODY),
    ("Se cita a MS Pérez para revisión.\n", "Pérez", BODY),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)
