"""Hospitals written as the acronym of their kind and their name, the way an export's header or an SMS writes them:
``HGU Santa Lucía``, ``HGU Sta Lucia:``, ``HU Río Carrión``, ``CHU Sta. Cristina``.

* the kind's acronym: ``HU``, ``HG``, ``HGU``, ``HCU``, ``HUV``, ``CHU`` (a hospital's, never a lab's: ``HCV``, ``HbA1c``
  are other shapes), in capitals, perhaps with its period;
* then its name: one to four capitalised words on the same line, ``de``/``del``/``la`` between them, ``Sta``/``Sto``/
  ``S.`` for a saint; no word in capitals (``HGU URG``, ``HU CEX``: a unit), no service or specialty
  (``HGU Traumatología``, ``HU Urgencias``), no ordinary word alone.

The acronym and the name are one span, ahead of a country or a town its name holds (``Santa Lucía``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from .common import STRUCTURED, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY

_HOSPITAL = "HOSPITAL"
_CONNECTORS = frozenset({"de", "del", "la", "las", "los", "el"})
_NAME_WORD = r"(?:Sta\.?|Sto\.?|S\.|[A-ZÁÉÍÓÚÑÀÈÒÇ][a-záéíóúñàèòçïü][\w'’-]*)"
_HEAD = re.compile(
    rf"(?<![\w.])(?:HU|HG|HGU|HCU|HUV|CHU)\.?[ \t]+(?P<n>{_NAME_WORD}(?:[ \t]+(?:(?:de|del|la|las|los|el)[ \t]+)?{_NAME_WORD}){{0,3}})"
    r"(?![\w])")
# a service or a specialty after the acronym names a unit, not the hospital
_SERVICE = re.compile(
    r"(?i)(?:urgencias|consultas|planta|medicina|cirug[ií]a|hospitalizaci[oó]n|rehabilitaci[oó]n|farmacia|laboratorio|"
    r"admisi[oó]n|citaciones|radiodiagn[oó]stico|enfermer[ií]a|pediatr[ií]a|psiquiatr[ií]a|geriatr[ií]a|[\w]+log[ií]a|"
    r"[\w]+scopia|[\w]+grafia|[\w]+graf[ií]a|obstetricia|paritorio|di[aá]lisis|hemodi[aá]lisis|neonatos|quir[oó]fano|"
    r"paliativos|infecciosas|digestivo|extracciones|hospital|servicio|unidad|informe|alta|cita)$")


def acronym_hospital_candidates(text: str) -> list[Candidate]:
    """``HGU Santa Lucía``: a hospital's kind acronym and its capitalised name (module docstring)."""
    out: list[Candidate] = []
    for m in _HEAD.finditer(text):
        words = m.group("n").split()  # the pattern ends on a name's word, never on "de"
        if _SERVICE.match(words[0].rstrip(".")):
            continue
        content = [fold(w.rstrip(".")) for w in words if w not in _CONNECTORS]
        if len(content) == 1 and (content[0] in ORDINARY or content[0] in DESCRIPTORS):
            continue
        out.append(Candidate(m.start(), m.end("n"), _HOSPITAL, STRUCTURED))
    return out
