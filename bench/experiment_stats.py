"""Scoring helpers of the augmentation-gain experiment: per-document counts, bootstrap intervals, unseen mentions.

Scores come from :func:`surrogate.evaluation.evaluate` (strict mode, micro), computed per dev document so a
bootstrap can resample documents: micro F1 of a resample is 2·COR / (ACT + POS) over its documents.
"""
from __future__ import annotations

import re
from typing import Mapping, Sequence

import numpy as np

from surrogate.evaluation import evaluate
from surrogate.model import Document, Span


def per_document_counts(gold: Sequence[Document], pred: Mapping[str, Sequence[Span]]) -> dict[str, list[int]]:
    """Strict COR / ACT / POS of every gold document, in the order of ``gold``."""
    cor, act, pos = [], [], []
    for doc in gold:
        micro = evaluate({doc.id: doc}, {doc.id: pred.get(doc.id, ())}).strict.micro
        cor.append(micro.cor)
        act.append(micro.act)
        pos.append(micro.pos)
    return {"cor": cor, "act": act, "pos": pos}


def micro_f1(cor: np.ndarray, act: np.ndarray, pos: np.ndarray) -> np.ndarray:
    """Micro F1 along the last axis (2·COR / (ACT + POS), which equals 2PR / (P + R))."""
    c, d = cor.sum(axis=-1), act.sum(axis=-1) + pos.sum(axis=-1)
    return np.divide(2 * c, d, out=np.zeros_like(c, dtype=float), where=d > 0)


def bootstrap_indices(n_docs: int, resamples: int, seed: int) -> np.ndarray:
    """``resamples`` × ``n_docs`` document indices drawn with replacement (shared by all conditions: paired)."""
    return np.random.default_rng(seed).integers(0, n_docs, size=(resamples, n_docs))


def f1_interval(counts: Mapping[str, np.ndarray], idx: np.ndarray) -> tuple[float, float, float]:
    """Micro F1 and its percentile 95% interval over document resamples."""
    point = float(micro_f1(counts["cor"], counts["act"], counts["pos"]))
    boot = micro_f1(counts["cor"][idx], counts["act"][idx], counts["pos"][idx])
    lo, hi = np.percentile(boot, [2.5, 97.5])
    return point, float(lo), float(hi)


def difference_interval(a: Mapping[str, np.ndarray], b: Mapping[str, np.ndarray], idx: np.ndarray) -> tuple[float, float, float]:
    """F1(a) − F1(b) with a paired percentile 95% interval (the same documents in every resample)."""
    point = float(micro_f1(a["cor"], a["act"], a["pos"]) - micro_f1(b["cor"], b["act"], b["pos"]))
    boot = micro_f1(a["cor"][idx], a["act"][idx], a["pos"][idx]) - micro_f1(b["cor"][idx], b["act"][idx], b["pos"][idx])
    lo, hi = np.percentile(boot, [2.5, 97.5])
    return point, float(lo), float(hi)


class SeenStrings:
    """Answers "does this string occur in the training documents?" (case-insensitive, at word boundaries)."""

    def __init__(self, texts: Sequence[str]) -> None:
        self._haystack = "\n".join(t.casefold() for t in texts)

    def __contains__(self, mention: str) -> bool:
        needle = mention.casefold().strip()
        if not needle or needle not in self._haystack:
            return False
        return re.search(rf"(?<!\w){re.escape(needle)}(?!\w)", self._haystack) is not None


def unseen_mentions(gold: Sequence[Document], seen: SeenStrings) -> dict[str, set[tuple[str, int, int]]]:
    """Per dev document, the gold mentions (label, start, end) whose string never occurs in training."""
    out: dict[str, set[tuple[str, int, int]]] = {}
    for doc in gold:
        out[doc.id] = {(sp.label, sp.start, sp.end) for sp in doc.spans if doc.span_text(sp) not in seen}
    return out


def unseen_recall_counts(
    unseen: Mapping[str, set[tuple[str, int, int]]], pred: Mapping[str, Sequence[Span]]
) -> tuple[int, int]:
    """(found, total): unseen gold mentions predicted with exactly their label and offsets."""
    found = total = 0
    for doc_id, mentions in unseen.items():
        predicted = {(sp.label, sp.start, sp.end) for sp in pred.get(doc_id, ())}
        total += len(mentions)
        found += len(mentions & predicted)
    return found, total
