"""Tables and plot of the augmentation-gain experiment, from the cached runs of experiment_augmentation_gain.py.

Per size and condition the runs of all subsets are pooled: their per-document counts are summed, so the
point estimate is the micro F1 over every (subset, dev document) pair, and the bootstrap resamples dev
documents (the same resamples for every condition, so differences are paired).
"""
from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import numpy as np
from experiment_stats import (
    bootstrap_indices,
    difference_interval,
    f1_interval,
    micro_f1,
)

BEGIN, END = "<!-- results:begin -->", "<!-- results:end -->"
LABELS = {
    "plain": "plain",
    "plain-long": "plain, 11× epochs (control)",
    "surrogate": "+ ×10 surrogates",
    "mention": "+ ×10 mention replacement",
}
COLORS = {"plain": "#555555", "plain-long": "#aaaaaa", "surrogate": "#1f77b4", "mention": "#d62728"}
BOOTSTRAP_SEED = 20240601


@dataclass
class Cell:
    """One (size, condition): its runs pooled over subsets."""

    size: int
    condition: str
    rows: list[dict]
    counts: dict[str, np.ndarray]
    f1: tuple[float, float, float]
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
    deltas: dict[tuple[int, str, str], tuple[float, float, float]]
    markdown: str = ""
    total_cpu: float = 0.0
    longest_run: float = 0.0
    settings: dict = field(default_factory=dict)


def _pooled(rows: Sequence[dict]) -> dict[str, np.ndarray]:
    dev_ids = rows[0]["dev_ids"]
    if any(r["dev_ids"] != dev_ids for r in rows):
        raise ValueError("runs were scored on different dev sets")
    return {k: np.sum([np.asarray(r["per_document"][k]) for r in rows], axis=0) for k in ("cor", "act", "pos")}


def build_report(tasks, results: dict[str, dict], args: argparse.Namespace) -> Report:
    """Pool the runs of each (size, condition); a missing run (interrupted experiment) is left out, and a
    difference pairs only the repeats both conditions have."""
    sizes = sorted({t.size for t in tasks})
    by_cell: dict[tuple[int, str], dict[int, dict]] = {}
    for t in tasks:
        if t.key in results:  # the whole-train plain run is shared by every repeat
            by_cell.setdefault((t.size, t.condition), {})[t.repeat] = results[t.key]
    n_docs = len(next(iter(results.values()))["dev_ids"]) if results else 0
    idx = bootstrap_indices(n_docs, args.resamples, BOOTSTRAP_SEED)
    cells: dict[tuple[int, str], Cell] = {}
    for (size, condition), runs in by_cell.items():
        rows = [runs[r] for r in sorted(runs)]
        counts = _pooled(rows)
        per_run = [float(micro_f1(*(np.asarray(r["per_document"][k]) for k in ("cor", "act", "pos")))) for r in rows]
        unseen = (sum(r["unseen_found"] for r in rows), sum(r["unseen_total"] for r in rows))
        cells[(size, condition)] = Cell(size, condition, rows, counts, f1_interval(counts, idx), per_run, unseen)
    deltas = {}
    for size in sizes:
        for a, b in (("surrogate", "plain"), ("mention", "plain"), ("plain-long", "plain"), ("surrogate", "mention")):
            runs_a, runs_b = by_cell.get((size, a), {}), by_cell.get((size, b), {})
            common = sorted(set(runs_a) & set(runs_b))
            if common:
                deltas[size, a, b] = difference_interval(
                    _pooled([runs_a[r] for r in common]), _pooled([runs_b[r] for r in common]), idx
                )
    unique = {r["key"]: r for runs in by_cell.values() for r in runs.values()}
    report = Report(sizes, cells, deltas)
    report.total_cpu = sum(r["train_cpu_seconds"] for r in unique.values())
    report.longest_run = max((r["featurize_seconds"] + r["train_seconds"] for r in unique.values()), default=0.0)
    report.settings = {
        "algorithm": args.algorithm, "epochs": args.epochs, "c2": args.c2, "times": args.times,
        "repeats": args.repeats, "resamples": args.resamples, "dev_documents": n_docs, "runs": len(unique),
        "missing": len({t.key for t in tasks} - set(results)),
    }
    report.markdown = _markdown(report)
    return report


def _pts(x: float) -> str:
    return f"{100 * x:+.2f}"


def _markdown(rep: Report) -> str:
    s = rep.settings
    out = [
        f"Settings: crfsuite `{s['algorithm']}`, c2 = {s['c2']}, {s['epochs']} epochs; ×{s['times']} copies; "
        f"{s['repeats']} nested subsets per size (at 500 documents every subset is all of train, so the repeats "
        f"differ only in the augmentation seed); scored on the {s['dev_documents']} dev documents; "
        f"95% intervals from {s['resamples']} bootstrap resamples of dev documents. {s['runs']} training runs, "
        f"{rep.total_cpu / 60:.0f} CPU-minutes of featurisation and training; the longest run took "
        f"{rep.longest_run / 60:.1f} min (wall, on a shared machine)."
        + (f" **{s['missing']} planned runs are missing** (interrupted run)." if s["missing"] else ""),
        "",
        "Strict micro F1 (type and offsets), pooled over the subsets of a size; Δ in F1 points, paired bootstrap.",
        "",
        "| train docs | condition | training docs | strict F1 [95% CI] | F1 range over subsets | Δ vs plain [95% CI] "
        "| unseen-mention recall | featurise + train, s (CPU s) |",
        "|---:|---|---:|---|---|---|---|---:|",
    ]
    for size in rep.sizes:
        for condition in LABELS:
            cell = rep.cells.get((size, condition))
            if cell is None:
                continue
            point, lo, hi = cell.f1
            distinct = len({r["key"] for r in cell.rows}) > 1
            spread = f"{min(cell.per_run_f1):.4f}–{max(cell.per_run_f1):.4f}" if distinct else "—"
            delta = rep.deltas.get((size, condition, "plain"))
            delta_txt = f"{_pts(delta[0])} [{_pts(delta[1])}, {_pts(delta[2])}]" if delta else "—"
            found, total = cell.unseen
            out.append(
                f"| {size} | {LABELS[condition]} | {cell.mean('training_documents'):.0f} | "
                f"{point:.4f} [{lo:.4f}, {hi:.4f}] | {spread} | {delta_txt} | "
                f"{cell.unseen_recall:.3f} ({found}/{total}) | "
                f"{cell.mean('featurize_seconds') + cell.mean('train_seconds'):.0f} ({cell.mean('train_cpu_seconds'):.0f}) |"
            )
    out += [
        "",
        "Surrogates against the baseline (paired bootstrap, F1 points):",
        "",
        "| train docs | Δ F1 surrogate − mention replacement [95% CI] | unseen-mention recall, surrogate vs mention |",
        "|---:|---|---|",
    ]
    for size in rep.sizes:
        delta = rep.deltas.get((size, "surrogate", "mention"))
        sur, men = rep.cells.get((size, "surrogate")), rep.cells.get((size, "mention"))
        if delta and sur and men:
            out.append(
                f"| {size} | {_pts(delta[0])} [{_pts(delta[1])}, {_pts(delta[2])}] | "
                f"{sur.unseen_recall:.3f} vs {men.unseen_recall:.3f} |"
            )
    return "\n".join(out)


def write_doc(rep: Report, path: Path) -> None:
    """Replace the text between the results markers (or create the file around them)."""
    block = f"{BEGIN}\n{rep.markdown}\n\n![Learning curves](experiment-augmentation.png)\n{END}"
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
    shift = {"plain": 0.97, "plain-long": 0.94, "surrogate": 1.0, "mention": 1.03}
    for condition in LABELS:
        xs, ys, err, rec = [], [], [], []
        for size in rep.sizes:
            cell = rep.cells.get((size, condition))
            if cell:
                point, lo, hi = cell.f1
                xs.append(size * shift[condition])
                ys.append(point)
                err.append((point - lo, hi - point))
                rec.append(cell.unseen_recall)
        if not xs:
            continue
        style = dict(color=COLORS[condition], marker="o", capsize=3, label=LABELS[condition],
                     linestyle="--" if condition == "plain-long" else "-")
        axes[0].errorbar(xs, ys, yerr=np.array(err).T, **style)
        axes[2].plot(xs, rec, **{k: v for k, v in style.items() if k != "capsize"})
    for condition in ("surrogate", "mention", "plain-long"):
        xs, ys, err = [], [], []
        for size in rep.sizes:
            d = rep.deltas.get((size, condition, "plain"))
            if d:
                xs.append(size * shift[condition])
                ys.append(100 * d[0])
                err.append((100 * (d[0] - d[1]), 100 * (d[2] - d[0])))
        if xs:
            axes[1].errorbar(xs, ys, yerr=np.array(err).T, color=COLORS[condition], marker="o", capsize=3,
                             label=LABELS[condition], linestyle="--" if condition == "plain-long" else "-")
    axes[1].axhline(0, color="black", linewidth=0.8)
    titles = ("Strict micro F1 on dev (95% CI)", "Gain over plain, F1 points (paired 95% CI)",
              "Recall on dev mentions unseen in training")
    for ax, title in zip(axes, titles):
        ax.set_xscale("log")
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticks(rep.sizes)
        ax.set_xticklabels([str(s) for s in rep.sizes])
        ax.set_xlabel("original training documents")
        ax.set_title(title, fontsize=10)
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=8, loc="lower right")
    axes[1].legend(fontsize=8)
    fig.suptitle("CRF (crfsuite) on MEDDOCAN: augmentation gain by training size", fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
