"""How old patients and relatives are: priors that weight an age's perturbation (issue 13, "ages by role").

Fitted on MEDDOCAN train + dev (750 documents; 800 patient ages, 28 relatives' ages) by ``bench/fit_age_roles.py``: per role, the distinct ages
in years of each document, counted in 5-year bins. Only these counts are shipped. A draw weights each candidate
age by its bin's share plus a half-count of additive smoothing (no age is impossible, a sparse bin is not
over-trusted), so a perturbed 88-year-old patient is more often 84 than 92, and a relative's age follows
relatives' ages (parents of adults, children of patients).
"""
from __future__ import annotations

PATIENT, RELATIVE = "patient", "relative"
BIN_WIDTH = 5
BINS = tuple(range(0, 101, BIN_WIDTH))  # lower bounds: 0–4, 5–9, …, 95–99, 100+
_SMOOTHING = 0.5

COUNTS: dict[str, tuple[int, ...]] = {
    PATIENT: (26, 42, 43, 33, 37, 55, 56, 56, 63, 50, 50, 47, 63, 63, 48, 40, 13, 10, 5, 0, 0),
    RELATIVE: (1, 2, 3, 0, 2, 2, 3, 2, 1, 2, 1, 2, 3, 3, 0, 0, 0, 1, 0, 0, 0),
}


def bin_of(years: int) -> int:
    return min(max(years, 0) // BIN_WIDTH, len(BINS) - 1)


def _weights(counts: tuple[int, ...]) -> tuple[float, ...]:
    total = sum(counts) + _SMOOTHING * len(counts)
    return tuple((c + _SMOOTHING) / total / BIN_WIDTH for c in counts)


_WEIGHTS = {role: _weights(c) for role, c in COUNTS.items()}


def age_weight(years: int, role: str) -> float:
    """Relative likelihood of an age of ``years`` for ``role`` (patient or relative), per year of age."""
    return _WEIGHTS.get(role, _WEIGHTS[PATIENT])[bin_of(years)]
