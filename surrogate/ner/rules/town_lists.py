"""Towns that need no cue word before them, in a note of any layout (round 27):

* a municipality whose name is several words joined by a particle or a hyphen (``Xinzo de Limia``, ``Salas de los
  Infantes``, ``Vélez-Málaga``, ``Sant Fruitós de Bages``, ``La Iglesuela del Cid``): no person, unit or common
  phrase is spelt so, wherever it stands; not after a given name or a title (``José de Castro``), not inside a longer
  capitalised name (a facility's rules take that);
* the stops of a route or a list of places set apart by `` - ``, ``>``, ``→`` or, inside parentheses, by commas
  (``Tronchón - Mas de Tarín - Mirambel``, ``Salas de los Infantes > Lagunas de Neila``, ``(Xinzo de Limia, Verín)``):
  when half the stops or more are known municipalities, every stop of capitalised words that is no given name, no
  ordinary word and no unit is a place too (a hamlet, a pass, a stage's end);
* a known municipality right before its province or island in parentheses, with no cue before it (``punto de
  atención Lepe (Huelva)``), not after a capitalised word (``Medina del Campo``'s ``Campo (Valladolid)``);
* a place described in parentheses as a village near another (``Zorleni (sat lângă Bârlad)``, ``Aldán (aldea cerca
  de Cangas)``, ``Ballina (village near Sligo)``): the word before the parenthesis;
* a county or a town after a log's key (``comarca=Bages``, ``comarca: Osona``);
* what these find, found again with the same spelling elsewhere in the note (``parada: cruce Mas de Tarín``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from ..tokenize import find_phrases, tokens
from . import vocab as V
from .common import GAZETTEER, PATTERN, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY

_TOWN = "TERRITORIO"
_LINKS = frozenset({"de", "del", "la", "las", "los", "el", "d", "do", "da", "dos", "das", "i", "y", "-", "'", "’",
                    "les", "els", "dels", "l", "sa", "ses", "es", "na", "a", "o", "as", "os"})
_JOINS = frozenset({"de", "del", "d", "do", "da", "dos", "das", "dels", "-"})  # what makes a name of several words
_UP = "A-ZÁÉÍÓÚÑÀÈÒÏÜÇ"
_STOP = rf"[{_UP}][^\W\d_]*(?:['’-][^\W\d_]+)*"
# words joined by one space: two spaces or a tab set a log's or a table's cells apart
_PHRASE = rf"{_STOP}(?:[ ](?:(?:de|del|de[ ]la|de[ ]los|de[ ]las|do|da|dos|das|d['’]|la|el|les|els)[ ])?{_STOP}){{0,4}}"
_BEFORE_REGION = re.compile(rf"(?<![\w'’-])(?P<town>{_PHRASE})[ \t]*\((?P<region>[^()\n]{{3,30}})\)")
_KEYED = re.compile(rf"(?i:(?<![\w])(?:comarca|comarque|bisbarra|eskualdea))[ \t]*[=:][ \t]*(?P<town>{_PHRASE})(?![\w])")
_VILLAGE_NEAR = re.compile(
    rf"(?<![\w'’-])(?P<town>{_PHRASE})[ \t]*\((?i:sat|pueblo|pueblito|aldea|village|vila|aldeia|poble|parroquia|"
    r"pedan[ií]a|hamlet|town)[ \t]+(?i:l[âa]ng[ăa]|cerca[ \t]+de|near|perto[ \t]+de|prop[ \t]+de|junto[ \t]+a|de|of|en)[ \t]+")
_SEP = r"[ \t]+(?:-|–|>|→|->)[ \t]+"
_ROUTE = re.compile(rf"(?<![\w'’-]){_PHRASE}(?:{_SEP}{_PHRASE})+(?![\w'’-])")
_PAREN_LIST = re.compile(rf"\((?P<list>{_PHRASE}(?:[ \t]*,[ \t]*{_PHRASE})+)\)")


def _municipality(lex: Lexicon, phrase: str) -> bool:
    folded = [fold(t.text) for t in tokens(phrase)]
    return bool(folded) and lex.phrases["municipality"].longest_at(folded, 0) == len(folded)


def _plain_stop(lex: Lexicon, phrase: str) -> bool:
    """A stop that may be a place: no given name alone, no ordinary, unit or kind word first."""
    words = phrase.split()
    first = fold(words[0])
    if len(phrase) < 3 or first in DESCRIPTORS or first in V.NAME_STOP:
        return False
    # one word: no ordinary word nor given name ("Mas de Tarín" may start with one)
    return len(words) > 1 or first not in ORDINARY and not lex.is_("first_name", phrase)


def _joined_towns(text: str, lex: Lexicon) -> list[Candidate]:
    out = []
    towns = lex.phrases["municipality"]
    toks = tokens(text)
    folded = [fold(t.text) for t in toks]
    i = 0
    while i < len(toks):
        n = towns.longest_at(folded, i) if toks[i].text[:1].isupper() else 0
        run = toks[i:i + n]
        if n < 3 or not any(f in _JOINS for f in folded[i:i + n]) or not all(
                t.text[:1].isupper() or folded[i + k] in _LINKS for k, t in enumerate(run)) \
                or any("\n" in text[a.end:b.start] for a, b in zip(run, run[1:])):
            i += 1
            continue
        prev = toks[i - 1] if i else None
        after = toks[i + n] if i + n < len(toks) else None
        # "José de Castro", "Hospital Sant Joan ...": a capitalised word right before makes it a longer name
        joined_before = prev is not None and text[prev.end:run[0].start] == " " and prev.text[:1].isupper() \
            and prev.text.isalpha()
        joined_after = after is not None and text[run[-1].end:after.start] == " " and after.text[:1].isupper()
        if not joined_before and not joined_after:
            out.append(Candidate(run[0].start, run[-1].end, _TOWN, GAZETTEER))
        i += n
    return out


def _listed_stops(text: str, lex: Lexicon) -> list[Candidate]:
    out = []
    found = [(m, re.split(_SEP, m.group())) for m in _ROUTE.finditer(text)]
    found += [(m, re.split(r"[ \t]*,[ \t]*", m.group("list"))) for m in _PAREN_LIST.finditer(text)]
    for m, stops in found:
        if len(stops) < 2 or 2 * sum(_municipality(lex, s) for s in stops) < len(stops):
            continue
        pos = m.start()
        for s in stops:
            at = text.index(s, pos)
            pos = at + len(s)
            if _municipality(lex, s) or _plain_stop(lex, s):
                out.append(Candidate(at, at + len(s), _TOWN, PATTERN))
    return out


def _before_region(text: str, lex: Lexicon) -> list[Candidate]:
    out = []
    for m in _BEFORE_REGION.finditer(text):
        town, region = m.group("town"), [fold(t.text) for t in tokens(m.group("region"))]
        if not _municipality(lex, town) or lex.place_at(region, categories=("province",)) != len(region) \
                or lex.is_("first_name", town.split()[0]):
            continue
        before = text[max(0, m.start() - 30):m.start()]
        if re.search(r"[^\W\d_][ \t]$", before) and before.rstrip().split()[-1][:1].isupper():
            continue  # the tail of a longer capitalised name
        out.append(Candidate(m.start("town"), m.end("town"), _TOWN, PATTERN))
    return out


def town_list_candidates(text: str, lex: Lexicon) -> list[Candidate]:
    """Joined municipalities, the stops of a route or a list of places, and these found again (module docstring)."""
    out = _joined_towns(text, lex) + _listed_stops(text, lex) + _before_region(text, lex)
    out += [Candidate(m.start("town"), m.end("town"), _TOWN, PATTERN) for m in _KEYED.finditer(text)]
    out += [Candidate(m.start("town"), m.end("town"), _TOWN, PATTERN) for m in _VILLAGE_NEAR.finditer(text)
            if _plain_stop(lex, m.group("town"))]
    seen = {text[c.start:c.end] for c in out if c.end - c.start >= 4}
    taken = {(c.start, c.end) for c in out}
    out += [Candidate(s, e, _TOWN, PATTERN) for s, e, _ in find_phrases(text, seen)
            if (s, e) not in taken and text[s:e] in seen]
    return out
