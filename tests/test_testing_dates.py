"""The date strategies of surrogate.testing: every family is read by the replacer's own grammar as the date
that was drawn, real unless impossible ones are asked for, and the replacer's surrogates keep the format."""
from __future__ import annotations

import datetime as dt

import pytest
from format_cases import expect_broken
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

from gazetteers import GazetteerSet
from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig
from surrogate.replacers.dates.formats import DateGrammar, ParsedDate
from surrogate.testing import PHIValue, assert_same_format, one_span_document
from surrogate.testing.strategies import (
    DATE_FAMILIES,
    FULL_DATE_FAMILIES,
    DateFields,
    DateMention,
    date_families,
    date_mentions,
    dates,
)
from surrogate.testing.strategies._dates import SEASONS

GRAMMAR = DateGrammar("es")
ENGINE = Engine(EngineConfig(), "meddocan", gazetteers=GazetteerSet({}), strict=True)
DAY_FAMILIES = date_families(writes=("day",))
FIRST_FIND = settings(database=None, max_examples=2000, phases=[Phase.generate])  # no shrinking: any example


def grammar_reading(text: str) -> list[DateFields]:
    """What the replacer's grammar reads in ``text``, item by item, as the strategy's DateFields."""
    parsed = GRAMMAR.parse(text)
    assert parsed is not None, "the date grammar found no date"
    return [_fields(parsed, item) for item in parsed.items]


def _fields(p: ParsedDate, item) -> DateFields:
    styles = dict(p.month_styles)
    year = month = day = season = None
    if item.year is not None:
        token = p.tokens[item.year]
        year = int(token) + (0 if len(token) == 4 else 2000 if int(token) < 30 else 1900)
    if item.month is not None:
        token = p.tokens[item.month]
        month = int(token) if styles[item.month] == "num" else p.months.lookup(token)[0]
    if item.day is not None:
        day = int(p.tokens[item.day])
    if item.season is not None:
        season = p.seasons.lookup(p.tokens[item.season])[1]
    return DateFields(year, month, day, season)


def is_calendar_day(f: DateFields) -> bool:
    if f.day is None or f.month is None:
        return True
    try:
        dt.date(f.year if f.year is not None else 2000, f.month, f.day)
    except ValueError:
        return False
    return True


def _one_span_doc(text: str) -> Document:
    return one_span_document(text, label="FECHAS", prefix="Fecha: ", doc_id="d1")


# -- what the strategy draws ------------------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(date_mentions())
def test_every_value_is_read_by_the_grammar_as_the_drawn_real_date(mention: DateMention) -> None:
    value = mention.value
    assert isinstance(value, PHIValue) and value.kind == "date" and value.form in DATE_FAMILIES
    reading = grammar_reading(value)
    assert reading == list(mention.items)
    assert all(is_calendar_day(f) for f in reading)
    for f in reading:
        assert f.year is None or 1931 <= f.year <= 2028  # 2-digit years stay in their century
    if value.form in FULL_DATE_FAMILIES:
        assert mention.items[0].date == dt.date(reading[0].year, reading[0].month, reading[0].day)


@settings(max_examples=300, deadline=None)
@given(date_mentions(impossible=True))
def test_impossible_values_still_parse_as_what_was_drawn(mention: DateMention) -> None:
    reading = grammar_reading(mention.value)
    assert reading == list(mention.items)
    assert mention.real == all(is_calendar_day(f) for f in reading)


@pytest.mark.parametrize("family", DAY_FAMILIES)
def test_impossible_true_draws_impossible_dates_in_every_family_with_a_day(family: str) -> None:
    mention = find(date_mentions(families=[family], impossible=True), lambda m: not m.real, settings=FIRST_FIND)
    assert not all(is_calendar_day(f) for f in grammar_reading(mention.value))


@pytest.mark.parametrize("sort, is_it", [
    ("29 February of a non-leap year", lambda f: (f.month, f.day) == (2, 29) and f.year % 4 != 0),
    ("day 31 of a 30-day month", lambda f: f.month in (4, 6, 9, 11) and f.day == 31),
    ("month 13 or more", lambda f: f.month > 12),
    ("month 0", lambda f: f.month == 0),
    ("day 0", lambda f: f.day == 0),
])
def test_each_sort_of_impossible_date_is_drawn(sort: str, is_it) -> None:
    mention = find(date_mentions(families=FULL_DATE_FAMILIES, impossible=True),
                   lambda m: is_it(m.items[0]), settings=FIRST_FIND)
    assert not is_calendar_day(grammar_reading(mention.value)[0]), sort


@settings(max_examples=300, deadline=None)
@given(date_mentions(families=DAY_FAMILIES))
def test_without_impossible_every_date_is_real(mention: DateMention) -> None:
    assert mention.real and all(is_calendar_day(f) for f in grammar_reading(mention.value))


@settings(max_examples=100, deadline=None)
@given(st.data(), st.sets(st.sampled_from(DATE_FAMILIES), min_size=1, max_size=5))
def test_families_restricts_the_forms(data, chosen: set[str]) -> None:
    value = data.draw(dates(families=sorted(chosen)))
    assert value.form in chosen


def test_a_single_family_name_and_bad_names() -> None:
    value = find(dates(families="Mes de yyyy"), lambda v: True, settings=FIRST_FIND)
    assert value.form == "Mes de yyyy" and value[0].isupper()
    with pytest.raises(ValueError, match="unknown date families"):
        dates(families=["dd/mm/yyyy", "no such family"])
    with pytest.raises(ValueError, match="empty"):
        dates(families=[])
    with pytest.raises(ValueError, match="unknown date parts"):
        date_families(writes=("weekday",))


def test_family_groups() -> None:
    assert set(FULL_DATE_FAMILIES) < set(DATE_FAMILIES)
    assert {"dd/mm/yyyy", "d de mes de yyyy", "yyyy-mm-dd", "dd/mm/yyyy hh:mi"} <= set(FULL_DATE_FAMILIES)
    assert set(date_families(writes=("season",))) == {f for f in DATE_FAMILIES if "estacion" in f.lower()}
    assert "mes y mes2 de yyyy" in date_families(writes=("list", "month"))
    assert "dd/mm" in date_families(writes=("day", "month"), omits=("year",))
    # the families of the brief are all there
    for name in ("dd/mm/yy", "d/m/yyyy", "dd.mm.yyyy", "dd/mm /yyyy", "d-mes-yyyy", "d de Mes del yyyy",
                 "d DE MES DE yyyy", "d abbr. yyyy", "d-mmm-yyyy", "d de setiembre de yyyy", "mes de yyyy",
                 "Mmm-yy", "yyyy", "año yyyy", "estacion de yyyy", "mes y mes2 de yyyy", "mm/yyyy"):
        assert name in DATE_FAMILIES, name


def test_the_package_exports_the_strategy_not_its_submodule() -> None:
    from surrogate.testing import strategies

    for _ in range(2):  # the second look-up is the one that finds the submodule
        assert strategies.dates is dates and strategies.DATE_FAMILIES is DATE_FAMILIES


@settings(max_examples=60, deadline=None)
@given(date_mentions(families=date_families(writes=("season",))))
def test_seasons_are_spanish_seasons(mention: DateMention) -> None:
    assert fold(mention.value.split()[0]) in {fold(s) for s in SEASONS}


# -- the replacer keeps the format of every family ----------------------------------------------------------


@pytest.mark.parametrize("family", DATE_FAMILIES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_the_replacers_surrogates_keep_the_format(family: str, data, seed: int) -> None:
    mention = data.draw(date_mentions(families=[family], impossible=True))
    assert mention.value.form == family and grammar_reading(mention.value) == list(mention.items)
    result = ENGINE.apply(_one_span_doc(mention.value), seed=seed)
    rep = result.replacements[0]
    assert rep.action == "surrogate"
    assert fold(rep.surrogate) != fold(mention.value)
    assert_same_format(mention.value, rep.surrogate)
    reading = grammar_reading(rep.surrogate)
    assert len(reading) == len(mention.items) and all(is_calendar_day(f) for f in reading)


# -- the date format check: each property fails on a hand-made broken surrogate, good ones pass -------------------
DATE_PROPERTIES = {"separators", "digit_widths", "letter_case", "month_style", "season", "words", "real_date"}
BROKEN_DATES = [
    ("05/03/2014", "11-04-2015", "separators"),
    ("05/03/2014", "11/04 /2015", "separators"),
    ("05/03/2014", "5/4/2015", "digit_widths"),
    ("05/03/14", "11/04/2015", "digit_widths"),
    ("21 de marzo de 2004", "14 de Abril de 2004", "letter_case"),
    ("MARZO DE 2004", "Abril de 2004", "letter_case"),
    ("21 de marzo de 2004", "14 de abr de 2004", "month_style"),
    ("sept. 2004", "octubre. 2004", "month_style"),
    ("verano de 2003", "julio de 2003", "season"),
    ("21 de marzo del 2004", "14 de abril des 2004", "words"),
    ("05/03/2014", "31/04/2014", "real_date"),
    ("2014-03-05", "2014-02-30", "real_date"),
]
GOOD_DATES = [
    ("05/03/2014", "11/04/2015"), ("5/3/14", "9/4/14"), ("21 de marzo de 2004", "14 de abril de 2004"),
    ("MAR-04", "ABR-04"), ("sept. 2004", "oct. 2004"), ("verano de 2003", "otoño de 2003"),
    ("12/03/2014 10:30", "13/03/2014 10:30"), ("Febrero y Abril de 2002", "Marzo y Mayo de 2002"),
]


@pytest.mark.parametrize("original, surrogate, prop", BROKEN_DATES)
def test_broken_date_surrogates_name_the_property(original: str, surrogate: str, prop: str) -> None:
    expect_broken(original, surrogate, "date", prop, DATE_PROPERTIES)


def test_each_date_property_has_a_broken_example() -> None:
    assert {prop for _, _, prop in BROKEN_DATES} == DATE_PROPERTIES


@pytest.mark.parametrize("original, surrogate", GOOD_DATES)
def test_good_date_surrogates_keep_the_format(original: str, surrogate: str) -> None:
    assert_same_format(original, surrogate, "date")
