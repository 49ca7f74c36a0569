"""Postal code before or after the town when the two are separate spans (MEDDOCAN's ``28036 Madrid``, two
TERRITORIO spans): the pair's surrogates trade places (``Getafe 28905``), each span following its own text.

Only two single-fragment spans of kind ``territory`` that stand side by side, separated by nothing but a
space or a comma (``28036 Madrid``, ``Madrid, 28036``), one surrogate a five-digit code and the other
without digits, are swapped; each such pair with probability one half. The text between them is kept.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import numpy as np

from ..model import Document, Span
from ..surgery import apply_edits

_BETWEEN = re.compile(r"[ ,]{1,2}")
_CODE = re.compile(r"\d{5}")
SWAP_SHARE = 0.5


def pairs(text: str, candidates: Sequence[Span], new_fragments: Mapping[str, Sequence[str]],
          rng: np.random.Generator) -> list[tuple[str, str]]:
    """Ids of the (postal code, town) span pairs to swap, drawn from ``rng``. ``candidates``: the surrogated
    single-fragment territory spans that are no cluster's head, in any order."""
    spans = sorted(candidates, key=lambda sp: sp.start)
    out: list[tuple[str, str]] = []
    i = 0
    while i + 1 < len(spans):
        a, b = spans[i], spans[i + 1]
        new_a, new_b = new_fragments[a.id][0], new_fragments[b.id][0]
        codes = [bool(_CODE.fullmatch(new_a)), bool(_CODE.fullmatch(new_b))]
        digits = [any(c.isdigit() for c in new_a), any(c.isdigit() for c in new_b)]
        if (a.end <= b.start and _BETWEEN.fullmatch(text[a.end:b.start]) and sum(codes) == 1
                and sum(digits) == 1 and rng.random() < SWAP_SHARE):
            out.append((a.id, b.id))
            i += 2
        else:
            i += 1
    return out


def cut(edits: Document, new_fragments: Mapping[str, Sequence[str]],
        swaps: Sequence[tuple[str, str]]) -> tuple[str, dict[str, Span]]:
    """``apply_edits`` with each swapped pair's texts in each other's place, every span realigned on its own
    text (the pair's total length is unchanged, so nothing outside it moves)."""
    if not swaps:
        return apply_edits(edits, new_fragments)
    shown = dict(new_fragments)
    for a, b in swaps:
        shown[a], shown[b] = new_fragments[b], new_fragments[a]
    new_text, aligned = apply_edits(edits, shown)
    for a, b in swaps:
        span_a, span_b = aligned[a], aligned[b]
        aligned[a] = Span.from_fragments(a, span_a.label, span_b.fragments)
        aligned[b] = Span.from_fragments(b, span_b.label, span_a.fragments)
    return new_text, aligned
