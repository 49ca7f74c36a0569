"""Case and accents of a surrogate place, street or facility name, copied from the original.

``textcase.mimic`` copies a *mixed* pattern letter by letter, which garbles multi-word names whose particles
are lower case ("Santiago de Compostela" → "Velez-malagA"). Names here follow three patterns only: all upper,
all lower, or as written in the gazetteer. Accents are dropped only on evidence that the writer omits them:
the original's canonical spelling has accents and the original has none ("Almeria"), or, without a canonical
spelling, the original is all lower case and unaccented ("calle fermin caballero").
"""
from __future__ import annotations

import unicodedata

from ..textcase import has_accent_marks

_KEEP = {"ñ": "\x00", "Ñ": "\x01", "ç": "\x02", "Ç": "\x03"}


def drop_accents(s: str) -> str:
    """Strip accent marks, keeping ñ and ç, which unaccented writing still uses."""
    for k, v in _KEEP.items():
        s = s.replace(k, v)
    s = unicodedata.normalize("NFC", "".join(
        c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c)))
    for k, v in _KEEP.items():
        s = s.replace(v, k)
    return s


def render_like(template: str, new: str, canonical: str | None = None) -> str:
    """``new`` in the case of ``template`` (upper, lower or gazetteer spelling), accents per the rule above."""
    letters = [c for c in template if c.isalpha()]
    if not letters:
        return new
    all_lower = all(c.islower() for c in letters)
    if not has_accent_marks(template):
        drop = has_accent_marks(canonical) if canonical is not None else all_lower
        if drop:
            new = drop_accents(new)
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return new.upper()
    if all_lower:
        return new.lower()
    return new
