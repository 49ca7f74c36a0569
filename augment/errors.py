"""Errors a user can fix. The CLI prints them as one line and exits non-zero, never a traceback."""
from __future__ import annotations

from pathlib import Path


class UserError(Exception):
    """Bad input, bad option or missing file. The message must never contain PHI."""

    exit_code = 2


class InputError(UserError):
    """A malformed input file: names the file and, where known, the line."""

    def __init__(self, path: str | Path, message: str, line: int | None = None) -> None:
        self.path = str(path)
        self.line = line
        where = f"{self.path}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {message}")
