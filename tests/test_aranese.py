"""Notes written in Aranese, the Occitan of the Val d'Aran, co-official in Catalonia (babel's ``oc_ES``): a date keeps
its Aranese month and weekday names (they were masked as unknown words), "d'" elides before a vowel as in
Catalan, the weekday follows the shifted date, and a bare relative ("sa hilha", "eth sòn òme") is kept as a
Catalan or Galician one is. Aranese abbreviations are not read: "del" (Monday) and "her" (February) are words of
the other languages."""
from __future__ import annotations

import datetime as dt
import re

import pytest
from babel.dates import get_day_names, get_month_names

from surrogate import Document, Engine, EngineConfig, Span

MONTHS = {str(n): m for m, n in get_month_names("wide", "stand-alone", locale="oc_ES").items()}
DAYS = {str(n): d for d, n in get_day_names("wide", "format", locale="oc_ES").items()}
_DATE = re.compile(r"(?:(?P<day>\w+),? )?(?P<d>\d{1,2}) (?P<art>de |d')(?P<month>\w+) de (?P<y>\d{4})")


@pytest.fixture(scope="module")
def engine():
    return Engine(EngineConfig(), schema="meddocan")


def _apply(engine: Engine, text: str, values: list[tuple[str, str]], seed: int):
    spans, pos = [], 0
    for k, (label, value) in enumerate(values):
        start = text.index(value, pos)
        spans.append(Span(f"T{k + 1}", label, start, start + len(value)))
        pos = start + len(value)
    return engine.apply(Document("vielha", text, tuple(spans)), seed=seed)


@pytest.mark.parametrize("date", ["dimars, 4 de març de 2025", "27 d'octobre de 1950", "dimèrcles 19 de seteme de 2024",
                                  "dijaus 2 de gèr de 2025"])
def test_an_aranese_date_is_shifted_in_aranese_with_a_true_weekday(engine, date):
    text = f"Consulta eth {date}. Tornar en tres setmanes."
    seen_aranese = False
    for seed in range(1, 13):
        result = _apply(engine, text, [("FECHAS", date)], seed)
        new = result.replacements[0].surrogate
        assert result.replacements[0].action == "surrogate" and "X" not in new, new
        m = _DATE.fullmatch(new)
        assert m, new
        month = MONTHS.get(m["month"])
        if month is None:  # "març", "agost": words Catalan spells alike may be rendered in Catalan
            month = {str(n): k for k, n in get_month_names("wide", "stand-alone", locale="ca").items()}[m["month"]]
        else:
            seen_aranese = True
        assert (m["art"] == "d'") == (m["month"][0] in "aeiouò")  # elision agrees with the new month
        if m["day"]:
            assert DAYS[m["day"]] == dt.date(int(m["y"]), month, int(m["d"])).weekday()
    assert seen_aranese


@pytest.mark.parametrize("mention", ["hilha", "òme", "sa hilha", "eth sòn òme", "era sua mair", "frair"])
def test_a_bare_aranese_relative_stays_as_written(engine, mention):
    text = f"L'acompanha {mention}."
    for seed in range(1, 5):
        result = _apply(engine, text, [("FAMILIARES_SUJETO_ASISTENCIA", mention)], seed)
        assert (result.replacements[0].surrogate, result.replacements[0].action) == (mention, "surrogate")


def test_an_aranese_relatives_name_changes_and_the_relative_stays(engine):
    for seed in range(1, 5):
        new = _apply(engine, "Ven damb sa mair Roser.", [("FAMILIARES_SUJETO_ASISTENCIA", "sa mair Roser")], seed)
        surrogate = new.replacements[0].surrogate
        assert surrogate.startswith("sa mair ") and "Roser" not in surrogate


@pytest.mark.parametrize("date", ["15 del 3 del 2024", "lunes 15 de marzo de 2024"])
def test_aranese_abbreviations_are_not_read_in_spanish_dates(engine, date):
    new = _apply(engine, f"Ingreso el {date}.", [("FECHAS", date)], 1).replacements[0].surrogate
    assert new.count(" del ") == date.count(" del ") and "X" not in new
