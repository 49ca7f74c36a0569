"""JSONL: one document per line, character offsets in code points, loadable by HF ``datasets``.

Every line has the same keys in the same order, so ``load_dataset("json", data_files=...)`` infers
one schema::

    {"id": "doc1", "text": "...", "spans": [{"id": "T1", "label": "FECHAS", "start": 10, "end": 20,
     "text": "...", "fragments": [[10, 20]]}]}

BRAT-only lines (``#`` notes, ``A``/``R``/``E``) are not carried over.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from surrogate.model import Document, Fragment, Span

from .errors import InputError
from .validation import BOM, check_not_empty, check_offsets, check_overlaps, decode_utf8


def to_record(doc: Document) -> dict[str, Any]:
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


def format_jsonl(doc: Document) -> str:
    """One line, ending in ``\\n``; non-ASCII kept as UTF-8 (``json`` escapes line breaks inside strings)."""
    return json.dumps(to_record(doc), ensure_ascii=False, separators=(",", ":")) + "\n"


# ----------------------------------------------------------------------------------------------- reading


def _encodable(value: str) -> bool:
    """False for strings with an unpaired surrogate (valid JSON ``\\ud800`` escapes, but not writable as UTF-8)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _span(raw: object, k: int, path: Path, lineno: int) -> tuple[Span, str | None]:
    where = f"span #{k}"
    if not isinstance(raw, dict):
        raise InputError(path, f"{where}: must be an object", lineno)
    span_id = raw.get("id", f"T{k}")
    if not isinstance(span_id, str) or not span_id or not _encodable(span_id):
        raise InputError(path, f"{where}: 'id' must be a non-empty string", lineno)
    where = f"span {span_id}"
    label = raw.get("label")
    if not isinstance(label, str) or not label or not _encodable(label):
        raise InputError(path, f"{where}: 'label' must be a non-empty string", lineno)
    start, end = raw.get("start"), raw.get("end")
    if not (_is_int(start) and _is_int(end)) or start < 0 or end < 0:
        raise InputError(path, f"{where}: 'start' and 'end' must be non-negative integers", lineno)
    if start > end:
        raise InputError(path, f"{where}: start {start} > end {end}", lineno)
    frags_raw = raw.get("fragments")
    if frags_raw is None:
        fragments: tuple[Fragment, ...] = ((start, end),)
    else:
        if not isinstance(frags_raw, list) or not frags_raw or not all(
            isinstance(f, list) and len(f) == 2 and all(_is_int(x) and x >= 0 for x in f) for f in frags_raw
        ):
            raise InputError(path, f"{where}: 'fragments' must be a non-empty list of [start, end] pairs", lineno)
        fragments = tuple((f[0], f[1]) for f in frags_raw)
        for i, (s, e) in enumerate(fragments):
            if s > e or (i and s < fragments[i - 1][1]):
                raise InputError(path, f"{where}: fragments reversed, out of order or overlapping", lineno)
        if fragments[0][0] != start or fragments[-1][1] != end:
            raise InputError(path, f"{where}: 'start'/'end' disagree with its fragments", lineno)
    text = raw.get("text")
    if text is not None and not isinstance(text, str):
        raise InputError(path, f"{where}: 'text' must be a string", lineno)
    return Span.from_fragments(span_id, label, fragments), text


def parse_record(
    line: str, path: Path, lineno: int, *, allow_overlaps: bool = False, allow_empty: bool = False
) -> Document:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InputError(path, f"invalid JSON ({exc.msg} at column {exc.colno})", lineno) from None
    if not isinstance(record, dict):
        raise InputError(path, "each line must be a JSON object", lineno)
    doc_id, text, raw_spans = record.get("id"), record.get("text"), record.get("spans", [])
    if not isinstance(doc_id, str) or not doc_id or not _encodable(doc_id):
        raise InputError(path, "'id' must be a non-empty string", lineno)
    if not isinstance(text, str):
        raise InputError(path, f"document {doc_id}: 'text' must be a string", lineno)
    if not _encodable(text):
        raise InputError(path, f"document {doc_id}: 'text' holds an unpaired surrogate escape (not valid Unicode)", lineno)
    if not isinstance(raw_spans, list):
        raise InputError(path, f"document {doc_id}: 'spans' must be a list", lineno)
    if not allow_empty:
        check_not_empty(text, path, lineno)
    spans: list[Span] = []
    seen: set[str] = set()
    for k, raw in enumerate(raw_spans, start=1):
        span, expected = _span(raw, k, path, lineno)
        if span.id in seen:
            raise InputError(path, f"document {doc_id}: duplicate span id {span.id}", lineno)
        seen.add(span.id)
        check_offsets([span], text, path, lambda _id: lineno)
        if expected is not None and span.text_in(text) != expected:
            raise InputError(
                path, f"span {span.id}: 'text' differs from the document text at offsets {span.start}..{span.end}", lineno
            )
        spans.append(span)
    check_overlaps(spans, path, lambda _id: lineno, allow_overlaps=allow_overlaps)
    ordered = tuple(sorted(spans, key=lambda sp: (sp.start, sp.end)))
    return Document(doc_id, text, ordered, {"source": str(path), "line": lineno})


def read_jsonl_file(path: str | Path, *, allow_overlaps: bool = False, allow_empty: bool = False) -> Iterator[Document]:
    """Documents in file order. Blank lines are skipped; a UTF-8 BOM at the start of the file is ignored."""
    path = Path(path)
    content = decode_utf8(path.read_bytes(), path)
    if content.startswith(BOM):
        content = content[1:]
    for lineno, line in enumerate(content.split("\n"), start=1):
        if line.strip():
            yield parse_record(line, path, lineno, allow_overlaps=allow_overlaps, allow_empty=allow_empty)
