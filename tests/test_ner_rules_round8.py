"""The rules backend on the generic misses of the round-8 notes (115-126): a raw RTF export (``\\'xx`` escapes inside
names and towns), words hyphenated across a line end, OCR's O/l look-alikes inside digit runs and a trailing ``0``
in a name, FHIR JSON values by key and resource, EXIF tags, an ISO timestamp, an address that ends at a phone cue,
staff, operator and HIS-user numbers after their cue, an entry register, an invoice number, a short record number
after ``H.ª clínica``, a card's last four digits, a court proceeding number, ISBT 128 donation numbers, French
plates, social handles, mental-health units, ``el Clínico``, Aranese months, weekdays and hospitals, a spelled date
without its year, a town before its province in parentheses and a file name's surname with an initial.

Every snippet is fictional and written for this test; each positive failed on 76e2aa5. The negatives are strings in
the same layouts that must stay untagged.
"""
from __future__ import annotations

import pytest
from rules_probe import PATIENT, RELATIVE, STAFF, spans_of

DATE = {"FECHAS"}
OTHER = {"OTRO_NUMERO_IDENTIF"}
EMPLOYEE = {"ID_EMPLEO_PERSONAL_SANITARIO"}
_RTF = (
    "{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Arial;}}\n"
    "{\\colortbl ;\\red0\\green0\\blue0;}\n"
    "\\pard\\f0\\fs20 {\\b Paciente:}\\b0  Jos\\'e9 Ib\\'e1\\'f1ez Cu\\'e9llar\\par\n"
    "{\\b Domicilio:}\\b0  C/ Real, 4 \\'96 24400 Ponferrada (Le\\'f3n)\\par\n"
    "Acude con su esposa, Ascensi\\'f3n Gil Pe\\'f1a, desde Bembibre.\\par\n"
    "}"
)
_OCR = (
    "Paciente: Gregorio Menén-\n"
    "dez Tárraga          NHC: 0318822\n"
    "Domicilio: C/ Cerro de la Ata-\n"
    "laya, 7, 30170 Mula. Tfno. 968 2O 11 43\n"
    "Cita el 1O/O4/2025. Documento escaneado por L. Peñalver Garrid0 (Archivo)\n"
)
_FHIR = (
    '{ "resourceType": "Bundle", "entry": [\n'
    '  { "resource": { "resourceType": "Patient",\n'
    '    "name": [{ "use": "official", "family": "Lasarte Ugalde", "given": ["Maite", "Arantxa"] }],\n'
    '    "birthDate": "1961-02-17", "gender": "female",\n'
    '    "address": [{ "line": ["Calle Nueva, 12", "4º dcha."], "city": "Eibar", "postalCode": "20600", "country": "ES" }],\n'
    '    "managingOrganization": { "display": "HUD - Sede Amara" } } },\n'
    '  { "resource": { "resourceType": "Encounter", "period": { "start": "2025-02-03T10:05:00+01:00" } } },\n'
    '  { "resource": { "resourceType": "Practitioner", "name": [{ "family": "Etxeberria Mujika", "given": ["Iker"] }] } },\n'
    '  { "resource": { "resourceType": "RelatedPerson", "gender": "male",\n'
    '    "name": [{ "family": "Zubia Lasarte", "given": ["Ander"] }] } }\n'
    "] }\n"
)
_EXIF = (
    "FileName ............: FOTO_20250207_IBANEZC.jpg\n"
    "Artist ..............: Marta Ibáñez\n"
    "BodySerialNumber ....: K7Q2P91XL03\n"
    "DateTimeOriginal ....: 2025:02:07 18:32:40\n"
    "GPSLatitude .........: 42 deg 32' 10.40\" N\n"
    "Copyright ...........: (c) 2025 Servicio de Salud\n"
    "Paciente: IBÁÑEZ CUÉLLAR, JOSÉ\n"
)

POSITIVES = [
    # raw RTF: the name and the town read through their escapes
    (_RTF, "Jos\\'e9 Ib\\'e1\\'f1ez Cu\\'e9llar", PATIENT),
    (_RTF, "Ascensi\\'f3n Gil Pe\\'f1a", RELATIVE),
    (_RTF, "Le\\'f3n", {"TERRITORIO"}),
    # a name and a street hyphenated across a line end: two spans, the hyphen in the first
    (_OCR, "dez Tárraga", PATIENT),
    (_OCR, "Gregorio Menén-", PATIENT),
    (_OCR, "laya, 7", {"CALLE"}),
    # OCR look-alikes inside digit runs and a name ending in a zero
    (_OCR, "968 2O 11 43", {"NUMERO_TELEFONO"}),
    (_OCR, "1O/O4/2025", DATE),
    # an address ends at a phone cue: the town is its own span
    ("Domicilio: C/ Mayor, 3, 2º A, 30800 Lorca. Tfno. 968 44 12 90\n", "Lorca", {"TERRITORIO"}),
    # FHIR: HumanName, Address, organisation reference, timestamp
    (_FHIR, "Lasarte Ugalde", PATIENT),
    (_FHIR, "Arantxa", PATIENT),
    (_FHIR, "Etxeberria Mujika", STAFF),
    (_FHIR, "Zubia Lasarte", RELATIVE),
    (_FHIR, "4º dcha.", {"CALLE"}),
    (_FHIR, "Eibar", {"TERRITORIO"}),
    (_FHIR, "20600", {"TERRITORIO"}),
    (_FHIR, "ES", {"PAIS"}),
    (_FHIR, "HUD", {"HOSPITAL"}),
    (_FHIR, "2025-02-03", DATE),
    # EXIF tags
    (_EXIF, "K7Q2P91XL03", {"IDENTIF_DISPOSITIVOS_NRSERIE"}),
    (_EXIF, "2025:02:07", DATE),
    (_EXIF, "42 deg 32' 10.40\" N", {"CALLE"}),
    (_EXIF, "IBANEZC", PATIENT),
    # numbers after their cue
    ("Registro: RGM = R. Gómez Moll (n.º pers. 51822)", "51822", EMPLOYEE),
    ("Atiende: psicólogo de guardia · operador OP-204\n", "OP-204", EMPLOYEE),
    ("Emitido por GESTHOS 2.0 · usuario ADMJR11\n", "ADMJR11", EMPLOYEE),
    ("Sello: registro de entrada RE-2024/08812\n", "RE-2024/08812", OTHER),
    ("FACTURA N.º FC-2025/001733\n", "FC-2025/001733", OTHER),
    ("NIF 12345678-Z · H.ª clínica 5521\n", "5521", {"ID_SUJETO_ASISTENCIA"}),
    ("Abonado con tarjeta Mastercard terminada en 8830 (TPV).", "8830", OTHER),
    ("Procedimiento: MEDIDAS CAUTELARES 228/2024\n", "228/2024", OTHER),
    ("| 2 | Plaquetas | W0417 24 118302 A | 0+ |", "W0417 24 118302 A", OTHER),
    ("colisión con un turismo de matrícula francesa FK-302-TR en la rotonda", "FK-302-TR", {"IDENTIF_VEHICULOS_NRSERIE_PLACAS"}),
    ("dice que lo ha colgado en su cuenta @marina.vg_98 esta noche", "@marina.vg_98", {"URL_WEB"}),
    # facilities
    ("Derivada a la USMIJ Actur para seguimiento.", "USMIJ Actur", {"CENTRO_SALUD"}),
    ("Su madre trabaja de limpiadora en el Clínico.", "Clínico", {"HOSPITAL"}),
    ("ESPITAU COMARCAU DE TREMP · Urgéncies\n", "ESPITAU COMARCAU DE TREMP", {"HOSPITAL"}),
    # dates: Aranese, and spelled without the year
    ("Analítica eth dimèrcles 12 de noveme.", "dimèrcles 12 de noveme", DATE),
    ("ingresado desde el veintiocho de enero del corriente año", "veintiocho de enero", DATE),
    # a town before its province
    ("RESIDENCIA LOS OLIVOS · Quintanar del Rey (Cuenca)\n", "Quintanar del Rey", {"TERRITORIO"}),
]


@pytest.mark.parametrize(("text", "value", "labels"), POSITIVES)
def test_positive(rules, text, value, labels):
    """One detected span with one of ``labels`` is exactly ``value`` (its first occurrence)."""
    start = text.index(value)
    found = spans_of(rules, text)
    assert any(lab in labels and (s, e) == (start, start + len(value)) for s, e, lab, _ in found), found


def test_ocr_trailing_zero_name(rules):
    """``Sorian0``: a zero closing a capitalised word reads as ``o``, so the name is found whole."""
    text = "Revisado por la Dra. Ana Sorian0 Pérez en consulta."
    start = text.index("Ana Sorian0 Pérez")
    assert any((s, e) == (start, start + len("Ana Sorian0 Pérez")) and lab in STAFF for s, e, lab, _ in spans_of(rules, text))


ANY = {"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA", "FECHAS",
       "ID_SUJETO_ASISTENCIA", "OTRO_NUMERO_IDENTIF", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL", "TERRITORIO",
       "HOSPITAL", "INSTITUCION", "CALLE", "NUMERO_TELEFONO", "IDENTIF_VEHICULOS_NRSERIE_PLACAS", "URL_WEB",
       "ID_EMPLEO_PERSONAL_SANITARIO", "IDENTIF_DISPOSITIVOS_NRSERIE", "PAIS"}
NEGATIVES = [
    # RTF control words with numbers, the font table
    (_RTF, "ansicpg1252", ANY),
    (_RTF, "Arial", ANY),
    # OCR: doses and an ICD code keep their letters
    ("Tratamiento: AAS 1OO mg 0-1-0; O2 a 2 lpm. CIE-10 I21.19.", "I21.19", ANY),
    ("Tratamiento: AAS 1OO mg 0-1-0; O2 a 2 lpm. CIE-10 I21.19.", "O2", ANY),
    # FHIR: a relative's gender, the timestamp's time, a code
    (_FHIR, '"male"', ANY),
    (_FHIR, "10:05:00", ANY),
    # EXIF: the time of the shot, the image size
    (_EXIF + "ImageSize ...........: 4000x3000\n", "18:32:40", ANY),
    (_EXIF + "ImageSize ...........: 4000x3000\n", "4000x3000", ANY),
    # a law's number, a hyphen word that is no hyphenation ("dosis-\nrespuesta" keeps both words untagged)
    ("Procedimiento: según la Ley 1/2000, art. 763.\n", "1/2000", ANY),
    ("Curva dosis-\nrespuesta estable.", "respuesta", ANY),
    # an e-mail's domain is no handle; a lower-case "clínico" is an adjective
    ("Escribir a consultas@salud.es para dudas.", "@salud.es", {"URL_WEB"}),
    ("El juicio clínico es de neumonía.", "clínico", ANY),
    # a street named after a date, and a facility before a province in parentheses
    ("Domicilio: calle Dos de Mayo, 5\n", "Dos de Mayo", DATE),
    ("Traslado al Hospital Virgen de la Luz (Cuenca).", "Hospital Virgen de la Luz", {"TERRITORIO"}),
]


@pytest.mark.parametrize(("text", "value", "labels"), NEGATIVES)
def test_negative(rules, text, value, labels):
    start = text.index(value)
    end = start + len(value)
    assert not any(s < end and start < e and lab in labels for s, e, lab, _ in spans_of(rules, text)), spans_of(rules, text)
