"""Numbers dictated digit by digit ("tres cuatro cinco seis", "seis cuatro seis, dos uno ocho"): read in digits,
surrogated by the identifier or phone replacer, and said again one word per digit.

Speech-recognition notes write an ID or a phone this way. With no digit in it the replacers found nothing to
change and the span was masked ("XXXX XXXXXX XXXXX"). The new digits are said in the original's language
(Spanish, Catalan, Galician, Basque or English, told by its words), each in the case of the word it replaces;
the separators between the words stay, so the number keeps its length and grouping.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from typing import ClassVar

from gazetteers.text import fold

from ..textcase import apply_case
from .base import CannotReplace

#: digit words 0–9 per language, the first spelling being the one a surrogate says; Spanish first, as words
#: shared by several languages ("tres", "seis") are read as Spanish
_DIGITS: dict[str, tuple[tuple[str, ...], ...]] = {
    "es": (("cero",), ("uno", "un", "una"), ("dos",), ("tres",), ("cuatro",), ("cinco",), ("seis",), ("siete",),
           ("ocho",), ("nueve",)),
    "gl": (("cero",), ("un", "unha"), ("dous", "dúas"), ("tres",), ("catro",), ("cinco",), ("seis",), ("sete",),
           ("oito",), ("nove",)),
    "ca": (("zero",), ("u", "un", "una"), ("dos", "dues"), ("tres",), ("quatre",), ("cinc",), ("sis",), ("set",),
           ("vuit",), ("nou",)),
    "eu": (("zero",), ("bat",), ("bi",), ("hiru",), ("lau",), ("bost",), ("sei",), ("zazpi",), ("zortzi",),
           ("bederatzi",)),
    "en": (("zero", "oh"), ("one",), ("two",), ("three",), ("four",), ("five",), ("six",), ("seven",), ("eight",),
           ("nine",)),
}
_VALUE = {lang: {fold(w): d for d, spellings in enumerate(table) for w in spellings} for lang, table in _DIGITS.items()}
#: every folded digit word: a digit said again names no one, so the leak guard lets it through
WORDS = frozenset(w for values in _VALUE.values() for w in values)
_MIN_WORDS = 3  # "tres cuatro" alone is more likely a count than a dictated number
_WORD = re.compile(r"[^\W\d_]+")
_GAP = re.compile(r"[\s.,;:/\-–()+]*")


@dataclass(frozen=True)
class SpokenNumber:
    """A number said digit by digit: its digits with the original's non-space separators, and how to say
    new digits in its words."""

    original: str
    language: str
    words: tuple[re.Match[str], ...]
    digits: str

    def say(self, new: str) -> str:
        """``new`` (a surrogate of :attr:`digits`: the same separators, one digit per word) said in words."""
        if _skeleton(new) != _skeleton(self.digits) or sum(c.isdigit() for c in new) != len(self.words):
            raise CannotReplace("the surrogate of a number said in words has another layout")
        said = iter(self._DIGIT_WORDS[self.language][int(c)] for c in new if c.isdigit())
        out, pos = [], 0
        for m in self.words:
            out += [self.original[pos:m.start()], apply_case(m.group(), next(said))]
            pos = m.end()
        out.append(self.original[pos:])
        return "".join(out)

    _DIGIT_WORDS: ClassVar[dict[str, tuple[str, ...]]] = {lang: tuple(spellings[0] for spellings in table) for lang, table in _DIGITS.items()}


def read(original: str) -> SpokenNumber | None:
    """``original`` as a number said digit by digit, or None (digits in it, a word that is no digit, fewer than
    three words, or something other than separators between them)."""
    if any(c.isdigit() for c in original):
        return None
    words = tuple(_WORD.finditer(original))
    if len(words) < _MIN_WORDS:
        return None
    gaps = [original[:words[0].start()], *(original[a.end():b.start()] for a, b in pairwise(words)),
            original[words[-1].end():]]
    if not all(_GAP.fullmatch(g) for g in gaps):
        return None
    folded = [fold(m.group()) for m in words]
    language = next((lang for lang, values in _VALUE.items() if all(w in values for w in folded)), None)
    if language is None:
        return None
    values = _VALUE[language]
    # the digits glued where the words are only spaced apart, so "tres cuatro cinco" reads as one run "345"
    digits = gaps[0] + "".join(str(values[w]) + ("" if g.isspace() else g) for w, g in zip(folded, gaps[1:]))
    return SpokenNumber(original, language, words, digits)


def through_digits(original: str, replace: Callable[[str], str]) -> str | None:
    """The surrogate of a number said digit by digit, drawn by ``replace`` on its digits; None when ``original``
    is no such number."""
    spoken = read(original)
    return None if spoken is None else spoken.say(replace(spoken.digits))


def _skeleton(text: str) -> str:
    return re.sub(r"\d+", "0", text)
