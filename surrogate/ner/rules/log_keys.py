"""A machine log's ``key=value`` fields that name a staff member or a patient (round 26): an IVR's or a call
centre's log, a device's audit trail, an integration engine's trace.

* a user's or an agent's code after ``usuario=``/``user=``/``agente=``/``agent_id=``/``operador=`` (``agente=SR0734``):
  letters then digits, the staff member's employee code;
* a quoted or bare name after a key that says whose name it holds (``nombre_agente="Macarena"``, ``agent_name=Rafa
  Gil``, ``operador_nombre='Eva'``; ``nombre_paciente="Ana Ruiz"``, ``patient_name=...``): one to four words, each
  starting with a letter.
"""
from __future__ import annotations

import re

from .common import STRUCTURED, Candidate

_EMPLOYEE, _STAFF, _PATIENT = "ID_EMPLEO_PERSONAL_SANITARIO", "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA"
_WHO = r"usuari[oa]?|user|usr|agente?|operador[a]?|operator|teleoperador[a]?|gestor[a]?|tecnico|técnico"
_CODE_KEY = re.compile(rf"(?i)(?<![\w])(?:id_?)?(?:{_WHO})(?:_?id|_?cod(?:igo)?)?[ \t]*=[ \t]*[\"']?"
                       r"(?P<v>(?-i:[A-Za-z]{1,6}\d{3,6}))(?![\w@.-])")
_NAME = r"[^\W\d_][^\W\d_'’.-]*(?:[ \t]+[^\W\d_][^\W\d_'’.-]*){0,3}"
_NAME_KEY = re.compile(
    rf"(?i)(?<![\w])(?:(?:nombre|name|nom|izena)_(?P<a>{_WHO}|paciente|patient|pac|profesional|medico|enfermer[oa])|"
    rf"(?P<b>{_WHO}|paciente|patient|profesional|medico|enfermer[oa])_(?:nombre|name|nom|izena))[ \t]*=[ \t]*"
    rf"(?:\"(?P<q>{_NAME})\"|'(?P<s>{_NAME})'|(?P<v>[^\W\d_][^\W\d_'’-]*))")
_PATIENT_KEYS = ("paciente", "patient", "pac")


def log_key_candidates(text: str) -> list[Candidate]:
    """Codes and names in a log's ``key=value`` fields, read as the module docstring says."""
    out = [Candidate(m.start("v"), m.end("v"), _EMPLOYEE, STRUCTURED) for m in _CODE_KEY.finditer(text)]
    for m in _NAME_KEY.finditer(text):
        key = (m.group("a") or m.group("b")).lower()
        group = next(g for g in ("q", "s", "v") if m.group(g))
        out.append(Candidate(m.start(group), m.end(group), _PATIENT if key in _PATIENT_KEYS else _STAFF, STRUCTURED))
    return out
