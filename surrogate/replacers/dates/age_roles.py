"""How old patients and relatives are: priors that weight an age's perturbation (issue 13, "ages by role").

Fitted on MEDDOCAN train + dev (750 documents; 800 patient ages, 28 relatives' ages) by ``bench/fit_details.py``:
per role, the distinct ages in years of each document, counted in 5-year bins, are the ``age_role_patient`` and
``age_role_relative`` details of the gazetteer set's ``fitted_details`` table (value: the bin's lower bound).
Only these counts are shipped. A draw weights each candidate age by its bin's share plus a half-count of
additive smoothing (no age is impossible, a sparse bin is not over-trusted), so a perturbed 88-year-old patient
is more often 84 than 92, and a relative's age follows relatives' ages (parents of adults, children of patients).
"""
from __future__ import annotations

import functools

from gazetteers.fitted import FittedDetails

PATIENT, RELATIVE = "patient", "relative"
BIN_WIDTH = 5
BINS = tuple(range(0, 101, BIN_WIDTH))  # lower bounds: 0–4, 5–9, …, 95–99, 100+
_SMOOTHING = 0.5


def detail(role: str) -> str:
    """The fitted detail that holds a role's counts per bin."""
    return f"age_role_{role}"


def bin_of(years: int) -> int:
    return min(max(years, 0) // BIN_WIDTH, len(BINS) - 1)


def _weights(counts: tuple[float, ...]) -> tuple[float, ...]:
    total = sum(counts) + _SMOOTHING * len(counts)
    return tuple((c + _SMOOTHING) / total / BIN_WIDTH for c in counts)


class AgePriors:
    """Per-year weights of an age, by role, from a set's fitted details."""

    def __init__(self, fitted: FittedDetails) -> None:
        self._weights = {}
        for role in (PATIENT, RELATIVE):
            counts = fitted.counts(detail(role))
            self._weights[role] = _weights(tuple(counts.get(str(b), 0.0) for b in BINS))

    def weight(self, years: int, role: str) -> float:
        """Relative likelihood of an age of ``years`` for ``role`` (patient or relative), per year of age."""
        return self._weights.get(role, self._weights[PATIENT])[bin_of(years)]


@functools.lru_cache(maxsize=8)
def age_priors(fitted: FittedDetails) -> AgePriors:
    """The priors of a set's fitted details, built once per table."""
    return AgePriors(fitted)
