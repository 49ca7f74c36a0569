"""In-corpus mention replacement (Dai & Adel 2020, "An Analysis of Simple Data Augmentation for NER"):
the baseline that surrogate augmentation has to beat in bench/experiment_augmentation_gain.py.

Every mention of a training document is replaced by another mention of the same label drawn from the
training subset itself (drawn per occurrence, so frequent strings are drawn more often, as in the paper).
A different string is drawn whenever the pool has one, so a copy changes every mention it can. Unlike
the surrogate engine there is no consistency (a name that repeats in a document gets independent draws)
and no formatting: the pool holds only what the subset already contains. Discontinuous spans are kept
as they are (MEDDOCAN has none).

Realignment is exact: the text is rebuilt left to right and every span's new offsets are checked to
hold the inserted string.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Iterable, Sequence

import numpy as np

from gazetteers.text import fold
from surrogate.model import Document, Span


class MentionPool:
    """Mention strings of each label in a set of documents, one entry per occurrence."""

    def __init__(self, docs: Iterable[Document]) -> None:
        pool: dict[str, list[str]] = defaultdict(list)
        for doc in docs:
            for sp in doc.spans:
                if not sp.is_discontinuous:
                    pool[sp.label].append(doc.span_text(sp))
        self._strings = {label: np.array(strings, dtype=object) for label, strings in pool.items()}
        self._folded = {label: np.array([fold(s) for s in strings], dtype=object) for label, strings in pool.items()}

    def labels(self) -> list[str]:
        return sorted(self._strings)

    def draw(self, label: str, original: str, rng: np.random.Generator) -> str:
        """Another mention of ``label``; the original itself only when the pool has nothing else."""
        strings = self._strings.get(label)
        if strings is None or not len(strings):
            return original
        others = np.flatnonzero(self._folded[label] != fold(original))
        if not len(others):
            return original
        return str(strings[others[rng.integers(len(others))]])


def replace_mentions(doc: Document, pool: MentionPool, rng: np.random.Generator, doc_id: str | None = None) -> Document:
    """A copy of ``doc`` with each contiguous mention swapped for a pool mention of the same label."""
    spans = sorted(doc.spans, key=lambda s: (s.start, s.end))
    for a, b in zip(spans, spans[1:]):
        if b.start < a.end:
            raise ValueError(f"document {doc.id}: overlapping spans {a.id} and {b.id} cannot be replaced")
    pieces: list[str] = []
    new_spans: dict[str, Span] = {}
    expected: dict[str, str] = {}
    cursor = offset = 0
    for sp in spans:
        pieces.append(doc.text[cursor:sp.start])
        if sp.is_discontinuous:
            new = doc.text[sp.start:sp.end]
            frags = tuple((s + offset, e + offset) for s, e in sp.fragments)
            new_spans[sp.id] = Span.from_fragments(sp.id, sp.label, frags)
            expected[sp.id] = doc.span_text(sp)
        else:
            new = pool.draw(sp.label, doc.text[sp.start:sp.end], rng)
            start = sp.start + offset
            new_spans[sp.id] = Span(sp.id, sp.label, start, start + len(new))
            expected[sp.id] = new
        pieces.append(new)
        offset += len(new) - (sp.end - sp.start)
        cursor = sp.end
    pieces.append(doc.text[cursor:])
    out = Document(doc_id or doc.id, "".join(pieces), tuple(new_spans[sp.id] for sp in doc.spans), doc.meta)
    out.check_alignment(expected)
    return out


def mention_replacement_copies(
    docs: Sequence[Document], times: int, seed: int, pool: MentionPool | None = None
) -> list[Document]:
    """``times`` replaced copies of each document (ids ``D_mr{k}``), deterministic in (seed, document, k)."""
    from surrogate.rng import derive_seed

    pool = pool or MentionPool(docs)
    out = []
    for doc in docs:
        for k in range(1, times + 1):
            rng = np.random.default_rng(derive_seed("mention-replacement", seed, doc.id, k))
            out.append(replace_mentions(doc, pool, rng, doc_id=f"{doc.id}_mr{k}"))
    return out

