"""Word lists for open kinds: ``personal_attributes`` (one row per inflected form) and ``common_words``.

``personal_attributes`` expands ``facts/personal_attributes.csv`` (one line per word, its four forms) into one
row per distinct form, so a user's own table is a plain list of forms. ``common_words`` is the vocabulary of our
own fact tables (street names, neighbourhoods, professions, institution zones) that the
``wordfreq`` Spanish list also knows: real, everyday words for the places where a replacer needs "a word"
(a label inside an e-mail or a URL) rather than a value of a known category.
"""
from __future__ import annotations

import re

import polars as pl

from .facts import read_fact

#: The categories of our own fact table (a user's table may add others: the replacer reads them from the data).
CATEGORIES = (
    "marital_status", "origin", "ethnicity", "religion", "sexual_orientation", "life_stage", "condition",
    "disability", "physical_trait", "mark", "activity", "birth_order", "object",
)
_FORMS = (("ms", "m", "sg"), ("fs", "f", "sg"), ("mp", "m", "pl"), ("fp", "f", "pl"))
# Fact tables whose words feed common_words (column that holds text). Saints, kinship and personal attributes
# (religion, ethnicity) stay out: a label such as an e-mail's must not say something about a person.
_VOCABULARY = (
    ("street_names", "value"), ("neighbourhoods", "value"), ("professions", "value"), ("professions", "feminine"),
    ("institution_zones", "zone"),
)
_WORD = re.compile(r"[a-záéíóúüñ]+")
_MIN_LENGTH, _MIN_ZIPF = 3, 2.5
# Function words and fragments that read oddly on their own in a label.
_SKIP = frozenset(
    "del las los con por para sin sus una uno unos unas que como entre sobre hacia desde hasta según ante bajo "
    "tras este esta estos estas ese esa esos esas aquel aquella".split()
)


def personal_attributes() -> pl.DataFrame:
    """One row per form: value, weight, category, lemma (the masculine singular, else the first form), gender
    (``m``, ``f``, or ``c`` when the masculine and feminine forms are the same word) and number (sg, pl)."""
    facts = read_fact("personal_attributes")
    rows: list[tuple[str, float, str, str, str, str]] = []
    seen: set[tuple[str, str, str]] = set()
    for line, rec in enumerate(facts.iter_rows(named=True), start=2):
        category, weight = rec["category"], float(rec["weight"])
        if category not in CATEGORIES:
            raise ValueError(f"personal_attributes.csv: data row {line} has unknown category {category!r}")
        if weight <= 0:
            raise ValueError(f"personal_attributes.csv: data row {line} needs a positive weight")
        forms = {key: rec[key] for key, _, _ in _FORMS}
        lemma = next((forms[k] for k in ("ms", "fs", "mp", "fp") if forms[k]), "")
        if not lemma:
            raise ValueError(f"personal_attributes.csv: data row {line} has no form")
        for key, gender, number in _FORMS:
            value = forms[key]
            if not value:
                continue
            other = forms["fs" if key == "ms" else "ms" if key == "fs" else "fp" if key == "mp" else "mp"]
            if value == other:
                gender = "c"
            if (value, lemma, number) in seen:  # the common form is listed once
                continue
            seen.add((value, lemma, number))
            rows.append((value, weight, category, lemma, gender, number))
    return pl.DataFrame(rows, schema={"value": pl.String, "weight": pl.Float64, "category": pl.String,
                                      "lemma": pl.String, "gender": pl.String, "number": pl.String},
                        orient="row")


def common_words() -> pl.DataFrame:
    """Lower-case words of our fact tables that wordfreq's Spanish list knows, weighted by their frequency."""
    from wordfreq import word_frequency, zipf_frequency  # build-time only

    texts: list[str] = []
    for table, column in _VOCABULARY:
        texts.extend(read_fact(table)[column].to_list())
    words: set[str] = set()
    for text in texts:
        for word in _WORD.findall(text.lower()):
            if len(word) >= _MIN_LENGTH and word not in _SKIP and zipf_frequency(word, "es") >= _MIN_ZIPF:
                words.add(word)
    ordered = sorted(words)
    weights = [round(word_frequency(w, "es") * 1e6, 3) for w in ordered]  # per million words
    return pl.DataFrame({"value": ordered, "weight": weights}, schema={"value": pl.String, "weight": pl.Float64})
