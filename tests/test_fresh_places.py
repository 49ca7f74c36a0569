"""Places in layouts MEDDOCAN does not have: a postal code and its town in one span, a place after its kind,
community names, road codes, "Bº", industrial estates. Over seeds: nothing masked or re-drawn by the guard,
the layout kept, and a postal code that is a real code of the surrogate town."""
from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fresh_layouts import surrogates
from gazetteers import default_set, fold
from surrogate.replacers.places.index import place_index

SEEDS = st.integers(1, 10**6)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _real_code_of(code: str, town: str) -> bool:
    places = place_index(default_set())
    key = fold(town)
    provinces = places.towns.get(key, ()) or ((places.capitals[key],) if key in places.capitals else ())
    return any(code in places.postal_by_town.get((prov, key), ()) for prov in provinces)


@pytest.mark.parametrize("written, layout", [
    ("08017 Barcelona", r"(?P<code>\d{5}) (?P<town>\D+)"),
    ("Logroño, 26001", r"(?P<town>\D+), (?P<code>\d{5})"),
    ("28013 - Madrid", r"(?P<code>\d{5}) - (?P<town>\D+)"),
])
@SETTINGS
@given(seed=SEEDS)
def test_code_and_town_in_one_span_stay_a_real_pair(written, layout, seed):
    new = surrogates(f"Domicilio: [[CALLE|C/ Luna 3]], [[TERRITORIO|{written}]].", seed)["T2"]
    m = re.fullmatch(layout, new)
    assert m, new
    assert _real_code_of(m.group("code"), m.group("town")), new


@pytest.mark.parametrize("written, frame", [
    ("la provincia de Cuenca", "la provincia de "), ("el municipio de Mayorga", "el municipio de "),
])
@SETTINGS
@given(seed=SEEDS)
def test_place_after_its_kind_keeps_the_frame(written, frame, seed):
    new = surrogates(f"Vive en [[TERRITORIO|{written}]].", seed)["T1"]
    assert new.startswith(frame) and place_index(default_set()).is_spanish_place(new[len(frame):]), new


@pytest.mark.parametrize("written", ["Comunidad de Madrid", "Región de Murcia", "Principado de Asturias"])
@SETTINGS
@given(seed=SEEDS)
def test_community_names_are_not_masked(written, seed):
    new = surrogates(f"Procedente de la [[TERRITORIO|{written}]].", seed)["T1"]
    assert fold(new) in place_index(default_set()).communities, new


@pytest.mark.parametrize("written, layout", [
    ("Ctra. N-II km 12", r"Ctra\. N-(?:I|III|IV|V|VI) km \d\d"),
    ("Carretera A-2 km 34", r"Carretera A-[1-9] km \d\d"),
    ("CV-35, km 12", r"AP-[1-9]\d, km \d\d"),
    ("Bº San Andrés, s/n", r"Bº [^\d,]+, s/n"),
    ("Polígono Industrial Las Salinas, nave 4", r"Polígono Industrial [^\d,]+, nave \d"),
])
@SETTINGS
@given(seed=SEEDS)
def test_address_layout_is_kept(written, layout, seed):
    new = surrogates(f"Domicilio: [[CALLE|{written}]].", seed)["T1"]
    assert re.fullmatch(layout, new), new
