"""Texts read through a shorter view with an offset map, when the text as stored hides its words.

* **Raw RTF** (``{\\b Nombre:}\\b0  Jes\\'fas Mart\\'ednez``): the view drops groups that hold no text (font and
  colour tables, ``{\\*\\...}`` destinations, pictures), control words and braces, decodes ``\\'xx`` escapes
  (code page of ``\\ansicpg``) and ``\\uN`` characters, and turns ``\\par``/``\\line`` into line ends and
  ``\\tab``/``\\cell`` into tabs: the rules read ``Nombre: Jesús Martínez`` and a span maps back onto the
  escapes (``Jes\\'fas``).
* **Words hyphenated across a line end** (``Antonio Fernán-`` ⏎ ``dez Espín``, as a scanned letter prints them):
  the view joins the two halves; a span that holds the join maps back as two spans, the hyphen kept in the
  first, since a span may not cross a line.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass
class View:
    """A view text; ``starts[i]``/``ends[i]`` are the source range of its character ``i``."""
    text: str = ""
    starts: list[int] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)
    joins: list[tuple[int, int]] = field(default_factory=list)  # (end of the first half, start of the second)
    _chars: list[str] = field(default_factory=list)

    def emit(self, chars: str, start: int, end: int) -> None:
        for ch in chars:
            self._chars.append(ch)
            self.starts.append(start)
            self.ends.append(end)

    def copy(self, source: str, start: int, end: int) -> None:
        for i in range(start, end):
            self.emit(source[i], i, i + 1)

    def done(self) -> View:
        self.text = "".join(self._chars)
        return self

    def to_source(self, spans: Iterable[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
        """Spans of the view as spans of the source, split at each join they hold."""
        out = []
        for s, e, label in spans:
            if s >= e:
                continue
            start, end = self.starts[s], self.ends[e - 1]
            for first_end, second_start in self.joins:
                if start < first_end and second_start < end:
                    out.append((start, first_end, label))
                    start = second_start
            out.append((start, end, label))
        return out


def view_of(text: str) -> View | None:
    """The view of an RTF document or of a text with hyphenated line ends; None for any other text."""
    if text.lstrip().startswith("{\\rtf"):
        return _rtf(text)
    if _HYPHEN_BREAK.search(text):
        return _dehyphenated(text)
    return None


# a word cut by a hyphen at the line end and resumed in lower case on the next line
_HYPHEN_BREAK = re.compile(r"(?<=[^\W\d_])-[ \t]*\r?\n[ \t]*(?=[a-záéíóúàèòñüç])")


def _dehyphenated(text: str) -> View:
    view, pos = View(), 0
    for m in _HYPHEN_BREAK.finditer(text):
        view.copy(text, pos, m.start())
        view.joins.append((m.start() + 1, m.end()))
        pos = m.end()
    view.copy(text, pos, len(text))
    return view.done()


_RTF_TOKEN = re.compile(r"\\'([0-9a-fA-F]{2})|\\u(-?\d+) ?|\\([a-zA-Z]+)(-?\d+)? ?|\\([^a-zA-Z])|([{}])|(\r?\n)")
_SKIPPED = frozenset({"fonttbl", "colortbl", "stylesheet", "listtable", "listoverridetable", "pict", "rsidtbl",
                      "themedata", "datastore", "latentstyles", "xmlnstbl", "generator"})
# document properties: each one's value ends where its group does ("{\author Ana Ruiz}{\operator ...}")
_PROPERTIES = frozenset({"title", "subject", "author", "manager", "company", "operator", "category", "keywords",
                         "comment", "doccomm", "hlinkbase"})
_AS_TEXT = {"par": "\n", "line": "\n", "sect": "\n", "page": "\n", "row": "\n", "tab": "\t", "cell": "\t",
            "emdash": "—", "endash": "–", "bullet": "•", "lquote": "‘", "rquote": "’", "ldblquote": "“",
            "rdblquote": "”", "emspace": " ", "enspace": " ", "qmspace": " "}
_SYMBOLS = {"~": " ", "_": "-", "\\": "\\", "{": "{", "}": "}"}


def _rtf(text: str) -> View:
    codepage = re.search(r"\\ansicpg(\d+)", text)
    encoding = f"cp{codepage.group(1)}" if codepage else "cp1252"
    view, pos, skip_from = View(), 0, None  # skip_from: depth of the group being skipped
    fallback = 0  # characters still to skip after a \uN
    group_start = False
    groups: list[str | None] = []  # the first control word of each open group
    for m in _RTF_TOKEN.finditer(text):
        if skip_from is None:
            _plain(view, text, pos, m.start(), fallback)
            fallback = 0
        pos = m.end()
        hexa, uni, word, _num, symbol, brace, newline = m.groups()
        if brace == "{":
            groups.append(None)
            group_start = True
            continue
        if brace == "}":
            if skip_from is not None and len(groups) == skip_from:
                skip_from = None
            elif skip_from is None and groups and groups[-1] in _PROPERTIES:
                view.emit("\n", m.start(), m.end())
            if groups:
                groups.pop()
            group_start = False
            continue
        opens, group_start = group_start, False
        if opens and word:
            groups[-1] = word
        if skip_from is not None or newline:
            continue
        if (word in _SKIPPED or symbol == "*") and opens:
            skip_from = len(groups)
        elif hexa:
            if fallback:
                fallback -= 1
                continue
            view.emit(_decode(bytes([int(hexa, 16)]), encoding), m.start(), m.end())
        elif uni:
            code = int(uni)
            view.emit(chr(code + 65536 if code < 0 else code), m.start(), m.end())
            fallback = 1
        elif word in _AS_TEXT:
            view.emit(_AS_TEXT[word], m.start(), m.end())
        elif symbol in _SYMBOLS:
            view.emit(_SYMBOLS[symbol], m.start(), m.end())
    if skip_from is None:
        _plain(view, text, pos, len(text), fallback)
    return view.done()


def _plain(view: View, text: str, start: int, end: int, fallback: int) -> None:
    view.copy(text, start + min(fallback, end - start), end)


def _decode(raw: bytes, encoding: str) -> str:
    try:
        return raw.decode(encoding)
    except (UnicodeDecodeError, LookupError):
        return raw.decode("cp1252", errors="replace")
