"""Parse a date mention into fields that keep their surface, shift it, and render it back in the same format.

A mention is cut into tokens (digit runs, letter runs, everything else). Some tokens become *fields* (day,
month, year, season); the rest (separators, "de", "del", "año", "mes de", times) are copied verbatim.
Rendering rewrites only the fields, each in its original style:

- numbers keep their width (``05`` → ``11``, ``010`` → ``011``; an unpadded ``5`` stays unpadded),
- years keep 2 or 4 digits,
- month names keep their style (full, babel abbreviation ``sept``, three-letter ``sep``, ``setiembre``)
  and their case (``MARZO``, ``Marzo``, ``marzo``), from babel for the locale, never from OS locales.

A mention can hold several dates ("febrero y abril de 2002": two items sharing one year token).
How each item moves under one document shift (:class:`DateShift`) depends on its precision; see
``docs/replacers/dates-ages.md``.
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from babel.dates import get_month_names

from gazetteers.text import fold

from ...textcase import apply_case

# Two-digit years are read in the window 1930–2029 (the reading of the acceptance checker).
TWO_DIGIT_PIVOT = 30
REFERENCE_LEAP_YEAR = 2000  # day+month without a year: shifted on this year (29 February exists)
_DAYS_PER_MONTH = 365.2425 / 12
_DAYS_PER_QUARTER = 365.2425 / 4

# ASCII digits only: other Unicode digits ("²", "٣") are kept verbatim as separators
_TOKEN = re.compile(r"[0-9]+|[^\W\d_]+|(?:(?![0-9])[\W\d_])+")
_NUMERIC_SEP = re.compile(r"\s*(?:[/.\-]{1,2}|7)\s*|\s")  # "7" only appears as a glued-slash typo
_TIME_SEP = re.compile(r"\s*[:h]\s*")
_TIME_WORDS = frozenset({"h", "hs", "horas", "hrs", "hr"})

# Spanish extras not in CLDR: variant spellings and seasons (winter first: it starts the calendar year).
_EXTRA_MONTHS = {"es": {"setiembre": (9, "setiembre"), "set": (9, "short3"), "sep": (9, "short3")}}
_SEASONS = {"es": ("invierno", "primavera", "verano", "otoño")}


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


class MonthNames:
    """Month names of a locale (babel), with the style of each spelling so it can be rendered back."""

    def __init__(self, locale: str) -> None:
        wide = get_month_names("wide", "format", locale=locale)
        abbr = get_month_names("abbreviated", "format", locale=locale)
        self.wide = {m: str(wide[m]).lower() for m in range(1, 13)}
        self.abbr = {m: str(abbr[m]).lower().rstrip(".") for m in range(1, 13)}
        lookup: dict[str, tuple[int, str]] = {}
        # earlier entries win: full names, then 3-letter cuts ("sep" stays 3 letters), then babel's other
        # abbreviations ("sept" is rendered in babel's style: "oct", "sept")
        for m in range(1, 13):
            lookup.setdefault(fold(self.wide[m]), (m, "wide"))
        for m in range(1, 13):
            lookup.setdefault(fold(self.wide[m][:3]), (m, "short3"))
        for m in range(1, 13):
            lookup.setdefault(fold(self.abbr[m]), (m, "abbr"))
        for word, entry in _EXTRA_MONTHS.get(locale.split("_")[0], {}).items():
            lookup.setdefault(fold(word), entry)
        self._lookup = lookup

    def lookup(self, word: str) -> tuple[int, str] | None:
        return self._lookup.get(fold(word))

    def render(self, month: int, style: str, template: str) -> str:
        if style == "abbr":
            name = self.abbr[month]
        elif style == "short3":
            name = self.wide[month][:3]
        elif style == "setiembre" and month == 9:
            name = "setiembre"
        else:
            name = self.wide[month]
        return apply_case(template, name)


def date_shape(s: str) -> str:
    """Digits as 9, each letter run as its case pattern (a, A, Aa), the rest kept: the acceptance measure."""

    def run(m: re.Match[str]) -> str:
        w = m.group(0)
        if w.isupper() and len(w) > 1:
            return "A"
        return "Aa" if w[0].isupper() else "a"

    return re.sub(r"[^\W\d_]+", run, re.sub(r"\d", "9", s))


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
    seasons: tuple[str, ...]

    def render(self, shift: DateShift) -> tuple[str, bool]:
        """The mention moved by ``shift``. The flag is False when the result misreads: a 2-digit year left
        its 1930–2029 window (it would be read back as another century), or items sharing a month or year
        token moved apart ("10 y 28 de marzo" shifted across a month end cannot be written with one month)."""
        if shift.days == 0:  # the identity, even for impossible inputs that a real shift would clamp
            return "".join(self.tokens), True
        out: dict[int, str] = {}
        fits = True
        styles = dict(self.month_styles)

        def write(index: int, text: str) -> None:
            nonlocal fits
            fits &= out.get(index, text) == text
            out[index] = text  # the last item wins: a shared year is the year of the last month

        for item in self.items:
            new, ok = _move(self, item, shift)
            fits &= ok
            y, m, d, q = new
            if item.day is not None:
                write(item.day, _num(self.tokens[item.day], d, item.day in self.padded))
            if item.month is not None:
                tok = self.tokens[item.month]
                style = styles[item.month]
                write(item.month, _num(tok, m, item.month in self.padded) if style == "num"
                      else self.months.render(m, style, tok))
            if item.year is not None:
                write(item.year, _year(self.tokens[item.year], y))
            if item.season is not None:
                write(item.season, apply_case(self.tokens[item.season], self.seasons[q]))
        return "".join(out.get(i, t) for i, t in enumerate(self.tokens)), fits


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
    last = (dt.date(y + (m == 12), m % 12 + 1, 1) - dt.timedelta(days=1)).day
    return dt.date(y, m, min(max(d, 1), last))


def _move(p: ParsedDate, item: Item, shift: DateShift) -> tuple[tuple[int, int, int, int], bool]:
    tok = p.tokens
    styles = dict(p.month_styles)
    y = _full_year(tok[item.year]) if item.year is not None else None
    if item.month is not None:
        mt = tok[item.month]
        m = int(mt) if styles[item.month] == "num" else p.months.lookup(mt)[0]
    else:
        m = None
    d = int(tok[item.day]) if item.day is not None else None
    q = p.seasons.index(fold_season(tok[item.season], p.seasons)) if item.season is not None else 0

    if item.season is not None:
        total = (y if y is not None else 0) * 4 + q + shift.quarters
        if y is None and shift.quarters % 4 == 0 and shift.days:
            total -= shift.sign
        ny, nq = divmod(total, 4)
        new = (ny if y is not None else 0, 0, 0, nq)
    elif m is not None and d is not None:
        base = _valid_date(y if y is not None else REFERENCE_LEAP_YEAR, m, d)
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
    if item.year is not None and len(tok[item.year]) == 2:
        in_window = 1900 + TWO_DIGIT_PIVOT <= new[0] < 2000 + TWO_DIGIT_PIVOT
    return new, in_window


def _add_days(d: dt.date, days: int) -> dt.date:
    try:
        return d + dt.timedelta(days=days)
    except OverflowError:
        return d - dt.timedelta(days=days)


def fold_season(word: str, seasons: tuple[str, ...]) -> str:
    key = fold(word)
    return next(s for s in seasons if fold(s) == key)


# -- the grammar -------------------------------------------------------------------------------------------


class DateGrammar:
    """Reads date mentions of one locale. Build once; :meth:`parse` is cached."""

    def __init__(self, locale: str = "es", day_first: bool = True) -> None:
        self.months = MonthNames(locale)
        self.seasons = _SEASONS.get(locale.split("_")[0], ())
        self._season_keys = {fold(s) for s in self.seasons}
        self.day_first = day_first
        self.parse = lru_cache(maxsize=4096)(self._parse)

    def _parse(self, text: str) -> ParsedDate | None:
        """The mention's date structure, or None when it holds no date (the caller falls back)."""
        tokens, kinds = _tokenize(text)
        timed = _time_tokens(tokens, kinds)
        month_styles: dict[int, str] = {}
        seasons: list[int] = []
        for i, (t, k) in enumerate(zip(tokens, kinds)):
            if k == "word":
                found = self.months.lookup(t)
                if found:
                    month_styles[i] = found[1]
                elif fold(t) in self._season_keys:
                    seasons.append(i)
        nums = [i for i, k in enumerate(kinds) if k == "num" and i not in timed]
        if month_styles or seasons:
            items = self._named_items(tokens, kinds, nums, sorted(month_styles), seasons)
        else:
            items = self._numeric_items(tokens, kinds, nums, month_styles)
        if not items:
            return None
        # numeric dates pad every field wider than one digit; named dates pad only a written leading zero
        fields = [i for it in items for i in (it.day, it.month) if i is not None and kinds[i] == "num"]
        numeric = all(st == "num" for st in month_styles.values()) and not seasons
        padded = frozenset(i for i in fields if len(tokens[i]) > 1 and (numeric or tokens[i][0] == "0"))
        return ParsedDate(tuple(tokens), tuple(items), tuple(sorted(month_styles.items())), padded, self.months,
                          self.seasons)

    # "21 de febrero de 2002", "febrero y abril de 2002", "Junio 04", "26-julio-2004", "verano de 2003"
    def _named_items(self, tokens: list[str], kinds: list[str], nums: list[int], months: list[int],
                     seasons: list[int]) -> list[Item]:
        anchors = sorted(months + seasons)
        years: list[int] = []
        days: dict[int, list[int]] = {a: [] for a in months}
        for i in nums:
            t = tokens[i]
            prev_anchor = _previous_anchor(i, anchors, tokens, kinds)
            if _is_year4(t) or (len(t) == 2 and prev_anchor is not None and not _followed_by_month(i, months)):
                years.append(i)
            elif len(t) <= 3 and months:
                following = [a for a in months if a > i]
                target = following[0] if following else max(a for a in months if a < i)
                days[target].append(i)
        items: list[Item] = []
        for a in anchors:
            if a in days:
                for dday in days[a] or [None]:
                    items.append(Item(day=dday, month=a))
            else:
                items.append(Item(season=a))
        # a year belongs to the anchors before it (since the previous year); leftovers to the next year
        placed: list[Item] = []
        last_year = -1
        for yi in years:
            for it in items:
                anchor = it.month if it.month is not None else it.season
                if last_year < anchor < yi and it.year is None:
                    it = Item(it.day, it.month, yi, it.season)
                placed.append(it)
            items, placed = placed, []
            last_year = yi
        used_years = {it.year for it in items}
        items.extend(Item(year=yi) for yi in years if yi not in used_years)
        return items

    # "05/03/2014", "d/m/yy", "2014", "año 2004", "1993 y 1994", "12/04 /2011", "26708/2017"
    def _numeric_items(self, tokens: list[str], kinds: list[str], nums: list[int],
                       month_styles: dict[int, str]) -> list[Item]:
        items: list[Item] = []
        for run in _numeric_runs(tokens, kinds, nums):
            for chunk in _chunks(run, tokens):
                item = self._numeric_item(chunk, tokens)
                if item is not None:
                    if item.month is not None:
                        month_styles[item.month] = "num"
                    items.append(item)
        return items

    def _numeric_item(self, run: list[int], tokens: list[str]) -> Item | None:
        w = [len(tokens[i]) for i in run]
        v = [int(tokens[i]) for i in run]
        if len(run) == 3:
            a, b, c = run
            if w[0] == 4 and w[2] <= 2:
                return Item(day=c, month=b, year=a)
            if w[2] not in (2, 4) or max(w[0], w[1]) > 3:
                return None
            day, month = (a, b) if self.day_first else (b, a)
            dv, mv = int(tokens[day]), int(tokens[month])
            if mv > 12 and dv <= 12:  # 05/14/2014 can only be month-first
                day, month = month, day
            return Item(day=day, month=month, year=c)
        if len(run) == 2:
            a, b = run
            if w[1] == 4 and w[0] <= 2 and 1 <= v[0] <= 12:
                return Item(month=a, year=b)
            if w[0] == 4 and w[1] <= 2 and 1 <= v[1] <= 12:
                return Item(month=b, year=a)
            if max(w) <= 2 and min(v) >= 1:
                day, month = (a, b) if self.day_first else (b, a)
                if int(tokens[month]) > 12 and int(tokens[day]) <= 12:
                    day, month = month, day
                if int(tokens[month]) <= 12 and int(tokens[day]) <= 31:
                    return Item(day=day, month=month)
            return None
        if len(run) == 1 and _is_year4(tokens[run[0]]):
            return Item(year=run[0])
        return None


def _tokenize(text: str) -> tuple[list[str], list[str]]:
    """Tokens and their kinds ("num", "word", "sep")."""
    tokens = _TOKEN.findall(text)
    out: list[str] = []
    kinds: list[str] = []
    for i, t in enumerate(tokens):
        # "26708/2017": a "7" typed for "/" (they share a key on Spanish keyboards) between day and month
        if (len(t) == 5 and t.isascii() and t.isdigit() and t[2] == "7" and i + 2 < len(tokens) and tokens[i + 1].strip() == "/"
                and _is_year4(tokens[i + 2]) and 1 <= int(t[:2]) <= 31 and 1 <= int(t[3:]) <= 12):
            out.extend((t[:2], "7", t[3:]))
            kinds.extend(("num", "sep", "num"))
        else:
            out.append(t)
            kinds.append(_kind(t))
    return out, kinds


def _kind(token: str) -> str:
    if "0" <= token[0] <= "9":
        return "num"
    if token[0].isalpha():
        return "word"
    return "sep"


def _is_year4(t: str) -> bool:
    return len(t) == 4 and t.isascii() and t.isdigit() and 1000 <= int(t) <= 2999


def _time_tokens(tokens: list[str], kinds: list[str]) -> set[int]:
    """Clock times ("10:30", "10.30 h") are not dates: their digits are kept."""
    timed: set[int] = set()
    for i in range(len(tokens) - 2):
        if kinds[i] == "num" and kinds[i + 2] == "num" and len(tokens[i]) <= 2 and len(tokens[i + 2]) == 2:
            sep = tokens[i + 1]
            after = tokens[i + 4] if i + 4 < len(tokens) and tokens[i + 3].isspace() else (
                tokens[i + 3] if i + 3 < len(tokens) else "")
            if sep.strip() == ":" or (sep in (".", ",") and after.lower() in _TIME_WORDS):
                timed.update((i, i + 2))
    return timed


_LINK_WORDS = frozenset({"de", "del", "año", "ano", "el"})


def _previous_anchor(i: int, anchors: list[int], tokens: list[str], kinds: list[str]) -> int | None:
    """The month/season word right before token ``i``, with only separators and "de"/"del año" between."""
    j = i - 1
    while j >= 0 and (kinds[j] == "sep" or (kinds[j] == "word" and fold(tokens[j]) in _LINK_WORDS
                                            and j not in anchors)):
        j -= 1
    return j if j >= 0 and j in anchors else None


def _followed_by_month(i: int, months: list[int]) -> bool:
    return any(a > i for a in months)


def _numeric_runs(tokens: list[str], kinds: list[str], nums: list[int]) -> Iterable[list[int]]:
    """Digit tokens joined by date separators ("/", "-", ".", "//", " /", a space)."""
    run: list[int] = []
    for i in nums:
        if run and i == run[-1] + 2 and _NUMERIC_SEP.fullmatch(tokens[i - 1]):
            run.append(i)
        else:
            if run:
                yield run
            run = [i]
    if run:
        yield run


def _chunks(run: list[int], tokens: list[str]) -> Iterable[list[int]]:
    """A long run ("01/02/2003-04/05/2006") splits into dates of three fields."""
    if len(run) <= 3:
        yield run
    elif len(run) % 3 == 0:
        for k in range(0, len(run), 3):
            yield run[k : k + 3]
    else:
        yield from ([i] for i in run if _is_year4(tokens[i]))
