"""Documents for tests, without hypothesis: which schema label suits a value, and a one-span document.

``one_span_document(value)`` is what a test of one replacer needs: the value under a label of its kind,
inside a short sentence, with the offsets computed here rather than by hand.
"""
from __future__ import annotations

from ..model import Document, Span
from ..schemas import LabelSchema, as_schema

#: value form → the label option that gives the replacer its reading (a bare NASS is only one in context)
FORM_HINTS = {"nass": "insurance", "collegiate": "collegiate"}


def labels_for(kind: str, form: str, schema: LabelSchema) -> list[str]:
    """The schema's labels of ``kind``, narrowed to those whose ``scheme_hint`` suits ``form`` when any does."""
    candidates = [(label, spec.options or {}) for label, spec in sorted(schema.labels.items()) if spec.kind == kind]
    if not candidates:
        raise ValueError(f"schema {schema.name!r} has no label of kind {kind!r}")
    hint = FORM_HINTS.get(form)
    hinted = [label for label, options in candidates if hint and options.get("scheme_hint") == hint]
    return hinted or [label for label, _ in candidates]


def one_span_document(value: str, *, kind: str | None = None, label: str | None = None,
                      schema: LabelSchema | str = "meddocan", prefix: str = "Dato: ", suffix: str = ".",
                      doc_id: str = "d") -> Document:
    """``prefix + value + suffix`` with ``value`` as span ``T1``.

    The label is ``label``, or the first label of the value's kind (``kind`` or a PHIValue's ``.kind``) that
    suits its form.
    """
    if label is None:
        kind = kind or getattr(value, "kind", None)
        if kind is None:
            raise TypeError("one_span_document needs a label, a kind, or a PHIValue that carries one")
        label = labels_for(kind, getattr(value, "form", ""), as_schema(schema))[0]
    start = len(prefix)
    return Document(doc_id, f"{prefix}{value}{suffix}", (Span("T1", label, start, start + len(value)),))
