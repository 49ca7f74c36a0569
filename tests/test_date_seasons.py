"""A season in a date ("en la primavera de 2019", Catalan "l'estiu de 2023", Galician "o verán de 2022") shifts with
the document, in its own language, to a season that takes the same article: the article is outside the span, so
"la primavera" never becomes "la invierno" and "l'estiu" never "l'tardor".

On 9e632b0 a Spanish season moved to any other ("la otoño de 2018"), and a Catalan or Galician season was not read
at all: its word was masked ("l'XXXXX de 2024").
"""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig, Span
from surrogate.replacers.dates.formats import DateGrammar, DateShift

GRAMMAR = DateGrammar("es")
# the test's own table: each language's seasons, winter first, and the article each takes
ARTICLES = {
    "es": {"invierno": "el", "primavera": "la", "verano": "el", "otoño": "el"},
    "ca": {"hivern": "l'", "primavera": "la", "estiu": "l'", "tardor": "la"},
    "gl": {"inverno": "o", "primavera": "a", "verán": "o", "outono": "o"},
}
SEASONS = [(lang, word) for lang, words in ARTICLES.items() for word in words]


def _read(text: str, lang: str) -> tuple[str, int]:
    word, _, year = text.rpartition(" de ")
    assert fold(word) in {fold(w) for w in ARTICLES[lang]}, text
    return next(w for w in ARTICLES[lang] if fold(w) == fold(word)), int(year)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SEASONS), st.integers(2000, 2024), st.integers(-365, 365).filter(bool), st.booleans())
def test_a_season_keeps_its_language_and_article_and_moves_with_the_shift(season, year, days, capital):
    lang, word = season
    text = f"{word.capitalize() if capital else word} de {year}"
    new, _ = GRAMMAR.parse(text).render(DateShift(days))
    new_word, new_year = _read(new, lang)
    assert ARTICLES[lang][new_word] == ARTICLES[lang][word]
    assert new[0].isupper() == capital
    order = list(ARTICLES[lang])
    before, after = year * 4 + order.index(word), new_year * 4 + order.index(new_word)
    assert (after - before) * days > 0  # changed, in the shift's direction
    assert abs(after - before) <= abs(days) // 91 + 4


@pytest.mark.parametrize("text", ["verano", "Invierno", "estiu", "outono", "primavera"])
def test_a_season_alone_changes_within_its_article(text):
    for days in (1, -1, 100, -200, 365):
        new, _ = GRAMMAR.parse(text).render(DateShift(days))
        assert fold(new) != fold(text)


def test_apply_writes_real_seasons_in_the_note_s_language():
    text = "Ingresó en la primavera de 2019. Catalán: l'estiu de 2023, la tardor de 2020. Galego: o verán de 2022."
    values = ["primavera de 2019", "estiu de 2023", "tardor de 2020", "verán de 2022"]
    spans = [Span(f"T{i}", "FECHAS", text.index(v), text.index(v) + len(v)) for i, v in enumerate(values, 1)]
    engine = Engine(EngineConfig(), schema="meddocan")
    for seed in range(1, 6):
        out = engine.apply(Document("d", text, spans), seed=seed)
        got = {sid: out.document.text[sp.start:sp.end] for sid, sp in out.alignment.items()}
        assert "X" not in "".join(got.values())
        assert _read(got["T1"], "es")[0] == "primavera"  # the only Spanish season that takes "la"
        assert _read(got["T2"], "ca")[0] in ("hivern", "estiu")
        assert _read(got["T3"], "ca")[0] in ("primavera", "tardor")
        assert ARTICLES["gl"][_read(got["T4"], "gl")[0]] == "o"


# Basque writes the year first and the season with a case ending: "2023ko udatik" (since the summer of 2023)
_BASQUE = {"negu": 0, "udaberri": 1, "uda": 2, "udazken": 3}


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([("udatik", 2), ("udan", 2), ("udazkenean", 3), ("neguko", 0), ("udaberrian", 1)]),
       st.integers(2000, 2024), st.integers(-300, 300).filter(bool))
def test_a_basque_season_moves_with_its_year_and_keeps_its_case(season, year, days):
    # the season word was masked ("2022ko XXXXXX", 9e632b0)
    word, quarter = season
    new, _ = GRAMMAR.parse(f"{year}ko {word}" if year % 10 not in (1, 5) else f"{year}eko {word}").render(
        DateShift(days))
    m = re.fullmatch(r"(\d{4})e?ko (negu|udaberri|udazken|uda)(\w*)", new)
    assert m, new
    stem, ending = m.group(2), m.group(3)
    case = {"udatik": "tik", "udan": "an", "udazkenean": "an", "neguko": "ko", "udaberrian": "an"}[word]
    assert ending in ({"tik", "etik"} if case == "tik" else {"ko", "eko"} if case == "ko" else {"n", "an", "ean"})
    before, after = year * 4 + quarter, int(m.group(1)) * 4 + _BASQUE[stem]
    assert after - before == DateShift(days).quarters  # every Basque season agrees: the shifted quarter itself
