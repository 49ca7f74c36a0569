"""The scoring of bench/experiment_augmentation_gain.py: per-document counts, micro scores and the paired bootstrap
that issue 13's acceptance reads its gains from."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

from experiment_stats import (  # noqa: E402
    bootstrap_indices,
    difference_interval,
    micro_f1,
    micro_recall,
    per_document_counts,
    score_interval,
)

from surrogate.model import Document, Span  # noqa: E402


def _counts(cor, act, pos):
    return {"cor": np.array(cor), "act": np.array(act), "pos": np.array(pos)}


def test_micro_scores_pool_documents_and_survive_empty_ones():
    # document 1: 3 of 4 gold found with 5 predictions; document 2: nothing gold, nothing predicted
    c = _counts([3, 0], [5, 0], [4, 0])
    assert micro_f1(c["cor"], c["act"], c["pos"]) == pytest.approx(6 / 9)
    assert micro_recall(c["cor"], c["act"], c["pos"]) == pytest.approx(3 / 4)
    empty = _counts([0], [0], [0])
    assert micro_f1(empty["cor"], empty["act"], empty["pos"]) == 0.0
    assert micro_recall(empty["cor"], empty["act"], empty["pos"]) == 0.0


def test_per_document_counts_strict_needs_the_label_exact_does_not():
    text = "Paciente Ana Gil, de Lugo."
    gold = [Document("d1", text, (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 9, 16), Span("T2", "TERRITORIO", 21, 25)))]
    pred = {"d1": (Span("P1", "NOMBRE_SUJETO_ASISTENCIA", 9, 16), Span("P2", "PAIS", 21, 25))}
    assert per_document_counts(gold, pred) == {"cor": [1], "act": [2], "pos": [2]}
    assert per_document_counts(gold, pred, "exact") == {"cor": [2], "act": [2], "pos": [2]}
    assert per_document_counts(gold, {}) == {"cor": [0], "act": [0], "pos": [2]}
    with pytest.raises(ValueError):
        per_document_counts(gold, pred, "lenient")


def test_bootstrap_indices_are_seeded_and_in_range():
    a = bootstrap_indices(7, 50, seed=3)
    assert a.shape == (50, 7) and a.min() >= 0 and a.max() < 7
    assert np.array_equal(a, bootstrap_indices(7, 50, seed=3))
    assert not np.array_equal(a, bootstrap_indices(7, 50, seed=4))


def test_paired_interval_removes_the_variation_both_models_share():
    # 200 documents of very different difficulty; model a finds one more mention than b in every document.
    rng = np.random.default_rng(0)
    pos = rng.integers(5, 60, size=200)
    cor_b = (pos * rng.uniform(0.3, 0.95, size=200)).astype(int)
    a, b = _counts(cor_b + 1, pos, pos), _counts(cor_b, pos, pos)
    idx = bootstrap_indices(200, 1000, seed=1)
    point, lo, hi = difference_interval(a, b, idx)
    assert point == pytest.approx(2 * 200 / (2 * pos.sum()))
    assert 0 < lo <= point <= hi
    # Unpaired (independent document samples for the two models), the same difference is lost in the noise.
    other = bootstrap_indices(200, 1000, seed=2)
    unpaired = micro_f1(a["cor"][idx], a["act"][idx], a["pos"][idx]) - micro_f1(b["cor"][other], b["act"][other], b["pos"][other])
    u_lo, u_hi = np.percentile(unpaired, [2.5, 97.5])
    assert u_lo < 0 < u_hi
    assert hi - lo < (u_hi - u_lo) / 4


def test_score_interval_brackets_the_point_and_reads_the_metric():
    c = _counts([3, 8, 1, 9], [4, 9, 5, 9], [6, 9, 2, 10])
    idx = bootstrap_indices(4, 500, seed=0)
    for metric, expected in (("f1", 2 * 21 / (27 + 27)), ("recall", 21 / 27)):
        point, lo, hi = score_interval(c, idx, metric)
        assert point == pytest.approx(expected)
        assert lo <= point <= hi


_doc_counts = st.lists(
    st.tuples(st.integers(0, 20), st.integers(0, 20), st.integers(0, 20)), min_size=1, max_size=30
)


def _valid(rows):
    """COR can exceed neither ACT nor POS."""
    return _counts([min(c, a, p) for c, a, p in rows], [a for _, a, _ in rows], [p for _, _, p in rows])


@settings(max_examples=60, deadline=None)
@given(_doc_counts, _doc_counts, st.sampled_from(["f1", "recall"]))
def test_difference_is_antisymmetric_and_zero_against_itself(rows_a, rows_b, metric):
    n = min(len(rows_a), len(rows_b))
    a, b = _valid(rows_a[:n]), _valid(rows_b[:n])
    idx = bootstrap_indices(n, 200, seed=5)
    point, lo, hi = difference_interval(a, b, idx, metric)
    back = difference_interval(b, a, idx, metric)
    assert back == pytest.approx((-point, -hi, -lo))
    assert difference_interval(a, a, idx, metric) == (0.0, 0.0, 0.0)
    assert -1 <= lo <= hi <= 1
