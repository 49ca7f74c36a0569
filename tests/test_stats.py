"""Corpus statistics (Tables 1 and 4 of Moreno-Barea et al.): counting rules, invariants, side-by-side output."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from augment.stats import (
    TEXT_METRICS,
    corpus_stats,
    count_sentences,
    document_counts,
    format_table,
    stats_of_path,
)
from augment.stopwords_es import STOPWORDS_ES
from surrogate.model import Document, Span

MEDDOCAN = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "meddocan"


@pytest.mark.parametrize(
    ("paragraph", "sentences"),
    [
        ("Nombre: Ernesto.", 1),
        ("Edad: 70 años Sexo: H.", 1),
        ("Se realiza TAC. Resultado normal. Alta.", 3),
        ("La vio el Dr. García en la consulta.", 1),  # abbreviation
        ("Remitido por J. Pérez al servicio.", 1),  # initial
        ("Vive en la Avda. Libertad. Está bien.", 2),
        ("¿Dolor? No. ¡Bien!", 3),
        ("Fiebre de 39 ºC. después mejora.", 1),  # lower case does not start a sentence
        ("Dosis de 2,5 mg. 3 veces al día.", 2),  # a digit does
        ("---", 0),
        ("", 0),
    ],
)
def test_sentence_rules(paragraph, sentences):
    assert count_sentences(paragraph) == sentences


def test_document_counts_by_hand():
    text = "Paciente de 70 años.\n\nEl paciente y la madre de la paciente viven en Madrid. Sin alergias.\n"
    counts, vocab, content = document_counts(text)
    assert counts.paragraphs == 2
    assert counts.sentences == 3
    # words: paciente de 70 años el paciente y la madre de la paciente viven en madrid sin alergias
    assert counts.words == 17
    assert counts.distinct_words == 13
    # stop-words among them: de ×2, el, y, la ×2, en, sin -> 8
    assert counts.non_stop_words == 9
    assert content == {"paciente", "70", "años", "madre", "viven", "madrid", "alergias"}
    assert counts.distinct_non_stop_words == 7 and "madrid" in vocab


def test_corpus_totals_per_document_and_entities():
    a = Document("a", "Ana vive en Madrid.", (Span("T1", "NOMBRE", 0, 3), Span("T2", "TERRITORIO", 12, 18)))
    b = Document("b", "Luis vive en Toledo.\nTiene 40 años.", (Span("T1", "NOMBRE", 0, 4),))
    s = corpus_stats([a, b])
    assert s.totals == {"documents": 2, "paragraphs": 3, "sentences": 3, "words": 11, "distinct_words": 9,
                        "non_stop_words": 8, "distinct_non_stop_words": 7}  # "en", "tiene" are stop-words
    assert s.per_document["words"] == 5.5
    assert s.per_document["distinct_words"] == (4 + 7) / 2  # mean of each document's own vocabulary
    assert s.entities == {"NOMBRE": 2, "TERRITORIO": 1}
    assert s.entity_percent("NOMBRE") == pytest.approx(200 / 3)
    d = s.to_dict()
    assert d["entities"]["total"] == 3 and d["entities"]["by_type"]["TERRITORIO"]["count"] == 1


def test_empty_corpus_has_zero_everything():
    s = corpus_stats([])
    assert all(v == 0 for v in s.totals.values()) and s.entities == {} and s.entity_percent("X") == 0.0


def test_side_by_side_table_shows_the_ratio():
    a = Document("a", "Ana vive en Madrid.", (Span("T1", "NOMBRE", 0, 3),))
    original = corpus_stats([a])
    augmented = corpus_stats([a, a, a])
    table = format_table([original, augmented])
    assert "original" in table and "augmented" in table
    line = next(row for row in table.splitlines() if row.startswith("NOMBRE"))
    assert line.split()[-1] == "×3.00"
    distinct = next(row for row in table.splitlines() if row.startswith("distinct words"))
    assert distinct.split()[-1] == "×1.00"


def test_stop_word_list_is_spanish_function_words():
    assert {"de", "la", "que", "el", "en", "y", "los", "fue", "tenía", "estaba"} <= STOPWORDS_ES
    assert not {"paciente", "dolor", "madrid", "años"} & STOPWORDS_ES
    assert all(w == w.lower() for w in STOPWORDS_ES)


words = st.sampled_from(["de", "la", "Paciente", "dolor", "Madrid", "y", "70", "años", "Dr", "el", "TAC"])
separators = st.sampled_from([" ", " ", ". ", ", ", "\n", ".\n", "? ", "\n\n"])


@st.composite
def texts(draw):
    parts = draw(st.lists(st.tuples(words, separators), max_size=30))
    return "".join(w + s for w, s in parts)


@settings(max_examples=200, deadline=None)
@given(docs=st.lists(texts(), max_size=5))
def test_count_invariants(docs):
    corpus = [Document(str(i), t) for i, t in enumerate(docs)]
    s = corpus_stats(corpus)
    t = s.totals
    assert t["distinct_words"] <= t["words"] and t["non_stop_words"] <= t["words"]
    assert t["distinct_non_stop_words"] <= t["distinct_words"]
    assert t["distinct_non_stop_words"] <= t["non_stop_words"]
    with_words = sum(1 for d in corpus for p in d.text.splitlines() if any(c.isalnum() for c in p))
    assert t["sentences"] >= with_words  # every paragraph with a word holds at least one sentence
    # doubling a corpus doubles every count but no vocabulary size
    d2 = corpus_stats(corpus + corpus).totals
    for m in TEXT_METRICS:
        if m.startswith("distinct"):
            assert d2[m] == t[m]
        else:
            assert d2[m] == 2 * t[m]


def test_meddocan_train_entity_count_matches_the_ann_files():
    folder = MEDDOCAN / "train"
    if not folder.is_dir():
        pytest.skip(f"MEDDOCAN train not available at {folder}")
    t_lines = sum(1 for ann in folder.glob("*.ann") for line in ann.read_text(encoding="utf-8").splitlines()
                  if line.startswith("T"))
    s = stats_of_path(folder)
    assert s.totals["documents"] == 500
    assert s.total_entities == t_lines
    assert sum(s.entity_percent(lbl) for lbl in s.entities) == pytest.approx(100.0)
    assert s.totals["paragraphs"] <= s.totals["sentences"] < s.totals["words"]
