"""Places next to a place or a facility the other rules found (round 28):

* the town a facility stands in, after ``en`` right behind its name, across a line break too (``Hospital del
  Oriente de Asturias`` / ``en Arriondas``), when that word is no given name, field or ordinary word;
* a rural address's place name found again alone (``Lugar de Llueves, casa 3`` ... ``a casa, a Llueves``);
* a postcode standing alone between a letterhead's separators on a street's line (``Av. Pio XII 27 · 45600 ·
  Tlf``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from . import vocab as V
from .common import PATTERN, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY
from .rural_addresses import rural_place_name
from .town_cues import _CLINICAL

_TOWN = "TERRITORIO"
_FACILITIES = frozenset({"HOSPITAL", "CENTRO_SALUD", "INSTITUCION"})
_UP = "A-ZÁÉÍÓÚÑÀÈÒÏÜÇ"
_WORD = rf"[{_UP}][^\W\d_]*(?:['’-][^\W\d_]+)*"
_PHRASE = rf"{_WORD}(?:[ ](?:(?:de|del|de[ ]la|de[ ]los|de[ ]las|do|da|d['’]|la|el)[ ])?{_WORD}){{0,3}}"
_SEAT = re.compile(rf"[ \t]*\n?[ \t]*(?:en|in)[ \t]+(?P<town>{_PHRASE})(?![\w'’-])")
_POSTCODE = re.compile(r"(?<=[·|])[ \t]*(?P<code>(?:0[1-9]|[1-4]\d|5[0-2])\d{3})[ \t]*(?=[·|]|$)", re.MULTILINE)


def _plain(lex: Lexicon, phrase: str) -> bool:
    first = fold(phrase.split()[0])
    return not _CLINICAL.search(first) and first not in DESCRIPTORS and first not in V.NAME_STOP and first not in ORDINARY \
        and not lex.is_("first_name", phrase.split()[0])


def places_near_found(text: str, cands: list[Candidate], lex: Lexicon) -> list[Candidate]:
    """Facilities' towns, rural names again and letterhead postcodes (module docstring)."""
    out = []
    for c in cands:
        if c.label in _FACILITIES:
            m = _SEAT.match(text, c.end)
            if m and _plain(lex, m.group("town")):
                out.append(Candidate(m.start("town"), m.end("town"), _TOWN, PATTERN))
        elif c.label == "CALLE":
            name = rural_place_name(text[c.start:c.end])
            if name:
                out += [Candidate(m.start(), m.end(), _TOWN, PATTERN)
                        for m in re.finditer(rf"(?<![\w'’-]){re.escape(name)}(?![\w'’-])", text)
                        if not c.start <= m.start() < c.end]
            line_end = text.find("\n", c.end)
            line_end = len(text) if line_end < 0 else line_end
            out += [Candidate(m.start("code"), m.end("code"), _TOWN, PATTERN)
                    for m in _POSTCODE.finditer(text, c.end, line_end)]
    return out
