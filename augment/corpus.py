"""Corpus-level I/O: format dispatch, deterministic document order, validation and atomic output.

Formats (see docs/formats.md): ``brat`` (a directory of ``.txt``/``.ann`` pairs), ``jsonl`` and ``conll``
(a file, or a directory of ``*.jsonl`` / ``*.conll`` files read in name order).
"""
from __future__ import annotations

import os
import re
import shutil
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from surrogate.model import Document

from . import brat, conll, jsonl
from .errors import InputError, UserError

FORMATS = ("brat", "conll", "jsonl")
_EXTENSION = {"conll": ".conll", "jsonl": ".jsonl"}
_READ_FILE = {"conll": conll.read_conll_file, "jsonl": jsonl.read_jsonl_file}
_FORMAT_DOC = {"conll": conll.format_conll, "jsonl": jsonl.format_jsonl}
_UNSAFE_NAME = re.compile(r"[/\\\x00-\x1f]")


def _check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise UserError(f"unknown corpus format {fmt!r} (choose one of {', '.join(FORMATS)})")


def _format_files(path: Path, fmt: str) -> list[Path]:
    if path.is_file():
        return [path]
    if not path.is_dir():
        raise UserError(f"{path}: no such file or directory")
    ext = _EXTENSION[fmt]
    files = sorted(p for p in path.iterdir() if p.suffix == ext and p.is_file() and not p.name.startswith("."))
    if not files:
        raise UserError(f"{path}: no {ext} files")
    return files


def read_corpus(
    path: str | Path, fmt: str = "brat", *, allow_overlaps: bool = True, allow_empty: bool = False
) -> Iterator[Document]:
    """Documents of a corpus, in a deterministic order, each checked as it is read.

    BRAT: sorted by document name. JSONL/CoNLL: files sorted by name, documents in file order; a
    document id seen twice in the corpus is an error. Overlapping or nested spans are accepted (the engine
    replaces each cluster as one edit); ``allow_overlaps=False`` refuses them, naming the file, the line and
    both span ids. ``allow_empty`` accepts empty documents.
    Format, paths and (BRAT) the file pairing are checked at once, before the first document is read.
    """
    _check_format(fmt)
    path = Path(path)
    if fmt == "brat":
        if not path.is_dir():
            raise UserError(f"{path}: BRAT input must be a directory")
        names = brat.list_brat(path)
        if not names:
            raise UserError(f"{path}: no BRAT documents (.txt files)")
        return (
            brat.read_brat_document(path, name, allow_overlaps=allow_overlaps, allow_empty=allow_empty) for name in names
        )
    return _read_files(_format_files(path, fmt), fmt, allow_overlaps=allow_overlaps, allow_empty=allow_empty)


def _read_files(files: list[Path], fmt: str, *, allow_overlaps: bool, allow_empty: bool) -> Iterator[Document]:
    seen: dict[str, str] = {}
    for file in files:
        for doc in _READ_FILE[fmt](file, allow_overlaps=allow_overlaps, allow_empty=allow_empty):
            line = doc.meta.get("line")
            if doc.id in seen:
                raise InputError(file, f"duplicate document id {doc.id} (first at {seen[doc.id]})", line)
            seen[doc.id] = f"{file}:{line}"
            yield doc


def list_documents(path: str | Path, fmt: str = "brat") -> list[str]:
    """Document names in corpus order. BRAT checks only the file pairing; other formats parse everything."""
    _check_format(fmt)
    if fmt == "brat":
        return brat.list_brat(path)
    return [doc.id for doc in read_corpus(path, fmt, allow_overlaps=True, allow_empty=True)]


def read_document(
    path: str | Path, name: str, fmt: str = "brat", *, allow_overlaps: bool = True, allow_empty: bool = False
) -> Document:
    """One document by name (BRAT reads just its two files; other formats scan the corpus)."""
    _check_format(fmt)
    if fmt == "brat":
        _check_name(name)
        return brat.read_brat_document(path, name, allow_overlaps=allow_overlaps, allow_empty=allow_empty)
    for doc in read_corpus(path, fmt, allow_overlaps=allow_overlaps, allow_empty=allow_empty):
        if doc.id == name:
            return doc
    raise UserError(f"{path}: no document named {name}")


def validate_corpus(
    path: str | Path, fmt: str = "brat", *, allow_overlaps: bool = True, allow_empty: bool = False
) -> int:
    """Read every document (raising the first InputError); return how many there are."""
    return sum(1 for _ in read_corpus(path, fmt, allow_overlaps=allow_overlaps, allow_empty=allow_empty))


# ----------------------------------------------------------------------------------------------- writing


def _check_name(name: str) -> None:
    """A document name becomes a file name: no path separators, control characters or leading dot."""
    if not name or name.startswith(".") or _UNSAFE_NAME.search(name):
        raise UserError("document name is empty, starts with '.', or holds a path separator or control character")


def write_document(doc: Document, out_dir: str | Path, fmt: str = "brat", name: str | None = None) -> list[Path]:
    """Write one document into ``out_dir`` under ``name`` (default: its id); never overwrites a file.

    BRAT: ``name.txt`` + ``name.ann``. JSONL/CoNLL: ``name.jsonl`` / ``name.conll`` holding that one
    document, so parallel writers never share a file and the output is independent of write order.
    """
    _check_format(fmt)
    name = doc.id if name is None else name
    _check_name(name)
    if fmt == "brat":
        return brat.write_brat(doc, out_dir, name)
    path = Path(out_dir) / f"{name}{_EXTENSION[fmt]}"
    content = _FORMAT_DOC[fmt](doc).encode("utf-8")
    try:
        with open(path, "xb") as fh:
            fh.write(content)
    except FileExistsError:
        raise UserError(f"{path}: already exists (two documents with the same name?)") from None
    return [path]


def write_corpus(
    docs: Iterable[Document], out_dir: str | Path, fmt: str = "brat", *, single_file: str | None = None
) -> list[Path]:
    """Write documents one per file, or (JSONL/CoNLL with ``single_file``) all into ``out_dir/single_file``."""
    _check_format(fmt)
    if single_file is None:
        return [p for doc in docs for p in write_document(doc, out_dir, fmt)]
    if fmt == "brat":
        raise UserError("BRAT stores one document per file pair; single_file applies to jsonl and conll")
    _check_name(single_file)
    path = Path(out_dir) / single_file
    render = conll.format_conll if fmt == "conll" else jsonl.format_jsonl
    try:
        with open(path, "xb") as fh:  # never overwrite
            fh.writelines(render(doc).encode("utf-8") for doc in docs)
    except FileExistsError:
        raise UserError(f"{path}: already exists") from None
    return [path]


@contextmanager
def atomic_output_dir(out_dir: str | Path, *, overwrite: bool = False) -> Iterator[Path]:
    """Yield a fresh temporary sibling of ``out_dir``; on success it becomes ``out_dir``, on failure it is removed.

    An existing empty ``out_dir`` is replaced. A non-empty one is refused (UserError) unless
    ``overwrite=True``, in which case its old contents are replaced as a whole, and only once the new
    output is complete: a failure leaves the old directory untouched. Missing parent directories are
    created, and removed again on failure.
    """
    out = Path(os.path.abspath(out_dir))
    if out.exists() or out.is_symlink():
        if not out.is_dir():
            raise UserError(f"{out}: exists and is not a directory")
        if not overwrite and any(out.iterdir()):
            raise UserError(f"{out}: output directory exists and is not empty (choose another or allow overwriting)")
    created: list[Path] = []
    parent = out.parent
    while not parent.exists():
        created.append(parent)
        parent = parent.parent
    try:
        for p in reversed(created):
            p.mkdir()
        tmp = _fresh_sibling(out, "tmp")
    except OSError as exc:
        _remove_empty(created)
        raise UserError(f"{out}: cannot create output directory ({exc.strerror})") from None
    try:
        yield tmp
        _move_into_place(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        _remove_dead_siblings(out)
        _remove_empty(created)
        raise


def _fresh_sibling(out: Path, tag: str) -> Path:
    while True:
        candidate = out.with_name(f".{out.name}.{tag}-{os.getpid()}-{uuid.uuid4().hex[:8]}")
        try:
            candidate.mkdir()  # plain mkdir: permissions follow the umask, like any output directory
            return candidate
        except FileExistsError:
            continue


def _remove_dead_siblings(out: Path) -> None:
    """Remove the temporary siblings of ``out`` that processes no longer running left: a worker that re-ran an
    unguarded script made its own and was stopped before it could remove it (seen on a loaded machine)."""
    for sibling in out.parent.glob(f".{out.name}.tmp-*-*"):
        pid = sibling.name.rsplit("-", 2)[-2]
        if pid.isdigit() and not _running(int(pid)):
            shutil.rmtree(sibling, ignore_errors=True)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


def _move_into_place(tmp: Path, out: Path) -> None:
    try:
        if not out.exists():
            os.rename(tmp, out)
            return
        backup = _fresh_sibling(out, "old")
        os.rmdir(backup)
        os.rename(out, backup)
        try:
            os.rename(tmp, out)
        except OSError:
            os.rename(backup, out)
            raise
        shutil.rmtree(backup, ignore_errors=True)
    except OSError as exc:
        raise UserError(f"{out}: cannot move the finished output into place ({exc.strerror})") from None


def _remove_empty(dirs: list[Path]) -> None:
    for d in dirs:  # deepest first
        try:
            d.rmdir()
        except OSError:
            return
