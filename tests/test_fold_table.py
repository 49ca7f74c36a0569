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


def _fold_chars_per_char(text: str) -> str:
    from surrogate.leak_guard import _fold_char

    return "".join(_fold_char(c) for c in text)


@settings(max_examples=2000)
@given(st.text(st.one_of(st.characters(max_codepoint=0x2FF), st.characters(codec="utf-8"),
                         st.sampled_from("µßªº¼\u00a0\u0085•\ufeff–")), max_size=40))
def test_fold_chars_latin1_path_equals_the_per_character_fold(text):
    """``leak_guard.fold_chars`` folds Latin-1 runs through a bytes table (speed): the same characters as the
    per-character fold, for text that mixes Latin-1 with other characters ("µ" folds outside Latin-1)."""
    from surrogate.leak_guard import fold_chars

    assert fold_chars(text) == _fold_chars_per_char(text)
    assert len(fold_chars(text)) == len(text)
