"""Copies of one document, made in this process or in a pool of worker processes.

:class:`CopyMaker` holds one :class:`~surrogate.engine.Engine` and turns a document into its outputs (manifest
line, mapping line, formatted text or BRAT files); :func:`local_results` runs it here or in ``spawn`` workers
and yields every document's outputs in corpus order, so what the parent writes never depends on the worker
count (``augment.ray_runner`` does the same on Ray actors).
"""
from __future__ import annotations

import gc
import os
import sys
import traceback
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any, Literal

import numpy as np

from surrogate.config import EngineConfig
from surrogate.engine import Engine
from surrogate.model import Document, SurrogateResult
from surrogate.rng import derive_seed
from surrogate.schemas import LabelSchema

from . import brat, conll, jsonl, manifest
from .corpus import write_document
from .errors import UserError

Naming = Literal["augment", "apply"]
#: a worker's start-up (a fresh interpreter, the engine, its first document: about 0.8 s) is worth about 100
#: copies of MEDDOCAN-sized documents (8 ms each), so fewer copies per worker would not pay for it
COPIES_PER_DEFAULT_WORKER = 100
_FORMATTERS = {"jsonl": jsonl.format_jsonl, "conll": conll.format_conll}


def copy_name(doc_id: str, copy: int) -> str:
    """Name of copy ``copy`` (1..N) of a document: ``D_aug{k}``."""
    return f"{doc_id}_aug{copy}"


def copy_seed(seed: int, doc_id: str, copy: int) -> int:
    """The seed of one copy: ``Engine.apply(doc, rng=np.random.default_rng(copy_seed(...)))`` reproduces it."""
    return derive_seed(seed, doc_id, copy)


def vary_seed(seed: int, doc_id: str, copy: int) -> int:
    """The seed of one copy's format variation (``--vary-formats``): a stream of its own, so the replacers'
    draws, and every copy made without variation, stay what they are."""
    return derive_seed(seed, doc_id, copy, "vary-formats")


@dataclass(frozen=True)
class CopyJob:
    """Everything a worker needs; picklable (the engine is not shipped: each worker builds its own)."""

    config: EngineConfig
    schema: LabelSchema
    times: int
    seed: int
    keep_original: bool
    out_format: str
    out_dir: str | None  # the temporary output directory; None: BRAT documents go back to the parent (Ray)
    naming: Naming
    want_mapping: bool
    vary_formats: bool = False  # augment --vary-formats: each copy renders its mentions in other formats


@dataclass(frozen=True)
class CopyOutput:
    """One output document as the parent needs it: manifest line, mapping line, formatted text."""

    manifest: dict[str, Any]
    mapping: dict[str, Any] | None = None
    payload: str | None = None  # JSONL/CoNLL text, written in order by the parent
    document: Document | None = None  # a BRAT document the parent writes (workers on other machines)


def _dedup_key(doc: Document) -> tuple:
    return doc.text, tuple((sp.label, sp.fragments) for sp in doc.spans)


class CopyMaker:
    """Makes and writes the copies of one document at a time; one per process, holding its Engine."""

    def __init__(self, job: CopyJob) -> None:
        self.job = job
        self.engine = Engine(job.config, job.schema)

    def copies(self, doc: Document) -> list[CopyOutput]:
        job = self.job
        outputs: list[CopyOutput] = []
        seen: dict[tuple, str] = {}
        if job.keep_original:
            seen[_dedup_key(doc)] = doc.id
            outputs.append(self._emit(doc, doc, 0, None, None))
        copies = 1 if job.naming == "apply" else job.times
        for k in range(1, copies + 1):
            seed = copy_seed(job.seed, doc.id, k)
            vary = np.random.default_rng(vary_seed(job.seed, doc.id, k)) if job.vary_formats else None
            result = self.engine.apply(doc, rng=np.random.default_rng(seed), vary=vary)
            name = doc.id if job.naming == "apply" else copy_name(doc.id, k)
            key = _dedup_key(result.document)
            if key in seen:
                record = manifest.copy_record(doc.id, k, None, seed, duplicate_of=seen[key])
                outputs.append(CopyOutput(record))
                continue
            seen[key] = name
            outputs.append(self._emit(doc, result.document, k, seed, result, name))
        return outputs

    def _emit(
        self, source: Document, new: Document, k: int, seed: int | None, result: SurrogateResult | None,
        name: str | None = None,
    ) -> CopyOutput:
        job = self.job
        name = name or source.id
        reps = result.replacements if result is not None else ()
        meta = new.meta if result is None else brat.without_notes(new.meta)
        out_doc = Document(name, new.text, new.spans, meta)
        payload = brat_doc = None
        if job.out_format == "brat" and job.out_dir is None:
            brat_doc = out_doc
        elif job.out_format == "brat":
            write_document(out_doc, job.out_dir, "brat", name)  # checks the name is a safe file name
        else:
            payload = _FORMATTERS[job.out_format](out_doc)
        record = manifest.copy_record(source.id, k, name, seed, reps, spans=len(source.spans),
                                      overlaps=result.overlaps if result else None,
                                      guarded=result.guarded if result else None)
        mapping = manifest.mapping_record(source.id, k, name, reps) if job.want_mapping and result else None
        return CopyOutput(record, mapping, payload, brat_doc)


# ------------------------------------------------------------------------------------ worker processes

_MAKER: CopyMaker | None = None
_HEAP_FROZEN = False


def _init_worker(job: CopyJob) -> None:
    global _MAKER
    _MAKER = CopyMaker(job)


def _work(doc: Document) -> list[CopyOutput]:
    global _HEAP_FROZEN
    assert _MAKER is not None, "worker not initialised"
    outputs = run_one(_MAKER, doc)
    if not _HEAP_FROZEN:
        # A pool worker is ours alone: once its first document has loaded the engine's tables, take them off the
        # cyclic collector's books (its full passes rescanned them; 8% of a run's time went to collection).
        gc.freeze()
        _HEAP_FROZEN = True
    return outputs


def run_one(maker: CopyMaker, doc: Document) -> list[CopyOutput]:
    """Make one document's copies; turn failures into picklable errors that name the document, not its text."""
    try:
        return maker.copies(doc)
    except UserError as exc:
        raise UserError(str(exc)) from None  # subclasses with extra __init__ arguments do not unpickle
    except Exception as exc:
        detail = "".join(traceback.format_exception(exc)) if os.environ.get("SURROGATE_DEBUG") else ""
        raise WorkerError(f"document {doc.id}: {type(exc).__name__}{detail and chr(10) + detail}") from None


class WorkerError(RuntimeError):
    """A bug while surrogating a document (never a user error). Names the document id only."""


def worker_count(requested: int | None, documents: int, copies: int) -> int:
    """``requested`` as given (capped at one per document); by default all cores, but one per
    ``COPIES_PER_DEFAULT_WORKER`` copies at most, since each worker pays the engine's start-up."""
    if requested is not None:
        return max(1, min(requested, documents))
    by_work = -(-copies // COPIES_PER_DEFAULT_WORKER)
    return max(1, min(os.cpu_count() or 1, by_work, documents))



def local_results(docs: list[Document], job: CopyJob, workers: int) -> Iterator[list[CopyOutput]]:
    """Each document's outputs, in corpus order, from this process or a pool of ``workers`` processes."""
    if workers == 1:
        maker = CopyMaker(job)
        for doc in docs:
            yield run_one(maker, doc)
        return
    # spawn: a fresh interpreter per worker; forking a process that already runs polars/tqdm threads can deadlock
    pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn"), initializer=_init_worker, initargs=(job,))
    try:
        chunksize = max(1, min(32, len(docs) // (workers * 8)))
        yield from pool.map(_work, docs, chunksize=chunksize)
    except BrokenProcessPool:
        raise UserError(
            "a worker process died: out of memory or killed, or a Python script calls augment_corpus with "
            "workers > 1 outside an `if __name__ == \"__main__\":` block (workers start a fresh interpreter "
            "that imports the script); use workers=1 or add the guard"
        ) from None
    finally:
        # On failure, stop queued work and wait for running tasks before the temporary directory is removed.
        pool.shutdown(wait=True, cancel_futures=True)


def with_progress(results: Iterator[list[CopyOutput]], total: int, enabled: bool | None) -> Iterator[list[CopyOutput]]:
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        yield from results
        return
    from tqdm import tqdm

    with tqdm(total=total, unit="doc", file=sys.stderr, leave=False) as bar:
        for item in results:
            yield item
            bar.update(1)
