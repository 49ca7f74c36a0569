"""Identifier digits as MEDDOCAN writes them: a first digit and digit-to-digit steps fitted on the corpus.

The identifiers of a clinical corpus are not uniform digits: MEDDOCAN's were typed by people, and an ascending
step (``45``, ``78``) follows in 22% of pairs against 10% by chance, a repeated digit in 3% against 10%.
``bench/fit_details.py`` counts the first digit of each run of three digits or more (``id_first``) and every
pair of adjacent digits (``id_next``, value ``ab`` = a then b) in the ID labels of train + dev; the counts
(with add-one smoothing) drive a first-order Markov chain. Check digits are computed afterwards by the schemes.
"""
from __future__ import annotations

import functools
from bisect import bisect_right

import numpy as np

from gazetteers.fitted import FittedDetails, default_details


class DigitChain:
    """Typed digits from one gazetteer set's fitted details: ``chain(rng, template)``."""

    def __init__(self, details: FittedDetails) -> None:
        first = details.counts("id_first")
        lead = np.array([first.get(str(d), 0.0) + 1.0 for d in range(1, 10)])
        steps = details.counts("id_next")
        table = np.array([[steps.get(f"{a}{b}", 0.0) + 1.0 for b in range(10)] for a in range(10)])
        lead_cum = np.cumsum(lead / lead.sum())
        step_cum = np.cumsum(table / table.sum(axis=1, keepdims=True), axis=1)
        lead_cum[-1] = 1.0
        step_cum[:, -1] = 1.0
        # lists: ``bisect`` on a list finds what ``np.searchsorted(side="right")`` finds, without numpy's
        # per-call wrapping
        self._lead_cum: list[float] = lead_cum.tolist()
        self._step_cum: list[list[float]] = step_cum.tolist()

    def __call__(self, rng: np.random.Generator, template: str) -> str:
        """Digits for a digit run: the same length, the first keeps its class (0 stays 0, 1–9 stays 1–9), the
        rest follows the fitted steps."""
        if not template:
            return ""
        step_cum = self._step_cum
        draws = rng.random(len(template)).tolist()
        d = 0 if template[0] == "0" else 1 + min(bisect_right(self._lead_cum, draws[0]), 8)
        out = [d]
        for u in draws[1:]:
            d = min(bisect_right(step_cum[d], u), 9)
            out.append(d)
        return "".join(map(str, out))


@functools.lru_cache(maxsize=8)
def digit_chain(details: FittedDetails) -> DigitChain:
    """The chain of a set's fitted details, built once per table."""
    return DigitChain(details)


def typed_digits(rng: np.random.Generator, template: str, chain: DigitChain | None = None) -> str:
    """``chain(rng, template)``; the shipped table's chain when none is given."""
    return (chain or digit_chain(default_details()))(rng, template)
