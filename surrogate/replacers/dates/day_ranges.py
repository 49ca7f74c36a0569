"""A range of days written before one month ("10-16/3", "3 al 7/5/2024", "02-06.03.2025"): no date parse reads it
whole, so it came out random digits ("55-59/1"). The closing date moves by the document's shift and the range
keeps its length, ending on the moved day."""
from __future__ import annotations

import re

from .formats import DateShift, DateGrammar

_DAY_RANGE = re.compile(r"(?P<first>\d{1,2})(?P<sep>\s*[-–]\s*|\s+al?\s+)"
                        r"(?P<last>(?P<day>\d{1,2})[/.-]\d{1,2}(?:[/.-]\d{2,4})?)")


def moved_day_range(original: str, days: int, grammar: DateGrammar) -> str | None:
    """``original`` moved by ``days`` when it is a range of days of one month, day first; else None (also when the
    moved range would start before the 1st of its month)."""
    m = _DAY_RANGE.fullmatch(original)
    if m is None:
        return None
    length = int(m.group("day")) - int(m.group("first"))
    parsed = grammar.parse(m.group("last"))
    if parsed is None or not 0 < length < 31:
        return None
    last, _ = parsed.render(DateShift(days))
    day = re.match(r"\d+", last)
    if day is None or int(day.group()) - length < 1:
        return None
    first = str(int(day.group()) - length).zfill(len(m.group("first")) if m.group("first")[0] == "0" else 1)
    return first + m.group("sep") + last
