"""A contact's line: the person named right before their phone.

Call logs and social-work notes list contacts as a name and a number, with no cue before the name (``(Servisocial
Nazarí) Mari Carmen 692 18 77 40``, ``nuera (viuda de Luis) Begoña Suárez 616 55 08 42``). A capitalised run that
starts with a known given name (no common word; second after a short form, ``Mari Carmen``) and goes on with known names, right before a Spanish phone, is a
person: a relative when a kinship word is nearer before it on the line than a care role, staff when a role is nearer.
A nickname in parentheses and a phone's cue may stand between the name and the number, and the number may be spaced
digit by digit (``llama la hija, Begoña (Bego) tlf 6 12 44 08 31``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from . import patterns as P
from .common import STRUCTURED, Candidate

_KIN, _STAFF = "FAMILIARES_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO"
_CAP = r"[A-ZÁÉÍÓÚÑ][a-záéíóúñçàèòïü]+"
# round 23: a nickname in parentheses and a phone's cue may stand between ("Covadonga (Cova) tlf 6 29 41 77 03")
_NICK_CUE = r"(?:\([ \t]*(?P<k>[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{1,12})[ \t]*\)[ \t]*)?(?:(?i:tlf|telf|tel|tfno|m[oó]vil)\.?[ \t]*:?[ \t]*)?"
_NAME_BEFORE_PHONE = re.compile(rf"(?<![\w.])(?P<n>{_CAP}(?:[ \t]+(?:(?:de|del|la)[ \t]+)?{_CAP}){{0,3}})[ \t]*[:,(]?[ \t]*{_NICK_CUE}"
                                rf"(?=(?:\+|00)?(?:34[ \t]?)?(?:[6789]\d{{1,2}}(?:[ \t.-]?\d{{2,3}}){{2,3}}|[6789](?:[ \t]?\d){{8}})(?![\w]))")
_KIN_WORD = re.compile(rf"(?i)(?<![\w])(?:{'|'.join(sorted(P.KINSHIP_CORE, key=len, reverse=True))}|nuera|yerno|cuñad[oa]|suegr[oa]|"
                       r"novi[oa]|pareja|vecin[oa])(?![\w])")
_ROLE_WORD = re.compile(r"(?i)(?<![\w])(?:trabajador[ao]|auxiliar|enfermer[ao]|enf|ts|m[eé]dic[oa]|dr|dra|fisio\w*|"
                        r"cuidador[ao]|gestor[ao]|coordinador[ao]|supervisor[ao])(?![\w])")


def contact_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """Names right before their phone (see the module docstring)."""
    out: list[Candidate] = []
    for m in _NAME_BEFORE_PHONE.finditer(text):
        words = re.findall(r"[^\W\d_]+", m.group("n"))
        given = [k for k, w in enumerate(words[:2]) if len(w) >= 3 and fold(w) not in stop and lexicon.is_("first_name", w)]
        if not given or not all(w in ("de", "del", "la") or lexicon.is_("first_name", w) or lexicon.is_("surname", w)
                                for w in words[given[0]:]) or given[0] == 1 and len(words[0]) < 3:
            continue  # a given name first, or second after a short form ("Mari Carmen"), then known names
        if lexicon.place_at([fold(w) for w in words]) == len(words):
            continue  # "Transportes Hnos. Ruiz S.L., Don Benito, 924 ...": a town before the company's phone
        line = text[text.rfind("\n", 0, m.start()) + 1:m.start()][-80:]
        kin = [k.end() for k in _KIN_WORD.finditer(line)]
        role = [r.end() for r in _ROLE_WORD.finditer(line)]
        label = _STAFF if role and (not kin or role[-1] > kin[-1]) else _KIN
        out.append(Candidate(m.start("n"), m.end("n"), label, STRUCTURED))
        if m.group("k") and fold(m.group("k")) not in stop:  # the nickname is the same person's
            out.append(Candidate(m.start("k"), m.end("k"), label, STRUCTURED))
    return out
