"""Documents whose accents are combining marks (Unicode NFD, as some PDF and macOS exports write them).

Every replacer reads words as runs of letters, and a combining mark is no letter: "Jose\u0301 Garci\u0301a"
was read as words and stray accents ("Joaquiń Angeĺalberto"). Such a document is therefore surrogated as
its NFC *view*, normalised piece by piece between span boundaries so every boundary has its place in both,
and the result is put back on the original: the text outside the spans keeps its own bytes, the surrogates
are NFC, and every span is realigned exactly.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import replace
from itertools import accumulate, pairwise
from typing import Any

from .model import AlignmentError, Document, Span, SurrogateResult


class NfcView:
    """A document's NFC view and the way back."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        cuts = sorted({0, len(doc.text), *(b for sp in doc.spans for f in sp.fragments for b in f)})
        pieces = [unicodedata.normalize("NFC", doc.text[a:b]) for a, b in pairwise(cuts)]
        at = dict(zip(cuts, accumulate((len(p) for p in pieces), initial=0)))
        self.view = Document(doc.id, "".join(pieces), tuple(
            Span.from_fragments(sp.id, sp.label, tuple((at[s], at[e]) for s, e in sp.fragments))
            for sp in doc.spans), doc.meta)
        # the stretches outside every span (between merged span regions), in the document and in the view
        self._regions = _regions(doc.spans)
        self._gaps = _gaps(doc.text, self._regions)
        self._view_gaps = _gaps(self.view.text, [(at[s], at[e]) for s, e in self._regions])

    @staticmethod
    def needed(doc: Document) -> bool:
        return not unicodedata.is_normalized("NFC", doc.text)

    def restore(self, result: SurrogateResult) -> SurrogateResult:
        """``result`` (of the view) on the original document: its own text outside the spans, every span moved
        with it. The result's spans are walked in order: a fragment that starts where the ones before it end
        opens the next region, after the view's next gap (the engine keeps the view's gaps byte for byte)."""
        text, gaps, view_gaps = result.document.text, self._gaps, self._view_gaps
        if not self._regions:  # no span: the one gap is the whole text (U+F900 alone was checked twice and refused)
            if text != view_gaps[0]:
                raise AlignmentError(f"doc {self.doc.id}: text outside the spans changed in its NFC view")
            return replace(result, document=Document(self.doc.id, self.doc.text, (), self.doc.meta))
        if not text.startswith(view_gaps[0]):
            raise AlignmentError(f"doc {self.doc.id}: text outside the spans changed in its NFC view")
        out, moved = [gaps[0]], len(gaps[0]) - len(view_gaps[0])
        region, start = 0, len(view_gaps[0])
        end = start
        shifts: dict[tuple[str, int], int] = {}
        fragments = sorted(((s, e, span_id, j) for span_id, sp in result.alignment.items()
                            for j, (s, e) in enumerate(sp.fragments)), key=lambda f: (f[0], -f[1]))
        for k, (s, e, span_id, j) in enumerate(fragments):
            if k and s >= end:  # the next region, after the next gap
                out.append(text[start:end])
                region += 1
                if region >= len(self._regions) or text[end:s] != view_gaps[region]:
                    raise AlignmentError(f"doc {self.doc.id}: text outside the spans changed in its NFC view")
                out.append(gaps[region])
                moved += len(gaps[region]) - len(view_gaps[region])
                start = end = s
            end = max(end, e)
            shifts[(span_id, j)] = moved
        if fragments:
            out.append(text[start:end])
            region += 1
        if region != len(self._regions) or text[end:] != view_gaps[-1]:
            raise AlignmentError(f"doc {self.doc.id}: text outside the spans changed in its NFC view")
        out.append(gaps[-1])
        new_text = "".join(out)
        aligned = {span_id: Span.from_fragments(sp.id, sp.label, tuple(
            (s + shifts[(span_id, j)], e + shifts[(span_id, j)]) for j, (s, e) in enumerate(sp.fragments)))
            for span_id, sp in result.alignment.items()}
        for span_id, sp in aligned.items():
            if sp.text_in(new_text) != result.alignment[span_id].text_in(text):
                raise AlignmentError(f"span {span_id} in doc {self.doc.id}: realigned span does not hold its surrogate")
        originals = {sp.id: self.doc.span_text(sp) for sp in self.doc.spans}
        new_doc = Document(self.doc.id, new_text, tuple(aligned[sp.id] for sp in result.document.spans), self.doc.meta)
        return replace(result, document=new_doc, alignment=aligned, replacements=tuple(
            replace(r, original=originals.get(r.span_id, r.original)) for r in result.replacements))


def _regions(spans: tuple[Span, ...]) -> list[tuple[int, int]]:
    """The spans' fragments merged where they overlap (adjacent ones, and empty ones, stay apart)."""
    out: list[list[int]] = []
    for s, e in sorted(f for sp in spans for f in sp.fragments):
        if out and s < out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return [(s, e) for s, e in out]


def _gaps(text: str, regions: list[tuple[int, int]]) -> list[str]:
    """The text before, between and after ``regions`` (one more than there are regions)."""
    out, cursor = [], 0
    for s, e in regions:
        out.append(text[cursor:s])
        cursor = e
    return [*out, text[cursor:]]


def nfc_clusters(text: str) -> tuple[str, list[int], list[int]]:
    """The NFC view of ``text``, a letter and its combining marks at a time, with, for each position of the
    view, where the cluster it comes from starts and ends in ``text``."""
    view: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    i, n = 0, len(text)
    while i < n:
        j = i + 1
        while j < n and unicodedata.combining(text[j]):
            j += 1
        piece = unicodedata.normalize("NFC", text[i:j])
        view.append(piece)
        starts += [i] * len(piece)
        ends += [j] * len(piece)
        i = j
    return "".join(view), starts, ends


#: spaces a word processor writes that every pattern should read as a space (same length: offsets stay)
_PLAIN_SPACES = str.maketrans({"\u00a0": " ", "\u2007": " ", "\u202f": " "})


class ReadableBackend:
    """An NER backend that reads the plain form of a text and answers in the text's own offsets: decomposed
    accents as letters (the NFC view: every backend's patterns, lexicons and models read "García", not
    "Garci\u0301a"; a span never cuts a letter from its accent) and no-break spaces as spaces ("DNI:\u00a0...")."""

    def __init__(self, backend: Any) -> None:
        self._backend = backend
        self.name, self.schema = backend.name, backend.schema

    def __getattr__(self, attribute: str) -> Any:  # what else the wrapped backend offers (its model, options)
        if attribute.startswith("__") or attribute == "_backend":  # copy and pickle probe before __init__ ran
            raise AttributeError(attribute)
        return getattr(self._backend, attribute)

    def predict(self, texts: Sequence[str]) -> list[list[Span]]:
        views = [None if unicodedata.is_normalized("NFC", t) else nfc_clusters(t) for t in texts]
        plain = [(t if v is None else v[0]).translate(_PLAIN_SPACES) for t, v in zip(texts, views)]
        found = self._backend.predict(plain)
        return [spans if v is None else [_back(sp, v[1], v[2]) for sp in spans] for spans, v in zip(found, views)]


def _back(span: Span, starts: list[int], ends: list[int]) -> Span:
    """A span of the view in the text's offsets (an empty one at the start of its letter)."""
    def at(s: int) -> int:
        return starts[s] if s < len(starts) else (ends[-1] if ends else 0)

    return Span.from_fragments(span.id, span.label, tuple(
        (starts[s], ends[e - 1]) if e > s else (at(s), at(s)) for s, e in span.fragments))
