"""Staff initials that close a note or follow a receipt's cue (round 26).

* the initials that end a note's last line after a full stop, a middle dot, a dash, a slash or the time (``... sube a
  planta, bien. QM``, ``txanda amaiera 07:00 · MU``): two to four capitals, or two to four letters with periods;
  never a clinical acronym (``... estable. UCI``);
* initials after a cue of who received, took or attended (``Recibido por: M.C.G.``, ``atendido por JLR``, ``rebut
  per: A.P.``, ``taken by: KM``).

Both are the writer's or a clerk's: staff.
"""
from __future__ import annotations

import re

from .common import GAZETTEER, STRUCTURED, Candidate
from .initials import _NOT_A_NAME as _NOT_INITIALS

_STAFF = "NOMBRE_PERSONAL_SANITARIO"
_INITIALS = r"(?:[A-ZÁÉÍÓÚÑ]\.[ \t]?){2,4}|[A-ZÁÉÍÓÚÑ]{2,4}(?![\w.])"
# the last non-blank line's end
_CLOSING = re.compile(rf"(?:[.·|/—–-]|\d:\d\d)[ \t]+(?P<i>{_INITIALS})[ \t]*\s*\Z")
_RECEIVED = re.compile(
    r"(?i)(?<![\w])(?:recibid[oa]|atendid[oa]|recogid[oa]|anotad[oa]|tomad[oa]|entregad[oa]|rebut|rebuda|at[eè]s|atesa|"
    r"recollid[ao]|recibido|atendido|received|taken|attended)[ \t]+(?:por|per|by)[ \t]*:?[ \t]*"
    rf"(?P<i>(?-i:{_INITIALS}))")


def closing_initial_candidates(text: str) -> list[Candidate]:
    """Initials closing the note and after a receipt's cue."""
    out = []
    m = _CLOSING.search(text, max(0, len(text.rstrip()) - 40))
    if m and m.group("i").replace(".", "").replace(" ", "") not in _NOT_INITIALS:
        out.append(Candidate(m.start("i"), m.start("i") + len(m.group("i").rstrip()), _STAFF, GAZETTEER))  # a name detector that reads whose initials they are wins
    out += [Candidate(m.start("i"), m.start("i") + len(m.group("i").rstrip()), _STAFF, STRUCTURED)
            for m in _RECEIVED.finditer(text) if m.group("i").replace(".", "").replace(" ", "") not in _NOT_INITIALS]
    return out
