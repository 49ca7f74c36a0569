"""What every detector of the ``rules`` backend shares: the candidate record, tiers and token tests."""
from __future__ import annotations

import re
from dataclasses import dataclass

#: particles between the words of a Spanish, Catalan or Galician name ("de la", "i", "da"): part of a name, never
#: a name word of their own (no initial, not written when the surnames are joined)
NAME_PARTICLES = frozenset({"de", "del", "la", "las", "los", "y", "i", "e", "da", "do", "dos", "das"})

from gazetteers.text import fold

from ..tokenize import Token
from . import vocab as V

# A candidate's tier decides overlaps before its length does (lower wins).
HEADER, STRUCTURED, PATTERN, GAZETTEER = 0, 1, 2, 3

_WORD_BEFORE = re.compile(r"([^\W\d_]+) {1,2}$")  # (a tab or a gap of three spaces or more sets cells apart: no word of the same name)
# (not a phone: "Ortopedia San Lázaro 958 15 62 03"; not a day and month: "h. virgen del rocio 22 mayo"; not an age
# or a date: "Pilar Lasheras Gimeno, 82 años" and "Montserrat Figuerola Batet, 3/3/2023" are people)
_NUMBER_AHEAD = re.compile(
    r"(?i),?(?![ ]*\t)\s*(?:n[ºo°]\s*)?(?!\d{3}(?:[ .]\d{2,3}){2,3}(?!\d))(?:\d{1,4}(?!\d)(?!\s+de\s)(?![ \t]+(?i:ene|feb|mar|abr|may|jun|jul|ago|sep|oct|nov|dic)[a-z]*\b)(?!\s*(?:años|año|anys|anos|urte|meses|a\.))(?![/.]\d)|s\s?/\s?n\b)"
)


@dataclass(frozen=True, slots=True)
class Candidate:
    start: int
    end: int
    label: str
    tier: int


def is_cap_word(tok: Token) -> bool:
    t = tok.text
    return t[0].isalpha() and t[0].isupper()


def is_word(tok: Token) -> bool:
    return tok.text[0].isalpha()


def trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Strip surrounding whitespace and trailing punctuation from a field value."""
    while start < end and (text[start].isspace() or text[start] in ",;:"):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in ".,;:-–"):
        end -= 1
    return start, end


def phone_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """MEDDOCAN leaves the ``+`` of ``+34`` and an unclosed ``(`` outside the span."""
    while start < end and (text[start] in "+ " or (text[start] == "(" and ")" not in text[start:end])):
        start += 1
    if text.startswith("(", start) and text[end - 1] == ")" and text.count("(", start, end) == 1 and text.count(")", start, end) == 1:
        start, end = start + 1, end - 1  # "(0033 6 12 48 90 27)": the parentheses wrap the whole number
        while start < end and text[start] in "+ ":
            start += 1
    return start, end


_TITLES = frozenset(("dr", "dra", "drs", "dres", "sr", "sra", "srta", "sres", "dna", "prof", "profa", "enf", "ldo", "lda"))


def connects_to_name(toks: list[Token], j: int) -> bool:
    """``de la Reina``: connectors at ``j`` lead (within three tokens) to a capitalised name word."""
    for k in range(j + 1, min(len(toks), j + 3)):
        if is_cap_word(toks[k]):
            # "la Dra. Ruiz y el Dr. Pérez": a title starts another person's name
            return fold(toks[k].text) not in V.NAME_STOP and fold(toks[k].text) not in _TITLES
        if fold(toks[k].text) not in V.NAME_CONNECTORS:
            return False
    return False


def after_capitalised_word(text: str, pos: int) -> bool:
    """True when the word right before ``pos`` (same line, only spaces between) is capitalised."""
    m = _WORD_BEFORE.search(text[max(0, pos - 40):pos])
    return bool(m) and m.group(1)[0].isupper() and fold(m.group(1)) not in V.NAME_CONNECTORS


def street_number_follows(text: str, tok: Token) -> bool:
    """``Irunlarrea, 3`` / ``Aguilar 90`` / ``Atxotegi, s/n``: a house number right after this word."""
    return bool(_NUMBER_AHEAD.match(text[tok.end:tok.end + 12]))


def last_line(text: str) -> tuple[int, int] | None:
    """Bounds of the note's last non-empty line, without its indent (where a note is signed); None if empty."""
    end = len(text.rstrip())
    if end == 0:
        return None
    start = text.rfind("\n", 0, end) + 1
    while start < end and text[start] in " \t":
        start += 1
    return start, end
