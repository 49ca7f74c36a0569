"""Tables and plot of the augmentation-gain experiment, from the cached runs of experiment_augmentation_gain.py.

Per size and condition the runs of all document draws are pooled: their per-document counts are summed, so the
point estimate is the micro score over every (draw, document) pair. The bootstrap resamples documents (dev for
F1, the out-of-domain notes for recall) with the same resamples for every condition, so each difference is a
paired bootstrap: both models are scored on the same document sample in every resample.
"""
from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import numpy as np
from experiment_stats import bootstrap_indices, difference_interval, micro_f1, score_interval

BEGIN, END = "<!-- results:begin -->", "<!-- results:end -->"
LABELS = {
    "plain": "plain, default epochs",
    "plain-equal": "plain, equal updates",
    "mention": "+ ×T mention replacement",
    "surrogate": "+ ×T surrogates",
    "vary": "+ ×T surrogates, --vary-formats",
    "corpus-names": "+ ×T surrogates, --name-prior corpus",
}
COLORS = {"plain": "#aaaaaa", "plain-equal": "#555555", "surrogate": "#1f77b4", "mention": "#d62728",
          "vary": "#2ca02c", "corpus-names": "#9467bd"}
BOOTSTRAP_SEED = 20240601
# (name, per-document counts field, mode, metric): dev strict F1 and out-of-domain recall
MEASURES = {
    "dev-f1": ("per_document", None, "f1"),
    "ood-strict": ("ood_per_document", "strict", "recall"),
    "ood-exact": ("ood_per_document", "exact", "recall"),
}
PAIRS = (("surrogate", "plain-equal"), ("surrogate", "mention"), ("vary", "plain-equal"), ("vary", "mention"),
         ("vary", "surrogate"), ("mention", "plain-equal"), ("plain", "plain-equal"),
         ("corpus-names", "plain-equal"), ("corpus-names", "surrogate"))

Interval = tuple[float, float, float]


@dataclass
class Cell:
    """One (size, condition): its runs pooled over document draws."""

    size: int
    condition: str
    rows: list[dict]
    scores: dict[str, Interval]  # measure → (point, low, high)
    per_run_f1: list[float]
    unseen: tuple[int, int]

    @property
    def unseen_recall(self) -> float:
        found, total = self.unseen
        return found / total if total else float("nan")

    def mean(self, field_name: str) -> float:
        return float(np.mean([r[field_name] for r in self.rows]))


@dataclass
class Report:
    sizes: list[int]
    cells: dict[tuple[int, str], Cell]
    deltas: dict[tuple[int, str, str, str], Interval]  # (size, a, b, measure) → a − b
    markdown: str = ""
    total_cpu: float = 0.0
    settings: dict = field(default_factory=dict)


def _counts(row: dict, measure: str) -> dict[str, np.ndarray]:
    name, mode, _ = MEASURES[measure]
    counts = row[name] if mode is None else row[name][mode]
    return {k: np.asarray(counts[k]) for k in ("cor", "act", "pos")}


def pooled(rows: Sequence[dict], measure: str) -> dict[str, np.ndarray]:
    """Per-document counts summed over runs (draws); the runs must have scored the same documents."""
    ids = "dev_ids" if measure == "dev-f1" else "ood_ids"
    if any(r[ids] != rows[0][ids] for r in rows):
        raise ValueError("runs were scored on different documents")
    return {k: np.sum([_counts(r, measure)[k] for r in rows], axis=0) for k in ("cor", "act", "pos")}


def build_report(tasks, results: dict[str, dict], args: argparse.Namespace) -> Report:
    """Pool the runs of each (size, condition); a missing run (interrupted experiment) is left out, and a
    difference pairs only the draws both conditions have."""
    sizes = sorted({t.size for t in tasks})
    by_cell: dict[tuple[int, str], dict[int, dict]] = {}
    for t in tasks:
        if t.key in results:
            by_cell.setdefault((t.size, t.condition), {})[t.repeat] = results[t.key]
    first = next(iter(r for runs in by_cell.values() for r in runs.values()), None)
    n_docs = {"dev-f1": len(first["dev_ids"]) if first else 0, "ood": len(first["ood_ids"]) if first else 0}
    idx = {m: bootstrap_indices(n_docs["dev-f1" if m == "dev-f1" else "ood"], args.resamples, BOOTSTRAP_SEED)
           for m in MEASURES}
    cells: dict[tuple[int, str], Cell] = {}
    for (size, condition), runs in by_cell.items():
        rows = [runs[r] for r in sorted(runs)]
        scores = {m: score_interval(pooled(rows, m), idx[m], MEASURES[m][2]) for m in MEASURES}
        per_run = [float(micro_f1(*_counts(r, "dev-f1").values())) for r in rows]
        unseen = (sum(r["unseen_found"] for r in rows), sum(r["unseen_total"] for r in rows))
        cells[(size, condition)] = Cell(size, condition, rows, scores, per_run, unseen)
    deltas = {}
    for size in sizes:
        for a, b in PAIRS:
            runs_a, runs_b = by_cell.get((size, a), {}), by_cell.get((size, b), {})
            common = sorted(set(runs_a) & set(runs_b))
            if not common:
                continue
            for m in MEASURES:
                deltas[size, a, b, m] = difference_interval(
                    pooled([runs_a[r] for r in common], m), pooled([runs_b[r] for r in common], m), idx[m],
                    MEASURES[m][2],
                )
    unique = {r["key"]: r for runs in by_cell.values() for r in runs.values()}
    report = Report(sizes, cells, deltas)
    report.total_cpu = sum(r["train_cpu_seconds"] for r in unique.values())
    report.settings = {
        "epochs": args.epochs, "times": args.times, "repeats": args.repeats, "resamples": args.resamples,
        "dev_documents": n_docs["dev-f1"], "ood_documents": n_docs["ood"], "runs": len(unique),
        "missing": len({t.key for t in tasks} - set(results)), "label": getattr(args, "label", ""),
        "code": tasks[0].code if tasks else "",
    }
    report.markdown = _markdown(report)
    return report


def _pts(x: float) -> str:
    return f"{100 * x:+.2f}"


def _delta(rep: Report, size: int, a: str, b: str, measure: str = "dev-f1") -> str:
    d = rep.deltas.get((size, a, b, measure))
    if d is None:
        return "—"
    mark = "" if d[1] <= 0 <= d[2] else " \\*"
    return f"{_pts(d[0])} [{_pts(d[1])}, {_pts(d[2])}]{mark}"


def _score(cell: Cell | None, measure: str) -> str:
    if cell is None:
        return "—"
    point, lo, hi = cell.scores[measure]
    return f"{point:.4f} [{lo:.4f}, {hi:.4f}]"


def _markdown(rep: Report) -> str:
    s = rep.settings
    out = [
        (f"**{s['label']}** (code fingerprint `{s['code']}`). " if s["label"] else f"Code fingerprint `{s['code']}`. ")
        + f"CRF: crfsuite `l2sgd` with the backend's defaults (c2 = 0.01, {s['epochs']} epochs, SGD seed 1); "
        f"×{s['times']} copies; {s['repeats']} document draws per size (nested across sizes); plain with equal "
        f"updates trains {s['epochs']} × {1 + s['times']} epochs. Dev: {s['dev_documents']} MEDDOCAN dev documents, "
        f"strict micro F1. OOD: the {s['ood_documents']} fictional notes of tests/data/ood, micro recall. 95% "
        f"intervals from {s['resamples']} paired bootstrap resamples of documents (\\* = interval excludes 0). "
        f"{s['runs']} training runs, {rep.total_cpu / 60:.0f} CPU-minutes of training."
        + (f" **{s['missing']} planned runs are missing** (interrupted run)." if s["missing"] else ""),
        "",
        "Gains in F1 points on MEDDOCAN dev (strict micro), pooled over the draws of a size:",
        "",
        "| train docs | ×10 surrogates − plain (equal updates) | ×10 surrogates − mention replacement "
        "| ×10 `--vary-formats` − plain (equal updates) | ×10 `--vary-formats` − mention replacement |",
        "|---:|---|---|---|---|",
    ]
    for size in rep.sizes:
        out.append(f"| {size} | " + " | ".join(
            _delta(rep, size, a, b) for a, b in (("surrogate", "plain-equal"), ("surrogate", "mention"),
                                                 ("vary", "plain-equal"), ("vary", "mention"))) + " |")
    out += [
        "",
        "Recall on the out-of-domain notes (strict: label and offsets; exact: offsets), and the gain of "
        "`--vary-formats` over plain ×10 surrogates in recall points:",
        "",
        "| train docs | plain (equal updates) | ×10 mention | ×10 surrogates | ×10 `--vary-formats` "
        "| vary − surrogates, strict | vary − surrogates, exact |",
        "|---:|---:|---:|---:|---:|---|---|",
    ]
    for size in rep.sizes:
        cols = []
        for condition in ("plain-equal", "mention", "surrogate", "vary"):
            cell = rep.cells.get((size, condition))
            cols.append("—" if cell is None else
                        f"{cell.scores['ood-strict'][0]:.3f} / {cell.scores['ood-exact'][0]:.3f}")
        cols += [_delta(rep, size, "vary", "surrogate", "ood-strict"), _delta(rep, size, "vary", "surrogate", "ood-exact")]
        out.append(f"| {size} | " + " | ".join(cols) + " |")
    out += [
        "",
        "Every run (cells: strict / exact recall on OOD):",
        "",
        "| train docs | condition | training docs | epochs | dev strict F1 [95% CI] | F1 per draw "
        "| Δ dev F1 vs plain, equal updates | unseen-mention recall | OOD recall strict [95% CI] "
        "| OOD recall exact | train CPU s |",
        "|---:|---|---:|---:|---|---|---|---|---|---:|---:|",
    ]
    for size in rep.sizes:
        for condition in LABELS:
            cell = rep.cells.get((size, condition))
            if cell is None:
                continue
            found, total = cell.unseen
            out.append(
                f"| {size} | {LABELS[condition]} | {cell.mean('training_documents'):.0f} | {cell.rows[0]['epochs_run']} | "
                f"{_score(cell, 'dev-f1')} | {', '.join(f'{f:.4f}' for f in cell.per_run_f1)} | "
                f"{_delta(rep, size, condition, 'plain-equal') if condition != 'plain-equal' else '—'} | "
                f"{cell.unseen_recall:.3f} ({found}/{total}) | {_score(cell, 'ood-strict')} | "
                f"{cell.scores['ood-exact'][0]:.3f} | {cell.mean('train_cpu_seconds'):.0f} |"
            )
    return "\n".join(out).replace("×T", f"×{s['times']}").replace("×10", f"×{s['times']}")


def write_doc(rep: Report, path: Path, plot_name: str | None = "experiment-augmentation.png") -> None:
    """Replace the text between the results markers (or create the file around them)."""
    image = f"\n\n![Learning curves]({plot_name})" if plot_name else ""
    block = f"{BEGIN}\n{rep.markdown}{image}\n{END}"
    if path.exists() and BEGIN in (text := path.read_text(encoding="utf-8")) and END in text:
        text = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: block, text, count=1, flags=re.S)
    else:
        text = f"# Augmentation gain: a CRF learning curve on MEDDOCAN\n\n{block}\n"
    path.write_text(text, encoding="utf-8")


def write_plot(rep: Report, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import NullLocator

    fig, axes = plt.subplots(1, 3, figsize=(16, 4.6))
    shift = {"plain": 0.94, "plain-equal": 0.97, "surrogate": 1.0, "mention": 1.03, "vary": 1.06, "corpus-names": 1.09}

    def series(condition, value):
        xs, ys, err = [], [], []
        for size in rep.sizes:
            got = value(size)
            if got is not None:
                point, lo, hi = got
                xs.append(size * shift[condition])
                ys.append(point)
                err.append((point - lo, hi - point))
        return xs, ys, err

    for condition in LABELS:
        style = dict(color=COLORS[condition], marker="o", capsize=3, label=LABELS[condition].replace("×T", f"×{rep.settings['times']}"),
                     linestyle="--" if condition.startswith("plain") else "-")
        for ax, measure in ((axes[0], "dev-f1"), (axes[2], "ood-strict")):
            xs, ys, err = series(condition, lambda n: rep.cells[n, condition].scores[measure]
                                 if (n, condition) in rep.cells else None)
            if xs:
                ax.errorbar(xs, ys, yerr=np.array(err).T, **style)
        if condition != "plain-equal":
            xs, ys, err = series(condition, lambda n: tuple(100 * v for v in rep.deltas[n, condition, "plain-equal", "dev-f1"])
                                 if (n, condition, "plain-equal", "dev-f1") in rep.deltas else None)
            if xs:
                axes[1].errorbar(xs, ys, yerr=np.array(err).T, **style)
    axes[1].axhline(0, color="black", linewidth=0.8)
    titles = ("Strict micro F1 on MEDDOCAN dev (95% CI)", "Gain over plain with equal updates, F1 points (paired 95% CI)",
              "Strict recall on the out-of-domain notes (95% CI)")
    for ax, title in zip(axes, titles):
        ax.set_xscale("log")
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticks(rep.sizes)
        ax.set_xticklabels([str(s) for s in rep.sizes])
        ax.set_xlabel("original training documents")
        ax.set_title(title, fontsize=10)
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=8, loc="lower right")
    fig.suptitle("CRF (crfsuite) on MEDDOCAN: augmentation gain by training size", fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
