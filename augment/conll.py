"""CoNLL / IOB2, token level, with character offsets and whitespace kept so text and spans are recoverable.

Layout (tab-separated; the token comes first and the tag last, as NER toolkits expect)::

    -DOCSTART-<TAB>doc-id<TAB>BEFORE
    <blank>
    TOKEN<TAB>START<TAB>END<TAB>AFTER<TAB>TAG
    ...
    <blank>                                  (end of a sentence = end of a text line)

``BEFORE``/``AFTER`` hold the exact text before the first token / after each token up to the next one,
escaped so the column has no whitespace: ``_`` is empty, ``\\s`` space, ``\\t`` tab, ``\\n``, ``\\r``,
``\\uXXXX`` anything else (NBSP, BOM, ...). Concatenating BEFORE, then TOKEN + AFTER per line, gives the
document text back exactly; START/END are checked against it.

Tokenizer: ``\\w+|[^\\w\\s\\ufeff]`` (Unicode ``re``), run separately inside and between span fragment
boundaries, so a span edge always falls on a token edge (``Fco`` + ``rancisco`` when a span starts mid-word).
A blank line (sentence break) is written where the whitespace after a token holds a line break, except
inside an entity. What IOB2 cannot express: discontinuous spans become one entity per fragment, and
whitespace at a span's edge is trimmed to its tokens, and of overlapping spans only the outermost are
written (all with a ``FormatWarning``); spans without any token raise ``UserError``.

Foreign CoNLL (any file whose documents do not start with the header above) is read too: first column =
token, last column = tag, tokens joined by one space and sentences by ``\\n``; its documents are named
after the file (``name`` or ``name-1``, ``name-2``... for several ``-DOCSTART-`` blocks).
"""
from __future__ import annotations

import itertools
import re
import warnings
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from surrogate.model import Document, Span

from .errors import InputError, UserError
from .validation import BOM, check_not_empty, decode_utf8, find_overlap

DOCSTART = "-DOCSTART-"
TOKEN_RE = re.compile(r"\w+|[^\w\s\ufeff]")
_ESCAPE = {" ": "\\s", "\t": "\\t", "\n": "\\n", "\r": "\\r"}
_UNESCAPE = {"s": " ", "t": "\t", "n": "\n", "r": "\r"}
_ESCAPED = re.compile(r"(?:\\(?:[stnr]|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}))*")
_ESCAPE_ITEM = re.compile(r"\\(?:([stnr])|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8}))")
_OFFSET = re.compile(r"[0-9]+")
_GAP_CHAR = re.compile(r"[\s\ufeff]")


class FormatWarning(UserWarning):
    """Information the target format cannot hold was simplified (names span ids only)."""


def _is_gap(text: str) -> bool:
    return all(c.isspace() or c == BOM for c in text)


def escape_gap(text: str) -> str:
    if not text:
        return "_"
    return "".join(_ESCAPE.get(c) or (f"\\u{ord(c):04X}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08X}") for c in text)


@lru_cache(maxsize=4096)  # a corpus uses few distinct whitespace runs
def unescape_gap(field: str) -> str | None:
    """The text an escaped BEFORE/AFTER column stands for, or None if the column is malformed."""
    if field == "_":
        return ""
    if not field or not _ESCAPED.fullmatch(field):
        return None

    def one(m: re.Match[str]) -> str:
        return _UNESCAPE[m.group(1)] if m.group(1) else chr(int(m.group(2) or m.group(3), 16))

    out = _ESCAPE_ITEM.sub(one, field)
    return out if _is_gap(out) else None


# ----------------------------------------------------------------------------------------------- writing


def tokenize(text: str, spans: tuple[Span, ...] = ()) -> list[tuple[int, int]]:
    """Token (start, end) offsets; no token crosses a span fragment boundary."""
    cuts = sorted({0, len(text), *(x for sp in spans for frag in sp.fragments for x in frag)})
    return [m.span() for a, b in itertools.pairwise(cuts) for m in TOKEN_RE.finditer(text, a, b)]


def _outermost(doc: Document) -> list[Span]:
    """The spans IOB2 can store: longest first, each kept only if it shares no character with one kept before."""
    if find_overlap(doc.spans) is None:
        return list(doc.spans)
    kept: list[Span] = []
    for sp in sorted(doc.spans, key=lambda sp: (-sum(e - s for s, e in sp.fragments), sp.start)):
        found = find_overlap([*kept, sp])
        if found is None:
            kept.append(sp)
        else:
            other = found[1] if found[0] is sp else found[0]
            warnings.warn(f"doc {doc.id}: span {sp.id} overlaps span {other.id}, which IOB2 cannot store; "
                          "only the outer span is written", FormatWarning, stacklevel=4)
    return sorted(kept, key=lambda sp: (sp.start, sp.end))


def _tags(doc: Document, tokens: list[tuple[int, int]]) -> list[str]:
    tags = ["O"] * len(tokens)
    starts = [s for s, _ in tokens]
    ends = [e for _, e in tokens]
    for sp in _outermost(doc):
        if not sp.label or any(c.isspace() for c in sp.label):
            raise UserError(f"doc {doc.id}: span {sp.id} has an empty label or one with whitespace, which CoNLL cannot store")
        if sp.is_discontinuous:
            warnings.warn(
                f"doc {doc.id}: span {sp.id} is discontinuous; CoNLL stores its fragments as separate entities",
                FormatWarning,
                stacklevel=3,
            )
        for s, e in sp.fragments:
            first, stop = bisect_left(starts, s), bisect_right(ends, e)  # tokens never cross s or e
            if first >= stop:
                raise UserError(f"doc {doc.id}: span {sp.id} covers no token (empty or whitespace only); CoNLL cannot store it")
            if starts[first] != s or ends[stop - 1] != e:
                warnings.warn(
                    f"doc {doc.id}: span {sp.id} starts or ends with whitespace; CoNLL stores it trimmed to its tokens",
                    FormatWarning,
                    stacklevel=3,
                )
            tags[first] = f"B-{sp.label}"
            for i in range(first + 1, stop):
                tags[i] = f"I-{sp.label}"
    return tags


def format_conll(doc: Document) -> str:
    """One document in the layout described in the module docstring."""
    doc.check_alignment()
    if any(c in doc.id for c in "\t\n\r"):
        raise UserError("a document id contains a tab or line break, which CoNLL cannot store")
    text = doc.text
    tokens = tokenize(text, doc.spans)
    tags = _tags(doc, tokens)
    before = text[: tokens[0][0]] if tokens else text
    out = [f"{DOCSTART}\t{doc.id}\t{escape_gap(before)}\n", "\n"]
    for i, (s, e) in enumerate(tokens):
        nxt = tokens[i + 1][0] if i + 1 < len(tokens) else len(text)
        after = text[e:nxt]
        out.append(f"{text[s:e]}\t{s}\t{e}\t{escape_gap(after)}\t{tags[i]}\n")
        last = i + 1 == len(tokens)
        if last or (("\n" in after or "\r" in after) and not tags[i + 1].startswith("I-")):
            out.append("\n")
    return "".join(out)


# ----------------------------------------------------------------------------------------------- reading


class _DocBuilder:
    """Accumulates one document's text and IOB2 entities while lines are read."""

    def __init__(self, doc_id: str | None, text: str, lineno: int, native: bool) -> None:
        self.doc_id, self.lineno, self.native = doc_id, lineno, native
        self.parts = [text]
        self.length = len(text)
        self.spans: list[Span] = []
        self.span_lines: dict[str, int] = {}
        self.open: tuple[str, int, int, int] | None = None  # label, start, end, line of its B token
        self.tokens = 0
        self.sentence_has_tokens = False

    def close(self) -> None:
        if self.open is not None:
            label, start, end, lineno = self.open
            span_id = f"T{len(self.spans) + 1}"
            self.spans.append(Span(span_id, label, start, end))
            self.span_lines[span_id] = lineno
            self.open = None

    def sentence_break(self) -> None:
        self.close()
        if not self.native and self.sentence_has_tokens:
            self.parts.append("\n")
            self.length += 1
        self.sentence_has_tokens = False

    def add(self, token: str, start: int, end: int, tag: str, lineno: int, path: Path) -> None:
        if tag == "O":
            self.close()
        else:
            prefix, _, label = tag.partition("-")
            if prefix not in ("B", "I") or not label:
                raise InputError(path, "tag must be O, B-LABEL or I-LABEL (IOB2)", lineno)
            # An I- that does not continue an entity of its label starts one, as conlleval does.
            if prefix == "I" and self.open is not None and self.open[0] == label:
                self.open = (label, self.open[1], end, self.open[3])
            else:
                self.close()
                self.open = (label, start, end, lineno)
        self.tokens += 1
        self.sentence_has_tokens = True

    def build(self, path: Path, *, allow_empty: bool) -> Document:
        self.close()
        text = "".join(self.parts)
        if not allow_empty:
            check_not_empty(text, path, self.lineno)
        return Document(self.doc_id or "", text, tuple(self.spans), {"source": str(path), "line": self.lineno})


def _native_token(fields: list[str], doc: _DocBuilder, path: Path, lineno: int) -> None:
    if len(fields) != 5:
        raise InputError(path, f"token line needs 5 tab-separated fields (TOKEN START END AFTER TAG), found {len(fields)}", lineno)
    token, start_s, end_s, after_s, tag = fields
    if not token or _GAP_CHAR.search(token):
        raise InputError(path, "token column is empty or holds whitespace", lineno)
    if not (_OFFSET.fullmatch(start_s) and _OFFSET.fullmatch(end_s)):
        raise InputError(path, "START and END must be non-negative integers", lineno)
    start, end = int(start_s), int(end_s)
    if start != doc.length or end != start + len(token):
        raise InputError(
            path, f"START/END {start}..{end} disagree with the text rebuilt from the token and whitespace columns", lineno
        )
    after = unescape_gap(after_s)
    if after is None:
        raise InputError(path, "AFTER column must be _ or escaped whitespace (\\s \\t \\n \\r \\uXXXX)", lineno)
    doc.add(token, start, end, tag, lineno, path)
    doc.parts.append(token + after)
    doc.length = end + len(after)


def _foreign_token(fields: list[str], doc: _DocBuilder, path: Path, lineno: int) -> None:
    if len(fields) < 2:
        raise InputError(path, "token line needs at least a token and a tag column", lineno)
    token, tag = fields[0], fields[-1]
    if doc.sentence_has_tokens:
        doc.parts.append(" ")
        doc.length += 1
    start = doc.length
    doc.add(token, start, start + len(token), tag, lineno, path)
    doc.parts.append(token)
    doc.length += len(token)


def parse_conll(
    content: str, path: Path, *, allow_overlaps: bool = True, allow_empty: bool = False
) -> list[Document]:
    """Documents of one CoNLL file, in file order (``allow_overlaps`` is accepted for symmetry: IOB2 has none)."""
    del allow_overlaps
    if content.startswith(BOM):
        content = content[1:]
    docs: list[_DocBuilder] = []
    current: _DocBuilder | None = None
    for lineno, line in enumerate(content.split("\n"), start=1):
        line = line.removesuffix("\r")
        if line.startswith(DOCSTART):
            fields = line.split("\t")
            if len(fields) == 3 and fields[0] == DOCSTART:
                before = unescape_gap(fields[2])
                if not fields[1] or before is None:
                    raise InputError(path, "malformed -DOCSTART- header (expected -DOCSTART-, id, escaped text before)", lineno)
                current = _DocBuilder(fields[1], before, lineno, native=True)
            else:
                current = _DocBuilder(None, "", lineno, native=False)
            docs.append(current)
            continue
        if not line.strip():
            if current is not None:
                current.sentence_break()
            continue
        if current is None:  # tokens before any -DOCSTART-: a foreign file
            current = _DocBuilder(None, "", lineno, native=False)
            docs.append(current)
        if current.native:
            _native_token(line.split("\t"), current, path, lineno)
        else:
            _foreign_token(line.split(), current, path, lineno)
    # Foreign -DOCSTART- blocks without tokens (e.g. a trailing marker) are not documents.
    docs = [d for d in docs if d.native or d.tokens]
    foreign = [d for d in docs if not d.native]
    for k, d in enumerate(foreign, start=1):
        d.doc_id = path.stem if len(foreign) == 1 else f"{path.stem}-{k}"
        while d.parts and d.parts[-1] == "\n":  # no trailing line break after the last sentence
            d.parts.pop()
    return [d.build(path, allow_empty=allow_empty) for d in docs]


def read_conll_file(path: str | Path, *, allow_overlaps: bool = True, allow_empty: bool = False) -> Iterator[Document]:
    path = Path(path)
    content = decode_utf8(path.read_bytes(), path)
    yield from parse_conll(content, path, allow_overlaps=allow_overlaps, allow_empty=allow_empty)
