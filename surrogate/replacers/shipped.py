"""Structures derived from the gazetteers and shipped beside the code (name pools, the place index): the file
format they share (issue 12, a fast start).

A shipped file is gzip'd JSON after a first line holding the digest of everything it was built from; a reader
that computes another digest gets None and builds the structure itself, so a stale or foreign file is never
used. Inside, lists of strings travel as one string each and numbers as little-endian float64 bytes: ``split``
and ``frombuffer`` read hundreds of thousands of entries in C, where a JSON array takes a Python object per
entry to parse. Writes are byte-reproducible (gzip ``mtime=0``).
"""
from __future__ import annotations

import base64
import gzip
import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np


def feed_sources(h: "hashlib._Hash", folder: Path, sources: Iterable[str]) -> None:
    """Feed a digest with the bytes of the code files ``sources`` (relative to ``folder``)."""
    for rel in sources:
        h.update((folder / rel).resolve().read_bytes())


def read(path: Path, stamp: str) -> Any | None:
    """The data of ``path`` when its first line is ``stamp``, else None (no file, stale or foreign)."""
    if not path.exists():
        return None
    with gzip.open(path, "rt", encoding="utf-8") as f:
        if f.readline().rstrip("\n") != stamp:
            return None
        return json.loads(f.read())


def write(path: Path, stamp: str, data: Any) -> Path:
    """Write ``data`` after ``stamp``, atomically (a temporary file renamed over ``path``)."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0) as gz:
        gz.write((stamp + "\n").encode())
        gz.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
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
