"""Kind-aware "same format" checks: one small function per kind, in a registry users can join.

A check takes ``(original, surrogate)`` and returns the names of the format properties that differ
(``[]`` when the surrogate keeps the original's format). Names are fixed words such as ``"separators"`` or
``"check_digits"``, never values, so they can go into an assertion message without leaking PHI.

The checks are written from the acceptance definitions, independently of the replacers' own parsers, so a
parser bug in a replacer cannot hide behind the same bug in its check.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable

FormatCheck = Callable[[str, str], list[str]]

_CHECKS: dict[str, FormatCheck] = {}
_BUILTIN_MODULES = ("dates", "identifiers", "contacts", "places", "people")
_loaded = False


def register_format_check(kind: str) -> Callable[[FormatCheck], FormatCheck]:
    """Decorator: ``@register_format_check("my_kind")`` makes ``assert_same_format(..., "my_kind")`` use it."""

    def decorate(check: FormatCheck) -> FormatCheck:
        _CHECKS[kind] = check
        return check

    return decorate


def _load_builtins() -> None:
    global _loaded
    if not _loaded:
        for name in _BUILTIN_MODULES:
            importlib.import_module(f"{__name__}.{name}")
        _loaded = True


def format_check(kind: str) -> FormatCheck:
    _load_builtins()
    try:
        return _CHECKS[kind]
    except KeyError:
        raise KeyError(
            f"no format check for kind {kind!r}; known: {sorted(_CHECKS)}. "
            "Add one with surrogate.testing.register_format_check"
        ) from None


def format_problems(original: str, surrogate: str, kind: str) -> list[str]:
    """The format properties of ``original`` (of ``kind``) that ``surrogate`` does not keep."""
    return format_check(kind)(original, surrogate)


def checked_kinds() -> list[str]:
    _load_builtins()
    return sorted(_CHECKS)
