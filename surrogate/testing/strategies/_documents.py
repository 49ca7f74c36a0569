"""Annotated documents: Spanish-looking filler with non-overlapping PHI spans of chosen kinds.

``documents`` gives :class:`~surrogate.model.Document` objects, ``brat_documents`` the same as BRAT
``.txt``/``.ann`` text, and ``adversarial_documents`` adds the surfaces that break naive offset code: a BOM,
CRLF line ends, spans glued to each other, combining accents (NFD), emoji, and spans at the very start or
end of the text.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import NamedTuple

from hypothesis import strategies as st

from ...model import Document, Span
from ...schemas import LabelSchema, as_schema
from ..documents import labels_for
from ._catalogue import STRATEGIES_BY_KIND, phi_values

BOM = "\ufeff"
# Clinical filler: no PHI in it, so everything outside the spans is safe to compare byte for byte.
FILLER_WORDS = (
    "paciente", "ingresa", "por", "dolor", "abdominal", "se", "remite", "a", "consulta", "de", "la", "el",
    "con", "antecedentes", "hipertensión", "arterial", "diabetes", "mellitus", "tipo", "sin", "alergias",
    "conocidas", "exploración", "física", "normal", "analítica", "hemograma", "tratamiento", "con",
    "paracetamol", "cada", "ocho", "horas", "evolución", "favorable", "alta", "domicilio", "control",
    "revisión", "en", "meses", "refiere", "fiebre", "tos", "disnea", "TAC", "torácico", "biopsia",
    "diagnóstico", "carcinoma", "servicio", "urgencias", "médico", "remitente", "informe", "clínico",
)
PUNCTUATION = (" ", " ", " ", ", ", ". ", ": ", "; ", "\n", " (", ") ")
EMOJI = ("🙂", "🏥", "💊", "👍🏽", "🇪🇸")


class BratText(NamedTuple):
    """One document as BRAT files hold it, plus the Document it encodes."""

    doc_id: str
    txt: str
    ann: str
    document: Document


@st.composite
def _filler(draw, crlf: bool = False, emoji: bool = False) -> str:
    words = draw(st.lists(st.sampled_from(FILLER_WORDS), max_size=8))
    pieces = []
    for word in words:
        pieces.append(word)
        pieces.append(draw(st.sampled_from(PUNCTUATION)))
        if emoji and draw(st.integers(0, 3)) == 0:
            pieces.append(draw(st.sampled_from(EMOJI)) + " ")
    text = "".join(pieces)
    return text.replace("\n", "\r\n") if crlf else text


@st.composite
def _build(draw, kinds: list[str], schema: LabelSchema, min_spans: int, max_spans: int, adversarial: bool) -> Document:
    values = draw(st.lists(phi_values(kinds), min_size=min_spans, max_size=max_spans))
    flags = dict.fromkeys(("bom", "crlf", "nfd", "emoji", "at_start", "at_end", "glue"), False)
    if adversarial:
        flags = {name: draw(st.booleans()) for name in flags}
    form = "NFD" if flags["nfd"] else "NFC"

    def gap(first: bool, last: bool) -> str:
        if (first and flags["at_start"]) or (last and flags["at_end"]):
            return ""
        if not first and not last and flags["glue"] and draw(st.booleans()):
            return ""  # two spans touching: the classic off-by-one trap
        filler = draw(_filler(flags["crlf"], flags["emoji"]))
        # keep each value a separate word: a space on both sides of a non-empty gap
        return unicodedata.normalize(form, (" " if not first else "") + filler + (" " if not last else ""))

    text = BOM if flags["bom"] else ""
    spans = []
    for n, value in enumerate(values):
        text += gap(n == 0, False)
        surface = unicodedata.normalize(form, str(value))
        start = len(text)
        text += surface
        label = draw(st.sampled_from(labels_for(value.kind, value.form, schema)))
        spans.append(Span(f"T{n + 1}", label, start, len(text)))
    text += gap(False, True) if values else draw(_filler(flags["crlf"], flags["emoji"]))
    doc_id = f"doc{draw(st.integers(0, 9999)):04d}"
    return Document(doc_id, text, tuple(spans))


def _documents(kinds: Iterable[str] | None, schema: LabelSchema | str, min_spans: int, max_spans: int,
               adversarial: bool) -> st.SearchStrategy[Document]:
    schema = as_schema(schema)  # once per strategy, not per example
    labelled = {spec.kind for spec in schema.labels.values()}
    chosen = list(kinds) if kinds is not None else [k for k in STRATEGIES_BY_KIND if k in labelled]
    for kind in chosen:
        labels_for(kind, "", schema)  # a kind the schema cannot label fails here, not in the middle of a draw
    return _build(chosen, schema, min_spans, max_spans, adversarial)


def documents(kinds: Iterable[str] | None = None, *, schema: LabelSchema | str = "meddocan", min_spans: int = 1,
              max_spans: int = 6) -> st.SearchStrategy[Document]:
    """Documents whose spans hold generated values of ``kinds`` (every generated kind the schema labels)."""
    return _documents(kinds, schema, min_spans, max_spans, adversarial=False)


def adversarial_documents(kinds: Iterable[str] | None = None, *, schema: LabelSchema | str = "meddocan",
                          min_spans: int = 1, max_spans: int = 6) -> st.SearchStrategy[Document]:
    """Documents with a BOM, CRLF, glued spans, NFD accents, emoji, or spans at the text's very ends."""
    return _documents(kinds, schema, min_spans, max_spans, adversarial=True)


def to_brat(doc: Document) -> BratText:
    """A document as BRAT ``.txt`` and ``.ann`` text (line breaks inside a span's text column become spaces)."""
    lines = []
    for sp in doc.spans:
        offsets = ";".join(f"{s} {e}" for s, e in sp.fragments)
        shown = doc.span_text(sp).replace("\r", " ").replace("\n", " ")
        lines.append(f"{sp.id}\t{sp.label} {offsets}\t{shown}\n")
    return BratText(doc.id, doc.text, "".join(lines), doc)


def brat_documents(kinds: Iterable[str] | None = None, *, schema: LabelSchema | str = "meddocan",
                   adversarial: bool = False, min_spans: int = 1, max_spans: int = 6) -> st.SearchStrategy[BratText]:
    """The same documents as BRAT text: ``BratText(doc_id, txt, ann, document)``."""
    build = adversarial_documents if adversarial else documents
    return build(kinds, schema=schema, min_spans=min_spans, max_spans=max_spans).map(to_brat)
