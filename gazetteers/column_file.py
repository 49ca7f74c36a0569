"""The file format of a locale's embedded tables: gzip'd JSON of typed columns.

Plain JSON reads without polars, so loading the shipped tables costs no polars import (issue 12, a fast start);
the build script writes it from a polars frame. Float64 values round-trip exactly (JSON keeps Python's
shortest repr) and writes are byte-reproducible (gzip ``mtime=0``), so a rebuild can be compared byte for byte.

    {"columns": [["value", "String", ["Aarón", ...]], ["weight", "Float64", [12.0, ...]], ...]}
"""
from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING

from .table import DTYPES, Gazetteer, Provenance

if TYPE_CHECKING:
    import polars as pl

SUFFIX = ".json.gz"


def encode(frame: "pl.DataFrame") -> bytes:
    """The file bytes of ``frame``; every column must be one of :data:`~gazetteers.table.DTYPES`."""
    columns = []
    for name, dtype in zip(frame.columns, frame.dtypes):
        kind = str(dtype)
        if kind not in DTYPES:
            raise ValueError(f"column {name!r}: type {kind} cannot be written (use one of {', '.join(DTYPES)})")
        columns.append([name, kind, frame[name].to_list()])
    text = json.dumps({"columns": columns}, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def write(path: Path, frame: "pl.DataFrame") -> Path:
    path.write_bytes(encode(frame))
    return path


def read(path: Path, name: str, provenance: Provenance | None = None) -> Gazetteer:
    """The table of ``path``, whose fingerprint is the digest of the file's bytes. The columns are decoded on
    first use (a shipped store that only checks the fingerprint never pays for it); a damaged file is then a
    ValueError naming it."""
    data = path.read_bytes()

    def decode() -> tuple[dict[str, list], dict[str, str]]:
        try:
            columns = json.loads(gzip.decompress(data))["columns"]
            return {col: values for col, _, values in columns}, {col: kind for col, kind, _ in columns}
        except (OSError, EOFError, ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}: not a gazetteer column file ({type(exc).__name__})") from None

    return Gazetteer.deferred(name, decode, provenance, fingerprint=hashlib.sha256(data).hexdigest())
