"""Identifiers with or without separators, in either case of their letters.

``08 26908567 15`` ↔ ``082690856715`` ↔ ``08-26908567-15``; ``12345678A`` ↔ ``12345678-A`` ↔
``12345678a`` ↔ ``12.345.678-A`` ↔ ``12 345 678 A``; a bare number of six to eight digits may take thousands
dots or spaces (``7.036.902``, as DNIs and record numbers are often written). A label prefix (``NHC-``, ``D.N.I.``) and a fixed suffix (``bis``, ``/2``)
are kept as they are, found with the identifier replacer's own layout rules; only the core is rewritten.

A patient's or an insurance identifier may also come out in another system of its label (:data:`SCHEMES`): a
patient by DNI or NIE (valid check letter), an insurance number as a regional health-card code (``BOFR0710318009``,
``ABCD123456789012``, ``AN0123456789``). MEDDOCAN writes only record numbers and NASS numbers, all digits, so a
model trained on its copies had never seen an identifier with letters, and found none in notes that write a DNI.
"""
from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from ..replacers.base import Replacer, SpanContext
from ..replacers.identifiers.layout import (
    PREFIX_WORDS,
    fixed_suffix,
    is_data_char,
    prefix_boundaries,
)
from ..replacers.identifiers.schemes import gen_cip, gen_dni, gen_nie, gen_nuhsa
from ..replacers.shape import random_digits, random_letters
from .common import pick

_SEPARATORS = (" ", "-", "/", ".")
_LETTERS_DIGITS = re.compile(r"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])")
_WORD = re.compile(r"[^\W\d_]+")


def _prefix_end(text: str) -> int:
    """End of a label prefix: the longest candidate whose words are all label words (``NHC``, ``Nº``)."""
    best = 0
    for b in prefix_boundaries(text):
        if b and all(w.upper() in PREFIX_WORDS for w in _WORD.findall(text[:b].replace(".", ""))):
            best = b
    return best


def _groups(core: str) -> list[str] | None:
    """The runs of data characters of the core, or None when the core holds other letters (``º``)."""
    groups, current = [], []
    for c in core:
        if is_data_char(c):
            current.append(c)
        elif c.isalnum():
            return None
        else:
            if current:
                groups.append("".join(current))
            current = []
    if current:
        groups.append("".join(current))
    return groups


def _thousands(digits: str, mark: str) -> str:
    """A run of six to eight digits (no leading zero) in groups of three from the right; else unchanged."""
    if not (digits.isdigit() and 6 <= len(digits) <= 8 and digits[0] != "0"):
        return digits
    return f"{int(digits):,}".replace(",", mark)


def core_forms(core: str) -> list[str]:
    """Other layouts of an identifier's core (its prefix and suffix cut off)."""
    groups = _groups(core)
    if not groups:
        return []
    joined = "".join(groups)
    out: list[str] = []
    if len(groups) > 1:
        out.append(joined)
        out += [sep.join(groups) for sep in _SEPARATORS]
    else:
        pieces = _LETTERS_DIGITS.split(joined)
        if len(pieces) > 1:
            out += [sep.join(pieces) for sep in (" ", "-")]
            out += [sep.join(_thousands(p, mark) for p in pieces) for sep, mark in (("-", "."), (" ", " "))]
        elif _thousands(joined, ".") != joined:
            out += [_thousands(joined, "."), _thousands(joined, " ")]
    if any(c.isalpha() for c in joined):
        flip = str.lower if core.upper() == core else str.upper
        out += [flip(form) for form in [core, *out]]
    return out


def _nie(rng: np.random.Generator) -> str:
    return gen_nie(rng, "XYZ"[int(rng.integers(3))] + "1234567A")


def _health_card(rng: np.random.Generator) -> str:
    """Letters of the holder's surnames and name, then digits (birth date, sex, sequence): TIS/CIP codes."""
    return random_letters(rng, "AAAA") + random_digits(rng, 10)


#: per label, the other identifier systems its values are written in, by weight, and the share of varied mentions
#: that change system (the rest change layout only, as every other label's do)
SCHEMES: dict[str, tuple[tuple[Callable[[np.random.Generator], str], float], ...]] = {
    "ID_SUJETO_ASISTENCIA": ((lambda rng: gen_dni(rng, "12345678A"), 3.0), (_nie, 1.0)),
    "ID_ASEGURAMIENTO": ((_health_card, 2.0), (lambda rng: gen_cip(rng, "ABCD123456789012"), 1.0),
                         (lambda rng: gen_nuhsa(rng, "AN1234567890"), 1.0)),
}
SCHEME_SHARE = 0.4


def _other_system(label: str, rng: np.random.Generator) -> str | None:
    systems = SCHEMES.get(label)
    if not systems or rng.random() >= SCHEME_SHARE:
        return None
    weights = np.array([w for _, w in systems])
    gen = systems[int(rng.choice(len(systems), p=weights / weights.sum()))][0]
    value = gen(rng)
    layouts = core_forms(value)
    return layouts[int(rng.integers(len(layouts)))] if layouts and rng.random() < 0.5 else value


def vary(text: str, rng: np.random.Generator, ctx: SpanContext, replacer: Replacer | None = None) -> str | None:
    start = _prefix_end(text)
    end = len(text) - fixed_suffix(text)
    if end <= start:
        return None
    core = text[start:end]
    new = _other_system(ctx.label, rng) or pick(core, core_forms(core), rng)
    return None if new is None else text[:start] + new + text[end:]
