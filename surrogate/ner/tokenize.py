"""Tokens with character offsets, shared by the CRF and the rules' gazetteer lookups.

A token is a run of word characters or one other non-space character, so ``Dr.Juan`` gives ``Dr``,
``.``, ``Juan`` and an e-mail splits at ``@`` and ``.``. On MEDDOCAN train+dev all but 10 of 17,134
gold spans (glued or truncated ones) start and end on these token boundaries.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

_TOKEN = re.compile(r"\w+|[^\w\s]")
_LINE = re.compile(r"[^\n]+")


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    start: int
    end: int


def tokens(text: str, start: int = 0, end: int | None = None) -> list[Token]:
    """Tokens of ``text[start:end]`` with offsets into ``text``."""
    return [Token(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text, start, len(text) if end is None else end)]


def lines(text: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each non-empty line; MEDDOCAN lines are header fields or whole paragraphs."""
    for m in _LINE.finditer(text):
        yield m.start(), m.end()


def sequences(text: str) -> list[list[Token]]:
    """The text as one token sequence per line (the CRF's unit), skipping lines without tokens."""
    out = []
    for s, e in lines(text):
        toks = tokens(text, s, e)
        if toks:
            out.append(toks)
    return out
