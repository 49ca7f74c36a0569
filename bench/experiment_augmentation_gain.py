"""Does surrogate augmentation help an NER model learn? A CRF learning curve on MEDDOCAN, measured as issue 13's
acceptance does.

At each training size (default 25, 50 and 100 documents of MEDDOCAN train; one seeded draw per repeat, nested
across sizes; 2 repeats = 2 different document draws) a CRF is trained in these conditions:

1. ``plain``        the documents alone, the default 20 epochs (for reference);
2. ``plain-equal``  the documents alone for 20 × (1 + times) epochs: as many SGD updates as the augmented runs.
                    This is the plain model every gain is measured against;
3. ``surrogate``    plus ×10 copies written by ``surrogate augment --times 10 --seed r`` (augment_corpus);
4. ``mention``      plus ×10 copies by in-corpus mention replacement (Dai & Adel 2020), the baseline to beat;
5. ``vary``         plus ×10 copies by ``surrogate augment --times 10 --seed r --vary-formats``; skipped (with a
                    note) when the augment generator has no ``vary_formats`` option;
6. ``corpus-names`` plus ×10 copies by ``surrogate augment --times 10 --seed r --name-prior corpus`` (half of
                    every name draw follows the training documents' own name words): not run by default, pass it
                    in ``--conditions``.

Each model is scored on MEDDOCAN dev (strict micro F1, surrogate.evaluation; per-document counts kept, so the
report draws a paired bootstrap: the same resampled dev documents score both models of a difference) and on the
out-of-domain notes of tests/data/ood (their gold .ann files; strict and exact micro recall, paired bootstrap
over those documents). The CRF is the project's backend with its default settings (crfsuite l2sgd, c2 = 0.01,
20 epochs, SGD seed 1).

Run: python bench/experiment_augmentation_gain.py            (default: sizes 25,50,100, 2 repeats, 1 worker)
     python bench/experiment_augmentation_gain.py --quick    (smoke run: size 25, one draw, 2 epochs; no docs)

Finished runs are cached in a JSONL file outside the repository (``--results``), keyed by what a run trains on
and by a fingerprint of the code it runs (surrogate/, augment/, gazetteers/), so an interrupted run resumes
where it stopped and a run of other code never reuses stale rows. Needs the ``crf`` extra (``plot`` for the
PNG).
"""
from __future__ import annotations

import argparse
import hashlib
import inspect
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

from augment.corpus import read_corpus, write_document
from augment.generator import augment_corpus
from surrogate.model import Document
from surrogate.ner.crf import CrfBackend, CrfSettings, train_crf
from surrogate.rng import derive_seed

DATA = REPO.parent / "shared" / "data" / "meddocan"
OOD = REPO / "tests" / "data" / "ood"
DOC = REPO / "docs" / "experiment-augmentation.md"
PLOT = REPO / "docs" / "experiment-augmentation.png"
RESULTS = Path(tempfile.gettempdir()) / "surrogate-augmentation-gain" / "results13.jsonl"
CONDITIONS = ("plain", "plain-equal", "surrogate", "mention", "vary")
AUGMENTED = ("surrogate", "mention", "vary", "corpus-names")
OPTIONAL_CONDITIONS = ("corpus-names",)
# --vary-formats is issue 13's addition to augment; without it the script still runs the other conditions.
HAS_VARY_FORMATS = "vary_formats" in inspect.signature(augment_corpus).parameters


def code_fingerprint() -> str:
    """Hash of the code and data a run depends on: the engine, augment and gazetteers (CRF features read them)."""
    import augment
    import gazetteers
    import surrogate

    digest = hashlib.sha256()
    roots = [Path(m.__file__).parent for m in (surrogate, augment, gazetteers)]
    files = [f for root in roots for f in sorted(root.rglob("*")) if f.is_file() and "__pycache__" not in f.parts]
    files.append(REPO / "bench" / "experiment_mention_replacement.py")
    for f in files:
        digest.update(f.name.encode())
        digest.update(f.read_bytes())
    return digest.hexdigest()[:12]


@dataclass(frozen=True)
class Task:
    size: int
    repeat: int
    condition: str
    doc_ids: tuple[str, ...]
    times: int
    seed: int  # augmentation seed (the repeat number)
    epochs: int
    code: str  # code_fingerprint() of the checkout that runs it

    @property
    def epochs_run(self) -> int:
        """Plain-equal makes as many updates as an augmented run: epochs × (1 + times) passes over 1/(1 + times)
        as many sequences (duplicate copies dropped from the augmented set make that a slight overestimate)."""
        return self.epochs * (1 + self.times) if self.condition == "plain-equal" else self.epochs

    @property
    def key(self) -> str:
        parts = [self.condition, self.epochs_run, ",".join(self.doc_ids), self.code]
        if self.condition in AUGMENTED:
            parts += [self.times, self.seed]
        return hashlib.sha256(repr(parts).encode()).hexdigest()[:20]

    @property
    def cost(self) -> int:
        copies = self.times + 1 if self.condition in AUGMENTED else 1
        return self.size * copies * self.epochs_run


# ------------------------------------------------------------------------------------------- workers

_STATE: dict[str, object] = {}


def _init_worker(train_dir: str, dev_dir: str, ood_dir: str) -> None:
    _STATE["train"] = {d.id: d for d in read_corpus(train_dir)}
    _STATE["dev"] = list(read_corpus(dev_dir))
    _STATE["ood"] = list(read_corpus(ood_dir, "brat", allow_overlaps=True))


def _key(doc: Document) -> tuple:
    return doc.text, tuple((sp.label, sp.fragments) for sp in doc.spans)


def augment_copies(docs: list[Document], times: int, seed: int, vary_formats: bool = False,
                   name_prior: str | None = None) -> list[Document]:
    """The copies ``surrogate augment --times T --seed S [--vary-formats] [--name-prior P]`` writes for ``docs``
    (read back)."""
    options: dict[str, object] = {"vary_formats": True} if vary_formats else {}
    if name_prior:
        options["name_prior"] = name_prior
    with tempfile.TemporaryDirectory(prefix="aug-gain-") as tmp:
        src, out = Path(tmp) / "in", Path(tmp) / "out"
        src.mkdir()
        for doc in docs:
            write_document(doc, src, "brat", doc.id)
        augment_corpus(src, out, times=times, seed=seed, workers=1, progress=False, **options)
        return list(read_corpus(out))


def _augmented(docs: list[Document], task: Task) -> list[Document]:
    """The training set: the documents plus their copies, copies identical to an earlier document dropped."""
    if task.condition == "mention":
        copies = mention_replacement_copies(docs, task.times, task.seed, MentionPool(docs))
    else:
        copies = augment_copies(docs, task.times, task.seed, vary_formats=task.condition == "vary",
                                name_prior="corpus" if task.condition == "corpus-names" else None)
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
    ood: list[Document] = _STATE["ood"]  # type: ignore[assignment]
    docs = [train[i] for i in task.doc_ids]
    t0 = time.perf_counter()
    training = _augmented(docs, task) if task.condition in AUGMENTED else docs
    augment_seconds = time.perf_counter() - t0
    settings = CrfSettings(max_iterations=task.epochs_run)  # l2sgd defaults otherwise
    with tempfile.TemporaryDirectory(prefix="aug-gain-") as model_dir:
        cpu0 = time.process_time()
        report = train_crf(training, model_dir, settings=settings)
        train_cpu = time.process_time() - cpu0
        t1 = time.perf_counter()
        backend = CrfBackend(model_dir)
        predictions = dict(zip([d.id for d in dev], backend.predict([d.text for d in dev])))
        ood_predictions = dict(zip([d.id for d in ood], backend.predict([d.text for d in ood])))
        predict_seconds = time.perf_counter() - t1
    strict = per_document_counts(dev, predictions)
    unseen = unseen_mentions(dev, SeenStrings([d.text for d in docs]))
    found, total = unseen_recall_counts(unseen, predictions)
    return {
        "key": task.key, **{k: v for k, v in asdict(task).items() if k != "doc_ids"},
        "epochs_run": task.epochs_run, "training_documents": report.documents, "training_tokens": report.tokens,
        "augment_seconds": round(augment_seconds, 2), "featurize_seconds": report.featurize_seconds,
        "train_seconds": report.train_seconds, "train_cpu_seconds": round(train_cpu, 2),
        "predict_seconds": round(predict_seconds, 2),
        "per_document": strict, "dev_ids": [d.id for d in dev],
        "unseen_found": found, "unseen_total": total,
        "ood_per_document": {mode: per_document_counts(ood, ood_predictions, mode) for mode in ("strict", "exact")},
        "ood_ids": [d.id for d in ood],
        "ood_per_label": per_label_recall(ood, ood_predictions),
    }


def per_label_recall(gold: list[Document], pred: dict[str, list]) -> dict[str, list[int]]:
    """Label → [strict matches, gold spans] over ``gold`` (label and offsets equal), for a per-label look."""
    out: dict[str, list[int]] = {}
    for doc in gold:
        found = {(sp.label, sp.start, sp.end) for sp in pred.get(doc.id, ())}
        for sp in doc.spans:
            row = out.setdefault(sp.label, [0, 0])
            row[0] += (sp.label, sp.start, sp.end) in found
            row[1] += 1
    return out


def per_label_table(tasks: list[Task], results: dict[str, dict]) -> str:
    """Markdown: strict OOD recall per gold label (found / gold spans, summed over the draws) of each size and
    augmented condition, labels by gold count; runs cached before the per-label counts existed are left out."""
    cells: dict[tuple[int, str], dict[str, list[int]]] = {}
    for t in tasks:
        row = results.get(t.key)
        if row is None or "ood_per_label" not in row or t.condition not in ("surrogate", "vary"):
            continue
        cell = cells.setdefault((t.size, t.condition), {})
        for label, (found, gold) in row["ood_per_label"].items():
            acc = cell.setdefault(label, [0, 0])
            acc[0] += found
            acc[1] += gold
    if not cells:
        return ""
    columns = sorted(cells)
    totals: dict[str, int] = {}
    for cell in cells.values():
        for label, (_, gold) in cell.items():
            totals[label] = max(totals.get(label, 0), gold)
    head = " | ".join(f"{size}: {condition}" for size, condition in columns)
    lines = ["OOD strict recall per label (found / gold, summed over draws):", "",
             f"| label | {head} |", "|---|" + "---:|" * len(columns)]
    for label in sorted(totals, key=lambda k: (-totals[k], k)):
        row = [f"{cells[c].get(label, [0, 0])[0]} / {cells[c].get(label, [0, 0])[1]}" for c in columns]
        lines.append(f"| {label} | " + " | ".join(row) + " |")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------- planning


def draws(train_ids: list[str], sizes: list[int], repeats: int) -> dict[tuple[int, int], tuple[str, ...]]:
    """(size, repeat) → training document ids. Repeat r draws one seeded permutation of train and takes its first
    n documents for each size, so a repeat's subsets are nested and two repeats are different draws."""
    out = {}
    for r in range(repeats):
        order = np.random.default_rng(derive_seed("augmentation-gain-subsets", r)).permutation(len(train_ids))
        for size in sizes:
            out[size, r] = tuple(sorted(train_ids[i] for i in order[:size]))
    return out


def all_tasks(train_ids: list[str], args: argparse.Namespace, code: str) -> list[Task]:
    conditions = [c for c in args.conditions if c != "vary" or HAS_VARY_FORMATS]
    return [
        Task(size, r, condition, ids, args.times, r, args.epochs, code)
        for (size, r), ids in draws(train_ids, args.sizes, args.repeats).items()
        for condition in conditions
    ]


def load_results(path: Path) -> dict[str, dict]:
    out = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                out[row["key"]] = row
    return out


def run(tasks: list[Task], args: argparse.Namespace, results: dict[str, dict]) -> None:
    # Smallest sizes first, so an interrupted run still has the first points of the curve.
    todo = sorted((t for t in tasks if t.key not in results), key=lambda t: (t.size, t.repeat, -t.cost))
    if not todo:
        print("all runs cached in", args.results)
        return
    print(f"{len(todo)} training runs ({len(tasks) - len(todo)} cached) on {args.workers} processes", flush=True)
    args.results.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    # Worker processes are reused: train_crf seeds crfsuite's shuffle, so a run does not depend on the schedule.
    pool_args = (args.workers, _init_worker, (str(args.train), str(args.dev), str(args.ood)))
    with multiprocessing.get_context().Pool(*pool_args) as pool, \
            args.results.open("a", encoding="utf-8") as sink:
        for done, row in enumerate(pool.imap_unordered(run_task, todo), start=1):
            results[row["key"]] = row
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            counts = row["per_document"]
            f1 = 2 * sum(counts["cor"]) / max(1, sum(counts["act"]) + sum(counts["pos"]))
            ood = row["ood_per_document"]["strict"]
            print(
                f"[{done}/{len(todo)} {time.perf_counter() - started:6.0f} s] size {row['size']:>3} repeat {row['repeat']} "
                f"{row['condition']:<11} docs {row['training_documents']:>5}  dev F1 {f1:.4f}  "
                f"OOD recall {sum(ood['cor']) / max(1, sum(ood['pos'])):.4f}  augment {row['augment_seconds']:.0f} s, "
                f"featurise {row['featurize_seconds']:.0f} s, train {row['train_seconds']:.0f} s "
                f"(CPU {row['train_cpu_seconds']:.0f} s)",
                flush=True,
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smoke run: size 25, one draw, 2 epochs, ×2, no docs")
    parser.add_argument("--sizes", type=lambda s: [int(x) for x in s.split(",")], default=None,
                        help="training sizes (default 25,50,100)")
    parser.add_argument("--repeats", type=int, default=None, help="document draws per size (default 2)")
    parser.add_argument("--conditions", type=lambda s: s.split(","), default=list(CONDITIONS),
                        help=f"comma-separated subset of {','.join(CONDITIONS + OPTIONAL_CONDITIONS)}")
    parser.add_argument("--times", type=int, default=None, help="copies per document (default 10)")
    parser.add_argument("--epochs", type=int, default=None, help="epochs of a run (default 20, the CRF default)")
    parser.add_argument("--workers", type=int, default=1, help="trainings side by side (crfsuite is single-threaded)")
    parser.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples (default 1000)")
    parser.add_argument("--train", type=Path, default=DATA / "train")
    parser.add_argument("--dev", type=Path, default=DATA / "dev")
    parser.add_argument("--ood", type=Path, default=OOD, help="annotated out-of-domain corpus (default tests/data/ood)")
    parser.add_argument("--results", type=Path, default=RESULTS, help=f"run cache (JSONL; default {RESULTS})")
    parser.add_argument("--fresh", action="store_true", help="ignore cached runs")
    parser.add_argument("--doc", type=Path, default=None, help=f"markdown to update (default {DOC.relative_to(REPO)}; none with --quick)")
    parser.add_argument("--plot", type=Path, default=None, help=f"plot PNG (default {PLOT.relative_to(REPO)}; none with --quick)")
    parser.add_argument("--report-only", action="store_true", help="write the tables from cached runs; train nothing")
    parser.add_argument("--label", default="", help="names the checkout in the doc (e.g. 'after issue 13')")
    args = parser.parse_args(argv)
    args.sizes = args.sizes or ([25] if args.quick else [25, 50, 100])
    args.repeats = args.repeats or (1 if args.quick else 2)
    args.epochs = args.epochs or (2 if args.quick else CrfSettings().max_iterations)
    args.times = args.times or (2 if args.quick else 10)
    if unknown := set(args.conditions) - set(CONDITIONS + OPTIONAL_CONDITIONS):
        parser.error(f"unknown condition(s) {', '.join(sorted(unknown))}")
    if not args.quick:
        args.doc = args.doc or DOC
        args.plot = args.plot or PLOT
    for path in (args.train, args.dev, args.ood):
        if not path.is_dir():
            print(f"error: {path}: corpus not found (MEDDOCAN is expected in ../shared/data/meddocan next to the repo)", file=sys.stderr)
            return 2
    if "vary" in args.conditions and not HAS_VARY_FORMATS:
        print("note: augment has no vary_formats option in this checkout; the 'vary' condition is skipped", flush=True)

    train_ids = sorted(d.id for d in read_corpus(args.train))
    if max(args.sizes) > len(train_ids):
        print(f"error: size {max(args.sizes)} exceeds the {len(train_ids)} training documents", file=sys.stderr)
        return 2
    started = time.perf_counter()
    if args.fresh and args.results.exists():
        args.results.unlink()
    results = load_results(args.results)
    code = code_fingerprint()
    print(f"code fingerprint {code}", flush=True)
    tasks = all_tasks(train_ids, args, code)
    if not args.report_only:
        run(tasks, args, results)
    elapsed = time.perf_counter() - started

    from experiment_report import build_report, write_doc, write_plot

    report = build_report(tasks, results, args)
    print()
    print(report.markdown)
    print()
    print(per_label_table(tasks, results))
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
