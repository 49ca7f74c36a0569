"""Ages, written the ways Spanish clinical reports write them.

- ``ages()``: numerals and number words with their units ("45 años", "35 A", "3 meses", "cuarenta y cinco
  años", "un mes y medio", "3 años y 8 meses", "cuarto mes") and the age-group words ("Recién nacida").
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from hypothesis import strategies as st

from ..values import PHIValue
from ._forms import PHRASE_CASES, cased, check_forms, form_label

AGE_FORMS = (
    "digits", "bare_number", "abbreviation", "glued", "words", "half", "compound", "de_edad", "ordinal",
    "age_group",
)

YEARS, MONTHS, WEEKS, DAYS = "years", "months", "weeks", "days"
#: unit → (singular, plural, feminine noun, realistic range of values)
AGE_UNITS = {
    YEARS: ("año", "años", False, (1, 105)), MONTHS: ("mes", "meses", False, (1, 23)),
    WEEKS: ("semana", "semanas", True, (1, 42)), DAYS: ("día", "días", False, (1, 30)),
}
_ABBREVIATIONS = {YEARS: ("A", "a", "a."), MONTHS: ("m",)}
_ONES = ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce",
         "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte", "veintiuno",
         "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis", "veintisiete", "veintiocho",
         "veintinueve")
_TENS = ("", "", "", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa")
_ORDINALS = ("", "primer", "segundo", "tercer", "cuarto", "quinto", "sexto", "séptimo", "octavo", "noveno",
             "décimo", "undécimo", "duodécimo")
AGE_GROUPS = ("recién nacido", "recién nacida", "neonato", "neonata", "lactante", "adolescente")


class AgeSample(NamedTuple):
    """A generated age with its numbers: ``quantities`` holds (value, unit) in order, ``style`` is
    "digits", "words", "ordinal" or "group" (no number)."""

    text: str
    quantities: tuple[tuple[int, str], ...]
    style: str
    form: str


def spell_number(n: int, *, feminine: bool = False) -> str:
    """Spanish words for 0 ≤ n < 200 before a noun: "un año", "una semana", "veintiún años"."""
    if n >= 100:
        return "cien" if n == 100 else "ciento " + spell_number(n - 100, feminine=feminine)
    if n == 1:
        return "una" if feminine else "un"
    if n == 21:
        return "veintiuna" if feminine else "veintiún"
    if n < 30:
        return _ONES[n]
    tens, unit = divmod(n, 10)
    return _TENS[tens] if unit == 0 else f"{_TENS[tens]} y {spell_number(unit, feminine=feminine)}"


def _ordinal(n: int, feminine: bool) -> str:
    word = _ORDINALS[n]
    if feminine:
        return (word + "a") if n in (1, 3) else word[:-1] + "a"
    return word


def _noun(unit: str, value: int) -> str:
    singular, plural, _, _ = AGE_UNITS[unit]
    return singular if value == 1 else plural


@st.composite
def _age_samples(draw, forms: tuple[str, ...], cases: tuple[str, ...]) -> AgeSample:
    form = draw(st.sampled_from(forms))
    unit = draw(st.sampled_from(tuple(AGE_UNITS)))
    _, _, feminine, (lo, hi) = AGE_UNITS[unit]
    value = draw(st.integers(lo, hi))
    quantities: tuple[tuple[int, str], ...] = ((value, unit),)
    style = "digits"
    if form == "digits":
        text = f"{value} {_noun(unit, value)}"
    elif form == "bare_number":
        value = draw(st.integers(1, 105))
        text, quantities = str(value), ((value, YEARS),)
    elif form == "abbreviation":
        unit = draw(st.sampled_from(tuple(_ABBREVIATIONS)))
        value = draw(st.integers(*AGE_UNITS[unit][3]))
        text, quantities = f"{value} {draw(st.sampled_from(_ABBREVIATIONS[unit]))}", ((value, unit),)
    elif form == "glued":
        text = f"{value}{_noun(unit, value)}"
    elif form == "words":
        text, style = f"{spell_number(value, feminine=feminine)} {_noun(unit, value)}", "words"
    elif form == "half":
        unit = draw(st.sampled_from((YEARS, MONTHS)))
        value = draw(st.integers(1, 11))
        number = spell_number(value) if draw(st.booleans()) else str(value)
        style = "digits" if number.isdigit() else "words"
        text, quantities = f"{number} {_noun(unit, value)} y medio", ((value, unit),)
    elif form == "compound":
        years, months = draw(st.integers(1, 17)), draw(st.integers(1, 11))
        words = draw(st.booleans())
        a, b = (spell_number(years), spell_number(months)) if words else (str(years), str(months))
        style = "words" if words else "digits"
        text = f"{a} {_noun(YEARS, years)} y {b} {_noun(MONTHS, months)}"
        quantities = ((years, YEARS), (months, MONTHS))
    elif form == "de_edad":
        text = f"{value} {_noun(unit, value)} de edad"
    elif form == "ordinal":
        unit = draw(st.sampled_from((MONTHS, WEEKS)))
        value = draw(st.integers(1, 12))
        singular, _, feminine, _ = AGE_UNITS[unit]
        text, style, quantities = f"{_ordinal(value, feminine)} {singular}", "ordinal", ((value, unit),)
    else:  # age_group
        text, style, quantities = draw(st.sampled_from(AGE_GROUPS)), "group", ()
    case = draw(st.sampled_from(cases))
    text = cased(text, case)
    return AgeSample(text, quantities, style, form_label(form, case))


def age_samples(*, forms: Iterable[str] | None = None,
                cases: Iterable[str] | None = None) -> st.SearchStrategy[AgeSample]:
    """Ages with the values and units they hold (for tests that check an age parser)."""
    return _age_samples(check_forms(forms, AGE_FORMS, "age"),
                        check_forms(cases, (*PHRASE_CASES, "unaccented"), "age case"))


def ages(*, forms: Iterable[str] | None = None, cases: Iterable[str] | None = None) -> st.SearchStrategy[PHIValue]:
    """Ages: "45 años", "1 año", "35 A", "43años", "3 meses", "cuarenta y cinco años", "un mes y medio",
    "3 años y 8 meses", "8 meses de edad", "cuarto mes", "Recién nacida".

    ``forms``: any of :data:`AGE_FORMS`; ``cases``: "as_spelt", "capitalised", "upper", "unaccented"."""
    return age_samples(forms=forms, cases=cases).map(lambda s: PHIValue(s.text, kind="age", form=s.form))
