"""The digits and letters of an address drawn anew, each with the original's length and shape: house numbers
and ranges, floors (fitted on real addresses), Catalan ordinals that agree with their new number, door letters
and road codes ("N-II", "A-2"). Only draws: :mod:`.address_parse` reads the roles, :mod:`.addresses` decides
which part gets which draw.
"""
from __future__ import annotations

import re

import numpy as np

from gazetteers.fitted import FittedDetails

from ..shape import random_digits

_FLOORS_1 = frozenset(str(v) for v in range(1, 10))
_FLOORS_2 = frozenset(str(v) for v in range(10, 20))
# a road's code as its name ("Ctra. N-II", "Carretera A-2", "CV-35"): letters, then digits or a Roman numeral
ROAD = re.compile(r"(?P<letters>[A-Z]{1,3})(?P<gap>-|\s)?(?P<number>\d{1,4}|[IVX]{1,4})")
_ROMAN_ROADS = ("I", "II", "III", "IV", "V", "VI")


def new_number(digits: str, rng: np.random.Generator, *, small: bool = False) -> str:
    """A number with as many digits as ``digits``: no new leading zero; floors stay low (1–9, 10–19)."""
    n = len(digits)
    if not digits.isdecimal():
        return "".join(str(int(rng.integers(10))) if c.isdecimal() else c for c in digits)
    if not digits.strip("0"):  # "0", "00": any digits of that length
        return _digits(rng, n)
    if digits.startswith("0"):
        return "0" + new_number(digits[1:], rng)
    if small and n <= 2:
        lo, hi = (1, 9) if n == 1 else (10, 19)
        return str(int(rng.integers(lo, hi + 1)))
    return str(int(rng.integers(1, 10))) + _digits(rng, n - 1)


def _digits(rng: np.random.Generator, n: int) -> str:
    """``n`` uniform digits; none asked draws nothing (numpy's empty draw leaves the stream as it is, slowly)."""
    return random_digits(rng, n)


def new_range(first: str, last: str, rng: np.random.Generator) -> tuple[str, str]:
    """A new increasing range with the same digit counts, and the same gap when it fits."""
    if first.startswith("0") or last.startswith("0") or len(last) > 9:
        return new_number(first, rng), new_number(last, rng)
    lo, hi = 10 ** (len(first) - 1), 10 ** len(first) - 1
    gap = int(last) - int(first)
    if len(first) == len(last) and hi - gap >= lo:
        a = int(rng.integers(lo, hi - gap + 1))
        return str(a), str(a + gap)
    a = new_number(first, rng)
    b_lo, b_hi = max(10 ** (len(last) - 1), int(a) + 1), 10 ** len(last) - 1
    return a, (str(int(rng.integers(b_lo, b_hi + 1))) if b_lo <= b_hi else new_number(last, rng))


def detail_number(digits: str, role: str, ordinal: bool, rng: np.random.Generator, fitted: FittedDetails) -> str:
    """A house number or floor drawn as real addresses have them (fitted leading digits, floors 1–19 mostly
    low), with the original's digit count; other digit runs keep only their length."""
    n = len(digits)
    if digits.startswith("0") or not digits.isdecimal():
        return new_number(digits, rng, small=ordinal)
    if role == "floor" and n <= 2:
        floors = _FLOORS_1 if n == 1 else _FLOORS_2
        return fitted.draw("floor", rng, floors)
    if role == "number" and n <= 4:
        lead = fitted.draw(f"house_lead_{n}", rng)
        return lead + _digits(rng, n - 1)
    return new_number(digits, rng, small=ordinal)


def catalan_ordinal(n: int, mark: str) -> str:
    """The Catalan ordinal ending of ``n`` of the original's gender: 1r 2n 3r 4t 5è (masculine: floors), "a"
    for any feminine (doors: "porta 2a")."""
    if mark == "a":
        return mark
    return {1: "r", 2: "n", 3: "r", 4: "t"}.get(n, "è")


def new_door(tok: str, rng: np.random.Generator, fitted: FittedDetails) -> str:
    """A door letter A–H in the original's case, A–D as often as real doors are, E–H rarely."""
    letter = fitted.draw("door", rng)
    return (letter if tok[:1].isupper() else letter.lower()) + tok[1:]


def new_road(road: re.Match[str], rng: np.random.Generator) -> str:
    """Another road code of the same shape: a single letter kept ("N-II" → "N-IV"), longer ones become the
    national motorways' "AP" (a regional prefix, "CV", "GI", would name a region), the number redrawn with its
    digit count or as another Roman numeral."""
    letters, number = road.group("letters"), road.group("number")
    if len(letters) > 1:
        letters = "AP"
    if number.isdecimal():
        new = new_number(number, rng)
        while new == number:
            new = new_number(number, rng)
    else:
        others = [r for r in _ROMAN_ROADS if r != number]
        new = others[int(rng.integers(len(others)))]
    return letters + (road.group("gap") or "") + new
