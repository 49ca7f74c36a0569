"""Runs of words typed in capitals inside an ordinarily written note, seen in title case.

A letterhead or a heading often writes its facility in capitals while the body is mixed case (``HOSPITAL
GUADARRAMA — Unidad de Media Estancia``, ``Ingresa en el HOSPITAL UNIVERSITARIO LA PAZ``). The facility rules
read letter case as their cue and so miss such a run, and the recased view of :mod:`.recase` only covers whole
notes, or lines and separated parts long enough to judge. :func:`title_view` writes every run of two or more
capitals words in title case (connectors in lower case), same length, so that the ordinary rules can read it.
"""
from __future__ import annotations

import re

from .recase import lower, upper

_UP = "A-ZÁÉÍÓÚÑÀÈÒÇÏÜÂÊÔÃÕ"
# two or more words all in capitals (a word: a capital, then capitals, apostrophes, hyphens or periods),
# a day number between them ("HOSPITAL 12 DE OCTUBRE")
CAPITALS_RUN = re.compile(
    rf"(?<![\w'’.-])[{_UP}][{_UP}'’.-]*(?:[ \t]+(?:\d{{1,2}}[ \t]+)?[{_UP}][{_UP}'’.-]*)+(?![\w'’-])"
)
_WORD = re.compile(rf"[{_UP}]+")
# words that join the parts of a name: written in lower case, unless they open the run
_CONNECTORS = frozenset({
    "DE", "DEL", "LA", "LAS", "LOS", "EL", "Y", "I", "E", "D", "L", "DA", "DO", "DOS", "DAS", "AL", "DES",
})


def title_view(text: str) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with each run of capitals words in title case (same length), and the runs' bounds."""
    chars = list(text)
    runs = []
    for m in CAPITALS_RUN.finditer(text):
        if not sum(len(w) >= 2 for w in _WORD.findall(m.group())) >= 2:
            continue  # "C.S. X": no run of two words worth reading
        runs.append(m.span())
        for k, w in enumerate(_WORD.finditer(text, m.start(), m.end())):
            word = w.group()
            titled = lower(word) if k and word in _CONNECTORS else upper(word[:1]) + lower(word[1:])
            chars[w.start():w.end()] = titled
    return "".join(chars), runs
