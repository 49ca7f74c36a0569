"""FHIR resources in JSON: each value is labelled by its key and by the resource that holds it.

An HIS exports a patient as ``{"resourceType": "Patient", "name": [{"family": "Ortiz de Zárate", "given":
["Begoña", "María"]}], "address": [{"line": ["Calle Los Herrán, 47", "3º izda."], "city": "Vitoria-Gasteiz",
"postalCode": "01002", "country": "ES"}], ...}``. A value alone (``"María"``, ``"3º izda."``, ``"ES"``) has
no cue a note would give; its key says what it is:

* a HumanName (an object with ``family`` or ``given``): ``text``, ``family`` and each ``given`` are the name of the
  patient (``Patient``), a relative (``RelatedPerson``) or staff (``Practitioner``, ``PractitionerRole``);
* an Address: each ``line`` is a street, ``city``/``district``/``state``/``postalCode`` places, ``country`` a
  country;
* ``birthDate`` is a date; a patient's ``gender`` is the sex;
* an organisation reference's ``display`` (``managingOrganization``, ``serviceProvider``) is a facility; an
  acronym before `` - `` (``"HUA - Sede Txagorritxu"``) is the facility's name.
"""
from __future__ import annotations

import re

from .common import HEADER, Candidate

_RESOURCE = re.compile(r'"resourceType"\s*:\s*"(\w+)"')
_STRING = r'"((?:[^"\\\n]|\\.)*)"'
_PAIR = re.compile(rf'"(\w+)"\s*:\s*(?:{_STRING}|\[([^\[\]{{}}]*)\])')
_ITEM = re.compile(_STRING)
_OBJECT = re.compile(r"\{[^{}]*\}")  # an innermost object: a HumanName, an Address, a reference
_PERSON = {"Patient": "NOMBRE_SUJETO_ASISTENCIA", "RelatedPerson": "FAMILIARES_SUJETO_ASISTENCIA",
           "Practitioner": "NOMBRE_PERSONAL_SANITARIO", "PractitionerRole": "NOMBRE_PERSONAL_SANITARIO"}
_ADDRESS = {"line": "CALLE", "city": "TERRITORIO", "district": "TERRITORIO", "state": "TERRITORIO",
            "postalCode": "TERRITORIO", "country": "PAIS"}
_ORGANISATION_REF = re.compile(r'"(?:managingOrganization|serviceProvider|organization|custodian)"\s*:\s*$')
_ACRONYM = re.compile(r"[A-ZÁÉÍÓÚÑ]{2,8}(?=\s+-\s)")


def fhir_candidates(text: str) -> list[Candidate]:
    """Candidates read from the FHIR JSON resources of ``text`` (none where no ``resourceType`` key is)."""
    if '"resourceType"' not in text:
        return []
    resources = [(m.start(), m.group(1)) for m in _RESOURCE.finditer(text)]
    out: list[Candidate] = []
    for obj in _OBJECT.finditer(text):
        resource = _resource_at(resources, obj.start())
        pairs = [(m.group(1), m) for m in _PAIR.finditer(text, obj.start(), obj.end())]
        keys = {k for k, _ in pairs}
        if keys & {"family", "given"} and resource in _PERSON:
            out += [c for k, m in pairs if k in ("text", "family", "given") for c in _values(m, _PERSON[resource])]
        elif keys & {"line", "city", "postalCode"}:
            out += [c for k, m in pairs if k in _ADDRESS for c in _values(m, _ADDRESS[k])]
        elif "display" in keys and _ORGANISATION_REF.search(text, max(0, obj.start() - 40), obj.start()):
            m = next(m for k, m in pairs if k == "display")
            short = _ACRONYM.match(text, m.start(2)) if m.group(2) is not None else None
            if short:
                out.append(Candidate(short.start(), short.end(), "HOSPITAL", HEADER))
    for m in _PAIR.finditer(text):
        if m.group(1) == "birthDate":
            out += _values(m, "FECHAS")
        elif m.group(1) == "gender" and _resource_at(resources, m.start()) == "Patient":
            out += _values(m, "SEXO_SUJETO_ASISTENCIA")
    return out


def _resource_at(resources: list[tuple[int, str]], pos: int) -> str:
    return next((kind for start, kind in reversed(resources) if start < pos), "")


def _values(m: re.Match[str], label: str) -> list[Candidate]:
    """The string value of a pair, or each string of its list, as candidates."""
    if m.group(2) is not None:
        spans = [m.span(2)]
    else:
        spans = [(m.start(3) + i.start(1), m.start(3) + i.end(1)) for i in _ITEM.finditer(m.group(3))]
    return [Candidate(s, e, label, HEADER) for s, e in spans if e > s and m.string[s:e].strip()]
