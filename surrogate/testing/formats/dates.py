"""Kind ``date``: the same separators, digit widths, letter case, month-name style and calendar validity.

Written from the acceptance definition (``letter_runs_shape``) plus the month spellings of babel, not from
the date replacer's grammar, so a grammar bug shows up here instead of being mirrored.
"""
from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache

from babel.dates import get_month_names

from gazetteers.text import fold

from . import register_format_check
from .common import letter_runs_shape

_RUN = re.compile(r"\d+|[^\W\d_]+|[\W_]+")
_SEASONS = frozenset({"invierno", "primavera", "verano", "otono"})
TWO_DIGIT_PIVOT = 30  # "05" reads 2005, "31" reads 1931: the reading of the acceptance checker


@lru_cache(maxsize=1)
def _month_styles() -> dict[str, tuple[int, frozenset[str]]]:
    """Folded spelling → (month, styles): "full", "short3" (first three letters), "abbr" (babel's)."""
    wide = get_month_names("wide", "format", locale="es")
    abbr = get_month_names("abbreviated", "format", locale="es")
    table: dict[str, tuple[int, set[str]]] = {}
    for m in range(1, 13):
        for spelling, style in ((str(wide[m]), "full"), (str(wide[m])[:3], "short3"),
                                (str(abbr[m]).rstrip("."), "abbr")):
            table.setdefault(fold(spelling), (m, set()))[1].add(style)
    table["setiembre"] = (9, {"full"})
    return {k: (m, frozenset(styles)) for k, (m, styles) in table.items()}


def month_of(word: str) -> tuple[int, frozenset[str]] | None:
    """(month number, spelling styles) of a Spanish month word, or None."""
    return _month_styles().get(fold(word))


def _letter_cases(s: str) -> list[str]:
    """The case pattern (A, Aa, a) of each letter run, in order."""
    return re.findall(r"Aa|A|a", letter_runs_shape(re.sub(r"[\W\d_]+", " ", s)))


def _runs(s: str) -> list[str]:
    return _RUN.findall(s)


def _full_year(token: str) -> int:
    y = int(token)
    if len(token) == 2:
        return 2000 + y if y < TWO_DIGIT_PIVOT else 1900 + y
    return y


def _is_real(y: int, m: int, d: int) -> bool:
    try:
        dt.date(y, m, d)
    except ValueError:
        return False
    return True


def calendar_dates(text: str) -> list[tuple[int, int, int] | None]:
    """Every (year, month, day) written in ``text``, in order, None for an impossible one.

    Reads numeric ``d/m/y`` and ``y-m-d`` triples and named ``D [de] mes [de|del] YYYY``; partial dates
    (month and year, a year alone) are not calendar dates and are skipped.
    """
    runs = _runs(text)
    found: list[tuple[int, int, int] | None] = []
    i = 0
    while i < len(runs):
        window = runs[i : i + 5]
        if len(window) == 5 and window[0].isdigit() and window[2].isdigit() and window[4].isdigit() \
                and not window[1].strip().isalpha() and not window[3].strip().isalpha() \
                and ":" not in window[1] + window[3]:
            a, b, c = window[0], window[2], window[4]
            if len(a) == 4 and len(c) <= 2:
                y, m, d = int(a), int(b), int(c)
            elif len(c) in (2, 4) and len(a) <= 2 and len(b) <= 2:
                d, m, y = int(a), int(b), _full_year(c)
            else:
                i += 1
                continue
            found.append((y, m, d) if _is_real(y, m, d) else None)
            i += 5
            continue
        if runs[i].isdigit() and len(runs[i]) <= 2:
            named = _named_after(runs, i)
            if named is not None:
                (m, y), used = named
                d = int(runs[i])
                found.append((y, m, d) if _is_real(y, m, d) else None)
                i += used
                continue
        i += 1
    return found


def _named_after(runs: list[str], i: int) -> tuple[tuple[int, int], int] | None:
    """For a day number at ``runs[i]``: the (month, year) written after it, and how many runs they use."""
    j = i + 1
    while j < len(runs) and (not runs[j].strip() or not runs[j].strip().isalnum() or fold(runs[j]) == "de"):
        j += 1
    if j >= len(runs) or month_of(runs[j]) is None:
        return None
    month = month_of(runs[j])[0]
    k = j + 1
    while k < len(runs) and (not runs[k].strip() or not runs[k].strip().isalnum() or fold(runs[k]) in ("de", "del")):
        k += 1
    if k < len(runs) and runs[k].isdigit() and len(runs[k]) == 4:
        return (month, int(runs[k])), k - i + 1
    return None


@register_format_check("date")
def date_format_problems(original: str, surrogate: str) -> list[str]:
    problems: list[str] = []
    o_runs, s_runs = _runs(original), _runs(surrogate)
    o_seps = [r for r in o_runs if not r[0].isalnum()]
    s_seps = [r for r in s_runs if not r[0].isalnum()]
    if o_seps != s_seps or len(o_runs) != len(s_runs):
        problems.append("separators")
    if [len(r) for r in o_runs if r.isdigit()] != [len(r) for r in s_runs if r.isdigit()]:
        problems.append("digit_widths")
    if _letter_cases(original) != _letter_cases(surrogate):
        problems.append("letter_case")
    if len(o_runs) == len(s_runs):
        for o, s in zip(o_runs, s_runs):
            if not o[0].isalpha():
                continue
            o_month = month_of(o)
            if o_month is not None:
                s_month = month_of(s) if s[0].isalpha() else None
                if s_month is None or not (o_month[1] & s_month[1]):
                    problems.append("month_style")
                    break
            elif fold(o) in _SEASONS:
                if fold(s) not in _SEASONS:
                    problems.append("season")
                    break
            elif fold(o) != fold(s):
                problems.append("words")
                break
    o_dates, s_dates = calendar_dates(original), calendar_dates(surrogate)
    if len(o_dates) != len(s_dates) or any(o is not None and s is None for o, s in zip(o_dates, s_dates)):
        problems.append("real_date")
    return problems
