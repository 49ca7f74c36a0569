"""Dates in another layout: ``12/03/2014`` ↔ ``12-03-14`` ↔ ``12 de marzo de 2014`` ↔ ``2014-03-12``.

The surrogate is read with the date replacer's own grammar (:class:`DateGrammar`), so only a mention that
holds exactly one date, and nothing but its fields, separators and linking words ("de", "del"), is varied;
times, ranges and seasons keep their layout. Month names come from babel via :class:`MonthNames`. Every
layout written here reads back as the same date (two-digit years only inside the grammar's 1930–2029 window),
through the grammar or, for a Roman-numeral month (``24.VI.2023``), once the numeral is read; a full date may
also be written without its year (``14 de marzo``, ``lunes 9 de enero``: :data:`YEARLESS`), which reads back as
the same day and month.
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

import numpy as np

from gazetteers.text import fold

from ..replacers.base import Replacer, SpanContext
from ..replacers.dates.formats import DateGrammar, ParsedDate
from ..replacers.dates.render import TWO_DIGIT_PIVOT, _full_year
from .common import pick

_LINK_WORDS = frozenset({"de", "del"})

# {d} day, {dd} padded day, {m}/{mm} month number, {month} wide name, {mon} three letters, {rom} Roman
# numeral, {y} 4-digit year, {yy} 2-digit year, {wd}/{Wd} the weekday (babel's wide name; only with a year)
_FULL = ("{dd}/{mm}/{y}", "{d}/{m}/{y}", "{dd}-{mm}-{y}", "{dd}.{mm}.{y}", "{dd}/{mm}/{yy}", "{dd}-{mm}-{yy}",
         "{d} de {month} de {y}", "{d} de {month} del {y}", "{d} {mon} {y}", "{d} {mon}. {y}", "{dd}-{mon}-{y}",
         "{dd}.{mon}.{y}", "{y}-{mm}-{dd}", "{y}/{mm}/{dd}", "{y}.{mm}.{dd}", "{d} de {Month} de {y}",
         "{dd}-{rom}-{y}", "{dd}.{rom}.{y}", "{d}/{rom}/{y}", "{d}/{mm}/{y}", "{d}/{m}/{yy}", "{d}-{mon}-{y}",
         "{wd} {d} de {month} de {y}", "{Wd}, {d} de {month} de {y}", "{Wd} {dd}/{mm}/{y}")
#: months in Roman numerals ("24.VI.2023"), a Spanish habit the date grammar does not read back
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
#: a full date written without its year, as notes write a date of the current year ("el 14 de marzo",
#: "lunes 9 de enero", "15/11"); the weekday, when written, is the full date's. Drawn for a full date only, at
#: these weights (beside :data:`WEIGHTS`' full layouts, which sum to about 31): a CRF trained on MEDDOCAN, whose
#: dates nearly all carry a year, found none of the yearless dates of notes in other layouts
YEARLESS: dict[str, float] = {"{d} de {month}": 2.5, "{dd}/{mm}": 1, "{d}/{m}": 0.5, "{wd} {d} de {month}": 1,
                              "{Wd} {d} de {month}": 0.5}
_MONTH_YEAR = ("{month} de {y}", "{month} {y}", "{mm}/{y}", "{month} del {y}", "{Month} de {y}", "{mm}-{y}")
_DAY_MONTH = ("{d} de {month}", "{dd}/{mm}", "{d} {mon}", "{dd}-{mm}")
#: how often a layout is drawn, relative to 1 (a layout not listed weighs 1): the layouts Spanish notes use
#: most (numeric day first, "12 de marzo de 2014") often, year first, abbreviated and Roman months seldom;
#: None draws every layout alike
WEIGHTS: dict[str, float] | None = {
    "{dd}/{mm}/{y}": 4, "{d}/{m}/{y}": 2, "{d}/{mm}/{y}": 1, "{dd}-{mm}-{y}": 4, "{dd}.{mm}.{y}": 2,
    "{dd}/{mm}/{yy}": 2, "{d}/{m}/{yy}": 1, "{dd}-{mm}-{yy}": 1, "{d} de {month} de {y}": 5, "{d} de {month} del {y}": 1,
    "{d} {mon} {y}": 0.5, "{d} {mon}. {y}": 0.5, "{dd}-{mon}-{y}": 0.5, "{d}-{mon}-{y}": 0.5, "{dd}.{mon}.{y}": 0.3,
    "{y}-{mm}-{dd}": 1.5, "{y}/{mm}/{dd}": 0.5, "{y}.{mm}.{dd}": 0.3, "{d} de {Month} de {y}": 0.5,
    "{dd}-{rom}-{y}": 0.2, "{dd}.{rom}.{y}": 0.2, "{d}/{rom}/{y}": 0.2,
    "{wd} {d} de {month} de {y}": 1, "{Wd}, {d} de {month} de {y}": 1, "{Wd} {dd}/{mm}/{y}": 0.5,
    "{month} de {y}": 4, "{month} {y}": 1, "{mm}/{y}": 3, "{month} del {y}": 1, "{Month} de {y}": 1, "{mm}-{y}": 1,
    "{d} de {month}": 4, "{dd}/{mm}": 3, "{d} {mon}": 0.5, "{dd}-{mm}": 1,
}


@lru_cache(maxsize=8)
def _grammar(locale: str, day_first: bool) -> DateGrammar:
    return DateGrammar(locale, day_first)


def _fields(p: ParsedDate) -> tuple[int | None, int | None, int | None] | None:
    """(year, month, day) of a mention made of one date and nothing else, or None."""
    if len(p.items) != 1 or p.items[0].season is not None:
        return None
    item = p.items[0]
    used = {i for i in (item.day, item.month, item.year) if i is not None}
    for i, tok in enumerate(p.tokens):
        if i in used or not tok:  # (a parse may hold an empty token)
            continue
        if tok[0].isalnum() and fold(tok) not in _LINK_WORDS:
            return None  # a time, "año", a word the layouts below would drop
    styles = dict(p.month_styles)
    month = None
    if item.month is not None:
        tok = p.tokens[item.month]
        style = styles.get(item.month)
        # the style names the month's language ("roman@roman": "19-III-24" reads its month among the Roman ones)
        found = p.months.lookup(tok, style.partition("@")[2] or None) if style and style != "num" else None
        month = int(tok) if found is None else found[0]
    year = _full_year(p.tokens[item.year]) if item.year is not None else None
    day = int(p.tokens[item.day]) if item.day is not None else None
    return year, month, day


def layouts(year: int | None, month: int | None, day: int | None, grammar: DateGrammar,
            yearless: bool = True) -> list[str]:
    """Every layout this module writes for a date of this precision (empty when it has none); ``yearless``:
    with a full date's :data:`YEARLESS` layouts."""
    return [form for form, _ in weighted_layouts(year, month, day, grammar, yearless)]


def weighted_layouts(year: int | None, month: int | None, day: int | None, grammar: DateGrammar,
                     yearless: bool = True) -> list[tuple[str, float]]:
    """:func:`layouts` with each layout's weight (:data:`WEIGHTS`)."""
    if month is None or not 1 <= month <= 12:
        return []
    if day is not None:
        try:
            dt.date(year or 2000, month, day)
        except ValueError:
            return []
        templates = _FULL if year is not None else _DAY_MONTH
    else:
        templates = _MONTH_YEAR if year is not None else ()
    wide = grammar.months.wide[month]
    weekday = grammar.months.day_name(dt.date(year, month, day).weekday()) if year and day else ""
    values = {"d": str(day), "dd": f"{day or 0:02d}", "m": str(month), "mm": f"{month:02d}", "month": wide, "rom": ROMAN[month],
              "Month": wide[:1].upper() + wide[1:], "mon": wide[:3], "wd": weekday, "Wd": weekday[:1].upper() + weekday[1:], "y": f"{year or 0:04d}", "yy": f"{(year or 0) % 100:02d}"}
    two_digit_ok = year is not None and 1900 + TWO_DIGIT_PIVOT <= year < 2000 + TWO_DIGIT_PIVOT
    weights = WEIGHTS or {}
    out = [(t.format(**values), weights.get(t, 1.0)) for t in templates if two_digit_ok or "{yy}" not in t]
    if yearless and year is not None and day is not None:
        out += [(t.format(**values), w) for t, w in YEARLESS.items()]
    return out


def vary(text: str, rng: np.random.Generator, ctx: SpanContext, replacer: Replacer | None = None) -> str | None:
    if not ctx.config.day_first:  # the layouts below write the day first
        return None
    grammar = _grammar(ctx.config.locale, True)
    parsed = grammar.parse(text)
    fields = _fields(parsed) if parsed is not None else None
    if fields is None:
        return None
    candidates = weighted_layouts(*fields, grammar)
    return pick(text, candidates if WEIGHTS else [form for form, _ in candidates], rng)
