"""Detail distributions fitted on a corpus (``facts/fitted_details.csv``, written by ``bench/fit_details.py``).

The table holds counts of mentions only (``detail,value,count``): the leading digit of house numbers, floors,
door letters, trailing zeros of switchboard phones. :func:`detail_shares` turns one detail into values and
probabilities with add-one smoothing, so a value the corpus never showed stays possible. Read once per process.
"""
from __future__ import annotations

import csv
import functools
from bisect import bisect_right
from pathlib import Path

import numpy as np

FITTED_PATH = Path(__file__).resolve().parent / "facts" / "fitted_details.csv"


@functools.cache
def _counts(path: Path = FITTED_PATH) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(line for line in handle if line.strip() and not line.startswith("#"))
        for row in rows:
            out.setdefault(row["detail"], {})[row["value"]] = float(row["count"])
    return out


def detail_counts(detail: str) -> dict[str, float]:
    """The raw counts of one fitted detail (value → count); KeyError when the table has no such detail."""
    return dict(_counts()[detail])


@functools.cache
def detail_shares(detail: str, smoothing: float = 1.0) -> tuple[tuple[str, ...], np.ndarray]:
    """(values, probabilities) of one fitted detail; KeyError when the table has no such detail."""
    counts = _counts()[detail]
    values = tuple(counts)
    weights = np.array([counts[v] + smoothing for v in values], dtype=np.float64)
    return values, weights / weights.sum()


@functools.cache
def _cumulative_shares(detail: str, allowed: frozenset[str] | None) -> tuple[tuple[str, ...], list[float]]:
    """(values, cumulative probabilities) of ``detail`` restricted to ``allowed``: built once per pair, since
    callers pass a few constant sets and draw once per span."""
    values, probs = detail_shares(detail)
    if allowed is not None:
        mask = np.array([v in allowed for v in values])
        if not mask.any():
            raise LookupError(f"no fitted value of {detail} is allowed")
        probs = np.where(mask, probs, 0.0)
        probs = probs / probs.sum()
    return values, np.cumsum(probs).tolist()  # bisect on a list: searchsorted's answer without its wrapping


def draw_detail(detail: str, rng: np.random.Generator, allowed: frozenset[str] | None = None) -> str:
    """One value of ``detail`` drawn with its fitted share (only among ``allowed`` when given)."""
    values, cum = _cumulative_shares(detail, allowed)
    return values[min(bisect_right(cum, rng.random()), len(values) - 1)]
