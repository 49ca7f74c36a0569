"""Fictional snippets in layouts MEDDOCAN does not have, written inline: ``"Ingreso el [[FECHAS|12/03/2024]]."``
marks a span with its label. Shared by the ``test_fresh_*`` files."""
from __future__ import annotations

import functools
import re

from surrogate import Document, Engine, EngineConfig, Span
from surrogate.testing import assert_aligned, assert_no_leak, assert_outside_unchanged

_MARK = re.compile(r"\[\[([A-Z_]+)\|(.*?)\]\]")


def marked(doc_id: str, text: str) -> Document:
    """The document a marked snippet describes (spans T1, T2... in order)."""
    out, spans, last = "", [], 0
    for k, m in enumerate(_MARK.finditer(text), 1):
        out += text[last:m.start()]
        spans.append(Span(f"T{k}", m.group(1), len(out), len(out) + len(m.group(2))))
        out += m.group(2)
        last = m.end()
    return Document(doc_id, out + text[last:], tuple(spans))


@functools.lru_cache(maxsize=1)
def engine() -> Engine:
    return Engine(EngineConfig(), schema="meddocan", strict=True)


def surrogates(text: str, seed: int, doc_id: str = "fresh") -> dict[str, str]:
    """Span id → surrogate text of the snippet under ``seed``, after the engine's own checks: aligned, text
    outside the spans untouched, no span reading as its original, every span surrogated (none masked)."""
    doc = marked(doc_id, text)
    result = engine().apply(doc, seed=seed)
    assert_aligned(result)
    assert_outside_unchanged(doc, result)
    assert_no_leak(doc, result)
    actions = {r.span_id: r.action for r in result.replacements}
    assert set(actions.values()) == {"surrogate"}, actions
    assert not result.guarded, result.guarded  # nothing re-drawn nor masked by the leak guard
    new = result.document
    return {sp.id: new.text[sp.start:sp.end] for sp in new.spans}


def surrogate_matching(text: str, layout: str, seed: int, span: str = "T1") -> re.Match[str]:
    """The surrogate of ``span``, which must read as ``layout`` (a regex matched whole)."""
    new = surrogates(text, seed)[span]
    m = re.fullmatch(layout, new)
    assert m, new
    return m
