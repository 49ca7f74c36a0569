"""The rules backend on the generic misses of the round-5 notes (79-90): a town in capitals on an envelope's last
line, parts in capitals of a mixed heading, staff initials of an abbreviated given name, a staff code in
parentheses, a relative's name set off by commas, an initial before a surname of the note, dates in other shapes
(month and year in digits, English, in words), a phone number dictated in words, identifier keys (NHS number,
Catalan ``Expedient``/``incidència``, a plate after ``vehículo``), places (a district, a foreign capital letter, a
British address, an address known by the postal code after it) and facility kinds (a Catalan nursing home, a
shelter, a Basque square).

Every snippet is fictional and written for this test; each positive failed on 0e97e20. The negatives are
strings in the same layouts that must stay untagged.
"""
from __future__ import annotations

import pytest
from rules_probe import NAMES, RELATIVE, STAFF, exactly, spans_of

DATE = {"FECHAS"}
TOWN = {"TERRITORIO"}
STREET = {"CALLE"}
_LEGEND = (
    "Farmacéuticos: AGR = Ana Gil Ruiz · MIP = M.ª Inés Pardo Rubio\n"
    "12.03.25  ¦ Octocog 1000 ¦ 6 x 1000 ¦ recoge padre ¦ MIP\n"
)
_ENVELOPE = (
    "                              Sr. D. ANSELMO RUBIALES PASTRANA\n"
    "                              C/ Calatrava, 22, 3.º A\n"
    "                              13300 VALDEPEÑAS\n"
)
_INMATE = (
    "relativo al interno BOGDAN WISNIEWSKI-LEWANDOWSKI, nacido en 1979.\n"
    "SE AUTORIZA la salida del interno B. WISNIEWSKI-LEWANDOWSKI para consulta externa."
)

POSITIVES = [
    # places: an envelope's last line in capitals, a district, a foreign capital letter, British addresses
    (_ENVELOPE, "VALDEPEÑAS", TOWN),
    (_ENVELOPE, "13300", TOWN),
    ("Duerme en un portal de la plaza Elíptica (distrito de Carabanchel) desde enero.", "Carabanchel", TOWN),
    ("Varón nacido en Šiauliai (Lituania), reside en España desde 2015.", "Šiauliai", TOWN),
    ("Home address: 7 Hollybank Crescent, Ripon HG4 1QT, Reino Unido", "7 Hollybank Crescent", STREET),
    ("Home address: 7 Hollybank Crescent, Ripon HG4 1QT, Reino Unido", "HG4 1QT", TOWN),
    # an address without a street type, known by the postal code and the town after it
    ("Sede: Gran Capitán, 12-14, 1.ª planta · 05001 Ávila", "Gran Capitán, 12-14, 1.ª planta", STREET),
    ("Cortijo Los Almendros, s/n · 04700 El Ejido", "Cortijo Los Almendros, s/n", STREET),
    ("Arriaga plaza, z/g / Plaza Arriaga, s/n · 48005 Bilbao", "Arriaga plaza, z/g", STREET),
    # facilities: a Catalan nursing home in capitals, a shelter, a hospital in capitals in a mixed heading
    ("RESIDÈNCIA DE MAJORS EL PINAR\nCarrer Major, 4 · Alzira", "RESIDÈNCIA DE MAJORS EL PINAR", {"INSTITUCION"}),
    ("Algunas noches duerme en el Centro de Acogida San Isidro. Sin padrón.", "Centro de Acogida San Isidro", {"INSTITUCION"}),
    ("HOSPITAL UNIVERSITARIO REINA SOFÍA · UGC Hematología — Hospital de Día\nPaciente: X",
     "HOSPITAL UNIVERSITARIO REINA SOFÍA", {"HOSPITAL"}),
    # staff: initials of an abbreviated given name found again, a staff code in parentheses, MIR before a name
    (_LEGEND, "12.03.25  ¦ Octocog 1000 ¦ 6 x 1000 ¦ recoge padre ¦ MIP", None),  # the table's MIP (see below)
    ("Enf. de triaje: Rocío Bermejo Lanza (EMP 41-20077)\nMotivo: fiebre", "EMP 41-20077", {"ID_EMPLEO_PERSONAL_SANITARIO"}),
    ("Coordinadora: Dra. Irene Mateos del Río (MC-0918)\n", "MC-0918", {"ID_EMPLEO_PERSONAL_SANITARIO"}),
    ("Valorado por la Dra. Ruiz (MIR Esteban Carrasco de apoyo).", "Esteban Carrasco", STAFF),
    # people: a relative's name set off by commas, an initial before a surname of the note
    ("Una hermana, Chiamaka Eze, vive en Lagos; la llama cada semana.", "Chiamaka Eze", RELATIVE),
    ("Tiene un amigo del trabajo, Tunde Bakare (611 20 33 48), que le acompaña.", "Tunde Bakare", RELATIVE),
    (_INMATE, "B. WISNIEWSKI-LEWANDOWSKI", NAMES),
    # dates: a month and year in digits, English dates, a date in words; a phone number dictated in words
    ("Permiso de residencia caducado en 11/2022; renovación en trámite.", "11/2022", DATE),
    ("They flew in from Bristol on Sun 6 April; the rash began on April 8, 2025.", "Sun 6 April", DATE),
    ("They flew in from Bristol on Sun 6 April; the rash began on April 8, 2025.", "April 8, 2025", DATE),
    ("En Zamora, a catorce de marzo de dos mil veinticuatro.", "catorce de marzo de dos mil veinticuatro", DATE),
    ("LLAMANTE: mi fijo es el nueve ocho tres, cuatro uno dos, cero siete siete.", "nueve ocho tres, cuatro uno dos, cero siete siete",
     {"NUMERO_TELEFONO"}),
    # identifiers: an NHS number, Catalan keys, a plate after "vehículo"
    ("GP: Dr. Owen Price · NHS number 943 476 5919\n", "943 476 5919", {"ID_SUJETO_ASISTENCIA"}),
    ("Núm. d'incidència: CAI-2024/0311   Data: 02/05/2024", "CAI-2024/0311", {"ID_CONTACTO_ASISTENCIAL", "OTRO_NUMERO_IDENTIF"}),
    ("SIP: 4419023 · Expedient residencial: EXR-1187 · Habitació 12", "EXR-1187", {"ID_SUJETO_ASISTENCIA", "OTRO_NUMERO_IDENTIF"}),
    ("traslado en el vehículo oficial CNP-0932-B; responsable, el agente de guardia", "CNP-0932-B", {"IDENTIF_VEHICULOS_NRSERIE_PLACAS"}),
]


@pytest.mark.parametrize(("text", "value", "labels"), POSITIVES)
def test_positive(rules, text, value, labels):
    if labels is None:  # the legend's initials of "M.ª Inés Pardo Rubio" found again in the table row
        line = text.index(value)
        start = text.index("MIP", line)
        assert any((s, e) == (start, start + 3) for s, e, _, _ in spans_of(rules, text)), spans_of(rules, text)
        return
    assert exactly(rules, text, value, labels), spans_of(rules, text)


NEGATIVES = [
    ("Dra. Ana Ruiz (HUCA 2020)", "HUCA 2020", {"ID_EMPLEO_PERSONAL_SANITARIO"}),  # a place and a year, no staff code
    ("Dr. Pablo Soler (R2)", "R2", {"ID_EMPLEO_PERSONAL_SANITARIO"}),
    ("Dilución de la muestra 1/2000, repetida.", "1/2000", DATE),
    ("Vive en la calle Dos de Mayo, 3.", "Dos de Mayo", DATE),  # a street named after a date: no date without a year
    ("Tomar dos comprimidos, tres veces al día, cuatro días.", "dos comprimidos", {"NUMERO_TELEFONO"}),
    ("en vehículo 4x4 por la pista", "4x4", {"IDENTIF_VEHICULOS_NRSERIE_PLACAS"}),
    ("Estadio T2 N0 M0, grado 3", "T2 N0", TOWN),
    ("Total 45600 UNIDADES DE INSULINA", "UNIDADES", TOWN),
]


@pytest.mark.parametrize(("text", "value", "labels"), NEGATIVES)
def test_negative(rules, text, value, labels):
    start = text.index(value)
    end = start + len(value)
    assert not any(s < end and start < e and lab in labels for s, e, lab, _ in spans_of(rules, text)), spans_of(rules, text)
