"""OCR's letter-for-digit confusions, undone in a same-length view.

A scanned letter prints ``O5/03/2O25``, ``968 34 O2 17``, ``03/1l/1952`` and ``Sorian0``: the shapes of dates and
phones, and the name gazetteers, miss them. In a run of digit groups (groups of digits and the look-alikes ``O``,
``o``, ``l`` and ``I``, joined by single separators) that holds at least four characters of digits, two of them
real, each look-alike in a group that has a real digit reads as the digit (``O`` → ``0``; ``l``/``I`` → ``1`` after
a digit, so that the code ``I21.19`` stays). A
``0`` closing a capitalised word of lower-case letters reads as ``o`` (``Sorian0``). Nothing else changes: ``O2``,
``1OO mg``, ``CO2`` and ``Killip I`` keep their letters.
"""
from __future__ import annotations

import re

_GROUP = r"[0-9OolI]+"
_RUN = re.compile(rf"(?<![^\W_]){_GROUP}(?:[ /.:-]{_GROUP})*(?![^\W_])")
_GROUP_RE = re.compile(_GROUP)
_AS_DIGIT = str.maketrans("OolI", "0011")

_WORD_ZERO = re.compile(r"(?<![^\W_])[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{3,}0(?![^\W_])")
# round 24: a "1" between lower-case letters of a word reads as "l" ("co1egiado", "Ánge1es", "Yo1anda"), and an "l"
# between capitals of a word in capitals as "I" ("PAClENTE", "MEDlNA"): a code keeps its digits (two letters each side)
_WORD_ONE = re.compile(r"(?<![^\W_])[^\W\d_]*[a-záéíóúñ]{2}1(?=[a-záéíóúñ]{2})[a-záéíóúñ]*(?![^\W_])|"
                       r"(?<![^\W_])[^\W\d_]*[a-záéíóúñ]1(?=[a-záéíóúñ]{2,}(?![^\W_]))")
_CAPS_L = re.compile(r"(?<![^\W_])[A-ZÁÉÍÓÚÑ]{2,}l[A-ZÁÉÍÓÚÑ]{2,}(?![^\W_])")


def ocr_digits(text: str) -> str:
    """``text`` with OCR's look-alike letters read as digits inside digit runs (and ``0`` as ``o`` closing a
    word); the same length, so offsets hold."""
    if not any(c in text for c in "OolI01"):
        return text
    chars: list[str] | None = None
    for m in _RUN.finditer(text):
        run = m.group()
        real = sum(c.isdigit() for c in run)
        if real == len(run.replace(" ", "").replace("/", "").replace(".", "").replace(":", "").replace("-", "")) \
                or real < 2 or sum(c.isdigit() or c in "OolI" for c in run) < 4:
            continue
        for g in _GROUP_RE.finditer(run):
            if any(c.isdigit() for c in g.group()) and not g.group().isdigit():
                chars = chars if chars is not None else list(text)
                s = m.start() + g.start()
                chars[s:s + len(g.group())] = _as_digits(g.group())
    for m in _WORD_ZERO.finditer(text):
        chars = chars if chars is not None else list(text)
        chars[m.end() - 1] = "o"
    for m in _WORD_ONE.finditer(text):
        chars = chars if chars is not None else list(text)
        s = m.start() + m.group().index("1")
        chars[s] = "l"
    for m in _CAPS_L.finditer(text):
        chars = chars if chars is not None else list(text)
        s = m.start() + m.group().index("l")
        chars[s] = "I"
    return text if chars is None else "".join(chars)


def _as_digits(group: str) -> str:
    """An "l" or "I" reads as 1 only after a digit ("1l", "2I"): a group that starts with one is a code
    (``I21.19``)."""
    lead = len(group) - len(group.lstrip("lI"))
    return group[:lead] + group[lead:].translate(_AS_DIGIT)
