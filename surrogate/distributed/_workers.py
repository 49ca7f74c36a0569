"""The Ray Data callable classes behind ``surrogate.distributed``: one Engine (and one NER model) per actor.

Batches are Arrow tables of records (``surrogate.records``); results are Arrow tables with one fixed schema,
the JSONL schema of ``--out-format jsonl``, so blocks from every actor concatenate and write as Parquet.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ..config import EngineConfig
from ..engine import Engine
from ..model import Document
from ..records import RecordError, from_record, to_record
from ..rng import derive_seed
from ..schemas import LabelSchema, load_schema

def record_schema() -> Any:
    import pyarrow as pa

    span = pa.struct([
        ("id", pa.string()), ("label", pa.string()), ("start", pa.int64()), ("end", pa.int64()),
        ("text", pa.string()), ("fragments", pa.list_(pa.list_(pa.int64()))),
    ])
    return pa.schema([("id", pa.string()), ("text", pa.string()), ("spans", pa.list_(span))])


def records_table(records: Iterable[Mapping[str, Any]]) -> Any:
    import pyarrow as pa

    return pa.Table.from_pylist(list(records), schema=record_schema())


def input_rows(batch: Any, columns: Sequence[str]) -> list[dict[str, Any]]:
    """The rows of an Arrow batch, keeping only ``columns`` (others, such as a Parquet index, are ignored)."""
    present = [c for c in columns if c in batch.column_names]
    return batch.select(present).to_pylist()


def document(row: Mapping[str, Any]) -> Document:
    """A row as a document; a bad row raises RecordError naming the record id, never its text."""
    if row.get("spans", ()) is None:  # Arrow/Parquet write null for a record without spans
        row = {**row, "spans": []}
    try:
        return from_record(row)
    except RecordError as exc:
        doc_id = row.get("id")
        raise RecordError(f"record {doc_id if isinstance(doc_id, str) else '?'}: {exc}") from None


class CopyWorker:
    """``times`` surrogate copies of each record (``times=1, naming="apply"``: the record's own id).

    Copy k of document D uses ``default_rng(derive_seed(seed, D, k))``, as ``augment_corpus``; a copy
    identical to an earlier one of the same document (text and spans) is dropped, as there."""

    def __init__(self, config: EngineConfig, schema: str | LabelSchema, times: int, seed: int,
                 keep_original: bool, apply: bool) -> None:
        self.engine = Engine(config, schema if isinstance(schema, LabelSchema) else load_schema(schema))
        self.times, self.seed, self.keep_original, self.apply = times, seed, keep_original, apply

    def __call__(self, batch: Any) -> Any:
        out: list[dict[str, Any]] = []
        for row in input_rows(batch, ("id", "text", "spans")):
            out.extend(self.copies(document(row)))
        return records_table(out)

    def copies(self, doc: Document) -> list[dict[str, Any]]:
        seen: set[tuple] = set()
        out: list[dict[str, Any]] = []
        if self.keep_original:
            seen.add(_same(doc))
            out.append(to_record(doc))
        for k in range(1, self.times + 1):
            result = self.engine.apply(doc, rng=np.random.default_rng(derive_seed(self.seed, doc.id, k)))
            new = result.document
            if _same(new) in seen:
                continue
            seen.add(_same(new))
            name = doc.id if self.apply else f"{doc.id}_aug{k}"
            out.append(to_record(Document(name, new.text, new.spans)))
        return out


def _same(doc: Document) -> tuple:
    return doc.text, tuple((sp.label, sp.fragments) for sp in doc.spans)


class DeidWorker:
    """NER backend, then surrogates: the backend (a model on a GPU, for transformers) loads once per actor."""

    def __init__(self, backend: str, model: str | None, schema: str | None, options: Mapping[str, Any],
                 profile: str, seed: int, propagate: bool) -> None:
        from ..ner import load_backend, unpropagated_labels

        self.backend = load_backend(backend, model=model, schema=schema, **dict(options))
        label_schema = load_schema(self.backend.schema)
        self.engine = Engine(EngineConfig(profile=profile), label_schema, strict_dates=True)  # as `surrogate deid`
        self.skip = unpropagated_labels(label_schema)  # as `surrogate deid`
        self.seed, self.propagate = seed, propagate

    def __call__(self, batch: Any) -> Any:
        from ..ner import propagate_mentions

        rows = [document({"id": r.get("id"), "text": r.get("text")}) for r in input_rows(batch, ("id", "text"))]
        predictions = self.backend.predict([doc.text for doc in rows])
        out = []
        for doc, spans in zip(rows, predictions, strict=True):
            if self.propagate:
                spans = propagate_mentions(doc.text, spans, skip_labels=self.skip)
            result = self.engine.apply(Document(doc.id, doc.text, tuple(spans)), seed=self.seed)
            out.append(to_record(result.document))
        return records_table(out)
