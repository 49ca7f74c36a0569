"""Dates: one shift per document, every mention rendered back in exactly its own format.

The shift is drawn once per document (``begin_document``) within ``config.date_shift_days`` and never 0;
in keyed mode it comes from an HMAC of the key and the document id, so it is stable across runs. Among
the draws, the first one that keeps every mention of the document in its exact shape is taken (an
unpadded ``5/3/2014`` cannot become ``15/3/2014``); see ``docs/replacers/dates-ages.md``.
"""
from __future__ import annotations

import calendar
import functools
import datetime as dt
import hashlib
import hmac
import re
from typing import NamedTuple

import numpy as np

from gazetteers import GazetteerSet
from gazetteers.text import fold

from ...config import EngineConfig
from ...leak_guard import is_date_number, words_of
from ...ocr import ocr_digits
from ...textcase import apply_case
from ..base import CannotReplace, DocumentState, Replacer, SpanContext
from ..registry import register
from .date_words import language_of, number_words, to_digits, to_words_again
from .mention_moves import apart_from_others, months_in
from .mention_moves import runs as _runs
from .day_prior import DayPrior
from .day_ranges import moved_day_range
from .formats import DateShift, ParsedDate, date_grammar, date_shape
from .render import basque_day_suffix
from .seasons import season_words
from .weekday_alone import free_weekday, moved_weekday, plural_before, says_weekday_alone, weekdays_said


class _DocumentDates(NamedTuple):
    """A document's dates as every shift is checked against them: draw-free, shared by every seed."""

    #: each parsed date, its shape, its folded text, and for a range run its bare first day (which must move)
    dates: list[tuple[ParsedDate, str, str, str | None]]
    index: dict[str, int]  # date text -> its place in ``dates``
    memo: dict[int, tuple[int, list[str]]]  # per shift tried: its misfit count and the dates rendered under it
    originals: set[str]  # each date's runs: no shifted date may read as one
    onto_another: set[int]  # shifts that move a named day onto another named day, or into a month named alone
    unfit: set[int]  # shifts known to break a date but not counted in full (nor their renderings kept)
    fewest: dict[tuple[int, int], list[int]]  # per shift range listed whole: its shifts with the fewest misfits
    #: every date span's runs of two tokens or more, padded by spaces: no shifted date may hold one inside it
    #: ("mie 15-5" moved to "sáb 18-1" wrote another mention's "sab 18")
    inside: tuple[str, ...] = ()
    #: the folded weekday word of each mention that names one weekday and no number ("el jueves", "dimecres", "jue")
    weekdays_alone: frozenset[str] = frozenset()
    #: the mentions with a weekday that no date parse reads ("jueves", "viernes 16"): moved as ``replace`` moves them
    weekday_mentions: tuple[str, ...] = ()
    #: ``originals`` and every date span's runs, parsed or not ("Martes 4"): no mention moved apart from the
    #: document's shift may read as one
    taken: frozenset[str] = frozenset()
#: a day or year with a Basque case ending: "12a", "3an", "2023ko", and a range's "19tik" (from), "26ra" / "10era"
#: (to), "30eraino" (until), "15erako" (by), "11n" (on the 11th)
_BASQUE_NUMBER = re.compile(r"\d{1,4}(?:a|an|ean|n|ko|eko|tik|etik|ra|era|raino|eraino|rako|erako)")
_PARTS = re.compile(r"\d+|\D+")  # a glued run's digits and letters ("1er" → "1", "er")
_PERIOD_WORDS = ("principio principios comienzo comienzos inicio inicios mediados mitad final finales fin finales "
                 "primeros ultimos últimos quincena trimestre cuatrimestre semestre decada década "
                 "navidad navidades nochebuena nochevieja pascua santa er ero do ro to vo mo no º ª r t "
                 # relative wording around a date: "el pasado 3 de mayo", "hace 3 años", "aprox. en 2019"
                 "pasado pasada próximo próxima último última hace aproximadamente aprox alrededor día días semanas "
                 "hilaren "  # Basque "of the month": "hilaren 18an"
                 # Catalan and Galician parts of a period: "primera quinzena de juliol", "finais de 2023"
                 "quinzena principis finals mitjans inici meitat finais principios mediados")
_SPOKEN_SEPARATOR = re.compile(r"(?<=\d) del (?=\d)")  # between a dictated day, month and year
_WHOLE_YEAR = (365, 366)
_RANDOM_DRAWS = 32  # random candidate shifts tried before listing every shift of the range
#: shifts that keep every date in shape, drawn before the day prior picks one; after _FIT_SEARCH draws, those found
_FIT_CANDIDATES, _FIT_SEARCH = 3, 8
_EXHAUSTIVE_RANGE = 4000


@register
class DateReplacer(Replacer):
    kind = "date"
    avoid_other_originals = False  # the per-document shift decides; see Replacer.avoid_other_originals
    kept_words = words_of("de del el año años mes meses h horas hrs sep set setiembre ", season_words(),
                          "ko eko an ean",  # Basque suffixes: "2023ko maiatzaren 12a"
                          # parts of a period, holidays and ordinal endings, which name no one and stay around a
                          # shifted year or month ("finales de 2023", "1er trimestre 2024", "Navidad de 2019")
                          _PERIOD_WORDS)

    def keeps(self, word: str) -> bool:
        """Link words, month and day names (in any language of the locale's notes) and numbers of date size:
        a shifted date may repeat its year, day or weekday ("dijous 4 de maig" → "dijous 9 de juny"); so may
        a run that glues them ("2º", "1er", "12T10" of an ISO time stamp)."""
        return (self._keeps_part(word) or _BASQUE_NUMBER.fullmatch(word) is not None
                or (not word.isalpha() and not word.isdigit()
                    and all(len(part) < 2 or self._keeps_part(part) for part in _PARTS.findall(word))))

    def _keeps_part(self, word: str) -> bool:
        return (word in self.kept_words or is_date_number(word) or self.grammar.months.names(word)
                or fold(word) in number_words()  # a date in words repeats "dos mil", "y", "uno"
                or self.grammar.months.roman(word))

    def __init__(self, gazetteers: GazetteerSet, config: EngineConfig) -> None:
        super().__init__(gazetteers, config)
        self.grammar = date_grammar(config.locale, config.day_first)

    @functools.cached_property
    def day_prior(self) -> DayPrior | None:
        """The corpus's days of the month, or None (a month-first locale: a date's first number is no day; a fitted
        table without days)."""
        return DayPrior.of(self.fitted) if self.config.day_first else None

    # -- the document shift ------------------------------------------------------------------------------
    def begin_document(self, state: DocumentState, rng: np.random.Generator) -> None:
        if state.date_shift_days is None:
            state.date_shift_days = self.choose_shift(state, rng)

    def choose_shift(self, state: DocumentState, rng: np.random.Generator) -> int:
        """A non-zero shift in the configured range that keeps every date mention of the document in shape and
        writes none of them as another mention's original ("Lunes 3-2-2025" moved 3 days is "Jueves 6-2-2025",
        written elsewhere in the note); uniform among such shifts when they are rare, the one that breaks fewest
        when none fits."""
        if self.config.key is not None:
            mac = hmac.new(self.config.key, f"date-shift\x1f{state.document.id}".encode(), hashlib.sha256)
            draws = np.random.default_rng(int.from_bytes(mac.digest()[:16], "big"))
        else:
            # one draw from the document stream, whatever the number of candidates tried below
            draws = np.random.default_rng(int(rng.integers(0, 2**63)))
        # the document's dates and, per shift tried, how many it breaks and their renderings: draw-free, shared
        # by every seed (``replace`` then reads the chosen shift's renderings instead of rendering again)
        analysed = state.analysis(self.kind, self._document_dates)
        dates, memo, originals, onto_another = analysed.dates, analysed.memo, analysed.originals, analysed.onto_another
        lo, hi = self.config.date_shift_days

        inside = analysed.inside

        def misfit(shape: str, lead: str | None, new: str, fits: bool) -> bool:
            runs = _runs(new)
            return not (fits and date_shape(new) == shape and runs not in originals  # same shape, new
                        and not says_weekday_alone(analysed.weekdays_alone, new)
                        and (lead is None or not new.startswith(lead) or new[len(lead)].isdigit())
                        and not (inside and any(o in f" {runs} " for o in inside)))

        def misfits(days: int, cap: int | None = None) -> int:
            """How many dates ``days`` breaks; past ``cap``, some count over it (the rest left unrendered, and
            the shift kept as unfit only: ``replace`` reads the renderings of a shift counted in full)."""
            entry = memo.get(days)
            if entry is not None:
                return entry[0]
            if cap == 0 and days in analysed.unfit:
                return 1
            # a whole year keeps every day and month ("10/01/2025" -> "10/01/2026" still writes "tramitada el 10/01"
            # of the note): such a shift breaks one mention, and is taken only when every other breaks more
            shift, renders = DateShift(days), []
            count = int(days in onto_another) + int(abs(days) in _WHOLE_YEAR) + sum(
                says_weekday_alone(analysed.weekdays_alone, self._moved_weekday_mention(t, days))
                for t in analysed.weekday_mentions)
            for p, shape, _, lead in dates:
                if cap is not None and count > cap:
                    analysed.unfit.add(days)
                    return count
                new, fits = p.render(shift)
                renders.append(new)
                count += misfit(shape, lead, new, fits)
            if cap is not None and count > cap:
                analysed.unfit.add(days)
                return count
            memo[days] = (count, renders)
            return count

        tried, fits = [], []
        prior = self.day_prior
        for attempt in range(_RANDOM_DRAWS):
            days = 0
            while days == 0:
                days = int(draws.integers(lo, hi + 1))
            if misfits(days, 0) == 0:
                if prior is None:
                    return days
                if days not in fits:
                    fits.append(days)
            else:
                tried.append(days)
            if fits and (len(fits) == _FIT_CANDIDATES or attempt + 1 >= _FIT_SEARCH):
                break
        if fits:
            return prior.choose([(d, memo[d][1]) for d in fits], draws)
        # few shifts fit (unpadded "3/4/2010" beside "5/2/2011"): list them all and pick one at random among those
        # that break fewest (the same list for every seed: found once per document)
        if hi - lo <= _EXHAUSTIVE_RANGE:
            best = analysed.fewest.get((lo, hi))
            if best is None:
                fewest: int | None = None
                best = []
                for d in range(lo, hi + 1):
                    if d == 0:
                        continue
                    count = misfits(d, fewest)  # exact up to the fewest so far: a shift past it is out anyway
                    if fewest is None or count < fewest:
                        fewest, best = count, [d]
                    elif count == fewest:
                        best.append(d)
                analysed.fewest[(lo, hi)] = best
            return best[int(draws.integers(len(best)))]
        return min(tried, key=misfits)

    def _document_dates(self, state: DocumentState) -> _DocumentDates:
        """Each distinct date mention parsed, with its shape and folded text (what every shift is checked
        against), its position by text, the shifts that would write one onto another, and empty memos."""
        doc = state.document
        texts = {doc.text[s:e]: None for sp in state.spans_of_kind(self.kind) for s, e in sp.fragments}
        # a range's bare first day read with the mentions that give its month ("10" + " al 14 de marzo de 2025")
        texts.update({run: doc.text[s:e] for sp in state.spans_of_kind(self.kind) for s, e in sp.fragments
                      if (run := self._range_run(state, s, e)) is not None})
        dates, index = [], {}
        for t in sorted(texts):
            p = self.grammar.parse(t)
            if p is not None:
                index[t] = len(dates)
                dates.append((p, date_shape(t), fold(t), texts[t]))
        # a shifted date written as another mention's original is no fit, whatever its separators: "02/04/2025"
        # reads as an original "02-04-2025" (the leak guard compares runs of letters and digits)
        originals = {_runs(key) for _, _, key, _ in dates}
        # ... nor, in any layout, as another mention's day: 11 March moved a day is 12 March, which the note also
        # writes ("12 de marzo de 2025"; augment --vary-formats may write the moved date in that layout)
        days_named = {d for p, _, _, _ in dates for d in p.full_dates()}
        onto_another = {(b - a).days for a in days_named for b in days_named if a != b}
        # ... nor into a month the note names alone: "9 de mayo de 2024" moved into September 2024 holds the
        # original "septiembre de 2024" of another mention
        for year, month in {ym for p, _, _, _ in dates for ym in p.months_named() if 1 <= ym[1] <= 12}:
            first = dt.date(min(max(year, 1), 9998), month, 1)
            last = first + dt.timedelta(days=calendar.monthrange(year, month)[1] - 1)
            for a in days_named:
                onto_another.update(range((first - a).days, (last - a).days + 1))
        spans = {_runs(doc.text[s:e]) for sp in state.spans_of_kind(self.kind) for s, e in sp.fragments}
        inside = tuple(sorted(f" {r} " for r in spans if " " in r))
        alone, mentions = weekdays_said(texts, index, self.grammar.months)
        return _DocumentDates(dates, index, {}, originals, onto_another, set(), {}, inside, alone, mentions,
                              frozenset(originals | spans))

    def _moved_weekday_mention(self, original: str, days: int) -> str | None:
        """What ``replace`` writes for a mention with a weekday that no date parse reads."""
        return self._weekday_day(original, days) or moved_weekday(original, days, self.grammar.months)

    # -- one mention -------------------------------------------------------------------------------------
    def replace(self, original: str, ctx: SpanContext) -> str:
        if ctx.state.date_shift_days is None:  # reached through a delegate in a document without date spans
            ctx.state.date_shift_days = self.choose_shift(ctx.state, ctx.rng)
        days = ctx.state.date_shift_days
        original = _scanned_digits(original)  # "marzo 2O23" came out "noviembre 9O30"
        in_words = to_digits(original)  # "doce de marzo de mil novecientos cuarenta y uno"
        if in_words is not None and (new := self._in_words(*in_words, days)) is not None:
            return new
        analysed = ctx.state.analyses.get(self.kind)
        new = _rendered(analysed, original, days)  # when the shift was chosen
        if new is None:
            parsed = self.grammar.parse(original)
            new = parsed.render(DateShift(days))[0] if parsed is not None else None
        if new is not None and fold(new) != fold(original):
            return apart_from_others(original, new, days, _taken(analysed), self._parsed_moved)
        alone = analysed.weekdays_alone if analysed else frozenset()
        new = self._weekday_day(original, days, alone)
        if new is not None:  # "xoves 6" came out "martes 4", another mention's original
            new = apart_from_others(original, new, days, _taken(analysed),
                                    lambda text, moved_by: self._weekday_day(text, moved_by, alone))
        if new is None:
            new = _basque_month_day(original, days)
        if new is None:
            new = self._range_day(original, ctx, days)
        if new is None and self.config.day_first:
            new = moved_day_range(original, days, self.grammar)
        if new is None:
            new = _said_day(original, days)
        if new is not None:
            return new
        if any("0" <= c <= "9" for c in original):
            # no date in it ("39 años", "963 862 700" mislabelled as dates): new digits, same shape
            return _redraw_digits(original, ctx.rng)
        weekday = free_weekday(original, days, self.grammar.months, alone, plural_before(ctx.before()))
        if weekday is not None:
            return weekday
        group = _RELATIVE.get(fold(original.strip())) or _HOLIDAYS.get(fold(original.strip()))
        if group is not None:  # "anteayer", "el mes pasado": another relative date of the same reach
            others = [w for w in group if fold(w) != fold(original.strip())]
            core = original.strip()
            new = apply_case(core, others[int(ctx.rng.integers(len(others)))])
            return original[: original.index(core)] + new + original[original.index(core) + len(core):]
        raise CannotReplace("no date found in the span")


    def _parsed_moved(self, original: str, days: int) -> str | None:
        """The mention as the date grammar reads it, moved by ``days``; None when it misreads once moved."""
        parsed = self.grammar.parse(original)
        moved, fits = parsed.render(DateShift(days)) if parsed is not None else (None, False)
        return moved if fits else None

    def _in_words(self, digits: str, runs: list[str], days: int) -> str | None:
        """A date dictated in words, read in digits, moved, and written back in words; None when its digits
        hold no date the grammar reads ("veintidós del uno")."""
        # "el cuatro del tres del veinticinco": day, month and year as numbers, read as "4/3/25"
        spoken = _SPOKEN_SEPARATOR.findall(digits)
        parsed = self.grammar.parse(_SPOKEN_SEPARATOR.sub("/", digits)) if spoken else None
        if parsed is None:
            spoken, parsed = [], self.grammar.parse(digits)
        new = parsed.render(DateShift(days))[0] if parsed is not None else self._weekday_day(digits, days)
        if new is None and _BARE_DAY.fullmatch(digits) and 1 <= int(digits) <= 31:
            new = _moved_day(digits, days)  # "el día veinticuatro": a day of the month alone, as "el día 24" moves
        if new is None:
            new = _said_day(digits, days)  # "día once" (it was masked)
        if new is not None and spoken:
            parts = new.split("/")
            if len(parts) != len(spoken) + 1:
                return None
            new = parts[0] + "".join(sep + part for sep, part in zip(spoken, parts[1:]))
        if new is None or fold(new) == fold(digits):
            return None
        return months_in(to_words_again(new, runs), language_of(runs), self.grammar.months)

    def _weekday_day(self, original: str, days: int, alone: frozenset[str] = frozenset()) -> str | None:
        """A day of the month named by its weekday alone ("jueves 16", "el lunes 11", "dijous 4"): the day moves
        by the document shift within a month of 30 days (no month is written to say which), keeping its width (a
        day that would change width is taken among the days of its width), and the weekday moves as a weekday
        alone does, so "el jueves" of the same note still names that day (it stayed: "jueves 13" came out
        "jueves 25" beside "el jueves" → "domingo"). It came out "jueves 75" (random digits)."""
        m = _WEEKDAY_DAY.fullmatch(original)
        if m is None or self.grammar.months.weekday(m.group("wd")) is None:
            return None
        weekday = free_weekday(m.group("wd"), days, self.grammar.months, alone) or m.group("wd")
        return (original[: m.start("wd")] + weekday + original[m.end("wd") : m.start("day")]
                + _moved_day(m.group("day"), days) + original[m.end("day"):])

    def _range_day(self, original: str, ctx: SpanContext, days: int) -> str | None:
        """A bare day whose month and year come in the next date mention, as the first day of a range or list
        ("del 10 al 14 de marzo de 2025", "los días 3, 4 y 5 de mayo"; each number annotated on its own). The run
        of mentions is one date of the document's analysis (so the shift keeps it in shape) and the day takes
        its place in the moved run ("del 8 al 12 de abril de 2025"); it came out random digits ("del 71 al 12
        de abril"). A day with no such partner moves by the shift within a month of 30 days."""
        if _BARE_DAY.fullmatch(original) is None or not 1 <= int(original) <= 31:
            return None
        run = self._range_run(ctx.state, ctx.start, ctx.end)
        new = _rendered(ctx.state.analyses.get(self.kind), run, days) if run is not None else None
        day = _LEADING_DAY.match(new) if new is not None else None
        return day.group(0) if day is not None and day.group(0) != original else _moved_day(original, days)

    def _range_run(self, state: DocumentState, start: int, end: int) -> str | None:
        """The text from a bare day's span to the end of the first date mention after it, through the mentions
        that link them ("10 al 14 de marzo de 2025", "3, 4 y 5 de mayo"), when that reads as one date whose first
        item is the day; else None."""
        text = state.document.text
        if _BARE_DAY.fullmatch(text[start:end]) is None:
            return None
        starts = {s: e for sp in state.spans_of_kind(self.kind) for s, e in sp.fragments}
        while (link := _RANGE_LINK.match(text, end)) is not None and link.end() in starts:
            end = starts[link.end()]
            if _BARE_DAY.fullmatch(text[link.end():end]) is None:  # the first mention with more than a day
                run = self.grammar.parse(text[start:end])
                return text[start:end] if run is not None and len(run.items) > 1 and run.items[0].day == 0 else None
        return None


#: a date span's leading "l" or "I" before a digit is a 1 ("l5/O3/2O24"); ``ocr_digits`` leaves it, as a code's
#: "I21.19" must stay
_SCANNED_ONE = re.compile(r"(?<![^\W_])[lI](?=\d)")


def _scanned_digits(original: str) -> str:
    """A scanned date's letters that stand for digits, as digits (``surrogate.ocr``, the reading the rules backend
    detects with): the date is then read and moved as typed, and written with clean digits."""
    return ocr_digits(_SCANNED_ONE.sub("1", original))


def _said_day(original: str, days: int) -> str | None:
    """"el día 11" moved by the document's shift within a month of 30 days, as a bare day is (it was drawn at
    random, "el 11" came out "el 46", and "día once" was masked); None for any other text or a number that is no
    day."""
    m = _SAID_DAY.fullmatch(original)
    if m is None or not 1 <= int(m.group("day")) <= 31:
        return None
    return m.group("pre") + _moved_day(m.group("day"), days)


def _basque_month_day(original: str, days: int) -> str | None:
    """A Basque day of the current month, "hilaren 18an" (on the 18th of the month): the day moves as a bare day
    does, its case ending agreeing with the new number ("hilaren 21ean"); it came out "XXXXXXX 76an"."""
    m = _BASQUE_MONTH_DAY.fullmatch(original)
    if m is None or not 1 <= int(m.group("day")) <= 31:
        return None
    day = _moved_day(m.group("day"), days)
    ending = basque_day_suffix(int(day), m.group("end")) if m.group("end") else ""
    return original[: m.start("day")] + day + ending


def _moved_day(day: str, days: int) -> str:
    """A day of the month moved by ``days`` within a month of 30 days, keeping its width (a day that would change
    width is taken among the days of its width) and never staying as it was."""
    new = (int(day) - 1 + days) % 30 + 1
    text = f"{new:02d}" if day.startswith("0") else str(new)
    if len(text) != len(day) or text == day:  # "16" -> "3" would change the mention's shape: a day of its width
        low, span = (10, 19) if len(day) == 2 and not day.startswith("0") else (1, 9)
        new = low + (new - low) % span
        if new == int(day):
            new = low + (new - low + 1) % span
        text = f"{new:0{len(day)}d}"
    return text


def _taken(analysed: _DocumentDates | None) -> frozenset[str]:
    """The runs no mention moved apart from the document's shift may read as: every date mention's."""
    return analysed.taken if analysed is not None else frozenset()


def _rendered(analysed: _DocumentDates | None, original: str, days: int) -> str | None:
    entry = analysed.memo.get(days) if analysed is not None else None
    i = analysed.index.get(original) if analysed is not None else None
    return None if entry is None or i is None else entry[1][i]


def _redraw_digits(original: str, rng: np.random.Generator) -> str:
    """New digits in the same places; a decade stays a decade ("los años 80" → "los años 60") and a day of
    the month a day ("día 12" → "día 23")."""
    digits = rng.integers(0, 10, size=len(original))
    out = [str(int(d)) if "0" <= c <= "9" else c for c, d in zip(original, digits)]
    for m in _DECADE.finditer(original):
        others = [d for d in "456789" if d != m.group(1)]  # another decade of the 1940s to the 1990s
        out[m.start(1)] = others[int(digits[m.start(1)]) % len(others)]
        out[m.start(1) + 1] = "0"
    for m in _PLURAL_COUNT.finditer(original):  # "hace 3 años" never becomes "hace 1 años"
        a, b = m.span(1)
        if int("".join(out[a:b])) < 2:
            out[b - 1] = str(int(digits[b - 1]) % 8 + 2)
    for m in _DAY.finditer(original):
        a, b = m.span(1)
        drawn = int("".join(out[a:b]))  # a day of the same width: 1–9, or 10–28 (or 01–09 as written)
        value = 10 + drawn % 19 if b - a == 2 and original[a] != "0" else 1 + drawn % 9
        out[a:b] = [f"{value:0{b - a}d}"] + [""] * (b - a - 1)
    return "".join(out)


#: relative dates with no number, in groups of one shape: a relative date names no day, so another stands in
_RELATIVE_GROUPS = (("ayer", "anteayer", "anoche", "hoy"),
                    ("la semana pasada", "la semana anterior", "el mes pasado", "el mes anterior", "el año pasado",
                     "el año anterior"))
_RELATIVE = {fold(w): g for g in _RELATIVE_GROUPS for w in g}
#: holidays named as a date ("en navidad", "per Nadal"), each language's: another of the same language stands in
#: (they were masked); Galician shares "Nadal" and "Reis" with Catalan, read as Catalan
_HOLIDAY_GROUPS = (("navidad", "semana santa", "nochebuena", "nochevieja", "año nuevo", "reyes", "carnaval",
                    "san juan", "todos los santos", "pascua"),
                   ("nadal", "setmana santa", "sant joan", "reis", "cap d'any", "carnestoltes", "tots sants"),
                   ("entroido", "san xoán", "aninovo", "santos"),
                   ("gabonak", "aste santua", "inauteriak", "urteberri", "san joan"))
_HOLIDAYS = {fold(w): g for g in _HOLIDAY_GROUPS for w in g}
_DECADE = re.compile(r"(?i)\b(?:los|años|década\s+de\s+los)\s+(\d)0\b")
_PLURAL_COUNT = re.compile(r"(?i)\b(\d{1,2})\s+(?:años|meses|días|dias|semanas|horas)\b")
_WEEKDAY_DAY = re.compile(r"(?i)(?P<pre>(?:el|la|l'|o|a)?\s*)(?P<wd>[^\W\d_]+)(?P<sep>,?\s+)(?P<day>\d{1,2})(?P<post>\.?)")
_DAY = re.compile(r"(?i)\bd[ií]a\s+(\d{1,2})\b")
_BARE_DAY = re.compile(r"\d{1,2}")
#: a day of the month named with the word "día" or an article and no month ("el día 11", "día 3", "el 11")
_SAID_DAY = re.compile(r"(?i)(?P<pre>(?:(?:el|o|lo)\s+)?d[ií]a\s+|(?:el|o|lo)\s+)(?P<day>\d{1,2})")
_BASQUE_MONTH_DAY = re.compile(r"(?i)(?P<pre>hilaren\s+)(?P<day>\d{1,2})(?P<end>a|an|ean|n|tik|etik|ra|era|ko|eko)?")
_LEADING_DAY = re.compile(r"\d{1,2}")
#: what joins the days of a range or list: "10 al 14", "3, 4 y 5", "10-14", Catalan "10 i 12", Galician "10 ao 14"
_RANGE_LINK = re.compile(r"(?i)\s*(?:al|a|y|e|i|ao|hasta(?:\s+el)?|fins\s+al|-|–|,|/)\s*")
