"""The NER backend protocol: texts in, non-overlapping labelled spans out.

A backend is any object with a ``schema`` (the name of the label schema its spans use) and a batch
``predict`` method. Backends know no files and no CLI; a backend that needs a model artefact loads it
itself (the CRF reads its own model directory) and reports problems as :class:`BackendError`.
"""
from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from ..model import Span
from ..schemas import LabelSchema

# Kinds whose mentions are never propagated: one-letter sex codes are everywhere; kept spans change nothing.
NOT_PROPAGATED_KINDS = frozenset({"sex", "keep"})


class BackendError(ValueError):
    """A backend cannot be built or used: missing or incompatible model, unknown backend, bad option.

    Messages name files and labels, never document text (the CLI prints them as they are).
    """


@runtime_checkable
class NerBackend(Protocol):
    """What every backend provides.

    ``predict`` takes a batch of texts and returns, for each text, its spans sorted by start with ids
    ``T1``, ``T2``, ... Offsets are code points of the text as given (a BOM counts as a character); no
    two spans overlap, and no span starts or ends on whitespace.
    """

    name: str
    schema: str

    def predict(self, texts: Sequence[str]) -> list[list[Span]]: ...


def finalize_spans(candidates: Iterable[tuple[int, int, str]], text: str) -> list[Span]:
    """Turn raw ``(start, end, label)`` candidates into clean, numbered spans.

    Strips surrounding whitespace, drops empty candidates and resolves overlaps (see
    :func:`resolve_overlaps`) so the engine can always cut the text.
    """
    cleaned = []
    for start, end, label in candidates:
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if start < end:
            cleaned.append((start, end, label))
    kept = resolve_overlaps(cleaned)
    return [Span(f"T{i}", label, start, end) for i, (start, end, label) in enumerate(kept, start=1)]


def resolve_overlaps(candidates: Iterable[tuple[int, int, str]], rank: dict[str, int] | None = None) -> list[tuple[int, int, str]]:
    """Keep a non-overlapping subset: the longest candidate wins, ties go to the better-ranked label.

    ``rank`` maps a label to its priority (lower wins); unranked labels come last. Longest-first is
    what a recall-oriented system wants: "Hospital Universitario La Paz" beats "La Paz" alone.
    """
    rank = rank or {}
    order = sorted(set(candidates), key=lambda c: (-(c[1] - c[0]), rank.get(c[2], len(rank)), c[0], c[2]))
    taken = Occupied()
    kept = [c for c in order if taken.add_if_free(c[0], c[1])]
    return sorted(kept)


class Occupied:
    """Disjoint intervals kept sorted: "is [start, end) free?" and "take it" in O(log n)."""

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []

    def is_free(self, start: int, end: int) -> bool:
        i = bisect.bisect_left(self._starts, end)  # intervals starting before ``end``...
        return i == 0 or self._ends[i - 1] <= start  # ...the last of them must end before ``start``

    def add_if_free(self, start: int, end: int) -> bool:
        if not self.is_free(start, end):
            return False
        i = bisect.bisect_left(self._starts, start)
        self._starts.insert(i, start)
        self._ends.insert(i, end)
        return True


def unpropagated_labels(schema: LabelSchema) -> list[str]:
    """The labels of ``schema`` whose kind is in ``NOT_PROPAGATED_KINDS`` (``skip_labels`` of :func:`propagate_mentions`)."""
    return [label for label, spec in schema.labels.items() if spec.kind in NOT_PROPAGATED_KINDS]


def propagate_mentions(
    text: str, spans: Sequence[Span], *, min_length: int = 3, skip_labels: Iterable[str] = ()
) -> list[Span]:
    """Add every other whole-word occurrence of a found mention's string, with the same label.

    A name the backend found once in the header is PHI wherever else it is written; de-identification
    must not leave the second copy behind. Strings shorter than ``min_length`` (``H`` for sex) and spans
    with a label in ``skip_labels`` are not propagated; occurrences overlapping an existing span are
    skipped. The result is renumbered ``T1``, ``T2``, ... in text order.
    """
    skip = set(skip_labels)
    taken = Occupied()
    for sp in spans:
        for s, e in sp.fragments:
            taken.add_if_free(s, e)
    label_of: dict[str, str] = {}
    for sp in sorted(spans, key=lambda s: (-(s.end - s.start), s.start)):
        value = text[sp.start:sp.end]
        if sp.label in skip or sp.is_discontinuous or len(value) < min_length or not any(c.isalnum() for c in value):
            continue
        label_of.setdefault(value, sp.label)
    if not label_of:
        return list(spans)
    from .tokenize import find_phrases

    # one pass over the text's tokens; the longest string wins at each position ("Ana Ruiz Gil" over "Ana")
    extra = [(s, e, label_of[v]) for s, e, v in find_phrases(text, label_of) if taken.add_if_free(s, e)]
    if not extra:
        return list(spans)
    merged = [(sp.start, sp.end, sp.label, sp.fragments) for sp in spans] + [(s, e, l, ((s, e),)) for s, e, l in extra]
    merged.sort(key=lambda x: (x[0], x[1]))
    return [Span.from_fragments(f"T{i}", label, frags) for i, (_, _, label, frags) in enumerate(merged, start=1)]
