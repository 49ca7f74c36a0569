"""Month, weekday and country names of the languages notes are written in: babel's (CLDR), shipped.

Importing babel and loading a locale and its co-official languages costs about 45 ms, a tenth of a fresh
process's start (issue 12, a fast start). The names the engine asks for are therefore shipped in
``calendar_names.json``, built from babel by

    python -m gazetteers.locales.calendar

and a test checks the file against the installed babel. A locale the file lacks is asked of babel itself.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path

SHIPPED = Path(__file__).with_name("calendar_names.json")
#: the default locale, its co-official languages (``languages.CO_OFFICIAL``) and those its notes quote dates in
#: (``languages.QUOTED``)
LANGUAGES = ("es", "ca", "gl", "eu", "oc_ES", "en", "fr", "pt", "ro")
WIDTHS = ("wide", "abbreviated")
CONTEXTS = ("format", "stand-alone")


@functools.cache
def _shipped() -> dict:
    return json.loads(SHIPPED.read_text(encoding="utf-8")) if SHIPPED.exists() else {}


def month_names(width: str, context: str, locale: str) -> dict[int, str]:
    """Month names (January = 1) as babel's ``get_month_names(width, context, locale)`` gives them."""
    entry = _shipped().get(locale)
    if entry is not None:
        return dict(enumerate(entry["months"][context][width], start=1))
    from babel.dates import get_month_names

    return {m: str(n) for m, n in get_month_names(width, context, locale=locale).items()}


def day_names(width: str, context: str, locale: str) -> dict[int, str]:
    """Weekday names (Monday = 0) as babel's ``get_day_names(width, context, locale)`` gives them."""
    entry = _shipped().get(locale)
    if entry is not None:
        return dict(enumerate(entry["days"][context][width]))
    from babel.dates import get_day_names

    return {d: str(n) for d, n in get_day_names(width, context, locale=locale).items()}


def own_country(locale: str) -> str | None:
    """The name of the locale's own country in its language ("España" for ``es``), None when babel knows
    neither the locale nor its likely country. Raises ``LookupError`` for a locale babel cannot parse."""
    entry = _shipped().get(locale)
    if entry is not None:
        return entry["country"]
    return _babel_country(locale)


def _babel_country(locale: str) -> str | None:
    from babel import Locale, UnknownLocaleError
    from babel.core import get_global

    try:
        loc = Locale.parse(locale)
    except (ValueError, UnknownLocaleError) as exc:
        raise LookupError(f"unknown locale {locale!r}") from exc
    territory = loc.territory or get_global("likely_subtags").get(loc.language, "").rpartition("_")[2]
    return loc.territories.get(territory) if territory else None


def from_babel(languages: tuple[str, ...] = LANGUAGES) -> dict:
    """What ``calendar_names.json`` holds, read from the installed babel."""
    from babel.dates import get_day_names, get_month_names

    def listed(names) -> list[str]:
        return [str(names[k]) for k in sorted(names)]

    return {
        lang: {
            "months": {c: {w: listed(get_month_names(w, c, locale=lang)) for w in WIDTHS} for c in CONTEXTS},
            "days": {c: {w: listed(get_day_names(w, c, locale=lang)) for w in WIDTHS} for c in CONTEXTS},
            "country": _babel_country(lang),
        }
        for lang in languages
    }


def write(path: Path = SHIPPED) -> Path:
    path.write_text(json.dumps(from_babel(), ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":
    print(write())
