"""The days of the month a corpus writes its dates on, as a prior over the document's date shift.

MEDDOCAN's dates fall on the 13th, 15th and 21st far more often than a calendar's days do, and on the 1st to 9th
less often (22% of its dates written in digits, against 30% of calendar days). A shift drawn uniformly wrote the
calendar's days, and a classifier of original against surrogate dates read them ("05/…" surrogate-like, "21/…"
original-like). So the shift is drawn among a few candidates that keep every date in shape, each weighted by how
likely the fitted day distribution (``date_day`` of the fitted details) makes the days it writes, over how likely
the calendar makes them (importance resampling): intervals between dates stay exact, and the days follow the corpus.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

from gazetteers.fitted import FittedDetails

DETAIL = "date_day"
#: a day-first date in digits ("05/03/2014", "5-3-14"): group 1 is the day
NUMERIC_DATE = re.compile(r"(\d{1,2})([/.-])\d{1,2}\2\d{2,4}")
#: how many calendar months have each day (29th: 11.25 with leap years)
_MONTHS_WITH_DAY = np.array([12.0] * 28 + [11.25, 11.0, 7.0])


class DayPrior:
    """Likelihood ratio of the fitted day distribution to the calendar's, for the days a set of renderings writes."""

    def __init__(self, ratio: np.ndarray) -> None:
        self.ratio = ratio  # per day 1-31: fitted share / calendar share

    @classmethod
    def of(cls, fitted: FittedDetails) -> "DayPrior | None":
        """The prior of a fitted table, or None when it has no days (a user's table: the shift stays uniform)."""
        try:
            values, shares = fitted.shares(DETAIL)
        except KeyError:
            return None
        fitted_share = np.zeros(31)
        for value, share in zip(values, shares):
            if value.isdigit() and 1 <= int(value) <= 31:
                fitted_share[int(value) - 1] = share
        if not fitted_share.sum() > 0:
            return None
        return cls(fitted_share / fitted_share.sum() / (_MONTHS_WITH_DAY / _MONTHS_WITH_DAY.sum()))

    def weight(self, renders: Iterable[str]) -> float:
        weight = 1.0
        for text in renders:
            m = NUMERIC_DATE.fullmatch(text.strip())
            if m and 1 <= int(m.group(1)) <= 31:
                weight *= float(self.ratio[int(m.group(1)) - 1])
        return weight

    def choose(self, candidates: list[tuple[int, list[str]]], rng: np.random.Generator) -> int:
        """One shift of ``(shift, its renderings)``, drawn in proportion to the weight of its renderings."""
        if len(candidates) == 1:
            return candidates[0][0]
        weights = np.array([self.weight(renders) for _, renders in candidates])
        if not weights.sum() > 0:
            return candidates[0][0]
        return candidates[int(rng.choice(len(candidates), p=weights / weights.sum()))][0]
