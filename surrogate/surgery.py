"""Text surgery: the one place where a document's text is cut and spans are realigned.

Edits replace whole fragments; text between fragments is copied byte for byte. After the cut every new
fragment is checked against its replacement, so misalignment raises instead of slipping through.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from .model import AlignmentError, Document, Fragment, Span


def apply_edits(doc: Document, new_fragments: Mapping[str, Sequence[str]]) -> tuple[str, dict[str, Span]]:
    """Replace each span's fragments by the given strings; return the new text and realigned spans.

    ``new_fragments[span.id]`` holds one string per fragment of that span. Spans absent from the mapping
    keep their text (and are realigned all the same).
    """
    text = doc.text
    # (start, end, index, replacement) per fragment, index in span order: sorting the tuples orders by
    # (start, end) with ties in span order, and never compares two replacements (indices are unique)
    pieces: list[tuple[int, int, int, str]] = []
    for sp in doc.spans:
        texts = new_fragments.get(sp.id)
        frags = sp.fragments
        if texts is not None and len(texts) != len(frags):
            raise AlignmentError(f"span {sp.id} in doc {doc.id}: {len(texts)} replacements for {len(frags)} fragments")
        if len(frags) == 1:  # nearly every span
            s, e = frags[0]
            pieces.append((s, e, len(pieces), text[s:e] if texts is None else texts[0]))
        elif texts is None:
            pieces += [(s, e, len(pieces) + i, text[s:e]) for i, (s, e) in enumerate(frags)]
        else:
            pieces += [(s, e, len(pieces) + i, texts[i]) for i, (s, e) in enumerate(frags)]
    out: list[str] = []
    cursor = 0
    length = 0
    new_pos: list[Fragment] = [(0, 0)] * len(pieces)
    for s, e, k, rep in sorted(pieces):
        if s < cursor:
            raise AlignmentError(f"doc {doc.id}: overlapping fragments cannot be realigned")
        gap = text[cursor:s]
        out.append(gap)
        length += len(gap)
        out.append(rep)
        new_pos[k] = (length, length + len(rep))
        length += len(rep)
        cursor = e
    out.append(text[cursor:])
    new_text = "".join(out)

    aligned: dict[str, Span] = {}
    k = 0
    for sp in doc.spans:
        n = len(sp.fragments)
        if n == 1:
            ns, ne = frag = new_pos[k]
            if new_text[ns:ne] != pieces[k][3]:
                raise AlignmentError(f"span {sp.id} in doc {doc.id}: realigned fragment does not hold its text")
            k += 1
            aligned[sp.id] = Span(sp.id, sp.label, ns, ne, (frag,))
            continue
        frags = tuple(new_pos[k : k + n])
        for (ns, ne), piece in zip(frags, pieces[k : k + n]):
            if new_text[ns:ne] != piece[3]:
                raise AlignmentError(f"span {sp.id} in doc {doc.id}: realigned fragment does not hold its text")
        k += n
        aligned[sp.id] = Span(sp.id, sp.label, frags[0][0], frags[-1][1], frags)
    return new_text, aligned


def splice(text: str, edits: Sequence[tuple[int, int, str]]) -> str:
    """``text`` with each disjoint ``(start, end, new)`` piece replaced (used on a surrogate, never on a document)."""
    out, cursor = [], 0
    for s, e, new in sorted(edits):
        if s < cursor:
            raise AlignmentError("overlapping pieces cannot be spliced")
        out += [text[cursor:s], new]
        cursor = e
    out.append(text[cursor:])
    return "".join(out)


def carry_span(span: Span, edits: Document, new_fragments: Mapping[str, Sequence[str]], new_text: str) -> Span:
    """Where a span whose own text was not replaced lies after ``apply_edits(edits, new_fragments)``.

    Each boundary moves by the growth of the edits before it; a boundary inside an edited fragment moves to
    that fragment's outer edge, so the span still covers (the replacement of) everything it covered.
    """
    pieces = sorted(
        (s, e, len(texts[i]) - (e - s))
        for sp in edits.spans if (texts := new_fragments.get(sp.id)) is not None
        for i, (s, e) in enumerate(sp.fragments)
    )

    def shift(pos: int, is_start: bool) -> int:
        delta = 0
        for s, e, growth in pieces:
            if e <= pos and not (s == e == pos and is_start):
                delta += growth
            elif s < pos < e:
                return (s + delta) if is_start else (e + delta + growth)
        return pos + delta

    frags = tuple((shift(s, True), max(shift(s, True), shift(e, False))) for s, e in span.fragments)
    for s, e in frags:
        if not 0 <= s <= e <= len(new_text):
            raise AlignmentError(f"span {span.id} in doc {edits.id}: carried offsets outside the new text")
    return Span.from_fragments(span.id, span.label, frags)


def place_inside(new_text: str, outer: Span, fragment: int, offset: int, piece: str, id: str, label: str) -> Span:
    """The span of ``piece`` at ``offset`` inside fragment ``fragment`` of ``outer`` (already realigned); exact."""
    s = outer.fragments[fragment][0] + offset
    if new_text[s : s + len(piece)] != piece or s + len(piece) > outer.fragments[fragment][1]:
        raise AlignmentError(f"span {id}: the piece does not lie inside span {outer.id}")
    return Span(id, label, s, s + len(piece))
