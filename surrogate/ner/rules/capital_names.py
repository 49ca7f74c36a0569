"""Runs of words typed in capitals inside an ordinarily written note, seen in title case.

A letterhead or a heading often writes its facility in capitals while the body is mixed case (``HOSPITAL
GUADARRAMA — Unidad de Media Estancia``, ``Ingresa en el HOSPITAL UNIVERSITARIO LA PAZ``). The facility rules
read letter case as their cue and so miss such a run, and the recased view of :mod:`.recase` only covers whole
notes, or lines and separated parts long enough to judge. :func:`title_view` writes every run of two or more
capitals words in title case (connectors in lower case), same length, so that the ordinary rules can read it.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from . import vocab as V
from .common import NAME_PARTICLES
from .recase import lower, upper
from .recase_cues import DESCRIPTORS

_UP = "A-ZÁÉÍÓÚÑÀÈÒÇÏÜÂÊÔÃÕ"
# two or more words all in capitals (a word: a capital, then capitals, apostrophes, hyphens or periods),
# a day number between them ("HOSPITAL 12 DE OCTUBRE")
CAPITALS_RUN = re.compile(
    rf"(?<![\w'’.-])[{_UP}][{_UP}'’.-]*(?:[ \t]+(?:\d{{1,2}}[ \t]+)?[{_UP}][{_UP}'’.-]*)+(?![\w'’-])"
)
_WORD = re.compile(rf"[{_UP}]+")
# a hospital's initial before one word of its name, as a table's cell writes it ("H. ORIENTE (ingreso)")
_HOSPITAL_INITIAL = re.compile(rf"(?:^|[ \t])H\.[ \t]?[{_UP}]{{4,}}\.?$")
# the name connectors written in lower case (unless they open the run); a saint stays a name ("SAN JUAN")
_LOWER_CONNECTORS = V.NAME_CONNECTORS - {"san", "santa", "sant", "santo", "sta", "s"}


def title_view(text: str) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with each run of capitals words in title case (same length), and the runs' bounds."""
    chars = list(text)
    runs = []
    for m in CAPITALS_RUN.finditer(text):
        if not sum(len(w) >= 2 for w in _WORD.findall(m.group())) >= 2 and not _HOSPITAL_INITIAL.search(m.group()):
            continue  # "C.S. X": no run of two words worth reading
        runs.append(m.span())
        for k, w in enumerate(_WORD.finditer(text, m.start(), m.end())):
            word = w.group()
            titled = lower(word) if k and fold(word) in _LOWER_CONNECTORS else upper(word[:1]) + lower(word[1:])
            chars[w.start():w.end()] = titled
    return "".join(chars), runs


def names_a_facility(view: str, start: int, end: int, label: str) -> bool:
    """A facility candidate of the title-case view that names one: not only a kind of unit (``HOSPITAL DE DÍA``,
    ``CENTRO DE SALUD``, ``HOSPITAL GENERAL`` as a heading), and of the institutions only a residence or a pharmacy
    (a public body's or a court's heading, ``JUNTA DE EXTREMADURA``, names an office, which cues find)."""
    if label == "INSTITUCION" and not _NAMED_INSTITUTION.match(view, start):
        return False
    head = V.FACILITY_START.match(view, start)
    words = [fold(w) for w in _LETTERS.findall(view, head.end() if head else start, end)]
    return not all(w in NAME_PARTICLES or w in DESCRIPTORS or w in _UNIT_WORDS for w in words)


_LETTERS = re.compile(r"[^\W\d_]+")
# words of a unit's or service's kind after a facility head, never a facility's name
_UNIT_WORDS = frozenset(fold(w) for w in (
    "día", "dia", "noche", "agudos", "crónicos", "media", "larga", "estancia", "psiquiatría", "oncológico",
    "oncología", "geriatría", "pediatría", "salud", "mental", "infanto", "juvenil", "adultos", "hospitalización",
    "domicilio", "domiciliaria", "urgencias", "dental", "odontológica", "mayores", "majors", "gent", "gran",
    "lda", "ldo", "colaboradora", "univ",
))
_NAMED_INSTITUTION = re.compile(r"Resid[eè]ncia|Farm[aà]cia")
