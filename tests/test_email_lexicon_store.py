"""The e-mail name lexicons shipped with the code (issue 12, a fast start) are what building them gives, and are
used only for the tables and code they were built from."""
from __future__ import annotations

import pytest

from gazetteers import Gazetteer, default_set
from gazetteers.locales.es import spanish_set
from surrogate.replacers.contacts import lexicons as store


@pytest.fixture(scope="module")
def gaz():
    gazetteers = default_set("es")
    if any(name not in gazetteers for name in store.TABLES):
        pytest.skip("the default set has no first_names/surnames tables")
    return gazetteers


def test_shipped_lexicons_are_fresh_and_equal_to_a_build(gaz):
    stamp = store.digest(gaz)
    assert stamp is not None and store.read(store.PATH, stamp) is not None, \
        "email_lexicons.store is stale: python -m surrogate.replacers.contacts.lexicons"
    shipped, built = store.lexicons(gaz), store.build(gaz)
    assert shipped == built
    assert {"first_names", "surnames", "all"} <= set(shipped) and len(shipped["all"]) > 1000
    assert all(w.isascii() and w.isalpha() and w.islower() and len(w) >= 3 for w in shipped["all"])


def test_reading_the_store_decodes_no_name_table(gaz):
    fresh = spanish_set()  # a set of its own: nothing decoded yet
    assert store.lexicons(fresh) == store.lexicons(gaz)
    assert all(fresh[name]._pending is not None for name in store.TABLES)
    assert store.build(fresh) and all(fresh[name]._pending is None for name in store.TABLES)  # what a build costs


def test_a_set_that_blocks_values_or_has_other_tables_builds_its_own(gaz):
    blocked = gaz.with_blocklist(["garcia"])
    assert store.digest(blocked) is None
    assert store.lexicons(blocked) == store.build(blocked)
    names = ["Zebulón", "Quetzalcóatl", "Al", "de la Torre"]
    other = gaz.override("surnames", lambda: Gazetteer("surnames", {"value": names, "weight": [1.0] * 4}))
    assert store.digest(other) != store.digest(gaz)
    lex = store.lexicons(other)
    assert lex["surnames"] == {"zebulon", "quetzalcoatl"}  # one word of three letters or more, accents folded
    assert lex["all"] == lex["first_names"] | lex["surnames"]


def test_shipped_name_samplers_draw_as_the_tables_own_without_decoding_them(gaz):
    import numpy as np

    fresh = spanish_set()
    for table in store.TABLES:
        shipped = store.name_sampler(fresh, table, top_k=None)
        built = gaz[table].sampler()
        assert shipped.values == built.values
        assert np.array_equal(shipped.weights, built.weights)  # bit for bit: the same cumulative sums
        a, b = np.random.default_rng(7), np.random.default_rng(7)
        assert [shipped.draw(a, exclude=["garcia"]) for _ in range(50)] == [built.draw(b, exclude=["garcia"]) for _ in range(50)]
    assert all(fresh[name]._pending is not None for name in store.TABLES)


def test_a_cut_or_blocked_name_sampler_comes_from_the_table(gaz):
    cut = store.name_sampler(gaz, "surnames", top_k=100)
    assert len(cut) == 100 and cut.values == gaz["surnames"].sampler(top_k=100).values
    blocked = gaz.with_blocklist(["garcia"])
    sampler = store.name_sampler(blocked, "surnames", top_k=None)
    assert "García" in sampler.values and sampler.weights[sampler.values.index("García")] == 0.0
