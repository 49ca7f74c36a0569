"""INE municipality and postal-code tables in the shipped default, and their use by the territory replacer.

- the tables hold INE's figures (pobmun24.xlsx, codigos_postales_municipios.csv, read in place when present);
- rebuilding the facts and the table files is byte-identical;
- towns are drawn by population (``TOWN_SIZE_EXPONENT``), never a village as often as a town;
- a surrogate postal code is one of its surrogate town's real codes, in either order, in keyed mode too.
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from place_gazetteers import DEFAULT_DATA, doc_with, require_default

from gazetteers import column_file, default_set, fold
from gazetteers.locales.es import load_table
from surrogate.config import EngineConfig
from surrogate.engine import Engine
from surrogate.replacers.places.index import TOWN_SIZE_EXPONENT, place_index

REPO = Path(__file__).resolve().parents[1]
INE = REPO.parent / "shared" / "data" / "ine"

pytestmark = pytest.mark.usefixtures("_default_tables")


@pytest.fixture(scope="module")
def _default_tables():
    require_default("municipalities", "postal_codes", "provinces")


@pytest.fixture(scope="module")
def muni() -> pl.DataFrame:
    return load_table("municipalities").frame


@pytest.fixture(scope="module")
def postal() -> pl.DataFrame:
    return load_table("postal_codes").frame


@pytest.fixture(scope="module")
def codes(muni, postal) -> dict[tuple[str, str], set[str]]:
    return _codes_of_town(muni, postal)


def _ine(name: str) -> Path:
    path = INE / name
    if not path.exists():
        pytest.skip(f"{path} not available")
    return path


def _codes_of_town(muni: pl.DataFrame, postal: pl.DataFrame) -> dict[tuple[str, str], set[str]]:
    """(province code, folded name) → the INE postal codes of that municipality."""
    by_code: dict[str, set[str]] = {}
    for code, mun in postal.select("value", "municipality_code").iter_rows():
        by_code.setdefault(mun, set()).add(code)
    out: dict[tuple[str, str], set[str]] = {}
    for name, pcode, mun in muni.select("value", "province_code", "municipality_code").iter_rows():
        out.setdefault((pcode, fold(name)), set()).update(by_code.get(mun, ()))
    return out


# -- the tables ------------------------------------------------------------------------------------------------
def test_population_of_every_municipality_is_ines(muni):
    path = _ine("pobmun24.xlsx")
    ine = pl.read_excel(path, sheet_name="dic24", read_options={"header_row": 1})
    official = {f"{int(p):02d}{int(m):03d}": int(n) for p, m, n in ine.select("CPRO", "CMUN", "POB24").iter_rows()}
    assert len(official) == 8132
    towns = muni.select("municipality_code", "population").unique()
    assert towns.height == 8132
    assert {c: int(p) for c, p in towns.iter_rows()} == official
    # weight shares the population between co-official names: a draw over rows follows population
    total = muni.group_by("municipality_code").agg(pl.col("weight").sum(), pl.col("population").first())
    assert (total["weight"] - total["population"]).abs().max() < 1e-6


def test_named_municipalities_have_their_real_population(muni):
    pop = {v: p for v, p in muni.select("value", "population").iter_rows()}
    assert pop["Añana"] < 300 and 9_000 < pop["Amurrio"] < 12_000  # the example: no more equal weights
    assert pop["Madrid"] > 3_000_000 and 180_000 < pop["Getafe"] < 200_000
    assert {"A Coruña", "Las Rozas de Madrid", "L'Hospitalet de Llobregat", "Castellón de la Plana"} <= set(pop)
    postposed = re.compile(r", (el|la|los|las|l'|els|les|es|sa|ses|a|as|o|os)$", re.IGNORECASE)
    assert not [v for v in muni["value"] if postposed.search(v)]


def test_postal_codes_are_ines_without_the_junk(postal):
    path = _ine("codigos_postales_municipios.csv")
    raw = pl.read_csv(path, schema_overrides={"codigo_postal": pl.String, "municipio_id": pl.String})
    pairs = set(raw.select("codigo_postal", "municipio_id").iter_rows())
    junk = {(c, m) for c, m in pairs if c[:2] != m[:2]}
    assert ("00043", "43110") in junk and 40 <= len(junk) <= 60
    assert set(postal.select("value", "municipality_code").iter_rows()) == pairs - junk


def test_postal_codes_agree_with_their_municipality(muni, postal, codes):
    assert postal.select("value", "municipality_code").unique().height == postal.height
    assert (postal["value"].str.slice(0, 2) == postal["province_code"]).all()
    assert set(postal["municipality_code"]) <= set(muni["municipality_code"])
    assert len(codes[("28", "getafe")]) >= 5 and all(c.startswith("289") for c in codes[("28", "getafe")])
    assert len(codes[("28", "madrid")]) >= 50
    assert len(set(muni["municipality_code"]) - set(postal["municipality_code"])) < 50


# -- reproducible builds ---------------------------------------------------------------------------------------
def test_ine_facts_rebuild_byte_identical(tmp_path):
    from gazetteers.build.facts import FACTS_DIR
    from gazetteers.build.ine_facts import write_facts

    _ine("pobmun24.xlsx")
    _ine("codigos_postales_municipios.csv")
    for run in ("a", "b"):
        (tmp_path / run).mkdir()
        write_facts(INE, tmp_path / run)
    for name in ("ine_municipalities.csv", "ine_postal_codes.csv"):
        first = (tmp_path / "a" / name).read_bytes()
        assert first == (tmp_path / "b" / name).read_bytes()
        assert first == (FACTS_DIR / name).read_bytes(), f"{name} is stale: rerun python -m gazetteers.build.ine_facts"


def test_tables_rebuild_identically_and_match_the_shipped_ones():
    """The two tables built twice (the build's own table makers and contract check, without the build extra's
    provenance step, which needs every build package installed) equal each other and the shipped files, byte for byte."""
    from gazetteers.build.build_es import builders, check

    for name in ("municipalities", "postal_codes"):
        first, second = builders()[name](), builders()[name]()
        check(name, first)
        assert first.equals(second)
        shipped = DEFAULT_DATA / f"{name}{column_file.SUFFIX}"
        assert column_file.encode(first) == shipped.read_bytes(), f"{shipped.name} is stale"


# -- draws -----------------------------------------------------------------------------------------------------
def test_towns_are_drawn_by_population(muni):
    """Álava without its capital: each town's share of 60,000 draws is within 5 sigma of population^exponent."""
    places = place_index(default_set("es"))
    rng = np.random.default_rng(13)
    n = 60_000
    drawn = Counter(places.draw_town(rng, "01", []) for _ in range(n))
    rows = muni.filter((pl.col("province_code") == "01") & (pl.col("value") != "Vitoria-Gasteiz"))
    weights = {v: w * p ** (TOWN_SIZE_EXPONENT - 1) for v, w, p in rows.select("value", "weight", "population").iter_rows()}
    total = sum(weights.values())
    assert "Vitoria-Gasteiz" not in drawn  # a town is never the capital
    for value, w in sorted(weights.items(), key=lambda kv: -kv[1])[:8]:
        p = w / total
        assert abs(drawn[value] - n * p) <= 5 * (n * p * (1 - p)) ** 0.5, value
    assert drawn["Amurrio"] > 100 * max(drawn["Añana"], 1)  # 10,330 against 180 inhabitants
    small = {v for v, p in rows.select("value", "population").iter_rows() if p < 1_000}
    share = sum(drawn[v] for v in small) / n
    expected = sum(weights[v] for v in small) / total
    assert abs(share - expected) < 0.01 and share < 0.1  # 39 of its 51 municipalities have under 1,000 people


def test_a_capital_is_never_drawn_as_a_town_under_its_other_name():
    places = place_index(default_set("es"))
    rng = np.random.default_rng(3)
    for province, names in (("03", {"alicante", "alacant"}), ("31", {"pamplona", "iruna"}),
                            ("20", {"donostia", "san sebastian"}), ("12", {"castello de la plana",
                                                                       "castellon de la plana"})):
        assert not {fold(places.draw_town(rng, province, [])) for _ in range(3000)} & names


def test_lone_postal_codes_keep_their_capital_or_town_class(codes):
    places = place_index(default_set("es"))
    madrid, getafe = "28029", "28905"
    assert places.is_capital_code(madrid) and not places.is_capital_code(getafe)
    eng = Engine(EngineConfig(), schema="meddocan", strict=True)
    for seed in range(30):
        doc = doc_with("CP: 28029.\n\nOtro CP: 28905.", ("TERRITORIO", "28029"),
                       ("TERRITORIO", "28905"))
        out = {r.span_id: r.surrogate for r in eng.apply(doc, seed=seed).replacements}
        province = out["T1"][:2]
        capital = fold(places.provinces[province].capital)
        assert out["T1"] in codes[(province, capital)]
        assert out["T2"][:2] == province and out["T2"] not in codes[(province, capital)]
        assert any(out["T2"] in c for (p, _), c in codes.items() if p == province)


# -- postal code ↔ town coherence in the engine ----------------------------------------------------------------
@pytest.fixture(scope="module")
def town_pairs(muni, codes) -> list[tuple[str, str]]:
    """(town, one of its codes) for towns of 20,000+ inhabitants that are no capital and have a unique name."""
    places = place_index(default_set("es"))
    unique = muni.filter(pl.col("population") >= 20_000)
    out = []
    for name, pcode in unique.select("value", "province_code").iter_rows():
        if len(places.town_provinces(name)) == 1 and not places.is_capital(name) and codes.get((pcode, fold(name))):
            out.append((name, sorted(codes[(pcode, fold(name))])[0]))
    return out


_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("key", [None, b"k"], ids=["seeded", "keyed"])
@_SETTINGS
@given(data=st.data(), seed=st.integers(0, 2**32 - 1), code_first=st.booleans())
def test_surrogate_postal_code_belongs_to_the_surrogate_town(codes, town_pairs, data, seed, code_first, key):
    town, code = data.draw(st.sampled_from(town_pairs))
    places = place_index(default_set("es"))
    if code_first:
        doc = doc_with(f"Domicilio: C/ Mayor 3, {code} {town}.", ("CALLE", "C/ Mayor 3"),
                       ("TERRITORIO", code), ("TERRITORIO", town))
        new_code, new_town = "T2", "T3"
    else:
        doc = doc_with(f"Localidad: {town}.\nCP: {code}.", ("TERRITORIO", town), ("TERRITORIO", code))
        new_code, new_town = "T2", "T1"
    eng = Engine(EngineConfig(key=key), schema="meddocan", strict=True)
    out = {r.span_id: r.surrogate for r in eng.apply(doc, seed=seed).replacements}
    surrogate_town, surrogate_code = out[new_town], out[new_code]
    province = surrogate_code[:2]
    assert province != code[:2]
    assert surrogate_code in codes[(province, fold(surrogate_town))], (surrogate_town, surrogate_code)
    assert not places.is_capital(surrogate_town)


def test_keyed_town_maps_alike_whichever_mention_comes_first():
    eng = Engine(EngineConfig(key=b"key"), schema="meddocan", strict=True)
    a = doc_with("28905 Getafe", ("TERRITORIO", "28905"), ("TERRITORIO", "Getafe"))
    b = doc_with("Getafe, 28905", ("TERRITORIO", "Getafe"), ("TERRITORIO", "28905"))
    c = doc_with("Vive en Getafe.", ("TERRITORIO", "Getafe"))
    towns = [{r.original: r.surrogate for r in eng.apply(d, seed=s).replacements}["Getafe"]
             for d, s in ((a, 1), (b, 2), (c, 3))]
    assert len(set(towns)) == 1


@pytest.mark.parametrize("split", ["dev", "train"])
def test_meddocan_postal_codes_are_their_towns_real_codes(split, request, muni, codes):
    """Every Spanish block with a postal code and a town: the surrogate code is one of the surrogate town's; and
    hardly any surrogate town is a village of under 1,000 people (the corpus names 2 in 1,300 place mentions)."""
    from surrogate.replacers.places.country_index import country_index
    from surrogate.replacers.places.plan import classify_place, find_blocks

    docs = request.getfixturevalue(f"meddocan_{split}")
    population: dict[str, float] = {}  # homonyms (Cieza, Murcia and Cantabria): the larger
    for value, pop in muni.select("value", "population").iter_rows():
        population[value] = max(pop, population.get(value, 0.0))
    gaz = default_set("es")
    places, countries = place_index(gaz), country_index(gaz)
    eng = Engine(EngineConfig(), schema="meddocan", strict=True)
    blocks = real = towns_drawn = villages = 0
    for doc in docs:
        new = {r.span_id: r.surrogate for r in eng.apply(doc, seed=1).replacements}
        for block in find_blocks(doc, eng.schema.kind_of):
            cps, towns = [], []
            for sp, kind in block:
                original = doc.span_text(sp).strip(" .,")
                cls = classify_place(original, places, countries)
                if kind == "territory" and cls.kind == "cp":
                    cps.append((original[-5:], new[sp.id].strip(" .,")[-5:]))  # E-28036
                elif kind == "territory" and cls.kind == "town":
                    towns.append((cls.codes, new[sp.id].strip(" .,")))
                    towns_drawn += 1
                    villages += population.get(towns[-1][1], 1e9) < 1_000
            # a town of the code's own province, surrogated by a Spanish town (not a foreign block's "Medellín")
            towns = [t for codes_of, t in towns if cps and cps[0][0][:2] in codes_of and places.town_provinces(t)]
            if cps and towns:
                blocks += 1
                real += cps[0][1] in codes.get((cps[0][1][:2], fold(towns[0])), set())
    assert blocks >= 50 and real / blocks >= 0.97, (real, blocks)
    assert villages <= 0.03 * towns_drawn, (villages, towns_drawn)  # the old table: about 1 in 5


def test_surrogate_provinces_mix_corpus_shares_and_population():
    """σ comes out at PROVINCE_MENTION_MIX × MEDDOCAN document share + the rest × population, over documents
    that name their provinces at the fitted shares, although a document's own province is never its surrogate:
    Madrid, 40% of the documents and 14% of the people, makes about a third of the surrogates of its class (more
    than population alone would give, and than a draw that ignores the exclusion gives)."""
    from surrogate.replacers.places.index import PROVINCE_MENTION_MIX

    places = place_index(default_set("es"))
    provinces = load_table("provinces").frame
    mentions = dict(provinces.select("code", "mentions").iter_rows())
    population = dict(provinces.select("code", "weight").iter_rows())
    assert max(mentions, key=mentions.get) == "28" and sum(mentions.values()) >= 700
    same_class = places.province_sampler[True][0]  # provinces named like their capital map among themselves
    expected = {c: PROVINCE_MENTION_MIX * mentions[c] / sum(mentions.values())
                + (1 - PROVINCE_MENTION_MIX) * population[c] / sum(population.values()) for c in same_class}
    total = sum(expected.values())
    named = np.array([mentions[c] for c in same_class], dtype=float)
    rng = np.random.default_rng(5)
    n = 20_000
    own = rng.choice(same_class, size=n, p=named / named.sum())  # each document's own province
    drawn = Counter(places.draw_province(rng, like=o, exclude={o}) for o in own)
    assert all(d in same_class for d in drawn)
    for code in ("28", "41", "46"):
        p = expected[code] / total
        assert abs(drawn[code] - n * p) <= 5 * (n * p * (1 - p)) ** 0.5, code
    assert drawn["28"] / n > 1.5 * population["28"] / sum(population[c] for c in same_class)
