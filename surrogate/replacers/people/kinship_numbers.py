"""Numbers inside a kinship mention: a relative's age ("madre de 34 años", "padre de 39", "(21 años)"), which
the kinship replacer hands to the age replacer, or a count of relatives ("2 hijos", "tres hermanos"), which
it keeps or redraws. Patterns and the age-or-count reading only; nothing here knows a relative.
"""
from __future__ import annotations

import re

import numpy as np

from ..dates.age_parse import CO_OFFICIAL_UNITS

NUMBER_WORDS = (
    "cero uno una un dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis "
    "dieciseis diecisiete dieciocho diecinueve veinte veintiuno veintiuna veintidós veintidos veintitrés veintitres "
    "veinticuatro veinticinco veintiséis veintiseis veintisiete veintiocho veintinueve treinta cuarenta cincuenta "
    "sesenta setenta ochenta noventa cien ciento medio media"
).split()
_NUMBER = r"(?:\d+(?:[.,]\d+)?|(?:" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")(?:\s+y\s+(?:" + \
    "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r"))?)"
# Spanish units, then those of Catalan, Galician and Basque ("germà de 45 anys": the age replacer's own list)
_UNIT = r"(?:años?|a\.|meses|mes|semanas?|días?|dias?|horas?|" + "|".join(
    sorted({re.escape(f) for _, sg, pl in CO_OFFICIAL_UNITS for f in (sg, pl)}, key=len, reverse=True)) + ")"
#: a whole mention that is only an age ("65 años", "3 meses y 2 semanas de edad")
AGE_ONLY = re.compile(rf"\s*{_NUMBER}(?:\s*(?:y|,)\s*{_NUMBER})*(?:\s+{_UNIT}(?:\s+y\s+{_NUMBER}\s+{_UNIT})?)?(?:\s+de\s+edad)?\s*", re.IGNORECASE)
#: a number inside a mention, with its unit if it has one: an age or a count (``reads_as_age`` tells)
AGE_IN = re.compile(rf"(?<![^\W\d_]){_NUMBER}(?:\s+{_UNIT}(?:\s+y\s+medi[oa])?)?(?![^\W\d_])", re.IGNORECASE)
#: what stands between a name and the age after it: "Ana| de 4 años", "Ruiz| (45 años)"
BEFORE_AGE = re.compile(r"(?:[\s,;:(]|\b(?:de|con)\b)*$", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+")
_DIGITS = re.compile(r"\d+")


def reads_as_age(core: str, m: re.Match) -> bool:
    """Whether the number ``m`` of a kinship mention is an age: a unit follows it, or it comes after "de"/"("
    with no noun after it ("madre de 34 años", "padre de 39", "(21 años)"); "2 hijos", "tres hermanos" are
    quantities."""
    if re.search(_UNIT + r"\s*$", m.group(0), re.IGNORECASE):
        return True
    before = core[: m.start()].rstrip().lower()
    next_word = _WORD.match(core[m.end() :].lstrip())
    return before.endswith(("de", "(", " y")) and (next_word is None or next_word.group(0) == "y")


def recount(text: str, rng: np.random.Generator) -> str:
    """Every number of ``text`` another of the same width ("2 hijos" → "3 hijos"); no number, no change."""
    def other(m: re.Match) -> str:
        n, width = int(m.group(0)), len(m.group(0))
        lo, hi = (1, 9) if width == 1 else (10 ** (width - 1), 10 ** width - 1)
        cands = [c for c in range(max(lo, n - 3), min(hi, n + 3) + 1) if c != n]
        return str(cands[int(rng.integers(len(cands)))]) if cands else m.group(0)
    return _DIGITS.sub(other, text)
