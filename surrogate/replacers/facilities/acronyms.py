"""Acronyms built from a surrogate's own words: "Hospital Universitario La Paz (HULP)" → "Hospital
Universitario Santa Lucía (HUSL)"; a lone "HULP" → the initials of a drawn facility name. Letters never come
from the alphabet: each one is the initial of a word of a name. Digits of a code (HU12O) are re-drawn.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

from gazetteers import fold, strip_accents

#: words an acronym skips ("Hospital Universitario Virgen de la Arrixaca" → HUVA)
CONNECTORS = frozenset("de del la las los el y i e d l a al en para do da dos das".split())
_WORD = re.compile(r"[^\W\d_]+")


def initials(name: str) -> str:
    """Upper-case initials of the words of ``name`` that are no connectors, unaccented (acronyms are written
    without accents: "Álvaro Cunqueiro" gives "AC")."""
    return "".join(strip_accents(w[0]).upper() for w in _WORD.findall(name) if w.lower() not in CONNECTORS)


def acronym_like(text: str, rng: np.random.Generator, names: Iterable[str], *, own: str = "") -> str:
    """``text``'s acronym replaced by the initials of a name, in ``text``'s shape (case, dots, digits).

    ``own``: the surrogate's own words (the rest of the span): its initials win when it has two or more
    words and they differ from the original. Otherwise the first initials of the first of ``names`` that
    has enough words fill ``text``'s letters, else the longest shorter set of initials.
    """
    slots = sum(1 for c in text if c.isalpha())
    old = fold("".join(c for c in text if c.isalpha()))
    mine = initials(own)
    if len(mine) >= 2 and fold(mine[:slots]) != old:
        return _render(text, mine, rng)
    best = ""
    for name in names:
        letters = initials(name)
        if len(letters) < 2 or fold(letters[:slots]) == old:
            continue
        if len(letters) >= slots:  # as many initials, or the first ones of a longer name
            return _render(text, letters[:slots], rng)
        if len(letters) > len(best):
            best = letters
    if not best:
        raise ValueError("no name with initials to build an acronym from")
    return _render(text, best, rng)


def _render(template: str, letters: str, rng: np.random.Generator) -> str:
    """``letters`` in the template's letter slots (their case kept), digits re-drawn, the rest kept. Extra
    letters follow the last slot of a compact acronym (HUSL → HUNSC) and are dropped from a dotted one
    (C.H.); missing ones leave the template's trailing slots out."""
    out, i = [], 0
    slots = [k for k, c in enumerate(template) if c.isalpha()]
    compact = bool(slots) and all(template[k].isalnum() for k in range(slots[0], slots[-1] + 1))
    for k, c in enumerate(template):
        if c.isalpha():
            if i < len(letters):
                out.append(letters[i] if c.isupper() else letters[i].lower())
                i += 1
            if k == slots[-1] and compact and i < len(letters):
                rest = letters[i:]
                out.append(rest if c.isupper() else rest.lower())
        elif c.isdigit():
            out.append(str(int(rng.integers(10))))
        else:
            out.append(c)
    return "".join(out)
