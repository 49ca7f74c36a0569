"""The rules backend on the generic misses of the round-9 notes (127-138): an HL7 CDA's elements read by tag (names
by the person element around them, address parts, time values), numbers named only by their cue (meeting IDs,
register-book entries, courier tracking, autopsy and prisoner numbers, preliminary proceedings, bar numbers, a
worker's number after the role's word, an implant's engraved number, a year/HOS/serial episode), a lower-case
phone-typed handover (``pac`` and a name, ``de ana a david``, ``dr`` without the period, a name before ``la enf``,
``cs`` and a name, ``c`` for *calle*, a shift's day and month, ``del virgen de …``), a prison's name, a facility's
acronym made of the initials of its name in the same note, a Galician social worker's field and a quoted display
name before its kinship.

Every snippet is fictional and written for this test; each positive failed on 98c79cd. The negatives are strings in
the same layouts that must stay untagged.
"""
from __future__ import annotations

import pytest
from rules_probe import FACILITIES, PATIENT, PLACES, RELATIVE, STAFF, spans_of

DATE = {"FECHAS"}
OTHER = {"OTRO_NUMERO_IDENTIF"}
EMPLOYEE = {"ID_EMPLEO_PERSONAL_SANITARIO"}
CONTACT = {"ID_CONTACTO_ASISTENCIAL"}
_CDA = (
    '<ClinicalDocument xmlns="urn:hl7-org:v3">\n'
    '  <effectiveTime value="20240918101500+0200"/>\n'
    "  <recordTarget><patientRole>\n"
    '    <addr use="H"><streetAddressLine>Avenida de la Estación, 9, 1º B</streetAddressLine>\n'
    "      <city>Medina del Campo</city><state>Valladolid</state><postalCode>47400</postalCode>"
    "<country>ES</country></addr>\n"
    "    <patient><name><given>Jacinta</given><family>Olmedo</family><family>Vallejo</family></name>\n"
    '      <birthTime value="19480203"/></patient>\n'
    "  </patientRole></recordTarget>\n"
    "  <author><assignedAuthor><assignedPerson><name><prefix>Dra.</prefix><given>Noelia</given>"
    "<family>Tresguerres Iriarte</family></name></assignedPerson></assignedAuthor></author>\n"
    '  <participant typeCode="IND"><associatedEntity classCode="NOK"><associatedPerson>\n'
    "    <name><given>Teodoro</given><family>Olmedo Sastre</family></name></associatedPerson></associatedEntity>\n"
    "  </participant>\n"
    "</ClinicalDocument>\n"
)
_HANDOVER = (
    "relevo tarde 21/4 3a trauma de lucia a sergio perdon x las faltas\n\n"
    "hab 312 pac joaquin arribas peña 79a fx cadera dcha iq mañana ayunas desde las 24h vive con la mujer en "
    "c almendros 14 bajo de cuellar\n\n"
    "hab 314 pac mtnez sotillo amparo 88a la cura la lleva maria luisa la enf del cs san lorenzo\n\n"
    "hab 316 ingreso de urg del virgen de la concha pac jaime soler gallardo la chema 61a\n\n"
    "avisado dr cardenal x la tension\n"
)

POSITIVES = [
    # CDA: names by the person element around them, the address's parts, time values' dates
    (_CDA, "Jacinta", PATIENT),
    (_CDA, "Vallejo", PATIENT),
    (_CDA, "Tresguerres Iriarte", STAFF),
    (_CDA, "Olmedo Sastre", RELATIVE),
    (_CDA, "Medina del Campo", PLACES),
    (_CDA, "47400", PLACES),
    (_CDA, "ES", {"PAIS"}),
    (_CDA, "19480203", DATE),
    (_CDA, "20240918", DATE),
    # numbers named by their cue
    ("Plataforma: Zoom · Meeting ID: 831 5520 0914\n", "831 5520 0914", CONTACT),
    ("Nº en el Libro Recetario: 0233/2024    Fecha: 03/06/2024\n", "0233/2024", OTHER),
    ("Envío por mensajería, nº de seguimiento 7712 0045 9921 08, a domicilio.\n", "7712 0045 9921 08", OTHER),
    ("INFORME DE AUTOPSIA\nNº de autopsia: B-0712/2024\n", "B-0712/2024", OTHER),
    ("Interno: PÉREZ LARA, Iván\nNº interno: 2024-00871 · Módulo 4\n", "2024-00871", OTHER),
    ("a disposición del Juzgado de Instrucción n.º 1 de Navalcarnero, DP 877/2024\n", "877/2024", OTHER),
    ("Letrada: Dña. Irene Cobos Marín (ICAM 91.402), tel. despacho 91 000 00 00\n", "91.402", {"ID_TITULACION_PERSONAL_SANITARIO"}),
    ("Técnico instalador: Bruno Cid Lago · nº técnico TEC-2218\n", "TEC-2218", EMPLOYEE),
    ("Intérprete de rumano Mihai Stan (TraduSan, nº TRD-0917) conectado.\n", "TRD-0917", EMPLOYEE),
    ("Prótesis de cadera con número grabado ACX-3.2-5581920 en el vástago.\n", "ACX-3.2-5581920", {"IDENTIF_DISPOSITIVOS_NRSERIE"}),
    ("Zenbakia: 24/HOS/118203\n", "24/HOS/118203", CONTACT),
    # a lower-case handover
    (_HANDOVER, "21/4", DATE),
    (_HANDOVER, "lucia", STAFF),
    (_HANDOVER, "sergio", STAFF),
    (_HANDOVER, "joaquin arribas peña", PATIENT),
    (_HANDOVER, "c almendros 14 bajo", PLACES),
    (_HANDOVER, "mtnez sotillo amparo", PATIENT),
    (_HANDOVER, "maria luisa", STAFF),
    (_HANDOVER, "cs san lorenzo", FACILITIES),
    (_HANDOVER, "virgen de la concha", FACILITIES),
    (_HANDOVER, "chema", PATIENT),
    (_HANDOVER, "cardenal", STAFF),
    # a prison, a facility's acronym from its name in the note, a Galician social worker, a quoted display name
    ("Centro Penitenciario Sevilla II (Morón) — Enfermería\n", "Centro Penitenciario Sevilla II", FACILITIES),
    ("Destino: Hospital Comarcal de Laredo\nRespuesta del Dr. Ramiro Sainz Pelayo (Traumatología, HCL):\n", "HCL", FACILITIES),
    ("Data: 2 de maio de 2024\nTraballadora social: Antía Lorenzo Pazos\n", "Antía Lorenzo Pazos", STAFF),
    ('10:04:11  INVITADO   "Iván" (hijo, desde casa) · Android 14\n', "Iván", RELATIVE),
]


@pytest.mark.parametrize(("text", "value", "labels"), POSITIVES)
def test_positive(rules, text, value, labels):
    """One detected span with one of ``labels`` is exactly ``value`` (its first occurrence)."""
    start = text.index(value)
    found = spans_of(rules, text)
    assert any(lab in labels and (s, e) == (start, start + len(value)) for s, e, lab, _ in found), found


_ORGANISATION = (
    "<representedOrganization><name>Servicio de Cardiología</name></representedOrganization>\n"
    '<code code="HUSB" displayName="Esposo"/><city>Soria</city>'
)
ANY = {"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA", "FECHAS",
       "ID_SUJETO_ASISTENCIA", "OTRO_NUMERO_IDENTIF", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL", "TERRITORIO",
       "HOSPITAL", "CENTRO_SALUD", "INSTITUCION", "CALLE", "NUMERO_TELEFONO", "ID_EMPLEO_PERSONAL_SANITARIO",
       "IDENTIF_DISPOSITIVOS_NRSERIE", "PAIS", "ID_TITULACION_PERSONAL_SANITARIO"}
NEGATIVES = [
    # CDA: an organisation's name element is no person's name
    (_ORGANISATION, "Servicio de Cardiología", {"NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA"}),
    # an adhesion molecule is no bar number
    ("Expresión de ICAM-1 1200 pg/ml en el lavado.", "1200", ANY),
    # a handover's doses, times and clinical words after "c", "pac" and "dr"
    (_HANDOVER + "hab 318 furosemida 40mg iv c 12h cura c 48h el pac cayo de la cama\n", "c 12h", ANY),
    (_HANDOVER + "hab 318 el pac vive solo en el pueblo\n", "vive solo en el pueblo", ANY),
    (_HANDOVER + "dr de guardia avisado\n", "dr de guardia", ANY),
    # a register number without a digit run, a lot number with no cue
    ("Nº de autopsia: pendiente de asignar.\n", "pendiente", ANY),
    # an acronym of three capitals that is not the initials of a facility of the note
    ("Destino: Hospital Comarcal de Laredo\nDiagnóstico: HTA y DM2; ECG sin cambios.\n", "ECG", FACILITIES),
]


@pytest.mark.parametrize(("text", "value", "labels"), NEGATIVES)
def test_negative(rules, text, value, labels):
    start = text.index(value)
    end = start + len(value)
    assert not any(s < end and start < e and lab in labels for s, e, lab, _ in spans_of(rules, text)), spans_of(rules, text)
