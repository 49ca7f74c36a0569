"""Mimic the surface of an original: letter case pattern and the absence of accents."""
from __future__ import annotations

import unicodedata

_ENYE = {"ñ": "\x00", "Ñ": "\x01"}


def _drop_accents(s: str) -> str:
    """Strip accent marks but keep ñ, which unaccented Spanish writing still uses."""
    for k, v in _ENYE.items():
        s = s.replace(k, v)
    s = "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))
    s = unicodedata.normalize("NFC", s)
    for k, v in _ENYE.items():
        s = s.replace(v, k)
    return s


def has_accent_marks(s: str) -> bool:
    return _drop_accents(s) != unicodedata.normalize("NFC", s)


def case_pattern(s: str) -> str:
    """"upper", "lower", "title" or "mixed" (typos such as ``RIvas`` count as mixed)."""
    letters = [c for c in s if c.isalpha()]
    if not letters:
        return "none"
    if all(c.isupper() for c in letters):
        return "upper" if len(letters) > 1 else "title"
    if all(c.islower() for c in letters):
        return "lower"
    words = [w for w in s.split() if any(c.isalpha() for c in w)]
    if all(_is_title_word(w) for w in words):
        return "title"
    return "mixed"


def _is_title_word(w: str) -> bool:
    letters = [c for c in w if c.isalpha()]
    return bool(letters) and letters[0].isupper() and all(c.islower() for c in letters[1:])


def apply_case(template: str, s: str) -> str:
    """Render ``s`` in the case pattern of ``template``. Mixed case is copied letter by letter."""
    pattern = case_pattern(template)
    if pattern == "upper":
        return s.upper()
    if pattern == "lower":
        return s.lower()
    if pattern == "mixed":
        t_letters = [c for c in template if c.isalpha()]
        out, i = [], 0
        for c in s:
            if c.isalpha():
                ref = t_letters[min(i, len(t_letters) - 1)]
                out.append(c.upper() if ref.isupper() else c.lower())
                i += 1
            else:
                out.append(c)
        return "".join(out)
    if pattern == "title" and s[:1].islower():
        return s[0].upper() + s[1:]  # "febrero" → "Febrero"; inner particles ("del Río") stay as spelt
    return s  # title or no letters: gazetteer spelling is already proper case


def mimic(template: str, s: str) -> str:
    """Case of ``template``; accents dropped when ``template`` has letters but no accents."""
    if any(c.isalpha() for c in template) and not has_accent_marks(template):
        s = _drop_accents(s)
    return apply_case(template, s)
