"""A given name after a colloquial article in running text (round 27): Catalan and Spanish speech puts ``la``/``el``
before a person's given name (``l'habitatge de la Montse``, ``ha trucat el Jordi``).

Only a known given name that is no common word, place or surname-only word, lower-case text before the article (a
facility's or a saint's name, ``Virgen de la Paz``, ``Hospital del Carmen``, has a capitalised word before) and no
capitalised word nor a full stop after it (a longer name is read by the other rules; ``la Ilma.`` is a title). By the conventions a person a note names so,
neither the patient nor a relative by any cue, is staff.
"""
from __future__ import annotations

import functools
import re

from gazetteers import default_set
from gazetteers.name_lists import name_list
from gazetteers.text import fold

from ..lexicon import Lexicon
from . import patterns as P
from .common import PATTERN, Candidate

_STAFF = "NOMBRE_PERSONAL_SANITARIO"
# a capitalised word, maybe then "de", right before the article: a surname or a facility goes on ("Iglesias de la Pola")
_CAPITAL_BEFORE = re.compile(r"(?-i:[A-ZÁÉÍÓÚÑÀÈÒ])[^\W\d_]*[ \t]+(?:(?:de|del|d['’])[ \t]*)?$")
_ARTICLE_NAME = re.compile(
    r"(?<=[a-záéíóúñàèòç,:]\s)(?:la|el)[ \t]+(?P<n>(?-i:[A-ZÁÉÍÓÚÑÀÈÒ])[a-záéíóúñàèòïüç]{2,})(?![\w'’.-])"
    r"(?![ \t]+(?:(?:de|del|d['’])[ \t]+)?[A-ZÁÉÍÓÚÑÀÈÒ])")


# round 28: a given name that is also a town ("Pol") is the person when it is a sentence's subject, no preposition
# before the article and a lower-case word (its verb) after the name: "el Pol diu", "ha trucat: el Pol està bé"
_PREPOSITION_BEFORE = re.compile(r"(?i)(?<![\w])(?:a|al|en|de|del|des|per|cap|fins|hacia|desde|para|por|sobre|entre)[ \t]+$")
_VERB_AFTER = re.compile(r"[ \t]+[a-záéíóúñàèòç]{2,}(?![\w'’-]?[A-ZÁÉÍÓÚ])")


def _subject(text: str, m: re.Match[str]) -> bool:
    return not _PREPOSITION_BEFORE.search(text, max(0, m.start() - 8), m.start()) and bool(_VERB_AFTER.match(text, m.end()))


@functools.cache
def _towns_abroad() -> frozenset[str]:
    """Towns abroad (folded), with their article when they have one: "la habana"."""
    return frozenset(fold(form.strip()) for form, _ in name_list("world_towns") if form.strip())


@functools.cache
def _common_words() -> frozenset[str]:
    """The locale's ordinary nouns (folded)."""
    try:
        return frozenset(fold(str(v)) for v in default_set("es")["common_words"].column("value"))
    except (KeyError, FileNotFoundError, OSError):
        return frozenset()


def article_name_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], common: frozenset[str]) -> list[Candidate]:
    """Given names after ``la``/``el`` in running text; ``common``: given names that are also ordinary words."""
    out = []
    for m in _ARTICLE_NAME.finditer(text):
        w = m.group("n")
        f = fold(w)
        if _CAPITAL_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            continue
        if f in stop or f in common or f in _common_words() or f in P.KINSHIP_FOLDED or lexicon.place_at([f]) and not _subject(text, m) \
                or fold(text[m.start():m.end()]) in _towns_abroad() or f in _towns_abroad():  # "la Habana"
            continue
        if lexicon.is_("first_name", w) and not lexicon.is_("profession", w):
            out.append(Candidate(m.start("n"), m.end("n"), _STAFF, PATTERN))
    # round 28: the same name after the same article typed in lower case elsewhere ("el Pol" ... "el pol estava")
    for low in {(text[c.start - 3:c.start - 1].lower(), text[c.start:c.end].lower()) for c in out if c.start >= 3}:
        out += [Candidate(m.start("n"), m.end("n"), _STAFF, PATTERN)
                for m in re.finditer(rf"(?<![\w]){low[0]}[ \t]+(?P<n>{re.escape(low[1])})(?![\w'’-])", text)]
    return out
