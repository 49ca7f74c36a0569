"""The NER backend protocol: texts in, non-overlapping labelled spans out.

A backend is any object with a ``schema`` (the name of the label schema its spans use) and a batch
``predict`` method. Backends know no files and no CLI; a backend that needs a model artefact loads it
itself (the CRF reads its own model directory) and reports problems as :class:`BackendError`.
"""
from __future__ import annotations

from typing import Iterable, Protocol, Sequence, runtime_checkable

from ..model import Span


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
    taken: list[tuple[int, int, str]] = []
    for cand in order:
        if all(cand[1] <= s or e <= cand[0] for s, e, _ in taken):
            taken.append(cand)
    return sorted(taken)
