"""KeyMatcher finds exactly what the leak guard's old alternation regex found (issue 12 removed the
per-document regex compile from the hot path)."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from surrogate.key_match import KeyMatcher

_CHARS = st.sampled_from("ab1_ -./()\u00a0\tñé")


def _regex(keys):
    alternatives = [r"\s+".join(map(re.escape, k.split())) for k in sorted(set(keys), key=lambda k: (-len(k), k))]
    return re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)")


@settings(max_examples=400)
@given(st.lists(st.text(_CHARS, min_size=1, max_size=6).filter(lambda k: k.split()), min_size=1, max_size=6),
       st.text(_CHARS, max_size=40))
def test_same_matches_as_the_alternation(keys, text):
    keys = [" ".join(k.split()) for k in keys]  # the guard's keys are folded: whitespace collapsed
    want = [(m.span(), m.group()) for m in _regex(keys).finditer(text)]
    got = [(m.span(), m.group()) for m in KeyMatcher(keys).finditer(text)]
    assert got == want


def test_examples():
    m = KeyMatcher(["ana", "ana garcia", "garcia"])
    assert [x.group() for x in m.finditer("dra ana  garcia y mariana garcia_x garcia")] == ["ana  garcia", "garcia"]
