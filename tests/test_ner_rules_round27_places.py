"""The rules backend on places and bodies (round 27, places):

* towns that need no cue (town_lists.py): a municipality of several words joined by a particle or a hyphen, the stops
  of a route or of a parenthesised list when half are known towns, a town before its province in parentheses, a
  county after a log's key, and these found again;
* hospitals by the distinctive words of their catalogue name after a transfer's or a service's word, a brand before
  its hospital in parentheses (hospital_aliases.py);
* bodies by a civic kind and their seat, a firm's plural trade word, a lodging's kind written last, a school's CRA/CP,
  a field that names a body, a firm after ``empresa``, quoted hunting places and packs (civic_bodies.py);
* the issuer heading a note's first line and its name again (letterheads.py);
* ISO country codes under a nationality column (country_columns.py);
* a lower-case street after ``la``, a farm with its plot, the town a road leads to (bare_streets.py); a court of
  ``1ª Instancia`` (facilities.py); listed bodies and firms (bodies.tsv, firms.tsv).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import BODY, FACILITIES, HOSPITAL, PLACES, TOWN, assert_found, assert_not_found, cases

STREET = {"CALLE"}
COUNTRY = {"PAIS"}
GUESTS = ("nº\thora\thotel\thab\thuésped\tnac\tmotivo\n"
          "B-101\t22:10\tHotel Marina\t214\tJan Novak, 40\tCZ\tfiebre\n"
          "B-102\t23:40\tBrisa Suites\t18\tAoife Byrne, 31\tIE\tcorte en mano\n")

POSITIVES = [
    # towns of several words, routes and lists, before a province, after a key
    ("Vende en mercadillos de la comarca (Villanueva de la Serena, Zafra) con su padre.\n", "Zafra", TOWN),
    ("Vende en mercadillos de la comarca (Villanueva de la Serena, Zafra) con su padre.\n", "Villanueva de la Serena", TOWN),
    ("transportista: franquicia Alcalá de Guadaíra, reparto de mañana\n", "Alcalá de Guadaíra", TOWN),
    ("Itinerario: Albarracín - Collado de la Plata - Bronchales - Orihuela del Tremedal\n", "Bronchales", TOWN),
    ("Itinerario: Albarracín - Casas de Toyuela - Bronchales\nParada 2: Casas de Toyuela (cruce)\n", "Casas de Toyuela", TOWN),
    ("etapa 3: Sant Joan de les Abadesses > Coll de Pal, final en alto\n", "Sant Joan de les Abadesses", TOWN),
    ("Sede: oficina de atención Moguer (Huelva), martes y jueves\n", "Moguer", TOWN),
    ("municipi=Sallent  comarca=Bages  CP=08650\n", "Bages", TOWN),
    # hospitals by their own words
    ("Pautado por Dra. Pérez, Cardiología Arrixaca, en revisión anual.\n", "Arrixaca", HOSPITAL),
    ("10:40 se la llevan al Obispo Polanco en la UVI móvil.\n", "Obispo Polanco", HOSPITAL),
    ("trasllat a Esperit (Hospital de l'Esperit Sant) per valoració.\n", "Esperit", HOSPITAL),
    # bodies by kind, field or quotes
    ("Reunión en la sala 3 do Centro Cívico de Monte Alto.\n", "Centro Cívico de Monte Alto", BODY),
    ("AYUNTAMIENTO DE LLANES · PISCINA MUNICIPAL DE POSADA\nREGISTRO DE ACCESOS\n", "PISCINA MUNICIPAL DE POSADA", BODY),
    ("Es recomana avisar Serveis Socials del Moianès (viu sol).\n", "Serveis Socials del Moianès", BODY),
    ("Administradora de fincas (Gestiones Ortuño, tfno 968 00 00 00)\n", "Gestiones Ortuño", BODY),
    ("Centro: CRA Alto Gállego (sede Biescas)\n", "CRA Alto Gállego", BODY),
    ("Colegio: CP La Ería (natación lunes)\n", "CP La Ería", BODY),
    ("Team / Equipo ....: Ciclos Andorinha-Porto\n", "Ciclos Andorinha-Porto", BODY),
    ("Organiza: Monterías Sierra y Vega (tlf 600 00 00 00)\n", "Monterías Sierra y Vega", BODY),
    ("intérprete telefónico (empresa Dualia, nº 4471)\n", "Dualia", BODY),
    ('Montería "El Lentiscar" en la finca Las Majadas.\n', "El Lentiscar", TOWN),
    ('perrero (rehala "Los Galgueños", 20 perros)\n', "Los Galgueños", BODY),
    ("Colegiado en la Ordem dos Enfermeiros nº 5512\n", "Ordem dos Enfermeiros", BODY),
    # the issuer heading the first line, found again
    ("ASIMEC · Asistencia médica a cruceros\nAviso 3: remitido por ASIMEC a puerto.\n", "ASIMEC", BODY),
    ("ASIMEC · Asistencia médica a cruceros\nAviso 3: remitido por ASIMEC a puerto.\n", "ASIMEC", BODY),
    # country codes under a nationality column
    (GUESTS, "CZ", COUNTRY),
    (GUESTS, "IE", COUNTRY),
    (GUESTS, "Brisa Suites", BODY),
    # streets, farms, roads; a court; listed bodies
    ("baja por las noches a los contenedores de la calle Bretón a por cartones.\n", "calle Bretón", STREET),
    ("Vive en finca Los Llanos, módulo 4, carretera de La Bota, Punta Umbría.\n", "finca Los Llanos, módulo 4", STREET),
    ("Vive en finca Los Llanos, módulo 4, carretera de La Bota, Punta Umbría.\n", "La Bota", TOWN),
    ("Se comunica al Juzgado de 1ª Instancia nº 4.\n", "Juzgado de 1ª Instancia nº 4", BODY),
    ("Asistencia: DCCU Motril, Dr. Gil.\n", "DCCU", BODY),
    ("Interviene Guardia Civil - SEPRONA Zafra.\n", "SEPRONA", BODY),
    # a village described in parentheses, a club named after its town, a maker by its brand
    ("- bunicul, rămas acasă în Pogana (sat lângă Bârlad)\n", "Pogana", TOWN),
    ("| 19:40 | grupo Llanera Running (monitor) | taquilla 12 |\n", "Llanera Running", BODY),
    ("Cojín antiescaras Roho con fuga de aire, se cambia válvula.\n", "Roho", BODY),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    assert_found(rules, text, value, labels)


def test_a_letterhead_name_is_found_again():
    from surrogate.ner import load_backend

    text = "ASIMEC · Asistencia médica a cruceros\nAviso 3: remitido por ASIMEC a puerto.\n"
    spans = [text[s.start:s.end] for s in load_backend("rules").predict([text])[0] if s.label == "INSTITUCION"]
    assert spans.count("ASIMEC") == 2


NEGATIVES = [
    # a heading of a unit or a document is no issuer
    ("OFTALMOLOGÍA · Hospital General de Elda\nRevisión de fondo de ojo.\n", "OFTALMOLOGÍA", FACILITIES),
    ("CONFERENCIA FAMILIAR · Equipo de Soporte\nAsisten hija y nuera.\n", "CONFERENCIA FAMILIAR", FACILITIES),
    ("INFORME DE ALTA - Medicina Interna\nPaciente estable.\n", "INFORME DE ALTA", FACILITIES),
    # a person's name with a particle is no town, a list of specialties no route
    ("Le visita el Dr. Juan de Castro por la tarde.\n", "Castro", PLACES),
    ("Seguimiento por (Cardiología, Neurología) sin cambios.\n", "Neurología", PLACES),
    ("Ruta de fármacos: Paracetamol - Ibuprofeno - Metamizol\n", "Ibuprofeno", PLACES),
    # a person after a title and a transfer's preposition, a clinical unit after a field
    ("Valorado por el Dr. Molina Orosa en consulta.\n", "Molina Orosa", HOSPITAL | PLACES),
    ("Equipo: Bomba de infusión Alaris\n", "Bomba de infusión Alaris", FACILITIES),
    # a postal code is no school, a unit's code no country, a lower-case street word alone
    ("Domicilio: C/ Mayor 3, CP 08650 Sallent\n", "CP 08650", FACILITIES),
    ("Paciente en la calle, sin domicilio fijo.\n", "calle", PLACES),
    ("Se deriva a la UCI tras la intubación.\n", "UCI", FACILITIES | COUNTRY),
    ("Pabellón de Rehabilitación, planta 2.\n", "Rehabilitación", PLACES),
    ("Ingresa en Traumatología (Hospital de Jove) para cirugía.\n", "Traumatología", HOSPITAL),
    ("Grupo sanguíneo A positivo, grupo Rh D.\n", "Rh D", FACILITIES),
    ("Control en Oncología Médica y Oftalmología del mismo centro.\n", "Oftalmología", FACILITIES),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)
