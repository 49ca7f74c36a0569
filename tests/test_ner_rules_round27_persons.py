"""The rules backend on persons, dates and numbers (round 27, persons):

* codes after a register's, a permit's or a unit's cue (``folio 0338``, ``celda C-4``, ``Atestado nº 11.482/24``,
  ``licencia VT-117``, ``albarán ...``, ``unitats=BUL 23 · UNP 11``), a bare ``nº`` before a code of capitals, a
  dash and digits, a code in brackets or after ``nº`` right after a staff member's name (register_codes.py);
* a table's locker, wristband, guest and (beside a guest's) room columns (column_keys.py, tables.py);
* relatives after a Romanian, German or English kinship word, or a kinship word and an age adjective (kin_abroad.py);
* staff after a front desk's or a guard's role, a plural role, an officer's title (role_people.py);
* a known given name after a colloquial ``la``/``el`` (``de la Montse``) (article_names.py);
* Romanian months, weekdays before a day and plates (foreign_forms.py); ``Accidentada:`` as a patient's field (vocab.py).

Every snippet is fictional and written for this test.
"""
from __future__ import annotations

from rules_probe import (DATE, DEGREE, EMPLOYEE, NAMES, OTHER, PATIENT, RELATIVE, STAFF, assert_found,
                         assert_not_found, cases)

VEHICLE = {"IDENTIF_VEHICULOS_NRSERIE_PLACAS"}
_HOTEL_HEAD = "nº\thora\thotel\thab\thuesped\tnac\tmotivo\n"

POSITIVES = [
    # a custody book's sheet, cell, report, call sign and bag
    ("LIBRO DE CUSTODIA        folio 0917   celda B-2\n", "0917", OTHER),
    ("LIBRO DE CUSTODIA        folio 0917   celda B-2\n", "B-2", OTHER),
    ("Atestado nº 20.115/25 (Policía Local)\n", "20.115/25", OTHER),
    ("patrulla con indicativo TANGO-12, vehículo oficial\n", "TANGO-12", OTHER),
    ("efectos personales en bolsa B-4410 precintada\n", "B-4410", OTHER),
    # a workshop's order, an inventory, a licence, a delivery note, a social file, a programme's code
    ("ORDEN DE TRABAJO   OT nº 25-0412    entrada: lunes\n", "25-0412", OTHER),
    ("se presta andador nº inventario AND-113 hasta la reparación\n", "AND-113", OTHER),
    ("la recoge el taxi adaptado (licencia TX-204) a las 9\n", "TX-204", OTHER),
    ("Mensajería: albarán 5512 8830 1174, recogida mañana\n", "5512 8830 1174", OTHER),
    ("INFORME SOCIAL     Exp. SIUSS 31-552-0187\n", "31-552-0187", OTHER),
    ("Programa de acogida temporeras    cod. prog ACO-HU-0211\n", "ACO-HU-0211", OTHER),
    # a staff member's accreditation, a foreign council's number, a worker's short number, an officer's bracketed code
    ("Chaperone: Marta Gil, acreditación CH-ZA-014\n", "CH-ZA-014", EMPLOYEE),
    ("Dr. João Matos, Ordem dos Médicos nº 51302\n", "51302", DEGREE),
    ("Revisión (Luis P., técnico, nº emp. R-07)\n", "R-07", EMPLOYEE),
    ("DCO: Tomás Ruiz Alday nº DCO-0245     BCO: enf. Ana\n", "DCO-0245", EMPLOYEE | OTHER),
    # a bare "nº" before capitals, a dash and digits; after a few words and a colon
    ("PARTE DE ASISTENCIA EN ENFERMERÍA  nº EN-0093\n", "EN-0093", OTHER),
    ("Nº autorización transporte: AUT-CU-1180\n", "AUT-CU-1180", OTHER),
    # an emergency service's units, a locker
    ("unitats=BRP 14 (1234 ABC) · AUL 07 (5678 DEF)\n", "AUL 07", OTHER),
    ("activan SEM unitat C-3310 (SVA)\n", "C-3310", OTHER),
    ("Lugar: vestuario masculino junto a la taquilla 215\n", "215", OTHER),
    # a locker log's columns; a hotel log's room and guest beside each other
    ("fecha | taq. | pulsera | usuario | incidencia\n02/04 | 081 | P-1102 | Iria Lago Cuns | llave perdida\n", "P-1102", OTHER),
    (_HOTEL_HEAD + "C-8812\t22:10\tHotel Mar\t412\tKeith Doyle, 55\tUK\tchest pain\n", "412", OTHER),
    (_HOTEL_HEAD + "C-8812\t22:10\tHotel Mar\t412\tKeith Doyle, 55\tUK\tchest pain\n", "Keith Doyle", PATIENT),
    # relatives after a Romanian, German or English kinship word, or after a kinship word and an age adjective
    ("FAMILIA\n- soțul, Vasile Ionescu, 31 ani, lucrează în construcții\n", "soțul, Vasile Ionescu", RELATIVE),
    ("copilul rămâne acasă cu bunica Elena în Vaslui\n", "bunica Elena", RELATIVE),
    ("Ihre Tochter Sabine ruft morgen an.\n", "Ihre Tochter Sabine", RELATIVE),
    ("paid in cash; wife Karen asks for the invoice\n", "wife Karen", RELATIVE),
    ("O irmán maior, Brais, acompaña ao rapaz.\n", "Brais", RELATIVE),
    # staff after a front desk's or a guard's role, a plural role, an officer's title
    ("la recepcionista Yurena avisa al médico a las 3\n", "Yurena", STAFF),
    ("Bomberos Iván y Raúl abren la puerta a las 8\n", "Raúl", STAFF),
    ("Signat: cap d'intervenció J. Ferrer · revisat\n", "J. Ferrer", STAFF),
    # a given name after a colloquial article
    ("s'accedeix des de l'habitatge de la Roser amb escala\n", "Roser", STAFF),
    # an accident report's injured person
    ("Accidentado: Hugo Martín Sanz   Edad: 11 años\n", "Hugo Martín Sanz", PATIENT),
    # Romanian months and weekdays, a Romanian plate
    ("FUR noiembrie, no recuerda el día.\n", "noiembrie", DATE),
    ("Próxima cita: vineri 14 por teléfono.\n", "vineri 14", DATE),
    ("conduce la furgoneta BC-22-XTR del patrón\n", "BC-22-XTR", VEHICLE),
]

NEGATIVES = [
    # a clinical count after "nº", a CIE code after "cód.", a hospital unit with one digit
    ("Gestación nº 2, parto eutócico.\n", "2", OTHER),
    ("Diagnóstico principal: cód. CIE-10 J18.9 neumonía\n", "CIE-10", OTHER),
    ("Traslado en Unidad: SVA-3 al hospital de referencia.\n", "SVA-3", OTHER),
    # a urine bag, a sick leave's length, a prison ward's cell number
    ("Sonda vesical con bolsa de orina 500 ml, diuresis conservada.\n", "500", OTHER),
    ("Se indica licencia 15 días por IT.\n", "15", OTHER),
    ("interno en celda 214 del módulo de enfermería\n", "214", OTHER),
    # a care home's room column (no guest's column beside it)
    ("| hab | residente | vacuna |\n| 101 | Pilar Gómez | gripe |\n", "101", OTHER),
    # an ordinary word after a kinship word, a clinical guideline after "guía"
    ("su hermana mayor Vive en Madrid desde 2019.\n", "Vive", NAMES),
    ("mum Has fever since yesterday\n", "Has", NAMES),
    ("según la guía Fisterra de dolor torácico\n", "Fisterra", NAMES),
    # a facility's or a town's name after an article, a title's abbreviation
    ("Ingresa en el Hospital Virgen de la Paz para estudio.\n", "Paz", NAMES),
    ("nacido en la Habana, reside en Madrid\n", "Habana", NAMES),
    ("remitido a la Ilma. Sra. Magistrada\n", "Ilma", NAMES),
    # a Romanian word that is no month, a weekday before an hour
    ("nu mai mult de două zile\n", "mai", DATE),
    ("joi 12h control\n", "joi 1", DATE),
]


@cases(POSITIVES)
def test_found(rules, text, value, labels):
    assert_found(rules, text, value, labels)


@cases(NEGATIVES)
def test_not_found(rules, text, value, labels):
    assert_not_found(rules, text, value, labels)


def test_a_foreign_relative_is_found_again(rules):
    text = "Seine Frau Brigitte muy nerviosa.\n02:31 llama el hotel: Brigitte ya en la habitación.\n"
    assert_found(rules, text, "Seine Frau Brigitte", RELATIVE)
    assert_found(rules, text, "Brigitte", RELATIVE, last=True)
