"""Season names of a locale and of the languages its notes are written in (the table is
:mod:`gazetteers.locales.seasons`). The article stays outside the span ("en la primavera de 2019", "l'estiu de
2023"), so a season shifts only to one that takes the same article: never "la invierno" nor "l'tardor"."""
from __future__ import annotations

from gazetteers.locales.languages import co_official
from gazetteers.locales.seasons import BASQUE_ENDINGS, BASQUE_STEMS
from gazetteers.locales.seasons import SEASONS as _SEASONS
from gazetteers.text import fold


def _basque_form(stem: str, ending: int) -> str:
    """A Basque season with case ending ``ending`` (an index of ``BASQUE_ENDINGS``): "uda" + "a" is "uda"."""
    vowel, consonant = BASQUE_ENDINGS[ending]
    if stem[-1] not in "aeiou":
        return stem + consonant
    if stem.endswith("a") and vowel in ("a", "an"):  # the stem's own "a" takes the article's: "uda", "udan"
        return stem if vowel == "a" else stem + "n"
    return stem + vowel


#: folded Basque form → (quarter, ending index)
_BASQUE_FORMS = {fold(_basque_form(stem, e)): (q, e) for q, stem in enumerate(BASQUE_STEMS)
                 for e in range(len(BASQUE_ENDINGS))}


def season_words() -> frozenset[str]:
    """Every season name known, folded: words that name no one."""
    return frozenset(fold(name) for names in _SEASONS.values() for name, _ in names) | frozenset(_BASQUE_FORMS)


class SeasonNames:
    """The seasons of a locale and its co-official languages; the locale's own win where spellings coincide
    ("primavera")."""

    def __init__(self, locale: str) -> None:
        self._lookup: dict[str, tuple[str, int]] = {}
        languages = (locale.split("_")[0], *co_official(locale))
        for lang in languages:
            for quarter, (name, _) in enumerate(_SEASONS.get(lang, ())):
                self._lookup.setdefault(fold(name), (lang, quarter))
        if "eu" in languages:
            for key, (quarter, _) in _BASQUE_FORMS.items():
                self._lookup.setdefault(key, ("eu", quarter))

    def __bool__(self) -> bool:
        return bool(self._lookup)

    def lookup(self, word: str) -> tuple[str, int] | None:
        """(language, quarter) of a season's name, or None."""
        return self._lookup.get(fold(word))

    @staticmethod
    def name(lang: str, quarter: int, written: str = "") -> str:
        """The season of ``quarter`` in ``lang``; in Basque with the case ending of ``written`` ("udatik" →
        "negutik", "udazkenetik")."""
        if lang == "eu":
            return _basque_form(BASQUE_STEMS[quarter], _BASQUE_FORMS[fold(written)][1] if written else 0)
        return _SEASONS[lang][quarter][0]

    @staticmethod
    def agreeing(lang: str, quarter: int) -> frozenset[int]:
        """The quarters whose season takes the same article as ``quarter``'s (itself included); any in Basque."""
        if lang == "eu":
            return frozenset(range(4))
        article = _SEASONS[lang][quarter][1]
        return frozenset(q for q, (_, a) in enumerate(_SEASONS[lang]) if a == article)
