"""Shared check for hand-made broken surrogates: the kind's format check names the broken property, and the
assertion message carries the property but no piece of either value."""
from __future__ import annotations

import re

import pytest

from surrogate.testing import assert_same_format, format_problems


def expect_broken(original: str, surrogate: str, kind: str, prop: str, properties: set[str]) -> None:
    problems = format_problems(original, surrogate, kind)
    assert prop in problems and set(problems) <= properties, problems
    with pytest.raises(AssertionError) as err:
        assert_same_format(original, surrogate, kind)
    message = str(err.value)
    assert prop in message
    # what is left once the fixed words are taken out must hold no piece of either value
    rest = message.replace(f"same_format({kind}", "").replace(") failed:", "")
    for word in sorted(properties, key=len, reverse=True):
        rest = rest.replace(word, "")
    pieces = {run for value in (original, surrogate) for run in re.findall(r"[^\W_]{3,}", value)}
    assert not [p for p in pieces if p in rest], "the failure message repeats part of a value"
