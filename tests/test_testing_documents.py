"""The toolkit's document strategies: well-formed spans of the chosen kinds, BRAT text our reader accepts,
and adversarial variants that really contain each trap."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from augment.brat import parse_brat
from surrogate import Document, Engine, EngineConfig
from surrogate.schemas import load_schema
from surrogate.testing import (
    PHIValue,
    assert_aligned,
    assert_consistent,
    assert_no_leak,
    assert_outside_unchanged,
    one_span_document,
)
from surrogate.testing import strategies as phi
from surrogate.testing.documents import labels_for

SCHEMA = load_schema("meddocan")
SOME = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KINDS = sorted(phi.STRATEGIES_BY_KIND)


def _well_formed(doc: Document, kinds: list[str]) -> None:
    assert [sp.id for sp in doc.spans] == [f"T{i + 1}" for i in range(len(doc.spans))]
    assert all(SCHEMA.kind_of(sp.label) in kinds for sp in doc.spans)
    for a, b in zip(doc.spans, doc.spans[1:]):
        assert a.end <= b.start, "spans overlap"
    assert all(doc.span_text(sp).strip() == doc.span_text(sp) != "" for sp in doc.spans)
    assert_aligned(doc)


@SOME
@given(data=st.data(), kinds=st.lists(st.sampled_from(KINDS), min_size=1, max_size=3, unique=True))
def test_documents_hold_spans_of_the_chosen_kinds_only(data, kinds) -> None:
    doc = data.draw(phi.documents(kinds))
    _well_formed(doc, kinds)
    assert 1 <= len(doc.spans) <= 6


@SOME
@given(value=phi.nass_numbers() | phi.collegiate_numbers())
def test_values_that_need_context_get_a_label_that_gives_it(value) -> None:
    """A bare 12-digit NASS is only read as one under an insurance label; collegiate numbers likewise."""
    hint = {"nass": "insurance", "collegiate": "collegiate"}[value.form]
    labels = labels_for(value.kind, value.form, SCHEMA)
    assert labels and all(SCHEMA.spec(label).options.get("scheme_hint") == hint for label in labels)
    assert one_span_document(value).spans[0].label in labels


@SOME
@given(value=phi.phi_values())
def test_one_span_document_holds_the_value_under_a_label_of_its_kind(value) -> None:
    doc = one_span_document(value, prefix="Antes: ", suffix=" después.")
    (span,) = doc.spans
    assert doc.span_text(span) == value and doc.text == f"Antes: {value} después."
    assert SCHEMA.kind_of(span.label) == value.kind


def test_one_span_document_needs_a_label_or_a_kind() -> None:
    assert one_span_document("05/03/2014", kind="date").spans[0].label == "FECHAS"
    assert one_span_document("x", label="OTRO").spans[0].label == "OTRO"
    with pytest.raises(TypeError):
        one_span_document("05/03/2014")
    with pytest.raises(ValueError, match="no label of kind"):
        one_span_document("x", kind="no_such_kind")


@SOME
@given(phi.brat_documents(adversarial=True))
def test_brat_text_is_read_back_by_the_product_reader_as_the_same_document(brat) -> None:
    read = parse_brat(brat.txt, brat.ann, doc_id=brat.doc_id, txt_path=Path("x.txt"), ann_path=Path("x.ann"))
    assert read.text == brat.document.text
    assert [(sp.id, sp.label, sp.fragments) for sp in read.spans] == \
        [(sp.id, sp.label, sp.fragments) for sp in brat.document.spans]


TRAPS = {
    "bom": lambda d: d.text.startswith("\ufeff"),
    "crlf": lambda d: "\r\n" in d.text,
    "glued": lambda d: any(a.end == b.start for a, b in zip(d.spans, d.spans[1:])),
    "combining accents": lambda d: any(unicodedata.combining(c) for c in d.text),
    "emoji": lambda d: any(ord(c) > 0xFFFF for c in d.text),
    "span at the start": lambda d: bool(d.spans) and d.spans[0].start <= 1,
    "span at the end": lambda d: bool(d.spans) and d.spans[-1].end == len(d.text),
}


def test_every_adversarial_trap_is_generated() -> None:
    seen: set[str] = set()

    @settings(max_examples=300, deadline=None, database=None, phases=[Phase.generate])
    @given(phi.adversarial_documents())
    def collect(doc):
        seen.update(trap for trap, present in TRAPS.items() if present(doc))

    collect()
    assert seen == set(TRAPS)


@pytest.mark.parametrize("trap", ["bom", "crlf", "glued", "combining accents", "emoji"])
def test_plain_documents_have_no_traps(trap) -> None:
    @settings(max_examples=60, deadline=None, database=None)
    @given(phi.documents())
    def check(doc):
        assert not TRAPS[trap](doc)

    check()


@SOME
@given(phi.phi_values(["date", "phone"]))
def test_phi_values_report_the_chosen_kinds(value) -> None:
    assert isinstance(value, PHIValue) and value.kind in ("date", "phone") and value.form


def test_unknown_kinds_are_refused() -> None:
    with pytest.raises(ValueError, match="no value strategy"):
        phi.phi_values(["facility"])


@SOME
@given(doc=phi.adversarial_documents(), seed=st.integers(0, 2**32 - 1))
def test_mask_and_tag_profiles_keep_the_invariants_on_adversarial_documents(doc, seed) -> None:
    for profile in ("mask", "tag"):
        result = Engine(EngineConfig(profile=profile)).apply(doc, seed=seed)
        assert_aligned(result)
        assert_outside_unchanged(doc, result)
        assert_no_leak(doc, result)
        assert_consistent(doc, result)
