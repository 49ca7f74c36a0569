"""XML documents (an HL7 CDA, an HIS export): each element's text is labelled by its tag and by the element
that holds it, as :mod:`.fhir` reads JSON keys.

A CDA splits a name into ``<given>María del Pilar</given><family>Nogales</family><family>Zurita</family>`` and an
address into ``<streetAddressLine>``, ``<city>``, ``<state>``, ``<postalCode>``, ``<country>``. A value alone
(``ES``, ``Zurita``) has none of the cues a note would give; its tag says what it is:

* ``given``/``family`` (or a ``name`` holding text only) are a person's name; whose, the nearest person element
  around it says: ``patient`` the patient, ``assignedPerson``/``assignedEntity``/``healthCareFacility``'s staff
  (``performer``, ``author``, ``legalAuthenticator``) the staff, ``associatedPerson``/``guardianPerson``/
  ``relatedPerson`` a relative; an HIS export's Spanish tags (``nombre``, ``apellido1``, ``apellidos`` under
  ``paciente``, ``medico``, ``familiar``) likewise;
* an address's parts are a street (``streetAddressLine``, ``streetName``, ``houseNumber``, ``direccion``), places
  (``city``, ``county``, ``state``, ``precinct``, ``postalCode``, ``municipio``, ``provincia``, ``codigoPostal``) and
  a country (``country``, ``pais``);
* the ``value`` of ``birthTime`` and the other time elements (``effectiveTime``, ``low``, ``high``) is a date in
  its first eight digits (``20250415123000+0200``), and so is a ``fechaNacimiento``.

Tags are matched without their namespace prefix (``<hl7:given>``). A ``name`` inside an organisation is left to the
facility rules.
"""
from __future__ import annotations

import re

from .common import HEADER, Candidate

_TAG = re.compile(r"<(/?)(?:[\w.-]+:)?([\w.-]+)((?:\s[^<>]*?)?)(/?)>")
_PATIENT, _STAFF, _RELATIVE = "NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA"
# the elements that say whose a name is (folded to lower case)
_PERSONS = {
    "patient": _PATIENT, "paciente": _PATIENT, "subject": _PATIENT, "usuario": _PATIENT,
    "assignedperson": _STAFF, "assignedentity": _STAFF, "assignedauthor": _STAFF, "medico": _STAFF,
    "profesional": _STAFF, "facultativo": _STAFF, "practitioner": _STAFF, "enfermero": _STAFF, "enfermera": _STAFF,
    "associatedperson": _RELATIVE, "guardianperson": _RELATIVE, "relatedperson": _RELATIVE, "guardian": _RELATIVE,
    "familiar": _RELATIVE, "tutor": _RELATIVE, "contacto": _RELATIVE, "cuidador": _RELATIVE,
}
_ORGANISATIONS = {"representedorganization", "serviceproviderorganization", "providerorganization", "organization",
                  "custodian", "representedcustodianorganization", "wholeorganization", "scopingorganization",
                  "centro", "hospital", "organizacion"}
_NAME_PARTS = {"given", "family", "nombre", "apellido", "apellido1", "apellido2", "apellidos", "primerapellido",
               "segundoapellido", "nombrecompleto"}
_VALUES = {
    "streetaddressline": "CALLE", "streetname": "CALLE", "housenumber": "CALLE", "direccion": "CALLE",
    "domicilio": "CALLE", "city": "TERRITORIO", "county": "TERRITORIO", "state": "TERRITORIO",
    "precinct": "TERRITORIO", "postalcode": "TERRITORIO", "municipio": "TERRITORIO", "localidad": "TERRITORIO",
    "provincia": "TERRITORIO", "codigopostal": "TERRITORIO", "country": "PAIS", "pais": "PAIS",
    "fechanacimiento": "FECHAS",
}
_TIMES = {"birthtime", "effectivetime", "time", "low", "high", "deceasedtime", "center"}
# a time element's value: its date part ("20250415123000+0200" → "20250415"); the hour and zone are no date
_TIME_VALUE = re.compile(r"""\bvalue\s*=\s*["']((?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01]))""")


def xml_candidates(text: str) -> list[Candidate]:
    """Candidates read from the XML elements of ``text`` (none where it has no closing tag of a name or address
    part)."""
    if "</" not in text or not any(f"{t}>" in text.lower() for t in ("given", "family", "city", "postalcode",
                                                                       "apellido1", "apellidos", "municipio", "pais")):
        return []
    out: list[Candidate] = []
    stack: list[str] = []
    prev_end, prev_tag = 0, ""
    for m in _TAG.finditer(text):
        closing, tag, attrs, empty = m.group(1), m.group(2).lower(), m.group(3), m.group(4)
        if closing:
            if prev_tag == tag and stack and stack[-1] == tag:  # a text-only element: "<city>Alcalá</city>"
                out += _value(text, prev_end, m.start(), tag, stack[:-1])
            if tag in stack:
                del stack[len(stack) - 1 - stack[::-1].index(tag):]
            prev_tag = ""
            continue
        if tag in _TIMES and (d := _TIME_VALUE.search(attrs)):
            out.append(Candidate(m.start(3) + d.start(1), m.start(3) + d.end(1), "FECHAS", HEADER))
        if not empty:
            stack.append(tag)
        prev_end, prev_tag = m.end(), tag if not empty else ""
    return out


def _value(text: str, start: int, end: int, tag: str, around: list[str]) -> list[Candidate]:
    """The text of element ``tag`` (spaces trimmed) as a candidate, labelled by the tag and the elements around."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if start >= end or "<" in text[start:end] or not any(c.isalnum() for c in text[start:end]):
        return []
    if tag in _VALUES:
        if _VALUES[tag] == "FECHAS" and not any(c.isdigit() for c in text[start:end]):
            return []
        return [Candidate(start, end, _VALUES[tag], HEADER)]
    if tag in _NAME_PARTS or tag == "name":
        owner = next((a for a in reversed(around) if a in _PERSONS or a in _ORGANISATIONS), None)
        if owner in _PERSONS and not any(c.isdigit() for c in text[start:end]):
            return [Candidate(start, end, _PERSONS[owner], HEADER)]
    return []
