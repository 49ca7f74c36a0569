"""Spanish number words 0–199 both ways, and the ordinals an age can take ("cuarto mes").

Written here rather than taken from ``num2words`` because ages need both directions (parsing is not in
num2words) and the agreement of the noun that follows: "un año", "veintiún años", "una semana",
"veintiuna semanas", but "uno" when nothing follows.
"""
from __future__ import annotations

from gazetteers.text import fold

_UNITS = ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once",
          "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte",
          "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis", "veintisiete",
          "veintiocho", "veintinueve")
_TENS = {30: "treinta", 40: "cuarenta", 50: "cincuenta", 60: "sesenta", 70: "setenta", 80: "ochenta",
         90: "noventa"}
_ORDINALS = ("", "primero", "segundo", "tercero", "cuarto", "quinto", "sexto", "séptimo", "octavo", "noveno",
             "décimo", "undécimo", "duodécimo")

# folded word → value, for single words (compounds with "y" are handled by the parser)
_WORD_VALUE: dict[str, int] = {fold(w): n for n, w in enumerate(_UNITS)}
_WORD_VALUE.update({"un": 1, "una": 1, "veintiun": 21, "veintiuna": 21, "cien": 100})
_WORD_VALUE.update({fold(w): n for n, w in _TENS.items()})
_TENS_VALUE = {fold(w): n for n, w in _TENS.items()}
_ORDINAL_VALUE: dict[str, int] = {}
for _n, _w in enumerate(_ORDINALS[1:], 1):
    _ORDINAL_VALUE[fold(_w)] = _n
    _ORDINAL_VALUE[fold(_w[:-1] + "a")] = _n
_ORDINAL_VALUE.update({"primer": 1, "tercer": 3})

#: words with an accent in their standard spelling (to tell an unaccented writer: "dieciseis", "dias")
ACCENTED_WORDS = frozenset(
    fold(w) for w in (*_UNITS, *_ORDINALS, "veintiún", "días", "día", "recién") if w != fold(w)
)


def is_number_word(word: str) -> bool:
    return fold(word) in _WORD_VALUE or fold(word) == "ciento"


def parse_words(words: list[str]) -> tuple[int, int] | None:
    """Value of the number at the start of ``words`` (letter tokens only, spaces removed) and how many
    tokens it used: ["sesenta", "y", "tres", "años"] → (63, 3). None when it does not start with a number."""
    if not words:
        return None
    i, value = 0, 0
    w0 = fold(words[0])
    if w0 in ("cien", "ciento"):
        value, i = 100, 1
        if w0 == "cien" or i >= len(words) or not is_number_word(words[i]):
            return value, i
    w = fold(words[i])
    if w in _TENS_VALUE:
        value += _TENS_VALUE[w]
        i += 1
        if i + 1 < len(words) and fold(words[i]) == "y" and 1 <= _WORD_VALUE.get(fold(words[i + 1]), 0) <= 9:
            value += _WORD_VALUE[fold(words[i + 1])]
            i += 2
        return value, i
    if w in _WORD_VALUE and w != "cien":
        return value + _WORD_VALUE[w], i + 1
    return (value, i) if i else None


def to_words(n: int, *, feminine: bool = False, before_noun: bool = True) -> str:
    """Spanish words for ``0 <= n < 200``. Before a noun, "uno" shortens to "un" (masculine) or "una"."""
    if not 0 <= n < 200:
        raise ValueError("only 0..199 can be written in words here")
    if n >= 100:
        rest = n - 100
        return "cien" if rest == 0 else "ciento " + to_words(rest, feminine=feminine, before_noun=before_noun)
    if n == 1:
        return "una" if feminine else ("un" if before_noun else "uno")
    if n == 21:
        return "veintiuna" if feminine else ("veintiún" if before_noun else "veintiuno")
    if n < 30:
        return _UNITS[n]
    tens, unit = divmod(n, 10)
    if unit == 0:
        return _TENS[n]
    return f"{_TENS[tens * 10]} y {to_words(unit, feminine=feminine, before_noun=before_noun)}"


def parse_ordinal(word: str) -> int | None:
    return _ORDINAL_VALUE.get(fold(word))


def ordinal(n: int, *, feminine: bool = False, before_noun: bool = True) -> str:
    """"cuarto", "tercer" (before a masculine noun), "quinta"… for 1..12."""
    if not 1 <= n < len(_ORDINALS):
        raise ValueError("ordinals are written for 1..12 only")
    word = _ORDINALS[n]
    if feminine:
        return word[:-1] + "a"
    if before_noun and n in (1, 3):
        return word[:-1]
    return word
