"""×N corpus augmentation: surrogate copies of every document, de-duplicated, deterministic, parallel, atomic.

Flow::

    read + validate the whole corpus ──► held-out blocklist ──► worker pool (one Engine per process)
        per document: copy k = Engine.apply(doc, rng=default_rng(derive_seed(seed, doc id, k)))
                      (--vary-formats: vary=default_rng(vary_seed(seed, doc id, k)), a stream of its own)
        drop copies identical to an earlier one (text + spans) ──► write files ──► manifest ──► rename

Output is byte-identical whatever ``workers`` is: each copy's randomness depends only on (seed, document id,
copy index), BRAT files are written under names fixed by the input, and everything that has an order
(manifest, single-file JSONL/CoNLL) is written by the parent in corpus order.
"""
from __future__ import annotations

import dataclasses
import os
import time
import uuid
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gazetteers.text import fold
from surrogate import NamePrior
from surrogate.config import EngineConfig
from surrogate.model import Document
from surrogate.replacers.registry import get_replacer_class
from surrogate.schemas import LabelSchema, SchemaError, load_schema

from . import manifest
# CopyMaker, WorkerError and the seed functions are re-exported: callers know them as augment.generator's
from .copy_maker import (CopyJob, CopyMaker, CopyOutput, Naming, WorkerError, copy_name, copy_seed,  # noqa: F401
                         local_results, vary_seed, with_progress, worker_count)
from .corpus import FORMATS, atomic_output_dir, read_corpus, write_document
from .errors import UserError
from .validation import decode_utf8

SINGLE_FILE_NAME = "corpus"  # JSONL/CoNLL output: OUT_DIR/corpus.jsonl or OUT_DIR/corpus.conll
_EXTENSIONS = {"jsonl": ".jsonl", "conll": ".conll"}
_HELD_OUT_TEXT_FILE = ".txt"
EXCLUDE_POLICIES = ("all", "unseen")
OVERLAP_POLICIES = ("resolve", "error")  # resolve: accept overlapping spans (docs/engine.md); error: refuse them


def output_file(out_dir: str | Path, out_format: str) -> Path:
    """Where JSONL/CoNLL output goes (one file for the whole corpus, in corpus order)."""
    return Path(out_dir) / f"{SINGLE_FILE_NAME}{_EXTENSIONS[out_format]}"


# --------------------------------------------------------------------------------------------- results


@dataclass
class AugmentSummary:
    """What a run did (counts only, no PHI)."""

    out_dir: Path
    documents: int = 0
    spans: int = 0
    copies: int = 0  # surrogate copies written
    originals: int = 0  # originals written (--keep-original)
    duplicates: int = 0  # copies dropped because identical to an earlier one
    replaced: Counter = field(default_factory=Counter)  # spans changed, per kind, over all copies
    actions: Counter = field(default_factory=Counter)  # spans per action over all copies
    overlaps: Counter = field(default_factory=Counter)  # overlapping spans per outcome (realigned/merged/dropped)
    guarded: Counter = field(default_factory=Counter)  # spans the leak guard repaired or masked, over all copies
    blocked: int = 0  # held-out strings in the blocklist
    unknown_labels: tuple[str, ...] = ()
    unreplaceable_kinds: tuple[str, ...] = ()  # kinds with no replacer: their spans are masked
    seconds: float = 0.0
    mapping: Path | None = None

    @property
    def fallback_masks(self) -> int:
        return self.actions.get("fallback-mask", 0)


# ---------------------------------------------------------------------------------------- held-out set


def held_out_strings(source: str | Path | Iterable[str], fmt: str = "brat") -> frozenset[str]:
    """Every entity string of a held-out split: a corpus (directory or file in ``fmt``), a ``.txt`` file
    with one string per line, or an iterable of strings. Discontinuous spans add each fragment too."""
    if isinstance(source, (str, Path)):
        path = Path(source)
        if path.is_file() and path.suffix == _HELD_OUT_TEXT_FILE:
            lines = decode_utf8(path.read_bytes(), path).splitlines()
            return frozenset(s.strip() for s in lines if s.strip())
        strings: set[str] = set()
        for doc in read_corpus(path, fmt, allow_overlaps=True, allow_empty=True):
            for sp in doc.spans:
                strings.add(doc.span_text(sp))
                if sp.is_discontinuous:
                    strings.update(doc.text[s:e] for s, e in sp.fragments)
        return frozenset(s.strip() for s in strings if s.strip())
    if isinstance(source, (bytes, bytearray)):
        raise TypeError("exclude_from: give a path or an iterable of strings")
    return frozenset(s.strip() for s in source if isinstance(s, str) and s.strip())


def unseen_strings(held_out: Iterable[str], docs: Iterable[Document]) -> frozenset[str]:
    """The held-out strings that are not also entity strings of ``docs`` (compared with ``fold``).

    A string the input corpus already annotates reaches the training data through the originals anyway;
    blocking it in surrogates protects nothing and, for small closed classes (ages, provinces, kinship
    terms), leaves so few candidates that spans end up masked.
    """
    seen = {fold(d.span_text(sp)) for d in docs for sp in d.spans}
    return frozenset(s for s in held_out if fold(s) not in seen)


# ---------------------------------------------------------------------------------------------- driver


def augment_corpus(
    in_path: str | Path,
    out_dir: str | Path,
    *,
    times: int = 10,
    seed: int = 0,
    in_format: str = "brat",
    out_format: str | None = None,
    schema: str | Path | LabelSchema = "meddocan",
    profile: str | None = None,
    config: EngineConfig | None = None,
    keep_original: bool = False,
    exclude_from: str | Path | Iterable[str] | None = None,
    exclude_format: str | None = None,
    exclude_policy: str = "all",
    overlaps: str = "resolve",
    workers: int | None = None,
    mapping: str | Path | None = None,
    overwrite: bool = False,
    progress: bool | None = None,
    naming: Naming = "augment",
    engine: str = "local",
    ray_address: str | None = None,
    vary_formats: bool = False,
    name_prior: str | None = None,
) -> AugmentSummary:
    """Write ``times`` surrogate copies of every document of ``in_path`` into ``out_dir``.

    BRAT output: copy k of document D is ``D_aug{k}.txt``/``.ann`` (k = 1..times; a dropped duplicate
    leaves its number unused), plus ``D.txt``/``.ann`` with ``keep_original``. JSONL/CoNLL output: one file,
    ``out_dir/corpus.jsonl`` or ``corpus.conll``, with the documents in corpus order and each document's
    original (if kept) then copies in copy order, ids ``D`` and ``D_aug{k}``. ``naming="apply"`` writes one
    copy per document under the document's own name (``surrogate apply``). ``out_dir/manifest.jsonl`` is
    always written; ``mapping`` (opt-in, PHI) is created mode 0600.

    ``exclude_from`` (a held-out corpus, a ``.txt`` list or an iterable of strings) goes into the engine's
    blocklist: no surrogate equals one of its strings (case- and accent-insensitively). ``exclude_policy``
    ``"all"`` blocks every one; ``"unseen"`` only those the input corpus does not annotate itself.

    ``overlaps="resolve"`` (default) accepts overlapping and nested spans: each cluster is replaced as one
    edit and every other member is realigned, merged or dropped (counted per copy in the manifest).
    ``"error"`` refuses them, naming the file, the line and both span ids.

    The whole input is read and validated before any output exists; any failure leaves no ``out_dir``.
    With ``workers > 1`` the workers are fresh interpreters (``spawn``), so a script calling this must do so
    under ``if __name__ == "__main__":``. ``engine="ray"`` runs the copies on Ray actors instead (the cluster
    at ``ray_address``, or a local Ray with ``workers`` cores), with byte-identical output.

    ``vary_formats`` (``--vary-formats``, augmentation only) renders each mention of a copy in another
    surface form of its kind (date layouts, phone groupings, ID separators, name order, via abbreviations,
    postal code before or after the town; ``surrogate.variation``), seeded per copy (:func:`vary_seed`).
    """
    started = time.perf_counter()
    out_format = out_format or in_format
    for fmt in (in_format, out_format):
        if fmt not in FORMATS:
            raise UserError(f"unknown corpus format {fmt!r} (choose one of {', '.join(FORMATS)})")
    if vary_formats and naming == "apply":
        raise UserError("--vary-formats is for augment copies only; apply keeps every format")
    if times < 1:
        raise UserError(f"--times must be at least 1, not {times}")
    if workers is not None and workers < 1:
        raise UserError(f"--workers must be at least 1, not {workers}")
    label_schema = _load_schema(schema)
    in_path, out_dir = Path(in_path), Path(out_dir)
    _check_paths(in_path, out_dir)
    mapping_path = _check_mapping(Path(mapping), out_dir) if mapping is not None else None

    if overlaps not in OVERLAP_POLICIES:
        raise UserError(f"unknown overlap policy {overlaps!r} (choose one of {', '.join(OVERLAP_POLICIES)})")
    if exclude_policy not in EXCLUDE_POLICIES:
        raise UserError(f"unknown exclusion policy {exclude_policy!r} (choose one of {', '.join(EXCLUDE_POLICIES)})")

    docs = list(read_corpus(in_path, in_format, allow_overlaps=overlaps == "resolve"))  # validate before heavy work
    _check_output_names(docs, times, keep_original, naming)
    blocklist: frozenset[str] = frozenset()
    if exclude_from is not None:
        blocklist = held_out_strings(exclude_from, exclude_format or in_format)
        if exclude_policy == "unseen":
            blocklist = unseen_strings(blocklist, docs)
    base = config or EngineConfig()
    engine_config = dataclasses.replace(
        base, profile=profile or base.profile, blocklist=frozenset(base.blocklist) | blocklist,
        name_prior=base.name_prior or _name_prior(name_prior, naming, docs, label_schema),
    )
    summary = AugmentSummary(out_dir=out_dir, documents=len(docs), blocked=len(blocklist))
    summary.spans = sum(len(d.spans) for d in docs)
    summary.unknown_labels, summary.unreplaceable_kinds = _schema_gaps(docs, label_schema, engine_config)
    n_workers = worker_count(workers, len(docs), len(docs) * (1 if naming == "apply" else times))
    if engine == "ray":
        n_workers = min(workers, len(docs)) if workers else None  # None: every CPU of the cluster
    elif engine != "local":
        raise UserError(f"unknown engine {engine!r} (choose local or ray)")

    committed: list[Path] = []  # a mapping file already renamed into place, removed if the final move fails
    try:
        _write_outputs(docs, label_schema, engine_config, blocklist, summary, out_dir, committed,
                       times=times, seed=seed, in_format=in_format, out_format=out_format,
                       keep_original=keep_original, naming=naming, mapping_path=mapping_path,
                       overwrite=overwrite, workers=n_workers, progress=progress, exclude_policy=exclude_policy,
                       engine=engine, ray_address=ray_address, vary_formats=vary_formats)
    except BaseException:
        for path in committed:
            path.unlink(missing_ok=True)
        raise
    summary.mapping = mapping_path
    summary.seconds = time.perf_counter() - started
    return summary


def _write_outputs(
    docs: list[Document], label_schema: LabelSchema, engine_config: EngineConfig, blocklist: frozenset[str],
    summary: AugmentSummary, out_dir: Path, committed: list[Path], *, times: int, seed: int, in_format: str,
    out_format: str, keep_original: bool, naming: Naming, mapping_path: Path | None, overwrite: bool,
    workers: int | None, progress: bool | None, exclude_policy: str, engine: str = "local",
    ray_address: str | None = None, vary_formats: bool = False,
) -> None:
    with atomic_output_dir(out_dir, overwrite=overwrite) as tmp:
        job = CopyJob(engine_config, label_schema, times, seed, keep_original, out_format, str(tmp), naming,
                   mapping_path is not None, vary_formats)
        extra: dict[str, Any] = {"vary_formats": True} if vary_formats else {}  # absent by default
        if engine_config.name_prior is not None:
            extra["name_prior"] = {"share": engine_config.name_prior.share,
                                   "words": len(engine_config.name_prior.counts)}
        run = manifest.run_record(
            tool="surrogate", command=naming, seed=seed, times=1 if naming == "apply" else times,
            profile=engine_config.profile, schema=label_schema.name, in_format=in_format,
            out_format=out_format, keep_original=keep_original, documents=len(docs),
            exclude_policy=exclude_policy if blocklist else None, held_out_strings=len(blocklist), **extra,
        )
        with _Outputs(tmp, out_dir, out_format, mapping_path, committed) as sink:
            sink.manifest.write(manifest.dumps(run))
            if engine == "ray":
                from .ray_runner import copy_results

                results = copy_results(docs, dataclasses.replace(job, out_dir=None), workers, ray_address)
            else:
                results = local_results(docs, job, workers)
            for outputs in with_progress(results, len(docs), progress):
                for out in outputs:
                    sink.add(out, summary)


NAME_PRIORS = ("corpus", "census")


def _name_prior(choice: str | None, naming: Naming, docs: list[Document],
                label_schema: LabelSchema) -> NamePrior | None:
    """The corpus's name prior, or None for the census alone (``choice`` None: the command's default)."""
    choice = choice or ("corpus" if naming == "apply" else "census")
    if choice not in NAME_PRIORS:
        raise UserError(f"unknown name prior {choice!r} (choose one of {', '.join(NAME_PRIORS)})")
    if choice == "census":
        return None
    prior = NamePrior.from_schema(docs, label_schema)
    return prior if prior.counts else None  # no word named in two documents: the census alone


def apply_corpus(in_path: str | Path, out_dir: str | Path, **options: Any) -> AugmentSummary:
    """One surrogate copy per document, written under the document's own name with the same span ids."""
    for name in ("times", "keep_original", "naming", "vary_formats"):
        if name in options:
            raise TypeError(f"apply_corpus() does not take {name!r}")
    return augment_corpus(in_path, out_dir, times=1, naming="apply", **options)


def _check_output_names(docs: Sequence[Document], times: int, keep_original: bool, naming: Naming) -> None:
    """Refuse, before any work, an input whose document names collide with copy names (``D`` and ``D_aug1``)."""
    if naming == "apply":
        return
    ids = {d.id for d in docs}
    for d in docs:
        base, sep, k = d.id.rpartition("_aug")
        if sep and k.isdigit() and base in ids and 1 <= int(k) <= times:
            raise UserError(f"document {d.id} has the name of copy {k} of document {base}; rename one of them")


def _load_schema(schema: str | Path | LabelSchema) -> LabelSchema:
    if isinstance(schema, LabelSchema):
        return schema
    try:
        return load_schema(schema)
    except SchemaError as exc:
        raise UserError(str(exc)) from None


def _check_paths(in_path: Path, out_dir: Path) -> None:
    src, dst = in_path.resolve(), out_dir.resolve()
    if src == dst or dst in src.parents:
        raise UserError(f"{out_dir}: the output directory must not be the input or contain it")


def _check_mapping(path: Path, out_dir: Path) -> Path:
    if path.exists() or path.is_symlink():
        raise UserError(f"{path}: mapping file already exists (remove it or choose another name)")
    if not path.parent.is_dir() and not _inside(path, out_dir):
        raise UserError(f"{path.parent}: no such directory for the mapping file")
    return path


def _inside(path: Path, directory: Path) -> bool:
    return Path(os.path.abspath(directory)) in Path(os.path.abspath(path)).parents


def _schema_gaps(docs: Sequence[Document], schema: LabelSchema, config: EngineConfig) -> tuple[tuple, tuple]:
    labels = {sp.label for d in docs for sp in d.spans}
    unknown = tuple(sorted(lbl for lbl in labels if schema.spec(lbl) is None))
    if config.profile != "surrogate":
        return unknown, ()
    kinds = {schema.kind_of(lbl) for lbl in labels} - {None, "keep", "sex"}
    return unknown, tuple(sorted(k for k in kinds if get_replacer_class(k) is None))


class _Outputs:
    """The files the parent writes in order: manifest, single-file corpus, mapping (private, renamed at the end)."""

    def __init__(self, tmp: Path, out_dir: Path, out_format: str, mapping: Path | None, committed: list[Path]) -> None:
        self.tmp, self.out_dir, self.out_format, self.mapping_target = tmp, out_dir, out_format, mapping
        self.committed = committed
        self.manifest = self.corpus = self.mapping = None
        self.mapping_tmp: Path | None = None
        try:
            self._open(tmp, out_dir, out_format, mapping)
        except BaseException:
            self._close()
            raise

    def _open(self, tmp: Path, out_dir: Path, out_format: str, mapping: Path | None) -> None:
        self.manifest = open(tmp / manifest.MANIFEST_NAME, "x", encoding="utf-8", newline="\n")
        if out_format != "brat":
            self.corpus = open(output_file(tmp, out_format), "x", encoding="utf-8", newline="\n")
        if mapping is not None:
            if _inside(mapping, out_dir):  # the user asked for it inside the output: it moves with it
                self.mapping_tmp = tmp / Path(os.path.abspath(mapping)).relative_to(os.path.abspath(out_dir))
                self.mapping_tmp.parent.mkdir(parents=True, exist_ok=True)
            else:
                self.mapping_tmp = mapping.with_name(f".{mapping.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
            self.mapping = manifest.open_private(self.mapping_tmp)

    def add(self, out: CopyOutput, summary: AugmentSummary) -> None:
        record = out.manifest
        self.manifest.write(manifest.dumps(record))
        if out.payload is not None:
            self.corpus.write(out.payload)
        if out.document is not None:
            write_document(out.document, self.tmp, "brat")
        if out.mapping is not None:
            self.mapping.write(manifest.dumps(out.mapping))
        if record.get("duplicate_of") is not None:
            summary.duplicates += 1
        elif record["copy"] == 0:
            summary.originals += 1
        else:
            summary.copies += 1
            summary.replaced.update(record["replaced"])
            summary.actions.update(record["actions"])
            summary.overlaps.update({k: len(v) for k, v in record.get("overlaps", {}).items()})
            summary.guarded.update({k: len(v) for k, v in record.get("guarded", {}).items()})

    def __enter__(self) -> _Outputs:
        return self

    def _close(self) -> None:
        for fh in (self.manifest, self.corpus, self.mapping):
            if fh is not None:
                fh.close()

    def __exit__(self, exc_type, exc, tb) -> None:
        self._close()
        if self.mapping_tmp is None:
            return
        inside = _inside(self.mapping_tmp, self.tmp)
        if exc_type is not None:
            if not inside:
                self.mapping_tmp.unlink(missing_ok=True)
            return
        if not inside:
            if self.mapping_target.exists():
                self.mapping_tmp.unlink(missing_ok=True)
                raise UserError(f"{self.mapping_target}: mapping file appeared during the run; not replaced")
            os.rename(self.mapping_tmp, self.mapping_target)
            self.committed.append(self.mapping_target)
