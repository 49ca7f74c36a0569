"""Date mentions in every surface family the date replacer reads, real calendar dates unless asked otherwise.

A family is a template: ``"{dd}/{mm}/{yyyy}"``, ``"{d} de {Mes} del {yyyy}"``, ``"{estacion} de {yyyy}"``.
Its name (the generated value's ``form``) is the template without braces: ``dd/mm/yyyy``,
``d de Mes del yyyy``. The fields:

- ``d``/``dd``, ``m``/``mm``: day and month number, unpadded or zero-padded to 2 digits;
- ``yy``/``yyyy``: the year in 2 or 4 digits;
- ``mes``/``Mes``/``MES``: the full month name in lower, title or upper case (babel's Spanish names);
- ``mmm``/``Mmm``/``MMM``: its first three letters (``sep``); ``abbr``/``Abbr``/``ABBR``: babel's
  abbreviation (``sept``); ``setiembre``: the variant spelling, for September only;
- ``estacion``/``Estacion``: a season (invierno, primavera, verano, otoño);
- ``hh``/``mi``: a clock time next to the date (kept by the replacer);
- a trailing ``2`` is a second item of a list (``{mes} y {mes2} de {yyyy}``: two months sharing a year).

Years are drawn in 1931–2028, so a 2-digit year reads back in its own century (the replacer reads ``yy``
in 1930–2029). Day and month without a year are drawn in a leap year (29 February is a real date there).
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from babel.dates import get_month_names
from hypothesis import strategies as st

from ..values import PHIValue

__all__ = ["DATE_FAMILIES", "FULL_DATE_FAMILIES", "DateFields", "DateMention", "date_families", "date_mentions",
           "dates"]

FIRST_YEAR, LAST_YEAR = 1931, 2028
LEAP_YEAR = 2000  # the year a day and month without a year are checked in
SEASONS = ("invierno", "primavera", "verano", "otoño")

_NUMERIC_FULL = tuple(
    f"{{{d}}}{sep}{{{m}}}{sep}{{{y}}}"
    for sep in "/-." for d in ("dd", "d") for m in ("mm", "m") for y in ("yyyy", "yy")
)
_TEMPLATES: tuple[str, ...] = (
    # day, month and year, numeric: every separator, padding and year width, and the odd spacings seen
    *_NUMERIC_FULL,
    "{dd}/{mm} /{yyyy}", "{dd}/{mm}//{yyyy}", "{yyyy}-{mm}-{dd}", "{yyyy}/{mm}/{dd}",
    # day, month and year, named
    "{d} de {mes} de {yyyy}", "{d} de {Mes} de {yyyy}", "{d} DE {MES} DE {yyyy}", "{dd} de {mes} de {yyyy}",
    "{d} de {mes} del {yyyy}", "{d} de {Mes} del {yyyy}", "{d} de {mes} de {yy}", "{d} {mes} {yyyy}",
    "{d}-{mes}-{yyyy}", "{d}-{Mes}-{yyyy}", "{d}-{mmm}-{yyyy}", "{dd}-{MMM}-{yyyy}", "{d} {abbr}. {yyyy}",
    "{d} de {setiembre} de {yyyy}",
    # with a clock time
    "{dd}/{mm}/{yyyy} {hh}:{mi}", "{hh}:{mi} h del {dd}/{mm}/{yyyy}", "{d} de {mes} de {yyyy} a las {hh}:{mi}",
    # day and month
    "{dd}/{mm}", "{d}/{m}", "{d} de {mes}", "{d} de {Mes}",
    # month and year
    "{mm}/{yyyy}", "{m}/{yyyy}", "{mm}-{yyyy}",
    "{mes} de {yyyy}", "{Mes} de {yyyy}", "{MES} DE {yyyy}", "{mes} del {yyyy}", "{Mes} del {yyyy}",
    "{mes} del año {yyyy}", "{mes} {yyyy}", "{Mes} {yyyy}", "{Mes} {yy}", "{mes}-{yy}", "{mes}-{yyyy}",
    "{mmm}-{yy}", "{Mmm}-{yy}", "{abbr}. {yyyy}", "{ABBR}. {yyyy}", "{setiembre} de {yyyy}",
    # a month alone, month lists sharing one year
    "{mes}", "{Mes}", "mes de {mes}", "{mes} y {mes2} de {yyyy}", "{Mes} y {Mes2} de {yyyy}",
    # a year alone, year lists
    "{yyyy}", "año {yyyy}", "{yyyy} y {yyyy2}",
    # seasons
    "{estacion}", "{Estacion}", "{estacion} de {yyyy}", "{Estacion} de {yyyy}", "{estacion} del {yyyy}",
)

_FIELD = re.compile(r"\{([^{}]+)\}")
_DAY_KEYS = frozenset({"d", "dd"})
_MONTH_KEYS = frozenset({"m", "mm", "mes", "Mes", "MES", "mmm", "Mmm", "MMM", "abbr", "Abbr", "ABBR", "setiembre"})
_NUMERIC_MONTH_KEYS = frozenset({"m", "mm"})
_YEAR_KEYS = frozenset({"yy", "yyyy"})
_SEASON_KEYS = frozenset({"estacion", "Estacion"})
_TIME_KEYS = frozenset({"hh", "mi"})
_THIRTY_DAY_MONTHS = (4, 6, 9, 11)


@dataclass(frozen=True)
class DateFields:
    """What one date item of a mention says; None for a field it does not write.

    ``year`` is the full year even when written in 2 digits; ``season`` indexes :data:`SEASONS`.
    """

    year: int | None = None
    month: int | None = None
    day: int | None = None
    season: int | None = None

    @property
    def real(self) -> bool:
        """False for an impossible day-month(-year): 29/02/2013, 31/04, month 13, day 0."""
        if self.day is None or self.month is None:
            return True
        try:
            dt.date(self.year if self.year is not None else LEAP_YEAR, self.month, self.day)
        except ValueError:
            return False
        return True

    @property
    def date(self) -> dt.date | None:
        """The calendar date of a full day-month-year item, else None."""
        if None in (self.year, self.month, self.day) or not self.real:
            return None
        return dt.date(self.year, self.month, self.day)


@dataclass(frozen=True)
class DateMention:
    """A generated date mention and what it says, item by item (two for "febrero y abril de 2002")."""

    value: PHIValue
    items: tuple[DateFields, ...]

    @property
    def real(self) -> bool:
        return all(item.real for item in self.items)


@dataclass(frozen=True)
class _Family:
    name: str
    template: str
    keys: frozenset[str]  # base field names (without the list index)
    items: int

    @property
    def has_day(self) -> bool:
        return bool(self.keys & _DAY_KEYS)

    @property
    def has_month(self) -> bool:
        return bool(self.keys & _MONTH_KEYS)

    @property
    def has_year(self) -> bool:
        return bool(self.keys & _YEAR_KEYS)

    @property
    def writes(self) -> frozenset[str]:
        """The parts of a date it writes: day, month, year, season, time, list (several items)."""
        parts = {"day": self.has_day, "month": self.has_month, "year": self.has_year,
                 "season": bool(self.keys & _SEASON_KEYS), "time": bool(self.keys & _TIME_KEYS),
                 "list": self.items > 1}
        return frozenset(k for k, v in parts.items() if v)


def _family(template: str) -> _Family:
    fields = _FIELD.findall(template)
    bases = {re.sub(r"\d+$", "", f) for f in fields}
    items = max((int(m.group(1)) for f in fields if (m := re.search(r"(\d+)$", f))), default=1)
    return _Family(template.replace("{", "").replace("}", ""), template, frozenset(bases), items)


_FAMILIES: dict[str, _Family] = {f.name: f for f in map(_family, _TEMPLATES)}

#: every family name, the ``form`` of the values :func:`dates` generates
DATE_FAMILIES: tuple[str, ...] = tuple(_FAMILIES)
_PARTS = frozenset({"day", "month", "year", "season", "time", "list"})


def date_families(*, writes: Iterable[str] = (), omits: Iterable[str] = ()) -> tuple[str, ...]:
    """The family names that write every part in ``writes`` and none in ``omits``; parts are "day",
    "month", "year", "season", "time" (a clock time beside the date) and "list" (several dates)."""
    writes, omits = frozenset(writes), frozenset(omits)
    if not (writes | omits) <= _PARTS:
        raise ValueError(f"unknown date parts {sorted((writes | omits) - _PARTS)}; known: {sorted(_PARTS)}")
    return tuple(f.name for f in _FAMILIES.values() if writes <= f.writes and not omits & f.writes)


#: the families that write a day, a month and a year (a calendar date)
FULL_DATE_FAMILIES: tuple[str, ...] = date_families(writes=("day", "month", "year"))


@lru_cache(maxsize=1)
def _month_words() -> tuple[dict[int, str], dict[int, str]]:
    """Spanish full month names and babel's abbreviations (without the dot), lower case."""
    wide = get_month_names("wide", "format", locale="es")
    abbr = get_month_names("abbreviated", "format", locale="es")
    return ({m: str(wide[m]).lower() for m in range(1, 13)},
            {m: str(abbr[m]).lower().rstrip(".") for m in range(1, 13)})


def _title(word: str) -> str:
    return word[:1].upper() + word[1:]


def _field_values(item: DateFields) -> dict[str, str]:
    out: dict[str, str] = {}
    if item.day is not None:
        out.update(d=str(item.day), dd=f"{item.day:02d}")
    if item.month is not None:
        wide, abbr = _month_words()
        out.update(m=str(item.month), mm=f"{item.month:02d}")
        if 1 <= item.month <= 12:
            name, short = wide[item.month], abbr[item.month]
            out.update(mes=name, Mes=_title(name), MES=name.upper(),
                       mmm=name[:3], Mmm=_title(name[:3]), MMM=name[:3].upper(),
                       abbr=short, Abbr=_title(short), ABBR=short.upper(), setiembre="setiembre")
    if item.year is not None:
        out.update(yy=f"{item.year % 100:02d}", yyyy=f"{item.year:04d}")
    if item.season is not None:
        out.update(estacion=SEASONS[item.season], Estacion=_title(SEASONS[item.season]))
    return out


def _render(family: _Family, items: tuple[DateFields, ...], time: tuple[int, int]) -> str:
    values: dict[str, str] = {"hh": f"{time[0]:02d}", "mi": f"{time[1]:02d}"}
    for n, item in enumerate(items, start=1):
        suffix = "" if n == 1 else str(n)
        values.update({k + suffix: v for k, v in _field_values(item).items()})
    return family.template.format(**values)


_years = st.integers(FIRST_YEAR, LAST_YEAR)
_real_dates = st.dates(min_value=dt.date(FIRST_YEAR, 1, 1), max_value=dt.date(LAST_YEAR, 12, 31))
_days_of_leap_year = st.dates(min_value=dt.date(LEAP_YEAR, 1, 1), max_value=dt.date(LEAP_YEAR, 12, 31))


def _impossible_day_month(family: _Family) -> st.SearchStrategy[tuple[int, int]]:
    """(month, day) pairs that no year makes real, among those the replacer still reads as a date."""
    if "setiembre" in family.keys:
        return st.just((9, 31))
    sorts = [
        st.tuples(st.just(2), st.integers(30, 31)),
        st.tuples(st.sampled_from(_THIRTY_DAY_MONTHS), st.just(31)),
    ]
    if family.has_year and family.keys & _NUMERIC_MONTH_KEYS:
        # a numeric day-month-year is read whatever its numbers: month 0 or 13+, day 0 (clamped by the
        # replacer). A day above 12 keeps a month above 12 from being read month-first.
        sorts += [
            st.tuples(st.integers(13, 19), st.integers(13, 31)),
            st.tuples(st.just(0), st.integers(1, 31)),
            st.tuples(st.integers(1, 12), st.just(0)),
        ]
    return st.one_of(sorts)


@st.composite
def _items(draw: st.DrawFn, family: _Family, impossible: bool) -> tuple[DateFields, ...]:
    keys = family.keys
    if family.has_day:
        year = None
        if impossible and draw(st.booleans()):
            if family.has_year and "setiembre" not in keys and draw(st.booleans()):
                year = draw(_years.filter(lambda y: y % 4 != 0))  # 29 February of a non-leap year
                month, day = 2, 29
            else:
                month, day = draw(_impossible_day_month(family))
        elif "setiembre" in keys:
            month, day = 9, draw(st.integers(1, 30))
        else:
            date = draw(_real_dates if family.has_year else _days_of_leap_year)
            month, day = date.month, date.day
            year = date.year
        if family.has_year and year is None:
            year = draw(_years)
        return (DateFields(year if family.has_year else None, month, day),)
    year = draw(_years) if family.has_year else None
    if family.keys & _SEASON_KEYS:
        return (DateFields(year=year, season=draw(st.integers(0, 3))),)
    if family.has_month:
        if "setiembre" in keys:
            months = [9]
        else:
            months = sorted(draw(st.sets(st.integers(1, 12), min_size=family.items, max_size=family.items)))
        return tuple(DateFields(year=year, month=m) for m in months)
    years = sorted(draw(st.sets(_years, min_size=family.items, max_size=family.items)))
    return tuple(DateFields(year=y) for y in years)


@st.composite
def _mention(draw: st.DrawFn, family: _Family, impossible: bool) -> DateMention:
    items = draw(_items(family, impossible))
    time = draw(st.tuples(st.integers(0, 23), st.integers(0, 59))) if family.keys & _TIME_KEYS else (0, 0)
    return DateMention(PHIValue(_render(family, items, time), kind="date", form=family.name), items)


def _chosen(families: Iterable[str] | None) -> list[_Family]:
    if families is None:
        return list(_FAMILIES.values())
    if isinstance(families, str):
        families = [families]
    names = list(families)
    if not names:
        raise ValueError("families= is empty; pass None for every date family")
    unknown = [n for n in names if n not in _FAMILIES]
    if unknown:
        raise ValueError(f"unknown date families {unknown}; known: {list(DATE_FAMILIES)}")
    return [_FAMILIES[n] for n in names]


def date_mentions(*, families: Iterable[str] | None = None,
                  impossible: bool = False) -> st.SearchStrategy[DateMention]:
    """Like :func:`dates`, with what each mention says (its items' year, month, day, season), for tests
    that read a surrogate back and compare it with the original date."""
    chosen = _chosen(families)

    @st.composite
    def mentions(draw: st.DrawFn) -> DateMention:
        return draw(_mention(draw(st.sampled_from(chosen)), impossible))

    return mentions()


def dates(*, families: Iterable[str] | None = None, impossible: bool = False) -> st.SearchStrategy[PHIValue]:
    """Spanish date mentions (kind ``date``, form = family name) in ``families``: names from
    :data:`DATE_FAMILIES` (all by default) or one name; :func:`date_families` selects them by the parts
    they write.

    Every value is a real calendar date. With ``impossible=True`` the families that write a day also draw
    impossible ones (29/02 of a non-leap year, 31 April, month 13, day 0), as typed in real notes; the
    replacer must still surrogate them into real dates of the same format.
    """
    return date_mentions(families=families, impossible=impossible).map(lambda mention: mention.value)
