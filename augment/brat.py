"""BRAT standoff (``.txt`` + ``.ann``) reader and writer with byte-identical round-trip.

Files are decoded as strict UTF-8 without newline translation, so a leading BOM is character 0 of
``Document.text`` and CRLF stays two characters: offsets are code points of the file exactly as stored.
The ``.ann`` layout (every line, its order and line ending, non-``T`` lines verbatim) travels in
``Document.meta["brat"]``; the writer re-emits it, rewriting only the ``T`` lines whose span changed.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from surrogate.model import Document, Fragment, Span

from .errors import InputError, UserError
from .validation import BOM, check_not_empty, check_offsets, check_overlaps, decode_utf8

META_KEY = "brat"
ANN_PREFIXES = "TERAMN#*"  # text-bound, event, relation, attribute, modifier, normalization, note, equivalence
_REF_AFTER_COLON = re.compile(r"[^\s:]+:(\S+)")
_OFFSET = re.compile(r"[0-9]+")  # ASCII only: int() would also accept full-width digits
_BRAT_ID = re.compile(r"T\S+")
_LINE_BREAK = str.maketrans({"\n": " ", "\r": " "})


@dataclass(frozen=True, slots=True)
class AnnLine:
    """One ``.ann`` line as read: raw text (without its ending), its ending, and for ``T`` lines the parse."""

    raw: str = field(repr=False)  # holds PHI: kept out of reprs and logs
    ending: str  # "\n", "\r\n", "\r" or "" for a last line without a newline
    span_id: str | None = None
    label: str = ""
    fragments: tuple[Fragment, ...] = ()
    text: str = field(default="", repr=False)


@dataclass(frozen=True, slots=True)
class BratLayout:
    """What a writer needs to reproduce the ``.ann`` byte for byte."""

    lines: tuple[AnnLine, ...] = ()
    ann_bom: bool = False
    has_ann: bool = True


def ann_text(span: Span, text: str) -> str:
    """The span text as written in the ``.ann``: fragments joined by one space, line breaks as spaces.

    A line break inside a span would split the ``.ann`` line, so each ``\\n``/``\\r`` is written as a space
    (one for one, so lengths agree); the reader accepts that form.
    """
    return span.text_in(text).translate(_LINE_BREAK)


def without_notes(meta: Mapping | None) -> Mapping | None:
    """``meta`` with ``#`` note lines left out of its layout: notes are free text that may quote the original
    PHI, so nothing de-identified carries them."""
    layout = meta.get(META_KEY) if meta else None
    if not isinstance(layout, BratLayout) or not any(line.raw.startswith("#") for line in layout.lines):
        return meta
    lines = tuple(line for line in layout.lines if not line.raw.startswith("#"))
    return {**meta, META_KEY: replace(layout, lines=lines)}


# ----------------------------------------------------------------------------------------------- reading


def _split_lines(ann: str) -> list[tuple[str, str]]:
    """(raw, ending) per line; only ``\\n`` ends a line (span texts may hold other separators)."""
    parts = ann.split("\n")
    out = []
    for i, raw in enumerate(parts):
        last = i == len(parts) - 1
        if last and raw == "":
            break
        ending = "" if last else "\n"
        if raw.endswith("\r"):
            raw, ending = raw[:-1], "\r" + ending
        out.append((raw, ending))
    return out


def _parse_t_line(raw: str, ending: str, path: Path, lineno: int) -> tuple[Span, AnnLine]:
    fields = raw.split("\t", 2)
    if len(fields) != 3:
        raise InputError(
            path, f"text-bound annotation needs 3 tab-separated fields (ID, LABEL START END, TEXT), found {len(fields)}", lineno
        )
    span_id, middle, text = fields
    if not _BRAT_ID.fullmatch(span_id):
        raise InputError(path, "malformed annotation id (expected T followed by an identifier, e.g. T12)", lineno)
    label, _, offsets = middle.partition(" ")
    if not label or not offsets.strip():
        raise InputError(path, f"span {span_id}: second field must be 'LABEL START END'", lineno)
    fragments: list[Fragment] = []
    for piece in offsets.split(";"):
        numbers = piece.split()
        if len(numbers) != 2:
            raise InputError(path, f"span {span_id}: each fragment needs exactly START END", lineno)
        if not all(_OFFSET.fullmatch(x) for x in numbers):
            raise InputError(path, f"span {span_id}: offsets must be non-negative integers", lineno)
        start, end = int(numbers[0]), int(numbers[1])
        if start > end:
            raise InputError(path, f"span {span_id}: start {start} > end {end}", lineno)
        if fragments and start < fragments[-1][1]:
            raise InputError(path, f"span {span_id}: fragments out of order or overlapping", lineno)
        fragments.append((start, end))
    frags = tuple(fragments)
    span = Span.from_fragments(span_id, label, frags)
    return span, AnnLine(raw, ending, span_id, label, frags, text)


def _references(raw: str) -> list[str]:
    """Annotation ids that a non-``T`` line points at (BRAT's standoff grammar)."""
    fields = raw.split("\t")
    if len(fields) < 2:
        return []
    tokens = fields[1].split()
    kind = raw[0]
    if kind == "E":  # Type:Trigger Role:Arg ...
        return [m.group(1) for tok in tokens if (m := _REF_AFTER_COLON.fullmatch(tok))]
    if kind == "R":  # Type Arg1:T1 Arg2:T2
        return [m.group(1) for tok in tokens[1:] if (m := _REF_AFTER_COLON.fullmatch(tok))]
    if kind == "*":  # Type T1 T2 ...
        return tokens[1:]
    return tokens[1:2]  # A, M, N, #: Type Target [value]


def parse_ann(ann: str, path: Path) -> tuple[list[Span], BratLayout, dict[str, int]]:
    """Parse and check an ``.ann`` on its own (grammar, duplicate ids, dangling references)."""
    has_bom = ann.startswith(BOM)
    if has_bom:
        ann = ann[1:]
    spans: list[Span] = []
    lines: list[AnnLine] = []
    defined: dict[str, int] = {}  # annotation id -> line number
    references: list[tuple[str, int]] = []
    for lineno, (raw, ending) in enumerate(_split_lines(ann), start=1):
        if not raw.strip():
            lines.append(AnnLine(raw, ending))  # blank lines are kept as they are
            continue
        kind = raw[0]
        if kind not in ANN_PREFIXES:
            raise InputError(path, "line does not start with a BRAT annotation id (T, E, R, A, M, N, # or *)", lineno)
        ann_id = raw.split("\t", 1)[0]
        if kind != "*":
            if ann_id in defined:
                raise InputError(path, f"duplicate annotation id {ann_id} (first defined on line {defined[ann_id]})", lineno)
            defined[ann_id] = lineno
        if kind == "T":
            span, line = _parse_t_line(raw, ending, path, lineno)
            spans.append(span)
            lines.append(line)
            continue
        if "\t" not in raw:
            raise InputError(path, f"annotation {ann_id}: needs tab-separated fields", lineno)
        references.extend((ref, lineno) for ref in _references(raw))
        lines.append(AnnLine(raw, ending))
    for ref, lineno in references:
        if ref not in defined:
            raise InputError(path, f"reference to undefined annotation id {ref}", lineno)
    return spans, BratLayout(tuple(lines), has_bom, True), {sp.id: defined[sp.id] for sp in spans}


def parse_brat(
    text: str,
    ann: str | None,
    *,
    doc_id: str,
    txt_path: Path,
    ann_path: Path,
    allow_overlaps: bool = True,
    allow_empty: bool = False,
) -> Document:
    """Build a checked Document from decoded ``.txt`` and ``.ann`` contents (``ann=None``: no ``.ann`` file)."""
    if not allow_empty:
        check_not_empty(text, txt_path)
    if ann is None:
        return Document(doc_id, text, (), {META_KEY: BratLayout(has_ann=False), "source": str(txt_path)})
    spans, layout, line_of = parse_ann(ann, ann_path)
    check_offsets(spans, text, ann_path, line_of.get)
    by_line = {line.span_id: line for line in layout.lines if line.span_id is not None}
    for sp in spans:
        if ann_text(sp, text) != by_line[sp.id].text.translate(_LINE_BREAK):
            raise InputError(
                ann_path, f"span {sp.id}: text in the .ann differs from the .txt at offsets {sp.start}..{sp.end}", line_of[sp.id]
            )
    check_overlaps(spans, ann_path, line_of.get, allow_overlaps=allow_overlaps)
    ordered = tuple(sorted(spans, key=lambda sp: (sp.start, sp.end)))
    return Document(doc_id, text, ordered, {META_KEY: layout, "source": str(txt_path)})


def read_brat_document(
    directory: str | Path, name: str, *, allow_overlaps: bool = True, allow_empty: bool = False
) -> Document:
    """Read ``name.txt`` (required) and ``name.ann`` (optional: absent means no spans) from ``directory``."""
    directory = Path(directory)
    txt_path, ann_path = directory / f"{name}.txt", directory / f"{name}.ann"
    if not txt_path.is_file():
        if ann_path.is_file():
            raise InputError(txt_path, f"text file missing for annotation file {ann_path.name}")
        raise InputError(txt_path, "document not found")
    text = decode_utf8(txt_path.read_bytes(), txt_path)
    ann = decode_utf8(ann_path.read_bytes(), ann_path) if ann_path.is_file() else None
    return parse_brat(
        text, ann, doc_id=name, txt_path=txt_path, ann_path=ann_path, allow_overlaps=allow_overlaps, allow_empty=allow_empty
    )


def list_brat(directory: str | Path) -> list[str]:
    """Document names in a BRAT directory, sorted; fails if an ``.ann`` has no ``.txt``.

    Only the directory's own ``*.txt``/``*.ann`` files count (no recursion); names starting with ``.``
    (editor and macOS metadata files) are ignored.
    """
    directory = Path(directory)
    if not directory.is_dir():
        raise UserError(f"{directory}: not a directory")
    txt: set[str] = set()
    ann: set[str] = set()
    for entry in directory.iterdir():
        if entry.name.startswith(".") or not entry.is_file():
            continue
        if entry.suffix == ".txt":
            txt.add(entry.stem)
        elif entry.suffix == ".ann":
            ann.add(entry.stem)
        elif entry.suffix.lower() in (".txt", ".ann"):  # B.TXT: skipping it would silently drop a document
            raise InputError(entry, f"extension {entry.suffix} must be written in lower case ({entry.suffix.lower()})")
    for name in sorted(ann - txt):
        raise InputError(directory / f"{name}.txt", f"text file missing for annotation file {name}.ann")
    return sorted(txt)


def read_brat_corpus(
    directory: str | Path, *, allow_overlaps: bool = True, allow_empty: bool = False
) -> Iterator[Document]:
    """Every document of a BRAT directory, sorted by name. Pairing is checked before the first document."""
    names = list_brat(directory)
    for name in names:
        yield read_brat_document(directory, name, allow_overlaps=allow_overlaps, allow_empty=allow_empty)


# ----------------------------------------------------------------------------------------------- writing


def _t_line(span: Span, text: str) -> str:
    if not _BRAT_ID.fullmatch(span.id):
        raise UserError(f"span {span.id}: not a BRAT text-bound id (must be T followed by an identifier, e.g. T12)")
    if not span.label or any(c.isspace() for c in span.label):
        raise UserError(f"span {span.id}: label is empty or contains whitespace, which BRAT cannot store")
    offsets = ";".join(f"{s} {e}" for s, e in span.fragments)
    return f"{span.id}\t{span.label} {offsets}\t{ann_text(span, text)}"


_ANN_REF = re.compile(r"(?<![\w#])[TREAMN#]\w*")


def _gone_lines(layout: BratLayout, spans: Mapping[str, Span]) -> set[int]:
    """Indices of the ``.ann`` lines that no longer apply: spans the document lost (an overlapping span merged
    into or dropped from its cluster's head, see docs/engine.md) and, transitively, every line pointing at one."""
    gone_ids = {line.span_id for line in layout.lines if line.span_id is not None and line.span_id not in spans}
    gone = {i for i, line in enumerate(layout.lines) if line.span_id in gone_ids}
    if not gone:
        return gone
    refs = [(i, line.raw.split("\t", 1)[0], set(_ANN_REF.findall(line.raw.partition("\t")[2].split("\t")[0])))
            for i, line in enumerate(layout.lines) if line.span_id is None]
    changed = True
    while changed:
        changed = False
        for i, line_id, points_at in refs:
            if i not in gone and points_at & gone_ids:
                gone.add(i)
                gone_ids.add(line_id)
                changed = True
    return gone


def format_brat(doc: Document) -> tuple[str, str]:
    """The ``.txt`` and ``.ann`` contents of a document.

    With a layout from the reader, every original line is re-emitted in order with its own line ending;
    a ``T`` line is kept verbatim when its span (label, fragments, text) is unchanged and rewritten as
    ``ID<TAB>LABEL START END<TAB>TEXT`` otherwise. Spans the layout does not know are appended; lines of spans
    the document no longer holds, and the lines that point at them, are left out.
    """
    doc.check_alignment()
    layout = doc.meta.get(META_KEY)
    if not isinstance(layout, BratLayout):
        layout = BratLayout(has_ann=False)
    spans = {sp.id: sp for sp in doc.spans}
    if len(spans) != len(doc.spans):
        raise UserError(f"doc {doc.id}: duplicate span ids")
    out: list[str] = []
    written: set[str] = set()
    gone = _gone_lines(layout, spans)
    for i, line in enumerate(layout.lines):
        if i in gone:
            continue
        if line.span_id is None:
            out.append(line.raw + line.ending)
            continue
        sp = spans[line.span_id]
        written.add(sp.id)
        if sp.label == line.label and sp.fragments == line.fragments and ann_text(sp, doc.text) == line.text:
            out.append(line.raw + line.ending)
        else:
            out.append(_t_line(sp, doc.text) + line.ending)
    extra = [sp for sp in doc.spans if sp.id not in written]
    if extra:
        newline = next((line.ending for line in layout.lines if line.ending), "\n")
        if out and not out[-1].endswith("\n"):
            out[-1] += newline
        out.extend(_t_line(sp, doc.text) + newline for sp in extra)
    return doc.text, (BOM if layout.ann_bom else "") + "".join(out)


def write_brat(doc: Document, out_dir: str | Path, name: str) -> list[Path]:
    """Write ``name.txt`` and ``name.ann`` (always both) as UTF-8 bytes; refuses to overwrite a file."""
    txt, ann = format_brat(doc)
    paths = [Path(out_dir) / f"{name}.txt", Path(out_dir) / f"{name}.ann"]
    for path, content in zip(paths, (txt, ann)):
        try:
            with open(path, "xb") as fh:
                fh.write(content.encode("utf-8"))
        except FileExistsError:
            raise UserError(f"{path}: already exists (two documents with the same name?)") from None
    return paths
