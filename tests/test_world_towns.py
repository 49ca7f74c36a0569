"""Towns abroad (gazetteers/facts/world_towns.tsv): a town the hand-written foreign lists lack takes another town
of its country, never a Spanish town and never the same town under another spelling."""
from __future__ import annotations

import re

import numpy as np
import pytest
from babel import Locale
from hypothesis import given, settings
from hypothesis import strategies as st
from place_gazetteers import doc_with

from gazetteers.name_lists import name_list
from gazetteers.text import fold
from surrogate import Engine, EngineConfig
from surrogate.replacers.places.world_towns import world_towns

ENGINE = Engine(EngineConfig(), schema="meddocan")
ROWS = [(form, *rest.split("\t")) for form, rest in name_list("world_towns")]


def test_every_row_names_a_country_and_points_at_an_earlier_spelling_of_its_country():
    territories = set(Locale("en").territories)
    seen: dict[str, str] = {}
    for form, iso, first in ROWS:
        assert re.fullmatch(r"[A-Z]{2}", iso) and iso in territories, form
        assert first == form or seen.get(first) == iso, form
        seen.setdefault(form, iso)
    assert len(ROWS) > 1000


@pytest.mark.parametrize("town, iso", [("Lviv", "UA"), ("Funchal", "PT"), ("Kaolack", "SN"), ("Iloilo", "PH"),
                                       ("Bălți", "MD"), ("Cracovia", "PL")])
def test_a_listed_town_is_read_as_a_town_of_its_country(town, iso):
    assert world_towns().country(town) == iso


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_draw_is_another_town_of_the_country_never_the_same_town_respelt(seed):
    towns = world_towns()
    rng = np.random.default_rng(seed)
    for original in ("Kraków", "Krakow", "Cracovia", "Tánger", "Tangier", "Múnich", "München"):
        iso = towns.country(original)
        new = towns.draw(rng, iso, original)
        assert towns.country(new) == iso
        assert towns.town_of[fold(new)] != towns.town_of[fold(original)], (original, new)


@pytest.mark.parametrize("seed", range(1, 9))
def test_in_a_note_a_ukrainian_town_stays_in_ukraine(seed):
    text = "Paciente de 45 años natural de Lviv (Ucrania), en España desde 2022."
    doc = doc_with(text, ("TERRITORIO", "Lviv"), ("PAIS", "Ucrania"))
    out = ENGINE.apply(doc, seed=seed).document
    town, country = (out.text[s.start:s.end] for s in sorted(out.spans, key=lambda s: s.start))
    assert fold(town) != "lviv" and fold(town) != "lvov"
    # the country may move, and its towns with it: the town belongs to whichever country the note now names
    assert _countries_of(town), town
    if fold(country) == "ucrania":
        assert "UA" in _countries_of(town), town


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_town_abroad_alone_takes_a_town_of_its_country(seed):
    text = "Turista herida en Funchal durante una excursión; vuelve a casa el lunes."
    doc = doc_with(text, ("TERRITORIO", "Funchal"))
    out = ENGINE.apply(doc, seed=seed).document
    (town,) = (out.text[s.start:s.end] for s in out.spans)
    assert fold(town) != "funchal"
    assert "PT" in _countries_of(town), town


def _countries_of(town: str) -> set[str]:
    """The countries a town abroad belongs to, by the world-town list and the hand-written foreign lists."""
    from surrogate.replacers.places.facts import FOREIGN_PLACES
    hand = {iso for iso, kinds in FOREIGN_PLACES.items() if town in kinds.get("cities", ())}
    return hand | ({world_towns().country(town)} - {None})


@pytest.mark.parametrize("seed", range(1, 13))
def test_a_town_is_never_replaced_by_its_own_other_spelling(seed):
    # the hand-written lists hold "Járkov" and "Leópolis": "Kharkiv" came out "Járkov"
    text = "Peregrina de Kharkiv, viaja con su amiga de Lviv."
    doc = doc_with(text, ("TERRITORIO", "Kharkiv"), ("TERRITORIO", "Lviv"))
    out = ENGINE.apply(doc, seed=seed).document
    for old, sp in zip(("Kharkiv", "Lviv"), sorted(out.spans, key=lambda s: s.start)):
        assert not world_towns().same_town(out.text[sp.start:sp.end], old), (old, out.text[sp.start:sp.end])
