"""Split a person-name span into pieces and say what each piece is (honorific, particle, initial, word).

The pieces keep every character of the span, so the replacer rebuilds the exact structure: the same
separators (spaces, hyphens, commas, dots), the same honorifics and particles, one new token per old one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from gazetteers.text import fold

# Abbreviations with a superscript ordinal: "Mª", "M.ª", "Mº", "M.a" (María written on a typewriter).
_TOKEN = re.compile(
    r"(?P<abbr>[^\W\d_]\.?[ªº°]|[A-ZÁÉÍÓÚÑ]\.a(?![^\W\d_]))"
    r"|(?P<word>[^\W\d_]+(?:['’][^\W\d_]+)*)"
    r"|(?P<digits>\d+)"
    r"|(?P<sep>[^\w]+|_+)"
)

#: honorific (folded, without its dot) → the sex it implies ("" when it implies none)
HONORIFICS: dict[str, str] = {
    "dr": "M", "dra": "F", "dres": "", "dras": "F", "sr": "M", "sra": "F", "srta": "F", "don": "M",
    "dona": "F", "dna": "F", "d": "M", "dª": "F", "prof": "", "profa": "F", "lic": "", "lcdo": "M",
    "lcda": "F", "ldo": "M", "lda": "F",
    "rn": "",  # "RN de Santana Rodríguez, Yaiza": a newborn named after its mother (recién nacido)
    # the article of a name in speech, in lower case only: "la Toñi", "el Paco"; Catalan "na Maria", "en Pep";
    # and an elder's country title, "tia Paro", "tío Pepe" (Valencian, Spanish)
    "la": "F", "el": "M", "na": "F", "en": "M", "tia": "F", "tio": "M", "tía": "F", "tío": "M",
}
#: honorifics that are articles: leading and in lower case only ("La Rosa", "El Amrani" are surnames)
_ARTICLE_HONORIFICS = frozenset({"la", "el", "na", "en", "tia", "tio", "tía", "tío"})
#: first letters of every honorific: a leading initial in another letter can never read as one
HONORIFIC_LETTERS = frozenset(key[0].upper() for key in HONORIFICS)
#: honorifics that only count when followed by a dot or colon ("D." is Don, a bare "D" is an initial)
_DOTTED_ONLY = frozenset({"d", "dra", "dr", "sr", "sra", "srta", "prof", "profa", "lic", "lcdo", "lcda", "ldo", "lda", "dres", "dras"})
#: "Dr." is often written for women too; only the feminine forms are strong evidence of sex
WEAK_HONORIFICS = frozenset({"dr", "dres"})

#: particles inside names, only when a name follows ("San Román"; "Santa" alone is a name). They are kept,
#: and the word they lead gets a "tail" draw ("de la Torre" → "de la Fuente")
PARTICLES = frozenset({"de", "del", "da", "das", "do", "dos", "di", "du", "van", "von", "der", "den", "ter", "le", "san", "santa", "el", "al"})
#: articles that are particles only right after "de" ("de la Torre", "de los Ríos")
ARTICLES = frozenset({"la", "las", "los", "lo", "le"})
#: conjunctions between surnames ("Ramón y Cajal", "Puig i Cadafalch")
CONJUNCTIONS = frozenset({"y", "i", "e"})
#: the conjunctions an UPPER-CASE name writes as capitals ("GARCÍA Y LÓPEZ"); "E" only before a word in
#: i-/hi- as Spanish writes it ("GARCÍA E IGLESIAS"), otherwise "JUAN E PÉREZ" holds an initial
_UPPER_CONJUNCTIONS = frozenset({"y", "i"})

#: given-name abbreviations → (full name, sex)
ABBREVIATIONS: dict[str, tuple[str, str]] = {
    "mª": ("María", "F"), "m.ª": ("María", "F"), "m.a": ("María", "F"), "mº": ("María", "F"),
    "fco": ("Francisco", "M"), "fca": ("Francisca", "F"), "jº": ("José", "M"), "jª": ("Josefa", "F"),
    "ant": ("Antonio", "M"),
}

_VOWELS = set("aeiouáéíóúüy")
#: two consonants a Spanish, Catalan, Galician or Basque word may start with ("Bravo", "Chus", "Llull", "Txema")
_ONSETS = frozenset("bl br cl cr dr fl fr gl gr pl pr tr ch ll kl kr ps tx ts tz sh th ph".split())


@dataclass(frozen=True)
class Piece:
    """One piece of a name span.

    kind: ``word`` (a given name or surname, replaced), ``initial`` (``J``, ``Mª``, ``JG``: replaced by
    other letters), ``honorific``, ``particle``, ``sep`` (kept as they are) or ``digits`` (redrawn).
    """

    text: str
    kind: str


def token_key(text: str) -> str:
    """Case- and accent-insensitive key that keeps the ordinal marks (``Dª`` is not ``Da``)."""
    return fold(text.replace("ª", "\x01").replace("º", "\x02")).replace("\x01", "ª").replace("\x02", "º")


def tokenize(text: str) -> list[Piece]:
    """Pieces whose texts concatenate back to ``text``; words and separators are not yet classified."""
    out: list[Piece] = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "sep"
        out.append(Piece(m.group(0), "initial" if kind == "abbr" else kind))
    return out


def is_initials_token(word: str, known: bool, alone: bool = False) -> bool:
    """``J``, ``JG`` or ``MGO``: one letter, or 2-4 capitals that are no census name and hardly a word (no vowel,
    or two consonants no Spanish word starts with), or any when they are the whole span; in lower case too when
    the word is the whole span, a signature typed fast ("mgo", "lpv", "mdpr" came out as surnames)."""
    if len(word) == 1 or (alone and len(word) == 2 and word.isupper() and word.isalpha()):
        return True  # "MA" signing a log line is initials, though the census knows "Ma" as a surname
    if known or len(word) > 4 or not word.isalpha() or not (word.isupper() or (alone and word.islower())):
        return False
    lower = word.lower()
    if len(word) == 2 or not (_VOWELS & set(lower)) or (alone and word.isupper()):
        return True  # capitals signing alone and no census name: "IGA", "APV" (they came out "GARCIA", "SANCHIZ")
    if alone and not (_VOWELS & set(lower[1:])):
        return True  # a vowel only first, typed fast: "ifm", "agp" (it came out "marin")
    return lower[0] not in _VOWELS and lower[1] not in _VOWELS and lower[:2] not in _ONSETS


def classify(pieces: list[Piece], is_known_name) -> list[Piece]:
    """Mark honorifics (leading only), particles, conjunctions and initials among the word pieces.

    ``is_known_name(word)`` says whether the census knows the word as a given name or surname.
    """
    words = [i for i, p in enumerate(pieces) if p.kind in ("word", "initial")]
    out = list(pieces)
    letters = [c for i in words for c in pieces[i].text if c.isalpha()]
    all_upper = len(letters) > 1 and all(c.isupper() for c in letters)

    def next_sep(i: int) -> str:
        return pieces[i + 1].text if i + 1 < len(pieces) and pieces[i + 1].kind == "sep" else ""

    leading = True
    for n, i in enumerate(words):
        p = pieces[i]
        key = token_key(p.text)
        following = words[n + 1 :]
        sep_after = next_sep(i)
        dotted = sep_after.startswith((".", ":"))
        if leading and key.replace(".", "") in HONORIFICS and following and (dotted or key not in _DOTTED_ONLY) \
                and (key not in _ARTICLE_HONORIFICS or (p.text.islower() and not dotted)):
            out[i] = Piece(p.text, "honorific")
            continue
        leading = False
        if p.kind == "initial":
            continue
        prev_word = fold(pieces[words[n - 1]].text) if n else ""
        prev_kind = out[words[n - 1]].kind if n else ""
        if key in ABBREVIATIONS and (dotted or key.endswith(("ª", "º"))) and p.text[:1].isupper():
            out[i] = Piece(p.text, "initial")
        elif following and p.text[:1].islower() and key in CONJUNCTIONS and n > 0:
            out[i] = Piece(p.text, "particle")
        elif all_upper and n > 0 and following and not dotted and _upper_conjunction(
                key, out[words[n - 1]], pieces[following[0]]):
            out[i] = Piece(p.text, "particle")
        elif following and key in PARTICLES:
            out[i] = Piece(p.text, "particle")
        elif following and key in ARTICLES and prev_kind == "particle" and prev_word in {"de", "da", "do"}:
            out[i] = Piece(p.text, "particle")
        elif is_initials_token(p.text, is_known_name(p.text), alone=len(words) == 1) \
                and (p.text[:1].isupper() or dotted or len(words) == 1):
            out[i] = Piece(p.text, "initial")
    return out


def _upper_conjunction(key: str, before: Piece, after: Piece) -> bool:
    """A capital ``Y`` (``I``, or ``E`` before i-/hi-) between two words of an UPPER-CASE name is the
    conjunction of a compound surname ("GARCÍA Y LÓPEZ"), not an initial."""
    if before.kind != "word" or after.kind != "word" or len(before.text) < 2 or len(after.text) < 2:
        return False
    return key in _UPPER_CONJUNCTIONS or (key == "e" and fold(after.text).startswith(("i", "hi")))


def reads_as_honorific(text: str) -> bool:
    """Would this initial, leading a name, read as an honorific ("D." Don, "Dª" Doña, "SR" Señor)?"""
    key = token_key(text.replace(".", ""))
    # "D.a" is "Dª" written with a raised a on a typewriter: Doña as much as "Dª"
    return key in HONORIFICS or (len(key) > 1 and key.endswith("a") and key[:-1] + "ª" in HONORIFICS)
