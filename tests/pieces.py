"""Test helper: a document written as (text, label) pieces, a label making its piece a span (T1, T2, ...)."""
from __future__ import annotations

from collections.abc import Iterable

from surrogate import Document, Span


def document_of(pieces: Iterable[tuple[str, str | None]], doc_id: str = "d") -> Document:
    text, spans = "", []
    for piece, label in pieces:
        if label:
            spans.append(Span(f"T{len(spans) + 1}", label, len(text), len(text) + len(piece)))
        text += piece
    return Document(doc_id, text, tuple(spans))
