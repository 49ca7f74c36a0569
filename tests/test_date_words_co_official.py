"""Dates said in Galician and Catalan number words are read, moved and said again in their own language
("catorce de marzo de dous mil vinte e cinco" came out "diecinueve de febrero de XXXX mil XXXXX e diez")."""
from __future__ import annotations

import datetime as dt
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from surrogate import Document, Engine, EngineConfig, Span
from surrogate.replacers.dates.date_words import cardinal_in, language_of, to_digits

ENGINE = Engine(EngineConfig(), schema="meddocan")
SPANISH_ONLY = {"dos", "y", "diecinueve", "veinte", "veinticinco", "novecientos", "noventa", "treinta", "diez"}


@given(st.integers(0, 2199), st.sampled_from(["es", "gl", "ca"]))
def test_every_number_of_date_size_reads_back_in_each_language(n, language):
    words = cardinal_in(n, language)
    digits, runs = to_digits(f"el {words} de mayo")
    assert digits == f"el {n} de mayo" and runs == [words]


@pytest.mark.parametrize(("n", "language", "words"), [
    (2025, "gl", "dous mil vinte e cinco"), (1998, "gl", "mil novecentos noventa e oito"), (14, "gl", "catorce"),
    (2025, "ca", "dos mil vint-i-cinc"), (1998, "ca", "mil nou-cents noranta-vuit"), (31, "ca", "trenta-un"),
    (1500, "gl", "mil quiñentos"), (1100, "ca", "mil cent"),
])
def test_cardinals_as_dates_say_them(n, language, words):
    assert cardinal_in(n, language) == words


def test_the_language_of_a_date_is_the_one_all_its_runs_read_in():
    assert language_of(["catorce", "dous mil vinte e cinco"]) == "gl"
    assert language_of(["catorce", "dos mil veinticinco"]) == "es"
    assert language_of(["vint-i-dos", "dos mil vint-i-cinc"]) == "ca"
    assert language_of(["u"]) == "ca"


def moved(text: str, seed: int) -> str:
    doc = Document("d", f"Data: {text}.\n", (Span("T1", "FECHAS", 6, 6 + len(text)),))
    result = ENGINE.apply(doc, seed=seed)
    assert result.replacements[0].action == "surrogate"
    return result.document.span_text(result.document.spans[0])


GALICIAN_WEEKDAYS = ("luns", "martes", "mércores", "xoves", "venres", "sábado", "domingo")
CATALAN_WEEKDAYS = ("dilluns", "dimarts", "dimecres", "dijous", "divendres", "dissabte", "diumenge")
GALICIAN_MONTHS = ("xaneiro", "febreiro", "marzo", "abril", "maio", "xuño", "xullo", "agosto", "setembro", "outubro",
                   "novembro", "decembro")
CATALAN_MONTHS = ("gener", "febrer", "març", "abril", "maig", "juny", "juliol", "agost", "setembre", "octubre",
                  "novembre", "desembre")


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize(("text", "language", "weekdays", "months"), [
    ("venres, catorce de marzo de dous mil vinte e cinco", "gl", GALICIAN_WEEKDAYS, GALICIAN_MONTHS),
    ("dijous, u de febrer de dos mil vint-i-quatre", "ca", CATALAN_WEEKDAYS, CATALAN_MONTHS),
])
def test_a_date_in_words_moves_in_its_own_language_with_its_weekday(text, language, weekdays, months, seed):
    new = moved(text, seed)
    spanish = SPANISH_ONLY - {"dos"} if language == "ca" else SPANISH_ONLY  # Catalan says "dos" too
    assert "X" not in new and not spanish & set(re.findall(r"\w+", new))
    weekday, rest = new.split(", ", 1)
    day_words, month, year_words = re.fullmatch(r"(.+?) d(?:e |')(\w+) de (.+)", rest).groups()
    day, year = (int(to_digits(words)[0]) for words in (day_words, year_words))
    date = dt.date(year, months.index(month) + 1, day)
    assert weekdays[date.weekday()] == weekday
    assert new != text
