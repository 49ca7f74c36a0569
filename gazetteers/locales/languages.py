"""The languages a locale's notes are written in besides its own.

Spanish clinical notes carry Catalan, Galician, Basque and Aranese forms: a discharge letter from Girona dates itself
"dijous 4 de maig", a referral from Vigo "12 de xaneiro", a consultation in Vielha "dimars, 4 de març". Month and day names of these languages are read, and
rendered back in the language they were written in (babel holds the names of each).
"""
from __future__ import annotations

#: Aranese is babel's ``oc_ES`` (the Occitan of the Val d'Aran, co-official in Catalonia)
CO_OFFICIAL: dict[str, tuple[str, ...]] = {"es": ("ca", "gl", "eu", "oc_ES")}
#: languages whose abbreviated month and day names are not read: Aranese abbreviations are common words of the
#: others ("del" is its Monday, "her" its February)
FULL_NAMES_ONLY = frozenset({"oc_ES", "pt", "ro"})
#: languages whose dates a locale's notes quote though nobody writes the notes in them: English, in referrals of
#: foreign patients and tourists ("March 11, 2025", "Apr 15, 2025"), whose months were masked as unknown words;
#: French, in a mediator's or a Maghrebi or West African patient's papers ("vendredi 17 mai" came out "XXXXXXXX 17
#: uzt", "mai" read as Basque)
#: Portuguese and Romanian, the languages of two large communities of residents ("joi, 6 martie", "octombrie" were
#: masked), read by their full names only
QUOTED: dict[str, tuple[str, ...]] = {"es": ("en", "fr", "pt", "ro")}


def co_official(locale: str) -> tuple[str, ...]:
    """The other languages of ``locale``'s notes (``es`` or ``es_ES`` → Catalan, Galician, Basque, Aranese)."""
    return CO_OFFICIAL.get(locale.split("_")[0].split("-")[0], ())


def quoted(locale: str) -> tuple[str, ...]:
    """The languages whose dates ``locale``'s notes quote (``es`` → English): month and day names are read and
    written back in them, and nothing else of them is."""
    return QUOTED.get(locale.split("_")[0].split("-")[0], ())


#: words that tell a note's language from the others of its locale: frequent, and rare in the other languages
#: (folded; "una", "les", "da", "o" are left out: two languages write them)
TELLING_WORDS: dict[str, frozenset[str]] = {
    "es": frozenset("el los con por para muy pero desde hace tiene hijo hija".split()),
    "ca": frozenset("els amb per dels pel pels fa anys aquest molt fill filla perque".split()),
    "gl": frozenset("unha non coa dende fillo filla moi ten ao aos sua seu".split()),  # "anos" is "años" folded
    "eu": frozenset("eta du dago bat ez urte ditu dira zen zuen ere bere baina".split()),
}


def note_language(words: list[str], locale: str) -> str:
    """The language of a note of ``locale`` by its folded words: the co-official language with the most telling
    words when it has two or more and more than the locale's own; else the locale's language."""
    own = locale.split("_")[0].split("-")[0]
    counts = {lang: sum(w in TELLING_WORDS.get(lang, ()) for w in words) for lang in (own, *co_official(locale))}
    best = max(co_official(locale), key=lambda lang: counts[lang], default=own)
    return best if counts.get(best, 0) >= 2 and counts[best] > counts[own] else own
