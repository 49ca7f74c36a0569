"""Helpers shared by the variers: the surface shape of a text and the pick among candidate forms."""
from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

_DIGIT = re.compile(r"[0-9]")


def shape(text: str) -> str:
    """Digits as ``9``, upper-case letters as ``A``, other letters as ``a``, the rest kept: two forms of one
    value with the same shape are the same format (``12/03/2014`` and ``05/11/2013``)."""
    out = []
    for c in _DIGIT.sub("9", text):
        if c.isalpha():
            out.append("A" if c.isupper() else "a")
        else:
            out.append(c)
    return "".join(out)


def pick(text: str, candidates: Iterable[str | None], rng: np.random.Generator) -> str | None:
    """One candidate whose shape differs from ``text``'s, uniformly (first occurrence order), or None."""
    own = shape(text)
    seen: dict[str, None] = {}
    for c in candidates:
        if c and c not in seen and shape(c) != own:
            seen[c] = None
    options = list(seen)
    if not options:
        return None
    return options[int(rng.integers(len(options)))]
