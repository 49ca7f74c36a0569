"""Season names of a locale and of the languages its notes are written in (the table is
:mod:`gazetteers.locales.seasons`). The article stays outside the span ("en la primavera de 2019", "l'estiu de
2023"), so a season shifts only to one that takes the same article: never "la invierno" nor "l'tardor"."""
from __future__ import annotations

from gazetteers.locales.languages import co_official
from gazetteers.locales.seasons import SEASONS as _SEASONS
from gazetteers.text import fold


def season_words() -> frozenset[str]:
    """Every season name known, folded: words that name no one."""
    return frozenset(fold(name) for names in _SEASONS.values() for name, _ in names)


class SeasonNames:
    """The seasons of a locale and its co-official languages; the locale's own win where spellings coincide
    ("primavera")."""

    def __init__(self, locale: str) -> None:
        self._lookup: dict[str, tuple[str, int]] = {}
        for lang in (locale.split("_")[0], *co_official(locale)):
            for quarter, (name, _) in enumerate(_SEASONS.get(lang, ())):
                self._lookup.setdefault(fold(name), (lang, quarter))

    def __bool__(self) -> bool:
        return bool(self._lookup)

    def lookup(self, word: str) -> tuple[str, int] | None:
        """(language, quarter) of a season's name, or None."""
        return self._lookup.get(fold(word))

    @staticmethod
    def name(lang: str, quarter: int) -> str:
        return _SEASONS[lang][quarter][0]

    @staticmethod
    def agreeing(lang: str, quarter: int) -> frozenset[int]:
        """The quarters whose season takes the same article as ``quarter``'s (itself included)."""
        article = _SEASONS[lang][quarter][1]
        return frozenset(q for q, (_, a) in enumerate(_SEASONS[lang]) if a == article)
