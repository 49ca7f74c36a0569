"""Mentions of one document that differ only in case and accents ("HOSPITAL LA FE" / "Hospital La Fe",
"DRASSANES" / "drassanes"): which one a replacer draws for. The others write its surrogate in their own case with
``textcase.render_like`` (the variant as the canonical spelling: accents go where the original omits them). Used by
the guarded draw loop for replacers with ``case_variants_agree``."""
from __future__ import annotations

from gazetteers.text import fold

from .model import Span
from .replacers.base import DocumentState

_ANALYSIS = "engine:case_variants"


def _case(text: str) -> str:
    """"upper", "lower" or "mixed", read from the letters that have a case ("º" and "ª" have none, though
    Python calls them lower case: "C/ MAYOR 12, 2º" is in capitals)."""
    cased = [c for c in text if c.upper() != c.lower()]
    if cased and all(c.isupper() for c in cased):
        return "upper"
    return "lower" if cased and all(c.islower() for c in cased) else "mixed"


def _rank(text: str) -> int:
    """How much a mention's case says: mixed case most, then lower case, then capitals."""
    return ("mixed", "lower", "upper").index(_case(text))


def _variants(state: DocumentState) -> dict[tuple[str, str], Span]:
    """(kind, folded text) → the span drawn for, for each group of spans written in more than one case."""
    doc, schema = state.document, state.schema
    best: dict[tuple[str, str], tuple[int, int, Span]] = {}
    texts: dict[tuple[str, str], set[str]] = {}
    for sp in doc.spans:
        kind = schema.kind_of(sp.label)
        if kind is None or sp.is_discontinuous or sp.start == sp.end:
            continue
        text = doc.text[sp.start : sp.end]
        key = (kind, fold(text))
        texts.setdefault(key, set()).add(text)
        rank = (_rank(text), sp.start, sp)
        if key not in best or rank[:2] < best[key][:2]:
            best[key] = rank
    return {key: best[key][2] for key, written in texts.items() if len(written) > 1}


def variant_of(state: DocumentState, kind: str, original: str) -> Span | None:
    """The span of the document whose surrogate ``original`` takes, or None (it is drawn for)."""
    groups = state.analysis(_ANALYSIS, _variants)
    if not groups:
        return None
    chosen = groups.get((kind, fold(original)))
    return chosen if chosen is not None and state.document.span_text(chosen) != original else None
