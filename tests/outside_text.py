"""Test helper: the text outside a document's spans, which every surrogate output must give back byte for byte."""
from __future__ import annotations

import re

from surrogate import Document


def outside(doc: Document) -> list[str]:
    """The text before, between and after the merged span regions, in order."""
    cuts: list[list[int]] = []
    out, cursor = [], 0
    for s, e in sorted(f for sp in doc.spans for f in sp.fragments):
        if cuts and s < cuts[-1][1]:
            cuts[-1][1] = max(cuts[-1][1], e)
        else:
            cuts.append([s, e])
    for s, e in cuts:
        out.append(doc.text[cursor:s])
        cursor = e
    return [*out, doc.text[cursor:]]


def keeps_outside(doc: Document, new_text: str) -> bool:
    """``new_text`` holds ``doc``'s outside text byte for byte, in order, with anything between the pieces."""
    gaps = outside(doc)
    pattern = "".join(re.escape(g) + ("(.*?)" if i < len(gaps) - 1 else "") for i, g in enumerate(gaps))
    return re.fullmatch(pattern, new_text, re.DOTALL) is not None
