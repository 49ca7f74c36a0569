"""Reading an age mention: its tokens, its numbers (digits, words, ordinals, co-official words) and their units.

The text alone decides what is read (cached per mention, shared by every seed); nothing here draws or writes.
The unit tables are the ones :mod:`.ages` keeps and agrees, and :mod:`..people.kinship_numbers` reads.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from gazetteers.text import fold, has_accents

from ..base import CannotReplace
from . import age_numbers_co_official as co_official_numbers
from .age_numbers import ACCENTED_WORDS, is_number_word, parse_ordinal, parse_words

TOKEN = re.compile(r"[0-9]+|[^\W\d_]+|(?:(?![0-9])[\W\d_])+")

# unit → (rank, singular, plural, feminine noun); the largest unit of a mention is the one perturbed
YEARS, MONTHS, WEEKS, DAYS, HOURS, MINUTES = "years", "months", "weeks", "days", "hours", "minutes"
UNITS = {
    YEARS: (5, "año", "años", False), MONTHS: (4, "mes", "meses", False), WEEKS: (3, "semana", "semanas", True),
    DAYS: (2, "día", "días", False), HOURS: (1, "hora", "horas", True), MINUTES: (0, "minuto", "minutos", False),
}
# the same units in Catalan, Galician and Basque ("67 anys", "45 urte"): read, kept and agreed in their own
# language; Basque writes the noun unchanged after a number. Where a spelling is also Spanish ("mes", "dia",
# Galician "anos" = folded "años") the Spanish pair comes first.
CO_OFFICIAL_UNITS = (
    (YEARS, "any", "anys"), (YEARS, "ano", "anos"), (YEARS, "urte", "urte"),
    (MONTHS, "mes", "mesos"), (MONTHS, "hilabete", "hilabete"),
    (WEEKS, "setmana", "setmanes"), (WEEKS, "aste", "aste"),
    (DAYS, "dia", "dies"), (DAYS, "egun", "egun"),
    (HOURS, "hora", "hores"), (HOURS, "ordu", "ordu"),
    (MINUTES, "minut", "minuts"), (MINUTES, "minutu", "minutu"),
    # Basque units with a case ending, as they stand after the number: "47 urteko gizona" (a man of 47 years),
    # "55 urterekin" (at 55), "3 hilabeteko haurra"; the ending stays (it was masked: "48 XXXXXX")
    (YEARS, "urteko", "urteko"), (YEARS, "urtekoa", "urtekoa"), (YEARS, "urterekin", "urterekin"),
    (YEARS, "an", "ans"),  # Aranese: "74 ans" (its unit was masked)
    (MONTHS, "hilabeteko", "hilabeteko"), (MONTHS, "hilabetekoa", "hilabetekoa"),
    (WEEKS, "asteko", "asteko"), (DAYS, "eguneko", "eguneko"),
)
# English units, in referrals of tourists ("45-year-old", "6 months old"): "year" and "old" were masked as copied
# words ("43-XXXX-XXX"); a unit inside a hyphenated adjective stays singular ("2-year-old")
QUOTED_UNITS = (
    (YEARS, "year", "years"), (MONTHS, "month", "months"), (WEEKS, "week", "weeks"), (DAYS, "day", "days"),
    (HOURS, "hour", "hours"), (MINUTES, "minute", "minutes"),
    (YEARS, "an", "ani"), (MONTHS, "lună", "luni"),  # Romanian: "24 ani" (its unit was masked)
)
UNIT_PAIRS = [(u, sg, pl) for u, (_, sg, pl, _) in UNITS.items()] + list(CO_OFFICIAL_UNITS) + list(QUOTED_UNITS)
#: folded form → (unit, singular, plural of its language); the first pair that writes a form wins
FORMS = {fold(form): pair for pair in reversed(UNIT_PAIRS) for form in reversed(pair[1:])}
_FULL_FORMS = {key: unit for key, (unit, _, _) in FORMS.items()}
#: "ddv", "mdv", "sdv": days, months, weeks of life (a neonatal unit's "2º ddv" was masked: "1º XXX")
ABBREVIATIONS = {"a": YEARS, "m": MONTHS, "sem": WEEKS, "s": WEEKS, "d": DAYS, "h": HOURS, "min": MINUTES,
                 "ddv": DAYS, "mdv": MONTHS, "sdv": WEEKS}


@dataclass
class Quantity:
    first: int  # token range [first, last] holding the number
    last: int
    value: int
    style: str  # digits | words | ordinal
    unit: str | None = None
    unit_token: int | None = None
    language: str = "es"  # of a number in words: "ca" or "gl" for "nou anys", "corenta anos"


@functools.lru_cache(maxsize=4096)
def read_mention(original: str) -> tuple[list[str], list[Quantity], int | None, bool]:
    """Tokens, quantities, bare unit and accent style of a mention: its text alone decides them, so they are
    read once and shared by every seed (never modified)."""
    tokens = TOKEN.findall(original)
    if "".join(tokens) != original:  # cannot happen with this pattern; fail closed if it ever does
        raise CannotReplace("age span could not be tokenised")
    quantities, bare_unit = parse_quantities(tokens)
    return tokens, quantities, bare_unit, _unaccented_writer(tokens)


_SHORT_NUMBER = re.compile(r"\b\d{1,3}\b")


def numbers_in(texts: frozenset[str]) -> frozenset[int]:
    """The numbers of one to three digits the originals hold (a new age avoids them)."""
    return frozenset(int(n) for t in texts if not t.isalpha() for n in _SHORT_NUMBER.findall(t))


# a year unit word ("años", "a") in a folded ASCII original: only such originals (or bare numbers) can state
# an age in years, so the others (names, places: most of a document) skip the parse
_YEAR_UNIT = re.compile(r"(?<![a-z])(?:anos?|anys?|urte|years?|a)(?![a-z])", re.IGNORECASE)


def years_in(texts: frozenset[str]) -> frozenset[int]:
    """Ages in years that the originals state, "4 años" or a bare "61" (a surrogate "61 años" would hold that
    original); not the numbers of a date ("04/06/2018")."""
    years: set[int] = set()
    for t in texts:
        years.update(_years_of(t))
    return frozenset(years)


@functools.lru_cache(maxsize=8192)
def _years_of(t: str) -> tuple[int, ...]:
    """The ages in years one original states (originals recur across documents: "45 años")."""
    bare = t.strip()
    if bare.isascii() and bare.isdigit():  # a bare number reads as years: what parse_quantities would find
        return (int(bare),)
    if not t.isascii() or _YEAR_UNIT.search(t) or bare.isdigit():
        return tuple(q.value for q in parse_quantities(TOKEN.findall(t))[0]
                     if q.unit == YEARS and (q.unit_token is not None or bare.isdigit()))
    return ()


def parse_quantities(tokens: list[str]) -> tuple[list[Quantity], int | None]:
    """Numbers with their units; a unit with no number before it is returned as ``bare_unit``."""
    words = [i for i, t in enumerate(tokens) if t[0].isalpha()]
    last_word = words[-1] if words else None
    quantities: list[Quantity] = []
    pending: list[Quantity] = []
    bare_unit = None
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if "0" <= t[0] <= "9":
            q = Quantity(i, i, int(t), "digits")
            quantities.append(q)
            pending.append(q)
            i += 1
            continue
        if not t[0].isalpha():
            i += 1
            continue
        unit = unit_of(t, last=i == last_word)
        if unit is not None and (pending or _previous_word_is_ordinal(tokens, i)):
            if not pending:
                j = _previous_word(tokens, i)
                q = Quantity(j, j, parse_ordinal(tokens[j]), "ordinal")
                quantities.append(q)
                pending.append(q)
            for q in pending:
                q.unit, q.unit_token = unit, i
            pending = []
            i += 1
            continue
        if unit is not None and fold(t) == fold(UNITS[unit][1]) and bare_unit is None:
            bare_unit = i  # a singular unit alone: "al [mes] de vida"
        if is_number_word(t):
            run = _word_run(tokens, i)
            parsed = parse_words([tokens[j] for j in run])
            if parsed:
                value, n = parsed
                q = Quantity(i, run[n - 1], value, "words")
                quantities.append(q)
                pending.append(q)
                i = run[n - 1] + 1
                continue
        elif (found := _co_official_number(tokens, i)) is not None:  # "nou anys", "vint-i-dos anys"
            language, value, last = found
            q = Quantity(i, last, value, "words", language=language)
            quantities.append(q)
            pending.append(q)
            i = last + 1
            continue
        i += 1
    if pending:  # "45", "4 y 6": a number with no unit after it takes the last unit seen, else years
        last_unit = next((q.unit for q in reversed(quantities) if q.unit), YEARS)
        for q in pending:
            q.unit = last_unit
    return quantities, bare_unit if not quantities else None


#: unit forms only Catalan writes (Galician "anos" folds like Spanish "años")
CATALAN_UNIT_FORMS = frozenset(("any", "anys", "mesos", "setmana", "setmanes", "dies", "hores", "minut", "minuts"))


def _co_official_number(tokens: list[str], i: int) -> tuple[str, int, int] | None:
    """(language, value, last token) of the longest Catalan or Galician number starting at token ``i``."""
    for j in range(min(len(tokens), i + co_official_numbers.MAX_TOKENS), i, -1):
        if tokens[j - 1][0].isalpha() and (found := co_official_numbers.parse("".join(tokens[i:j]))) is not None:
            return found[0], found[1], j - 1
    return None


def unit_of(word: str, *, last: bool) -> str | None:
    """The unit a word writes; a one-letter abbreviation counts only as the mention's ``last`` word."""
    key = fold(word)
    if key in _FULL_FORMS:
        return _FULL_FORMS[key]
    # one-letter abbreviations ("35 A", "70 a") only at the end: "de los 25 a los 33 años" has a preposition
    if key in ABBREVIATIONS and (last or len(key) > 1):
        return ABBREVIATIONS[key]
    return None


def _previous_word(tokens: list[str], i: int) -> int:
    j = i - 1
    while j >= 0 and tokens[j].isspace():
        j -= 1
    return j


def _previous_word_is_ordinal(tokens: list[str], i: int) -> bool:
    j = _previous_word(tokens, i)
    return j >= 0 and tokens[j][0].isalpha() and parse_ordinal(tokens[j]) is not None


def _word_run(tokens: list[str], i: int) -> list[int]:
    """Indices of the letter tokens from ``i`` on, joined by plain spaces ("sesenta", "y", "tres")."""
    run = [i]
    j = i + 1
    while j + 1 < len(tokens) and tokens[j].isspace() and tokens[j + 1][0].isalpha():
        run.append(j + 1)
        j += 2
    return run


def _unaccented_writer(tokens: list[str]) -> bool:
    """True when a word of the span that should carry an accent is written without one ("dieciseis")."""
    return any(fold(t) in ACCENTED_WORDS and not has_accents(t) for t in tokens if t[0].isalpha())
