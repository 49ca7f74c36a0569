"""The town a facility is placed in: big enough for its kind, of the surrogate province, unlike the originals.

A hospital's town has at least ``CITY_MIN_WEIGHT`` inhabitants and a village surgery's fewer (the
``municipality_size`` of a ``facility_patterns`` row); the samplers by size, overall and per province, are built
once per gazetteer set.
"""
from __future__ import annotations

import numpy as np

from gazetteers import GazetteerSet, Sampler

from ...leak_guard import STOPWORDS, words_of
from ..places.index import place_index

#: ``municipalities.weight`` that separates a "city" from a "small" town (docs/gazetteers.md, facility patterns).
CITY_MIN_WEIGHT = 20_000.0


def draw_town(gaz: GazetteerSet, rng: np.random.Generator, province: str | None, size: str,
              exclude: list[str]) -> str:
    """A town of ``province`` (a hospital's town has ``CITY_MIN_WEIGHT`` inhabitants unless ``size`` is
    "small"), else of any province; weighted by population."""
    by_province = province_town_samplers(gaz)
    sampler = by_province.get((province, "small" if size == "small" else "city"))
    if sampler is not None:
        try:
            return _unlike(sampler, rng, exclude)
        except LookupError:
            pass
    sampler = town_samplers(gaz).get(size)
    if sampler is None:  # "any", an unknown size, or no town of that size in a custom table
        return place_index(gaz).draw_town(rng, None, exclude)
    return sampler.draw(rng, exclude=exclude)


def _unlike(sampler: Sampler, rng: np.random.Generator, exclude: list[str]) -> str:
    """A draw sharing no name word with the excluded names ("Ciudad Real" for "Soto del Real" would copy
    "Real", which the leak guard then masks); the last draw when a few tries all share one."""
    banned = {w for name in exclude for w in words_of(name) if w not in STOPWORDS}
    tried = list(exclude)
    new = sampler.draw(rng, exclude=tried)
    for _ in range(_UNLIKE_DRAWS):
        if not banned & words_of(new):
            break
        tried.append(new)
        new = sampler.draw(rng, exclude=tried)
    return new


_UNLIKE_DRAWS = 8


def town_samplers(gaz: GazetteerSet) -> dict[str, Sampler]:
    """Municipality samplers by ``municipality_size`` ("city", "small"), built once per gazetteer set."""
    return gaz.derived("facility_town_samplers", _build_town_samplers)


def _build_town_samplers(gaz: GazetteerSet) -> dict[str, Sampler]:
    table = gaz["municipalities"]
    values, weights = table.column("value"), table.numbers("weight")
    # a bilingual town's rows split its weight between its names: the size is its whole population
    size_of = table.numbers("population") if "population" in table.column_names else weights
    out: dict[str, Sampler] = {}
    for size, keep in (("city", size_of >= CITY_MIN_WEIGHT), ("small", size_of < CITY_MIN_WEIGHT)):
        try:
            out[size] = Sampler([v for v, k in zip(values, keep) if k], weights[keep], blocklist=gaz.blocklist)
        except (ValueError, LookupError):  # no town of that size (or all blocked): fall back to any town
            continue
    return out


def province_town_samplers(gaz: GazetteerSet) -> dict[tuple[str, str], Sampler]:
    """(province code, "city" | "small") → its municipalities of that size; a province with no town of
    ``CITY_MIN_WEIGHT`` gets its largest as its one "city". Built once per gazetteer set."""
    return gaz.derived("facility_province_town_samplers", _build_province_town_samplers)


def _build_province_town_samplers(gaz: GazetteerSet) -> dict[tuple[str, str], Sampler]:
    table = gaz["municipalities"]
    if "province_code" not in table.column_names:
        return {}
    names = table.column("official_name" if "official_name" in table.column_names else "value")
    weights = table.numbers("weight").tolist()
    population: dict[str, float] = {}  # a municipality's rows (co-official names) share its population
    for name, w in zip(names, weights):
        population[name] = population.get(name, 0.0) + w
    rows: dict[tuple[str, str], tuple[list[str], list[float]]] = {}
    largest: dict[str, tuple[float, str, float]] = {}
    for value, name, w, prov in zip(table.column("value"), names, weights, table.column("province_code")):
        size = "city" if population[name] >= CITY_MIN_WEIGHT else "small"
        vals, ws = rows.setdefault((prov, size), ([], []))
        vals.append(value)
        ws.append(w)
        if population[name] > largest.get(prov, (-1.0, "", 0.0))[0]:
            largest[prov] = (population[name], value, w)
    for prov, (_, value, w) in largest.items():
        rows.setdefault((prov, "city"), ([value], [max(w, 1.0)]))
    out: dict[tuple[str, str], Sampler] = {}
    for key, (vals, ws) in rows.items():
        try:
            out[key] = Sampler(vals, np.array(ws, dtype=np.float64), blocklist=gaz.blocklist)
        except (ValueError, LookupError):
            continue
    return out
