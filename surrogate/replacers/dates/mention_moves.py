"""One date mention moved or worded apart from the document's plan: the nearest other shift for a mention the
document's shift would write as another mention's original, and month names in the language of a date's words."""
from __future__ import annotations

import re
from collections.abc import Callable, Collection

from gazetteers.text import fold

from ...leak_guard import RUN
from ...textcase import apply_case
from .formats import date_shape
from .month_names import MonthNames

#: extra shifts tried, nearest first: a month, then a year (a year written alone moves only by whole years), each way
APART_SHIFTS = tuple(d for k in range(1, 4) for step in (31, 365) for d in (k * step, -k * step))
_LETTER_RUN = re.compile(r"[^\W\d_]+")


def runs(text: str) -> str:
    """A date's runs of letters and digits, folded ("02-04-2025" and "02/04/2025" → "02 04 2025")."""
    return " ".join(RUN.findall(fold(text)))


def apart_from_others(original: str, new: str, days: int, taken: Collection[str],
                      move: Callable[[str, int], str | None]) -> str:
    """``new``, or, where it reads as one of the document's date mentions (``taken``: their :func:`runs`; no shift
    fits every date of "2022 … 2023 … 2024", each written alone), ``original`` moved (``move(original, days)``) by
    the nearest other shift that writes it as none, in its own shape: that one mention leaves the document's
    shift, and no original date comes back. ``new`` again when none does (``strict_dates`` then masks it)."""
    if runs(new) not in taken:
        return new
    shape, own = date_shape(original), fold(original)
    for extra in APART_SHIFTS:
        moved = move(original, days + extra)
        if moved and date_shape(moved) == shape and fold(moved) != own and runs(moved) not in taken:
            return moved
    return new


def months_in(text: str | None, language: str, months: MonthNames) -> str | None:
    """``text`` with each Spanish month name in ``language`` when a date's number words are of another language:
    "marzo" is Galician too, so "catorce de marzo de dous mil vinte e cinco" read as Spanish came out
    "… de septiembre de dous mil vinte e catro"."""
    if text is None or language == "es":
        return text
    by_name = {fold(name): m for m, name in months.wide.items()}

    def swap(match: re.Match[str]) -> str:
        month = by_name.get(fold(match.group()))
        name = months.wide_in(language, month) if month else None
        return apply_case(match.group(), name) if name else match.group()

    return _LETTER_RUN.sub(swap, text)
