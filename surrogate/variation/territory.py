"""A postal code and its town in one span, in the other order: ``28036 Madrid`` ↔ ``Madrid 28036`` ↔
``Madrid (28036)``. (MEDDOCAN annotates the two as separate spans; the engine swaps such a pair,
:mod:`.order`.)"""
from __future__ import annotations

import re

import numpy as np

from ..replacers.base import Replacer, SpanContext
from .common import pick

_CODE_FIRST = re.compile(r"^(\d{5})([\s,-]+)([^\W\d_][^\d()]*?)$")
_CODE_LAST = re.compile(r"^([^\W\d_][^\d()]*?)(?:[\s,-]+\(?)(\d{5})\)?$")


def forms(text: str) -> list[str]:
    m = _CODE_FIRST.match(text)
    if m:
        code, town = m.group(1), m.group(3)
    else:
        m = _CODE_LAST.match(text)
        if not m:
            return []
        town, code = m.group(1), m.group(2)
    return [f"{code} {town}", f"{code}, {town}", f"{town} {code}", f"{town} ({code})", f"{town}, {code}"]


def vary(text: str, rng: np.random.Generator, ctx: SpanContext, replacer: Replacer | None = None) -> str | None:
    return pick(text, forms(text), rng)
