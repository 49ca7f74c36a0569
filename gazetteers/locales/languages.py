"""The languages a locale's notes are written in besides its own.

Spanish clinical notes carry Catalan, Galician and Basque forms: a discharge letter from Girona dates itself
"dijous 4 de maig", a referral from Vigo "12 de xaneiro". Month and day names of these languages are read, and
rendered back in the language they were written in (babel holds the names of each).
"""
from __future__ import annotations

CO_OFFICIAL: dict[str, tuple[str, ...]] = {"es": ("ca", "gl", "eu")}


def co_official(locale: str) -> tuple[str, ...]:
    """The other languages of ``locale``'s notes (``es`` or ``es_ES`` → Catalan, Galician, Basque)."""
    return CO_OFFICIAL.get(locale.split("_")[0].split("-")[0], ())
