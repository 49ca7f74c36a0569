"""Detail distributions fitted on a corpus: the ``fitted_details`` table of a gazetteer set.

The table holds counts of mentions only (``detail``, ``value``, and the count as ``weight``): the leading
digit of house numbers, floors, door letters, trailing zeros of switchboard phones, digit steps of
identifiers, the accent style of names. :class:`FittedDetails` turns one detail into values and
probabilities with add-one smoothing, so a value the corpus never showed stays possible.

A locale ships the table like any other (the Spanish one is ``facts/fitted_details.csv``, written by
``bench/fit_details.py``); a user refits it on their own corpus and swaps it in with
``gazetteers.override("fitted_details", loader)`` (see :func:`load_fitted_details`). A gazetteer set
without the table draws from the shipped one.
"""
from __future__ import annotations

import csv
import functools
from bisect import bisect_right
from pathlib import Path

import numpy as np

from .registry import GazetteerSet
from .table import Gazetteer, Provenance

FITTED_PATH = Path(__file__).resolve().parent / "facts" / "fitted_details.csv"
TABLE = "fitted_details"


class FittedDetails:
    """Counts per detail (value → count, in table order), and draws with their smoothed shares. A detail the
    table lacks comes from ``fallback`` (a user's table for doors alone keeps the shipped floors)."""

    def __init__(self, counts: dict[str, dict[str, float]], fallback: "FittedDetails | None" = None) -> None:
        self._counts = counts
        self._fallback = fallback
        self._shares: dict[tuple[str, float], tuple[tuple[str, ...], np.ndarray]] = {}
        self._cumulative: dict[tuple[str, frozenset[str] | None], tuple[tuple[str, ...], list[float]]] = {}

    @classmethod
    def from_gazetteer(cls, table: Gazetteer, fallback: "FittedDetails | None" = None) -> "FittedDetails":
        if "detail" not in table.column_names:
            raise ValueError(f"gazetteer {table.name!r} has no 'detail' column; it cannot hold fitted details")
        counts: dict[str, dict[str, float]] = {}
        for detail, value, count in zip(table.column("detail"), table.column("value"), table.column("weight")):
            counts.setdefault(str(detail), {})[str(value)] = float(count)
        return cls(counts, fallback)

    def details(self) -> list[str]:
        inherited = self._fallback.details() if self._fallback is not None else []
        return list(dict.fromkeys([*self._counts, *inherited]))

    def _table(self, detail: str) -> dict[str, float]:
        found = self._counts.get(detail)
        if found is not None:
            return found
        if self._fallback is None:
            raise KeyError(f"no fitted detail {detail!r}")
        return self._fallback._table(detail)

    def counts(self, detail: str) -> dict[str, float]:
        """The raw counts of one detail (value → count); KeyError when neither table has such a detail."""
        return dict(self._table(detail))

    def shares(self, detail: str, smoothing: float = 1.0) -> tuple[tuple[str, ...], np.ndarray]:
        """(values, probabilities) of one detail; KeyError when the table has no such detail."""
        key = (detail, smoothing)
        if key not in self._shares:
            counts = self._table(detail)
            values = tuple(counts)
            weights = np.array([counts[v] + smoothing for v in values], dtype=np.float64)
            self._shares[key] = values, weights / weights.sum()
        return self._shares[key]

    def draw(self, detail: str, rng: np.random.Generator, allowed: frozenset[str] | None = None) -> str:
        """One value of ``detail`` drawn with its fitted share (only among ``allowed`` when given)."""
        values, cum = self._cumulative_shares(detail, allowed)
        return values[min(bisect_right(cum, rng.random()), len(values) - 1)]

    def _cumulative_shares(self, detail: str, allowed: frozenset[str] | None) -> tuple[tuple[str, ...], list[float]]:
        """Built once per pair, since callers pass a few constant sets and draw once per span."""
        key = (detail, allowed)
        found = self._cumulative.get(key)
        if found is None:
            values, probs = self.shares(detail)
            if allowed is not None:
                mask = np.array([v in allowed for v in values])
                if not mask.any():
                    raise LookupError(f"no fitted value of {detail} is allowed")
                probs = np.where(mask, probs, 0.0)
                probs = probs / probs.sum()
            # bisect on a list: searchsorted's answer without its wrapping
            found = self._cumulative[key] = values, np.cumsum(probs).tolist()
        return found


def read_fitted_csv(path: Path | str) -> dict[str, list[tuple[str, float]]]:
    """``detail,value,count`` rows of a CSV (``#`` lines are comments), grouped by detail in file order.
    A malformed row is a ValueError naming the file and the line."""
    path = Path(path)
    out: dict[str, list[tuple[str, float]]] = {}
    header: list[str] | None = None
    with path.open(encoding="utf-8", newline="") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip() or line.startswith("#"):
                continue
            cells = next(csv.reader([line]))
            if header is None:
                header = cells
                if not {"detail", "value", "count"} <= set(header):
                    raise ValueError(f"{path}, line {number}: the header must name detail, value and count")
                continue
            row = dict(zip(header, cells))
            try:
                count = float(row["count"])
            except (KeyError, ValueError):
                raise ValueError(f"{path}, line {number}: the count is not a number") from None
            if count < 0 or not row.get("detail"):
                raise ValueError(f"{path}, line {number}: a detail needs a name and a count of 0 or more")
            out.setdefault(row["detail"], []).append((row.get("value", ""), count))
    return out


def load_fitted_details(path: Path | str = FITTED_PATH) -> Gazetteer:
    """A ``fitted_details`` table from a ``detail,value,count`` CSV (for ``GazetteerSet.override``)."""
    rows = [(detail, value, count) for detail, pairs in read_fitted_csv(path).items() for value, count in pairs]
    columns = {"value": [r[1] for r in rows], "weight": [r[2] for r in rows], "detail": [r[0] for r in rows]}
    return Gazetteer(TABLE, columns, Provenance(source=f"{Path(path).name}: counts of mentions fitted on a corpus"),
                     dtypes={"value": "String", "weight": "Float64", "detail": "String"})


def fitted_details(gazetteers: GazetteerSet) -> FittedDetails:
    """The set's fitted details (its ``fitted_details`` table, the shipped one for the details it lacks),
    built once per set."""
    if TABLE not in gazetteers:
        return default_details()
    return gazetteers.derived(TABLE, lambda gaz: FittedDetails.from_gazetteer(gaz[TABLE], default_details()))


@functools.cache
def default_details() -> FittedDetails:
    """The shipped table (``facts/fitted_details.csv``)."""
    return FittedDetails.from_gazetteer(load_fitted_details())


# The shipped table's details, for scripts and tests that have no gazetteer set at hand.
def detail_counts(detail: str) -> dict[str, float]:
    return default_details().counts(detail)


def detail_shares(detail: str, smoothing: float = 1.0) -> tuple[tuple[str, ...], np.ndarray]:
    return default_details().shares(detail, smoothing)


def draw_detail(detail: str, rng: np.random.Generator, allowed: frozenset[str] | None = None) -> str:
    return default_details().draw(detail, rng, allowed)
