"""Dates as fields that keep their surface: the parsed model (:class:`ParsedDate`, :class:`Item`), the document
shift (:class:`DateShift`) and rendering back in the same format and language. Month and weekday names live in
:mod:`.month_names`, parsing in :mod:`.formats`."""
from __future__ import annotations

import calendar
import datetime as dt
import functools
import re
from dataclasses import dataclass

from gazetteers.locales.seasons import BASQUE_ENDINGS
from gazetteers.text import fold

from ...textcase import apply_case
from .month_names import MonthNames
from .seasons import SeasonNames

# Two-digit years are read in the window 1930–2029 (the reading of the acceptance checker).
TWO_DIGIT_PIVOT = 30
REFERENCE_LEAP_YEAR = 2000  # day+month without a year: shifted on this year (29 February exists)
#: a day, a month and a day name without a year are shifted in the latest year up to this one where the day name
#: is right: notes name recent days, and a fixed year keeps outputs the same on every run
LATEST_FRAME_YEAR = 2030
_DAYS_PER_MONTH = 365.2425 / 12
_DAYS_PER_QUARTER = 365.2425 / 4


@dataclass(frozen=True)
class DateShift:
    """One document's shift. Coarser units derive from the days, at least one unit in the same direction,
    so a mention never stays unchanged; ``DateShift(0)`` is the identity."""

    days: int

    def _coarse(self, unit_days: float) -> int:
        if self.days == 0:
            return 0
        n = round(abs(self.days) / unit_days) or 1
        return n if self.days > 0 else -n

    @property
    def sign(self) -> int:
        return (self.days > 0) - (self.days < 0)

    @property
    def months(self) -> int:
        return self._coarse(_DAYS_PER_MONTH)

    @property
    def quarters(self) -> int:
        return self._coarse(_DAYS_PER_QUARTER)

    @property
    def years(self) -> int:
        return self._coarse(365.2425)


_DIGIT = re.compile(r"\d")
_LETTER_RUN = re.compile(r"[^\W\d_]+")


def _case_pattern(m: re.Match[str]) -> str:
    w = m.group(0)
    if w.isupper() and len(w) > 1:
        return "A"
    return "Aa" if w[0].isupper() else "a"


def date_shape(s: str) -> str:
    """Digits as 9, each letter run as its case pattern (a, A, Aa), the rest kept: the acceptance measure."""
    return _LETTER_RUN.sub(_case_pattern, _DIGIT.sub("9", s))


# -- parsed structure ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    """One date inside a mention: token indices of its fields (None when absent)."""

    day: int | None = None
    month: int | None = None
    year: int | None = None
    season: int | None = None


@dataclass(frozen=True)
class ParsedDate:
    tokens: tuple[str, ...]
    items: tuple[Item, ...]
    month_styles: tuple[tuple[int, str], ...]  # token index → month-name style ("num" for digits)
    padded: frozenset[int]  # number tokens rendered at their width ("05/03/2014"; "21 de marzo" → "3 de abril")
    months: MonthNames
    seasons: SeasonNames
    weekdays: tuple[tuple[int, str], ...] = ()  # token index → language of a day name ("jueves", "dijous")

    @functools.cached_property
    def _readings(self) -> tuple[dict[int, str], tuple[_Reading, ...]]:
        """The month styles by token and, per item, what every shift starts from (read once per mention, not
        once per shift tried)."""
        styles = dict(self.month_styles)
        return styles, tuple(_read(self, item, styles) for item in self.items)

    def full_dates(self) -> list[dt.date]:
        """The dates of the mention that name a day, a month and a year."""
        return [_valid_date(r[0], r[1], r[2]) for item, r in zip(self.items, self._readings[1])
                if item.season is None and None not in r[:3]]

    def months_named(self) -> list[tuple[int, int]]:
        """(year, month) of the mention's dates that name a month and a year but no day ("septiembre de 2024")."""
        return [(r[0], r[1]) for item, r in zip(self.items, self._readings[1])
                if item.season is None and r[0] is not None and r[1] is not None and r[2] is None]

    def render(self, shift: DateShift) -> tuple[str, bool]:
        """The mention moved by ``shift``. The flag is False when the result misreads: a 2-digit year left
        its 1930–2029 window (it would be read back as another century), or items sharing a month or year
        token moved apart ("10 y 28 de marzo" shifted across a month end cannot be written with one month)."""
        if shift.days == 0:  # the identity, even for impossible inputs that a real shift would clamp
            return "".join(self.tokens), True
        styles, readings = self._readings
        writes: list[tuple[int, str]] = []  # (token, new text) in item order
        fits = True
        news = []
        for item, reading in zip(self.items, readings):
            new, ok = _move(item, reading, shift, self._agreeing(item))
            news.append(new)
            fits &= ok
            y, m, d, q = new
            if item.day is not None:
                writes.append((item.day, _num(self.tokens[item.day], d, item.day in self.padded)))
            if item.month is not None:
                tok = self.tokens[item.month]
                style = styles[item.month]
                writes.append((item.month, _num(tok, m, item.month in self.padded) if style == "num"
                               else self.months.render(m, style, tok)))
            if item.year is not None:
                writes.append((item.year, _year(self.tokens[item.year], y)))
            if item.season is not None:
                lang, _ = self.seasons.lookup(self.tokens[item.season])
                written = self.tokens[item.season]
                writes.append((item.season, apply_case(written, self.seasons.name(lang, q, written))))
        out: dict[int, str] = {}
        for index, text in writes:
            fits &= out.get(index, text) == text  # items sharing a token must agree on it
            out[index] = text  # the last item wins: a shared year is the year of the last month
        tokens = list(self.tokens)
        for index, text in out.items():
            tokens[index] = text
        catalan, suffixes, named = self._agreements
        for index in catalan:
            _catalan_article(tokens, index)
        for k, index in suffixes:
            tokens[index] = apply_case(tokens[index], basque_year_suffix(news[k][0]))
        for k, index in self._basque_days:
            tokens[index] = apply_case(tokens[index], basque_day_suffix(news[k][2], tokens[index]))
        if named is not None:
            y, m, d, _ = news[named]
            weekday = dt.date(y, m, d).weekday()
            for index, lang in self.weekdays:
                tokens[index] = apply_case(tokens[index], self.months.day_name(weekday, lang))
        elif (k := self._yearless_day) is not None:
            # "viernes 14 de marzo" with no year was shifted in a year where it is a Friday (``_read``): the new
            # date's weekday in that year ("viernes 19 de marzo" named a day that is no Friday)
            y, m, d, _ = news[k]
            weekday = dt.date(y, m, d).weekday()
            for index, lang in self.weekdays:
                tokens[index] = apply_case(tokens[index], self.months.day_name(weekday, lang))
        return "".join(tokens), fits

    def _agreeing(self, item: Item) -> frozenset[int] | None:
        """The quarters a season item may move to: those whose name takes its article."""
        if item.season is None:
            return None
        return self.seasons.agreeing(*self.seasons.lookup(self.tokens[item.season]))

    @functools.cached_property
    def _yearless_day(self) -> int | None:
        """The one item a day name names when it has a day and a month and the mention no year (its index)."""
        if not self.weekdays or self._agreements[2] is not None:
            return None
        days = [k for k, it in enumerate(self.items) if it.day is not None and it.month is not None and it.season is None]
        return days[0] if len(days) == 1 and self.items[days[0]].year is None else None

    @functools.cached_property
    def _basque_days(self) -> tuple[tuple[int, int], ...]:
        """(item, case ending token) of the days of Basque genitive months ("martxoaren 19tik")."""
        styles, n = dict(self.month_styles), len(self.tokens)
        return tuple((k, it.day + 1) for k, it in enumerate(self.items) if it.day is not None and it.day + 1 < n
                     and styles.get(it.month) == "genitive@eu" and fold(self.tokens[it.day + 1]) in _BASQUE_ENDINGS)

    @functools.cached_property
    def _agreements(self) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...], int | None]:
        """The words that agree with a new date, read once per mention: Catalan and Aranese month tokens (their
        "de"/"d'"),
        Basque year suffixes (item, suffix token: "2023ko"), and the one full date a day name names (its item)."""
        catalan = tuple(i for i, style in self.month_styles if style.endswith(("@ca", "@oc_ES")))
        suffixes = tuple((k, it.year + 1) for k, it in enumerate(self.items)
                         if it.year is not None and it.year + 1 < len(self.tokens)
                         and fold(self.tokens[it.year + 1]) in ("ko", "eko"))
        full = [k for k, it in enumerate(self.items) if None not in (it.day, it.month, it.year)]
        return catalan, suffixes, full[0] if len(full) == 1 and self.weekdays else None


def basque_year_suffix(year: int) -> str:
    """"2023ko" but "2021eko": -eko after a number whose Basque reading ends in a consonant (bat 1, bost 5, hamar
    in 10/30/50/70/90, ehun in the hundreds), -ko after a vowel."""
    rest = year % 100
    if rest == 0:
        return "ko" if year % 1000 == 0 else "eko"
    if rest % 10 in (1, 5) or (rest % 10 == 0 and (rest // 10) % 2 == 1):
        return "eko"
    return "ko"


#: the case endings of a Basque day (after a vowel, after a consonant): "19an" but "1ean", "19tik" but "5etik"
# each Basque case ending in its two forms (after a vowel, after a consonant), read by either form; a bare "n"
# is the inessive after a vowel ("18n")
_BASQUE_ENDINGS = {form: pair for pair in BASQUE_ENDINGS for form in pair} | {"n": ("an", "ean")}


def basque_day_suffix(day: int, ending: str) -> str:
    """The case ending as the day takes it: -ean, -etik, -era after a number read with a final consonant (bat 1,
    bost 5, hamar 10, hamabost 15, hogeita bat 21...), "11n" (hamaika-n); 19 moved to 5 read "martxoaren 5an"."""
    vowel, consonant = _BASQUE_ENDINGS[fold(ending)]
    if (day % 10 in (1, 5) and day not in (11, 31)) or day in (10, 30):
        return consonant
    return "n" if vowel == "an" and day in (11, 31) else vowel


APOSTROPHES = ("'", "’")  # "d'abril", "d’abril"


def _catalan_article(tokens: list[str], month: int) -> None:
    """Catalan (and Aranese) elides "de" before a vowel: "4 de maig" shifted to April reads "4 d'abril", and back."""
    if month < 2:
        return
    article, gap = tokens[month - 2], tokens[month - 1]
    vowel = fold(tokens[month][:1]) in "aeiou"
    if vowel and gap == " " and fold(article) == "de":
        tokens[month - 2], tokens[month - 1] = article[0], "'"
    elif not vowel and gap in APOSTROPHES and fold(article) == "d":
        tokens[month - 2], tokens[month - 1] = article + ("E" if article.isupper() else "e"), " "


def _num(template: str, value: int, padded: bool) -> str:
    """``value`` zero-padded to the width of ``template`` when the original's style pads."""
    return str(value).zfill(len(template)) if padded else str(value)


def _year(template: str, year: int) -> str:
    if len(template) == 2:
        return f"{year % 100:02d}"
    return str(year).zfill(len(template))


def _full_year(token: str) -> int:
    y = int(token)
    if len(token) == 2:
        return 2000 + y if y < TWO_DIGIT_PIVOT else 1900 + y
    return y


def _valid_date(y: int, m: int, d: int) -> dt.date:
    """Impossible inputs (``29/02/2013``, ``14/14/2014``, ``0/10/2017``) are clamped to the nearest date."""
    y = min(max(y, 1), 9998)
    m = min(max(m, 1), 12)
    last = calendar.monthrange(y, m)[1]
    return dt.date(y, m, min(max(d, 1), last))


#: an item's year, month, day, season index, clamped date (day and month known) and two-digit year flag
_Reading = tuple["int | None", "int | None", "int | None", int, "dt.date | None", bool]


def _read(p: ParsedDate, item: Item, styles: dict[int, str]) -> _Reading:
    tok = p.tokens
    y = _full_year(tok[item.year]) if item.year is not None else None
    if item.month is not None:
        mt = tok[item.month]
        style = styles[item.month]
        m = int(mt) if style == "num" else p.months.lookup(mt, style.partition("@")[2] or None)[0]
    else:
        m = None
    d = int(tok[item.day]) if item.day is not None else None
    q = p.seasons.lookup(tok[item.season])[1] if item.season is not None else 0
    base = (_valid_date(y if y is not None else _frame_year(p, m, d), m, d)
            if item.season is None and m is not None and d is not None else None)
    return y, m, d, q, base, item.year is not None and len(tok[item.year]) == 2


def _frame_year(p: ParsedDate, month: int, day: int) -> int:
    """The year a day and month without a year are shifted in: the latest year up to ``LATEST_FRAME_YEAR`` in which
    the mention's day name is right ("viernes 14 de marzo": 2025), so the shifted date gets a true day name; else
    the leap ``REFERENCE_LEAP_YEAR`` (29 February exists)."""
    named = [p.months.weekday(p.tokens[index], dotted=True) or p.months.month_or_weekday(p.tokens[index])
             for index, _ in p.weekdays]
    if len(named) != 1 or named[0] is None or not (1 <= month <= 12 and 1 <= day <= 31):
        return REFERENCE_LEAP_YEAR
    for year in range(LATEST_FRAME_YEAR, LATEST_FRAME_YEAR - 28, -1):  # the calendar repeats every 28 years
        if day <= calendar.monthrange(year, month)[1] and dt.date(year, month, day).weekday() == named[0][0]:
            return year
    return REFERENCE_LEAP_YEAR


def _move(item: Item, reading: _Reading, shift: DateShift,
          agreeing: frozenset[int] | None = None) -> tuple[tuple[int, int, int, int], bool]:
    y, m, d, q, base, two_digit_year = reading
    if item.season is not None:
        start = (y if y is not None else 0) * 4 + q
        total = start + shift.quarters
        if y is None and shift.quarters % 4 == 0 and shift.days:
            total -= shift.sign
        if agreeing is not None and total % 4 not in agreeing:
            total = _nearest_agreeing(start, total, agreeing, shift.sign, yearless=y is None)
        ny, nq = divmod(total, 4)
        new = (ny if y is not None else 0, 0, 0, nq)
    elif m is not None and d is not None:
        assert base is not None
        moved = _add_days(base, shift.days)
        if y is None and shift.days and (moved.month, moved.day) == (base.month, base.day):
            moved = _add_days(moved, shift.sign)  # a whole-year shift would give back the same day and month
        new = (moved.year, moved.month, moved.day, 0)
    elif m is not None:
        delta = shift.months
        if y is None and delta % 12 == 0 and shift.days:
            delta -= shift.sign  # a month alone must change
        m = min(max(m, 1), 12)
        total = (y if y is not None else 2000) * 12 + m - 1 + delta
        new = (total // 12, total % 12 + 1, 0, 0)
    else:  # a year alone
        new = ((y or 0) + shift.years, 0, 0, 0)
    in_window = True
    if two_digit_year:
        in_window = 1900 + TWO_DIGIT_PIVOT <= new[0] < 2000 + TWO_DIGIT_PIVOT
    return new, in_window


def _add_days(d: dt.date, days: int) -> dt.date:
    try:
        return d + dt.timedelta(days=days)
    except OverflowError:
        return d - dt.timedelta(days=days)


def _nearest_agreeing(start: int, target: int, agreeing: frozenset[int], sign: int, *, yearless: bool) -> int:
    """The quarter nearest ``target`` whose season takes the original's article, on the shift's side first and never
    the original itself. A season alone that no other season agrees with ("primavera") must still change: it
    takes the target's, whatever its article."""
    if yearless and agreeing == {start % 4}:
        return target
    for distance in range(1, 8):
        for candidate in (target + sign * distance, target - sign * distance):
            if candidate % 4 in agreeing and candidate != start and (not yearless or candidate % 4 != start % 4):
                return candidate
    return start
