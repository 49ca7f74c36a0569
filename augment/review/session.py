"""A review session over a BRAT corpus: documents, pending corrections, atomic saves, log, export, upload.

Nothing here knows HTTP. The corpus is read with ``augment.brat``; corrected ``.ann`` files are written
with its ``format_brat`` through a temporary sibling and ``os.replace`` (never half a file), into the
corpus or into ``--out DIR`` (documents there then take precedence over the corpus's). The review state
(``.review/state.json``: status, profile, seed and redraws per document) is JSON; ``.review/log.jsonl``
records who saved what and when, by span id and offsets, never text.
"""
from __future__ import annotations

import io
import json
import os
import re
import secrets
import uuid
import zipfile
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from surrogate.config import PROFILES
from surrogate.model import Document, SurrogateResult
from surrogate.ner import NerBackend, unpropagated_labels
from surrogate.schemas import LabelSchema

from .. import brat, manifest
from ..commands.annotate import InputText, predict
from ..document_readers import SUFFIXES, read_document_bytes
from ..errors import UserError
from . import edits
from .originals import from_mapping, manifest_sources, read_mapping
from .output import Outputs

STATE_DIR = ".review"
STATUSES = ("unreviewed", "reviewed", "changed")
_SAFE_STEM = re.compile(r"[^\w.-]+")


@dataclass
class DocReview:
    """One document: as saved, as being corrected, and how it is de-identified."""

    name: str
    saved: Document | None
    working: Document | None
    error: str | None = None  # why the document could not be read (file and line, no text)
    status: str = "unreviewed"
    profile: str | None = None  # None: the corpus profile
    seed: int = 0
    draws: dict[str, int] = field(default_factory=dict)
    kept: set[str] = field(default_factory=set)  # spans that already hold surrogates (--deidentified)
    pending: list[dict] = field(default_factory=list)
    saved_state: dict = field(default_factory=dict)  # status, profile, seed, draws, kept as last saved

    @property
    def dirty(self) -> bool:
        return bool(self.pending)


class ReviewSession:
    def __init__(
        self, corpus: str | Path, schema: LabelSchema, *, out: str | Path | None = None, reviewer: str = "reviewer",
        backend: NerBackend | None = None, originals: str | Path | None = None, profile: str = "surrogate", seed: int = 0,
        deidentified: bool = False, mapping: str | Path | None = None,
    ) -> None:
        self.corpus = Path(corpus).resolve()
        if not self.corpus.is_dir():
            raise UserError(f"{corpus}: not a directory")
        self.out = Path(out).resolve() if out is not None else None
        self.write_dir = self.out or self.corpus
        self.schema = schema
        self.reviewer = reviewer
        self.backend = backend
        self.originals = Path(originals).resolve() if originals is not None else None
        self.mapping = read_mapping(Path(mapping)) if mapping is not None else {}
        self.profile = profile
        self.seed = seed
        self.deidentified = deidentified
        self.outputs = Outputs(schema, self._secret())
        self.docs: dict[str, DocReview] = {}
        self._sources = manifest_sources(self.corpus)
        state = self._read_state()
        self.profile = state.get("profile", profile) if state.get("profile") in PROFILES else profile
        for name in self._names():
            self.docs[name] = self._load(name, state.get("documents", {}).get(name, {}))

    # -------------------------------------------------------------------------------------------- loading
    def _names(self) -> list[str]:
        names = set(brat.list_brat(self.corpus))
        if self.out is not None and self.out.is_dir():
            names |= set(brat.list_brat(self.out))
        return sorted(names)

    def _dir_of(self, name: str) -> Path:
        if self.out is not None and (self.out / f"{name}.txt").is_file():
            return self.out
        return self.corpus

    def _load(self, name: str, saved_state: dict) -> DocReview:
        try:
            doc = brat.read_brat_document(self._dir_of(name), name)
        except UserError as exc:
            return DocReview(name, None, None, error=str(exc))
        review = DocReview(name, doc, doc, seed=self.seed)
        if saved_state.get("status") in STATUSES:
            review.status = saved_state["status"]
        if saved_state.get("profile") in PROFILES:
            review.profile = saved_state["profile"]
        if isinstance(saved_state.get("seed"), int):
            review.seed = saved_state["seed"]
        draws = saved_state.get("draws")
        if isinstance(draws, dict):
            review.draws = {str(k): int(v) for k, v in draws.items() if isinstance(v, int)}
        kept = saved_state.get("kept")
        ids = {sp.id for sp in doc.spans}
        if isinstance(kept, list):
            review.kept = {str(k) for k in kept} & ids
        elif self.deidentified:
            review.kept = set(ids)
        review.saved_state = self._state_of(review)
        return review

    def _secret(self) -> bytes:
        """The session key (``.review/key``, mode 0600): created once, so saved reviews reproduce their output."""
        path = self.write_dir / STATE_DIR / "key"
        if not path.is_file():
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                with manifest.open_private(path) as fh:
                    fh.write(secrets.token_hex(32) + "\n")
            except OSError as exc:
                raise UserError(f"{path.parent}: cannot write the review state ({exc.strerror})") from None
        try:
            return bytes.fromhex(path.read_text(encoding="ascii").strip())
        except (OSError, ValueError):
            raise UserError(f"{path}: unreadable review key; move it away to start afresh (surrogates will change)") from None

    def _read_state(self) -> dict:
        path = self.write_dir / STATE_DIR / "state.json"
        if not path.is_file():
            return {}
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise UserError(f"{path}: unreadable review state (JSON expected); move it away to start afresh") from None
        return state if isinstance(state, dict) else {}

    # ------------------------------------------------------------------------------------------ queries
    def get(self, name: str) -> DocReview:
        review = self.docs.get(name)
        if review is None:
            raise KeyError(name)
        return review

    def names(self) -> list[str]:
        return list(self.docs)

    def profile_of(self, review: DocReview) -> str:
        return review.profile or self.profile

    def output(self, review: DocReview, profile: str | None = None, *, saved: bool = False) -> SurrogateResult:
        """The document de-identified: as being corrected, or (``saved``) as last saved."""
        if saved:
            state = review.saved_state
            return self.outputs.render(review.saved, state["profile"] or self.profile, state["seed"], state["draws"],
                                       set(state["kept"]))
        return self.outputs.render(review.working, profile or self.profile_of(review), review.seed, review.draws,
                                   review.kept)

    def original(self, name: str) -> Document | None:
        """The document this one was made from: from ``--originals DIR``, or rebuilt from a ``--mapping`` file."""
        if name in self.mapping:
            working = self.get(name).working
            return from_mapping(working, self.mapping[name]) if working is not None else None
        if self.originals is None:
            return None
        source = self._sources.get(name, name)
        if not (self.originals / f"{source}.txt").is_file():
            return None
        try:
            return brat.read_brat_document(self.originals, source)
        except UserError:
            return None

    def labels(self) -> list[str]:
        seen = list(self.schema.labels)
        extra = sorted({sp.label for r in self.docs.values() if r.working for sp in r.working.spans} - set(seen))
        return seen + extra

    # -------------------------------------------------------------------------------------------- edits
    def _edit(self, review: DocReview, new: Document, record: dict) -> None:
        review.working = new
        review.pending.append(record)

    def add(self, name: str, start: int, end: int, label: str) -> str:
        review = self._editable(name)
        self._check_label(label)
        new, span = edits.add_span(review.working, start, end, label)
        self._edit(review, new, {"op": "add", "span": span.id, "label": label, "start": span.start, "end": span.end})
        return span.id

    def relabel(self, name: str, span_id: str, label: str) -> None:
        review = self._editable(name)
        self._check_label(label)
        old = next((sp.label for sp in review.working.spans if sp.id == span_id), None)
        new = edits.relabel(review.working, span_id, label)
        self._edit(review, new, {"op": "relabel", "span": span_id, "from": old, "to": label})

    def delete(self, name: str, span_id: str) -> None:
        review = self._editable(name)
        new = edits.delete(review.working, span_id)
        review.draws.pop(span_id, None)
        self._edit(review, new, {"op": "delete", "span": span_id})

    def move(self, name: str, span_id: str, how: str) -> None:
        review = self._editable(name)
        old = next((sp for sp in review.working.spans if sp.id == span_id), None)
        new = edits.move(review.working, span_id, how)
        review.kept.discard(span_id)  # its new edges may take in text that was never replaced
        moved = next(sp for sp in new.spans if sp.id == span_id)
        if old is not None and (moved.start, moved.end) == (old.start, old.end):
            return
        self._edit(review, new, {"op": "move", "span": span_id, "from": [old.start, old.end], "to": [moved.start, moved.end]})

    def resurrogate(self, name: str, span_id: str | None = None) -> None:
        """Draw new surrogates: for the whole document, or for one span (and its same-text group)."""
        review = self._editable(name)
        if span_id is None:
            review.seed += 1
            review.draws.clear()
            review.kept.clear()
            review.pending.append({"op": "resurrogate", "document": True})
            return
        if not any(sp.id == span_id for sp in review.working.spans):
            raise UserError(f"doc {name}: no span {span_id}")
        review.draws[span_id] = review.draws.get(span_id, 0) + 1
        review.kept.discard(span_id)
        review.pending.append({"op": "resurrogate", "span": span_id})

    def set_profile(self, name: str | None, profile: str) -> None:
        if profile not in PROFILES:
            raise UserError(f"unknown profile {profile!r} (choose one of {', '.join(PROFILES)})")
        if name is None:
            self.profile = profile
            self._write_state()
            self._log(None, [{"op": "profile", "to": profile}], None)
            return
        review = self._editable(name)
        review.profile = profile
        review.pending.append({"op": "profile", "to": profile})

    def discard(self, name: str) -> None:
        review = self._editable(name)
        fresh = self._load(name, review.saved_state)
        review.working, review.seed, review.draws, review.profile, review.kept = (
            fresh.working, fresh.seed, fresh.draws, fresh.profile, fresh.kept)
        review.pending.clear()

    def _editable(self, name: str) -> DocReview:
        review = self.get(name)
        if review.working is None:
            raise UserError(f"doc {name}: could not be read ({review.error})")
        return review

    def _check_label(self, label: str) -> None:
        if label not in self.labels():
            raise UserError(f"unknown label {label!r} for schema {self.schema.name}")

    # ------------------------------------------------------------------------------------------- saving
    def save(self, name: str) -> str:
        """Write the document's ``.ann`` (and ``.txt`` into ``--out``) atomically; mark it reviewed or changed."""
        review = self._editable(name)
        self.write_dir.mkdir(parents=True, exist_ok=True)
        text, ann = brat.format_brat(review.working)
        if self.write_dir != self._dir_of(name) or not (self.write_dir / f"{name}.txt").is_file():
            _atomic_write(self.write_dir / f"{name}.txt", text)
        _atomic_write(self.write_dir / f"{name}.ann", ann)
        changes = list(review.pending)
        if changes or review.status == "unreviewed":
            review.status = "changed" if changes or review.status == "changed" else "reviewed"
        review.saved = review.working
        review.pending.clear()
        review.saved_state = self._state_of(review)
        self._write_state()
        self._log(name, changes, review.status)
        return review.status

    def _state_of(self, review: DocReview) -> dict:
        return {"status": review.status, "profile": review.profile, "seed": review.seed, "draws": dict(review.draws),
                "kept": sorted(review.kept)}

    def _write_state(self) -> None:
        state = {"version": 1, "profile": self.profile,
                 "documents": {n: r.saved_state for n, r in self.docs.items() if r.working is not None}}
        (self.write_dir / STATE_DIR).mkdir(parents=True, exist_ok=True)
        _atomic_write(self.write_dir / STATE_DIR / "state.json", json.dumps(state, indent=1, sort_keys=True) + "\n")

    def _log(self, name: str | None, changes: list[dict], status: str | None) -> None:
        record = {"time": datetime.now(timezone.utc).isoformat(timespec="seconds"), "reviewer": self.reviewer,
                  "document": name, "status": status, "changes": changes}
        (self.write_dir / STATE_DIR).mkdir(parents=True, exist_ok=True)
        fd = os.open(self.write_dir / STATE_DIR / "log.jsonl", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8") as fh:
            fh.write(manifest.dumps(record))

    # ------------------------------------------------------------------------------------------- export
    def export_zip(self) -> bytes:
        """The de-identified ``.txt``/``.ann`` of every document as last saved, and the review log."""
        broken = [n for n, r in self.docs.items() if r.saved is None]
        if broken:
            raise UserError(f"cannot export: {len(broken)} documents could not be read ({', '.join(broken[:5])})")
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
            for name, review in self.docs.items():
                result = self.output(review, saved=True)
                doc = Document(name, result.document.text, result.document.spans, brat.without_notes(result.document.meta))
                text, ann = brat.format_brat(doc)
                zf.writestr(f"deidentified/{name}.txt", text.encode("utf-8"))
                zf.writestr(f"deidentified/{name}.ann", ann.encode("utf-8"))
            log = self.write_dir / STATE_DIR / "log.jsonl"
            if log.is_file():
                zf.writestr("review-log.jsonl", log.read_bytes())
        return buffer.getvalue()

    # ------------------------------------------------------------------------------------------- upload
    def upload(self, filename: str, data: bytes) -> str:
        """Read a TXT/DOCX/PDF upload, detect PHI with the session's backend, write it into the corpus."""
        if self.backend is None:
            raise UserError("uploads need a backend: restart with --backend NAME (as for deid)")
        name = self._fresh_name(filename)
        # shown in the browser only, never logged: a file name may hold a patient's name
        text = read_document_bytes(data, filename, where=Path(filename.replace("\\", "/")).name)
        (item, spans), = predict(self.backend, [InputText(name, text)], propagate=True, skip_labels=unpropagated_labels(self.schema))
        doc = Document(name, item.text, tuple(spans), {brat.META_KEY: brat.BratLayout(has_ann=False)})
        self.write_dir.mkdir(parents=True, exist_ok=True)
        txt, ann = brat.format_brat(doc)
        _atomic_write(self.write_dir / f"{name}.ann", ann)
        _atomic_write(self.write_dir / f"{name}.txt", txt)
        self.docs[name] = self._load(name, {"kept": []})  # fresh detections: nothing is a surrogate yet
        self.docs = dict(sorted(self.docs.items()))
        self._write_state()  # a later session must not take these spans for surrogates (--deidentified)
        self._log(name, [{"op": "upload", "spans": len(spans), "backend": self.backend.name}], "unreviewed")
        return name

    def _fresh_name(self, filename: str) -> str:
        """A safe document name from an upload's file name: no path, no leading dot, not already taken."""
        base = Path(filename.replace("\\", "/")).name
        suffix = Path(base).suffix.lower()
        if suffix not in SUFFIXES:
            raise UserError(f"upload: unsupported file type {suffix or '(none)'} (use {', '.join(SUFFIXES)})")
        stem = _SAFE_STEM.sub("_", Path(base).stem).strip("._") or "document"
        name, k = stem, 1
        while name in self.docs or (self.write_dir / f"{name}.txt").exists() or (self.corpus / f"{name}.txt").exists():
            k += 1
            name = f"{stem}-{k}"
        return name


def _atomic_write(path: Path, content: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    try:
        with open(tmp, "xb") as fh:
            fh.write(content.encode("utf-8"))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
