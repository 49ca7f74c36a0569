"""The Gazetteer: a table of values with weights, attributes and provenance."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np
import polars as pl

from .sampler import Sampler


@dataclass(frozen=True)
class Provenance:
    source: str
    reference_date: str = ""
    licence: str = ""
    url: str = ""


class Gazetteer:
    """Values (column ``value``) with weights (column ``weight``) and any attribute columns.

    Samplers are built once per (filter, top-k, blocklist) and cached, so the per-entity path is a
    single ``searchsorted``.
    """

    def __init__(self, name: str, frame: pl.DataFrame, provenance: Provenance | None = None,
                 *, fingerprint: str | None = None) -> None:
        if "value" not in frame.columns:
            raise ValueError(f"gazetteer {name}: needs a 'value' column")
        if "weight" not in frame.columns:
            frame = frame.with_columns(pl.lit(1.0).alias("weight"))
        self.name = name
        self.frame = frame
        self.provenance = provenance or Provenance(source="unknown")
        self._fingerprint = (fingerprint, frame)
        self._samplers: dict[tuple, Sampler] = {}
        self._blocklist: frozenset[str] = frozenset()

    @property
    def fingerprint(self) -> str | None:
        """Digest of the file the frame was read from, when its loader knew it and the frame is still that one:
        structures shipped beside the code (name pools) check it instead of hashing the whole frame at start-up."""
        digest, frame = self._fingerprint
        return digest if self.frame is frame else None

    def __len__(self) -> int:
        return self.frame.height

    def __repr__(self) -> str:
        return f"Gazetteer({self.name!r}, rows={len(self)}, source={self.provenance.source!r})"

    @property
    def values(self) -> list[str]:
        return self.frame["value"].to_list()

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
        frame = self.frame
        for col, val in where.items():
            frame = frame.filter(pl.col(col) == val)
        if top_k is not None:
            frame = frame.sort("weight", descending=True, maintain_order=True).head(top_k)
        weights = frame["weight"].to_numpy().astype(np.float64) if weighted else None
        sampler = Sampler(frame["value"].to_list(), weights, blocklist=self._blocklist)
        self._samplers[key] = sampler
        return sampler

    def lookup(self, column: str) -> dict[str, object]:
        """``value → column`` dictionary (first row wins), e.g. municipality → province code."""
        out: dict[str, object] = {}
        for v, a in zip(self.frame["value"].to_list(), self.frame[column].to_list()):
            out.setdefault(v, a)
        return out
