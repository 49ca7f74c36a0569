"""Towns, villages and districts by a cue the other town rules leave out, in a note of any layout (round 28):

* a known municipality of any size after a word of coming or going (``vienen de Bullas``, ``llegó desde Jódar``,
  ``regresan a Lorca``) or after an office's word (``Oficina Talavera de la Reina``, ``Delegación Motril``);
* the place a landmark of the road is named after (``la rotonda de Torrellano``, ``el camino de Contranquil``,
  ``el cruce de Vilanova``, ``desvío de La Canda``);
* a known municipality alone or last in parentheses (``(La Hoya)``, ``(igeltseroa, Barakaldo)``);
* a town called by the first word of its name of several words after a preposition (``no Entroido de Xinzo``
  for Xinzo de Limia, ``desde Talavera``), when that word is no person's name nor an ordinary word;
* a Basque square or street by its kind after the name, inflected (``Zabalburu plazan``, ``Urbieta kalean``): the
  name, and the name again with a Basque ending glued on by a hyphen (``Zabalburu-n``).

A given name is never taken alone, so ``vienen de Rosario`` or ``(Elena)`` stay for the person rules.
"""
from __future__ import annotations

import re
from functools import cache

from gazetteers.text import fold

from ..lexicon import Lexicon
from ..tokenize import tokens
from . import vocab as V
from .common import PATTERN, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY

_TOWN = "TERRITORIO"
_UP = "A-ZÁÉÍÓÚÑÀÈÒÏÜÇ"
_WORD = rf"[{_UP}][^\W\d_]*(?:['’-][^\W\d_]+)*"
_PHRASE = rf"{_WORD}(?:[ ](?:(?:de|del|de[ ]la|de[ ]los|de[ ]las|do|da|dos|das|d['’]|la|el|les|els)[ ])?{_WORD}){{0,4}}"
_MOVE = re.compile(
    r"(?i)(?<![\w])(?:vienen?|ven[ií]an?|venimos|vino|vinieron|llega|llegan|lleg[oó]|llegaron|regresa|regresan|"
    r"regres[oó]|vuelve|vuelven|volvi[oó]|procede|proceden|trasladad[oa]s?|derivad[oa]s?|sale|salen|sali[oó]|"
    r"ve|venen|arriba|arriben|torna|tornen)[ \t]+(?:de|desde|des[ \t]+de|a|hacia|cap[ \t]+a|d['’])[ \t]*"
    rf"(?-i:(?P<town>{_PHRASE}))"
)
_OFFICE = re.compile(
    r"(?<![\w])(?:Oficina|Sede|Delegaci[oó]n|Delegaci[oó]|Sucursal|Agencia|Ag[eè]ncia|Oficina[ \t]+comarcal|"
    rf"Punto[ \t]+de[ \t]+atenci[oó]n)[ \t]+(?P<town>{_PHRASE})"
)
_LANDMARK = re.compile(
    r"(?i)(?<![\w])(?:rotonda|glorieta|cruce|desv[ií]o|camino|caminu|cam[ií]|sendero|peaje|variante|circunvalaci[oó]n|"
    r"rotonda[ \t]+de[ \t]+entrada[ \t]+a|entrada[ \t]+(?:a|de)[ \t]+la[ \t]+localidad[ \t]+de)[ \t]+(?:de|del|a|al|d['’])[ \t]*"
    rf"(?-i:(?P<town>{_PHRASE}))"
)
_PAREN = re.compile(rf"\((?:[^()\n]{{0,40}},[ \t]*)?(?P<town>{_PHRASE})\)")
_PREP = re.compile(rf"(?i)(?<![\w])(?:en|de|desde|a|hacia|no|na|do|da|cara[ \t]+a|ata|fins[ \t]+a|in)[ \t]+(?-i:(?P<town>{_WORD}))(?![\w'’-])")
_BASQUE_SQUARE = re.compile(
    rf"(?<![\w'’-])(?P<name>{_WORD}(?:[ \t]+{_WORD})?)[ \t]+(?:plazan|plazara|plazatik|plazako|plazaraino|kalean|kalera|kaletik|"
    r"kaleko|kaleraino|auzoan|auzora|auzotik|auzoko)(?![\w])"
)


# a clinical service's or a procedure's word ("camino de Rehabilitación", "viene de Radiología")
_CLINICAL = re.compile(r"(?:log[ií]a|ci[oó]n|terapia|urgencias|planta|consultas?|quir[oó]fano)$")


def _person_or_word(lex: Lexicon, phrase: str) -> bool:
    first = fold(phrase.split()[0])
    return bool(_CLINICAL.search(first)) or first in DESCRIPTORS or first in V.NAME_STOP or (" " not in phrase and (
        first in ORDINARY or lex.is_("first_name", phrase)))


def _municipality(lex: Lexicon, phrase: str) -> int:
    """The number of characters of the longest known municipality at the start of ``phrase`` (0 if none)."""
    toks = tokens(phrase)
    folded = [fold(t.text) for t in toks]
    n = lex.phrases["municipality"].longest_at(folded, 0) if folded else 0
    return toks[n - 1].end if n else 0


@cache
def _name_heads(lex: Lexicon) -> frozenset[str]:
    """First words of the municipalities named in several words with a particle (``xinzo`` of Xinzo de Limia)."""
    heads = set()
    for first, phrases in lex.phrases["municipality"]._by_first.items():
        if any(len(p) >= 3 and p[1] in {"de", "del", "d", "do", "da", "dos", "das", "la", "el"} for p in phrases):
            heads.add(first)
    return frozenset(heads)


def _known(text: str, m: re.Match[str], lex: Lexicon, out: list[Candidate]) -> None:
    phrase = m.group("town")
    n = _municipality(lex, phrase)
    if n and (" " in phrase[:n] or not _person_or_word(lex, phrase[:n])):
        out.append(Candidate(m.start("town"), m.start("town") + n, _TOWN, PATTERN))


def town_cue_candidates(text: str, lex: Lexicon) -> list[Candidate]:
    """Towns after a cue of coming, an office, a landmark, in parentheses, by their first word, and Basque squares
    (module docstring)."""
    out: list[Candidate] = []
    for rx in (_MOVE, _OFFICE):
        for m in rx.finditer(text):
            _known(text, m, lex, out)
    for m in _PAREN.finditer(text):
        phrase = m.group("town")
        if _municipality(lex, phrase) == len(phrase) and not _person_or_word(lex, phrase):
            out.append(Candidate(m.start("town"), m.end("town"), _TOWN, PATTERN))
    for m in _LANDMARK.finditer(text):
        phrase = m.group("town")
        if not _person_or_word(lex, phrase) and not lex.is_("surname", phrase.split()[0]) or _municipality(lex, phrase):
            out.append(Candidate(m.start("town"), m.end("town"), _TOWN, PATTERN))
    heads = _name_heads(lex)
    for m in _PREP.finditer(text):
        word = m.group("town")
        f = fold(word)
        if len(word) >= 4 and f in heads and f not in lex.phrases["municipality"] and not _person_or_word(lex, word) \
                and not lex.is_("surname", word):
            out.append(Candidate(m.start("town"), m.end("town"), _TOWN, PATTERN))
    for m in _BASQUE_SQUARE.finditer(text):
        name = m.group("name")
        if _person_or_word(lex, name):
            continue
        out.append(Candidate(m.start("name"), m.end("name"), _TOWN, PATTERN))
        for again in re.finditer(rf"(?<![\w'’-]){re.escape(name)}(?=-[a-z]{{1,4}}(?![\w]))", text):
            out.append(Candidate(again.start(), again.end(), _TOWN, PATTERN))
    return out
