"""Season names by language (CLDR, and so babel, has none), each with the article it takes.

A season is written with its article outside the date span ("en la primavera de 2019", "l'estiu de 2023"), so a
shifted season must take the same article. Winter comes first: it starts the calendar year.
"""
from __future__ import annotations

SEASONS: dict[str, tuple[tuple[str, str], ...]] = {
    "es": (("invierno", "el"), ("primavera", "la"), ("verano", "el"), ("otoño", "el")),
    "ca": (("hivern", "l'"), ("primavera", "la"), ("estiu", "l'"), ("tardor", "la")),
    "gl": (("inverno", "o"), ("primavera", "a"), ("verán", "o"), ("outono", "o")),
}
