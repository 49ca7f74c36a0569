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
# each prefix, grouping (the sizes of the nine national digits' groups) and separator between groups, with
# how often notes write it: most numbers national, in threes or 3-2-2-2, with spaces
_PREFIXES = {"": 4, "+34 ": 2, "0034 ": 1, "(+34) ": 0.5, "+34": 0.5, "+34-": 0.3, "0034-": 0.3}
_GROUPINGS = {(3, 3, 3): 2, (3, 2, 2, 2): 3, (9,): 2, (2, 3, 2, 2): 1, (3, 6): 0.3, (1, 2, 2, 2, 2): 0.3}
_SEPARATORS = {" ": 3, "-": 1, ".": 0.5}


def _group(digits: str, sizes: tuple[int, ...], sep: str) -> str:
    out, i = [], 0
    for n in sizes:
        out.append(digits[i:i + n])
        i += n
    return sep.join(out)


def weighted_forms(national: str) -> list[tuple[str, float]]:
    """Every layout of nine national digits this module writes, with its weight."""
    return [(p + _group(national, g, s), wp * wg * ws)
            for p, wp in _PREFIXES.items() for g, wg in _GROUPINGS.items() for s, ws in _SEPARATORS.items()
            if not (len(g) == 1 and s != " ") and not (p and s == ".")
            and not (p == "+34" and len(g) > 1)  # "+34" glued only to an unbroken number
            and not (p.endswith("-") and s != "-")]  # "+34-" only before dashes


def forms(national: str) -> list[str]:
    """Every layout of nine national digits this module writes."""
    return [form for form, _ in weighted_forms(national)]


def vary(text: str, rng: np.random.Generator, ctx: SpanContext, replacer: Replacer | None = None) -> str | None:
    m = _NUMBER.match(text)
    if m is None:
        return None
    national = re.sub(r"\D", "", m.group(1))
    return pick(text, weighted_forms(national), rng)
