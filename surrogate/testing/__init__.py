"""Test toolkit for users' own pipelines: hypothesis strategies of Spanish PHI, and invariant assertions.

Assertions need nothing beyond the core install::

    from surrogate.testing import assert_aligned, assert_no_leak, assert_same_format

Strategies need hypothesis (``pip install 'surrogate[testing]'``) and load on first use::

    from surrogate.testing import strategies as phi
    @given(phi.dates())
    def test_my_date_replacer(value): ...

The pytest plugin (``--surrogate-seed N``) is registered through the ``pytest11`` entry point.
See docs/testing.md.
"""
from __future__ import annotations

import importlib

from .assertions import (
    assert_aligned,
    assert_consistent,
    assert_no_leak,
    assert_outside_unchanged,
    assert_same_format,
)
from .documents import one_span_document
from .formats import checked_kinds, format_problems, register_format_check
from .values import PHIValue

__all__ = [
    "PHIValue", "assert_aligned", "assert_consistent", "assert_no_leak", "assert_outside_unchanged",
    "assert_same_format", "checked_kinds", "format_problems", "one_span_document", "register_format_check",
    "strategies",
]


def __getattr__(name: str):
    if name == "strategies":  # imports hypothesis, or says which extra to install
        return importlib.import_module(f"{__name__}.strategies")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
