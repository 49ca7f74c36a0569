"""Documents as plain records (the JSONL schema), and back; no files, no paths.

A record is ``{"id": str, "text": str, "spans": [{"id", "label", "start", "end", "text", "fragments"}]}``
with offsets in code points. ``augment.jsonl`` reads and writes these one per line; ``surrogate.distributed``
carries them in Ray Datasets (Arrow or Parquet). Errors name the record and span ids, never text.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .model import Document, Fragment, Span

_BOM = "\ufeff"


class RecordError(ValueError):
    """A malformed record. The message names the problem by field and span id only (no PHI)."""


def to_record(doc: Document) -> dict[str, Any]:
    """The record of a document, keys always in the same order (one schema for ``datasets``/Arrow)."""
    doc.check_alignment()
    return {
        "id": doc.id,
        "text": doc.text,
        "spans": [
            {
                "id": sp.id,
                "label": sp.label,
                "start": sp.start,
                "end": sp.end,
                "text": doc.span_text(sp),
                "fragments": [[s, e] for s, e in sp.fragments],
            }
            for sp in doc.spans
        ],
    }


def from_record(record: Mapping[str, Any], *, allow_empty: bool = False) -> Document:
    """The document of a record, spans sorted by offsets; raises RecordError.

    Overlapping spans are not refused here (callers choose: the corpus readers refuse them, the engine
    refuses to surrogate them).
    """
    doc_id, text, spans = parse_record_fields(record, allow_empty=allow_empty)
    return Document(doc_id, text, tuple(sorted(spans, key=lambda sp: (sp.start, sp.end))))


def parse_record_fields(record: object, *, allow_empty: bool = False) -> tuple[str, str, list[Span]]:
    """``(id, text, spans in record order)`` of a record, every field checked; raises RecordError."""
    if not isinstance(record, Mapping):
        raise RecordError("each line must be a JSON object")
    doc_id, text, raw_spans = record.get("id"), record.get("text"), record.get("spans", [])
    if not isinstance(doc_id, str) or not doc_id or not _encodable(doc_id):
        raise RecordError("'id' must be a non-empty string")
    if not isinstance(text, str):
        raise RecordError(f"document {doc_id}: 'text' must be a string")
    if not _encodable(text):
        raise RecordError(f"document {doc_id}: 'text' holds an unpaired surrogate escape (not valid Unicode)")
    if not isinstance(raw_spans, (list, tuple)):
        raise RecordError(f"document {doc_id}: 'spans' must be a list")
    if not allow_empty and not text.replace(_BOM, "").strip():
        raise RecordError("empty document: no text to surrogate (remove the record or give it text)")
    spans: list[Span] = []
    seen: set[str] = set()
    for k, raw in enumerate(raw_spans, start=1):
        span, expected = _span(raw, k)
        if span.id in seen:
            raise RecordError(f"document {doc_id}: duplicate span id {span.id}")
        seen.add(span.id)
        for s, e in span.fragments:
            if e > len(text):
                raise RecordError(f"span {span.id}: offsets {s}..{e} past the end of the text ({len(text)} characters)")
        if expected is not None and span.text_in(text) != expected:
            raise RecordError(f"span {span.id}: 'text' differs from the document text at offsets {span.start}..{span.end}")
        spans.append(span)
    return doc_id, text, spans


def _encodable(value: str) -> bool:
    """False for strings with an unpaired surrogate (valid JSON ``\\ud800`` escapes, but not writable as UTF-8)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _pair(value: object) -> bool:
    return isinstance(value, (list, tuple)) and len(value) == 2 and all(_is_int(x) and x >= 0 for x in value)


def _span(raw: object, k: int) -> tuple[Span, str | None]:
    where = f"span #{k}"
    if not isinstance(raw, Mapping):
        raise RecordError(f"{where}: must be an object")
    span_id = raw.get("id", f"T{k}")
    if not isinstance(span_id, str) or not span_id or not _encodable(span_id):
        raise RecordError(f"{where}: 'id' must be a non-empty string")
    where = f"span {span_id}"
    label = raw.get("label")
    if not isinstance(label, str) or not label or not _encodable(label):
        raise RecordError(f"{where}: 'label' must be a non-empty string")
    start, end = raw.get("start"), raw.get("end")
    if not (_is_int(start) and _is_int(end)) or start < 0 or end < 0:
        raise RecordError(f"{where}: 'start' and 'end' must be non-negative integers")
    if start > end:
        raise RecordError(f"{where}: start {start} > end {end}")
    frags_raw = raw.get("fragments")
    if frags_raw is None:
        fragments: tuple[Fragment, ...] = ((start, end),)
    else:
        if not isinstance(frags_raw, (list, tuple)) or not frags_raw or not all(_pair(f) for f in frags_raw):
            raise RecordError(f"{where}: 'fragments' must be a non-empty list of [start, end] pairs")
        fragments = tuple((f[0], f[1]) for f in frags_raw)
        for i, (s, e) in enumerate(fragments):
            if s > e or (i and s < fragments[i - 1][1]):
                raise RecordError(f"{where}: fragments reversed, out of order or overlapping")
        if fragments[0][0] != start or fragments[-1][1] != end:
            raise RecordError(f"{where}: 'start'/'end' disagree with its fragments")
    text = raw.get("text")
    if text is not None and not isinstance(text, str):
        raise RecordError(f"{where}: 'text' must be a string")
    return Span.from_fragments(span_id, label, fragments), text
