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

from surrogate.model import Document
from surrogate.records import RecordError, parse_record_fields, to_record

from .errors import InputError
from .validation import BOM, check_overlaps, decode_utf8


def format_jsonl(doc: Document) -> str:
    """One line, ending in ``\\n``; non-ASCII kept as UTF-8 (``json`` escapes line breaks inside strings)."""
    return json.dumps(to_record(doc), ensure_ascii=False, separators=(",", ":")) + "\n"


# ----------------------------------------------------------------------------------------------- reading


def parse_record(
    line: str, path: Path, lineno: int, *, allow_overlaps: bool = True, allow_empty: bool = False
) -> Document:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InputError(path, f"invalid JSON ({exc.msg} at column {exc.colno})", lineno) from None
    try:
        doc_id, text, spans = parse_record_fields(record, allow_empty=allow_empty)
    except RecordError as exc:
        raise InputError(path, str(exc), lineno) from None
    check_overlaps(spans, path, lambda _id: lineno, allow_overlaps=allow_overlaps)
    ordered = tuple(sorted(spans, key=lambda sp: (sp.start, sp.end)))
    return Document(doc_id, text, ordered, {"source": str(path), "line": lineno})


def read_jsonl_file(path: str | Path, *, allow_overlaps: bool = True, allow_empty: bool = False) -> Iterator[Document]:
    """Documents in file order. Blank lines are skipped; a UTF-8 BOM at the start of the file is ignored."""
    path = Path(path)
    content = decode_utf8(path.read_bytes(), path)
    if content.startswith(BOM):
        content = content[1:]
    for lineno, line in enumerate(content.split("\n"), start=1):
        if line.strip():
            yield parse_record(line, path, lineno, allow_overlaps=allow_overlaps, allow_empty=allow_empty)
