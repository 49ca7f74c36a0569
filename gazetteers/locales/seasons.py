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
#: Basque season stems, which take a case ending instead of an article ("2023ko udatik", since the summer of 2023;
#: "neguan", in winter); no article outside the span to agree with
BASQUE_STEMS: tuple[str, ...] = ("negu", "udaberri", "uda", "udazken")
#: Basque case endings after a vowel and after a consonant ("udatik", "udazkenetik"); "a" is the article
BASQUE_ENDINGS: tuple[tuple[str, str], ...] = (("a", "a"), ("an", "ean"), ("tik", "etik"), ("ra", "era"),
                                              ("ko", "eko"), ("rako", "erako"), ("raino", "eraino"))
