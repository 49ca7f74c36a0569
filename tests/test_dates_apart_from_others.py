"""A date the document's shift would write as another mention's original leaves the shift for the nearest one
that writes no original (``DateReplacer._apart_from_others``): "2022 … 2023 … 2024" written alone, or a weekday
and day ("jueves 6" moved onto another mention's "martes 4"), never bring an original date back."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig, Span
from surrogate.leak_guard import RUN

ENGINE = Engine(EngineConfig(), schema="meddocan")


def dated(*pieces: str) -> Document:
    """A note whose every piece in ⟦…⟧ position (odd index) is a date span."""
    text, spans = "", []
    for i, piece in enumerate(pieces):
        if i % 2:
            spans.append(Span(f"T{len(spans) + 1}", "FECHAS", len(text), len(text) + len(piece)))
        text += piece
    return Document("d", text, tuple(spans))


def runs(text: str) -> str:
    return " ".join(RUN.findall(fold(text)))


def assert_no_original_date_back(doc: Document, seed: int) -> list[str]:
    out = ENGINE.apply(doc, seed=seed).document
    originals = {runs(doc.span_text(sp)) for sp in doc.spans}
    news = [out.span_text(sp) for sp in out.spans]
    for sp, new in zip(out.spans, news):
        assert out.text[sp.start:sp.end] == new
        assert runs(new) not in originals, f"span {sp.id} (seed {seed}) came out as another mention's original"
    return news


YEARS = dated("Ingresos previos en ", "2021", ", ", "2022", ", ", "2023", " y ", "2024",
              ". Última revisión el ", "14/03/2024", ".\n")


def test_years_written_alone_never_come_back_as_one_another():
    shapes = set()
    for seed in range(40):
        news = assert_no_original_date_back(YEARS, seed)
        shapes.update(len(n) for n in news[:4])
    assert shapes == {4}  # each year stays a year


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_weekday_days_and_months_never_come_back_as_one_another(seed):
    doc = dated("Visitas: ", "martes 4", ", ", "jueves 6", ", ", "lunes 10", " y ", "viernes 14",
                "; control en ", "marzo", " y ", "abril", " de ", "2025", ".\n")
    assert_no_original_date_back(doc, seed)


def test_a_shift_that_fits_every_date_is_kept():
    # one full date: the document shift fits it, no mention leaves it
    doc = dated("Alta el ", "03/02/2019", ".\n")
    for seed in range(10):
        (new,) = assert_no_original_date_back(doc, seed)
        assert len(new) == 10 and new[2] == "/" and new[5] == "/"
