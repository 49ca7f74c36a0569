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


def pick(text: str, candidates: Iterable[str | None | tuple[str | None, float]],
         rng: np.random.Generator) -> str | None:
    """One candidate whose shape differs from ``text``'s, or None. A candidate is a form, drawn uniformly, or
    a ``(form, weight)`` pair, drawn in proportion to its weight (how often notes write that form); a form
    listed twice counts once, at its first weight; a weight of 0 is never drawn."""
    own = shape(text)
    seen: dict[str, float] = {}
    for c in candidates:
        form, weight = c if isinstance(c, tuple) else (c, 1.0)
        if form and weight > 0 and form not in seen and shape(form) != own:
            seen[form] = weight
    if not seen:
        return None
    options = list(seen)
    weights = np.fromiter(seen.values(), float, len(seen))
    if np.all(weights == weights[0]):
        return options[int(rng.integers(len(options)))]
    cumulative = np.cumsum(weights)
    i = int(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"))
    return options[min(i, len(options) - 1)]
