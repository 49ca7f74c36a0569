"""Ages in years in another written form: ``67 años`` ↔ ``67 a.`` ↔ ``67a`` ↔ ``67 AÑOS``.

Headers and lists abbreviate the unit (``Edad: 67 a.``, ``66a``). Only a mention made of a number of years
and its unit word is varied; months, days, words ("treinta años") and "3 años y 2 meses" keep their form.
"""
from __future__ import annotations

import re

import numpy as np

from ..replacers.base import Replacer, SpanContext
from .common import pick

_AGE = re.compile(r"(?i)^(\d{1,3})\s?(años|año|a\.|a)$")
#: each form and how often it is drawn (the unit written out and ``a.`` are the common ones)
FORMS: dict[str, float] = {"{n} {unit}": 3, "{n} a.": 3, "{n}a": 1, "{n} {UNIT}": 1, "{n} a": 0.5}


def forms(n: int) -> list[tuple[str, float]]:
    unit = "año" if n == 1 else "años"
    return [(f.format(n=n, unit=unit, UNIT=unit.upper()), w) for f, w in FORMS.items()]


def vary(text: str, rng: np.random.Generator, ctx: SpanContext, replacer: Replacer | None = None) -> str | None:
    m = _AGE.match(text)
    if m is None:
        return None
    return pick(text, forms(int(m.group(1))), rng)
