"""The names of a document's relatives, read from its kinship spans ("su hija Elena Bueno" → "Elena Bueno"), for an
e-mail address that a relative writes with their name: kinship spans are replaced after e-mails, so the e-mail
replacer asks the name replacer for the relative's surrogate itself (the document's cache gives the relative's
span the same one)."""
from __future__ import annotations

import re
from functools import cache

from gazetteers import GazetteerSet
from gazetteers.text import fold

from ..base import DocumentState
from ..people.kinship_words import OPENERS
from .lexicons import optional_table

_WORD = re.compile(r"[^\W\d_]+")
#: the determiners before a relative: the kinship replacer's, and the co-official ones ("seu fill", "a súa filla")
_OPENERS = OPENERS | frozenset({"seu", "sa", "seva", "a", "o", "sua"})


@cache
def _kin_words(gazetteers: GazetteerSet) -> frozenset[str]:
    table = optional_table(gazetteers, "kinship")
    return frozenset(fold(v) for v in table.column("value")) if table is not None else frozenset()


def relative_names(state: DocumentState, gazetteers: GazetteerSet) -> list[str]:
    """The names written in the document's kinship spans after their kinship words, in document order (read once
    per document content: every address of the document asks)."""
    return state.analysis("email:relatives", lambda st: _relative_names(st, gazetteers))


def _relative_names(state: DocumentState, gazetteers: GazetteerSet) -> list[str]:
    kin = _kin_words(gazetteers)
    out = []
    for span in state.spans_of_kind("kinship"):
        text = state.document.span_text(span)
        words = list(_WORD.finditer(text))
        k = 0
        while k < len(words) and (fold(words[k].group()) in kin or fold(words[k].group()) in _OPENERS):
            k += 1
        if 0 < len(words) - k <= 4 and k < len(words):
            name = text[words[k].start():words[-1].end()]
            if name not in out and not any(c.isdigit() for c in name):
                out.append(name)
    return out
