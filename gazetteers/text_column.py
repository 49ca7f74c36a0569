"""A read-only column of strings kept as one UTF-8 buffer, each string decoded when it is read.

A sampler over 60,000 surnames reads a handful of them per document; splitting its shipped buffer into 60,000
string objects cost more than a fresh process's whole first document spends on names (issue 12, a fast start).
A scan for the newlines that join the strings (numpy, in C) is all that reading the column costs.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

import numpy as np

_NEWLINE = 10


class TextColumn(Sequence[str]):
    """Strings joined by newlines (none may hold one), as ``shipped.text_bytes_out`` writes them."""

    __slots__ = ("_bounds", "_raw")

    def __init__(self, raw: bytes) -> None:
        self._raw = bytes(raw)
        ends = np.flatnonzero(np.frombuffer(self._raw, dtype=np.uint8) == _NEWLINE)
        # bounds[i] is where string i starts, bounds[i + 1] - 1 where it ends (the last one ends the buffer);
        # an empty buffer holds no string, like "".split("\n") read as no value
        self._bounds = np.concatenate(([0], ends + 1, [len(self._raw) + 1])) if self._raw else np.zeros(1, np.int64)

    def __len__(self) -> int:
        return len(self._bounds) - 1

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("text column index out of range")
        bounds = self._bounds
        return self._raw[int(bounds[i]) : int(bounds[i + 1]) - 1].decode("utf-8")

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw.decode("utf-8").split("\n") if self._raw else ())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TextColumn):
            return self._raw == other._raw
        if isinstance(other, (list, tuple)):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which do not hash

    def __repr__(self) -> str:
        return f"TextColumn({len(self)} strings)"
