"""Diagnose ``augment --vary-formats`` on the out-of-domain notes: which gold spans a CRF trained on ×10
``--vary-formats`` copies finds or misses against one trained on plain ×10 copies, per label and per span.

Trains the runs of bench/experiment_augmentation_gain.py's ``surrogate`` and ``vary`` conditions (same document
draws, seeds, CRF settings) and keeps each model's OOD predictions, so the spans can be compared. A run is cached
in ``--cache`` under ``--tag`` (plain ``surrogate`` runs under the tag ``surrogate``: they do not depend on the
variation code, whose plain outputs are byte-identical), so a new variation policy costs only its ``vary`` runs.

Run: python bench/diag_vary_ood.py --size 100 --repeats 2 --tag mytry [--cache /tmp/h26/diag] [--spans]
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from experiment_augmentation_gain import DATA, OOD, Task, _augmented, draws
from experiment_stats import bootstrap_indices, difference_interval, per_document_counts

from augment.corpus import read_corpus
from surrogate.model import Span
from surrogate.ner.crf import CrfBackend, CrfSettings, train_crf


def _spans(spans) -> list[list]:
    return [[sp.label, sp.start, sp.end] for sp in spans]


def train_and_predict(condition: str, size: int, repeat: int, train, dev, ood, with_dev: bool) -> dict:
    ids = draws(sorted(train), [size], repeat + 1)[size, repeat]
    docs = [train[i] for i in ids]
    task = Task(size, repeat, condition, ids, 10, repeat, CrfSettings().max_iterations, "")
    t0 = time.process_time()
    training = _augmented(docs, task)
    with tempfile.TemporaryDirectory(prefix="diag-vary-") as model_dir:
        train_crf(training, model_dir, settings=CrfSettings())
        backend = CrfBackend(model_dir)
        ood_pred = dict(zip([d.id for d in ood], backend.predict([d.text for d in ood])))
        dev_counts = None
        if with_dev:
            dev_pred = dict(zip([d.id for d in dev], backend.predict([d.text for d in dev])))
            dev_counts = per_document_counts(dev, dev_pred)
    return {"ood": {k: _spans(v) for k, v in ood_pred.items()}, "dev": dev_counts, "cpu": time.process_time() - t0}


def _pred(row: dict) -> dict[str, list[Span]]:
    return {k: [Span.from_fragments(f"P{i}", lab, ((s, e),)) for i, (lab, s, e) in enumerate(v)]
            for k, v in row["ood"].items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=100)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--tag", required=True, help="names the vary runs of this checkout in the cache")
    ap.add_argument("--cache", type=Path, default=Path("/tmp/diag-vary-ood"))
    ap.add_argument("--dev", action="store_true", help="also score MEDDOCAN dev (F1)")
    ap.add_argument("--spans", action="store_true", help="list the gold spans one model finds and the other misses")
    ap.add_argument("--only", default="", help="comma-separated labels for --spans")
    args = ap.parse_args(argv)
    args.cache.mkdir(parents=True, exist_ok=True)
    train = {d.id: d for d in read_corpus(DATA / "train")}
    dev = list(read_corpus(DATA / "dev")) if args.dev else []
    ood = list(read_corpus(OOD, "brat", allow_overlaps=True))
    rows: dict[str, list[dict]] = {}
    for condition, tag in (("surrogate", "surrogate"), ("vary", args.tag)):
        for r in range(args.repeats):
            path = args.cache / f"{tag}-{args.size}-{r}.json"
            row = json.loads(path.read_text()) if path.exists() else None
            if row is None or (args.dev and row["dev"] is None):
                row = train_and_predict(condition, args.size, r, train, dev, ood, args.dev)
                path.write_text(json.dumps(row))
                print(f"trained {tag} size {args.size} repeat {r}: {row['cpu']:.0f} CPU s", flush=True)
            rows.setdefault(condition, []).append(row)

    idx = bootstrap_indices(len(ood), 1000, 13)
    for mode in ("strict", "exact"):
        pooled = {}
        for condition, runs in rows.items():
            counts = [per_document_counts(ood, _pred(row), mode) for row in runs]
            pooled[condition] = {k: np.sum([c[k] for c in counts], axis=0) for k in ("cor", "act", "pos")}
        d = difference_interval(pooled["vary"], pooled["surrogate"], idx, "recall")
        rec = {c: pooled[c]["cor"].sum() / pooled[c]["pos"].sum() for c in pooled}
        print(f"OOD {mode} recall: surrogate {rec['surrogate']:.4f} vary {rec['vary']:.4f}  "
              f"vary - surrogate {100 * d[0]:+.2f} [{100 * d[1]:+.2f}, {100 * d[2]:+.2f}]")
    if args.dev:
        didx = bootstrap_indices(len(dev), 1000, 13)
        pooled = {c: {k: np.sum([row["dev"][k] for row in runs], axis=0) for k in ("cor", "act", "pos")}
                  for c, runs in rows.items()}
        f1 = {c: 2 * p["cor"].sum() / (p["act"].sum() + p["pos"].sum()) for c, p in pooled.items()}
        d = difference_interval(pooled["vary"], pooled["surrogate"], didx, "f1")
        print(f"dev F1: surrogate {f1['surrogate']:.4f} vary {f1['vary']:.4f}  "
              f"vary - surrogate {100 * d[0]:+.2f} [{100 * d[1]:+.2f}, {100 * d[2]:+.2f}]")

    # per label, strict: found by both / only surrogate / only vary / neither, summed over repeats
    table: dict[str, Counter] = {}
    lists: dict[str, list[str]] = {}
    for r in range(args.repeats):
        preds = {c: _pred(rows[c][r]) for c in rows}
        for doc in ood:
            found = {c: {(sp.label, sp.start, sp.end) for sp in preds[c].get(doc.id, ())} for c in preds}
            for sp in doc.spans:
                key = (sp.label, sp.start, sp.end)
                s, v = key in found["surrogate"], key in found["vary"]
                cell = "both" if s and v else "only_surrogate" if s else "only_vary" if v else "neither"
                table.setdefault(sp.label, Counter())[cell] += 1
                if cell != "both":
                    lists.setdefault(cell, []).append(f"r{r} {doc.id} {sp.label} {doc.span_text(sp)!r}")
    print(f"\n{'label':34} both only_sur only_vary neither")
    for label, c in sorted(table.items(), key=lambda kv: -sum(kv[1].values())):
        print(f"{label:34} {c['both']:4} {c['only_surrogate']:8} {c['only_vary']:9} {c['neither']:7}")
    if args.spans:
        only = set(filter(None, args.only.split(",")))
        for cell in ("only_surrogate", "only_vary", "neither"):
            print(f"\n== {cell}")
            for line in lists.get(cell, []):
                if not only or line.split()[2] in only:
                    print(line)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sys.exit(main())
