"""Phone and fax numbers (kind ``phone``): Spanish numbering plan, layout kept digit for digit.

Only digits change; spaces, dashes, dots, brackets, ``+`` and words stay where they were, so grouping
(``3 3 3``, ``3 2 2 2``, unbroken), separators, country prefixes (``34``, ``0034``, ``+34``, ``(+34)``) and
extensions (``ext. 123``) are kept by construction.

- Spanish numbers (9 national digits, optionally after 34/0034): a mobile stays mobile (6…, 71–74…), a
  landline stays a landline with a real provincial prefix of the same length and leading digit (9x/9xx
  or 8x/8xx, see :mod:`contact_phone_plan`), a service number (900, 902…) keeps its service prefix; the
  subscriber digits are random.
- Anything else is foreign or truncated: every digit is random except a ``+CC``/``00CC`` country code.
- Extension digits are random too.

Subscriber digits are drawn uniformly, so hitting a given real number (a hospital switchboard from the
national catalogue, say) has probability 10^-6–10^-7 per draw; no real number is ever copied.
"""
from __future__ import annotations

import re

import numpy as np

from . import contact_phone_plan as plan
from .base import CannotReplace, Replacer, SpanContext
from .registry import register
from .shape import digits_like, random_digits, refuse_unchanged, shape_keep

_EXTENSION = re.compile(r"(?i)(?:\b(?:ext|extensi[oó]n|int|interno)\b\.?|\bx)\s*[.:]?\s*(\d+)\s*\)?\s*$")
_FOREIGN_CC = re.compile(r"^\W*(?:\+|00)\s*\(?(\d{1,3})\)?(?=[\s.\-)/]|$)")


@register
class PhoneReplacer(Replacer):
    kind = "phone"
    priority = 50

    def replace(self, original: str, ctx: SpanContext) -> str:
        return self.generate(original, ctx.rng)

    def generate(self, original: str, rng: np.random.Generator) -> str:
        main, ext = _split_extension(original)
        digits = "".join(c for c in main if c.isdigit())
        if not digits:
            raise CannotReplace("phone span without digits")
        cc, national = _national(main, digits)
        if national is not None:
            new_digits = digits[:cc] + _spanish(national, rng)
        else:  # foreign: a "+CC"/"00CC" country code stays, the rest is random
            m = _FOREIGN_CC.match(main)
            keep = len(m.group(1)) + (2 if main.lstrip().startswith("00") else 0) if m else 0
            new_digits = digits[:keep] + digits_like(rng, digits[keep:])
        new_ext = _fill(ext, random_digits(rng, sum(c.isdigit() for c in ext), first_nonzero=True))
        new = _fill(main, new_digits) + new_ext
        if new == original:  # "0": the leading-zero rule cannot change it
            new = refuse_unchanged(original, shape_keep(rng, original))
        return new

    @staticmethod
    def describe(original: str) -> str:
        """``mobile``/``landline``/``service`` for Spanish numbers, ``foreign`` otherwise (docs and tests)."""
        main = _split_extension(original)[0]
        national = _national(main, "".join(c for c in main if c.isdigit()))[1]
        return plan.number_class(national) if national is not None else "foreign"


def _split_extension(original: str) -> tuple[str, str]:
    m = _EXTENSION.search(original)
    if m and any(c.isdigit() for c in original[: m.start()]):
        return original[: m.start()], original[m.start() :]
    return original, ""


def _national(main: str, digits: str) -> tuple[int, str | None]:
    """(length of the Spanish country prefix, 9-digit national number), or (0, None) for a foreign number."""
    cc = _spanish_cc_len(main, digits)
    if cc is not None:
        national = digits[cc:]
        if len(national) == 9 and national[0] in "6789":
            return cc, national
    return 0, None


def _spanish_cc_len(text: str, digits: str) -> int | None:
    """Length of a Spanish country prefix in ``digits`` (0 when none), None when the number is foreign."""
    if digits.startswith("0034") and len(digits) == 13:
        return 4
    if digits.startswith("34") and len(digits) == 11:
        return 2
    if _FOREIGN_CC.match(text):
        return None  # "+52 …": a foreign country code
    return 0


def _spanish(national: str, rng: np.random.Generator) -> str:
    kind = plan.number_class(national)
    if kind == "mobile":
        if national[0] == "6":
            return "6" + random_digits(rng, 8)
        second = plan.MOBILE_7_SECOND_DIGITS[int(rng.integers(0, len(plan.MOBILE_7_SECOND_DIGITS)))]
        return "7" + second + random_digits(rng, 7)
    if kind == "landline":
        prefix = plan.geographic_prefix(national)
        assert prefix is not None
        pool = plan.PREFIX_POOLS[(prefix[0], len(prefix))]
        new_prefix = pool[int(rng.integers(0, len(pool)))]
        return new_prefix + random_digits(rng, 9 - len(new_prefix), first_nonzero=True)
    return national[:3] + random_digits(rng, 6)  # 900, 902…: the service prefix says nothing about anyone


def _fill(template: str, digits: str) -> str:
    out, i = [], 0
    for c in template:
        if c.isdigit():
            out.append(digits[i])
            i += 1
        else:
            out.append(c)
    return "".join(out)
