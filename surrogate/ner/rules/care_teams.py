"""Care teams and emergency services named by their acronym, which no list of hospitals or centres holds:

* a home-care or primary-care team's acronym and its area (``PADES Osona``, ``ESAD Zamora Norte``,
  ``SUAP Benavente``): the whole is a centre; its area one to three capitalised words (``de``/``del``/``la`` between
  them), in a note typed in lower case also in lower case when the words are a known place (``pades osona``); no
  ordinary word alone;
* an emergency service's acronym right after ``ambulancia`` (``ambulancia SAMU``, ``ambulància del SEM``): the
  acronym is a body; a kind of ambulance (``SVB``, ``SVA``, ``UVI``, ``TNS``) is none.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY
from .typed_fast import typed_in_lower

_CENTRE, _BODY = "CENTRO_SALUD", "INSTITUCION"
_WORD = r"[^\W\d_][\w'’-]*"
_TEAM = re.compile(rf"(?<![\w.])(?P<t>PADES|ESAD|EBAP|SUAP|pades|esad|suap)[ \t]+"
                   rf"(?P<n>{_WORD}(?:[ \t]+(?:(?:de|del|la|les|el|d['’])[ \t]*)?{_WORD}){{0,2}})")
_CONNECT = frozenset({"de", "del", "la", "les", "el", "d", "l"})
_AMBULANCE = re.compile(r"(?i:ambulancias?|ambul[aà]ncies|ambul[aà]ncia)[ \t]+(?:(?i:del?|el)[ \t]+)?"
                        r"(?P<a>[A-Z]{2,6})(?![\w])")
# kinds of ambulance and of crew, not a service's name
_KINDS = frozenset({"SVB", "SVA", "SVAE", "SVAI", "SVAN", "USVB", "USVA", "UVI", "UCI", "TNS", "TSU", "TSNU", "TES",
                    "VIR", "VIA", "DUE", "MIR", "SI", "NO", "OK", "AMB", "URG", "RX", "TAC", "ECG", "O2"})


def care_team_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """``PADES Osona``, ``ambulancia SAMU`` (module docstring)."""
    out: list[Candidate] = []
    lower = None
    for m in _TEAM.finditer(text):
        words = re.findall(r"[^\W\d_][\w'’-]*", m.group("n"))
        # the area's words: all capitalised, or, in a note typed in lower case, a known place in lower case
        keep: list[str] = []
        for w in words:
            if fold(w) in _CONNECT and keep:
                keep.append(w)
                continue
            if not w[0].isupper() or w.isupper():
                break
            keep.append(w)
        while keep and fold(keep[-1]) in _CONNECT:
            keep.pop()
        if m.group("t").islower() or not keep:
            if not keep and m.group("t").isupper():
                continue
            if lower is None:
                lower = typed_in_lower(text)
            n = lexicon.place_at([fold(w) for w in words]) if lower else 0
            if not n or any(w != w.lower() for w in words[:n]):
                continue
            keep = words[:n]
        content = [fold(w) for w in keep if fold(w) not in _CONNECT]
        if len(content) == 1 and (content[0] in ORDINARY or content[0] in DESCRIPTORS or content[0] in stop):
            continue
        end = m.start("n")
        for w in keep:
            end = text.index(w, end) + len(w)
        out.append(Candidate(m.start(), end, _CENTRE, PATTERN))
    for m in _AMBULANCE.finditer(text):
        if m.group("a") not in _KINDS:
            out.append(Candidate(m.start("a"), m.end("a"), _BODY, PATTERN))
    return out
