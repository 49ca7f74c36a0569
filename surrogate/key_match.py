"""Find any of a document's folded originals in a folded text, at word boundaries, without compiling a regex.

The leak guard used to compile ``(?<!\\w)(?:k1|k2|…)(?!\\w)`` once per document (keys longest first, the words
of a key joined by ``\\s+``); compiling that alternation was a sixth of the time of a pass over MEDDOCAN
(issue 12). :class:`KeyMatcher` finds exactly the matches that pattern's ``finditer`` finds, in the same
order: at each word start, the first key (in the same order) that matches there and ends at a word boundary,
scanning on after the match. Keys that start with a non-word character, which a word-start scan would not
reach, fall back to the regex.

Keys are indexed by their first run of word characters: a key can only match where the text's word run is that
same run (the key either ends there, needing a boundary, or goes on with a non-word character the text must
repeat). So the scan is C-level work: the text's word runs as a set, its intersection with the keys' first
runs (usually empty), and ``str.find`` for the few that are present (one- and two-letter runs are read off a
fixed regex of every short whole word); only those places are tried.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

_WORD_RUN = re.compile(r"\w+")
_WORD_CHAR = re.compile(r"\w")
#: a whole word of one or two characters: how short first runs are found, with no regex compiled per key set
_SHORT_RUN = re.compile(r"(?<!\w)\w{1,2}(?!\w)")


def _is_word(c: str) -> bool:
    return c.isalnum() or c == "_"  # what re's \w matches in a str pattern


class KeyMatch:
    __slots__ = ("_text", "_start", "_end")

    def __init__(self, text: str, start: int, end: int) -> None:
        self._text, self._start, self._end = text, start, end

    def span(self) -> tuple[int, int]:
        return self._start, self._end

    def group(self) -> str:
        return self._text[self._start : self._end]


class KeyMatcher:
    """``finditer(text)`` like the alternation pattern of ``keys`` (each a folded string; words split on
    whitespace may be separated by any run of whitespace in ``text``)."""

    def __init__(self, keys: Iterable[str]) -> None:
        ordered = sorted(set(keys), key=lambda k: (-len(k), k))
        self._regex: re.Pattern[str] | None = None
        self._by_first: dict[str, list[tuple[str, ...]]] = {}  # first word run -> keys in alternation order
        for key in ordered:
            parts = tuple(key.split())
            if not parts:
                continue
            first = _WORD_RUN.match(parts[0])  # a match at 0: the key starts with a word character
            if first is None:
                self._regex = re.compile(
                    r"(?<!\w)(?:" + "|".join(r"\s+".join(map(re.escape, k.split())) for k in ordered) + r")(?!\w)")
                break
            self._by_first.setdefault(first.group(), []).append(parts)
        self._firsts = frozenset(self._by_first)
        self._short = frozenset(w for w in self._firsts if len(w) <= 2)

    def finditer(self, text: str) -> Iterator[KeyMatch]:
        if self._regex is not None:
            yield from self._regex.finditer(text)  # type: ignore[misc]
            return
        by_first, n = self._by_first, len(text)
        present = self._firsts.intersection(_WORD_RUN.findall(text))  # costs the text's words, not the keys
        if not present:  # the common case on a surrogated text: no key's first word is in it at all
            return
        # (position, first word run) of every whole-word occurrence of a present first run: str.find for
        # words of three letters or more, a fixed regex of short whole words for the short ones ("c" of
        # "C/ Mayor", "28"), which str.find would stop at inside most words of the text
        starts = []
        short = False
        for word in present:
            if len(word) <= 2:
                short = True
                continue
            i = text.find(word)
            while i >= 0:
                j = i + len(word)
                if (i == 0 or not _WORD_CHAR.match(text, i - 1)) and (j == n or not _WORD_CHAR.match(text, j)):
                    starts.append((i, word))
                i = text.find(word, j)
        if short:  # every whole word of one or two characters, kept when it is a short first run
            starts += [(m.start(), w) for m in _SHORT_RUN.finditer(text) if (w := m.group()) in self._short]
        starts.sort()
        resume = 0
        for i, word in starts:
            if i < resume:  # inside the previous match
                continue
            for parts in by_first[word]:
                end = _match(text, i, parts, n)
                if end is not None and (end == n or not _is_word(text[end])):
                    yield KeyMatch(text, i, end)
                    resume = end
                    break


def _match(text: str, pos: int, parts: tuple[str, ...], n: int) -> int | None:
    """End of ``parts`` matched at ``pos`` with a whitespace run between them, or None."""
    for k, part in enumerate(parts):
        if k:
            start = pos
            while pos < n and text[pos].isspace():
                pos += 1
            if pos == start:
                return None
        if not text.startswith(part, pos):
            return None
        pos += len(part)
    return pos
