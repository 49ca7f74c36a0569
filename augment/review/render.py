"""What the templates show: a text cut into plain runs and highlighted spans, and a colour per label kind.

Offsets handed to the browser are Unicode code points, as in BRAT; the script converts its UTF-16
selection offsets back (``static/review.js``).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from surrogate.model import Document
from surrogate.schemas import LabelSchema

# One colour per kind of PHI: soft fills that keep black text readable, distinct borders (CSS uses both).
KIND_COLOURS = {
    "person_name": ("#fde2e4", "#d9485f"),
    "kinship": ("#fbe4f3", "#b8478f"),
    "age": ("#e6f0ff", "#3b6fd8"),
    "date": ("#dbeafe", "#1d4ed8"),
    "sex": ("#eef2f6", "#64748b"),
    "profession": ("#ede9fe", "#7c3aed"),
    "facility": ("#dcfce7", "#15803d"),
    "institution": ("#d1fae5", "#047857"),
    "address": ("#fef3c7", "#b45309"),
    "territory": ("#fef9c3", "#a16207"),
    "country": ("#ffedd5", "#c2410c"),
    "phone": ("#cffafe", "#0e7490"),
    "email": ("#cffafe", "#0e7490"),
    "url": ("#cffafe", "#0e7490"),
    "identifier": ("#f3e8ff", "#9333ea"),
    "other": ("#e5e7eb", "#4b5563"),
}
_UNKNOWN = ("#fee2e2", "#b91c1c")


@dataclass(frozen=True)
class Segment:
    text: str
    start: int  # code point offset of the segment in the document text
    span_id: str | None = None
    label: str = ""
    kind: str = ""
    tag: str = ""  # short label shown beside the highlight


def kind_of(schema: LabelSchema, label: str) -> str:
    spec = schema.spec(label)
    return spec.kind if spec is not None else "unknown"


def colours(kind: str) -> tuple[str, str]:
    return KIND_COLOURS.get(kind, _UNKNOWN)


def segments(doc: Document, schema: LabelSchema) -> list[Segment]:
    """The text as alternating plain and span runs (each fragment of a discontinuous span is one run)."""
    pieces = sorted(((s, e, sp) for sp in doc.spans for s, e in sp.fragments), key=lambda p: (p[0], p[1]))
    out: list[Segment] = []
    cursor = 0
    for s, e, sp in pieces:
        if s < cursor:  # overlapping spans (only read with allow_overlaps) show from where the last one ended
            s = cursor
        if s > cursor:
            out.extend(_plain(doc.text, cursor, s))
        out.append(Segment(doc.text[s:e], s, sp.id, sp.label, kind_of(schema, sp.label), short_label(schema, sp.label)))
        cursor = max(cursor, e)
    if cursor < len(doc.text):
        out.extend(_plain(doc.text, cursor, len(doc.text)))
    return out


def _plain(text: str, start: int, end: int) -> list[Segment]:
    """Plain runs that end after each carriage return.

    An HTML parser turns CR LF into one LF; with the CR closing its own element the two characters stay
    two, so the script's offsets within a run still count the code points of the file.
    """
    out = []
    while start < end:
        cr = text.find("\r", start, end - 1)
        stop = end if cr < 0 else cr + 1
        out.append(Segment(text[start:stop], start))
        start = stop
    return out


def short_label(schema: LabelSchema, label: str) -> str:
    """The schema's tag (``NOMBRE``, ``FECHA``) — short enough to print beside a highlight."""
    spec = schema.spec(label)
    return spec.tag if spec is not None and spec.tag else label


def label_counts(doc: Document | None) -> Counter:
    return Counter(sp.label for sp in doc.spans) if doc is not None else Counter()


def legend(schema: LabelSchema, labels: list[str], counts: Counter) -> list[dict]:
    """Labels with their kind and colours: those in use first (most frequent), then the rest."""
    rows = []
    for label in labels:
        kind = kind_of(schema, label)
        fill, edge = colours(kind)
        rows.append({"label": label, "kind": kind, "fill": fill, "edge": edge, "count": counts.get(label, 0),
                     "short": short_label(schema, label)})
    rows.sort(key=lambda r: (-r["count"], labels.index(r["label"])))
    return rows


def kind_css(schema: LabelSchema) -> str:
    """``.k-KIND{--fill:..;--edge:..}`` for every kind: a stylesheet served by the app (no inline styles)."""
    kinds = sorted(set(KIND_COLOURS) | {spec.kind for spec in schema.labels.values()} | {"unknown"})
    return "\n".join(f".k-{k}{{--fill:{colours(k)[0]};--edge:{colours(k)[1]}}}" for k in kinds) + "\n"
