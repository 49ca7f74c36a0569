"""Generic loader (CSV, TSV, parquet with a column mapping) and the helpers every loader shares.

Every text file is read with all columns as strings, so codes keep their leading zeros ("01001"), and
numbers are parsed explicitly: a bad cell raises :class:`LoaderError` naming the file and the line.
"""
from __future__ import annotations

import csv
from pathlib import Path
from typing import Iterable, Mapping

import polars as pl

from ..table import Gazetteer, Provenance


class LoaderError(ValueError):
    """A malformed gazetteer file. ``str()`` names the file and, where known, the line (1-based)."""

    def __init__(self, path: str | Path, message: str, line: int | None = None) -> None:
        self.path = str(path)
        self.line = line
        where = f"{self.path}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {message}")


def existing(path: str | Path) -> Path:
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"gazetteer file not found: {path}")
    return path


def read_text_table(
    path: Path,
    *,
    separator: str = ",",
    skip_rows: int = 0,
    encoding: str = "utf8",
) -> pl.DataFrame:
    """Read a delimited file with every column as a string (header on line ``skip_rows + 1``)."""
    try:
        return pl.read_csv(
            path,
            separator=separator,
            skip_rows=skip_rows,
            infer_schema=False,
            encoding=encoding,  # type: ignore[arg-type]
            truncate_ragged_lines=False,
        )
    except (pl.exceptions.PolarsError, UnicodeDecodeError, OSError) as exc:
        raise LoaderError(path, f"cannot read as {separator!r}-separated text: {_first_line(exc)}",
                          line=_locate_problem(path, separator, skip_rows)) from exc


def _locate_problem(path: Path, separator: str, skip_rows: int) -> int | None:
    """Best effort, on the error path only: the first line that is not UTF-8 or has too many fields."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    for number, line in enumerate(raw.split(b"\n"), start=1):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            return number
    text = raw.decode("utf-8").splitlines()[skip_rows:]
    reader = csv.reader(text, delimiter=separator)
    try:
        width = len(next(reader))
        for row in reader:
            if len(row) > width:
                return skip_rows + reader.line_num
    except (csv.Error, StopIteration):
        return skip_rows + reader.line_num
    return None


def read_sheet(path: Path, sheet: str | int | None) -> pl.DataFrame:
    """Read one xlsx sheet without a header (every cell a string), so the caller finds the header row."""
    try:
        return pl.read_excel(
            path,
            sheet_name=sheet if isinstance(sheet, str) else None,
            sheet_id=None if isinstance(sheet, str) else (sheet or 0) + 1,
            engine="calamine",
            has_header=False,
            infer_schema_length=0,
        )
    except Exception as exc:  # fastexcel raises its own exception types
        raise LoaderError(path, f"cannot read sheet {sheet!r}: {_first_line(exc)}") from exc


def header_at(path: Path, raw: pl.DataFrame, required: Iterable[str]) -> tuple[pl.DataFrame, int]:
    """Promote the first row holding every ``required`` name to the header.

    Returns the data below it and the 1-based sheet row of the first data row.
    """
    required = list(required)
    for i, row in enumerate(raw.iter_rows()):
        cells = [str(c).strip() if c is not None else "" for c in row]
        if all(r in cells for r in required):
            names = [c or f"_col{j}" for j, c in enumerate(cells)]
            data = raw.slice(i + 1)
            data.columns = _unique(names)
            return data, i + 2
        if i > 50:
            break
    raise LoaderError(path, f"no header row with columns {', '.join(required)}")


def require_columns(path: Path, frame: pl.DataFrame, columns: Iterable[str]) -> None:
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise LoaderError(path, f"missing column(s) {', '.join(missing)}; found {', '.join(frame.columns)}")


def parse_counts(
    path: Path,
    frame: pl.DataFrame,
    column: str,
    *,
    first_line: int,
    suppressed: Iterable[str] = (),
    decimal_comma: bool = False,
    dtype: type[pl.DataType] = pl.Float64,
) -> pl.Series:
    """Parse a string column to numbers; ``suppressed`` markers (INE's "..") become 0.

    A blank, negative or non-numeric cell raises :class:`LoaderError` with its line number.
    """
    raw = frame[column].cast(pl.String).str.strip_chars()
    if suppressed:
        raw = pl.Series(column, raw).replace(list(suppressed), "0")
    text = raw.str.replace(",", ".", literal=True) if decimal_comma else raw
    parsed = text.cast(pl.Float64, strict=False)
    bad = (parsed.is_null() | parsed.is_nan() | (parsed < 0)).fill_null(True)
    if bad.any():
        i = int(bad.arg_true()[0])
        cell = frame[column][i]
        raise LoaderError(path, f"column {column!r}: {cell!r} is not a non-negative number", line=first_line + i)
    return parsed.cast(dtype).alias(column)


def require_values(path: Path, frame: pl.DataFrame, column: str, *, first_line: int) -> None:
    blank = frame[column].cast(pl.String).str.strip_chars().fill_null("") == ""
    if blank.any():
        raise LoaderError(path, f"column {column!r} is empty", line=first_line + int(blank.arg_true()[0]))


def load_table(
    path: str | Path,
    *,
    value: str,
    weight: str | None = None,
    columns: Mapping[str, str] | Iterable[str] | None = None,
    name: str | None = None,
    provenance: Provenance | None = None,
    separator: str | None = None,
    encoding: str = "utf8",
    skip_rows: int = 0,
) -> Gazetteer:
    """A gazetteer from any CSV, TSV or parquet file.

    ``value`` and ``weight`` name the file's columns that become ``value`` and ``weight`` (no weight:
    uniform). ``columns`` maps gazetteer attribute names to file columns (``{"sex": "SEXO"}``), or lists
    file columns to keep under their own names. The format follows the suffix (``.csv``, ``.tsv``/``.tab``,
    ``.parquet``/``.pq``); ``separator`` overrides it for text files. Text columns stay strings, so codes
    keep leading zeros. Rows whose value is blank, and weights that are not non-negative numbers, raise
    :class:`LoaderError` naming the file and line.
    """
    path = existing(path)
    suffix = path.suffix.lower()
    if suffix in (".parquet", ".pq"):
        try:
            frame = pl.read_parquet(path)
        except Exception as exc:
            raise LoaderError(path, f"cannot read as parquet: {_first_line(exc)}") from exc
        first_line = 1  # parquet has no lines: report the 1-based row
    else:
        sep = separator or ("\t" if suffix in (".tsv", ".tab") else ",")
        frame = read_text_table(path, separator=sep, skip_rows=skip_rows, encoding=encoding)
        first_line = skip_rows + 2
    mapping = _mapping(columns)
    require_columns(path, frame, [value, *([weight] if weight else []), *mapping.values()])
    require_values(path, frame, value, first_line=first_line)
    out = [frame[value].cast(pl.String).str.strip_chars().alias("value")]
    if weight:
        out.append(parse_counts(path, frame, weight, first_line=first_line).alias("weight"))
    out.extend(frame[src].alias(dst) for dst, src in mapping.items() if dst not in ("value", "weight"))
    return Gazetteer(name or path.stem, pl.DataFrame(out), provenance or Provenance(source=str(path)))


def _mapping(columns: Mapping[str, str] | Iterable[str] | None) -> dict[str, str]:
    if columns is None:
        return {}
    if isinstance(columns, Mapping):
        return dict(columns)
    if isinstance(columns, str):
        return {columns: columns}
    return {c: c for c in columns}


def _unique(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for n in names:
        k = seen.get(n, 0)
        out.append(n if k == 0 else f"{n}_{k}")
        seen[n] = k + 1
    return out


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
