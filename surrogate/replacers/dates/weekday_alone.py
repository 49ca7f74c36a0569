"""A day named by its weekday alone ("vino el lunes", Basque "ostiraletik", since Friday): no date to shift, so the
weekday moves by the document's shift (a Monday moved three days is a Thursday), in its language and case. It was
masked ("XXXXX")."""
from __future__ import annotations

import re

from gazetteers.locales.seasons import BASQUE_ENDINGS
from gazetteers.text import fold

from ...textcase import apply_case
from .month_names import MonthNames

_WORD = re.compile(r"[^\W\d_]+")


def moved_weekday(original: str, days: int, months: MonthNames) -> str | None:
    """``original`` (one weekday word, maybe with words around it that stay) with the weekday moved by ``days``;
    None when it names no weekday."""
    words = list(_WORD.finditer(original))
    for m in words:
        new = _moved(m.group(), days, months)
        if new is not None:
            return original[: m.start()] + apply_case(m.group(), new) + original[m.end():]
    return None


def _moved(word: str, days: int, months: MonthNames) -> str | None:
    step = days % 7 or 1  # a whole number of weeks would give the same day back
    found = months.weekday(word)
    if found is not None:
        weekday, lang = found
        return months.day_name((weekday + step) % 7, lang)
    return _basque(word, step, months)


def _basque(word: str, step: int, months: MonthNames) -> str | None:
    """"ostiraletik" (since Friday) → "astelehenetik"; the ending takes the new stem's form (the case endings are
    the seasons' table, ``gazetteers.locales.seasons.BASQUE_ENDINGS``)."""
    key = fold(word)
    for vowel, consonant in sorted(BASQUE_ENDINGS, key=lambda e: -len(e[1])):
        for ending in (consonant, vowel):
            if not key.endswith(ending) or len(key) <= len(ending):
                continue
            stem = key[: -len(ending)]
            found = months.weekday(stem + "a") or months.weekday(stem)
            if found is None or not found[1].startswith("eu"):
                continue
            name = months.day_name((found[0] + step) % 7, found[1])  # "osteguna": the stem drops the article
            new_stem = name.removesuffix("a")
            if ending == "a":
                return name
            return new_stem + (vowel if new_stem[-1] in "aeiou" else consonant)
    return None
