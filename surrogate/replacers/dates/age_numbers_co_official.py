"""Catalan and Galician number words 0–199 both ways, for ages written in them ("nou anys", "vint-i-dos anys",
"corenta e cinco anos"), which were masked as unknown words ("XXX XXXX").

A small table per language rather than babel (it spells no numbers) or num2words (no parsing). Basque counts in
twenties ("berrogeita bost") and is left out. Spanish words come first (``age_numbers``): a number Spanish spells
too ("tres", "once") is read there.
"""
from __future__ import annotations

from gazetteers.text import fold

_CA_UNITS = ("zero", "un", "dos", "tres", "quatre", "cinc", "sis", "set", "vuit", "nou", "deu", "onze", "dotze",
             "tretze", "catorze", "quinze", "setze", "disset", "divuit", "dinou")
_CA_TENS = ("", "", "vint", "trenta", "quaranta", "cinquanta", "seixanta", "setanta", "vuitanta", "noranta")
_GL_UNITS = ("cero", "un", "dous", "tres", "catro", "cinco", "seis", "sete", "oito", "nove", "dez", "once", "doce",
             "trece", "catorce", "quince", "dezaseis", "dezasete", "dezaoito", "dezanove")
_GL_TENS = ("", "", "vinte", "trinta", "corenta", "cincuenta", "sesenta", "setenta", "oitenta", "noventa")
_FEMININE = {"ca": {1: "una", 2: "dues"}, "gl": {1: "unha", 2: "dúas"}}
LANGUAGES = ("ca", "gl")
_LARGEST = 199


def to_words(n: int, language: str, *, feminine: bool = False) -> str:
    """``0 <= n <= 199`` in Catalan (``ca``) or Galician (``gl``) words, before a noun of the given gender."""
    if not 0 <= n <= _LARGEST:
        raise ValueError(f"only 0..{_LARGEST} are written in words here")
    units, tens = (_CA_UNITS, _CA_TENS) if language == "ca" else (_GL_UNITS, _GL_TENS)
    if n >= 100:
        rest = n - 100
        head = "cent" if language == "ca" else ("cen" if rest == 0 else "cento")
        return head if rest == 0 else f"{head} {to_words(rest, language, feminine=feminine)}"
    if n < 20:
        return _FEMININE[language].get(n, units[n]) if feminine else units[n]
    t, u = divmod(n, 10)
    if u == 0:
        return tens[t]
    unit = to_words(u, language, feminine=feminine)
    if language == "ca":
        return f"{tens[t]}{'-i-' if t == 2 else '-'}{unit}"
    return f"{tens[t]} e {unit}"


def _table() -> dict[str, tuple[str, int]]:
    out: dict[str, tuple[str, int]] = {}
    for language in LANGUAGES:
        for n in range(_LARGEST + 1):
            for feminine in (False, True):
                out.setdefault(fold(to_words(n, language, feminine=feminine)), (language, n))
    return out


#: folded words of a number (with its hyphens and spaces) → (language, value)
VALUES = _table()
#: every folded word these numbers are written with ("vint", "i", "corenta", "e")
WORDS = frozenset(w for key in VALUES for w in key.replace("-", " ").split())
MAX_TOKENS = 7  # "cento vinte e dous": four words and three spaces


def parse(text: str) -> tuple[str, int] | None:
    """(language, value) of a whole number written in Catalan or Galician words, else None."""
    return VALUES.get(fold(text))
