"""Text normalisation shared by every comparison that must ignore case and accents."""
from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=200_000)
def fold(s: str) -> str:
    """Case- and accent-insensitive key: casefold, strip combining marks, collapse whitespace."""
    decomposed = unicodedata.normalize("NFKD", s.casefold())
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.split())


def strip_accents(s: str) -> str:
    """Remove accents but keep case (``Núñez`` → ``Nunez``); ``ñ`` is kept only as ``n``."""
    decomposed = unicodedata.normalize("NFD", s)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


def has_accents(s: str) -> bool:
    return strip_accents(s) != unicodedata.normalize("NFC", s)
