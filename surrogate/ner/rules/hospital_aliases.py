"""Hospitals named as people speak of them, without the word ``Hospital``, in a note of any case (round 27):

* the distinctive words of a catalogue hospital's name (``Arrixaca``, ``Obispo Polanco``, ``Molina Orosa``) after a
  transfer's preposition (``a``, ``al``, ``del``, ``en el``, ``trasllat a``) or after a service's name
  (``Rehabilitación Arrixaca``): every word belongs to one catalogue name, and one of them is held by few names and
  is no given name (``a Molina Orosa``; never after a title, ``Dr. Molina Orosa``);
* a brand's name right before the hospital it stands for in parentheses (``trasllat a Althaia (Hospital Sant Joan de
  Déu de Manresa)``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, Candidate
from .recase_cues import ORDINARY
from .typed_hospitals import _catalogue
from .typed_note import CONNECTORS

_HOSPITAL = "HOSPITAL"
_UP = "A-ZÁÉÍÓÚÑÀÈÒÏÜÇ"
_WORD = rf"[{_UP}][a-záéíóúñàèòïüç]+"
_RUN = rf"{_WORD}(?:[ \t]+(?:(?:de|del|de[ \t]+la)[ \t]+)?{_WORD}){{0,2}}"
# "a", "al", "del", "en el", "hacia el", "trasllat a", "llevan al" ... then the name; or a service's name
_SERVICES = ("rehabilitaci[oó]n|cardiolog[ií]a|neurolog[ií]a|neumolog[ií]a|traumatolog[ií]a|oncolog[ií]a|urgencias|"
             "pediatr[ií]a|psiquiatr[ií]a|nefrolog[ií]a|digestivo|hematolog[ií]a|ginecolog[ií]a|urolog[ií]a|"
             "oftalmolog[ií]a|dermatolog[ií]a|endocrinolog[ií]a|medicina[ \t]+interna|uci|ucip|neonatos")
_CUED = re.compile(rf"(?:(?<![\w])(?:a|al|del|en[ \t]+el|hacia[ \t]+el|ao|no|do|fins[ \t]+a|cap[ \t]+a)"
                   rf"|(?i:(?<![\w])(?:{_SERVICES})))[ \t]+(?P<name>{_RUN})(?![\w])")
_BEFORE_PAREN = re.compile(rf"(?<![\w])(?P<name>{_WORD})[ \t]+\((?:Hospital|Hospitalet|Hosp\.|Clínica|Clínic|Complejo"
                           rf"|Complexo|Consorci|Fundació|Fundación)[ \t]")
# a unit's or a specialty's words that catalogue names hold too ("Instituto de Oftalmología", "Oncología Médica")
_UNIT_WORDS = frozenset({"medica", "quirurgica", "clinica", "general", "infantil", "pediatrica", "interna", "intensiva",
                         "urgencias", "materno", "maternal", "oncologico", "oncologica", "psiquiatrico", "mental"})
_UNIT_ENDINGS = ("logia", "iatria", "terapia", "grafia", "cirugia", "pedia", "tologia")
_TITLE_BEFORE = re.compile(r"(?i)(?:dr|dra|dña|sr|sra|don|doña)\.?[ \t]*$")


def _names_hospital(words: list[str], lex: Lexicon) -> bool:
    sets, df = _catalogue()
    run = [fold(w) for w in words if fold(w) not in CONNECTORS]
    if not run or any(w in ORDINARY or w in _UNIT_WORDS or w.endswith(_UNIT_ENDINGS) for w in run):
        return False
    if not any(df[w] <= 2 and not lex.is_("first_name", w) for w in run):
        return False
    return any(all(w in s for w in run) and (len(run) > 1 or len(s) <= 3) for s in sets)


def hospital_alias_candidates(text: str, lex: Lexicon) -> list[Candidate]:
    """Catalogue hospitals by their distinctive words after a cue, and a brand before its hospital (docstring)."""
    out = []
    for m in _CUED.finditer(text):
        caps = list(re.finditer(_WORD, m.group("name")))
        if _TITLE_BEFORE.search(text, max(0, m.start("name") - 6), m.start("name")):
            continue
        for n in range(len(caps), 0, -1):  # the longest run of words that names one hospital
            if _names_hospital([c.group() for c in caps[:n]], lex):
                out.append(Candidate(m.start("name"), m.start("name") + caps[n - 1].end(), _HOSPITAL, PATTERN))
                break
    for m in _BEFORE_PAREN.finditer(text):
        w = fold(m.group("name"))
        if w not in ORDINARY and w not in _UNIT_WORDS and not w.endswith(_UNIT_ENDINGS) \
                and not re.fullmatch(rf"(?i:{_SERVICES})", w) and not lex.is_("first_name", m.group("name")):
            out.append(Candidate(m.start("name"), m.end("name"), _HOSPITAL, PATTERN))
    return out

