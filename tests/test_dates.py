"""Date surrogates: every format family round-trips, one shift per document, exact shapes on MEDDOCAN.

The readers and shape function below are the test's own (written from the acceptance definition), so the
replacer is checked against an independent reading of its output, never against itself.
"""
from __future__ import annotations

import datetime as dt
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gazetteers import GazetteerSet
from gazetteers.text import fold
from surrogate import CannotReplace, Document, Engine, EngineConfig, Span
from surrogate.replacers.base import DocumentState, SpanContext
from surrogate.replacers.date_formats import DateGrammar, DateShift
from surrogate.replacers.dates import DateReplacer
from surrogate.schemas import load_schema

MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
          "noviembre", "diciembre"]
BABEL_ABBR = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"]
MONTH_RE = "|".join(MONTHS + ["setiembre"])
EMPTY = GazetteerSet({})
SCHEMA = load_schema("meddocan")


def shape(s: str) -> str:
    """The acceptance shape: digits → 9, a letter run → A (all upper, 2+), Aa (capitalised) or a."""
    out, i = [], 0
    while i < len(s):
        if s[i].isdigit():
            out.append("9")
            i += 1
        elif s[i].isalpha():
            j = i
            while j < len(s) and s[j].isalpha():
                j += 1
            w = s[i:j]
            out.append("A" if w.isupper() and len(w) > 1 else "Aa" if w[0].isupper() else "a")
            i = j
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def yy(y: int) -> int:
    return y + (2000 if y < 30 else 1900)


# full-date families: (builder, reader); readers return a datetime.date
FULL = {
    "dd/mm/yyyy": (lambda d: f"{d.day:02d}/{d.month:02d}/{d.year}",
                   lambda s: _dmy(r"(\d\d)/(\d\d)/(\d{4})", s)),
    "dd-mm-yy": (lambda d: f"{d.day:02d}-{d.month:02d}-{d.year % 100:02d}",
                 lambda s: _dmy(r"(\d\d)-(\d\d)-(\d\d)", s)),
    "dd.mm.yyyy": (lambda d: f"{d.day:02d}.{d.month:02d}.{d.year}",
                   lambda s: _dmy(r"(\d\d)\.(\d\d)\.(\d{4})", s)),
    "d/m/yy": (lambda d: f"{d.day}/{d.month}/{d.year % 100:02d}",
               lambda s: _dmy(r"(\d{1,2})/(\d{1,2})/(\d\d)", s)),
    "dd/mm /yyyy": (lambda d: f"{d.day:02d}/{d.month:02d} /{d.year}",
                    lambda s: _dmy(r"(\d\d)/(\d\d) /(\d{4})", s)),
    "yyyy-mm-dd": (lambda d: f"{d.year}-{d.month:02d}-{d.day:02d}",
                   lambda s: _ymd(s)),
    "D de mes de YYYY": (lambda d: f"{d.day} de {MONTHS[d.month - 1]} de {d.year}",
                         lambda s: _named(r"(\d{1,2}) de (\w+) de (\d{4})", s)),
    "D de Mes del YYYY": (lambda d: f"{d.day} de {MONTHS[d.month - 1].title()} del {d.year}",
                          lambda s: _named(r"(\d{1,2}) de (\w+) del (\d{4})", s)),
    "D-mes-YYYY": (lambda d: f"{d.day}-{MONTHS[d.month - 1]}-{d.year}",
                   lambda s: _named(r"(\d{1,2})-(\w+)-(\d{4})", s)),
    "D DE MES DE YYYY": (lambda d: f"{d.day} DE {MONTHS[d.month - 1].upper()} DE {d.year}",
                         lambda s: _named(r"(\d{1,2}) DE (\w+) DE (\d{4})", s)),
}
PADDED = {"dd/mm/yyyy", "dd-mm-yy", "dd.mm.yyyy", "dd/mm /yyyy", "yyyy-mm-dd"}

# month+year families: builder(year, month) and reader → (year, month)
MONTH_YEAR = {
    "mes de yyyy": (lambda y, m: f"{MONTHS[m - 1]} de {y}", r"(\w+) de (\d{4})"),
    "Mes del yyyy": (lambda y, m: f"{MONTHS[m - 1].title()} del {y}", r"(\w+) del (\d{4})"),
    "mes del año yyyy": (lambda y, m: f"{MONTHS[m - 1]} del año {y}", r"(\w+) del año (\d{4})"),
    "mes yyyy": (lambda y, m: f"{MONTHS[m - 1]} {y}", r"(\w+) (\d{4})"),
    "Mes yy": (lambda y, m: f"{MONTHS[m - 1].title()} {y % 100:02d}", r"(\w+) (\d\d)"),
    "mes-yy": (lambda y, m: f"{MONTHS[m - 1]}-{y % 100:02d}", r"(\w+)-(\d\d)"),
    "abbr-yy": (lambda y, m: f"{MONTHS[m - 1][:3]}-{y % 100:02d}", r"(\w+)-(\d\d)"),
    "ABBR. yyyy": (lambda y, m: f"{BABEL_ABBR[m - 1].upper()}. {y}", r"(\w+)\. (\d{4})"),
    "mm/yyyy": (lambda y, m: f"{m:02d}/{y}", r"(\d\d)/(\d{4})"),
}


def _dmy(pattern: str, s: str) -> dt.date:
    d, m, y = (int(x) for x in re.fullmatch(pattern, s).groups())
    return dt.date(yy(y) if y < 100 else y, m, d)


def _ymd(s: str) -> dt.date:
    y, m, d = (int(x) for x in re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)", s).groups())
    return dt.date(y, m, d)


def _month_number(word: str) -> int:
    w = word.lower().rstrip(".")
    if w == "setiembre":
        return 9
    for i, name in enumerate(MONTHS):
        if w in (name, name[:3], BABEL_ABBR[i]):
            return i + 1
    raise AssertionError(f"not a month: {word!r}")


def _named(pattern: str, s: str) -> dt.date:
    d, mon, y = re.fullmatch(pattern, s).groups()
    return dt.date(int(y), _month_number(mon), int(d))


def _month_year(pattern: str, s: str) -> tuple[int, int]:
    a, b = re.fullmatch(pattern, s).groups()
    month = int(a) if a.isdigit() else _month_number(a)
    return (yy(int(b)) if len(b) == 2 else int(b)), month


GRAMMAR = DateGrammar("es", day_first=True)
dates = st.dates(min_value=dt.date(1931, 1, 1), max_value=dt.date(2028, 12, 31))
shifts = st.integers(-365, 365).filter(bool)


# -- format families -------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(FULL)), dates, shifts)
def test_full_dates_round_trip_and_move_by_the_shift(family: str, date: dt.date, days: int) -> None:
    build, read = FULL[family]
    text = build(date)
    parsed = GRAMMAR.parse(text)
    assert parsed is not None
    assert parsed.render(DateShift(0))[0] == text  # zero shift reproduces the input exactly
    new, _ = parsed.render(DateShift(days))
    assert read(new) - date == dt.timedelta(days=days)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(PADDED)), dates, shifts)
def test_padded_families_keep_their_exact_shape(family: str, date: dt.date, days: int) -> None:
    build, _ = FULL[family]
    text = build(date)
    new, _ = GRAMMAR.parse(text).render(DateShift(days))
    assert shape(new) == shape(text)
    assert new != text


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(MONTH_YEAR)), st.integers(1931, 2028), st.integers(1, 12), shifts)
def test_month_year_dates_move_whole_months_in_the_shift_direction(family, year, month, days) -> None:
    build, pattern = MONTH_YEAR[family]
    text = build(year, month)
    parsed = GRAMMAR.parse(text)
    assert parsed.render(DateShift(0))[0] == text
    new, _ = parsed.render(DateShift(days))
    ny, nm = _month_year(pattern, new)
    moved = (ny * 12 + nm) - (year * 12 + month)
    assert moved != 0 and (moved > 0) == (days > 0)
    assert abs(moved - days / 30.44) <= 1  # about the same time as the day shift
    assert shape(new) == shape(text)
    word = re.match(r"[^\W\d_]+", text)
    if word and family in ("abbr-yy", "ABBR. yyyy"):
        # abbreviation style kept: 3 letters stay 3 letters ("sep"), babel's "sept" gives babel's forms
        new_word = re.match(r"[^\W\d_]+", new).group(0)
        if len(word.group(0)) == 3:
            assert len(new_word) == 3
        else:
            assert new_word.lower() in BABEL_ABBR


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["{y}", "año {y}", "en {y}"]), st.integers(1100, 2900), shifts)
def test_a_year_alone_always_changes(template: str, year: int, days: int) -> None:
    text = template.format(y=year)
    new, _ = GRAMMAR.parse(text).render(DateShift(days))
    new_year = int(re.search(r"\d{4}", new).group(0))
    assert new_year != year and (new_year > year) == (days > 0)
    assert new.replace(str(new_year), "") == text.replace(str(year), "")


@settings(max_examples=100, deadline=None)
@given(st.dates(min_value=dt.date(2000, 1, 1), max_value=dt.date(2000, 12, 31)), shifts,
       st.sampled_from(["{d} de {m}", "{d} de {M}"]))
def test_day_and_month_without_year_change(date: dt.date, days: int, template: str) -> None:
    text = template.format(d=date.day, m=MONTHS[date.month - 1], M=MONTHS[date.month - 1].title())
    new, _ = GRAMMAR.parse(text).render(DateShift(days))
    assert new != text
    d, mon = re.fullmatch(r"(\d+) de (\w+)", new).groups()
    assert dt.date(2000, _month_number(mon), int(d))  # a real day of the year
    assert mon[0].isupper() == template.endswith("{M}")


@pytest.mark.parametrize("text", ["marzo", "Octubre", "mes de abril", "verano de 2003", "Invierno",
                                  "febrero y abril de 2002", "Marzo y Abril de 2000", "sep-04", "Sept. 2004"])
@pytest.mark.parametrize("days", [1, -1, 30, -200, 365, -365])
def test_named_partial_dates_always_change_and_keep_shape(text: str, days: int) -> None:
    new, _ = GRAMMAR.parse(text).render(DateShift(days))
    assert fold(new) != fold(text)
    assert shape(new) == shape(text)


def test_month_list_shares_one_year_and_keeps_the_gap() -> None:
    new, _ = GRAMMAR.parse("febrero y abril de 2002").render(DateShift(330))
    a, b, y = re.fullmatch(r"(\w+) y (\w+) de (\d{4})", new).groups()
    assert (_month_number(b) - _month_number(a)) % 12 == 2
    assert int(y) == 2003  # eleven months after April 2002


@pytest.mark.parametrize("text", ["29/02/2013", "14/14/2014", "0/10/2017", "31/04/2016", "23/010/1990"])
def test_impossible_inputs_are_replaced_in_the_same_shape(text: str) -> None:
    new, _ = GRAMMAR.parse(text).render(DateShift(3))
    assert new != text and shape(new) == shape(text)
    d, m, y = (int(x) for x in new.split("/"))
    dt.date(y, m, d)  # the surrogate is a real date


def test_glued_slash_typo_is_read_as_a_date() -> None:
    new, _ = GRAMMAR.parse("26708/2017").render(DateShift(10))
    assert new == "05709/2017"  # 26 August 2017 + 10 days, the typed "7" kept in place of "/"


def test_times_are_kept_and_the_date_moves() -> None:
    new, _ = GRAMMAR.parse("10:30 h del 05/03/2014").render(DateShift(3))
    assert new.startswith("10:30 h del ") and _dmy(r"(\d\d)/(\d\d)/(\d{4})", new[12:]) == dt.date(2014, 3, 8)


def test_month_first_locale_option() -> None:
    grammar = DateGrammar("es", day_first=False)
    new, _ = grammar.parse("03/05/2014").render(DateShift(1))
    assert new == "03/06/2014"  # 5 March → 6 March, read month first
    assert GRAMMAR.parse("03/05/2014").render(DateShift(1))[0] == "04/05/2014"


def test_month_names_come_from_babel_for_the_locale() -> None:
    grammar = DateGrammar("pt", day_first=True)
    new, _ = grammar.parse("3 de março de 2010").render(DateShift(31))
    assert new == "3 de abril de 2010"


# -- the replacer and the engine ------------------------------------------------------------------------


def _doc(texts: list[str], doc_id: str = "d1") -> Document:
    parts, spans, pos = [], [], 0
    for n, t in enumerate(texts):
        prefix = "Fecha: "
        spans.append(Span(f"T{n + 1}", "FECHAS", pos + len(prefix), pos + len(prefix) + len(t)))
        parts.append(prefix + t + ".\n")
        pos += len(prefix) + len(t) + 2
    return Document(doc_id, "".join(parts), tuple(spans))


def _engine(**kw) -> Engine:
    return Engine(EngineConfig(**kw), "meddocan", gazetteers=EMPTY, strict=True)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(sorted(FULL)), dates), min_size=1, max_size=8),
       st.integers(0, 2**32 - 1))
def test_one_document_one_shift(mentions, seed) -> None:
    doc = _doc([FULL[f][0](d) for f, d in mentions])
    result = _engine().apply(doc, seed=seed)
    moved = set()
    for (family, date), rep in zip(mentions, result.replacements):
        assert rep.action == "surrogate" and rep.surrogate != rep.original
        moved.add((FULL[family][1](rep.surrogate) - date).days)
    assert len(moved) == 1 and 0 not in moved
    lo, hi = EngineConfig().date_shift_days
    assert lo <= moved.pop() <= hi


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(dates, min_size=1, max_size=6), st.integers(0, 2**32 - 1))
def test_the_shift_is_chosen_to_keep_unpadded_dates_in_shape(days, seed) -> None:
    # one-digit days and months of "d/m/yyyy" must stay one digit: the document shift is drawn to allow it
    texts = [f"{d.day}/{d.month}/{d.year}" for d in days if d.day < 5 and d.month < 9]
    texts = texts or ["3/4/2010"]
    result = _engine().apply(_doc(texts), seed=seed)
    for rep in result.replacements:
        assert shape(rep.surrogate) == shape(rep.original)


def test_shift_stays_in_the_configured_range_and_is_never_zero() -> None:
    engine = _engine(date_shift_days=(-3, 3))
    seen = set()
    for seed in range(60):
        rep = engine.apply(_doc(["15/06/2010"]), seed=seed).replacements[0]
        seen.add((_dmy(r"(\d\d)/(\d\d)/(\d{4})", rep.surrogate) - dt.date(2010, 6, 15)).days)
    assert seen == {-3, -2, -1, 1, 2, 3}


def test_same_seed_same_output_and_different_seeds_differ() -> None:
    doc = _doc(["05/03/2014", "marzo de 2014", "2014"])
    engine = _engine()
    assert engine.apply(doc, seed=7).document.text == engine.apply(doc, seed=7).document.text
    outputs = {engine.apply(doc, seed=s).document.text for s in range(10)}
    assert len(outputs) > 5


def test_keyed_shift_is_stable_across_runs_and_depends_on_the_document() -> None:
    texts = ["05/03/2014", "21 de febrero de 2002"]
    a = _engine(key=b"secret").apply(_doc(texts, "doc-a"), seed=1).document.text
    b = _engine(key=b"secret").apply(_doc(texts, "doc-a"), seed=2).document.text
    assert a == b  # the key, not the seed, decides
    others = {_engine(key=b"secret").apply(_doc(texts, f"doc-{i}")).document.text for i in range(8)}
    assert len(others) > 4
    assert _engine(key=b"other").apply(_doc(texts, "doc-a")).document.text != a


def test_unparseable_spans_fall_back_without_leaking() -> None:
    replacer = DateReplacer(EMPTY, EngineConfig())
    doc = _doc(["963 862 700"])
    state = DocumentState(doc, SCHEMA)
    ctx = SpanContext(doc.spans[0], 0, 0, "FECHAS", {}, np.random.default_rng(3), state, EngineConfig())
    new = replacer.replace("963 862 700", ctx)
    assert shape(new) == shape("963 862 700") and new != "963 862 700"
    with pytest.raises(CannotReplace):
        replacer.replace("Colombia", ctx)
    masked = _engine().apply(_doc(["Colombia"])).replacements[0]
    assert masked.action == "fallback-mask" and "Colombia" not in masked.surrogate


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_any_text_is_replaced_or_refused_never_leaked(text: str) -> None:
    replacer = DateReplacer(EMPTY, EngineConfig())
    doc = _doc([text])
    state = DocumentState(doc, SCHEMA)
    ctx = SpanContext(doc.spans[0], 0, 0, "FECHAS", {}, np.random.default_rng(0), state, EngineConfig())
    try:
        new = replacer.replace(text, ctx)
    except CannotReplace:
        return
    assert isinstance(new, str)
    if fold(new) == fold(text):  # only digit redraws can repeat; the engine then retries
        assert any(c.isdigit() for c in text)


# -- the whole of MEDDOCAN ----------------------------------------------------------------------------------


def _dmy_loose(s: str) -> dt.date | None:
    """The acceptance reading of a numeric date (d/m/yy or d-m-yyyy)."""
    m = re.fullmatch(r"(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})", s.strip())
    if not m:
        return None
    d, mo, y = (int(x) for x in m.groups())
    try:
        return dt.date(yy(y) if y < 100 else y, mo, d)
    except ValueError:
        return None


def _named_loose(s: str) -> dt.date | None:
    m = re.fullmatch(rf"(\d{{1,2}})(?: de |-)({MONTH_RE})(?: de | del |-)(\d{{4}})", s.strip(), re.IGNORECASE)
    if not m:
        return None
    try:
        return dt.date(int(m.group(3)), _month_number(m.group(2)), int(m.group(1)))
    except ValueError:
        return None


def test_meddocan_dates(meddocan_train, meddocan_dev) -> None:
    engine = _engine()
    mentions = kept = docs_with_dates = 0
    exceptions = []
    for doc in meddocan_train + meddocan_dev:
        spans = tuple(s for s in doc.spans if s.label == "FECHAS")
        if not spans:
            continue
        result = engine.apply(Document(doc.id, doc.text, spans), seed=11)
        numeric, named = set(), set()
        for rep in result.replacements:
            mentions += 1
            assert fold(rep.surrogate) != fold(rep.original), f"leak in {doc.id} {rep.span_id}"
            if shape(rep.surrogate) == shape(rep.original):
                kept += 1
            else:
                exceptions.append((doc.id, rep.span_id, shape(rep.original)))
            a, b = _dmy_loose(rep.original), _dmy_loose(rep.surrogate)
            if a and b:
                numeric.add((b - a).days)
            a, b = _named_loose(rep.original), _named_loose(rep.surrogate)
            if a and b:
                named.add((b - a).days)
        if numeric:
            docs_with_dates += 1
            assert len(numeric) == 1 and 0 not in numeric, f"{doc.id}: shifts {sorted(numeric)}"
        if named:  # month-name dates move with the numeric ones
            assert len(named) == 1 and 0 not in named and (not numeric or named == numeric), doc.id
    assert mentions > 1900 and docs_with_dates > 500
    assert kept / mentions >= 0.99, exceptions
    assert len(exceptions) <= 4, exceptions  # mislabelled spans with no date in them ("Colombia")
