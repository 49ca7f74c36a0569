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

import re
from collections.abc import Iterable
from functools import lru_cache

from gazetteers.locales.languages import quoted
from gazetteers.text import fold

from .month_names import MonthNames
from .render import (
    APOSTROPHES,
    DateShift,
    Item,
    ParsedDate,
    date_shape,
)
from .seasons import SeasonNames

__all__ = ["DateGrammar", "DateShift", "Item", "MonthNames", "ParsedDate", "date_grammar", "date_shape"]

# ASCII digits only: other Unicode digits ("²", "٣") are kept verbatim as separators
_TOKEN = re.compile(r"[0-9]+|[^\W\d_]+|(?:(?![0-9])[\W\d_])+")
_NUMERIC_SEP = re.compile(r"\s*(?:[/.\-]{1,2}|7)\s*|\s|")  # "7" only as a glued-slash typo; "" in "20240312"
_TIME_SEP = re.compile(r"\s*[:h]\s*")
_TIME_WORDS = frozenset({"h", "hs", "horas", "hrs", "hr"})


# -- the grammar -------------------------------------------------------------------------------------------


class DateGrammar:
    """Reads date mentions of one locale. Build once; :meth:`parse` is cached."""

    def __init__(self, locale: str = "es", day_first: bool = True) -> None:
        self.months = MonthNames(locale)
        self.seasons = SeasonNames(locale)
        self.day_first = day_first
        self._quoted = quoted(locale)  # languages a note quotes dates in (English)
        self.parse = lru_cache(maxsize=4096)(self._parse)

    def _parse(self, text: str) -> ParsedDate | None:
        """The mention's date structure, or None when it holds no date (the caller falls back)."""
        tokens, kinds = _tokenize(text)
        timed = _time_tokens(tokens, kinds)
        month_styles: dict[int, str] = {}
        seasons: list[int] = []
        weekdays: list[tuple[int, str]] = []
        for i, (t, k) in enumerate(zip(tokens, kinds)):
            if k == "word":
                elided = i >= 2 and tokens[i - 1] in APOSTROPHES and fold(tokens[i - 2]) == "d"  # "d'abril": Catalan
                found = self.months.lookup(t, "ca" if elided else None)
                if found:
                    month_styles[i] = found[1]
                elif self.months.roman(t) and _between_numbers(tokens, kinds, i):
                    month_styles[i] = "roman@roman"
                elif self.seasons.lookup(t) is not None:
                    seasons.append(i)
                elif (day := self.months.weekday(t, dotted=tokens[i + 1].startswith(".") if i + 1 < len(tokens)
                                                 else False)) is not None:
                    weekdays.append((i, day[1]))
        nums = [i for i, k in enumerate(kinds) if k == "num" and i not in timed and not _counts_periods(tokens, i)]
        for i in sorted(month_styles):
            if self._weekday_not_month(tokens, kinds, nums, month_styles, i):
                del month_styles[i]
                weekdays.append((i, self.months.month_or_weekday(tokens[i])[1]))
        weekdays.sort()
        if month_styles or seasons:
            items = self._named_items(tokens, kinds, nums, sorted(month_styles), seasons)
        else:
            items = self._numeric_items(tokens, kinds, nums, month_styles)
        if not items:
            return None
        quoting = {lang.split(":")[0] for _, lang in weekdays} & set(self._quoted)
        for i in month_styles if quoting else ():  # "Sat 01-Sep-2018": an English weekday makes its month English
            found = self.months.lookup(tokens[i], min(quoting))
            if found is not None and found[1].endswith(f"@{min(quoting)}"):
                month_styles[i] = found[1]
        for it in items:  # "Mar 2, 2025": a month written before its day is English where English has the word
            if it.day is not None and it.month is not None and it.month < it.day:
                english = self.months.lookup(tokens[it.month], "en")
                if english is not None and english[1].endswith("@en"):
                    month_styles[it.month] = english[1]
        # numeric dates pad every field wider than one digit; named dates pad only a written leading zero
        fields = [i for it in items for i in (it.day, it.month) if i is not None and kinds[i] == "num"]
        numeric = all(st == "num" for st in month_styles.values()) and not seasons
        # ... unless the date writes a field unpadded ("16/3/24", "7/11/2022"): then only a written zero pads
        numeric = numeric and all(len(tokens[i]) > 1 for i in fields)
        padded = frozenset(i for i in fields if len(tokens[i]) > 1 and (numeric or tokens[i][0] == "0"))
        return ParsedDate(tuple(tokens), tuple(items), tuple(sorted(month_styles.items())), padded, self.months,
                          self.seasons, tuple(weekdays))

    def _weekday_not_month(self, tokens: list[str], kinds: list[str], nums: list[int], month_styles: dict[int, str],
                           i: int) -> bool:
        """A word that is both a month and a weekday ("mar": marzo and martes) is the weekday when the mention
        names its month after it ("mar 15 oct", "mar 3 mar") or its numbers make a day and month without it ("mar
        15/10": it came out "may 15/15", March with a day and a year read from "15/10")."""
        if self.months.month_or_weekday(tokens[i]) is None:
            return False
        if any(j > i for j in month_styles):
            return True
        after = [n for n in nums if n > i]
        return len(after) >= 2 and any(it.day is not None and it.month is not None
                                       for it in self._numeric_items(tokens, kinds, after, {}))

    # "21 de febrero de 2002", "febrero y abril de 2002", "Junio 04", "26-julio-2004", "verano de 2003"
    def _named_items(self, tokens: list[str], kinds: list[str], nums: list[int], months: list[int],
                     seasons: list[int]) -> list[Item]:
        anchors = sorted(months + seasons)
        years: list[int] = []
        days: dict[int, list[int]] = {a: [] for a in months}
        # Basque writes year, month, day: "2024ko martxoaren 19a", "martxoaren 26an". The number after a genitive
        # month is its day (it was read as a two-digit year: "19a" -> "19a" with the year moved), and a year with
        # its "-ko" suffix is the year of the month after it
        genitive = {a for a in months if (self.months.lookup(tokens[a]) or (0, ""))[1] == "genitive@eu"}
        basque_years = _basque_years(tokens, kinds, nums, anchors)  # "2023ko udatik": a season's year too
        for i in nums:
            t = tokens[i]
            prev_anchor = _previous_anchor(i, anchors, tokens, kinds)
            if i in basque_years:
                continue
            if prev_anchor in genitive and len(t) <= 2:
                days[prev_anchor].append(i)
            elif prev_anchor is not None and _month_day_year(tokens, kinds, prev_anchor, i):
                days[prev_anchor].append(i)  # "March 11, 2025", "marzo 11, 2025": a day, not a two-digit year
            elif _is_year4(t) or (len(t) == 2 and prev_anchor is not None and not _followed_by_month(i, months)):
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
        year_of = {month: year for year, month in basque_years.items()}
        items = [Item(it.day, it.month, year_of[anchor], it.season)
                 if (anchor := it.month if it.month is not None else it.season) in year_of else it for it in items]
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
            if len(run) == 1 and len(tokens[run[0]]) == 2 and run[0] and tokens[run[0] - 1] in APOSTROPHES:
                items.append(Item(year=run[0]))  # "'24": a year of two digits
                continue
            if len(run) == 2 and all(_is_year4(tokens[i]) for i in run) and int(tokens[run[0]]) < int(tokens[run[1]]):
                items.extend(Item(year=i) for i in run)  # "2023/2024", "2023-2024": a school year, a season
                continue
            for chunk in _day_range(run, tokens) or _chunks(run, tokens):
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


@lru_cache(maxsize=8)
def date_grammar(locale: str = "es", day_first: bool = True) -> DateGrammar:
    """One grammar per locale and order, shared by dates and ages: a mention parsed once serves both."""
    return DateGrammar(locale, day_first)


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
        elif _compact_iso(t):  # "20240312": year, month and day with no separator
            out.extend((t[:4], "", t[4:6], "", t[6:]))
            kinds.extend(("num", "sep", "num", "sep", "num"))
        elif _compact_stamp(t):  # "20250318093512" (HL7, DICOM): the date moves, the time of day is kept as written
            out.extend((t[:4], "", t[4:6], "", t[6:8], t[8:]))
            kinds.extend(("num", "sep", "num", "sep", "num", "sep"))
        else:
            out.append(t)
            kinds.append(_kind(t))
    return out, kinds


def _compact_iso(t: str) -> bool:
    return (len(t) == 8 and t.isascii() and t.isdigit() and 1900 <= int(t[:4]) <= 2099
            and 1 <= int(t[4:6]) <= 12 and 1 <= int(t[6:]) <= 31)


def _compact_stamp(t: str) -> bool:
    """A compact date with its time: YYYYMMDDhhmm or YYYYMMDDhhmmss."""
    if len(t) not in (12, 14) or not _compact_iso(t[:8]) or not t[8:].isdigit():
        return False
    hh, mm, ss = int(t[8:10]), int(t[10:12]), int(t[12:] or 0)
    return hh <= 23 and mm <= 59 and ss <= 59


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
_ORDINAL_ENDINGS = frozenset({"º", "ª", "o", "a", "er", "ero", "era", "do", "da", "ro", "ra", "to", "ta", "r", "t"})
_PERIODS = frozenset({"quincena", "semana", "trimestre", "cuatrimestre", "semestre", "mitad"})


def _between_numbers(tokens: list[str], kinds: list[str], i: int) -> bool:
    """Token ``i`` sits between two numbers joined by date separators ("3-IV-1957", "3.iv.57")."""
    return (2 <= i < len(tokens) - 2 and kinds[i - 2] == kinds[i + 2] == "num"
            and all(tokens[j].strip() in ("-", "/", ".") for j in (i - 1, i + 1)))


def _counts_periods(tokens: list[str], i: int) -> bool:
    """Token ``i`` numbers a period ("2ª quincena de marzo", "1er trimestre"): copied, never read as a day."""
    j = i + 1
    while j < len(tokens) and (tokens[j].isspace() or fold(tokens[j]) in _ORDINAL_ENDINGS or tokens[j] == "."):
        j += 1
    return j < len(tokens) and fold(tokens[j]) in _PERIODS


def _previous_anchor(i: int, anchors: list[int], tokens: list[str], kinds: list[str]) -> int | None:
    """The month/season word right before token ``i``, with only separators and "de"/"del año" between."""
    j = i - 1
    while j >= 0 and (kinds[j] == "sep" or (kinds[j] == "word" and fold(tokens[j]) in _LINK_WORDS
                                            and j not in anchors)):
        j -= 1
    return j if j >= 0 and j in anchors else None


def _basque_years(tokens: list[str], kinds: list[str], nums: list[int], months: list[int]) -> dict[int, int]:
    """Years glued to a Basque "-ko"/"-eko" right before a month ("2024ko martxoaren"), by year token: the
    month token they belong to."""
    out: dict[int, int] = {}
    for i in nums:
        j = i + 2
        if not (_is_year4(tokens[i]) and i + 1 < len(tokens) and fold(tokens[i + 1]) in ("ko", "eko")):
            continue
        while j < len(tokens) and kinds[j] == "sep" and not tokens[j].strip():
            j += 1
        if j in months:
            out[i] = j
    return out


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


def _day_range(run: list[int], tokens: list[str]) -> list[list[int]]:
    """"12-15/03/2024": two days before one month and year, read as two dates sharing them (a shift that
    moves them apart in the month does not fit, see ParsedDate.render)."""
    if len(run) != 4 or tokens[run[0] + 1].strip() != "-" or tokens[run[1] + 1].strip() == "-":
        return []
    a, b, month, year = run
    if max(len(tokens[i]) for i in (a, b, month)) > 2 or len(tokens[year]) not in (2, 4):
        return []
    if not (int(tokens[a]) < int(tokens[b]) <= 31 and 1 <= int(tokens[month]) <= 12):
        return []
    return [[a, month, year], [b, month, year]]


def _chunks(run: list[int], tokens: list[str]) -> Iterable[list[int]]:
    """A long run ("01/02/2003-04/05/2006") splits into dates of three fields."""
    if len(run) <= 3:
        yield run
    elif len(run) % 3 == 0:
        for k in range(0, len(run), 3):
            yield run[k : k + 3]
    else:
        yield from ([i] for i in run if _is_year4(tokens[i]))


def _month_day_year(tokens: list[str], kinds: list[str], month: int, i: int) -> bool:
    """Token ``i`` is the day of a month-first date: right after the month, a number of 1 to 31 followed by a
    comma or a space and a four-digit year ("March 11, 2025", "Apr 15 2025"), as English writes dates."""
    t = tokens[i]
    if not (i == month + 2 and tokens[month + 1].isspace() and len(t) <= 2 and 1 <= int(t) <= 31):
        return False
    return (i + 2 < len(tokens) and tokens[i + 1].strip() in ("", ",") and kinds[i + 2] == "num"
            and _is_year4(tokens[i + 2]))
