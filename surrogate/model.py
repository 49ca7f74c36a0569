"""Immutable data model: documents, spans and the alignment produced by surrogation."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

Fragment = tuple[int, int]


class AlignmentError(RuntimeError):
    """A span no longer points at its own text: a crash-level bug, never a warning."""


@dataclass(frozen=True, slots=True)
class Span:
    """A labelled region of a document's text, in Unicode code points.

    ``fragments`` holds the pieces of a BRAT discontinuous span (``10 15;20 25``). A contiguous
    span has exactly one fragment, ``((start, end),)``; ``start``/``end`` always cover all fragments.
    """

    id: str
    label: str
    start: int
    end: int
    fragments: tuple[Fragment, ...] = ()

    def __post_init__(self) -> None:
        if not self.fragments:
            object.__setattr__(self, "fragments", ((self.start, self.end),))
        if self.start > self.end or self.start < 0:
            raise ValueError(f"span {self.id}: invalid offsets {self.start}..{self.end}")

    @classmethod
    def from_fragments(cls, id: str, label: str, fragments: tuple[Fragment, ...]) -> "Span":
        return cls(id, label, fragments[0][0], fragments[-1][1], tuple(fragments))

    @property
    def is_discontinuous(self) -> bool:
        return len(self.fragments) > 1

    def text_in(self, text: str) -> str:
        """The span's text as BRAT writes it: fragments joined by one space."""
        frags = self.fragments
        if len(frags) == 1:  # nearly every span: a slice, without a generator per call
            s, e = frags[0]
            return text[s:e]
        return " ".join(text[s:e] for s, e in frags)


@dataclass(frozen=True, slots=True)
class Document:
    """A text plus its PHI spans. ``meta`` carries format details a writer needs (BOM, extra BRAT lines)."""

    id: str
    text: str
    spans: tuple[Span, ...] = ()
    meta: Mapping[str, object] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        # spans given as a list become a tuple: the engine reuses a document's checks and analysis while it is the
        # same object (each seed of a loop), which holds only if nobody can change its spans afterwards
        if not isinstance(self.spans, tuple):
            object.__setattr__(self, "spans", tuple(self.spans))

    def span_text(self, span: Span) -> str:
        return span.text_in(self.text)

    def check_alignment(self, expected: Mapping[str, str] | None = None) -> None:
        """Raise if a span lies outside the text or (given ``expected``) no longer holds its text, or (a
        ``ValueError``: bad input, not a bug) if two spans share an id, which every span-by-id map would mix up."""
        seen: set[str] = set()
        for sp in self.spans:
            if sp.id in seen:
                raise ValueError(f"doc {self.id}: span id {sp.id} appears twice")
            seen.add(sp.id)
        n = len(self.text)
        for sp in self.spans:
            for s, e in sp.fragments:
                if not 0 <= s <= e <= n:
                    raise AlignmentError(f"span {sp.id} in doc {self.id}: offsets {s}..{e} outside text of length {n}")
            if expected is not None and sp.id in expected and self.span_text(sp) != expected[sp.id]:
                raise AlignmentError(f"span {sp.id} in doc {self.id}: text does not match its offsets")


@dataclass(frozen=True, slots=True)
class Replacement:
    """What happened to one span. ``original`` is PHI: only an opt-in mapping file may write it."""

    span_id: str
    label: str
    kind: str
    original: str
    surrogate: str
    action: str  # "surrogate" | "mask" | "tag" | "redact" | "keep" | "fallback-mask"


@dataclass(frozen=True, slots=True)
class SurrogateResult:
    """The new document and, for each old span id, its realigned span.

    A span merged into or dropped from an overlapping head has no entry in ``alignment`` (``overlaps`` says
    which); every other span does.
    """

    document: Document
    alignment: Mapping[str, Span]
    replacements: tuple[Replacement, ...]
    #: span id → "realigned" | "merged" | "dropped", for spans that overlapped another (docs/engine.md)
    overlaps: Mapping[str, str] = field(default_factory=dict)
    #: span id → "repaired" | "masked", for spans the leak guard's word-boundary and pass-through rules changed
    guarded: Mapping[str, str] = field(default_factory=dict)

    def counts_by_kind(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for r in self.replacements:
            out[r.kind] = out.get(r.kind, 0) + 1
        return out
