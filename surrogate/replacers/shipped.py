"""Structures derived from the gazetteers and shipped beside the code (name pools, the place index): the file
format they share (issue 12, a fast start).

A shipped store is a first line holding the digest of everything it was built from, a second line with a JSON
table of contents, then its *sections*, each compressed on its own. A reader that computes another digest
gets None and builds the structure itself, so a stale or foreign file is never used. :func:`read` decodes
nothing but the table of contents: a section is decompressed and decoded when it is read, and the stores read
each one on first use (:class:`LazyMap`), so a process pays only for the parts its documents need (the name pools' compound given names, foreign-origin pools or surname
tails wait until a name asks for them).

A section is JSON, or raw bytes (numbers as little-endian float64: ``frombuffer`` reads them in C). Inside
JSON, lists of strings travel as one string each (``split`` reads hundreds of thousands of entries in C,
where a JSON array takes a Python object per entry to parse). Writes are byte-reproducible.
"""
from __future__ import annotations

import base64
import bisect
import hashlib
import json
import threading
import zlib
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import numpy as np

if TYPE_CHECKING:
    from gazetteers import GazetteerSet

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LazyMap(Mapping[K, V], Generic[K, V]):
    """A mapping whose keys are known up front and whose values are made on first access, then kept."""

    def __init__(self, keys: Iterable[K], make: Callable[[K], V]) -> None:
        self._keys = dict.fromkeys(keys)
        self._make = make
        self._made: dict[K, V] = {}
        self._lock = threading.Lock()

    def __getitem__(self, key: K) -> V:
        try:
            return self._made[key]
        except KeyError:
            if key not in self._keys:
                raise
        with self._lock:  # two threads never decode one section twice
            if key not in self._made:
                self._made[key] = self._make(key)
            return self._made[key]

    def __contains__(self, key: object) -> bool:
        return key in self._keys

    def __iter__(self) -> Iterator[K]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


class SortedTable(Mapping[str, V], Generic[V]):
    """A read-only map over keys shipped in sorted order, looked up by bisection: reading a census table of
    70,000 names then costs one ``split``, where building a dict of them costs three times as much, and a
    document asks only for the few words it holds."""

    __slots__ = ("_keys", "_values")

    def __init__(self, keys: list[str], values: Sequence[V]) -> None:
        if len(keys) != len(values):
            raise ValueError("a sorted table needs one value per key")
        self._keys, self._values = keys, values

    def _index(self, key: object) -> int:
        keys = self._keys
        i = bisect.bisect_left(keys, key) if isinstance(key, str) else len(keys)
        return i if i < len(keys) and keys[i] == key else -1

    def __getitem__(self, key: str) -> V:
        i = self._index(key)
        if i < 0:
            raise KeyError(key)
        return self._values[i]

    def get(self, key: str, default=None):  # type: ignore[override]  # without Mapping.get's try/except
        i = self._index(key)
        return default if i < 0 else self._values[i]

    def __contains__(self, key: object) -> bool:
        return self._index(key) >= 0

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


def sorted_items(mapping: Mapping[str, V]) -> tuple[list[str], list[V]]:
    """The keys of ``mapping`` in the order a :class:`SortedTable` reads them, and their values."""
    keys = sorted(mapping)
    return keys, [mapping[k] for k in keys]


def feed_sources(h: "hashlib._Hash", folder: Path, sources: Iterable[str]) -> None:
    """Feed a digest with the bytes of the code files ``sources`` (relative to ``folder``)."""
    for rel in sources:
        h.update((folder / rel).resolve().read_bytes())


def tables_stamp(gazetteers: "GazetteerSet", tables: Iterable[str], folder: Path, sources: Iterable[str],
                 extra: str = "") -> str | None:
    """The digest a store built from ``tables`` carries: their files' fingerprints (a table the set lacks, or
    whose file is missing, counts as such), the code ``sources`` and ``extra``. None when the set blocks values
    or a table was not read from a file (it has no file digest to stand for it): such a set builds its own."""
    if gazetteers.blocklist:
        return None
    h = hashlib.sha256()
    feed_sources(h, folder, sources)
    h.update(extra.encode())
    for name in tables:
        try:
            fingerprint = gazetteers[name].fingerprint if name in gazetteers else "absent"
        except FileNotFoundError:  # optional tables (islands, communities) may lack their file
            fingerprint = "missing"
        if fingerprint is None:
            return None
        h.update(f"{name}:{fingerprint}".encode())
    return h.hexdigest()


def read(path: Path, stamp: str) -> Mapping[str, Any] | None:
    """The sections of ``path`` (decoded on first use) when its first line is ``stamp``, else None (no file,
    stale or foreign)."""
    if not path.exists():
        return None
    blob = path.read_bytes()
    first = blob.find(b"\n")
    if blob[:first].decode("utf-8", "replace") != stamp:
        return None
    second = blob.find(b"\n", first + 1)
    contents: dict[str, list] = json.loads(blob[first + 1:second])
    body = memoryview(blob)[second + 1:]

    return _Sections(contents, body)


class _Sections(Mapping[str, Any]):
    """A store's sections, each decompressed and decoded when it is read. Nothing is kept: the reader keeps
    what it builds from a section (a dict, a list of names), and the raw text would only double it in memory."""

    def __init__(self, contents: dict[str, list], body: memoryview) -> None:
        self._contents, self._body = contents, body

    def __getitem__(self, name: str) -> Any:
        offset, size, kind = self._contents[name]
        raw = zlib.decompress(self._body[offset:offset + size])
        return raw if kind == "bytes" else json.loads(raw)

    def __iter__(self) -> Iterator[str]:
        return iter(self._contents)

    def __len__(self) -> int:
        return len(self._contents)


def write(path: Path, stamp: str, sections: Mapping[str, Any]) -> Path:
    """Write ``sections`` (JSON values, or ``bytes`` kept raw) after ``stamp``, atomically (a temporary file
    renamed over ``path``)."""
    contents: dict[str, list] = {}
    parts: list[bytes] = []
    offset = 0
    for name, value in sections.items():
        if isinstance(value, bytes):
            raw, kind = value, "bytes"
        else:
            raw, kind = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), "json"
        packed = zlib.compress(raw, 9)
        contents[name] = [offset, len(packed), kind]
        parts.append(packed)
        offset += len(packed)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write((stamp + "\n").encode())
        f.write(json.dumps(contents, separators=(",", ":")).encode() + b"\n")
        f.writelines(parts)
    tmp.replace(path)
    return path


def texts_out(values: Iterable[str]) -> str:
    values = list(values)
    if any("\n" in v for v in values):
        raise ValueError("a shipped entry holds a newline")
    return "\n".join(values)


def texts_in(text: str) -> list[str]:
    return text.split("\n") if text else []


def floats_out(values: Iterable[float]) -> str:
    return base64.b64encode(np.asarray(list(values), dtype="<f8").tobytes()).decode("ascii")


def floats_in(text: str) -> np.ndarray:
    return np.frombuffer(base64.b64decode(text), dtype="<f8").astype(np.float64)


def float_bytes_out(values: Iterable[float]) -> bytes:
    """Numbers as a raw section."""
    return np.asarray(list(values), dtype="<f8").tobytes()


def float_bytes_in(raw: bytes) -> np.ndarray:
    return np.frombuffer(raw, dtype="<f8").astype(np.float64)


def text_bytes_out(values: Iterable[str]) -> bytes:
    """Strings as a raw section (JSON would escape every newline that joins them)."""
    return texts_out(values).encode("utf-8")


def text_bytes_in(raw: bytes) -> list[str]:
    return texts_in(raw.decode("utf-8"))
