"""Small surface signatures shared by the format checks."""
from __future__ import annotations

from ...textcase import case_pattern

__all__ = ["case_pattern", "char_shape", "letter_runs_shape"]


def char_shape(s: str) -> str:
    """Digits as 9, letters as A/a by case, everything else kept: the acceptance "shape" of identifiers."""
    return "".join("9" if c.isdigit() else ("A" if c.isupper() else "a") if c.isalpha() else c for c in s)


def letter_runs_shape(s: str) -> str:
    """Digits as 9, each letter run as its case pattern (A: all upper, Aa: capitalised, a: lower), the rest
    kept: the acceptance "shape" of dates, where month names may change length."""
    out: list[str] = []
    i = 0
    while i < len(s):
        c = s[i]
        if c.isdigit():
            out.append("9")
            i += 1
        elif c.isalpha():
            j = i
            while j < len(s) and s[j].isalpha():
                j += 1
            word = s[i:j]
            out.append("A" if word.isupper() and len(word) > 1 else "Aa" if word[0].isupper() else "a")
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)
