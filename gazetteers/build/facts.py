"""Read the hand-written fact tables in ``gazetteers/facts/`` (CSV with ``#`` comment lines citing the source)."""
from __future__ import annotations

import csv
from pathlib import Path

import polars as pl

FACTS_DIR = Path(__file__).resolve().parent.parent / "facts"


def read_fact(name: str) -> pl.DataFrame:
    """A fact table with every column as text; callers cast what they need."""
    path = FACTS_DIR / f"{name}.csv"
    with path.open(encoding="utf-8", newline="") as handle:
        lines = [line for line in handle if line.strip() and not line.startswith("#")]
    reader = csv.reader(lines)
    header = next(reader)
    rows = [[cell.strip() for cell in row] for row in reader]
    for line_no, row in enumerate(rows, start=2):
        if len(row) != len(header):
            raise ValueError(f"{path}: data row {line_no} has {len(row)} fields, expected {len(header)}")
    if not rows:
        raise ValueError(f"fact table {path} is empty")
    return pl.DataFrame(rows, schema={c: pl.String for c in header}, orient="row")
