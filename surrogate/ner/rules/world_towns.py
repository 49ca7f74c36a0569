"""Towns and cities abroad, from a shipped list of well-known ones (``gazetteers/facts/world_towns.tsv``), read only where a
place is expected: the municipality gazetteer holds Spain's towns alone, and a note names where a migrant
comes from, where a family lives or where a tourist was hurt (``Família a Kaolack``, ``Ve de Bălți``, ``from
Iloilo``, ``sigue en Labé``, ``reside Lausana, Suiza``).

A listed town counts, written with a capital, when

* a preposition or a residence verb comes right before it (``en``, ``de``, ``desde``, ``des de``, ``a``, ``d'``,
  ``from``, ``in``, ``near``, ``à``, ``reside``), or a comma, an opening parenthesis or a route's ``>``;
* or its country follows it (``Lausana, Suiza``, ``Leeds UK``, ``Rosario (Argentina)``), or a route's ``>``.

A town whose name is also a Spanish given name or common word (``Rosario``, ``Lima``) needs more: a residence or
origin cue (``vive en``, ``natural de``, ``from``) or its country after it; one that is also a surname (``Labé``,
``Quevedo``) needs a cue that leads to no person (``en``, ``desde``, ``from``, not ``de`` or a comma). A town followed
by another capitalised word is the start of a longer name (``Lyon Airport``) and is left to the other rules.
"""
from __future__ import annotations

import re
import unicodedata
from functools import cache

from gazetteers.name_lists import name_list
from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, Candidate
from .places_cued import _common_words
from .recase_cues import ORDINARY
from .typed_fast import typed_in_lower

_CUE = re.compile(
    r"(?i)(?:(?<![\w])(?:en|de|del|desde|dende|des[ \t]+de|hasta|fins[ \t]+a|hacia|cap[ \t]+a|a|por|cerca[ \t]+de|"
    r"from|in|near|to|at|à|depuis|vers|reside|resideix)[ \t]+|(?<![\w])d['’]|[,(>→][ \t]*)$"
)
_STRONG_CUE = re.compile(
    r"(?i)(?<![\w])(?:(?:vive|viu|viv[ií]a|viven|reside|residente|resideix|natural|nacid[oa]|nascud[ao]|nat[ao]|"
    r"procedente|proviene|prov[ée]|originari[oa]|ve|viene|vienen|familia|fam[ií]lia)[ \t]+(?:en|de|a|d['’])?[ \t]*|"
    r"(?:from|born[ \t]+in|lives[ \t]+in|em)[ \t]+)$"  # Portuguese "em" (in) leads to no person
)
# (a whole word: "desde" leads to no person)
_PERSON_CUE = re.compile(r"(?i)^(?:(?:de|del)(?![\w])|d['’]|,|\()")
_COUNTRY_AFTER = re.compile(r"[ \t]*(?:,|\(|-|–)?[ \t]*(?P<c>[^\W\d_][^\W\d_.]*(?:[ \t]+[^\W\d_][^\W\d_.]*){0,2})")
_CODES = frozenset({"uk", "usa", "us", "ee.uu", "eeuu", "rdc", "rd"})
_ROUTE_AFTER = re.compile(r"[ \t]*[>→]")
# an eponym's town: "escala de Glasgow", "criterios de Milán", "cromosoma Filadelfia" (the list leaves most out)
_EPONYM_BEFORE = re.compile(
    r"(?i)(?<![\w])(?:escalas?|criterios?|clasificaci[oó]n|score|[ií]ndice|test|grado|estadio|sistema|reglas?|protocolo|"
    r"declaraci[oó]n|consenso|cromosoma|factor|triaje|modelo|puntuaci[oó]n|definici[oó]n|variante|cepa)[ \t]+(?:de[ \t]+)?$")
# a maker's seat in a citation: "(Carl Zeiss Meditec, Dublin, CA)", "(Medtronic Inc., Minneapolis, MN, EE. UU.)"
_MAKER = re.compile(r"(?i)(?<![\w])(?:inc|ltd|corp|gmbh|ag|co|s\.?a|s\.?l|meditec|medical|pharma\w*|diagnostics|scientific|"
                    r"healthcare|laborator\w*|instruments?|systems|biotech\w*|technolog\w*)(?![\w])")
_STATE_AFTER = re.compile(r"[ \t]*,[ \t]*[A-Z]{2}(?![\w])")
_CAPITAL_AFTER = re.compile(r"[ \t]+[A-ZÁÉÍÓÚÑ][a-záéíóúñ]")


def _fold1(text: str) -> str:
    """Case- and accent-insensitive, one character for one (offsets stay those of ``text``)."""
    out = []
    for c in text:
        base = "".join(x for x in unicodedata.normalize("NFD", c) if not unicodedata.combining(x)).lower()
        out.append(base if len(base) == 1 else c.lower() if len(c.lower()) == 1 else c)
    return "".join(out)


@cache
def _names() -> tuple[str, ...]:
    """The listed written forms, longest first; the replacer reads the same list for each town's country."""
    return tuple(sorted({form.strip() for form, _ in name_list("world_towns") if form.strip()}, key=len, reverse=True))


@cache
def _pattern() -> re.Pattern[str]:
    alts = (r"[ \t]+".join(re.escape(w) for w in _fold1(n).split()) for n in _names())
    return re.compile(rf"(?<![\w'’.-])(?:{'|'.join(alts)})(?![\w'’-])")


def _doubt(name: str, lexicon: Lexicon) -> int:
    """2 for a one-word town that is also a given name or an ordinary word, 1 for a surname, else 0."""
    f = fold(name)
    if " " in f:
        return 0
    if f in ORDINARY or f in _common_words() or lexicon.is_("first_name", f):
        return 2
    return 1 if lexicon.is_("surname", f) else 0


def _country_after(text: str, end: int, lexicon: Lexicon) -> bool:
    m = _COUNTRY_AFTER.match(text, end)
    if not m or "\n" in m.group():
        return False
    words = [fold(w) for w in m.group("c").split()]
    return words[0].strip(".") in _CODES or any(lexicon.phrases["country"].longest_at(words, 0) == n for n in range(1, len(words) + 1))


def world_town_candidates(text: str, lexicon: Lexicon) -> list[Candidate]:
    """Listed towns abroad after a place cue or before their country (module docstring)."""
    out = []
    lower_ok = typed_in_lower(text)
    for m in _pattern().finditer(_fold1(text)):
        s, e = m.span()
        if not text[s].isupper() and not (lower_ok and _CUE.search(text[max(0, s - 40):s])):
            continue  # in lower case only in a note typed so, after a cue ("dakar → ziguinchor", "cerca de bignona")
        before = text[max(0, text.rfind("\n", 0, s) + 1, s - 40):s]
        country = _country_after(text, e, lexicon)
        if not country and _CAPITAL_AFTER.match(text, e):
            continue  # "Lyon Airport", "Leeds United": a longer name
        if _EPONYM_BEFORE.search(before) or _STATE_AFTER.match(text, e):
            continue
        paren = before.rfind("(")
        if paren >= 0 and ")" not in before[paren:] and _MAKER.search(before[paren:]):
            continue
        route = bool(_ROUTE_AFTER.match(text, e))
        cue = _CUE.search(before)
        doubt = _doubt(text[s:e], lexicon)
        if doubt == 2:
            ok = country or _STRONG_CUE.search(before)
        elif doubt == 1:  # "hijo de Labé", "Sr. Ruiz, Mendoza": "de" and a comma may lead to a person too
            ok = country or route or _STRONG_CUE.search(before) or cue and not _PERSON_CUE.search(cue.group())
        else:
            ok = country or route or cue or _STRONG_CUE.search(before)
        if ok:
            out.append(Candidate(s, e, "TERRITORIO", PATTERN))
    return out
