"""Country names of the locale's co-official languages ("Marroc", "Suíza", "Maroko"), babel's (CLDR).

A Catalan note's "nascuda al Marroc" was no country the Spanish tables know, and came out "España": a Spanish
name, and the locale's own country, which identifies no one but no longer says what the note said. Read here,
the mention is a country again: it gets the document's surrogate country, written in the mention's language.
The locale's own country in another of its languages ("Espanya") is written in the locale's ("España"): it
stays Spain, and only the locale's own name of it may stay as written. Babel is asked only when a note writes a
country the tables do not know (about 50 ms, once per process).
"""
from __future__ import annotations

import re
from functools import cache

from gazetteers.locales.languages import co_official, note_language
from gazetteers.text import fold

from ..base import DocumentState

_WORD = re.compile(r"[^\W\d_]+")


@cache
def _names(locale: str) -> dict[str, dict[str, str]]:
    """Language → iso2 → the country's name in it, for the co-official languages of ``locale``."""
    from babel import Locale

    return {lang: {iso: name for iso, name in Locale.parse(lang).territories.items() if len(iso) == 2 and iso.isalpha()}
            for lang in co_official(locale)}


@cache
def _lookup(locale: str) -> dict[str, tuple[str, str]]:
    """Folded name → (iso2, language); the first language listed wins a name two share."""
    out: dict[str, tuple[str, str]] = {}
    for lang, names in _names(locale).items():
        for iso, name in names.items():
            out.setdefault(fold(name), (iso, lang))
    return out


def co_official_country(text: str, locale: str, language: str | None = None) -> tuple[str, str] | None:
    """(iso2, language) of a country named in one of ``locale``'s co-official languages (``language`` only, when
    given), else None."""
    found = _lookup(locale).get(fold(text)) if co_official(locale) else None
    if found is None or language is None or found[1] == language:
        return found
    iso = next((i for i, name in _names(locale).get(language, {}).items() if fold(name) == fold(text)), None)
    return (iso, language) if iso is not None else None


def document_language(state: DocumentState, locale: str) -> str:
    """The language the document is written in (``note_language``), read once per document content."""
    return state.analysis("places:language", lambda st: note_language(_WORD.findall(fold(st.document.text)), locale))


def co_official_name(iso: str, language: str, locale: str) -> str | None:
    """The name of country ``iso`` in ``language`` (a co-official language of ``locale``), if babel has one."""
    return _names(locale).get(language, {}).get(iso)
