"""Plain text out of the files a hospital has: ``.txt``, ``.docx`` and ``.pdf``.

The extracted text is what gets annotated; the source file is only read. ``.txt`` needs nothing beyond
the core; ``.docx`` (python-docx) and ``.pdf`` (pypdf) need the optional extra
(``pip install 'surrogate[documents]'``, also part of ``surrogate[review]``), imported only when such a
file is read. Errors name the file, never its content.
"""
from __future__ import annotations

import io
from pathlib import Path

from .errors import InputError, UserError
from .validation import check_not_empty, decode_utf8

SUFFIXES = (".txt", ".docx", ".pdf")
_EXTRA_HINT = "pip install 'surrogate[documents]'"


def is_document(path: Path) -> bool:
    """A file whose suffix one of the readers handles (case-insensitive)."""
    return path.suffix.lower() in SUFFIXES


def read_text_bytes(data: bytes, where: str | Path) -> str:
    """Strict UTF-8, not binary (no NUL), not empty."""
    text = decode_utf8(data, where)
    nul = text.find("\x00")
    if nul >= 0:
        raise InputError(where, f"binary data, not text (NUL character at offset {nul})", text.count("\n", 0, nul) + 1)
    check_not_empty(text, where)
    return text


def read_docx_bytes(data: bytes, where: str | Path) -> str:
    """Paragraphs (and table cells, in document order) of a Word file, one per line."""
    try:
        import docx  # python-docx
        from docx.table import Table
        from docx.text.paragraph import Paragraph
    except ImportError:
        raise UserError(f"{where}: reading .docx needs python-docx ({_EXTRA_HINT})") from None
    try:
        document = docx.Document(io.BytesIO(data))
    except Exception as exc:  # python-docx raises zipfile, KeyError or lxml errors on a damaged file
        raise InputError(where, f"not a readable .docx file ({type(exc).__name__})") from None
    lines: list[str] = []
    for block in document.iter_inner_content():
        if isinstance(block, Paragraph):
            lines.append(block.text)
        elif isinstance(block, Table):
            lines.extend(_table_lines(block, Paragraph, Table))
    return _checked("\n".join(lines) + "\n", where)


def _table_lines(table, paragraph_cls, table_cls) -> list[str]:
    """One line per row, cells separated by a tab (merged cells appear once)."""
    lines = []
    for row in table.rows:
        cells, seen = [], set()
        for cell in row.cells:
            if id(cell._tc) in seen:
                continue
            seen.add(id(cell._tc))
            parts = []
            for block in cell.iter_inner_content():
                if isinstance(block, paragraph_cls):
                    parts.append(block.text)
                elif isinstance(block, table_cls):
                    parts.extend(_table_lines(block, paragraph_cls, table_cls))
            cells.append(" ".join(p for p in parts if p))
        lines.append("\t".join(cells))
    return lines


def read_pdf_bytes(data: bytes, where: str | Path) -> str:
    """The text layer of a PDF, page after page (a blank line between pages)."""
    try:
        from pypdf import PdfReader
        from pypdf.errors import PyPdfError
    except ImportError:
        raise UserError(f"{where}: reading .pdf needs pypdf ({_EXTRA_HINT})") from None
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            raise InputError(where, "the PDF is encrypted; save an unprotected copy first")
        pages = [page.extract_text() or "" for page in reader.pages]
    except (PyPdfError, ValueError, KeyError, OSError) as exc:
        raise InputError(where, f"not a readable PDF file ({type(exc).__name__})") from None
    text = "\n\n".join(p.replace("\x00", "").rstrip() for p in pages)
    if not text.strip():
        raise InputError(where, "the PDF has no text layer (a scanned image?): run OCR on it first, then read its text")
    return _checked(text + "\n", where)


def _checked(text: str, where: str | Path) -> str:
    text = text.replace("\r\n", "\n").replace("\x00", "")
    check_not_empty(text, where)
    return text


_READERS = {".txt": read_text_bytes, ".docx": read_docx_bytes, ".pdf": read_pdf_bytes}


def read_document_bytes(data: bytes, filename: str, where: str | Path | None = None) -> str:
    """The text of a file's bytes, chosen by the suffix of ``filename`` (``where`` names it in errors)."""
    suffix = Path(filename).suffix.lower()
    reader = _READERS.get(suffix)
    if reader is None:
        raise UserError(f"{where or filename}: unsupported file type (use {', '.join(SUFFIXES)})")
    return reader(data, where or filename)


def read_document_file(path: str | Path) -> str:
    """The text of a ``.txt``, ``.docx`` or ``.pdf`` file; the file itself is never modified."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UserError(f"{path}: cannot read ({exc.strerror})") from None
    return read_document_bytes(data, path.name, path)
