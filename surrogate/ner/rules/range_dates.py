"""Dates the general date rules pass over for what stands beside them (round 28).

* the end of a range written as a query or a log filter writes it, two dots between the dates
  (``2024-12-01..2025-01-31``): the ISO date after ``..`` (the ISO rule refuses a dot before a date, a version's
  ``v1.2025-01`` is none);
* a day of the month after the Galician or Portuguese article and ``día``/``dia`` (``o día 12``, ``no dia 3``, ``ao
  día 4``): one or two digits, no unit or hour after. Not Spanish ``el día 9``: a case report's day of the stay, which
  MEDDOCAN leaves untagged.
"""
from __future__ import annotations

import re

from .common import PATTERN, Candidate

_DATE = "FECHAS"
_RANGE_END = re.compile(r"(?<=\d\.\.)(?:19|20)\d\d([/-])\d{1,2}\1\d{1,2}(?![\w/]|\.\d)")
_ARTICLE_DAY = re.compile(r"(?i)(?<![\w])(?:o|no|ao|do)[ \t]*\n?[ \t]*(?<=\s)(?P<d>d[ií]a[ \t]+(?:[1-9]|[12]\d|3[01]))"
                          r"(?![\w.,/:-]?\d)(?![ \t]*(?:h\b|horas?|de[ \t]+(?:tratamiento|ingreso|vida|evoluci[oó]n|"
                          r"postoperatorio|estancia)|del?[ \t]+(?:ciclo|tratamiento|ingreso)|post|%))")


def range_date_candidates(text: str) -> list[Candidate]:
    """The dates read as the module docstring says."""
    out = [Candidate(m.start(), m.end(), _DATE, PATTERN) for m in _RANGE_END.finditer(text)]
    out += [Candidate(m.start("d"), m.end("d"), _DATE, PATTERN) for m in _ARTICLE_DAY.finditer(text)]
    return out
