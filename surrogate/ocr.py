"""OCR's letter-for-digit confusions, undone in a same-length view.

A scanned letter prints ``O5/03/2O25``, ``968 34 O2 17``, ``03/1l/1952`` and ``Sorian0``: the shapes of dates and
phones, and the name gazetteers, miss them. In a run of digit groups (groups of digits and the look-alikes ``O``,
``o``, ``l`` and ``I``, joined by single separators) that holds at least four characters of digits, two of them
real, each look-alike in a group that has a real digit reads as the digit (``O`` → ``0``; ``l``/``I`` → ``1`` after
a digit, so that the code ``I21.19`` stays). A
``0`` closing a capitalised word of lower-case letters reads as ``o`` (``Sorian0``). Inside a word that is otherwise
all letters, the same shapes read as the letter the word's case calls for: ``1`` between lower-case letters as ``l``
(``Sa1ud``, ``Va11adolid``, ``Loca1idad``), ``l`` between capitals as ``I`` (``MEDlNA``, ``CASTlLLA``) and ``0``
between capitals or closing a word of four capitals or more as ``O`` (``LE0N``, ``VISAD0``): the place and body
lists, and the field cues, read them. Nothing else changes: ``O2``, ``1OO mg``, ``CO2``, ``HbA1c``, ``AB0`` and
``Killip I`` keep their characters.
"""
from __future__ import annotations

import re

_GROUP = r"[0-9OolI]+"
_RUN = re.compile(rf"(?<![^\W_]){_GROUP}(?:[ /.:-]{_GROUP})*(?![^\W_])")
_GROUP_RE = re.compile(_GROUP)
_AS_DIGIT = str.maketrans("OolI", "0011")

_WORD_ZERO = re.compile(r"(?<![^\W_])[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{3,}0(?![^\W_])")
# a word of letters and look-alikes only (no other digit): "Sa1ud", "MEDlNA", "LE0N", "VISAD0"
_MIXED_WORD = re.compile(r"(?<![^\W_])[^\W\d_]*[10][^\W\d_]*(?:[10][^\W\d_]*)*(?![^\W_])|"
                         r"(?<![^\W_])[A-ZÁÉÍÓÚÑ]+l[A-ZÁÉÍÓÚÑl]+(?![^\W_])")
_LOW_ONE = re.compile(r"(?<=[a-záéíóúñ])1+(?=[a-záéíóúñ])")
_CAP_L = re.compile(r"(?<=[A-ZÁÉÍÓÚÑ])l(?=[A-ZÁÉÍÓÚÑ])")
_CAP_ZERO = re.compile(r"(?<=[A-ZÁÉÍÓÚÑ])0(?=[A-ZÁÉÍÓÚÑ])|(?<=[A-ZÁÉÍÓÚÑ]{3})0$")


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
    for m in _MIXED_WORD.finditer(text):
        word = m.group()
        if sum(c.isalpha() for c in word) < 3 or len(word) < 4:
            continue
        fixed = _LOW_ONE.sub(lambda o: "l" * len(o.group()), word) if sum(c.isalpha() for c in word) >= 4 else word
        fixed = _CAP_L.sub("I", fixed) if fixed.replace("l", "").isupper() else fixed
        fixed = _CAP_ZERO.sub("O", fixed)
        if fixed != word:
            chars = chars if chars is not None else list(text)
            chars[m.start():m.end()] = fixed
    return text if chars is None else "".join(chars)


def _as_digits(group: str) -> str:
    """An "l" or "I" reads as 1 only after a digit ("1l", "2I"): a group that starts with one is a code
    (``I21.19``)."""
    lead = len(group) - len(group.lstrip("lI"))
    return group[:lead] + group[lead:].translate(_AS_DIGIT)
