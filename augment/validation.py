"""Checks shared by the corpus readers. Every error names the file (and line where known), never span text."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from surrogate.model import Span

from .errors import InputError

BOM = "\ufeff"


def decode_utf8(data: bytes, path: str | Path) -> str:
    """Strict UTF-8 decoding; a bad byte is reported by line and byte offset (its value only, no context)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        raise InputError(
            path,
            f"not valid UTF-8: byte 0x{data[exc.start]:02X} at byte offset {exc.start} "
            f"(column {exc.start - line_start + 1} in bytes)",
            line,
        ) from None


def check_not_empty(text: str, path: str | Path, line: int | None = None) -> None:
    """An empty or whitespace-only document is useless for augmentation: reject it (callers make it optional)."""
    if not text.replace(BOM, "").strip():
        raise InputError(path, "empty document: no text to surrogate (remove the file or give it text)", line)


def check_offsets(spans: Iterable[Span], text: str, path: str | Path, line_of: Callable[[str], int | None]) -> None:
    """Every fragment lies inside the text (``Span`` itself already guarantees 0 <= start <= end)."""
    n = len(text)
    for sp in spans:
        for s, e in sp.fragments:
            if e > n:
                raise InputError(
                    path, f"span {sp.id}: offsets {s}..{e} past the end of the text ({n} characters)", line_of(sp.id)
                )


def find_overlap(spans: Iterable[Span]) -> tuple[Span, Span, bool] | None:
    """The first (later span, earlier span, nested?) pair sharing a character, or None.

    Overlap is judged per fragment: two fragments overlap when they share at least one character, so a
    zero-width span overlaps only a span that strictly contains its position, and two discontinuous spans
    may interleave as long as their pieces are disjoint (text surgery only needs disjoint pieces).
    """
    frags = sorted(((s, e, sp) for sp in spans for s, e in sp.fragments), key=lambda f: (f[0], f[1]))
    widest: tuple[int, int, Span] | None = None  # the fragment seen so far that reaches furthest right
    for s, e, sp in frags:
        if widest is not None and widest[2].id != sp.id and s < widest[1] and widest[0] < e:
            return sp, widest[2], widest[0] <= s and e <= widest[1]
        if widest is None or e > widest[1]:
            widest = (s, e, sp)
    return None


def check_overlaps(
    spans: Iterable[Span], path: str | Path, line_of: Callable[[str], int | None], *, allow_overlaps: bool = True
) -> None:
    """With ``allow_overlaps=False`` (``--overlaps error``), no two spans share a character (see ``find_overlap``).

    Overlapping and nested spans are accepted by default: the engine replaces each cluster as one edit.
    """
    if allow_overlaps:
        return
    found = find_overlap(spans)
    if found is not None:
        later, earlier, nested = found
        raise InputError(
            path,
            f"span {later.id} {'is nested in' if nested else 'overlaps'} span {earlier.id} "
            "(refused because of --overlaps error; by default overlapping spans are accepted)",
            line_of(later.id),
        )
