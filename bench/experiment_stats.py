"""Scoring helpers of the augmentation-gain experiment: per-document counts, bootstrap intervals, unseen mentions.

Scores come from :func:`surrogate.evaluation.evaluate` (strict or exact mode, micro), computed per document so
a bootstrap can resample documents: micro F1 of a resample is 2·COR / (ACT + POS) over its documents, micro
recall COR / POS. A paired bootstrap draws one document sample per resample and scores both models on it.
"""
from __future__ import annotations

import re
from typing import Mapping, Sequence

import numpy as np

from surrogate.evaluation import evaluate
from surrogate.model import Document, Span


def per_document_counts(
    gold: Sequence[Document], pred: Mapping[str, Sequence[Span]], mode: str = "strict"
) -> dict[str, list[int]]:
    """COR / ACT / POS of every gold document in ``mode`` ("strict" or "exact"), in the order of ``gold``."""
    if mode not in ("strict", "exact"):
        raise ValueError(f"unknown matching mode {mode!r}")
    cor, act, pos = [], [], []
    for doc in gold:
        micro = getattr(evaluate({doc.id: doc}, {doc.id: pred.get(doc.id, ())}), mode).micro
        cor.append(micro.cor)
        act.append(micro.act)
        pos.append(micro.pos)
    return {"cor": cor, "act": act, "pos": pos}


def micro_f1(cor: np.ndarray, act: np.ndarray, pos: np.ndarray) -> np.ndarray:
    """Micro F1 along the last axis (2·COR / (ACT + POS), which equals 2PR / (P + R))."""
    c, d = cor.sum(axis=-1), act.sum(axis=-1) + pos.sum(axis=-1)
    return np.divide(2 * c, d, out=np.zeros_like(c, dtype=float), where=d > 0)


def micro_recall(cor: np.ndarray, act: np.ndarray, pos: np.ndarray) -> np.ndarray:
    """Micro recall along the last axis (COR / POS); ``act`` is unused, for a signature shared with micro_f1."""
    c, d = cor.sum(axis=-1), pos.sum(axis=-1)
    return np.divide(c, d, out=np.zeros_like(c, dtype=float), where=d > 0)


METRICS = {"f1": micro_f1, "recall": micro_recall}


def bootstrap_indices(n_docs: int, resamples: int, seed: int) -> np.ndarray:
    """``resamples`` × ``n_docs`` document indices drawn with replacement (shared by all conditions: paired)."""
    return np.random.default_rng(seed).integers(0, n_docs, size=(resamples, n_docs))


def _score(counts: Mapping[str, np.ndarray], metric: str, idx: np.ndarray | None = None) -> np.ndarray:
    arrays = [np.asarray(counts[k]) for k in ("cor", "act", "pos")]
    return METRICS[metric](*(a if idx is None else a[idx] for a in arrays))


def score_interval(counts: Mapping[str, np.ndarray], idx: np.ndarray, metric: str = "f1") -> tuple[float, float, float]:
    """Micro F1 (or ``metric``) and its percentile 95% interval over document resamples."""
    point = float(_score(counts, metric))
    lo, hi = np.percentile(_score(counts, metric, idx), [2.5, 97.5])
    return point, float(lo), float(hi)


def difference_interval(
    a: Mapping[str, np.ndarray], b: Mapping[str, np.ndarray], idx: np.ndarray, metric: str = "f1"
) -> tuple[float, float, float]:
    """metric(a) − metric(b) with a paired percentile 95% interval: each resample scores both models on the
    same documents, so the document-to-document variation they share cancels out of the difference."""
    point = float(_score(a, metric) - _score(b, metric))
    lo, hi = np.percentile(_score(a, metric, idx) - _score(b, metric, idx), [2.5, 97.5])
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
