"""The rules backend on places and bodies (round 28, places):

* rural addresses and a road's kilometre point (rural_addresses.py);
* streets abroad with their postcode, town and country, a country in its own tongue (foreign_addresses.py);
* centres, schools, parents' associations, Basque centres and firms by their kind (named_centres.py); foreign
  insurers (insurers.tsv) and a Basque municipal service (insurers.py);
* towns after a verb of coming, an office, a landmark, in parentheses, by their first word, Basque squares
  (town_cues.py); Portuguese ``em`` before a town abroad (world_towns.py);
* a facility's town, a rural place again, a letterhead's postcode (places_near_found.py).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import BODY, FACILITIES, PLACES, TOWN, assert_found, assert_not_found, cases

STREET = {"CALLE"}
COUNTRY = {"PAIS"}

POSITIVES = [
    # rural addresses and roads
    ("Antes vivía sola en Lugar de Bustiello, casa 5 (Tineo).\n", "Lugar de Bustiello, casa 5", STREET),
    ("| 3 | 8:10 | Partida Saladar, polígon 4, nº 27 | mare |\n", "Partida Saladar, polígon 4, nº 27", STREET),
    ("Recollida: Partida de la Cuesta, pol. 2, 13 (casa verda)\n", "Partida de la Cuesta, pol. 2, 13", STREET),
    ("Atropello en la carretera CV-50, punto kilométrico 12,300, término de Alzira.\n", "carretera CV-50, punto kilométrico 12,300", STREET),
    ("vive en Paraje Los Almendros, parcela 18, con su hija\n", "Paraje Los Almendros, parcela 18", STREET),
    # addresses abroad
    ("Il habite 8 avenue des Lilas, 69003 Lyon (France).\n", "8 avenue des Lilas", STREET),
    ("Il habite 8 avenue des Lilas, 69003 Lyon (France).\n", "69003", TOWN),
    ("Il habite 8 avenue des Lilas, 69003 Lyon (France).\n", "France", COUNTRY),
    ("Dirección del hijo: Bahnhofstraße 22, 80335 München\n", "Bahnhofstraße 22", STREET),
    ("Dirección del hijo: Bahnhofstraße 22, 80335 München\n", "München", TOWN),
    ("ADRESSE: KERKSTRAAT 7 3500 HASSELT BÉLGICA\n", "HASSELT", TOWN),
    # centres, schools, associations, firms
    ("Acude por las mañanas al Centro de Día Los Olmos desde enero.\n", "Centro de Día Los Olmos", BODY),
    ("Reunión en el Centro Cívico Santa Ana, sala 3.\n", "Centro Cívico Santa Ana", BODY),
    ("Escolarizado en el CEE Monte Alto (aula TEA).\n", "CEE Monte Alto", BODY),
    ("Tomador de la póliza: AMPA Virgen del Mar\n", "AMPA Virgen del Mar", BODY),
    ("Ikaslea: Ander. Ikastetxea: Txurdinaga BHI, 3. maila.\n", "Txurdinaga BHI", BODY),
    ("Gaur Ibaizabal zentroan bazkaldu du.\n", "Ibaizabal", BODY),
    ("CUINES DEL MAESTRAT, SL · servei de càtering\n", "CUINES DEL MAESTRAT, SL", BODY),
    ("seguro privado: MGEN, póliza en trámite\n", "MGEN", BODY),
    # towns by a cue
    ("los padres vienen de Totana; piden el informe.\n", "Totana", TOWN),
    ("Oficina Villanueva de la Serena · Tlf 924 00 00 00\n", "Villanueva de la Serena", TOWN),
    ("Se cae en bici en la rotonda de Puçol a las 8.\n", "Puçol", TOWN),
    ("Trabaja de temporero (almacén, Lepe).\n", "Lepe", TOWN),
    ("Estuvo en las fiestas de Azuqueca todo el fin de semana.\n", "Azuqueca", TOWN),
    ("Liskar bat Ametzola plazan izan zen; gero Ametzola-n ikusi dugu.\n", "Ametzola", TOWN),
    ("Traballa como enfermeira em Coimbra desde 2019.\n", "Coimbra", TOWN),
    # beside what was found
    ("Avisado el Hospital Comarcal de Laredo\nen Ampuero por si acude.\n", "Ampuero", TOWN),
    ("Oficina Sur · Av. de la Paz 12, 2º · 41013 · Tlf 955 00 00 00\n", "41013", TOWN),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    assert_found(rules, text, value, labels)


def test_a_basque_square_is_found_again_with_its_ending():
    from surrogate.ner import load_backend

    text = "Liskar bat Ametzola plazan izan zen; gero Ametzola-n ikusi dugu.\n"
    spans = [text[s.start:s.end] for s in load_backend("rules").predict([text])[0] if s.label == "TERRITORIO"]
    assert spans.count("Ametzola") == 2


def test_a_rural_place_is_found_again_alone(rules):
    text = "Domicilio: Lugar de Bustiello, casa 5.\nQuiere volver a Bustiello a ver las vacas.\n"
    assert_found(rules, text, "Bustiello", TOWN, last=True)


NEGATIVES = [
    # a kind alone, a place of the events, a lower-case centre
    ("Se levanta acta en el lugar de los hechos, casa 3 de la urbanización.\n", "lugar de los hechos", PLACES),
    ("Acude al centro ocupacional por las mañanas.\n", "centro ocupacional", FACILITIES),
    ("Pendiente de plaza en el centro de día.\n", "centro de día", FACILITIES),
    # a verb of coming before a unit, a given name in parentheses, a path of care
    ("Viene de Urgencias con la vía periférica.\n", "Urgencias", PLACES),
    ("La acompaña su hija (Rosario).\n", "Rosario", PLACES),
    ("Se deriva por el camino de Rehabilitación habitual.\n", "Rehabilitación", PLACES),
    # a facility followed by a unit, a lab value between separators, an ECG axis
    ("Ingresa en el Hospital de Jove\nen Planta 3 de Medicina Interna.\n", "Planta", PLACES),
    ("Glucosa 105 · 41013 · sin cambios\n", "41013", PLACES),
    ("Eje QRS a 60 grados, sin cambios · en reposo\n", "QRS", FACILITIES),
    # a clinical sentence with a Basque kind word in lower case
    ("Osasun zentroan ikusi dute gaur.\n", "Osasun", FACILITIES),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)
