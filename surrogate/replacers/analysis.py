"""Per-document analyses kept across applies: what replacers work out from a document alone (its name parses,
place plan, date layouts) is computed once and reused by every seed (``augment --times N``, a caller's loop
over ``apply(doc, seed=k)``).

Keyed by content (text, span ids, labels and offsets), never by object identity, so an equal document read
again hits and a mutated one cannot; bounded (least recently used first out) so memory stays flat on any
corpus.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..model import Document


ContentKey = tuple[str, tuple[tuple[str, str, tuple[tuple[int, int], ...]], ...]]


def content_key(doc: Document) -> ContentKey:
    """Everything an analysis may read: the text and every span's id, label and fragments, as a dict key that
    is compared exactly (no digest to compute: a text's hash is cached by the string, and each seed of a
    document-major loop passes the same one)."""
    return doc.text, tuple([(sp.id, sp.label, sp.fragments) for sp in doc.spans])


class AnalysisCache:
    """Content key → the analyses dict of that document (``DocumentState.analyses``), at most ``size`` kept."""

    def __init__(self, size: int = 16) -> None:  # doc-major reuse (augment, a loop over seeds) needs 1
        self.size = size
        self._entries: OrderedDict[ContentKey, dict[str, Any]] = OrderedDict()
        # the last document asked for and its entry (the most recent, so never evicted before another lookup):
        # a Document is frozen, so the same object again (each seed of a loop) needs no content key built
        self._last: tuple[Document, dict[str, Any]] | None = None

    def of(self, doc: Document) -> dict[str, Any]:
        if self.size <= 0:
            return {}
        last = self._last
        if last is not None and last[0] is doc:
            return last[1]
        key = content_key(doc)
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = {}
            if len(self._entries) > self.size:
                self._entries.popitem(last=False)
        else:
            self._entries.move_to_end(key)
        self._last = (doc, entry)
        return entry

    def __len__(self) -> int:
        return len(self._entries)
