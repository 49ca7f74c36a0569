"""Dates dictated in number words ("doce de marzo de mil novecientos cuarenta y uno", "lunes veintisiete",
Galician "catorce de marzo de dous mil vinte e cinco", Catalan "vint-i-dos de maig de dos mil vint-i-cinc"):
read as digits, shifted like any date, and written back in words of the same language.

A speech-recognition note or a notary's deed writes its dates this way. Shifting the month alone left the
original's day and year words in the surrogate, and the leak guard masked them ("XXXX de febrero de XXX…"); a
Galician date came out with Spanish words around masks ("diecinueve de febrero de XXXX mil XXXXX e diez").
"""
from __future__ import annotations

import re
from functools import lru_cache

from gazetteers.text import fold

from ...textcase import apply_case
from . import age_numbers_co_official as co_official
from .age_numbers import to_words

_HUNDREDS = ("", "ciento", "doscientos", "trescientos", "cuatrocientos", "quinientos", "seiscientos", "setecientos",
             "ochocientos", "novecientos")
_LARGEST = 2199  # days, months and years up to the 22nd century
_MAX_WORDS = 7  # "mil novecientos noventa y ocho" is five words; "dos mil ciento noventa y nueve" seven
_WORD = re.compile(r"[^\W\d_]+")


def cardinal(n: int) -> str:
    """Spanish words for ``0 <= n <= 2199`` as a date says them ("uno", "mil novecientos cuarenta y uno")."""
    if not 0 <= n <= _LARGEST:
        raise ValueError(f"only 0..{_LARGEST} are written in words here")
    thousands, rest = divmod(n, 1000)
    head = ("mil" if thousands == 1 else f"{to_words(thousands, before_noun=False)} mil") if thousands else ""
    if rest == 0:
        return head or "cero"
    hundreds, units = divmod(rest, 100)
    if hundreds == 0:
        body = to_words(units, before_noun=False)
    elif units == 0:
        body = "cien" if hundreds == 1 else _HUNDREDS[hundreds]
    else:
        body = f"{_HUNDREDS[hundreds]} {to_words(units, before_noun=False)}"
    return f"{head} {body}".strip()


#: hundreds as Catalan and Galician dates say them ("mil nou-cents", "mil novecentos")
_CO_OFFICIAL_HUNDREDS = {
    "ca": ("", "cent", "dos-cents", "tres-cents", "quatre-cents", "cinc-cents", "sis-cents", "set-cents", "vuit-cents",
           "nou-cents"),
    "gl": ("", "cento", "douscentos", "trescentos", "catrocentos", "quiñentos", "seiscentos", "setecentos",
           "oitocentos", "novecentos"),
}
#: the languages a date's words are read in; Spanish first, so a number Spanish spells too is Spanish
LANGUAGES = ("es", "gl", "ca")


def cardinal_in(n: int, language: str) -> str:
    """``n`` (0..2199) in the words of ``language`` (``es``, ``gl``, ``ca``) as a date says it."""
    if language == "es":
        return cardinal(n)
    if not 0 <= n <= _LARGEST:
        raise ValueError(f"only 0..{_LARGEST} are written in words here")
    thousands, rest = divmod(n, 1000)
    head = ("mil" if thousands == 1 else f"{co_official.to_words(thousands, language)} mil") if thousands else ""
    if rest == 0:
        return head or co_official.to_words(0, language)
    hundreds, units = divmod(rest, 100)
    if hundreds == 0:
        body = co_official.to_words(units, language)
    elif units == 0:
        body = ("cent" if language == "ca" else "cen") if hundreds == 1 else _CO_OFFICIAL_HUNDREDS[language][hundreds]
    else:
        body = f"{_CO_OFFICIAL_HUNDREDS[language][hundreds]} {co_official.to_words(units, language)}"
    return f"{head} {body}".strip()


def _key(words: str) -> str:
    """The lookup key of a run of number words: folded, hyphens as spaces ("vint-i-cinc" → "vint i cinc")."""
    return " ".join(fold(words).replace("-", " ").split())


@lru_cache(maxsize=1)
def _values() -> dict[str, tuple[int, frozenset[str]]]:
    """Keys of each number's words → its value and the languages that write it so (built on first use)."""
    out: dict[str, tuple[int, set[str]]] = {}
    for language in LANGUAGES:
        for n in range(_LARGEST + 1):
            value, languages = out.setdefault(_key(cardinal_in(n, language)), (n, set()))
            if value == n:
                languages.add(language)
    out.setdefault("u", (1, {"ca"}))  # Catalan counts and dates one as "u" ("u de febrer", "l'u de maig")
    return {k: (v, frozenset(langs)) for k, (v, langs) in out.items()}


@lru_cache(maxsize=1)
def number_words() -> frozenset[str]:
    """Every folded word a number of date size is written with ("veintisiete", "mil", "y", "vinte", "e", "i")."""
    return frozenset(w for key in _values() for w in key.split())


def to_digits(text: str) -> tuple[str, list[str]] | None:
    """``text`` with each run of number words written in digits, and the runs as written (in order), or None
    when it has no number words or already has digits (a mixed date is read as it stands)."""
    if any("0" <= c <= "9" for c in text):
        return None
    values = _values()
    words = list(_WORD.finditer(text))
    out, runs, pos, i = [], [], 0, 0
    while i < len(words):
        for j in range(min(len(words), i + _MAX_WORDS), i, -1):
            between = (text[words[k].end():words[k + 1].start()] for k in range(i, j - 1))
            if all(gap.isspace() or gap == "-" for gap in between):  # Catalan joins "vint-i-cinc"
                found = values.get(_key(" ".join(w.group() for w in words[i:j])))
                if found is not None:
                    out += [text[pos:words[i].start()], str(found[0])]
                    runs.append(text[words[i].start():words[j - 1].end()])
                    pos, i = words[j - 1].end(), j
                    break
        else:
            i += 1
    if not runs:
        return None
    out.append(text[pos:])
    return "".join(out), runs


def language_of(runs: list[str]) -> str:
    """The language every run of a date's number words reads in, Spanish where it reads in several ("catorce"
    is Spanish and Galician; with "dous mil vinte e cinco" beside it the date is Galician)."""
    common = set(LANGUAGES)
    for run in runs:
        found = _values().get(_key(run))
        if found is not None and common & found[1]:
            common &= found[1]
    return next(language for language in LANGUAGES if language in common)


def to_words_again(rendered: str, runs: list[str]) -> str | None:
    """The digit runs of a rendered date written back in words of the runs' language, in the case of the run
    each replaces; None when the rendering does not have one number per run, or a number too large for words."""
    numbers = list(re.finditer(r"\d+", rendered))
    if len(numbers) != len(runs) or any(int(m.group()) > _LARGEST for m in numbers):
        return None
    language = language_of(runs)
    out, pos = [], 0
    for m, run in zip(numbers, runs):
        out += [rendered[pos:m.start()], apply_case(run, cardinal_in(int(m.group()), language))]
        pos = m.end()
    out.append(rendered[pos:])
    return "".join(out)
