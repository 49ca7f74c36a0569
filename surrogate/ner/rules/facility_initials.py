"""A facility's acronym made of the initials of its name found in the same note.

A referral names ``Hospital Universitari de Vic`` once and then writes ``NHC HUV 00518274`` and ``(Dermatologia,
HUV)``; the list of known acronyms cannot hold every local one (``HUV`` is also other hospitals). The initials of
the capitalised words of a facility found in the note (``H``, ``U``, ``V``; particles left out), three letters or
more, written in capitals as a word elsewhere in the note, are that facility.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from .common import NAME_PARTICLES, PATTERN, Candidate

_FACILITIES = frozenset({"HOSPITAL", "CENTRO_SALUD", "INSTITUCION"})
_WORD = re.compile(r"[^\W\d_]+")


def facility_initials(text: str, cands: list[Candidate]) -> list[Candidate]:
    """Candidates of the acronyms, in ``text``, of the facilities among ``cands``."""
    acronyms: dict[str, str] = {}
    for c in cands:
        if c.label in _FACILITIES:
            words = [w for w in _WORD.findall(text[c.start:c.end]) if fold(w) not in NAME_PARTICLES]
            if len(words) >= 3 and all(w[0].isupper() for w in words):
                acronyms.setdefault("".join(w[0] for w in words), c.label)
    out = []
    for acronym, label in acronyms.items():
        for m in re.finditer(rf"(?<![\w-]){acronym}(?![\w-])", text):
            out.append(Candidate(m.start(), m.end(), label, PATTERN))
    return out
