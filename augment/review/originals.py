"""Where the original of a reviewed document comes from: an apply/augment manifest and input corpus, or the
``--mapping`` file of the deid or apply run that wrote it (JSON Lines with PHI: only ever read)."""
from __future__ import annotations

import json
from pathlib import Path

from surrogate.model import Document
from surrogate.surgery import apply_edits

from .. import manifest
from ..errors import InputError, UserError


def manifest_sources(corpus: Path) -> dict[str, str]:
    """Output name → source document, from an ``augment``/``apply`` manifest in the corpus."""
    path = corpus / manifest.MANIFEST_NAME
    if not path.is_file():
        return {}
    try:
        return {r["output"]: r["source"] for r in manifest.read_manifest(path)
                if r.get("type") == "copy" and r.get("output") and r.get("source")}
    except (OSError, ValueError, KeyError):
        return {}


def read_mapping(path: Path) -> dict[str, dict[str, dict]]:
    """A deid/apply ``--mapping`` file: output name → span id → its record."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: cannot read the mapping file ({type(exc).__name__})") from None
    out: dict[str, dict[str, dict]] = {}
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            out[str(record["output"])] = {str(sp["id"]): sp for sp in record["spans"] if isinstance(sp, dict)}
        except (ValueError, KeyError, TypeError):
            raise InputError(path, "not a mapping record written by deid or apply", lineno) from None
    return out


def from_mapping(doc: Document, spans: dict[str, dict]) -> Document:
    """Put each span's original back where its surrogate still stands (one-fragment spans, unchanged text)."""
    originals = {
        sp.id: [spans[sp.id]["original"]] for sp in doc.spans
        if sp.id in spans and not sp.is_discontinuous and doc.span_text(sp) == spans[sp.id].get("surrogate")
        and isinstance(spans[sp.id].get("original"), str)
    }
    text, aligned = apply_edits(doc, originals)
    return Document(doc.id, text, tuple(aligned[sp.id] for sp in doc.spans))
