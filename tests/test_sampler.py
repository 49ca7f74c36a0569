"""Samplers: determinism, exclusion (per call and blocklist), top-k, filters, exhaustion, weights."""
from __future__ import annotations

import unicodedata

import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gazetteers import ExhaustedError, Gazetteer, Sampler, fold

NAMES = ["José", "María", "Ángeles", "Íñigo", "Begoña", "Núñez", "Lucía", "Sofía", "Raúl", "Inés",
         "Andrés", "Álvaro", "Jesús", "Martín", "Óscar", "Zoe", "Pau", "Joan", "Nerea", "Iker"]


def small_table() -> Gazetteer:
    frame = pl.DataFrame({
        "value": NAMES,
        "weight": [float(20 - i) for i in range(len(NAMES))],
        "sex": ["M", "F", "F", "M", "F", "M", "F", "F", "M", "F",
                "M", "M", "M", "M", "M", "F", "M", "M", "F", "M"],
    })
    return Gazetteer("first_names", frame)


def variant(value: str, how: int) -> str:
    """A spelling of ``value`` that must still count as the same name."""
    plain = "".join(c for c in unicodedata.normalize("NFD", value) if not unicodedata.combining(c))
    return [value.upper(), value.lower(), plain, plain.upper(), f"  {value.swapcase()} ",
            unicodedata.normalize("NFD", value)][how % 6]


# --- determinism -------------------------------------------------------------------------------------

def test_same_seed_gives_same_draws() -> None:
    sampler = small_table().sampler()
    a = sampler.draw_many(np.random.default_rng(42), 500)
    b = sampler.draw_many(np.random.default_rng(42), 500)
    assert a == b
    assert [sampler.draw(np.random.default_rng(7), exclude=["José"]) for _ in range(3)] == \
           [sampler.draw(np.random.default_rng(7), exclude=["José"]) for _ in range(3)]


def test_different_seeds_give_different_draws() -> None:
    sampler = small_table().sampler()
    assert sampler.draw_many(np.random.default_rng(1), 200) != sampler.draw_many(np.random.default_rng(2), 200)


def test_same_seed_same_draws_through_a_fresh_gazetteer() -> None:
    # A rebuilt table (another process, another run) must map a seed to the same values.
    a = small_table().sampler(top_k=10, sex="F").draw_many(np.random.default_rng(3), 100)
    b = small_table().sampler(top_k=10, sex="F").draw_many(np.random.default_rng(3), 100)
    assert a == b


# --- exclusion ---------------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(
    excluded=st.lists(st.sampled_from(NAMES), min_size=1, max_size=len(NAMES) - 1, unique=True),
    how=st.integers(0, 5),
    seed=st.integers(0, 2**32 - 1),
)
def test_excluded_values_are_never_drawn(excluded: list[str], how: int, seed: int) -> None:
    sampler = small_table().sampler()
    rng = np.random.default_rng(seed)
    spelled = [variant(v, how) for v in excluded]
    banned = {fold(v) for v in excluded}
    draws = [sampler.draw(rng, exclude=spelled) for _ in range(30)]
    draws += sampler.draw_many(rng, 30, exclude=spelled)
    assert not {fold(d) for d in draws} & banned


def _reference_draw(sampler: Sampler, rng: np.random.Generator, exclude: list[str]) -> str:
    """Rejection as first written: 32 candidates drawn and searched at once, the first not excluded wins."""
    banned = {fold(e) for e in exclude}
    for i in np.searchsorted(sampler._cum, rng.random(32), side="right"):
        v = sampler.values[min(int(i), sampler._last)]
        if fold(v) not in banned:
            return v
    raise AssertionError("the reference only covers draws that rejection settles")


@settings(max_examples=200, deadline=None)
@given(
    excluded=st.lists(st.sampled_from(NAMES), min_size=1, max_size=len(NAMES) // 2, unique=True),
    how=st.integers(0, 5),
    seed=st.integers(0, 2**32 - 1),
)
def test_prefolded_exclusions_draw_what_spelled_ones_draw(excluded: list[str], how: int, seed: int) -> None:
    sampler = small_table().sampler()
    spelled = [variant(v, how) for v in excluded]
    folded = {fold(v) for v in excluded}
    a, b, ref = (np.random.default_rng(seed) for _ in range(3))
    draws_a = [sampler.draw(a, exclude=spelled) for _ in range(20)]
    draws_b = [sampler.draw(b, exclude=folded, folded=True) for _ in range(20)]
    assert draws_a == draws_b == [_reference_draw(sampler, ref, spelled) for _ in range(20)]
    assert a.random() == b.random() == ref.random()  # each draw used the same part of the stream


@settings(max_examples=200, deadline=None)
@given(
    blocked=st.lists(st.sampled_from(NAMES), min_size=1, max_size=len(NAMES) - 1, unique=True),
    how=st.integers(0, 5),
    seed=st.integers(0, 2**32 - 1),
)
def test_blocklisted_values_are_never_drawn(blocked: list[str], how: int, seed: int) -> None:
    gaz = small_table()
    gaz.with_blocklist(variant(v, how) for v in blocked)
    banned = {fold(v) for v in blocked}
    rng = np.random.default_rng(seed)
    if set(NAMES[:15]) <= set(blocked):
        with pytest.raises(ExhaustedError):
            gaz.sampler(top_k=15)
        samplers = (gaz.sampler(), gaz.sampler(weighted=False))
    else:
        samplers = (gaz.sampler(), gaz.sampler(weighted=False), gaz.sampler(top_k=15))
    for sampler in samplers:
        draws = sampler.draw_many(rng, 200) + [sampler.draw(rng) for _ in range(20)]
        assert not {fold(d) for d in draws} & banned


def test_blocklisted_last_value_is_never_drawn_even_at_the_top_of_the_unit_interval() -> None:
    """Rounding leaves the cumulative sum below 1.0 before a blocked last value; the sampler must not
    hand that sliver to the blocked value (u = largest double below 1.0)."""
    values = [f"v{i}" for i in range(10)] + ["Blocked"]
    sampler = Sampler(values, [0.1] * 10 + [1.0], blocklist=["blocked"])

    class TopOfInterval:
        def random(self, n: int | None = None) -> np.ndarray | float:  # Generator.random's signature
            top = np.nextafter(1.0, 0.0)
            return top if n is None else np.full(n, top)

    assert sampler.draw(TopOfInterval()) != "Blocked"  # type: ignore[arg-type]
    assert "Blocked" not in sampler.draw_many(TopOfInterval(), 5)  # type: ignore[arg-type]


def test_zero_weight_values_are_never_drawn() -> None:
    sampler = Sampler(["a", "b", "c", "d"], [0.0, 1.0, 0.0, 1.0])
    draws = set(sampler.draw_many(np.random.default_rng(0), 10_000))
    assert draws == {"b", "d"}


def test_exhausted_when_every_value_is_excluded() -> None:
    sampler = small_table().sampler()
    with pytest.raises(ExhaustedError):
        sampler.draw(np.random.default_rng(0), exclude=[n.upper() for n in NAMES])
    with pytest.raises(ExhaustedError):
        sampler.draw_many(np.random.default_rng(0), 3, exclude=NAMES)


def test_exhausted_when_every_value_is_blocklisted() -> None:
    gaz = small_table()
    gaz.with_blocklist(NAMES[:3])
    with pytest.raises(ExhaustedError):
        gaz.sampler(top_k=3)


def test_exclusion_falls_back_when_excluded_values_dominate() -> None:
    # 99.99 % of the mass is excluded: rejection sampling fails, the fallback must still honour it.
    sampler = Sampler(["Big", "small"], [1e6, 1e-2])
    rng = np.random.default_rng(0)
    assert {sampler.draw(rng, exclude=["BIG"]) for _ in range(50)} == {"small"}


# --- top-k and filters -------------------------------------------------------------------------------

def test_top_k_draws_only_the_k_heaviest() -> None:
    gaz = small_table()
    sampler = gaz.sampler(top_k=5)
    assert len(sampler) == 5
    assert set(sampler.draw_many(np.random.default_rng(0), 5000)) == set(NAMES[:5])


def test_top_k_breaks_ties_by_table_order() -> None:
    frame = pl.DataFrame({"value": [f"n{i}" for i in range(1000)], "weight": [1.0] * 1000})
    assert Gazetteer("ties", frame).sampler(top_k=10).values == [f"n{i}" for i in range(10)]


def test_where_filters_restrict_draws() -> None:
    gaz = small_table()
    women = {v for v, s in zip(NAMES, gaz.frame["sex"].to_list()) if s == "F"}
    draws = set(gaz.sampler(sex="F").draw_many(np.random.default_rng(0), 5000))
    assert draws == women
    top = gaz.sampler(sex="M", top_k=3)
    assert set(top.values) == {"José", "Íñigo", "Núñez"}


def test_samplers_are_cached_per_options() -> None:
    gaz = small_table()
    assert gaz.sampler(sex="F") is gaz.sampler(sex="F")
    assert gaz.sampler(sex="F") is not gaz.sampler(sex="M")


def test_where_filter_matching_nothing_is_an_error() -> None:
    with pytest.raises((ValueError, ExhaustedError)):
        small_table().sampler(sex="X")


def test_uniform_sampler_ignores_weights() -> None:
    frame = pl.DataFrame({"value": ["a", "b"], "weight": [1000.0, 1.0]})
    draws = Gazetteer("t", frame).sampler(weighted=False).draw_many(np.random.default_rng(0), 20_000)
    assert abs(draws.count("b") / len(draws) - 0.5) < 0.02


def test_bad_weights_are_rejected() -> None:
    with pytest.raises(ValueError):
        Sampler(["a", "b"], [1.0, -1.0])
    with pytest.raises(ValueError):
        Sampler(["a", "b"], [1.0, float("nan")])
    with pytest.raises(ValueError):
        Sampler(["a", "b"], [1.0])


# --- weights, statistically --------------------------------------------------------------------------

def _erfc_p(z: float) -> float:
    """Upper-tail probability of a standard normal ``z``."""
    import math

    return 0.5 * math.erfc(z / math.sqrt(2))


def test_draw_frequencies_follow_weights_chi_square() -> None:
    rng_w = np.random.default_rng(123)
    weights = rng_w.pareto(1.2, 2000) + 0.01  # census-like long tail
    values = [f"v{i}" for i in range(len(weights))]
    sampler = Sampler(values, weights)
    n = 200_000
    draws = sampler.draw_many(np.random.default_rng(2024), n)
    counts: dict[str, int] = {}
    for d in draws:
        counts[d] = counts.get(d, 0) + 1
    p = weights / weights.sum()
    top = np.argsort(-p)[:50]  # the top items, each expected ≫ 5 times, plus one bin for the rest
    observed = np.array([counts.get(values[i], 0) for i in top] + [n - sum(counts.get(values[i], 0) for i in top)])
    expected = np.array([p[i] * n for i in top] + [n * (1 - p[top].sum())])
    assert expected.min() > 5
    assert _erfc_p(_wilson_hilferty_z(observed, expected)) > 0.001


def test_chi_square_detects_wrong_weights() -> None:
    """The statistical check above can fail: uniform draws do not pass as weighted ones."""
    weights = np.array([8.0, 4.0, 2.0, 1.0, 1.0])
    values = list("abcde")
    n = 100_000
    draws = Sampler(values, None).draw_many(np.random.default_rng(0), n)
    observed = np.array([draws.count(v) for v in values])
    expected = weights / weights.sum() * n
    assert _erfc_p(_wilson_hilferty_z(observed, expected)) < 0.001


def _wilson_hilferty_z(observed: np.ndarray, expected: np.ndarray) -> float:
    """Chi-square statistic mapped to a standard normal (Wilson–Hilferty), so no scipy is needed."""
    stat = float(((observed - expected) ** 2 / expected).sum())
    k = len(observed) - 1
    return ((stat / k) ** (1 / 3) - (1 - 2 / (9 * k))) / np.sqrt(2 / (9 * k))
