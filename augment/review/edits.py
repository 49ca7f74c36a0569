"""Span corrections on one document: add, relabel, delete, move edges to word boundaries.

Each function takes a ``Document`` and returns a new one (documents are immutable); errors name span ids
and offsets, never text. New and moved spans never start or end on whitespace and never overlap another
span, which is what the engine needs to cut the text.
"""
from __future__ import annotations

import re
from dataclasses import replace

from surrogate.model import Document, Span

from ..brat import META_KEY, BratLayout
from ..errors import UserError
from ..validation import find_overlap

MOVES = ("snap", "start-left", "start-right", "end-left", "end-right")
_WORD = re.compile(r"\w+")
_ID = re.compile(r"T(\d+)")


def next_span_id(doc: Document) -> str:
    """``T<n>`` one above the highest numeric id in the document (and its ``.ann`` layout)."""
    ids = [sp.id for sp in doc.spans]
    layout = doc.meta.get(META_KEY)
    if isinstance(layout, BratLayout):
        ids += [line.raw.split("\t", 1)[0] for line in layout.lines if line.raw]
    numbers = [int(m.group(1)) for i in ids if (m := _ID.fullmatch(i))]
    return f"T{max(numbers, default=0) + 1}"


def _find(doc: Document, span_id: str) -> Span:
    for sp in doc.spans:
        if sp.id == span_id:
            return sp
    raise UserError(f"doc {doc.id}: no span {span_id}")


def _with_spans(doc: Document, spans: list[Span] | tuple[Span, ...]) -> Document:
    ordered = tuple(sorted(spans, key=lambda sp: (sp.start, sp.end)))
    found = find_overlap(ordered)
    if found is not None:
        later, earlier, _ = found
        raise UserError(f"doc {doc.id}: span {later.id} would overlap span {earlier.id}")
    new = Document(doc.id, doc.text, ordered, doc.meta)
    new.check_alignment()
    return new


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def add_span(doc: Document, start: int, end: int, label: str) -> tuple[Document, Span]:
    """A new span over ``text[start:end]`` (whitespace at its edges left out)."""
    if not 0 <= start < end <= len(doc.text):
        raise UserError(f"doc {doc.id}: offsets {start}..{end} are not a selection inside the text")
    start, end = _trim(doc.text, start, end)
    if start == end:
        raise UserError(f"doc {doc.id}: the selection {start}..{end} holds only whitespace")
    span = Span(next_span_id(doc), label, start, end)
    return _with_spans(doc, [*doc.spans, span]), span


def relabel(doc: Document, span_id: str, label: str) -> Document:
    old = _find(doc, span_id)
    return _with_spans(doc, [replace(sp, label=label) if sp is old else sp for sp in doc.spans])


def delete(doc: Document, span_id: str) -> Document:
    """Drop a span. ``brat.format_brat`` leaves out its ``.ann`` line and every line that points at it, directly
    or through another (notes, attributes, relations, events); the layout keeps the line, so its id is not reused."""
    old = _find(doc, span_id)
    return _with_spans(doc, [sp for sp in doc.spans if sp is not old])


def move(doc: Document, span_id: str, how: str) -> Document:
    """Move a contiguous span's edges to word boundaries.

    ``snap`` widens both edges to the whole words they cut; ``start-left``/``end-right`` take in the
    previous/next word, ``start-right``/``end-left`` give up the first/last word.
    """
    if how not in MOVES:
        raise UserError(f"unknown move {how!r} (choose one of {', '.join(MOVES)})")
    old = _find(doc, span_id)
    if old.is_discontinuous:
        raise UserError(f"doc {doc.id}: span {span_id} is discontinuous; edit its fragments in the .ann file")
    text = doc.text
    words = [(m.start(), m.end()) for m in _WORD.finditer(text)]
    start, end = old.start, old.end
    if how == "snap":
        start = next((s for s, e in words if s < start < e), start)
        end = next((e for s, e in words if s < end < e), end)
    elif how == "start-left":  # never across a line break: header fields sit one per line
        start = max((s for s, _ in words if s < start and "\n" not in text[s:start]), default=start)
    elif how == "start-right":
        start = min((s for s, _ in words if start < s < end), default=start)
    elif how == "end-right":
        end = min((e for _, e in words if e > end and "\n" not in text[end:e]), default=end)
    elif how == "end-left":
        end = max((e for _, e in words if start < e < end), default=end)
    start, end = _trim(text, start, end)
    if start >= end:
        raise UserError(f"doc {doc.id}: span {span_id} cannot lose its last word (delete it instead)")
    moved = Span(old.id, old.label, start, end)
    return _with_spans(doc, [moved if sp is old else sp for sp in doc.spans])
