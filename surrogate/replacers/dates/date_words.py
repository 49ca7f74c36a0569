"""Dates dictated in Spanish number words ("doce de marzo de mil novecientos cuarenta y uno", "lunes
veintisiete"): read as digits, shifted like any date, and written back in words.

A speech-recognition note or a notary's deed writes its dates this way. Shifting the month alone left the
original's day and year words in the surrogate, and the leak guard masked them ("XXXX de febrero de XXX…").
"""
from __future__ import annotations

import re
from functools import lru_cache

from gazetteers.text import fold

from ...textcase import apply_case
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


@lru_cache(maxsize=1)
def _values() -> dict[str, int]:
    """Folded words of each number → its value (built on first use: 2,200 entries)."""
    return {fold(cardinal(n)): n for n in range(_LARGEST + 1)}


@lru_cache(maxsize=1)
def number_words() -> frozenset[str]:
    """Every folded word a number of date size is written with ("veintisiete", "mil", "y")."""
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
            if all(gap.isspace() for gap in between):
                value = values.get(fold(" ".join(w.group() for w in words[i:j])))
                if value is not None:
                    out += [text[pos:words[i].start()], str(value)]
                    runs.append(text[words[i].start():words[j - 1].end()])
                    pos, i = words[j - 1].end(), j
                    break
        else:
            i += 1
    if not runs:
        return None
    out.append(text[pos:])
    return "".join(out), runs


def to_words_again(rendered: str, runs: list[str]) -> str | None:
    """The digit runs of a rendered date written back in words, in the case of the run each replaces; None
    when the rendering does not have one number per run, or a number too large for words."""
    numbers = list(re.finditer(r"\d+", rendered))
    if len(numbers) != len(runs) or any(int(m.group()) > _LARGEST for m in numbers):
        return None
    out, pos = [], 0
    for m, run in zip(numbers, runs):
        out += [rendered[pos:m.start()], apply_case(run, cardinal(int(m.group())))]
        pos = m.end()
    out.append(rendered[pos:])
    return "".join(out)
