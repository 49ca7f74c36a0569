"""What an augmentation run wrote: the manifest (no PHI) and the opt-in original→surrogate mapping (PHI, 0600).

``manifest.jsonl`` (always written, inside the output directory) is JSON Lines:

- line 1, ``{"type": "run", ...}``: the parameters that reproduce the run (seed, times, profile, schema,
  formats, how many held-out strings were blocked; never the strings, never paths or timings, so two runs
  that differ only in ``--workers`` or output location write the same bytes);
- then one ``{"type": "copy", ...}`` line per copy, in corpus order and copy order: source document, copy
  index (0 = the original, kept with ``--keep-original``), output name (``null`` for a dropped duplicate,
  with ``duplicate_of``), the copy's seed, and counts of spans per kind and per action. No span text.
  Where spans overlapped, ``overlaps`` lists their ids per outcome (realigned, merged, dropped); where the
  leak guard changed a surrogate, ``guarded`` lists the span ids it repaired or masked.

The mapping file (``--mapping FILE``) holds the originals and must be treated like the source corpus: it is
created with ``os.open(..., 0o600)`` and never written anywhere the user did not name.
"""
from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from surrogate.model import Replacement

from .errors import UserError

MANIFEST_NAME = "manifest.jsonl"
_KEPT_ACTIONS = {"keep"}


def run_record(**params: Any) -> dict[str, Any]:
    """The first manifest line: run parameters (callers pass no PHI, no paths, no timings)."""
    return {"type": "run", **params}


def copy_record(
    source: str,
    copy: int,
    output: str | None,
    seed: int | None,
    replacements: Iterable[Replacement] = (),
    *,
    duplicate_of: str | None = None,
    spans: int | None = None,
    overlaps: Mapping[str, str] | None = None,
    guarded: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """One copy's manifest line. Counts only: ``replacements`` holds PHI, none of it is copied here.

    ``replaced`` counts, per kind, the spans whose text changed hands (every action but ``keep``);
    ``actions`` counts spans per action, so fallback masks (``fallback-mask``) are visible per copy.
    ``overlaps`` (span id → realigned | merged | dropped) and ``guarded`` (span id → repaired | masked, by the
    leak guard) are written, when not empty, as outcome → sorted span ids.
    """
    reps = tuple(replacements)
    record: dict[str, Any] = {"type": "copy", "source": source, "copy": copy, "output": output, "seed": seed}
    if duplicate_of is not None:
        record["duplicate_of"] = duplicate_of
        return record
    record["spans"] = len(reps) if spans is None else spans
    record["replaced"] = dict(sorted(Counter(r.kind for r in reps if r.action not in _KEPT_ACTIONS).items()))
    record["actions"] = dict(sorted(Counter(r.action for r in reps).items()))
    for key, outcomes in (("overlaps", overlaps), ("guarded", guarded)):
        if outcomes:
            by_outcome: dict[str, list[str]] = {}
            for span_id, outcome in outcomes.items():
                by_outcome.setdefault(outcome, []).append(span_id)
            record[key] = {k: sorted(v, key=_id_order) for k, v in sorted(by_outcome.items())}
    return record


def _id_order(span_id: str) -> tuple[int, str]:
    """T2 before T10."""
    return len(span_id), span_id


def mapping_record(source: str, copy: int, output: str, replacements: Iterable[Replacement]) -> dict[str, Any]:
    """One copy's original→surrogate pairs (PHI: only for the opt-in mapping file)."""
    return {
        "source": source,
        "copy": copy,
        "output": output,
        "spans": [
            {"id": r.span_id, "label": r.label, "kind": r.kind, "action": r.action,
             "original": r.original, "surrogate": r.surrogate}
            for r in replacements
        ],
    }


def dumps(record: Mapping[str, Any]) -> str:
    """One JSONL line: UTF-8 text, fixed key order as built, no spaces."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def read_manifest(path: str | Path) -> Iterator[dict[str, Any]]:
    """The records of a manifest file, in order."""
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def open_private(path: str | Path) -> IO[str]:
    """Create ``path`` for writing with mode 0600 (owner only), refusing to replace an existing file.

    ``os.open`` applies the mode at creation, so the file is never readable by others, not even briefly;
    ``O_EXCL`` refuses an existing file (or symlink), whose permissions we could not vouch for.
    """
    path = Path(path)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags, 0o600)
    except FileExistsError:
        raise UserError(f"{path}: mapping file already exists (remove it or choose another name)") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot create mapping file ({exc.strerror})") from None
    try:
        os.fchmod(fd, 0o600)  # a umask can only remove bits, but be explicit
    except (AttributeError, OSError):  # pragma: no cover - platforms without fchmod
        pass
    return os.fdopen(fd, "w", encoding="utf-8", newline="\n")
