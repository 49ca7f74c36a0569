"""Shape-keeping random content: digits stay digits, letters stay letters of the same case, the rest stays.

Used by identifiers, phones, e-mails, URLs and the "other" kind. Two letter modes:

- ``random_letters``: uniform A–Z (identifier letters carry no meaning);
- ``pseudo_word``: vowels stay vowels and consonants stay consonants, so a word keeps a pronounceable,
  Spanish-looking surface (``Lactante`` → ``Rompente``) instead of ``Lxqtvnqe``.

Every function draws from the injected numpy Generator only.
"""
from __future__ import annotations

import re
import string
from collections.abc import Callable

import numpy as np

from gazetteers.text import fold

from .base import CannotReplace

_UPPER = np.array(list(string.ascii_uppercase))
_DIGITS = np.array(list(string.digits))
_NONZERO = np.array(list("123456789"))

# Spanish-ish letter frequencies (rounded from common corpus tables); q, k, w, x, y and ñ are left out
# of generated consonants because they need special spelling context.
_CONSONANTS = np.array(list("rnsldtcmpbgvfzjh"))
_CONSONANT_W = np.array([6.9, 6.7, 8.0, 5.0, 5.9, 4.6, 4.7, 3.2, 2.5, 1.4, 1.0, 0.9, 0.7, 0.5, 0.4, 0.7])
_CONSONANT_W = _CONSONANT_W / _CONSONANT_W.sum()
_VOWELS = np.array(list("aeiou"))
_VOWEL_W = np.array([12.5, 13.7, 6.3, 8.7, 3.9])
_VOWEL_W = _VOWEL_W / _VOWEL_W.sum()
_ACCENTED = {"a": "á", "e": "é", "i": "í", "o": "ó", "u": "ú"}
_PLAIN_VOWELS = set("aeiouáéíóúàèìòùäëïöü")
_ACCENT_VOWELS = set("áéíóúàèìòù")
_REDRAWS = 8  # one vowel draws itself 3 times in 10: with 8 redraws, 1 time in 50,000


#: Spanish function words: kept inside shape-kept free text ("tatuaje en la región ...").
FUNCTION_WORDS = frozenset(
    ["al", "de", "del", "el", "en", "la", "las", "los", "lo", "con", "por", "para", "sin", "su", "sus", "un", "una", "uno", "dos", "tres"]
)


def is_function_word(run: str) -> bool:
    """A lower- or title-case function word of two letters or more (``PARA`` in a code is not one)."""
    return len(run) > 1 and run.lower() in FUNCTION_WORDS and not run.isupper()


def random_digits(rng: np.random.Generator, n: int, *, first_nonzero: bool = False) -> str:
    """``n`` random digits; the first is 1–9 when ``first_nonzero``."""
    if n <= 0:
        return ""
    idx = rng.integers(0, 10, size=n)
    out = _DIGITS[idx]
    if first_nonzero:
        out[0] = _NONZERO[int(rng.integers(0, 9))]
    return "".join(out)


def digits_like(rng: np.random.Generator, template: str) -> str:
    """Random digits for a digit run: same length, the first keeps its class (0 stays 0, 1–9 stays 1–9)."""
    if not template:
        return ""
    if template[0] == "0":
        return "0" + random_digits(rng, len(template) - 1)
    return random_digits(rng, len(template), first_nonzero=True)


def random_letters(rng: np.random.Generator, template: str) -> str:
    """One random letter A–Z per letter of ``template``, in the template letter's case."""
    idx = rng.integers(0, 26, size=len(template))
    return "".join(
        t if t.lower() == t.upper() else _UPPER[i] if t.isupper() else _UPPER[i].lower()
        for i, t in zip(idx, template)
    )


def is_vowel(c: str) -> bool:
    return c.lower() in _PLAIN_VOWELS


def pseudo_word(rng: np.random.Generator, template: str) -> str:
    """A word with the consonant/vowel pattern, case and accent positions of ``template``."""
    n = len(template)
    vow = _VOWELS[rng.choice(5, size=n, p=_VOWEL_W)]
    con = _CONSONANTS[rng.choice(len(_CONSONANTS), size=n, p=_CONSONANT_W)]
    out = []
    for i, t in enumerate(template):
        if not t.isalpha() or t.lower() == t.upper():  # digits, punctuation, º/ª stay
            out.append(t)
            continue
        low = t.lower()
        if low in _PLAIN_VOWELS:
            c = str(vow[i])
            if low in _ACCENT_VOWELS:
                c = _ACCENTED[c]
        else:
            c = str(con[i])
        out.append(c.upper() if t.isupper() else c)
    return "".join(out)


def shape_keep(
    rng: np.random.Generator,
    original: str,
    *,
    words: bool = False,
    keep_leading_zero: bool = True,
) -> str:
    """Replace every digit and letter of ``original`` keeping its shape.

    ``words``: letters follow :func:`pseudo_word` (pronounceable) instead of uniform random letters.
    ``keep_leading_zero``: the first digit of each digit run keeps its class (zero stays zero, non-zero
    stays non-zero), so ``07815635`` still reads as a zero-padded number. A draw that reads as the original
    (``0``; ``È`` → ``é``, likely for one vowel) is redrawn, without that rule, a few times. Text with no
    cased letter or digit comes back as is: callers refuse it (``CannotReplace``).
    """
    new, folded = _shape_keep(rng, original, words, keep_leading_zero), fold(original)
    for _ in range(_REDRAWS):
        if fold(new) != folded:
            break
        new = _shape_keep(rng, original, words, False)
    return new


def _shape_keep(rng: np.random.Generator, original: str, words: bool, keep_leading_zero: bool) -> str:
    out: list[str] = []
    i, n = 0, len(original)
    while i < n:
        c = original[i]
        j = i + 1
        if c.isdigit():
            while j < n and original[j].isdigit():
                j += 1
            run = original[i:j]
            out.append(digits_like(rng, run) if keep_leading_zero else random_digits(rng, len(run)))
        elif c.isalpha():
            while j < n and original[j].isalpha():
                j += 1
            run = original[i:j]
            out.append(pseudo_word(rng, run) if words else random_letters(rng, run))
        else:
            while j < n and not original[j].isalnum():
                j += 1
            out.append(original[i:j])
        i = j
    return "".join(out)


def shape_of(s: str) -> str:
    """The shape signature of ``s`` (9 for digits, A/a for letters, the rest kept): the acceptance measure."""
    return "".join("9" if c.isdigit() else ("A" if c.isupper() else "a") if c.isalpha() else c for c in s)


def refuse_unchanged(original: str, new: str) -> str:
    """``new``, or CannotReplace when it still reads as ``original`` (nothing could change: no cased letter,
    no digit)."""
    if fold(new) == fold(original):
        raise CannotReplace("nothing in the span can be shape-kept differently")
    return new


RUNS = re.compile(r"[^\W\d_]+|\d+|[\W_]+")  # letter runs, digit runs, everything else


def shape_runs(text: str, rng: np.random.Generator, is_code: Callable[[str], bool]) -> str:
    """Shape-kept random content, run by run: digits re-drawn (same count), function words kept, letter
    runs that ``is_code`` accepts become random letters of the same case, other words pseudo-words."""
    out = []
    for m in RUNS.finditer(text):
        run = m.group()
        if run[0].isdigit():
            out.append(digits_like(rng, run))
        elif run[0].isalpha():
            if is_function_word(run):
                out.append(run)
            elif is_code(run):
                out.append("".join(random_letters(rng, c) if c.lower() != c.upper() else c for c in run))
            else:
                out.append(pseudo_word(rng, run))
        else:
            out.append(run)
    return "".join(out)
