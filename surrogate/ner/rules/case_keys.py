"""A patient named right before a record key, at the head of a list item: ``2.1. M.ª J. C. R. — NHC 612448``,
``Dolores Sayago de la Cruz — NHC 233980``, ``F. J. M.-T. (NHC 698205)`` (committee minutes, case lists).

The name is either initials with periods or a run of capitalised name words that fills the gap between the
item's start and the key; a clinical heading (``Evolución — HC``) has no such shape.
"""
from __future__ import annotations

import re

from .common import STRUCTURED, Candidate

_CASE_HEAD = re.compile(
    r"(?m)^[ \t]*(?:(?:\d+(?:\.\d+)*\.?|[-•*])[ \t]+)?(?P<who>[^\W\d_][^\n—–(:;]{1,60}?)[ \t]*(?:[—–-]|\()[ \t]*"
    r"(?:NHC|HC|NUHSA|CIPA?|SIP|N[ºo°]?[ \t]*(?:de[ \t]+)?historia)\b"
)
_INITIALS = re.compile(r"(?:[A-ZÁÉÍÓÚÑ](?:\.ª|ª\.?|\.)(?:-[A-ZÁÉÍÓÚÑ]\.)?[ \t]*){2,6}")


class CaseKeyRules:
    def _case_heads(self, text: str) -> list[Candidate]:
        out = []
        for m in _CASE_HEAD.finditer(text):
            s, e = m.span("who")
            who = text[s:e]
            if _INITIALS.fullmatch(who):
                out.append(Candidate(s, e, "NOMBRE_SUJETO_ASISTENCIA", STRUCTURED))
                continue
            span = self._grab_name(text, s, e, max_words=6)
            if span == (s, e) and len(who.split()) >= 2 and self.lexicon.is_("surname", who.split()[-1]):
                out.append(Candidate(s, e, "NOMBRE_SUJETO_ASISTENCIA", STRUCTURED))
        return out
