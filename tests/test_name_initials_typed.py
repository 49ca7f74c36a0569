"""Staff initials typed as a signature ("mgo", "lpv", "mdpr", "MGO") are initials, not surnames: they came out
"martinez", "patiño", "hidalgo". A pronounceable short word stays a name ("bea", "lito")."""
from __future__ import annotations

import re

import pytest

from surrogate import Document, Engine, EngineConfig, Span
from surrogate.replacers.people.tokens import is_initials_token

ENGINE = Engine(EngineConfig(), schema="meddocan")


@pytest.mark.parametrize("word, alone, expected", [
    ("mgo", True, True),    # two consonants no word starts with
    ("lpv", True, True),    # no vowel
    ("mdpr", True, True),
    ("MGO", False, True),
    ("JMPR", False, True),
    ("mgo", False, False),  # lower case inside a longer name: a word
    ("bea", True, False),   # a nickname
    ("lito", True, False),
    ("tren", True, False),  # "tr" starts Spanish words
    ("chus", True, False),
    ("LOPEZA", False, False),
    # capitals signing a log line alone, no census name, whatever their letters (round 20: "-IGA", "XM/APV" came out
    # "GARCIA", "SANCHIZ")
    ("IGA", True, True),
    ("APV", True, True),
    ("IGA", False, False),  # inside a longer name in capitals: a word
    ("ifm", True, True),    # a vowel only first (round 21: it came out "marin")
    ("ana", True, False), ("ivo", True, False), ("ifm", False, False),
])
def test_initials_are_told_from_short_names(word, alone, expected):
    assert is_initials_token(word, known=False, alone=alone) is expected


def test_a_known_census_name_is_no_initials_but_two_capitals_alone_are():
    assert not is_initials_token("gil", known=True, alone=True)
    assert is_initials_token("MA", known=True, alone=True)  # signing a line; "Ma" is a surname too
    assert not is_initials_token("MA", known=True, alone=False)
    assert not is_initials_token("EVA", known=True, alone=True)  # a given name in capitals


@pytest.mark.parametrize("signature", ["mgo", "lpv", "mdpr", "MGO", "xgb", "IGA", "APV", "ifm"])
def test_a_typed_signature_becomes_other_initials_of_its_shape(signature):
    text = f"10:30 glucemia 145, se avisa a guardia. {signature}\n12:00 sin incidencias."
    start = text.index(signature)
    doc = Document("n", text, (Span("T1", "NOMBRE_PERSONAL_SANITARIO", start, start + len(signature)),))
    shape = "[a-z]" if signature.islower() else "[A-Z]"
    for seed in range(8):
        new = ENGINE.apply(doc, seed=seed).replacements[0].surrogate
        assert re.fullmatch(f"{shape}{{{len(signature)}}}", new) and new != signature, new
