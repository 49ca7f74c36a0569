"""First name and both surnames come from one origin (issue 13: "Zheng Morales" occurred 34 times against 1)."""
from __future__ import annotations

import re
from collections import Counter

import numpy as np
import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gazetteers import default_set
from gazetteers.fitted import default_details
from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig, Span
from surrogate.replacers.people.origin import SPANISH, foreign_share
from surrogate.replacers.people.pools import NamePools
from surrogate.replacers.people.tokens import reads_as_honorific

GAZ = default_set("es")
POOLS = NamePools.of(GAZ)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_FOREIGN = Engine(EngineConfig(options={"person_name": {"foreign_name_share": 1.0}}), schema="meddocan", strict=True)
_DEFAULT = Engine(EngineConfig(), schema="meddocan", strict=True)

#: a clinical header with a patient and a doctor, names of several origins in the original
_ORIGINALS = ["Zheng Morales Wang", "María José García López", "Mohamed El Amrani Benali", "Ion Popescu Pop",
              "Lucía Ortega Sanz", "Xiaowei Zhang Chen", "Juan de la Torre Gil"]


def _doc(patient: str, doctor: str) -> Document:
    text = f"Nombre: {patient}.\nMédico: Dr. {doctor}.\n"
    p, d = text.index(patient), text.index(doctor)
    return Document("d", text, (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", p, p + len(patient)),
                                Span("T2", "NOMBRE_PERSONAL_SANITARIO", d, d + len(doctor))))


_PARTICLES = frozenset("de la del los las el al ben dr".split())


def _origins(name: str) -> tuple[str | None, list[str]]:
    """The given name's origin and the surnames'; a surname after a particle ("de la Torre", "El Hilali") is
    drawn from the census's particle tails, which carry no origin, and is left out."""
    words = re.findall(r"[^\W\d_]{2,}", name)
    words = [w for i, w in enumerate(words) if fold(w) not in _PARTICLES and (i == 0 or fold(words[i - 1]) not in _PARTICLES)]
    given = POOLS.origin_of(words[0], "given")
    return given, [o for o in (POOLS.origin_of(w, "surname") for w in words[1:]) if o is not None]


@FAST
@given(patient=st.sampled_from(_ORIGINALS), doctor=st.sampled_from(_ORIGINALS), seed=st.integers(0, 2**31))
def test_every_part_of_a_drawn_name_shares_one_origin(patient, doctor, seed):
    for engine in (_FOREIGN, _DEFAULT):
        result = engine.apply(_doc(patient, doctor), seed=seed)
        for r in result.replacements:
            if r.kind != "person_name":
                continue
            given_origin, surnames = _origins(r.surrogate)
            assert given_origin is not None and surnames, r.surrogate
            assert all(s == given_origin for s in surnames), r.surrogate
            if engine is _FOREIGN:
                assert given_origin != SPANISH, r.surrogate


def test_foreign_names_are_drawn_at_the_fitted_share():
    n, foreign = 0, 0
    for seed in range(600):
        for r in _DEFAULT.apply(_doc("Lucía Ortega Sanz", "Pedro Gil Ruiz"), seed=seed).replacements:
            n += 1
            foreign += _origins(r.surrogate)[0] != SPANISH
    expected = foreign_share(default_details()) * n
    assert abs(foreign - expected) <= 4 * expected ** 0.5 + 2, (foreign, expected)


def test_relatives_who_share_a_surname_share_its_surrogate():
    text = "Paciente: Wei Zhang Li. Acompañado por su madre, Mei Zhang Chen.\n"
    spans = []
    for i, name in enumerate(("Wei Zhang Li", "Mei Zhang Chen")):
        s = text.index(name)
        spans.append(Span(f"T{i}", "NOMBRE_SUJETO_ASISTENCIA" if i == 0 else "NOMBRE_PERSONAL_SANITARIO", s,
                          s + len(name)))
    for seed in range(40):
        result = _FOREIGN.apply(Document("d", text, tuple(spans)), seed=seed)
        a, b = (r.surrogate.split() for r in sorted(result.replacements, key=lambda r: r.span_id))
        assert a[1] == b[1] and _origins(" ".join(a))[0] == _origins(" ".join(b))[0]


def test_the_tables_carry_an_origin_and_the_sex_is_still_kept():
    first, surnames = GAZ["first_names"].frame, GAZ["surnames"].frame
    assert set(first["origin"]) == set(surnames["origin"]) == {"es", "ar", "zh", "east", "africa"}
    share = first.group_by("origin").agg(pl.col("weight").sum()).filter(pl.col("origin") == "es")["weight"][0]
    assert share / first["weight"].sum() > 0.9  # the census of Spain: mostly Spanish names
    known = {"Mohamed": "ar", "Xiaowei": "zh", "Vasile": "east", "Lucía": "es", "Izaskun": "es", "Kevin": "es"}
    got = {v: o for v, o in zip(first["value"], first["origin"]) if v in known}
    assert got == known
    # foreign pools keep the census sex: every name drawn for a sex is one the census gives that sex
    for (sex, origin), sampler in POOLS.given_origin_pool.items():
        names = set(sampler.values)
        rows = first.filter(pl.col("value").is_in(list(names)) & (pl.col("sex") != sex))
        other = Counter(dict(zip(rows["value"], rows["weight"])))
        same = first.filter(pl.col("value").is_in(list(names)) & (pl.col("sex") == sex))
        for v, w in zip(same["value"], same["weight"]):
            assert other[v] <= 0.06 * (w + other[v]), (v, sex, origin)


@pytest.mark.parametrize("initial, honorific", [("D.a", True), ("Dª", True), ("D.", True), ("M.a", False),
                                                 ("J.", False)])
def test_a_leading_initial_that_reads_as_dona_is_recognised(initial, honorific):
    assert reads_as_honorific(initial) is honorific


def test_a_surname_borne_mostly_as_an_only_surname_is_rare_first_in_a_spanish_family():
    """INE counts a foreign resident's one surname as a first surname only: "Chen" is far more often first than
    second, unlike Spanish surnames. A Spanish family's first surname weighs only the bearers that symmetry with
    the second position vouches for, so such a surname is drawn first about as often as second."""
    from gazetteers import Gazetteer, GazetteerSet

    rows = [("García", 1780.0, 900.0, 880.0, "es"), ("Chen", 1010.0, 1000.0, 10.0, "es")]
    gaz = GazetteerSet({
        "first_names": lambda: Gazetteer("first_names", pl.DataFrame(
            [("Lucía", 10.0, "F", "es")], schema=["value", "weight", "sex", "origin"], orient="row")),
        "surnames": lambda: Gazetteer("surnames", pl.DataFrame(
            rows, schema=["value", "weight", "weight_first", "weight_second", "origin"], orient="row")),
    }, locale="test")
    pools = NamePools.of(gaz)
    rng = np.random.default_rng(0)
    first = Counter(pools.surname_first.draw(rng) for _ in range(3000))
    second = Counter(pools.surname_second.draw(rng) for _ in range(3000))
    assert first["Chen"] / 3000 < 0.03  # 10 / 890 expected; by the first-surname count it would be 53%
    assert second["Chen"] / 3000 < 0.03


#: given names of foreign origin that the census weighs most and that Spanish name lists hold (faker's es_ES list
#: copies the census's top names), so that a list alone reads them as Spanish
_FOREIGN_GIVEN = {"Youssef": "ar", "Hassan": "ar", "Bilal": "ar", "Khadija": "ar", "Aicha": "ar", "Samira": "ar",
                  "Nisrine": "ar", "Sanaa": "ar", "Fatiha": "ar", "Mamadou": "africa", "Gheorghe": "east",
                  "Ion": "east", "Iryna": "east"}


def test_a_spanish_family_never_draws_a_frequent_foreign_given_name():
    spanish_pool = {fold(v) for sex in ("M", "F", "") for v in POOLS.given[sex].values}
    assert not spanish_pool & {fold(n) for n in _FOREIGN_GIVEN}
    assert {n: POOLS.origin_of(n, "given") for n in _FOREIGN_GIVEN} == _FOREIGN_GIVEN
    drawn = Counter()
    for seed in range(300):
        for r in _DEFAULT.apply(_doc("Lucía Ortega Sanz", "Pedro Gil Ruiz"), seed=seed).replacements:
            given, surnames = _origins(r.surrogate)
            if given == SPANISH:
                drawn[r.surrogate.split()[0]] += 1
    assert not set(drawn) & set(_FOREIGN_GIVEN)
