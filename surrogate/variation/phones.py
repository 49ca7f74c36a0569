"""Spanish phone numbers in another grouping, with or without the country prefix (``+34``, ``0034``).

Only a number made of nine national digits (6, 7, 8 or 9 first), optionally after ``34``/``+34``/``0034``,
and nothing else (no extension, no words) is varied; foreign and truncated numbers keep their layout.
"""
from __future__ import annotations

import re

import numpy as np

from ..replacers.base import Replacer, SpanContext
from .common import pick

_NUMBER = re.compile(r"^\s*(?:\(?(?:\+|00)\s?34\)?[\s.-]?)?([6-9](?:[\s.\-]?\d){8})\s*$")
_PREFIXES = ("", "", "+34 ", "0034 ", "(+34) ", "+34")
# group sizes of the nine national digits, and the separators between groups
_GROUPINGS = ((3, 3, 3), (3, 2, 2, 2), (9,), (2, 3, 2, 2), (3, 6))
_SEPARATORS = (" ", "-", ".")


def _group(digits: str, sizes: tuple[int, ...], sep: str) -> str:
    out, i = [], 0
    for n in sizes:
        out.append(digits[i:i + n])
        i += n
    return sep.join(out)


def forms(national: str) -> list[str]:
    """Every layout of nine national digits this module writes."""
    return [p + _group(national, g, s) for p in _PREFIXES for g in _GROUPINGS for s in _SEPARATORS
            if not (len(g) == 1 and s != " ") and not (p and s == ".")
            and not (p == "+34" and len(g) > 1)]  # "+34" glued only to an unbroken number


def vary(text: str, rng: np.random.Generator, ctx: SpanContext, replacer: Replacer | None = None) -> str | None:
    m = _NUMBER.match(text)
    if m is None:
        return None
    national = re.sub(r"\D", "", m.group(1))
    return pick(text, forms(national), rng)
