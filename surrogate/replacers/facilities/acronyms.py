"""Plausible acronyms: same length and case pattern, digits stay digits ("HULP" → "HUSV", "HU12O" → "HG47A")."""
from __future__ import annotations

import numpy as np

from gazetteers import fold

# Initials common in Spanish institution acronyms (Hospital, Universitario, General, Centro, San, Virgen...).
_POOL = "HUGCSVMPALRNIOBTD"


def acronym_like(text: str, rng: np.random.Generator, *, keep_first: bool = True, tries: int = 8) -> str:
    """Same shape as ``text``; the first letter is kept when ``keep_first`` (the "H" of hospital)."""
    for _ in range(tries):
        out, first = [], True
        for c in text:
            if c.isalpha():
                if first and keep_first:
                    out.append(c)
                else:
                    new = _POOL[int(rng.integers(len(_POOL)))]
                    out.append(new if c.isupper() else new.lower())
                first = False
            elif c.isdigit():
                out.append(str(int(rng.integers(10))))
            else:
                out.append(c)
        candidate = "".join(out)
        if fold(candidate) != fold(text):
            return candidate
        keep_first = False  # a one-letter acronym cannot change otherwise
    return candidate
