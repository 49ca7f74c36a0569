"""The Gazetteer: a table of values with weights, attributes and provenance.

A gazetteer holds its columns as plain lists or as a polars frame, whichever it was given, and makes the other
on demand. Replacers read columns (:meth:`Gazetteer.column`), so a process that loads shipped tables and
structures never imports polars (about 0.3 s of a 0.5 s start, issue 12); building and inspecting tables use
:attr:`Gazetteer.frame`.
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Iterator

import numpy as np

from .sampler import Sampler

if TYPE_CHECKING:
    import polars as pl


@dataclass(frozen=True)
class Provenance:
    source: str
    reference_date: str = ""
    licence: str = ""
    url: str = ""


_DECODING = threading.Lock()

def heaviest(weights: Sequence[float], n: int) -> list[int]:
    """Indices of the ``n`` heaviest weights, heaviest first, ties in their order (a stable sort)."""
    return np.argsort(-np.asarray(weights, dtype=np.float64), kind="stable")[:n].tolist()


#: column types a column table may declare (the polars types of the same names)
DTYPES = ("String", "Float64", "Int64", "Boolean")


class Gazetteer:
    """Values (column ``value``) with weights (column ``weight``) and any attribute columns.

    ``data`` is a polars frame, or a mapping of column name → list (``dtypes`` optionally names each
    column's type, one of :data:`DTYPES`, for the frame made from it). Samplers are built once per (filter,
    top-k, blocklist) and cached, so the per-entity path is a single ``searchsorted``.
    """

    def __init__(self, name: str, data: "pl.DataFrame | Mapping[str, Sequence[object]]",
                 provenance: Provenance | None = None, *, fingerprint: str | None = None,
                 dtypes: Mapping[str, str] | None = None) -> None:
        self.name = name
        self.provenance = provenance or Provenance(source="unknown")
        self._fingerprint = fingerprint
        self._samplers: dict[tuple, Sampler] = {}
        self._blocklist: frozenset[str] = frozenset()
        self._pending: Callable[[], tuple[Mapping[str, Sequence[object]], Mapping[str, str]]] | None = None
        self._set(data, dtypes)

    @classmethod
    def deferred(cls, name: str, load: Callable[[], tuple[Mapping[str, Sequence[object]], Mapping[str, str]]],
                 provenance: Provenance | None = None, *, fingerprint: str | None = None) -> "Gazetteer":
        """A gazetteer whose columns (and their types) ``load`` gives on first use: a structure that only needs
        the table's ``fingerprint`` (a shipped store checking it was built from this file) never decodes it."""
        table = cls(name, {"value": []}, provenance, fingerprint=fingerprint)
        table._pending = load
        return table

    def _materialise(self) -> None:
        if self._pending is not None:
            with _DECODING:  # threads of one process (the review server) decode a table once
                if self._pending is not None:
                    self._set(*self._pending())
                    self._pending = None

    def _set(self, data: "pl.DataFrame | Mapping[str, Sequence[object]]", dtypes: Mapping[str, str] | None) -> None:
        name = self.name
        self._frame: pl.DataFrame | None = None
        self._columns: dict[str, list] = {}
        self._dtypes = dict(dtypes or {})
        if isinstance(data, Mapping):
            self._columns = {str(c): list(v) for c, v in data.items()}
            self._names = list(self._columns)
            lengths = {len(v) for v in self._columns.values()}
            if len(lengths) > 1:
                raise ValueError(f"gazetteer {name}: columns of different lengths")
            self._height = lengths.pop() if lengths else 0
        else:
            self._frame = data
            self._names = list(data.columns)
            self._height = data.height
        if "value" not in self._names:
            raise ValueError(f"gazetteer {name}: needs a 'value' column")
        if "weight" not in self._names:
            if self._frame is not None:
                import polars as pl

                self._frame = self._frame.with_columns(pl.lit(1.0).alias("weight"))
            self._columns["weight"] = [1.0] * self._height
            self._dtypes["weight"] = "Float64"
            self._names.append("weight")

    # -- the table ---------------------------------------------------------------------------------------
    @property
    def frame(self) -> "pl.DataFrame":
        """The table as a polars frame (made on first use when the gazetteer was given columns)."""
        self._materialise()
        if self._frame is None:
            import polars as pl

            schema = {c: getattr(pl, self._dtypes[c]) for c in self._names if self._dtypes.get(c) in DTYPES}
            self._frame = pl.DataFrame({c: self._columns[c] for c in self._names}, schema_overrides=schema)
        return self._frame

    @frame.setter
    def frame(self, frame: "pl.DataFrame") -> None:
        """Replace the table: cached columns, samplers and the file fingerprint no longer stand for it."""
        self._pending = None
        self._frame, self._columns, self._names, self._height = frame, {}, list(frame.columns), frame.height
        self._fingerprint = None
        self._samplers.clear()

    @property
    def column_names(self) -> list[str]:
        self._materialise()
        return list(self._names)

    def column(self, name: str, default: object = None) -> list:
        """The column as a list; a table without it gives ``default`` for every row (a KeyError when
        ``default`` is None)."""
        self._materialise()
        if name not in self._names:
            if default is None:
                raise KeyError(f"gazetteer {self.name}: no column {name!r}")
            return [default] * self._height
        found = self._columns.get(name)
        if found is None:
            found = self._columns[name] = self._frame[name].to_list()  # type: ignore[index]
        return found

    def numbers(self, name: str) -> np.ndarray:
        """A numeric column as float64, a missing number as 0."""
        return np.asarray([0.0 if v is None else float(v) for v in self.column(name)], dtype=np.float64)

    def rows(self) -> Iterator[dict[str, object]]:
        """Every row as a ``column → value`` dictionary."""
        cols = [self.column(c) for c in self.column_names]
        for values in zip(*cols):
            yield dict(zip(self._names, values))

    @property
    def fingerprint(self) -> str | None:
        """Digest of the file the table was read from, when its loader knew it and the table is still that one:
        structures shipped beside the code (name pools) check it instead of hashing the whole table at start-up."""
        return self._fingerprint

    @property
    def height(self) -> int:
        self._materialise()
        return self._height

    def __len__(self) -> int:
        return self.height

    def __repr__(self) -> str:
        return f"Gazetteer({self.name!r}, rows={len(self)}, source={self.provenance.source!r})"

    @property
    def values(self) -> list[str]:
        return self.column("value")

    # -- sampling ----------------------------------------------------------------------------------------
    def with_blocklist(self, blocklist: Iterable[str]) -> None:
        """Block values everywhere this gazetteer samples (held-out entity strings, for example)."""
        self._blocklist = frozenset(blocklist)
        self._samplers.clear()

    def sampler(self, *, top_k: int | None = None, weighted: bool = True, **where: object) -> Sampler:
        """A cached sampler over the rows whose attributes equal ``where`` (e.g. ``sex="F"``)."""
        key = (top_k, weighted, tuple(sorted(where.items())))
        cached = self._samplers.get(key)
        if cached is not None:
            return cached
        rows = range(self.height)
        for col, val in where.items():
            cells = self.column(col)
            rows = [i for i in rows if cells[i] == val]
        weight = self.column("weight")
        if top_k is not None:
            rows = [rows[i] for i in heaviest([weight[r] for r in rows], top_k)]
        values = self.column("value")
        weights = np.asarray([weight[i] for i in rows], dtype=np.float64) if weighted else None
        sampler = Sampler([values[i] for i in rows], weights, blocklist=self._blocklist)
        self._samplers[key] = sampler
        return sampler

    def lookup(self, column: str) -> dict[str, object]:
        """``value → column`` dictionary (first row wins), e.g. municipality → province code."""
        out: dict[str, object] = {}
        for v, a in zip(self.column("value"), self.column(column)):
            out.setdefault(v, a)
        return out
