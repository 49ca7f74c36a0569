"""The rules backend on the generic misses of the round-7 notes (103-114): HL7 v2 segments (a person name split by
``^`` and ``&``, compact timestamps, an address by components, the type code of a PID-3 identifier, the message
control ID and table references as no identifiers), a DICOM header dump (names, institution, dates by tag), an
initial that is also a conjunction (``E. Cuenca``), a legend of staff initials, the given part of a CSV's
``SURNAMES, GIVEN`` found again in the SMS text, ``Mr``, a place in capitals inside a CSV's quoted text, a given
name after a sentence's first word, a short form of a given name (``Xavi`` for ``Xavier``), a staff ID after a
dash, and a patient at the head of a case item before the record key.

Every snippet is fictional and written for this test; each positive failed on 19854d1. The negatives are
strings in the same layouts that must stay untagged.
"""
from __future__ import annotations

import pytest
from rules_probe import PATIENT, RELATIVE, STAFF, spans_of

DATE = {"FECHAS"}
_HL7 = (
    "MSH|^~\\&|HIS|HGTE|LAB|HGTE|20240611174502||ADT^A01^ADT_A01|CTRL7781234|P|2.5\n"
    "EVN|A01|20240611174400|||X440912\n"
    "PID|1||558120^^^HGTE^PI~40917335P^^^MI^NNESP~TE9120447300^^^ARAGON^JHN||LAHOZ&MONCAYO^ROSARIO ELENA||"
    "19470902|M|||AV. DE SAGUNTO 21 4 C^^TERUEL^^44002^ESP||978610442^PRN^PH\n"
    "NK1|1|MONCAYO^TEODORO|SON^Hijo^HL70063||978610442\n"
    "PV1|1|I|MED^H210^^HGTE||||440312998^AZNAR^LUCIA^^^^^^COLEG|||||||||||E24-7712^^^HGTE^VN\n"
)
_DICOM = (
    "(0008,0020) StudyDate                DA  20240307\n"
    "(0008,0030) StudyTime                TM  101522\n"
    "(0008,0080) InstitutionName          LO  HOSPITAL COMARCAL DE ALCAÑIZ\n"
    "(0008,0090) ReferringPhysicianName   PN  BLESA^ARACELI\n"
    "(0010,0010) PatientName              PN  GRACIA SORIANO^FELISA\n"
    "(0010,0030) PatientBirthDate         DA  19380514\n"
    "(0020,000D) StudyInstanceUID         UI  1.2.840.113619.2.55.3.604688119.971\n"
)
_DCMDUMP = "(0010,0010) PN [ORTIZ^BENIGNO]                          #  14, 1 PatientName\n"
_CSV = (
    "id;nhc;paciente;movil;texto\n"
    "1;0712245;CABRERA MELIAN, NAYRA;0034 612 33 09 81;\"SCS: Cita de NAYRA en Cardiologia el lun 12/05.\"\n"
    "2;0912203;VEGA ARMAS, M. PINO;922 40 18 77;\"SCS: M. PINO, cita Digestivo vie 16/05.\";\"NO PUEDO IR, SIGO EN ARRECIFE\"\n"
)

POSITIVES = [
    # HL7 v2: names, dates, address components and typed identifiers by their field
    (_HL7, "LAHOZ&MONCAYO^ROSARIO ELENA", PATIENT),
    (_HL7, "MONCAYO^TEODORO", RELATIVE),
    (_HL7, "AZNAR^LUCIA", STAFF),
    (_HL7, "20240611174502", DATE),
    (_HL7, "19470902", DATE),
    (_HL7, "44002", {"TERRITORIO"}),
    ("PID|1||7781^^^HGTE^PI||PARDO^LUIS||19500101|M|||C/ MAYOR 2^^TERUEL^^44001^ESP\n", "ESP", {"PAIS"}),
    (_HL7, "40917335P", {"OTRO_NUMERO_IDENTIF"}),
    (_HL7, "TE9120447300", {"ID_ASEGURAMIENTO"}),
    (_HL7, "X440912", {"ID_EMPLEO_PERSONAL_SANITARIO"}),
    # DICOM header dumps, keyword style and dcmdump style
    (_DICOM, "HOSPITAL COMARCAL DE ALCAÑIZ", {"HOSPITAL"}),
    (_DICOM, "BLESA^ARACELI", STAFF),
    (_DICOM, "GRACIA SORIANO^FELISA", PATIENT),
    (_DICOM, "19380514", DATE),
    (_DCMDUMP, "ORTIZ^BENIGNO", PATIENT),
    # an initial that is also a conjunction ("e", "y", "a")
    ("Oftalmología: Dra. E. Soria Pastor, nº col. 300412877", "E. Soria Pastor", STAFF),
    # a legend of staff initials, then the initials in a table's cells
    ("| 10:00 | sin cambios | RPL |\nLeyenda: RPL = R. Peñalver Lucas; JMO = J. Mateo Ochoa", "R. Peñalver Lucas", STAFF),
    ("| 10:00 | sin cambios | RPL |\nLeyenda: RPL = R. Peñalver Lucas; JMO = J. Mateo Ochoa", "RPL", STAFF),
    # a CSV of SMS reminders: the given part in the text, a place in a reply in capitals, an English honorific
    (_CSV, "NAYRA", PATIENT),
    (_CSV, "M. PINO", PATIENT),
    ('1;0912203;VEGA ARMAS, M. PINO;922 40 18 77;"SCS: M. PINO, cita Digestivo vie 16/05.";"NO PUEDO IR, SIGO EN ARRECIFE CON MI HIJA"',
     "ARRECIFE", {"TERRITORIO"}),
    ("Dear Mrs Hoffmann, your appointment is confirmed.", "Hoffmann", PATIENT),
    # a given name after a sentence's first word; a short form of a given name of the note
    ("Nom: Nerea Balaguer i Puig\n\nBon dia! Som Nerea i el meu home.", "Nerea", PATIENT),
    ("El meu marit, Javier Ferrandis Soler, vindrà.\n- Però si Javi no pot, vindrà la meua germana.", "Javi", RELATIVE),
    # a staff ID after the name and a dash, in a crew list in capitals
    ("TES: M. A. LORENTE - ID T-5521\nRECIBE: DR. SALAS", "T-5521", {"ID_EMPLEO_PERSONAL_SANITARIO"}),
    # a patient at the head of a case item, before the record key
    ("3.2. Pilar Ortuño de la Vega — NHC 441902. Varón de 52 años.", "Pilar Ortuño de la Vega", PATIENT),
    ("3.3. J. A. P.-R. (NHC 700112), mujer de 40 años.", "J. A. P.-R.", PATIENT),
]


@pytest.mark.parametrize(("text", "value", "labels"), POSITIVES)
def test_positive(rules, text, value, labels):
    """One detected span with one of ``labels`` is exactly ``value``, at its last occurrence (the first one of a
    name found again is the full name that holds it)."""
    start = text.rindex(value)
    found = spans_of(rules, text)
    assert any(lab in labels and (s, e) == (start, start + len(value)) for s, e, lab, _ in found), found


ANY = {"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA", "FECHAS",
       "ID_SUJETO_ASISTENCIA", "OTRO_NUMERO_IDENTIF", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL", "TERRITORIO",
       "HOSPITAL", "INSTITUCION", "CALLE", "NUMERO_TELEFONO"}
NEGATIVES = [
    # HL7: the message control ID, the message type, the table reference and the relation code
    (_HL7, "CTRL7781234", ANY),
    (_HL7, "ADT^A01^ADT_A01", ANY),
    (_HL7, "HL70063", ANY),
    (_HL7, "SON", ANY),
    (_HL7, "COLEG", ANY),
    # DICOM: the time, the UID and the tag keywords
    (_DICOM, "101522", ANY),
    (_DICOM, "1.2.840.113619.2.55.3.604688119.971", ANY),
    (_DICOM, "ReferringPhysicianName", ANY),
    # an abbreviation legend of the same shape, spelled by words that are no name
    ("Leyenda: EPOC = Enfermedad Pulmonar Obstructiva Crónica; FA = Fibrilación Auricular", "Enfermedad Pulmonar Obstructiva Crónica", ANY),
    ("Leyenda: EPOC = Enfermedad Pulmonar Obstructiva Crónica; FA = Fibrilación Auricular", "EPOC", ANY),
    # a clinical heading before a record key
    ("2.1. Evolución clínica — NHC pendiente de asignar.", "Evolución clínica", ANY),
    # a place: a first name after a word that is a given name itself
    ("Vive en Santa Marta desde 2010.", "Marta", {"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO"}),
]


@pytest.mark.parametrize(("text", "value", "labels"), NEGATIVES)
def test_negative(rules, text, value, labels):
    start = text.index(value)
    end = start + len(value)
    assert not any(s < end and start < e and lab in labels for s, e, lab, _ in spans_of(rules, text)), spans_of(rules, text)
