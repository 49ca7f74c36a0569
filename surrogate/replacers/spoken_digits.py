"""Numbers dictated digit by digit ("tres cuatro cinco seis", "seis cuatro seis, dos uno ocho") or, in Spanish, in
pairs ("seis seis nueve cuarenta y cinco veintidós diecinueve"): read in digits, surrogated by the identifier or
phone replacer, and said again in as many words per chunk.

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
from .dates.age_numbers import parse_words, to_words

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
#: every folded digit word, and the Spanish words of numbers of two digits: a digit or a pair said again names no
#: one, so the leak guard lets it through
WORDS = frozenset(w for values in _VALUE.values() for w in values) | frozenset(
    fold(w) for n in range(10, 100) for w in to_words(n, before_noun=False).split())
_MIN_WORDS = 3  # "tres cuatro" alone is more likely a count than a dictated number
#: Spanish letter names, as an identifier dictated to speech recognition spells its letters ("... cuatro ese" for a
#: DNI's "S", "equis siete ..." for an NIE's "X", "ve a tres ..." for a serial's "VA"): the first name said again
_LETTER_NAMES: dict[str, tuple[str, ...]] = {
    "A": ("a",), "B": ("be",), "C": ("ce",), "D": ("de",), "E": ("e",), "F": ("efe",), "G": ("ge",), "H": ("hache",),
    "I": ("i",), "J": ("jota",), "K": ("ka",), "L": ("ele",), "M": ("eme",), "N": ("ene",), "O": ("o",), "P": ("pe",),
    "Q": ("cu",), "R": ("erre", "ere"), "S": ("ese",), "T": ("te",), "U": ("u",), "V": ("uve", "ve"), "W": ("uve doble",), "X": ("equis",),
    "Y": ("ye",), "Z": ("zeta", "ceta"),
}
_LETTER = {fold(name): letter for letter, names in _LETTER_NAMES.items() for name in names if " " not in name}
#: letter names said again name no one either (the identifier replacer's leak-guard words)
LETTER_WORDS = frozenset(_LETTER) | {"doble"}
_MAX_LETTERS = 3  # spelt letters only at the ends, a few: "a", "de", "te" inside a sentence are words
_WORD = re.compile(r"[^\W\d_]+")
_GAP = re.compile(r"[\s.,;:/\-–()+]*")


@dataclass(frozen=True)
class SpokenNumber:
    """A number said in words: its digits with the original's non-space separators, and how to say new digits
    in its words. Each chunk is one word per digit, or (Spanish) a number of two digits said as such
    ("cuarenta y cinco", "veintidós": a phone dictated in pairs)."""

    original: str
    language: str
    chunks: tuple[tuple[int, int, int], ...]  # (start, end, digits) in ``original``; 0 digits: a spelt letter
    digits: str

    def say(self, new: str) -> str:
        """``new`` (a surrogate of :attr:`digits`: the same separators and digit count) said in words, each
        chunk with as many digits as it had."""
        if _skeleton(new) != _skeleton(self.digits) or sum(c.isdigit() for c in new) != sum(n for *_, n in self.chunks):
            raise CannotReplace("the surrogate of a number said in words has another layout")
        said = iter(c for c in new if c.isalnum())
        out, pos = [], 0
        for start, end, width in self.chunks:
            if width:
                word = self._said("".join(next(said) for _ in range(width)))
            else:  # a spelt letter: the new letter's name
                word = _LETTER_NAMES[next(said).upper()][0]
            out += [self.original[pos:start], apply_case(self.original[start:end], word)]
            pos = end
        out.append(self.original[pos:])
        return "".join(out)

    def _said(self, value: str) -> str:
        words = self._DIGIT_WORDS[self.language]
        if len(value) == 1:
            return words[int(value)]
        if value[0] == "0":  # "07" in a chunk of two: said digit by digit
            return f"{words[0]} {words[int(value[1])]}"
        return to_words(int(value), before_noun=False)

    _DIGIT_WORDS: ClassVar[dict[str, tuple[str, ...]]] = {lang: tuple(spellings[0] for spellings in table) for lang, table in _DIGITS.items()}


def _chunks(original: str, words: tuple[re.Match[str], ...]) -> tuple[str, list[tuple[int, int, int, str]]] | None:
    """The language and the chunks (start, end, digits, their value) of words that say a number: digit words in
    one language, or Spanish digit words and numbers of two digits ("seis seis nueve cuarenta y cinco")."""
    folded = [fold(m.group()) for m in words]
    language = next((lang for lang, values in _VALUE.items() if all(w in values for w in folded)), None)
    if language is not None:
        values = _VALUE[language]
        return language, [(m.start(), m.end(), 1, str(values[w])) for m, w in zip(words, folded)]
    out, i = [], 0
    while i < len(words):
        parsed = parse_words([m.group() for m in words[i:]])
        if parsed is None:
            return None
        value, used = parsed
        if value >= 10 and used and value < 100:
            out.append((words[i].start(), words[i + used - 1].end(), 2, str(value)))
        elif folded[i] in _VALUE["es"]:
            value, used = _VALUE["es"][folded[i]], 1
            out.append((words[i].start(), words[i].end(), 1, str(value)))
        else:
            return None
        i += used
    return "es", out


def _spelt_ends(words: tuple[re.Match[str], ...]) -> tuple[int, int]:
    """How many words at the start and at the end of ``words`` spell letters (at most ``_MAX_LETTERS`` in all), the
    rest being at least ``_MIN_WORDS``."""
    folded = [fold(m.group()) for m in words]
    head = 0
    while head < len(folded) and folded[head] in _LETTER and folded[head] not in _VALUE["es"]:
        head += 1
    tail = 0
    while tail < len(folded) - head and folded[-1 - tail] in _LETTER and folded[-1 - tail] not in _VALUE["es"]:
        tail += 1
    if head + tail > _MAX_LETTERS or len(folded) - head - tail < _MIN_WORDS:
        return 0, 0
    return head, tail


def read(original: str, letters: bool = False) -> SpokenNumber | None:
    """``original`` as a number said in words, or None (digits in it, a word that says no digit or number of two
    digits, fewer than three words, or something other than separators between them). With ``letters``, a few
    letters spelt at either end belong to it (an identifier's: "siete seis … cuatro ese")."""
    if any(c.isdigit() for c in original):
        return None
    words = tuple(_WORD.finditer(original))
    if len(words) < _MIN_WORDS:
        return None
    head, tail = _spelt_ends(words) if letters else (0, 0)
    read_ = _chunks(original, words[head:len(words) - tail])
    if read_ is None:
        return None
    language, chunks = read_
    spelt = [(m.start(), m.end(), 0, _LETTER[fold(m.group())]) for m in (*words[:head], *words[len(words) - tail:])]
    chunks = sorted(chunks + spelt)
    gaps = [original[:chunks[0][0]], *(original[a[1]:b[0]] for a, b in pairwise(chunks)), original[chunks[-1][1]:]]
    if not all(_GAP.fullmatch(g) for g in gaps):
        return None
    # the digits glued where the words are only spaced apart, so "tres cuatro cinco" reads as one run "345"
    digits = gaps[0] + "".join(value + ("" if g.isspace() else g) for (*_, value), g in zip(chunks, gaps[1:]))
    return SpokenNumber(original, language, tuple((s, e, n) for s, e, n, _ in chunks), digits)


def through_digits(original: str, replace: Callable[[str], str], letters: bool = False) -> str | None:
    """The surrogate of a number said digit by digit, drawn by ``replace`` on its digits (and ``letters`` spelt at
    its ends); None when ``original`` is no such number."""
    spoken = read(original, letters)
    return None if spoken is None else spoken.say(replace(spoken.digits))


def _skeleton(text: str) -> str:
    return re.sub(r"[A-Za-z]+", "A", re.sub(r"\d+", "0", text))
