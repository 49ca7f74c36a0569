"""Text normalisation shared by every comparison that must ignore case and accents."""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Callable


def _fold_char(c: str) -> str:
    decomposed = unicodedata.normalize("NFKD", c.casefold())
    return "".join(x for x in decomposed if not unicodedata.combining(x))


@lru_cache(maxsize=32_768)  # originals and table values recur; the surrogates drawn seldom do (memory: issue 12)
def fold(s: str) -> str:
    """Case- and accent-insensitive key: casefold, strip combining marks, collapse whitespace."""
    if s.isascii():  # nothing to decompose: the same key, without the per-character pass
        return " ".join(s.lower().split())
    # casefold, NFKD and dropping the combining marks all work character by character (canonical reordering
    # only moves marks that are dropped), so one cached table does it in a C loop (a fast start, issue 12)
    return " ".join(s.translate(_FOLD).split())


def strip_accents(s: str) -> str:
    """Remove accents but keep case (``Núñez`` → ``Nunez``); ``ñ`` is kept only as ``n``."""
    decomposed = unicodedata.normalize("NFD", s)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


def has_accents(s: str) -> bool:
    return not s.isascii() and strip_accents(s) != unicodedata.normalize("NFC", s)


class CharTable(dict):
    """A ``str.translate`` table filled on first sight of each character: ``text.translate(CharTable(f))``
    maps every character ``c`` to ``f(c)`` in one C loop, instead of a Python generator per character."""

    def __init__(self, per_char: Callable[[str], str]) -> None:
        super().__init__()
        self._per_char = per_char

    def __missing__(self, code: int) -> str:
        value = self[code] = self._per_char(chr(code))
        return value


_FOLD = CharTable(_fold_char)
