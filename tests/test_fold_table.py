"""``fold`` through its per-character table gives what casefold + NFKD + dropping combining marks gives on the
whole string, for any text (the table is a speed-up, never a change of key)."""
from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from gazetteers.text import fold


def _fold_whole(s: str) -> str:
    decomposed = unicodedata.normalize("NFKD", s.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


@settings(max_examples=2000)
@given(st.text(st.characters(codec="utf-8"), max_size=30))
def test_table_fold_equals_whole_string_fold(text):
    assert fold(text) == _fold_whole(text)


@given(st.text(st.sampled_from("aeiouAEIOUáéíóúÁÉÍÓÚàèüÜñÑçÇßẞﬁǅ\u0301\u0327 \t\u00a0"), max_size=20))
def test_spanish_and_catalan_letters(text):
    assert fold(text) == _fold_whole(text)


def test_examples():
    assert fold("  José  MARÍA ") == "jose maria"
    assert fold("Núñez") == "nunez"
    assert fold("Straße") == "strasse"
    assert fold("ﬁnca") == "finca"
