"""Phone and fax numbers (kind ``phone``): Spanish numbering plan, layout kept digit for digit.

Only digits change; spaces, dashes, dots, brackets, ``+`` and words stay where they were, so grouping
(``3 3 3``, ``3 2 2 2``, unbroken), separators, country prefixes (``34``, ``0034``, ``+34``, ``(+34)``) and
extensions (``ext. 123``) are kept by construction.

- Spanish numbers (9 national digits, optionally after 34/0034): a mobile stays mobile (6…, 71–74…), a
  service number (900, 902…) keeps its service prefix, a landline stays a landline with a real provincial
  prefix of the same leading digit (9x/9xx or 8x/8xx, see :mod:`.phone_plan`); the subscriber digits
  are random.
- Landline prefixes follow the document's places: when the territory replacer planned the document
  (:func:`..places.plan.territory_plan_of`), the prefix's province P is sent through the same map σ as the
  postal codes and towns, so a "91" phone next to a Madrid address gets a prefix of σ(Madrid). A province
  the places did not mention is added to σ (drawn like the others: injective, never P). The prefix may
  change length (91 ↔ 9xx); the 9 national digits and the grouping are kept, the subscriber part absorbs
  the difference. Without a plan a prefix of the same length is drawn at random, as before.
- Keyed mode: σ(P) comes from the key (as for places), even in documents without places, and the pick
  among σ(P)'s prefixes from (key, original prefix), so a phone maps alike across documents.
- Anything else is foreign or truncated: every digit is random except a ``+CC``/``00CC`` country code and the
  area or mobile prefix written apart after it (``+33 6 …`` stays a French mobile).
- Extension digits are random too.
- A number said digit by digit ("seis ocho cero…") is surrogated in digits and said again in words
  (:mod:`..spoken_digits`).
- A switchboard (a number ending in ``00`` or more zeros) keeps ending in zeros: 00, 000 or 0000 with the shares
  fitted on MEDDOCAN (``gazetteers/facts/fitted_details.csv``), after a non-zero digit.

Subscriber digits are drawn uniformly, so hitting a given real number (a hospital switchboard from the
national catalogue, say) has probability 10^-6–10^-7 per draw; no real number is ever copied.
"""
from __future__ import annotations

import re
from typing import Callable

import numpy as np

from gazetteers.fitted import FittedDetails

from ...rng import keyed_rng
from ...leak_guard import words_of
from . import phone_plan as plan
from .. import spoken_digits
from ..base import CannotReplace, Replacer, SpanContext
from ..identifiers.province import planned_province
from ..places.plan import territory_plan_of
from ..registry import register
from ..shape import digits_like, random_digits, refuse_unchanged, shape_keep

_EXTENSION = re.compile(
    r"(?i)(?:\b(?:ext|extensi[oó]n|extensi[oó]|int|interno|luz|luzapena|barne)\b\.?|\bx)\s*[.:]?\s*"
    r"(\d+(?:\s*(?:[/,]|y|i|eta)\s*\d+)*)\s*\)?\s*$")  # then Basque "luz. 4" (luzapena) and "barne"
_SWITCHBOARD_ZEROS = frozenset({"2", "3", "4"})
_KEPT_NATIONAL = 3  # the longest area/service prefix
_ATTEMPTS = 8  # a draw equal to the original (a short random part) is drawn again
# numbers listed in one span: "/", ";", ",", a spaced dash or "y"/"o"/"ó" between them
_LIST = re.compile(r"(\s*[/;,]\s*|\s+[-–]\s+|\s+[yoó]\s+)")
_LISTED_DIGITS = 6  # each listed part holds a number of its own (not "93 / 456 78 90")
_FOREIGN_CC = re.compile(r"^\W*(?:\+|00)\s*\(?(\d{1,3})\)?(?=[\s.\-)/]|$)")


@register
class PhoneReplacer(Replacer):
    kind = "phone"
    kept_words = words_of("ext extensión extensió int interno luz luzapena barne")

    def keeps(self, word: str) -> bool:
        """A group of at most three digits (country code, area prefix, a block of the line) names no one;
        a longer copied run is never kept."""
        return word in self.kept_words or (word.isdigit() and (
            len(word) <= 3 or (word[:2] == "00" and len(word) <= 5)
            or (word[:2] == "34" and len(word) <= 5))  # "+34900 …": country code glued to a kept service prefix
        ) or word in spoken_digits.WORDS  # a digit said in words ("seis cuatro seis…")
    after = ("territory",)  # the prefix follows the surrogate province

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)

    def replace(self, original: str, ctx: SpanContext) -> str:
        said = spoken_digits.through_digits(original, lambda digits: self.replace(digits, ctx))
        if said is not None:  # dictated digit by digit: a mobile stays mobile, said in the same words
            return said
        return self.generate(original, ctx.rng, lambda prefix: self.coherent_prefix(prefix, ctx))

    def generate(self, original: str, rng: np.random.Generator,
                 landline_prefix: Callable[[str], str | None] | None = None) -> str:
        """A surrogate of ``original``. ``landline_prefix(old_prefix)`` may impose a landline's new prefix
        (same leading digit); when absent or None, one of the same length is drawn at random."""
        if len(listed_numbers(original)) > 1:  # "612 34 56 78 / 91 234 56 78": each on its own, separators kept
            parts = _LIST.split(original)
            return "".join(p if i % 2 else self.generate(p, rng, landline_prefix) for i, p in enumerate(parts))
        main, ext = split_extension(original)
        digits = "".join(c for c in main if c.isdigit())
        if not digits:
            raise CannotReplace("phone span without digits")
        cc, national = _national(main, digits)
        for _ in range(_ATTEMPTS):
            if national is not None:
                new_digits = digits[:cc] + _spanish(national, rng, landline_prefix)
                fixed = cc + _KEPT_NATIONAL  # the zeros never reach the area or service prefix
            else:  # foreign: a "+CC"/"00CC" country code stays, and the area or mobile prefix after it
                m = _FOREIGN_CC.match(main)
                keep = len(m.group(1)) + (2 if main.lstrip().startswith("00") else 0) if m else 0
                keep += _foreign_prefix(main[m.end():], len(digits) - keep) if m else 0
                new_digits = digits[:keep] + digits_like(rng, digits[keep:])
                fixed = keep
            new_digits = _switchboard(digits, new_digits, fixed, rng, self.fitted)
            if new_digits != digits:
                break
        new_ext = _fill(ext, random_digits(rng, sum(c.isdigit() for c in ext), first_nonzero=True))
        new = _fill(main, new_digits) + new_ext
        if new == original:  # "0": the leading-zero rule cannot change it
            new = refuse_unchanged(original, shape_keep(rng, original))
        return new

    @staticmethod
    def national_number(original: str) -> str | None:
        """The 9-digit Spanish national number of a phone span (country prefix and extension left out), or
        None for a foreign or truncated number."""
        main = split_extension(original)[0]
        return _national(main, "".join(c for c in main if c.isdigit()))[1]

    @staticmethod
    def describe(original: str) -> str:
        """``mobile``/``landline``/``service`` for Spanish numbers, ``foreign`` otherwise (docs and tests)."""
        national = PhoneReplacer.national_number(original)
        return plan.number_class(national) if national is not None else "foreign"

    # -- coherence with the document's places ------------------------------------------------------------
    def coherent_prefix(self, prefix: str, ctx: SpanContext) -> str | None:
        """The prefix of σ(province of ``prefix``) in the same 8/9 range, or None (no plan, no key: the
        caller draws freely). Per document, one original prefix always gets the same new prefix."""
        key = self.config.key
        candidates = plan.provinces_of_prefix(prefix)
        if not candidates:
            return None
        memo = ctx.state.memo_for(self.kind).setdefault("prefix", {})
        if prefix in memo:
            return memo[prefix]
        doc_plan = territory_plan_of(ctx.state)
        sigma = doc_plan.sigma if doc_plan is not None else {}
        code = next((c for c in candidates if c in sigma), candidates[0])  # 956: Ceuta when planned
        target = planned_province(self.gazetteers, key, ctx, code)
        if target is None:  # no plan nor key, or every province taken: draw freely
            return None
        choices = plan.prefixes_of_province(target, prefix[0])
        if not choices:
            return None
        pick_rng = keyed_rng(key, "phone:prefix", prefix) if key else ctx.rng
        memo[prefix] = choices[int(pick_rng.integers(0, len(choices)))]
        return memo[prefix]


#: the first group after a foreign country code: its operator or area prefix ("+33 6 …", "+380 67 …", "+221 77 …")
_FOREIGN_PREFIX = re.compile(r"^[\s.\-/]*\(?(\d{1,3})\)?(?=[\s.\-/])")
_FOREIGN_SUBSCRIBER = 6  # digits left to draw after the prefix, at least


def _foreign_prefix(rest: str, national_digits: int) -> int:
    """How many digits of a foreign national number stay: its first group when it is a prefix of at most three
    digits, written apart, with six digits or more after it ("+33 6 71 20 44 98" stays a French mobile: it came
    out a landline, "+380 67 …" an operator no one has). The prefix names a network or an area, no one."""
    m = _FOREIGN_PREFIX.match(rest)
    if m and national_digits - len(m.group(1)) >= _FOREIGN_SUBSCRIBER:
        return len(m.group(1))
    return 0


def _switchboard(old: str, new: str, fixed: int, rng: np.random.Generator, fitted: FittedDetails) -> str:
    """A number ending in two zeros or more is a switchboard (``967 597 100``: 30 of 86 Spanish landlines
    in MEDDOCAN, against 1 in 100 by chance): the surrogate ends in zeros too, as many as the fitted share
    of 00/000/0000 endings says, after a non-zero digit. ``fixed`` leading digits are never touched."""
    if len(old) - len(old.rstrip("0")) < 2:
        return new
    zeros = min(int(fitted.draw("phone_zeros", rng, _SWITCHBOARD_ZEROS)), len(new) - fixed - 1)
    if zeros < 2:
        return new
    return new[: -zeros - 1] + random_digits(rng, 1, first_nonzero=True) + "0" * zeros


def listed_numbers(original: str) -> list[str]:
    """The numbers a span lists ("612 34 56 78 / 91 234 56 78"), or the span alone."""
    parts = _LIST.split(original)
    if len(parts) > 1 and all(sum(c.isdigit() for c in p) >= _LISTED_DIGITS for p in parts[::2]):
        return parts[::2]
    return [original]


def split_extension(original: str) -> tuple[str, str]:
    """(the number, its extension part: "ext. 2345 / 2346", "" when none)."""
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


def _spanish(national: str, rng: np.random.Generator,
             landline_prefix: Callable[[str], str | None] | None = None) -> str:
    kind = plan.number_class(national)
    if kind == "mobile":
        if national[0] == "6":
            return "6" + random_digits(rng, 8)
        second = plan.MOBILE_7_SECOND_DIGITS[int(rng.integers(0, len(plan.MOBILE_7_SECOND_DIGITS)))]
        return "7" + second + random_digits(rng, 7)
    if kind == "landline":
        prefix = plan.geographic_prefix(national)
        assert prefix is not None
        new_prefix = landline_prefix(prefix) if landline_prefix is not None else None
        if new_prefix is None:
            pool = plan.PREFIX_POOLS[(prefix[0], len(prefix))]
            new_prefix = pool[int(rng.integers(0, len(pool)))]
        # a 2-digit prefix for a 3-digit one (or back): the subscriber part takes up the difference
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
