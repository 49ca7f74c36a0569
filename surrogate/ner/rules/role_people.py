"""People named right after a role the other person rules do not read (round 27).

* a front desk's, a guard's or a pool's role, then a capitalised given name or surname (``la recepcionista Dácil``,
  ``del guarda Chano``, ``socorrista Nerea``);
* a plural role, then two names joined by ``i``/``y``/``e`` or a comma (``Tècnics Sergi i Noelia``, ``bomberos Iván y
  Raúl``);
* an officer in charge written with initials (``cap d'intervenció X. Soler``, ``jefe de dotación J. Prieto``).

By the conventions a person who is no patient and no relative is staff. Each name is cued: the backend finds it again
where it recurs (``02:31 llama Dácil:``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from . import patterns as P
from .common import STRUCTURED, Candidate

_STAFF = "NOMBRE_PERSONAL_SANITARIO"
# ("guía" left out: a clinical guideline; "operador", "gestor": a firm's)
_ROLE = (r"recepcionista|guarda(?:[ \t]+(?:jurado|rural|forestal|de[ \t]+caza))?|socorrista|secretari[oa]|"
         r"conserje|porter[oa]|azafata|camarer[oa]|telefonista")
_PLURAL = (r"t[eè]cnics|t[eé]cnicos|bombers|bomberos|socorristas|monitor(?:e)?s|vigilantes|agent(?:e)?s|sanitaris|"
           r"sanitarios|infermers|enfermeros|conductors|conductores")
_CHIEF = (r"cap[ \t]+d['’](?:intervenci[oó]|equip|dotaci[oó])|jefe[ \t]+de[ \t]+(?:intervenci[oó]n|dotaci[oó]n|equipo|turno)|"
          r"xefe[ \t]+de[ \t]+(?:intervenci[oó]n|dotaci[oó]n|equipo|quenda)")
_WORD = r"(?-i:[A-ZÁÉÍÓÚÑÀÈÒÏÜÇ])[^\W\d_A-ZÁÉÍÓÚÑÀÈÒÏÜÇ]{2,}"
_ROLE_NAME = re.compile(rf"(?<![\w.])(?i:{_ROLE})[ \t]*:?[ \t]+(?P<n>{_WORD})(?![\w'’-])")
_PLURAL_NAMES = re.compile(rf"(?<![\w.])(?i:{_PLURAL})[ \t]*:?[ \t]+(?P<a>{_WORD})[ \t]*(?:,|[ \t](?:i|y|e|and))[ \t]+(?P<b>{_WORD})(?![\w'’-])")
_CHIEF_NAME = re.compile(rf"(?<![\w.])(?i:{_CHIEF})[ \t]*:?[ \t]+(?P<n>(?-i:[A-ZÁÉÍÓÚÑ])\.[ \t]?(?:(?-i:[A-ZÁÉÍÓÚÑ])\.[ \t]?)?{_WORD}"
                         rf"|{_WORD}[ \t]+{_WORD})(?![\w'’-])")


def role_people_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    """Staff named after a role, a plural role or an officer's title, as the module docstring says."""
    def plain(w: str) -> bool:
        f = fold(w)
        return len(f) >= 3 and f not in stop and f not in function_words and f not in P.KINSHIP_FOLDED \
            and not lexicon.place_at([f]) and not lexicon.is_("profession", w)

    def person(w: str) -> bool:
        return plain(w) and (lexicon.is_("first_name", w) or lexicon.is_("surname", w))

    def given(w: str) -> bool:
        return plain(w) and lexicon.is_("first_name", w)

    out = [Candidate(m.start("n"), m.end("n"), _STAFF, STRUCTURED) for m in _ROLE_NAME.finditer(text) if person(m.group("n"))]
    for m in _PLURAL_NAMES.finditer(text):
        if given(m.group("a")) and given(m.group("b")):
            out += [Candidate(m.start(g), m.end(g), _STAFF, STRUCTURED) for g in ("a", "b")]
    for m in _CHIEF_NAME.finditer(text):
        if all(person(w) for w in re.findall(r"[^\W\d_]{3,}", m.group("n"))):
            out.append(Candidate(m.start("n"), m.end("n"), _STAFF, STRUCTURED))
    return out
