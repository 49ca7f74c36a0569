"""Surrogate places are distributed as the corpus's are (issue 13, places realism): provinces at their target
shares although a document's own province is never its surrogate, and a capital's central postal district
becomes a central district."""
from __future__ import annotations

import re

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from surrogate import Document, Engine, EngineConfig, Span
from surrogate.replacers.places.index import excluding_own


def _marginal(weights: np.ndarray, named: np.ndarray, rng: np.random.Generator, draws: int) -> np.ndarray:
    """Simulated: a document names province o (at ``named``), its surrogate is drawn among the others."""
    out = np.zeros(len(weights))
    for o in rng.choice(len(named), size=draws, p=named):
        w = weights.copy()
        w[o] = 0.0
        out[rng.choice(len(w), p=w / w.sum())] += 1
    return out / draws


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(0.2, 5.0), min_size=3, max_size=8), st.lists(st.floats(0.2, 5.0), min_size=8, max_size=8))
def test_draw_weights_give_the_target_shares_despite_the_own_province_exclusion(target, named):
    target = np.array(target) / sum(target)
    named = np.array(named[: len(target)]) / sum(named[: len(target)])
    w = excluding_own(target, named)
    spread = named / (1.0 - w)
    marginal = w * (spread.sum() - spread)
    if (w < 0.95).all():  # reachable (no province needs more than the other documents can give)
        assert np.allclose(marginal, target, atol=1e-6)
    assert np.isclose(w.sum(), 1.0) and (w >= 0).all()


def test_the_fixed_point_holds_in_a_simulation():
    target, named = np.array([0.35, 0.25, 0.2, 0.2]), np.array([0.5, 0.2, 0.2, 0.1])
    drawn_as_target = _marginal(target, named, np.random.default_rng(1), 20_000)
    compensated = _marginal(excluding_own(target, named), named, np.random.default_rng(2), 20_000)
    assert drawn_as_target[0] < target[0] - 0.1  # the most named province comes out rare without compensation
    assert np.allclose(compensated, target, atol=0.015)


def test_a_central_postal_district_of_a_capital_stays_central():
    text = "Domicilio: 28029 Madrid. Hospital en 50009 Zaragoza."
    doc = Document("d", text, (Span("T1", "TERRITORIO", 11, 16), Span("T2", "TERRITORIO", 17, 23),
                               Span("T3", "TERRITORIO", 37, 42), Span("T4", "TERRITORIO", 43, 51)))
    engine = Engine(EngineConfig(), schema="meddocan")
    codes = []
    for seed in range(40):
        res = engine.apply(doc, seed=seed)
        codes += [res.document.text[s.start:s.end] for s in res.document.spans if s.id in ("T1", "T3")]
    assert all(re.fullmatch(r"\d{5}", c) for c in codes)
    assert all(c[2] == "0" for c in codes), [c for c in codes if c[2] != "0"]
