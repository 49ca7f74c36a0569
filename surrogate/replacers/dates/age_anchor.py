"""Ages the document's dates fix: a birth date and a reference date (admission, consultation) give the age.

"Fecha de nacimiento: 10/10/1963 … Edad: 53 años … Fecha de Ingreso: 17/06/2016": the dates say 52, the
header says 53, and a reader accepts either. The date replacer moves every date by one shift per document, so
the surrogate age is read off the *shifted* dates: it stays within a year of them, and never equals the
original (the leak rule for ages). Draw-free analysis: the labelled dates are found once per document
content; the shift is applied per apply.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

import numpy as np

from ..base import DocumentState
from .formats import DateGrammar, ParsedDate
from .render import _full_year, _valid_date

# the label right before a date mention, on its line ("Fecha de nacimiento: ", "F. Nac.: ", "nacido el ")
_BIRTH = re.compile(r"(?:nacimiento|nacid[oa](?:\s+el)?|f\.?\s*nac\.?|fdn)\s*[:.]?\s*$", re.IGNORECASE)
# reference dates, most telling first: the age of an admission note is the age on admission
_REFERENCES = tuple(re.compile(rf"\b{w}\w*\s*(?:de\s+\w+\s*)?[:.]?\s*$", re.IGNORECASE) for w in (
    r"ingres", r"admisi", r"consulta", r"atenci", r"valoraci", r"visita", r"informe", r"alta"))
_LOOKBACK = 40


@dataclass(frozen=True)
class AgeAnchor:
    """A document's birth date and reference date, as written (before the shift)."""

    birth: dt.date
    reference: dt.date

    @property
    def age(self) -> int:
        return age_between(self.birth, self.reference)

    def shifted(self, days: int) -> tuple[dt.date, dt.date]:
        return _add(self.birth, days), _add(self.reference, days)

    def agrees(self, value: int) -> bool:
        """Do the original dates agree with an age of ``value`` years, up to a year?"""
        return abs(value - self.age) <= 1


def age_between(birth: dt.date, reference: dt.date) -> int:
    """Completed years from ``birth`` to ``reference`` (a 29 February birthday counts on 1 March)."""
    return reference.year - birth.year - ((reference.month, reference.day) < (birth.month, birth.day))


def anchored_age(value: int, anchor: AgeAnchor, shift_days: int, rng: np.random.Generator,
                 avoid: frozenset[int] = frozenset()) -> int | None:
    """The surrogate of an age of ``value`` years that the original dates fix, or None when they do not.

    Within a year of the shifted dates' age and never ``value``: the exact age when ``value`` was off by one,
    else one year above or below it by a fair coin. (Not by how near the next birthday is: MEDDOCAN's
    admissions fall early in the year of age, 0.41 on average, so that rule wrote "one less" 60 % of the time
    and a classifier told the surrogate ages apart.) Values in ``avoid`` (other ages of the document: "52" for
    "53" beside an original "52 años" would repeat that original) are taken only when nothing else fits.
    """
    if not anchor.agrees(value):
        return None
    birth, reference = anchor.shifted(shift_days)
    exact = age_between(birth, reference)
    fits = [a for a in (exact, exact + 1, exact - 1) if a >= 0 and a != value]
    fits = [a for a in fits if a not in avoid] or fits
    if not fits:
        return None
    if exact in fits:
        return exact
    return fits[int(rng.integers(len(fits)))]


def find_anchor(state: DocumentState, date_kind: str, grammar: DateGrammar) -> AgeAnchor | None:
    """The first labelled birth date and the best-labelled reference date of the document (None if either is
    missing, or the reference comes before the birth)."""
    text = state.document.text
    birth: dt.date | None = None
    refs: dict[int, dt.date] = {}
    for sp in sorted(state.spans_of_kind(date_kind), key=lambda s: s.start):
        if sp.is_discontinuous:
            continue
        parsed = grammar.parse(text[sp.start : sp.end])
        day = calendar_date(parsed) if parsed is not None else None
        if day is None:
            continue
        label = text[max(0, sp.start - _LOOKBACK) : sp.start].rsplit("\n", 1)[-1]
        if _BIRTH.search(label):
            birth = birth or day
            continue
        for rank, pattern in enumerate(_REFERENCES):
            if pattern.search(label):
                refs.setdefault(rank, day)
                break
    if birth is None or not refs:
        return None
    reference = refs[min(refs)]
    return AgeAnchor(birth, reference) if reference >= birth else None


def calendar_date(parsed: ParsedDate) -> dt.date | None:
    """The one full date (day, month, year) a mention holds, else None ("marzo de 2014", two dates)."""
    if len(parsed.items) != 1:
        return None
    item = parsed.items[0]
    if item.day is None or item.month is None or item.year is None:
        return None
    tokens, styles = parsed.tokens, dict(parsed.month_styles)
    if styles[item.month] == "num":
        month = int(tokens[item.month])
    else:
        found = parsed.months.lookup(tokens[item.month])
        if found is None:
            return None
        month = found[0]
    day, year = int(tokens[item.day]), _full_year(tokens[item.year])
    clamped = _valid_date(year, month, day)
    return clamped if (clamped.month, clamped.day) == (month, day) else None  # "31/02/2010" tells no age


def _add(day: dt.date, days: int) -> dt.date:
    try:
        return day + dt.timedelta(days=days)
    except OverflowError:  # the date replacer moves such a date the other way
        return day - dt.timedelta(days=days)
