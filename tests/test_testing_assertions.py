"""The toolkit's assertions, both ways: each fails on a hand-made broken result and passes on a good one,
and no failure message carries PHI."""
from __future__ import annotations

import pytest

from surrogate import Document, Engine, Span
from surrogate.model import Replacement, SurrogateResult
from surrogate.surgery import apply_edits
from surrogate.testing import (
    PHIValue,
    assert_aligned,
    assert_consistent,
    assert_no_leak,
    assert_outside_unchanged,
    assert_same_format,
    format_problems,
    register_format_check,
)

TEXT = "Ingresó el 05/03/2014 y salió el 12/03/2014. Juan vive en Madrid; Juan. Sexo: Varón."
PHI = ("05/03/2014", "12/03/2014", "Juan", "Madrid", "Varón")


def _span(span_id: str, label: str, needle: str, occurrence: int = 0, text: str = TEXT) -> Span:
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(needle, start + 1)
    return Span(span_id, label, start, start + len(needle))


ORIGINAL = Document("d1", TEXT, (
    _span("T1", "FECHAS", "05/03/2014"),
    _span("T2", "FECHAS", "12/03/2014"),
    _span("T3", "NOMBRE_SUJETO_ASISTENCIA", "Juan"),
    _span("T4", "TERRITORIO", "Madrid"),
    _span("T5", "NOMBRE_SUJETO_ASISTENCIA", "Juan", 1),
    _span("T6", "SEXO_SUJETO_ASISTENCIA", "Varón"),
))
GOOD = {"T1": "11/04/2014", "T2": "18/04/2014", "T3": "Pedro", "T4": "Soria", "T5": "Pedro", "T6": "Varón"}


def rewritten(new_texts: dict[str, str], original: Document = ORIGINAL) -> Document:
    """The original with its spans' texts replaced (realigned by the library's surgery)."""
    text, aligned = apply_edits(original, {k: [v] for k, v in new_texts.items()})
    return Document(original.id, text, tuple(aligned[sp.id] for sp in original.spans))


def raises_without_phi(check, *args, **kwargs) -> str:
    with pytest.raises(AssertionError) as info:
        check(*args, **kwargs)
    message = str(info.value)
    assert not any(value in message for value in PHI + tuple(GOOD.values()) if value != "Varón"), message
    return message


def test_a_good_result_passes_every_assertion() -> None:
    good = rewritten(GOOD)
    assert_aligned(good, {k: v for k, v in GOOD.items()})
    assert_outside_unchanged(ORIGINAL, good)
    assert_no_leak(ORIGINAL, good, kept_labels={"SEXO_SUJETO_ASISTENCIA"})
    assert_consistent(ORIGINAL, good)


def test_an_engine_result_passes_every_assertion() -> None:
    result = Engine().apply(ORIGINAL, seed=3)
    assert_aligned(result)
    assert_outside_unchanged(ORIGINAL, result)
    assert_no_leak(ORIGINAL, result)  # the kept sex span is exempt through its action
    assert_consistent(ORIGINAL, result)


# -- assert_aligned ----------------------------------------------------------------------------------------


def test_aligned_fails_when_an_offset_is_one_off() -> None:
    good = rewritten(GOOD)
    shifted = tuple(Span(sp.id, sp.label, sp.start + 1, sp.end + 1) if sp.id == "T3" else sp for sp in good.spans)
    message = raises_without_phi(assert_aligned, Document("d1", good.text, shifted), GOOD)
    assert "span T3 in doc d1" in message


def test_aligned_fails_outside_the_text_and_on_malformed_fragments() -> None:
    good = rewritten(GOOD)
    beyond = Span("T9", "FECHAS", len(good.text) - 2, len(good.text) + 3)
    assert "outside" in raises_without_phi(assert_aligned, Document("d1", good.text, good.spans + (beyond,)))
    uncovered = Span("T9", "FECHAS", 0, 9, ((0, 3),))
    assert "cover" in raises_without_phi(assert_aligned, Document("d1", good.text, (uncovered,)))
    crossed = Span("T9", "FECHAS", 0, 9, ((0, 6), (4, 9)))
    assert "overlapping" in raises_without_phi(assert_aligned, Document("d1", good.text, (crossed,)))


def test_aligned_checks_a_result_against_its_replacements() -> None:
    result = Engine().apply(ORIGINAL, seed=3)
    assert_aligned(result)
    wrong = tuple(
        Replacement(r.span_id, r.label, r.kind, r.original, r.surrogate + "x", r.action) if r.span_id == "T4" else r
        for r in result.replacements
    )
    message = raises_without_phi(assert_aligned, SurrogateResult(result.document, result.alignment, wrong))
    assert "span T4" in message


# -- assert_outside_unchanged --------------------------------------------------------------------------------


def test_outside_unchanged_fails_on_a_changed_gap_or_tail() -> None:
    good = rewritten(GOOD)
    gap_changed = Document("d1", good.text.replace(" y salió", " y salio"), tuple(good.spans))
    # the edit keeps the length, so every span stays aligned: only the outside text differs
    assert_aligned(gap_changed, GOOD)
    assert "before span T2" in raises_without_phi(assert_outside_unchanged, ORIGINAL, gap_changed)
    tail_changed = Document("d1", good.text[:-1] + "!", good.spans)
    assert "after span T6" in raises_without_phi(assert_outside_unchanged, ORIGINAL, tail_changed)


def test_outside_unchanged_fails_when_a_span_id_is_lost() -> None:
    good = rewritten(GOOD)
    lost = Document("d1", good.text, good.spans[:-1])
    assert "missing ['T6']" in raises_without_phi(assert_outside_unchanged, ORIGINAL, lost)


def test_outside_unchanged_compares_the_text_between_fragments() -> None:
    text = "Calle Mayor y luego 3"
    original = Document("d2", text, (Span.from_fragments("T1", "CALLE", ((0, 11), (20, 21))),))
    good_text = "Avenida Sol y luego 7"
    good = Document("d2", good_text, (Span.from_fragments("T1", "CALLE", ((0, 11), (20, 21))),))
    assert_outside_unchanged(original, good)
    bad = Document("d2", "Avenida Sol o luego 7", good.spans)
    raises_without_phi(assert_outside_unchanged, original, bad)


# -- assert_no_leak ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("leak", ["Juan", "JUAN", "juan"])
def test_no_leak_fails_case_insensitively(leak: str) -> None:
    leaked = rewritten({**GOOD, "T3": leak})
    assert "span T3 in doc d1" in raises_without_phi(assert_no_leak, ORIGINAL, leaked, kept_labels={"SEXO_SUJETO_ASISTENCIA"})


def test_no_leak_fails_accent_insensitively() -> None:
    text = "Vive con José."
    original = Document("d3", text, (_span("T1", "NOMBRE_SUJETO_ASISTENCIA", "José", text=text),))
    assert_no_leak(original, rewritten({"T1": "Josep"}, original))
    raises_without_phi(assert_no_leak, original, rewritten({"T1": "JOSE"}, original))


def test_no_leak_exempts_only_what_is_kept_by_design() -> None:
    good = rewritten(GOOD)
    with pytest.raises(AssertionError, match="span T6"):  # the sex span is unchanged and not declared kept
        assert_no_leak(ORIGINAL, good)
    assert_no_leak(ORIGINAL, good, kept_labels={"SEXO_SUJETO_ASISTENCIA"})


# -- assert_same_format -----------------------------------------------------------------------------------------


def test_same_format_passes_and_fails_by_kind() -> None:
    assert_same_format("05/03/2014", "11/04/2015", "date")
    message = raises_without_phi(assert_same_format, "05/03/2014", "5/3/2014", "date")
    assert message == "same_format(date) failed: digit_widths"


def test_same_format_takes_the_kind_of_a_generated_value() -> None:
    value = PHIValue("21 de marzo de 2004", kind="date", form="D de mes de YYYY")
    assert_same_format(value, "14 de abril de 2004")
    message = raises_without_phi(assert_same_format, value, "14 de Abril de 2004")
    assert message == "same_format(date/D de mes de YYYY) failed: letter_case"
    with pytest.raises(TypeError):
        assert_same_format("05/03/2014", "11/04/2015")
    with pytest.raises(KeyError, match="register_format_check"):
        assert_same_format("x", "y", "no_such_kind")


def test_users_can_register_a_format_check_for_their_own_kind() -> None:
    @register_format_check("test_badge")
    def badge(original: str, surrogate: str) -> list[str]:
        return [] if surrogate.startswith("B-") == original.startswith("B-") else ["badge_prefix"]

    assert format_problems("B-123", "B-987", "test_badge") == []
    assert "badge_prefix" in raises_without_phi(assert_same_format, "B-123", "987", "test_badge")


# -- assert_consistent -------------------------------------------------------------------------------------------


def test_consistent_fails_when_one_original_gets_two_surrogates() -> None:
    split = rewritten({**GOOD, "T5": "Luis"})
    assert "spans T3 and T5" in raises_without_phi(assert_consistent, ORIGINAL, split)


def test_consistent_fails_on_two_date_shifts_or_none() -> None:
    two_shifts = rewritten({**GOOD, "T2": "19/04/2014"})
    assert "2 different shifts" in raises_without_phi(assert_consistent, ORIGINAL, two_shifts)
    named = Document("d4", "el 5 de marzo de 2014", (Span("T1", "FECHAS", 3, 21),))
    assert_consistent(named, rewritten({"T1": "9 de abril de 2014"}, named))
    assert "not shifted" in raises_without_phi(assert_consistent, named, rewritten({"T1": "5 de Marzo de 2014"}, named))


def test_consistent_ignores_spans_the_engine_masked() -> None:
    result = Engine().apply(ORIGINAL, seed=3)
    masked = tuple(
        Replacement(r.span_id, r.label, r.kind, r.original, "XXXX", "fallback-mask") if r.span_id == "T5" else r
        for r in result.replacements
    )
    edits = {r.span_id: [r.surrogate] for r in masked}
    text, aligned = apply_edits(ORIGINAL, edits)
    doc = Document("d1", text, tuple(aligned[sp.id] for sp in ORIGINAL.spans))
    assert_consistent(ORIGINAL, SurrogateResult(doc, aligned, masked))
    with pytest.raises(AssertionError):  # the same text read as a plain document: the mask is a second surrogate
        assert_consistent(ORIGINAL, doc)


def test_every_generated_kind_has_a_format_check() -> None:
    from surrogate.testing import checked_kinds
    from surrogate.testing.strategies import STRATEGIES_BY_KIND

    assert set(STRATEGIES_BY_KIND) <= set(checked_kinds())
