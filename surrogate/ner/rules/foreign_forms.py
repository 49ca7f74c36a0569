"""Dates and plates as a Romanian (or another migrant's) note writes them, beside the Spanish ones (round 27).

* **Romanian months** alone or in a date (``FUR octombrie``, ``6 martie 2025``, ``decembrie 2024``): words no Spanish
  text uses (``mai``, "more", and ``august``, also a name, only after a day's number);
* **Romanian weekdays before a day's number** (``miercuri 12``, ``joi, 6 martie``);
* **Romanian plates** (``VS-14-MPA``: the county's letters, two or three digits, three letters).
"""
from __future__ import annotations

import re

from .common import PATTERN, Candidate

_DATE, _VEHICLE = "FECHAS", "IDENTIF_VEHICULOS_NRSERIE_PLACAS"
_MONTH = r"ianuarie|februarie|martie|aprilie|iunie|iulie|septembrie|octombrie|noiembrie|decembrie"
_DAY_MONTH = rf"{_MONTH}|mai|august"
_WEEKDAY = r"luni|mar[țţt]i|miercuri|joi|vineri|s[âa]mb[ăa]t[ăa]|duminic[ăa]"
_YEAR = r"(?:[ \t]+(?:19|20)\d\d)?"
_DATES = (
    re.compile(rf"(?i)(?<![\w])(?:(?:{_WEEKDAY})[ \t]*,?[ \t]+)?\d{{1,2}}[ \t]+(?:{_DAY_MONTH}){_YEAR}(?![\w])"),
    re.compile(rf"(?i)(?<![\w])(?:{_MONTH}){_YEAR}(?![\w])"),
    re.compile(rf"(?i)(?<![\w])(?:{_WEEKDAY})[ \t]*,?[ \t]+\d{{1,2}}(?!\d)(?![\w:.,/]\d|[ \t]*(?:h\b|ani|de[ \t]+ani|%))"),
)
_PLATE = re.compile(r"(?<![\w-])(?:B|[A-Z]{2})-\d{2,3}-[A-Z]{3}(?![\w-])")


def foreign_form_candidates(text: str) -> list[Candidate]:
    """Romanian dates and plates in ``text``."""
    out = [Candidate(m.start(), m.end(), _DATE, PATTERN) for rx in _DATES for m in rx.finditer(text)]
    return out + [Candidate(m.start(), m.end(), _VEHICLE, PATTERN) for m in _PLATE.finditer(text)]
