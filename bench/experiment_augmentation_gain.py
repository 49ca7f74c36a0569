"""Does surrogate augmentation help an NER model learn? A CRF learning curve on MEDDOCAN.

At each training size (25, 50, 100, 250, 500 documents of MEDDOCAN train; nested seeded subsets, several
subsets per size) a CRF is trained in three conditions and scored on MEDDOCAN dev:

1. ``plain``      the documents alone;
2. ``surrogate``  plus ×10 copies made by this project's engine (as ``surrogate augment`` makes them);
3. ``mention``    plus ×10 copies by in-corpus mention replacement (Dai & Adel 2020), the baseline to beat.

A control, ``plain-long``, trains on the plain documents for 11× the epochs (as many SGD updates as the
augmented runs) at the small sizes: a gain of augmentation that is only "more updates" would show there.

Reported: strict micro F1 with a bootstrap 95% interval over dev documents (1000 resamples, paired across
conditions for the differences), recall on dev mentions whose string never occurs in the training
documents, and training times. Writes the tables into docs/experiment-augmentation.md (between the
``results`` markers) and the plot into docs/experiment-augmentation.png.

Run: python bench/experiment_augmentation_gain.py            (full run; ≈1 h on 2 free cores)
     python bench/experiment_augmentation_gain.py --quick    (smoke run: sizes 25 and 50, 5 epochs; no docs)

Finished runs are cached in a JSONL file outside the repository (``--results``), so an interrupted run
resumes where it stopped. Needs the ``crf`` and ``plot`` extras.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from experiment_mention_replacement import MentionPool, mention_replacement_copies
from experiment_stats import (
    SeenStrings,
    per_document_counts,
    unseen_mentions,
    unseen_recall_counts,
)

from augment.corpus import read_corpus
from augment.generator import copy_seed
from surrogate.engine import Engine
from surrogate.evaluation import evaluate
from surrogate.model import Document
from surrogate.ner.crf import CrfBackend, CrfSettings, train_crf
from surrogate.rng import derive_seed

DATA = REPO.parent / "shared" / "data" / "meddocan"
DOC = REPO / "docs" / "experiment-augmentation.md"
PLOT = REPO / "docs" / "experiment-augmentation.png"
RESULTS = Path(tempfile.gettempdir()) / "surrogate-augmentation-gain" / "results.jsonl"
CONDITIONS = ("plain", "plain-long", "surrogate", "mention")
LONG_CONTROL_MAX_SIZE = 100  # the equal-updates control is run up to this size


@dataclass(frozen=True)
class Task:
    size: int
    repeat: int
    condition: str
    doc_ids: tuple[str, ...]
    times: int
    seed: int  # augmentation seed (the repeat number)
    algorithm: str
    epochs: int
    c2: float

    @property
    def key(self) -> str:
        """Identifies a run by what it trains on: plain runs on the same documents share one key."""
        parts = [self.condition, self.algorithm, self.epochs, self.c2, ",".join(self.doc_ids)]
        if self.condition in ("surrogate", "mention"):
            parts += [self.times, self.seed]
        return hashlib.sha256(repr(parts).encode()).hexdigest()[:20]

    @property
    def cost(self) -> int:
        copies = self.times + 1 if self.condition in ("surrogate", "mention") else 1
        return self.size * copies * self.epochs


# ------------------------------------------------------------------------------------------- workers

_STATE: dict[str, object] = {}


def _init_worker(train_dir: str, dev_dir: str) -> None:
    _STATE["train"] = {d.id: d for d in read_corpus(train_dir)}
    _STATE["dev"] = list(read_corpus(dev_dir))


def _engine() -> Engine:
    if "engine" not in _STATE:
        _STATE["engine"] = Engine()
    return _STATE["engine"]  # type: ignore[return-value]


def _key(doc: Document) -> tuple:
    return doc.text, tuple((sp.label, sp.fragments) for sp in doc.spans)


def _augmented(docs: list[Document], task: Task) -> list[Document]:
    """The training set: the documents plus their copies, copies identical to an earlier document dropped."""
    if task.condition == "surrogate":
        engine = _engine()
        copies = [
            engine.apply(doc, rng=np.random.default_rng(copy_seed(task.seed, doc.id, k))).document
            for doc in docs for k in range(1, task.times + 1)
        ]
    else:
        copies = mention_replacement_copies(docs, task.times, task.seed, MentionPool(docs))
    seen = {_key(d) for d in docs}
    out = list(docs)
    for copy in copies:
        if _key(copy) not in seen:
            seen.add(_key(copy))
            out.append(copy)
    return out


def run_task(task: Task) -> dict:
    train: dict[str, Document] = _STATE["train"]  # type: ignore[assignment]
    dev: list[Document] = _STATE["dev"]  # type: ignore[assignment]
    docs = [train[i] for i in task.doc_ids]
    t0 = time.perf_counter()
    training = _augmented(docs, task) if task.condition in ("surrogate", "mention") else docs
    augment_seconds = time.perf_counter() - t0
    epochs = task.epochs * (task.times + 1) if task.condition == "plain-long" else task.epochs
    settings = CrfSettings(algorithm=task.algorithm, max_iterations=epochs, c2=task.c2)
    with tempfile.TemporaryDirectory(prefix="aug-gain-") as model_dir:
        cpu0 = time.process_time()
        report = train_crf(training, model_dir, settings=settings)
        train_cpu = time.process_time() - cpu0
        t1 = time.perf_counter()
        backend = CrfBackend(model_dir)
        predictions = dict(zip([d.id for d in dev], backend.predict([d.text for d in dev])))
        predict_seconds = time.perf_counter() - t1
    scores = evaluate({d.id: d for d in dev}, predictions)
    unseen = unseen_mentions(dev, SeenStrings([d.text for d in docs]))
    found, total = unseen_recall_counts(unseen, predictions)
    return {
        "key": task.key, **{k: v for k, v in asdict(task).items() if k != "doc_ids"},
        "epochs_run": epochs, "training_documents": report.documents, "training_tokens": report.tokens,
        "augment_seconds": round(augment_seconds, 2), "featurize_seconds": report.featurize_seconds,
        "train_seconds": report.train_seconds, "train_cpu_seconds": round(train_cpu, 2),
        "predict_seconds": round(predict_seconds, 2),
        "strict": {k: scores.strict.micro.to_dict()[k] for k in ("precision", "recall", "f1")},
        "exact_f1": scores.exact.micro.f1, "strict_macro_f1": scores.strict.macro["f1"],
        "per_document": per_document_counts(dev, predictions),
        "unseen_found": found, "unseen_total": total,
        "dev_ids": [d.id for d in dev],
    }


# ------------------------------------------------------------------------------------------- planning


def all_tasks(train_ids: list[str], sizes: list[int], repeats: int, args: argparse.Namespace) -> list[Task]:
    """Every (size, repeat, condition). Nested subsets: repeat r draws one permutation of train and takes its
    first n documents for each size (so at n = all of train every repeat has the same plain run)."""
    out = []
    for r in range(repeats):
        order = np.random.default_rng(derive_seed("augmentation-gain-subsets", r)).permutation(len(train_ids))
        for size in sizes:
            ids = tuple(sorted(train_ids[i] for i in order[:size]))
            for condition in CONDITIONS:
                if condition == "plain-long" and (size > LONG_CONTROL_MAX_SIZE or args.no_control):
                    continue
                out.append(Task(size, r, condition, ids, args.times, r, args.algorithm, args.epochs, args.c2))
    return out


def plan(tasks: list[Task]) -> list[Task]:
    """The training runs to do: one per key."""
    return list({t.key: t for t in reversed(tasks)}.values())


def load_results(path: Path) -> dict[str, dict]:
    out = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                out[row["key"]] = row
    return out


def run(tasks: list[Task], args: argparse.Namespace, results: dict[str, dict]) -> None:
    # Longest first (the pool stays busy to the end), but the whole-train-set runs, which repeat the same plain
    # documents with other augmentation seeds, last: an interrupted run still has the whole curve.
    largest = max(t.size for t in tasks)
    todo = sorted((t for t in tasks if t.key not in results), key=lambda t: (t.size == largest, -t.cost))
    if not todo:
        print("all runs cached in", args.results)
        return
    print(f"{len(todo)} training runs ({len(tasks) - len(todo)} cached) on {args.workers} processes", flush=True)
    args.results.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    # One process per training: crfsuite shuffles with the C library's rand(), whose state would otherwise carry
    # over from the previous training in the same process and make a run depend on the schedule.
    pool_args = (args.workers, _init_worker, (str(args.train), str(args.dev)), 1)
    with multiprocessing.get_context().Pool(*pool_args) as pool, \
            args.results.open("a", encoding="utf-8") as sink:
        for done, row in enumerate(pool.imap_unordered(run_task, todo), start=1):
            results[row["key"]] = row
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            print(
                f"[{done}/{len(todo)} {time.perf_counter() - started:6.0f} s] size {row['size']:>3} repeat {row['repeat']} "
                f"{row['condition']:<10} docs {row['training_documents']:>5}  F1 {row['strict']['f1']:.4f}  "
                f"featurise {row['featurize_seconds']:.0f} s, train {row['train_seconds']:.0f} s "
                f"(CPU {row['train_cpu_seconds']:.0f} s)",
                flush=True,
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smoke run: sizes 25 and 50, one subset, 5 epochs, no docs")
    parser.add_argument("--sizes", type=lambda s: [int(x) for x in s.split(",")], default=None)
    parser.add_argument("--repeats", type=int, default=None, help="subsets per size (default 3; 1 with --quick)")
    parser.add_argument("--times", type=int, default=10, help="copies per document (default 10)")
    parser.add_argument("--algorithm", default="l2sgd", help="crfsuite algorithm (default l2sgd)")
    parser.add_argument("--epochs", type=int, default=None, help="training epochs (default 20; 5 with --quick)")
    parser.add_argument("--c2", type=float, default=0.01)
    parser.add_argument("--no-control", action="store_true", help="skip the plain-long (equal updates) control")
    parser.add_argument("--workers", type=int, default=2, help="trainings side by side (crfsuite is single-threaded)")
    parser.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples (default 1000)")
    parser.add_argument("--train", type=Path, default=DATA / "train")
    parser.add_argument("--dev", type=Path, default=DATA / "dev")
    parser.add_argument("--results", type=Path, default=RESULTS, help=f"run cache (JSONL; default {RESULTS})")
    parser.add_argument("--fresh", action="store_true", help="ignore cached runs")
    parser.add_argument("--doc", type=Path, default=None, help=f"markdown to update (default {DOC.relative_to(REPO)}; none with --quick)")
    parser.add_argument("--plot", type=Path, default=None, help=f"plot PNG (default {PLOT.relative_to(REPO)}; none with --quick)")
    args = parser.parse_args(argv)
    args.sizes = args.sizes or ([25, 50] if args.quick else [25, 50, 100, 250, 500])
    args.repeats = args.repeats or (1 if args.quick else 3)
    args.epochs = args.epochs or (5 if args.quick else 20)
    if not args.quick:
        args.doc = args.doc or DOC
        args.plot = args.plot or PLOT
    for path in (args.train, args.dev):
        if not path.is_dir():
            print(f"error: {path}: MEDDOCAN split not found (expected ../shared/data/meddocan next to the repo)", file=sys.stderr)
            return 2

    train_ids = sorted(d.id for d in read_corpus(args.train))
    if max(args.sizes) > len(train_ids):
        print(f"error: size {max(args.sizes)} exceeds the {len(train_ids)} training documents", file=sys.stderr)
        return 2
    started = time.perf_counter()
    results = {} if args.fresh else load_results(args.results)
    if args.fresh and args.results.exists():
        args.results.unlink()
    tasks = all_tasks(train_ids, args.sizes, args.repeats, args)
    run(plan(tasks), args, results)
    elapsed = time.perf_counter() - started

    from experiment_report import build_report, write_doc, write_plot

    report = build_report(tasks, results, args)
    print()
    print(report.markdown)
    print(f"\nwall time of this invocation: {elapsed / 60:.1f} min; CPU time of all runs: {report.total_cpu / 60:.1f} min")
    if args.plot:
        write_plot(report, args.plot)
        print("plot:", args.plot)
    if args.doc:
        write_doc(report, args.doc)
        print("tables:", args.doc)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sys.exit(main())
