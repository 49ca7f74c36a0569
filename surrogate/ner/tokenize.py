"""Tokens with character offsets, shared by the CRF and the rules' gazetteer lookups.

A token is a run of word characters or one other non-space character, so ``Dr.Juan`` gives ``Dr``,
``.``, ``Juan`` and an e-mail splits at ``@`` and ``.``. On MEDDOCAN train+dev all but 10 of 17,134
gold spans (glued or truncated ones) start and end on these token boundaries.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

_TOKEN = re.compile(r"\w+|[^\w\s]")
LINE = re.compile(r"[^\n]+")  # one line of text, without its newline


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
    for m in LINE.finditer(text):
        yield m.start(), m.end()


def sequences(text: str) -> list[list[Token]]:
    """The text as one token sequence per line (the CRF's unit), skipping lines without tokens."""
    out = []
    for s, e in lines(text):
        toks = tokens(text, s, e)
        if toks:
            out.append(toks)
    return out


def find_phrases(text: str, values: Iterable[str]) -> Iterator[tuple[int, int, str]]:
    """Every whole-token occurrence of each value in ``text``, longest value first at each position.

    One pass over the text's tokens with a dictionary keyed by a value's first token, so the cost does
    not grow with the number of values (a regex alternation of a thousand strings would).
    """
    by_first: dict[str, list[tuple[int, str]]] = {}
    for value in set(values):
        toks = tokens(value)
        if toks:
            by_first.setdefault(toks[0].text, []).append((len(toks), value))
    for cands in by_first.values():
        cands.sort(reverse=True)
    toks = tokens(text)
    i = 0
    while i < len(toks):
        step = 1
        for n, value in by_first.get(toks[i].text, ()):
            j = i + n - 1
            if j < len(toks) and text[toks[i].start:toks[j].end] == value:
                yield toks[i].start, toks[j].end, value
                step = n
                break
        i += step
