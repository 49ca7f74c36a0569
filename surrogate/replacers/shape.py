"""Shape-keeping content: digits stay digits, words stay words of the same length and case, the rest stays.

Used by identifiers, phones, e-mails, URLs and contact domains. Letters take one of two forms:

- ``random_letters``: uniform A–Z, only for the letters of a code that carry no meaning (a DNI control
  letter, plate letters, ``EKER`` in a device code): a format, not a word;
- ``real_word`` (``pseudo_word`` is its old name): a word of the ``common_words`` gazetteer with as many
  letters, in the same case, accents dropped where the template has none (``Lactante`` → ``Ganadera``,
  ``info`` → ``mina``). Nothing here invents a word; a run longer than any listed word is two words glued
  (as in a domain), and a run of one or two letters becomes the initials of listed words.

Every function draws from the injected numpy Generator only.
"""
from __future__ import annotations

import re
import string
from bisect import bisect_right
from collections.abc import Callable
from functools import cache, lru_cache

import numpy as np

from gazetteers import default_set
from gazetteers.text import fold, strip_accents

from ..textcase import drop_accents, has_accent_marks
from .base import CannotReplace

_UPPER = string.ascii_uppercase
_STR = tuple(map(str, range(10)))  # digit → its character, indexed by a draw (no numpy string arrays)
_SCALAR_DIGITS = 3  # up to this many digits, scalar draws cost less than one batch of ``size=n``
_REDRAWS = 8  # a draw that reads as the original is redrawn (one vowel used to draw itself 3 times in 10)
WORDS_TABLE = "common_words"


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
    if n <= _SCALAR_DIGITS:  # one draw per digit: the same stream as a batch, without numpy's size= overhead
        out = [_STR[int(rng.integers(0, 10))] for _ in range(n)]
    else:
        out = [_STR[d] for d in rng.integers(0, 10, size=n).tolist()]
    if first_nonzero:
        out[0] = _STR[int(rng.integers(0, 9)) + 1]
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
    idx = rng.integers(0, 26, size=len(template)).tolist()
    return "".join(
        t if t.lower() == t.upper() else _UPPER[i] if t.isupper() else _UPPER[i].lower()
        for i, t in zip(idx, template)
    )


@cache
def _word_pools(locale: str = "es") -> dict[int, tuple[list[str], list[float]]]:
    """The locale's ``common_words`` by letter count: (words, cumulative weights). Loaded once per process."""
    gaz = default_set(locale)
    if WORDS_TABLE not in gaz:
        return {}
    table = gaz[WORDS_TABLE]
    by_len: dict[int, tuple[list[str], list[float]]] = {}
    for word, weight in zip(table.column("value"), table.column("weight")):
        if word and word.isalpha():
            words, weights = by_len.setdefault(len(word), ([], []))
            words.append(word.lower())
            weights.append(float(weight or 1.0) ** 0.5)  # damped: "casa" should not crowd out "molino"
    out = {}
    for n, (words, weights) in by_len.items():
        cum = np.cumsum(np.asarray(weights) / sum(weights))
        cum[-1] = 1.0
        out[n] = (words, cum.tolist())  # ``bisect`` on a list: searchsorted's answer without numpy's call cost
    return out


def _draw_word(rng: np.random.Generator, n: int, avoid: str) -> str:
    """A listed lower-case word of ``n`` letters, or two glued, or initials; never ``avoid`` (folded)."""
    pools = _word_pools()
    if not pools:
        raise CannotReplace("no common_words gazetteer to draw words from")
    if n in pools:
        words, cum = pools[n]
        for _ in range(_REDRAWS):
            word = words[min(bisect_right(cum, rng.random()), len(words) - 1)]
            if fold(word) != avoid:
                return word
        return word
    if n <= 2:  # an abbreviation: initials of listed words
        return _draw_initials(rng, n, avoid)
    sizes = sorted(pools)
    fits = [a for a in sizes if n - a in pools]
    if fits:
        a = fits[int(rng.integers(len(fits)))]
        return _draw_word(rng, a, "") + _draw_word(rng, n - a, "")
    head = sizes[-1] if n > sizes[-1] else sizes[0]
    return _draw_word(rng, head, "") + _draw_word(rng, n - head, "")


def _draw_initials(rng: np.random.Generator, n: int, avoid: str = "") -> str:
    """``n`` initials of listed words (each word alike), never ``avoid``."""
    pool = _initials()
    for _ in range(_REDRAWS):
        letters = "".join(pool[int(rng.integers(len(pool)))] for _ in range(n))
        if letters != avoid:
            break
    return letters


def initials_like(rng: np.random.Generator, template: str) -> str:
    """An abbreviation such as a domain's ``hmdc``: each cased letter becomes the initial of a listed word
    (in its case), the rest stays."""
    letters = iter(_draw_initials(rng, sum(1 for c in template if c.lower() != c.upper()), fold(template)))
    return "".join((next(letters).upper() if c.isupper() else next(letters)) if c.lower() != c.upper() else c
                   for c in template)


@cache
def _initials() -> str:
    return "".join(words[0] for pool, _ in _word_pools().values() for words in pool if words[0].isascii())


def _in_case_of(template: str, word: str) -> str:
    """``word`` (as long as ``template``) with the template's letter case and its lack of accents."""
    if template.isascii():
        word = strip_accents(word).replace("ñ", "n")
    elif not has_accent_marks(template):
        word = drop_accents(word)
    if len(template) > 1 and template.isupper():
        return word.upper()
    if template.islower():
        return word
    if template[0].isupper() and (len(template) == 1 or template[1:].islower()):
        return word[:1].upper() + word[1:]
    return "".join(w.upper() if t.isupper() else w for w, t in zip(word, template))


_CASED_RUNS = re.compile(r"(?:(?=[^\W\d_])(?:(?!ª|º)\w))+")  # letters with a case: not º, ª


def real_word(rng: np.random.Generator, template: str) -> str:
    """Each run of letters of ``template`` becomes a real word with as many letters, in the same case;
    digits, punctuation and letters without case (º, ª) stay."""
    def one(m: re.Match[str]) -> str:
        run = m.group()
        if run.lower() == run.upper():  # scripts without case
            return run
        return _in_case_of(run, _draw_word(rng, len(run), fold(run)))
    return _CASED_RUNS.sub(one, template)


#: the old name: every caller that drew a "pronounceable" word now gets a real one
pseudo_word = real_word


def is_wordlike(run: str) -> bool:
    """A letter run that reads as a word, not a code: three letters or more with a lower-case one."""
    return len(run) > 2 and any(c.islower() for c in run)


def shape_keep(
    rng: np.random.Generator,
    original: str,
    *,
    words: bool = False,
    keep_leading_zero: bool = True,
) -> str:
    """Replace every digit and letter of ``original`` keeping its shape.

    ``words``: every letter run becomes a real word (:func:`real_word`); otherwise only runs that read as
    words do (:func:`is_wordlike`) and code letters become random letters of the same case.
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
            out.append(real_word(rng, run) if words or is_wordlike(run) else random_letters(rng, run))
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


def shape_runs(text: str, rng: np.random.Generator, is_code: Callable[[str], bool],
               keep: Callable[[str], bool] | None = None) -> str:
    """Shape-kept content, run by run: digits re-drawn (same count), function words and runs ``keep`` accepts
    kept, letter runs that ``is_code`` accepts become random letters of the same case (a code's letters),
    other words real words."""
    out = []
    for run in _runs(text):
        if run[0].isdigit():
            out.append(digits_like(rng, run))
        elif run[0].isalpha():
            if is_function_word(run) or (keep is not None and keep(run)):
                out.append(run)
            elif is_code(run):
                out.append("".join(random_letters(rng, c) if c.lower() != c.upper() else c for c in run))
            else:
                out.append(real_word(rng, run))
        else:
            out.append(run)
    return "".join(out)


@lru_cache(maxsize=4096)
def _runs(text: str) -> tuple[str, ...]:
    """``RUNS`` of a text, read once: the same identifiers come back in every seed."""
    return tuple(m.group() for m in RUNS.finditer(text))
