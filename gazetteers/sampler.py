"""Frequency-weighted (roulette) and uniform samplers with exclusion.

Draws use a cumulative-weight table and ``searchsorted``: one vectorised numpy call for a batch.
The RNG is always injected (``numpy.random.Generator``); the global ``random`` is never touched.
"""
from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np

from .text import fold
from .text_column import TextColumn

_MAX_REJECTIONS = 32


class ExhaustedError(LookupError):
    """Every value of the sampler is excluded."""


class Sampler:
    """Draw values with probability proportional to their weight.

    ``blocklist`` holds values that may never be returned (for example every entity string of a held-out
    split); ``exclude`` in :meth:`draw` adds per-call exclusions such as the original being replaced.
    Comparison is case- and accent-insensitive.
    """

    def __init__(
        self,
        values: Sequence[str],
        weights: Sequence[float] | np.ndarray | None = None,
        *,
        blocklist: Iterable[str] = (),
    ) -> None:
        # a shipped column stays one buffer (its strings are decoded when drawn); anything else is copied
        self.values: Sequence[str] = values if isinstance(values, TextColumn) else list(values)
        if not self.values:
            raise ValueError("a sampler needs at least one value")
        w = np.ones(len(self.values)) if weights is None else np.asarray(weights, dtype=np.float64)
        if w.shape != (len(self.values),) or (w < 0).any() or not np.isfinite(w).all():
            raise ValueError("weights must be finite, non-negative and one per value")
        self._blocked = {fold(b) for b in blocklist}
        if self._blocked:
            w = w.copy()
            for i, v in enumerate(self.values):
                if fold(v) in self._blocked:
                    w[i] = 0.0
        total = w.sum()
        if total <= 0:
            raise ExhaustedError("every value is blocked or has zero weight")
        self._cum = np.cumsum(w / total)
        self._cum[-1] = 1.0
        self._weights = w
        # Rounding can leave the cumulative sum just below 1.0 before trailing zero-weight (blocked)
        # values; clamping to the last positive index keeps that sliver off them.
        self._last = int(np.flatnonzero(w > 0)[-1])

    def __len__(self) -> int:
        return len(self.values)

    @property
    def weights(self) -> np.ndarray:
        """The weights draws follow, one per value (blocked values at 0)."""
        return self._weights

    def _indices(self, rng: np.random.Generator, n: int) -> list[int]:
        # the ndarray method and a list: this runs once per drawn value, where numpy's wrappers cost more
        # than the search itself
        last = self._last
        return [i if i < last else last for i in self._cum.searchsorted(rng.random(n), side="right").tolist()]

    def draw(self, rng: np.random.Generator, *, exclude: Iterable[str] = (), folded: bool = False) -> str:
        """One weighted draw that is never in ``exclude`` nor the blocklist.

        With ``folded``, ``exclude`` is a set of keys already folded (:func:`fold`) and is read as it is: a
        caller that keeps one such set over many draws saves folding it again on every draw."""
        excluded = exclude if folded else {fold(e) for e in exclude}
        cum, last = self._cum, self._last
        if not excluded:
            i = int(cum.searchsorted(rng.random(), side="right"))
            return self.values[i if i < last else last]
        values = self.values
        # the batch of candidates is drawn at once (the stream does not depend on how many are read), but
        # each is searched only when the one before it was refused: the first one usually passes
        for u in rng.random(_MAX_REJECTIONS).tolist():
            i = int(cum.searchsorted(u, side="right"))
            v = values[i if i < last else last]
            if fold(v) not in excluded:
                return v
        # Rejection failed (the excluded values dominate the weights): draw from what is left.
        keep = np.array([fold(v) not in excluded for v in self.values]) & (self._weights > 0)
        if not keep.any():
            raise ExhaustedError("every value is excluded")
        w = np.where(keep, self._weights, 0.0)
        return self.values[int(rng.choice(len(self.values), p=w / w.sum()))]

    def draw_many(self, rng: np.random.Generator, n: int, *, exclude: Iterable[str] = ()) -> list[str]:
        """``n`` independent weighted draws (vectorised when nothing is excluded)."""
        excluded = {fold(e) for e in exclude}
        if not excluded:
            return [self.values[i] for i in self._indices(rng, n)]
        return [self.draw(rng, exclude=excluded, folded=True) for _ in range(n)]
