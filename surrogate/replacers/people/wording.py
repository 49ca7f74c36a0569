"""Case and accents for common nouns about people (relatives, professions), whose lists are lower-case.

Unlike ``textcase.render_like``, an all-lower-case original says nothing about accents here: "madre" has
none to drop, so its surrogate stays "tía", not "tia". Sentence case is raised ("Tío" → "Abuelo") and a
multi-word title keeps its small words lower-case.
"""
from __future__ import annotations

from gazetteers.text import fold, has_accents

from ...textcase import case_pattern, mimic

_SMALL_WORDS = frozenset({"de", "del", "la", "las", "los", "el", "en", "y", "e", "o", "a", "con", "por", "para"})


def render_noun(original: str, canonical: str, new: str) -> str:
    """``new`` written like ``original``: its case (UPPER, lower, Title, sentence case) and, when the writer
    dropped the accents of ``canonical`` (``tio`` for ``tío``), without accents; an original that has no
    accents to drop (``madre``) says nothing about accents."""
    if fold(original) == fold(canonical) and has_accents(canonical) and not has_accents(original):
        new = mimic(original.lower(), new)  # lower-case template: only the accents are dropped here
    pattern = case_pattern(original)
    if pattern == "upper":
        return new.upper()
    if pattern in ("lower", "none"):
        return new
    if pattern == "title" and len(original.split()) > 1:
        return " ".join(w if w in _SMALL_WORDS else w[:1].upper() + w[1:] for w in new.split(" "))
    if original.lstrip()[:1].isupper():
        return new[:1].upper() + new[1:]
    return new
