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


#: plural articles: "los jueves" moved two days is "los sábados"
_PLURAL_ARTICLES = frozenset({"los", "els", "os"})


def weekday_of(word: str, months: MonthNames) -> tuple[int, str] | None:
    """(weekday, language) of a day name, singular or plural ("sábados", "diumenges": every week)."""
    found = months.weekday(word)
    if found is None and len(word) > 4 and word[-1] in "sS":
        found = months.weekday(word[:-1])
    return found


def plural_before(before: str) -> bool:
    """Whether the text before a mention ends with a plural article ("acude los | jueves")."""
    words = _WORD.findall(before[-8:])
    return bool(words) and before.endswith((" ", "\u00a0")) and fold(words[-1]) in _PLURAL_ARTICLES


def moved_weekday(original: str, days: int, months: MonthNames, plural: bool = False) -> str | None:
    """``original`` (one weekday word, maybe with words around it that stay) with the weekday moved by ``days``;
    None when it names no weekday. A plural ("los jueves", "sábados"; ``plural``: the article is before the
    span) stays plural; it was masked."""
    words = list(_WORD.finditer(original))
    for k, m in enumerate(words):
        plural = plural or any(fold(w.group()) in _PLURAL_ARTICLES for w in words[:k])
        new = _moved(m.group(), days, months, plural)
        if new is not None:
            return original[: m.start()] + apply_case(m.group(), new) + original[m.end():]
    return None


def _moved(word: str, days: int, months: MonthNames, plural: bool = False) -> str | None:
    step = days % 7 or 1  # a whole number of weeks would give the same day back
    found = months.weekday(word)
    if found is None and (found := weekday_of(word, months)) is not None:
        plural = True  # "sábados"
    if found is not None:
        weekday, lang = found
        name = months.day_name((weekday + step) % 7, lang)
        return name + "s" if plural and not name.endswith("s") else name
    return _basque(word, step, months)


def weekdays_said(texts, parsed, months: MonthNames) -> tuple[frozenset[str], tuple[str, ...]]:
    """The folded weekday words that date mentions say alone ("el jueves", "dimecres", "jue": one weekday, no
    number), and the mentions with a weekday that no date parse reads (in ``parsed``): a shift that writes a weekday
    said alone, in a moved date or a moved weekday, writes another mention's original ("jueves", "viernes 16" and
    "lunes" moved four days read "lunes", "martes 20", "viernes")."""
    alone, mentions = set(), []
    for text in texts:
        named = [fold(w) for w in _WORD.findall(text)
                 if weekday_of(w, months) is not None or _basque(w, 1, months) is not None]  # "ostegunean" too
        if not named:
            continue
        if text not in parsed:
            mentions.append(text)
        if len(named) == 1 and not any("0" <= c <= "9" for c in text):
            alone.add(named[0])
    return frozenset(alone), tuple(sorted(mentions))


def says_weekday_alone(alone: frozenset[str], new: str | None) -> bool:
    """Whether ``new`` writes one of the weekday words said alone."""
    return bool(new and alone) and any(w in alone for w in _WORD.findall(fold(new)))


def free_weekday(original: str, days: int, months: MonthNames, alone: frozenset[str],
                 plural: bool = False) -> str | None:
    """A weekday said alone, moved by the shift; when that writes another weekday said alone (three of them leave
    no shift clear: "dimecres", "dijous", "dilluns"), the next weekday that does not: coherence is given up for
    that mention rather than another mention's original written."""
    first = moved_weekday(original, days, months, plural)
    if first is None or not says_weekday_alone(alone, first):
        return first
    for extra in range(1, 7):
        new = moved_weekday(original, days + extra, months, plural)
        if not says_weekday_alone(alone, new):
            return new
    return first


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
            if found is None or found[1] != "eu":  # a wide day name, not a stem or a cut ("asteart" + "ean")
                continue
            name = months.day_name((found[0] + step) % 7, found[1])  # "osteguna": the stem drops the article
            new_stem = name.removesuffix("a")
            if ending == "a":
                return name
            return new_stem + (vowel if new_stem[-1] in "aeiou" else consonant)
    return None
