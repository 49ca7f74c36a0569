"""Text surgery: the one place where a document's text is cut and spans are realigned.

Edits replace whole fragments; text between fragments is copied byte for byte. After the cut every new
fragment is checked against its replacement, so misalignment raises instead of slipping through.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from .model import AlignmentError, Document, Fragment, Span


class OverlapError(ValueError):
    """Two spans share characters; the engine needs non-overlapping spans. Names ids only, never text."""


def check_no_overlap(doc: Document) -> None:
    frags = sorted((s, e, sp.id) for sp in doc.spans for s, e in sp.fragments)
    for (s1, e1, id1), (s2, e2, id2) in zip(frags, frags[1:]):
        if s2 < e1:
            raise OverlapError(f"doc {doc.id}: spans {id1} and {id2} overlap")


def apply_edits(doc: Document, new_fragments: Mapping[str, Sequence[str]]) -> tuple[str, dict[str, Span]]:
    """Replace each span's fragments by the given strings; return the new text and realigned spans.

    ``new_fragments[span.id]`` holds one string per fragment of that span. Spans absent from the mapping
    keep their text (and are realigned all the same).
    """
    pieces: list[tuple[int, int, str]] = []  # (start, end, replacement) per fragment, in span order
    for sp in doc.spans:
        texts = new_fragments.get(sp.id)
        if texts is not None and len(texts) != len(sp.fragments):
            raise AlignmentError(f"span {sp.id} in doc {doc.id}: {len(texts)} replacements for {len(sp.fragments)} fragments")
        for i, (s, e) in enumerate(sp.fragments):
            pieces.append((s, e, doc.text[s:e] if texts is None else texts[i]))
    order = sorted(range(len(pieces)), key=lambda k: (pieces[k][0], pieces[k][1]))
    out: list[str] = []
    cursor = 0
    length = 0
    new_pos: dict[int, Fragment] = {}
    for k in order:
        s, e, rep = pieces[k]
        if s < cursor:
            raise AlignmentError(f"doc {doc.id}: overlapping fragments cannot be realigned")
        gap = doc.text[cursor:s]
        out.append(gap)
        length += len(gap)
        out.append(rep)
        new_pos[k] = (length, length + len(rep))
        length += len(rep)
        cursor = e
    out.append(doc.text[cursor:])
    new_text = "".join(out)

    aligned: dict[str, Span] = {}
    k = 0
    for sp in doc.spans:
        frags = tuple(new_pos[k + i] for i in range(len(sp.fragments)))
        for i, (ns, ne) in enumerate(frags):
            if new_text[ns:ne] != pieces[k + i][2]:
                raise AlignmentError(f"span {sp.id} in doc {doc.id}: realigned fragment does not hold its text")
        k += len(sp.fragments)
        aligned[sp.id] = Span.from_fragments(sp.id, sp.label, frags)
    return new_text, aligned
