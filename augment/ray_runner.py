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
from collections.abc import Iterator, Sequence
from typing import Any

from surrogate.distributed._runtime import ordered_map, session
from surrogate.model import Document, SurrogateResult

from .errors import UserError
from .generator import CopyMaker, WorkerError, _CopyOutput, _Job, _run_one


class CopyBatch:
    """One CopyMaker per actor: a batch of documents → each one's outputs, or the error it raised."""

    def __init__(self, job: _Job) -> None:
        self.maker = CopyMaker(job)

    def __call__(self, docs: list[Document]) -> list[list[_CopyOutput] | Exception]:
        out: list[list[_CopyOutput] | Exception] = []
        for doc in docs:
            try:
                out.append(_run_one(self.maker, doc))
            except (UserError, WorkerError) as exc:  # messages name the document, never its text
                out.append(exc)
        return out


def copy_results(docs: Sequence[Document], job: _Job, workers: int | None, address: str | None) -> Iterator[list[_CopyOutput]]:
    """Each document's outputs in corpus order (as ``generator._results``), computed on Ray."""
    with session(address, workers) as n:
        yield from _raise_failures(ordered_map(docs, CopyBatch, (job,), workers=min(n, len(docs))))


class DeidBatch:
    """One NER backend and Engine per actor (built as ``surrogate deid`` builds them)."""

    def __init__(self, args: argparse.Namespace) -> None:
        from .commands import deid

        self.args, self.failure = args, None
        try:
            self.backend, self.engine, self.skip = deid.setup(args)
        except UserError as exc:  # a bad backend option: reported by the driver, as the local run reports it
            self.failure = UserError(str(exc))

    def __call__(self, items: list[Any]) -> list[tuple[int, SurrogateResult] | Exception | None]:
        from .commands import deid

        if self.failure is not None:
            return [self.failure] + [None] * (len(items) - 1)
        try:
            return list(deid.deid_documents(self.backend, self.engine, items, self.args, self.skip))
        except UserError as exc:  # the backend failed on the batch: report it at its first text
            return [UserError(str(exc))] + [None] * (len(items) - 1)


def deid_results(args: argparse.Namespace, inputs: Sequence[Any]) -> Iterator[tuple[int, SurrogateResult]]:
    """``(spans found, result)`` per input text, in input order, computed on Ray."""
    with session(args.ray_address, args.workers) as n:
        yield from _raise_failures(ordered_map(inputs, DeidBatch, (args,), workers=min(n, len(inputs))))


def _raise_failures(results: Iterator[Any]) -> Iterator[Any]:
    for result in results:
        if isinstance(result, Exception):
            raise result
        yield result
