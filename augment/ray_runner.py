"""``--engine ray`` for ``apply``, ``augment`` and ``deid``: the local per-document work, on Ray actors.

The driver reads and validates the whole input first, exactly as the local engine does (same errors, by
file and line). Documents then go to a pool of actors, each building its Engine (and NER backend) once;
results come back in input order and the driver writes every file, so workers need no shared file system
and the output is byte-identical to a local run. A failure inside a worker comes back as a value and is
raised by the driver at that document, as in the local pool: the first bad document in corpus order is
reported, with the same message, and the atomic output directory is removed.
"""
from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any

from surrogate.distributed._runtime import ordered_map, session
from surrogate.model import Document, Replacement, SurrogateResult
from surrogate.records import from_record, to_record

from .brat import without_notes
from .errors import UserError
from .copy_maker import CopyJob, CopyMaker, CopyOutput, WorkerError, run_one

# Documents, copies and results cross to and from the actors as plain records (surrogate.records) and JSON
# values; the driver keeps each source document's BRAT layout and gives it back to that document's copies.


class CopyBatch:
    """One CopyMaker per actor: a batch of document records → each one's outputs, or the error it raised."""

    def __init__(self, job: CopyJob) -> None:
        self.maker = CopyMaker(job)

    def __call__(self, records: list[dict]) -> list[list[dict] | dict]:
        out: list[list[dict] | dict] = []
        for record in records:
            try:
                outputs = run_one(self.maker, from_record(record))
            except (UserError, WorkerError) as exc:  # messages name the document, never its text
                out.append(_failure(exc))
                continue
            out.append([{"manifest": o.manifest, "mapping": o.mapping, "payload": o.payload,
                         "document": to_record(o.document) if o.document is not None else None} for o in outputs])
        return out


def copy_results(docs: Sequence[Document], job: CopyJob, workers: int | None, address: str | None) -> Iterator[list[CopyOutput]]:
    """Each document's outputs in corpus order (as ``copy_maker.local_results``), computed on Ray."""
    with session(address, workers) as n:
        results = ordered_map((to_record(d) for d in docs), CopyBatch, (job,), workers=min(n, len(docs)))
        for source, outputs in zip(docs, _raise_failures(results)):
            yield [_copy_output(o, source) for o in outputs]


def _copy_output(out: dict, source: Document) -> CopyOutput:
    document = None
    if out["document"] is not None:  # the original (copy 0) keeps its notes; a surrogate copy does not
        new = from_record(out["document"])
        meta = source.meta if out["manifest"]["copy"] == 0 else without_notes(source.meta)
        document = Document(new.id, new.text, new.spans, meta)
    return CopyOutput(out["manifest"], out["mapping"], out["payload"], document)


class DeidBatch:
    """One NER backend and Engine per actor (built as ``surrogate deid`` builds them)."""

    def __init__(self, args: argparse.Namespace) -> None:
        from .commands import deid

        self.args, self.failure = args, None
        try:
            self.backend, self.engine, self.skip = deid.setup(args)
        except UserError as exc:  # a bad backend option: reported by the driver, as the local run reports it
            self.failure = _failure(exc)

    def __call__(self, items: list[dict]) -> list[dict | None]:
        from .commands import deid
        from .commands.annotate import InputText

        if self.failure is not None:
            return [self.failure] + [None] * (len(items) - 1)
        inputs = [InputText(x["name"], x["text"]) for x in items]
        try:
            results = list(deid.deid_documents(self.backend, self.engine, inputs, self.args, self.skip))
        except UserError as exc:  # the backend failed on the batch: report it at its first text
            return [_failure(exc)] + [None] * (len(items) - 1)
        return [{"found": found, "document": to_record(r.document),
                 "replacements": [dataclasses.asdict(rep) for rep in r.replacements],
                 "overlaps": dict(r.overlaps), "guarded": dict(r.guarded)} for found, r in results]


def deid_results(args: argparse.Namespace, inputs: Sequence[Any]) -> Iterator[tuple[int, SurrogateResult]]:
    """``(spans found, result)`` per input text, in input order, computed on Ray."""
    with session(args.ray_address, args.workers) as n:
        items = ({"name": x.name, "text": x.text} for x in inputs)
        for out in _raise_failures(ordered_map(items, DeidBatch, (args,), workers=min(n, len(inputs)))):
            doc = from_record(out["document"])
            replacements = tuple(Replacement(**r) for r in out["replacements"])
            # deid keeps every span id: the alignment is the new document's own spans
            yield out["found"], SurrogateResult(doc, {sp.id: sp for sp in doc.spans}, replacements,
                                                out["overlaps"], out["guarded"])


def _failure(exc: Exception) -> dict:
    """An error as a value: a user error, or a bug, by its message (document and span ids, never text)."""
    return {"error": "user" if isinstance(exc, UserError) else "worker", "message": str(exc)}


def _raise_failures(results: Iterator[Any]) -> Iterator[Any]:
    for result in results:
        if isinstance(result, dict) and "error" in result:
            raise (UserError if result["error"] == "user" else WorkerError)(result["message"])
        yield result
