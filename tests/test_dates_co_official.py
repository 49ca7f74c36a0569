"""Dates and ages written in Catalan, Galician or Basque, and weekday names: a shifted date stays in the language
it was written in, Catalan keeps its "de"/"d'" elision, a day name follows the date it names, and an age keeps its
unit word in its language, agreeing with the new number."""
from __future__ import annotations

import datetime as dt
import re

import pytest
from babel.dates import get_day_names, get_month_names
from hypothesis import given, settings
from hypothesis import strategies as st

from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig, Span


def _months(lang: str) -> dict[str, int]:
    return {str(n).lower(): m for m, n in get_month_names("wide", "stand-alone", locale=lang).items()}


def _days(lang: str) -> dict[str, int]:
    return {str(n).lower(): d for d, n in get_day_names("wide", "format", locale=lang).items()}


MONTHS = {lang: _months(lang) for lang in ("es", "ca", "gl")}
DAYS = {lang: _days(lang) for lang in ("es", "ca", "gl")}


@pytest.fixture(scope="module")
def engine():
    return Engine(EngineConfig(), schema="meddocan")


def _surrogate(engine: Engine, date: str, seed: int) -> str:
    text = f"Ingreso el {date}. Alta: 03/02/2020."
    start = text.index(date)
    doc = Document("d", text, (Span("T1", "FECHAS", start, start + len(date)),
                               Span("T2", "FECHAS", len(text) - 11, len(text) - 1)))
    result = engine.apply(doc, seed=seed)
    assert result.document.text.startswith("Ingreso el ")  # text outside the spans untouched
    return result.replacements[0].surrogate


_FULL = re.compile(r"(?:(?P<day>[^\W\d_]+),? )?(?P<d>\d{1,2}) (?:de |d')(?P<month>[^\W\d_]+) de (?P<y>\d{4})")


@pytest.mark.parametrize("lang, date", [
    ("ca", "dijous 4 de maig de 2023"), ("ca", "dilluns 12 d'abril de 2021"), ("gl", "xoves, 12 de xaneiro de 2024"),
    ("es", "jueves 4 de mayo de 2023"),
])
def test_a_full_date_keeps_its_language_and_its_weekday_agrees(engine, lang, date):
    for seed in range(1, 13):
        new = _surrogate(engine, date, seed)
        m = _FULL.fullmatch(new)
        assert m, f"seed {seed}: not a date of the same layout"
        month = MONTHS[lang][m["month"].lower()]  # a KeyError would be a month of another language
        day = DAYS[lang][m["day"].lower()]
        assert dt.date(int(m["y"]), month, int(m["d"])).weekday() == day, f"seed {seed}: weekday contradicts the date"
        assert fold(new) != fold(date)


def test_a_yearless_catalan_date_keeps_a_catalan_day_name_rather_than_masking_it(engine):
    for seed in range(1, 9):
        new = _surrogate(engine, "dijous 4 de maig", seed)
        assert new.split()[0] in DAYS["ca"] and "X" not in new  # the name follows the date (test below)
        assert new.split()[-1] in MONTHS["ca"]


@settings(max_examples=60, deadline=None)
@given(st.dates(min_value=dt.date(1950, 1, 1), max_value=dt.date(2030, 12, 31)), st.integers(1, 10_000))
def test_catalan_elision_follows_the_new_month(engine, date, seed):
    name = {m: n for n, m in MONTHS["ca"].items()}[date.month]
    article = "d'" if name[0] in "aeiou" else "de "
    new = _surrogate(engine, f"{date.day} {article}{name} de {date.year}", seed)
    m = re.fullmatch(r"(\d{1,2}) (de |d')([a-zç]+) de (\d{4})", new)
    assert m, new
    assert m[3] in MONTHS["ca"]
    assert m[2] == ("d'" if m[3][0] in "aeiou" else "de ")


@pytest.mark.parametrize("age, unit_forms", [
    ("67 anys", {"anys"}), ("1 any", {"any", "anys"}), ("2 mesos", {"mes", "mesos"}), ("3 setmanes", {"setmana", "setmanes"}),
    ("45 urte", {"urte"}), ("8 anos", {"ano", "anos"}), ("12 dies", {"dia", "dies"}),
])
def test_an_age_in_a_co_official_language_keeps_its_unit_in_that_language(engine, age, unit_forms):
    number, unit = age.split()
    for seed in range(1, 9):
        text = f"Edat: {age}."
        doc = Document("d", text, (Span("T1", "EDAD_SUJETO_ASISTENCIA", 6, 6 + len(age)),))
        new = engine.apply(doc, seed=seed).replacements[0].surrogate
        value, new_unit = new.split()
        assert value.isdigit() and value != number
        assert new_unit in unit_forms, f"seed {seed}: {new!r}"
        if unit_forms != {unit}:  # the unit agrees with the new number
            singular = min(unit_forms, key=len)
            assert (new_unit == singular) == (value == "1")


_BASQUE = {str(n).lower()[:-1] + "aren": m for m, n in get_month_names("wide", "stand-alone", locale="eu").items()}


@pytest.mark.parametrize("date", ["2023ko maiatzaren 12a", "2021eko urriaren 3an"])
def test_a_basque_date_keeps_its_genitive_month_and_its_year_suffix_agrees(engine, date):
    from surrogate.replacers.dates.render import basque_day_suffix, basque_year_suffix

    for seed in range(1, 9):
        new = _surrogate(engine, date, seed)
        m = re.fullmatch(r"(\d{4})(ko|eko) ([a-z]+) (\d{1,2})(ean|an|a)", new)
        assert m and m[3] in _BASQUE and m[5].endswith(re.search(r"(an|a)$", date)[1]), new
        assert m[2] == basque_year_suffix(int(m[1])), new
        assert m[5] == basque_day_suffix(int(m[4]), m[5]), new


def test_the_basque_year_suffix_follows_the_reading_of_the_number():
    from surrogate.replacers.dates.render import basque_day_suffix, basque_year_suffix

    # bat (1), bost (5), hamar (10, 30...), ehun (hundreds) end in a consonant: -eko; the others -ko
    assert [basque_year_suffix(y) for y in (2021, 2025, 2010, 2030, 1900, 2000, 2020, 2023, 2019, 2040)] == \
        ["eko", "eko", "eko", "eko", "eko", "ko", "ko", "ko", "ko", "ko"]


@pytest.mark.parametrize("date", ["martxoaren 19tik", "apirilaren 3tik 10era"])
def test_a_basque_day_with_a_range_ending_stays_a_day(engine, date):
    from surrogate.replacers.dates.render import basque_day_suffix

    # "19tik" (from the 19th) kept its digits when the shift kept the day, and the guard then re-drew the run
    # as a code: "otsailaren 79dos", "azaroaren 26luz"
    # each day's ending as the new day takes it ("19tik" -> "5etik", "10era" -> "7ra")
    shape = re.sub(r"\d+e?([a-z]+)", r"(\\d{1,2})(e?\1)", date.split(" ", 1)[1])
    for seed in range(1, 40):
        new = _surrogate(engine, date, seed)
        m = re.fullmatch(r"([a-z]+) (.*)", new)
        days = re.fullmatch(shape, m[2]) if m else None
        assert m and m[1] in _BASQUE and days, new
        assert all(basque_day_suffix(int(days[k]), days[k + 1]) == days[k + 1] for k in range(1, days.lastindex, 2)), new


def _basque_dates_after(engine: Engine, text: str, seed: int) -> list[tuple[int | None, int, int]]:
    """(year or None, month, day) of every date of ``text`` (a Basque note) after surrogation."""
    spans = tuple(Span(f"T{k}", "FECHAS", m.start(), m.end()) for k, m in enumerate(re.finditer(
        r"(?:\d{4}(?:ko|eko) )?[a-z]+aren \d{1,2}[a-z]+|\d{2}/\d{2}/\d{4}", text)))
    out = []
    for r in engine.apply(Document("eu", text, spans), seed=seed).replacements:
        m = re.fullmatch(r"(?:(\d{4})(?:ko|eko) )?([a-z]+) (\d{1,2})[a-z]+", r.surrogate)
        if m:
            out.append((int(m[1]) if m[1] else None, _BASQUE[m[2]], int(m[3])))
        else:
            d, mo, y = map(int, r.surrogate.split("/"))
            out.append((y, mo, d))
    return out


def test_a_basque_date_moves_by_the_document_shift_like_a_numeric_one(engine):
    # "2024ko martxoaren 19a (19/03/2024)": the numeric date moved by the shift, the Basque one kept its day and
    # read "19a" as a two-digit year ("2023ko otsailaren 19a" beside "14/02/2024"); "martxoaren 26an" likewise
    text = ("Data: 2024ko martxoaren 19a (19/03/2024). IT martxoaren 19tik aurrera. Kontrola martxoaren 26an. "
            "Hurrengoa 2024ko apirilaren 2an.")
    before = [dt.date(2024, 3, 19), dt.date(2024, 3, 19), dt.date(2024, 3, 19), dt.date(2024, 3, 26),
              dt.date(2024, 4, 2)]
    for seed in range(1, 13):
        after = _basque_dates_after(engine, text, seed)
        assert len(after) == 5, after
        shift = dt.date(*after[1]) - before[1]  # the numeric date's
        assert shift.days != 0
        for (y, m, d), old in zip(after, before):
            moved = old + shift
            assert (m, d) == (moved.month, moved.day) and y in (None, moved.year), (seed, after)


@pytest.mark.parametrize("day, ending, expected", [
    (19, "an", "an"), (1, "an", "ean"), (5, "tik", "etik"), (10, "ra", "era"), (15, "ean", "ean"), (12, "ean", "an"),
    (11, "an", "n"), (31, "ean", "n"), (21, "rako", "erako"), (20, "eraino", "raino"), (30, "a", "a"),
])
def test_a_basque_day_ending_agrees_with_the_new_day(day, ending, expected):
    from surrogate.replacers.dates.render import basque_day_suffix

    assert basque_day_suffix(day, ending) == expected


_YEARLESS = re.compile(r"(?P<day>\w+),? (?P<d>\d{1,2}) (?:de |d')(?P<month>\w+)")


@pytest.mark.parametrize("lang, date", [("es", "viernes 14 de marzo"), ("es", "Lunes, 3 de febrero"),
                                        ("ca", "dimecres 19 de març"), ("gl", "xoves 27 de novembro"),
                                        ("es", "sábado 29 de febrero")])
def test_a_day_name_without_a_year_follows_its_shifted_date(engine, lang, date):
    # "viernes 14 de marzo" kept "viernes" whatever the shift; the date is now shifted in the latest year up to 2030
    # where its day name is right, and the day name follows it (the note's own shift, read from its full date)
    m = _YEARLESS.fullmatch(date)
    weekday, month = DAYS[lang][m["day"].lower()], MONTHS[lang][m["month"]]
    frame = next(y for y in range(2030, 2002, -1)
                 if (month, int(m["d"])) != (2, 29) or y % 4 == 0
                 if dt.date(y, month, int(m["d"])).weekday() == weekday)
    text = f"Revisión el {date}. Alta: 03/02/2025."
    start, alta = text.index(date), text.index("03/02/2025")
    doc = Document("d", text, (Span("T1", "FECHAS", start, start + len(date)), Span("T2", "FECHAS", alta, alta + 10)))
    for seed in range(1, 9):
        first, second = (r.surrogate for r in engine.apply(doc, seed=seed).replacements)
        shift = dt.datetime.strptime(second, "%d/%m/%Y").date() - dt.date(2025, 2, 3)
        expected = dt.date(frame, month, int(m["d"])) + shift
        new = _YEARLESS.fullmatch(first)
        assert new and (int(new["d"]), MONTHS[lang][new["month"]]) == (expected.day, expected.month), (first, expected)
        assert DAYS[lang][new["day"].lower()] == expected.weekday(), (first, expected)
