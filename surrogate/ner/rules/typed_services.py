"""Public services named the short way a note typed fast names them: a body's acronym in lower case, an emergency
number standing for its service, the ``sem`` of a Catalan note.

* a listed body's or insurer's acronym of three or four letters (``inss``, ``tgss``, ``dkv``, ``dya``, ``emt``;
  ``bodies.tsv``, ``insurers.tsv``) typed in lower case, in a note typed fast in lower case (:func:`.typed_fast.
  typed_in_lower`; the names of five letters or more are :mod:`.typed_places`'s): no ordinary word, no given name,
  and no surname right after a given name (``jose imas``);
* an emergency number standing for the service that came (``ambulancia del 061``, ``medico del 061``, ``dya/112``):
  ``061``, ``112``, ``062``, ``080``, ``085``, ``091``, ``092`` after its ambulance, team or doctor and ``del``, or
  after another service and a slash, never before a unit, a slash and a digit, or a decimal (``ta 112/70``); the
  number called (``aviso al 061``, ``llamar al 112``) stays as written, as the tuning sets annotate it;
* ``sem`` (the Catalan emergency service; also "semana") in lower case or as ``SEM`` after ``amb``/``con``/``el``/
  ``del``/``al``/``pel``/``avisat`` (not ``en 1 sem``).
"""
from __future__ import annotations

import re
from functools import cache

from gazetteers.name_lists import name_list
from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import STRUCTURED, Candidate
from .recase_cues import ORDINARY
from .typed_fast import typed_in_lower

_BODY = "INSTITUCION"
_NUMBERS = r"061|112|062|080|085|091|092"
# what an emergency number follows when it names the service that came (the number called, "aviso al 061", "llamar
# al 112", is left as written: the tuning sets do not annotate it): its ambulance, team or doctor, or another service
# and a slash ("dya/112")
_NUMBER_CUE = (r"(?P<cue>(?<![\w])(?:ambulancia|ambulància|anbulantzia|uvi|uci[ \t]+m[oó]vil|equipo|equip|unidad|"
               r"m[eé]dico|metge|medico|enfermera|t[eé]cnicos?)[ \t]+(?:del|de|d'|do|da)[ \t]*|"
               r"(?<![\w])[^\W\d_]{3,}[ \t]*/[ \t]*)")
_EMERGENCY = re.compile(
    _NUMBER_CUE + r"(?P<n>" + _NUMBERS + r")(?![\w/.,:%-]?\d)(?![\w%]|[ \t]*(?:lpm|l\.p\.m|rpm|ppm|x'|mmhg|mg|ml|mm|cm|"
    r"kg|gr?\b|mcg|ui\b|min|seg|h\b|horas|%|/[ \t]*\d))", re.IGNORECASE)
_SEM = re.compile(r"(?<![\w])(?:amb|con|el|del|al|pel|avisat|avisado|avisada|avisem|truquem|trucar)[ \t]+"
                  r"(?P<n>sem|SEM)(?![\w.])")
# a value before the cue makes a range or a list of values ("100/112"); a time does not
_RANGE_BEFORE = re.compile(r"(?<![\d:.h])\d+(?:[.,]\d+)?[ \t]*(?:o|y|e|i|u|ni|al|a|/)[ \t]*$", re.IGNORECASE)


@cache
def _short_bodies() -> re.Pattern[str] | None:
    """The listed bodies' and insurers' acronyms of three or four letters, folded (``inss``, ``dkv``)."""
    names = {fold(form) for listed in ("insurers", "bodies") for form, _ in name_list(listed)}
    names = {n for n in names if 3 <= len(n) <= 4 and n.isalpha() and n not in ORDINARY}
    if not names:
        return None
    return re.compile(r"(?<![\w@./-])(?P<n>" + "|".join(sorted(names, key=len, reverse=True)) + r")(?![\w@-]|\.\w)")


def _short_acronyms(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    rx = _short_bodies()
    if rx is None or not typed_in_lower(text):
        return []
    out: list[Candidate] = []
    for m in rx.finditer(text):
        w = m.group("n")
        if fold(w) in stop or lexicon.is_("first_name", w):
            continue
        before = re.search(r"([^\W\d_]+)[ \t]+$", text[max(0, m.start() - 25):m.start()])
        if lexicon.is_("surname", w) and before and lexicon.is_("first_name", before.group(1)):
            continue  # "jose imas": a surname
        out.append(Candidate(m.start(), m.end(), _BODY, STRUCTURED))
    return out


def typed_service_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """Bodies by a lower-case acronym, emergency numbers standing for their service, ``sem`` (module docstring)."""
    out = _short_acronyms(text, lexicon, stop)
    for rx in (_EMERGENCY, _SEM):
        for m in rx.finditer(text):  # "entre 100 o 112", "del 100 al 112": a range of values, no service
            if not _RANGE_BEFORE.search(text, max(0, m.start() - 12), m.start("n")):
                out.append(Candidate(m.start("n"), m.end("n"), _BODY, STRUCTURED))
    return out
