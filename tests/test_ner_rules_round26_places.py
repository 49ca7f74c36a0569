"""The rules backend on places and bodies (round 26, places):

* businesses, associations and firms by their kind word (kind_bodies.py): a shop, a bar, a hostel, a funeral home or
  a courier before its name, capitalised or in capitals (the kind is part of the name) or in lower case after an
  article (the name alone), a federation written without its accent, ``EB`` before its article, a Basque business by
  its kind written last, a firm after a rental's or a driver's cue, and the seat written after a body;
* places after a landform or a river's word (landforms.py), in lower case only in a note typed so;
* streets with no house number after a preposition, or with a short or lower-case type and a number (bare_streets.py);
* a hospital's ``H.`` before one word in capitals, a facility after a column gap (capital_names.py, common.py);
* towns abroad after ``desde`` and in lower case in a note typed so (world_towns.py), a listed body written without
  its accents (insurers.py), a wholesale market by its brand (firms.tsv).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import BODY, HOSPITAL, PLACES, TOWN, assert_found, assert_not_found, cases, filler_log

STREET = {"CALLE"}
#: a mountain race's log typed fast in lower case
TRAIL_LOG = filler_log("log puesto 2 - carrera de montaña", "equipo: medico y dos tes", "07:10 abierto, niebla",
                       "07:40 dorsal 211 varon 40a, caida leve", "lavado y steri, sigue carrera",
                       "08:15 dorsal 87 mujer 33a, ampolla", "drenada, sigue", "09:00 sin incidencias")
#: a travel clinic's note typed fast in lower case
TRAVEL_LOG = filler_log("consulta salud internacional - vie 8 mar", "mujer 41a, viaje a su pais",
                        "vacunas al dia salvo fiebre amarilla", "se pauta profilaxis antipalúdica",
                        "repelente y mosquitera", "revision a la vuelta", "sin alergias conocidas", "dm no hta no")

POSITIVES = [
    # businesses by their kind
    ("La tarta se encargó a Pastelería Ribadesella, de Cangas de Onís.\n", "Pastelería Ribadesella", BODY),
    ("La tarta se encargó a Confitería La Moderna, de Arriondas.\n", "Arriondas", TOWN),
    ("comida en el llagar El Pumarín, barrio La Vega 3.\n", "El Pumarín", BODY),
    ("dice conocerle del bar Chiringuito Las Olas.\n", "Chiringuito Las Olas", BODY),
    ("ALBERGUE O CAMIÑO VELLO · Rúa Maior 4 · 27600 SARRIA (Lugo)\n", "ALBERGUE O CAMIÑO VELLO", BODY),
    ("| 03/04/2024 | 1.200 | domicili (Missatgers Ràpids Gràcia) | AB |\n", "Missatgers Ràpids Gràcia", BODY),
    ("guarda de refugio (contrato de la Federacion Navarra de Montaña), soltero\n", "Federacion Navarra de Montaña", BODY),
    ("educadora d'escola bressol (EB Les Orenetes)\n", "EB Les Orenetes", BODY),
    ("ens la recomana el grup de lactància Mamalet de Vilassar de Mar.\n", "Mamalet", BODY),
    ("23:10\tArriaga tanatorioa\t945 00 00 00\tzeladoreak\n", "Arriaga tanatorioa", BODY),
    ("el chofer de Nutrienvios llamo diciendo que no encontraba la casa\n", "Nutrienvios", BODY),
    ("bici de alquiler de Bicisendas, cuadro torcido.\n", "Bicisendas", BODY),
    # landforms and rivers
    ("se cayó en la bajada del Alto de la Sía, cerca del río Asón.\n", "Alto de la Sía", TOWN),
    ("se cayó en la bajada del Alto de la Sía, cerca del río Asón.\n", "Asón", TOWN),
    ("Rescatado en la playa de San Lorenzo, consciente.\n", "playa de San Lorenzo", TOWN),
    (TRAIL_LOG + "10:05 corredora sentada en vega urriellu tiritando\n", "vega urriellu", TOWN),
    (TRAIL_LOG + "log puesto 3 - collado pandetrave - org trail\n", "collado pandetrave", TOWN),
    # streets
    ("Su coche quedó aparcado en la Avda. Maisonnave.\n", "Avda. Maisonnave", STREET),
    ("domicilio en Cl Mayor 12, 2° de 22700 JACA (Huesca)\n", "Cl Mayor 12, 2°", STREET),
    ("vive pasando la iglesia, camino Los Llanos 4, el último tramo de tierra\n", "camino Los Llanos 4", STREET),
    # hospitals in capitals, after a column gap or with an initial
    ("Departamento de Sanidad      HOSPITAL OBISPO POLANCO - ADMISION\n", "HOSPITAL OBISPO POLANCO", HOSPITAL),
    ("01  PÉREZ GARCÍA, Ana     44  08/06 22:30  D V    H. JARRIO (ingreso)  0481773\n", "H. JARRIO", HOSPITAL),
    # towns abroad, bodies without accents, a wholesale market
    ("22:31\tsu madre (desde Cali, Kolonbia)\t+57 300 000 0000\n", "Cali", TOWN),
    (TRAVEL_LOG + "viaje VFR: dakar → kaolack → pueblo del marido, cerca de ziguinchor (casamance).\n", "kaolack", TOWN),
    (TRAVEL_LOG + "viaje VFR: dakar → kaolack → pueblo del marido, cerca de ziguinchor (casamance).\n", "casamance", TOWN),
    ("---- pag. 1/1 ----   Servicio Aragones de Salud  ·  www.ejemplo.es\n", "Servicio Aragones de Salud", BODY),
    ("Donante derivada al Banc de Sang i Teixits para la extracción.\n", "Banc de Sang i Teixits", BODY),
    ("el marido trabaja en mercabarna de noche\n", "mercabarna", BODY),
]


@cases(POSITIVES)
def test_positive(rules, text, value, labels):
    assert_found(rules, text, value, labels)


NEGATIVES = [
    # clinical readings of a landform's word
    ("Pico febril de 38,5. Alto riesgo quirúrgico. Dolor de garganta. Puerto de acceso permeable.\n", "Pico", PLACES),
    (TRAIL_LOG + "refiere dolor en canal lumbar y en torre de control\n", "canal lumbar", PLACES),
    # a surname's "del Río" before a field's key
    ("Médico: Noemí Ruiz del Río NºCol: 39 39 54710.\n", "NºCol", PLACES),
    # chlorine is no street
    ("Iones: Na 140, K 4,1, Cl 102. Cl Normal 5.\n", "Cl 102", STREET),
    # a street type alone, a route
    ("Se cayó en la Calle. Trae informe.\n", "Calle", STREET),
    # an adjective after a department, and a pylori
    ("Servicio de Nutrición  Clínica y Dietética\n", "Clínica", HOSPITAL),
    ("Pruebas  H. PYLORI negativo en heces\n", "H. PYLORI", HOSPITAL),
    # EB as Epstein-Barr, a bar as a unit, a driver named by a given name
    ("Serología EB Virus negativa, VCA IgG positiva.\n", "EB Virus", BODY),
    ("Presión de 2 bar Medida en consulta.\n", "Medida", BODY),
    ("el chofer de Manuel llamo para avisar\n", "Manuel", BODY),
]


@cases(NEGATIVES)
def test_negative(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)
