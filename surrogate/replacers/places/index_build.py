"""Building a :class:`~.index.PlaceIndex` from the place tables: every way a name is written, keyed by ``fold``.

Run once per gazetteer set, and only when the shipped index (``index_store``) was not built from these very
tables and code: a fresh start never imports this module. Kept apart from :mod:`.index` so that the lookups
the replacers call per mention stay small to read; the draw weights it applies live there.
"""
from __future__ import annotations

import re
from functools import cache

import numpy as np

from gazetteers import Gazetteer, GazetteerSet, Sampler, fold

from . import facts
from .index import (
    PlaceIndex,
    Province,
    excluding_own,
    origin_weights,
    province_weights,
    town_weights,
)

_ARTICLE_SUFFIX = re.compile(r"^(?P<base>.+), (?P<art>(?:el|la|los|las|l'|a|o|os|as|es|sa|ses|s'|lo|els))$",
                             re.IGNORECASE)


@cache  # asked twice per municipality while the index is built
def _town_keys(name: str) -> tuple[str, ...]:
    """Every way a municipality name is written: INE postposed articles, bilingual "A/B" and "A-B" forms."""
    keys = {name}
    m = _ARTICLE_SUFFIX.match(name)
    if m:
        art = m.group("art")
        keys.add(f"{art}{m.group('base')}" if art.endswith("'") else f"{art} {m.group('base')}")
    for sep in ("/", " - "):
        for k in list(keys):  # noqa: PERF101 (a copy: the loop adds to keys)
            if sep in k:
                keys.update(p.strip() for p in k.split(sep) if p.strip())
    return tuple(fold(k) for k in sorted(keys))  # sorted: the same index in every process


def build_index(gaz: GazetteerSet) -> PlaceIndex:
    """The index of a gazetteer set, built from its tables (``index_store`` ships the default set's)."""
    idx = PlaceIndex()
    for row in gaz["provinces"].rows():
        code = str(row.get("code") or row.get("postal_prefix") or "").zfill(2)
        p = Province(code, row["value"], row.get("capital") or row["value"],
                     row.get("community") or facts.COMMUNITY_NAMES.get(code, ""), float(row.get("weight") or 1.0),
                     float(row.get("mentions") or 0.0))
        idx.provinces[code] = p
        idx.canonical.setdefault(fold(p.name), p.name)
        idx.canonical.setdefault(fold(p.capital), p.capital)
        for k in _town_keys(p.name):
            idx.province_names.setdefault(k, code)
        for k in _town_keys(p.capital):
            idx.capitals.setdefault(k, code)
    for alias, code in facts.PROVINCE_ALIASES.items():
        if code in idx.provinces:
            idx.province_names.setdefault(alias, code)
    for alias, code in facts.CAPITAL_ALIASES.items():
        if code in idx.provinces:
            idx.capitals.setdefault(alias, code)

    muni = gaz["municipalities"]
    towns: dict[str, set[str]] = {}
    # the INE official name ("Agurain/Salvatierra", "Elx/Elche") is a way of writing the town too
    official = muni.column("official_name") if "official_name" in muni.column_names else [None] * muni.height
    for name, code, weight, official_name in zip(muni.column("value"), muni.column("province_code"),
                                                 muni.column("weight"), official):
        code = str(code).zfill(2)
        idx.canonical.setdefault(fold(name), name)
        names = [name]
        if official_name and fold(official_name) != fold(name):
            names.append(official_name)
            idx.canonical.setdefault(fold(official_name), official_name)
        for k in dict.fromkeys(k for n in names for k in _town_keys(n)):
            towns.setdefault(k, set()).add(code)
            idx.town_weight[k] = max(idx.town_weight.get(k, 0.0), float(weight or 0.0))
    for k, code in idx.capitals.items():
        towns.setdefault(k, set()).add(code)
    idx.towns = {k: tuple(sorted(v)) for k, v in towns.items()}
    values = np.array(muni.column("value"), dtype=object)
    weights = town_weights(muni)
    province_codes = np.array([str(c).zfill(2) for c in muni.column("province_code")], dtype=object)
    idx.town_sampler = Sampler(values.tolist(), weights, blocklist=gaz.blocklist)
    capital = _capital_rows(muni, province_codes, idx)
    for code in idx.provinces:
        keep = province_codes == code
        kept = weights[keep]
        if (keep & ~capital).any():  # a town is never the capital under another name ("Alacant", "Iruña")
            kept = np.where(capital[keep], 0.0, kept)
        try:
            sampler = Sampler(values[keep].tolist(), kept, blocklist=gaz.blocklist)
        except (ValueError, LookupError):  # a province with no municipality in a small custom table
            idx.single_town.add(code)
            continue
        idx.town_sampler_by_province[code] = sampler
        if len(sampler) < 2:
            idx.single_town.add(code)

    _index_postal_codes(idx, gaz)

    codes = sorted(idx.provinces)
    drawn = province_weights(list(idx.provinces.values()))
    named = origin_weights(list(idx.provinces.values()))
    for named_like in (True, False):
        sel = [c for c in codes if idx.provinces[c].named_like_capital == named_like]
        weights = excluding_own(np.array([drawn[c] for c in sel]), np.array([named[c] for c in sel]))
        idx.province_sampler[named_like] = (sel, weights)

    # communities: the table's names (matched to provinces through the provinces' community column) + facts
    by_name: dict[str, set[str]] = {}
    for p in idx.provinces.values():
        if p.community:
            by_name.setdefault(fold(p.community), set()).add(p.code)
    for alias, pcodes in facts.COMMUNITIES.items():
        by_name.setdefault(alias, set()).update(c for c in pcodes if c in idx.provinces)
    idx.communities = {k: tuple(sorted(v)) for k, v in by_name.items() if v}
    names = {p.community for p in idx.provinces.values() if p.community}
    if "communities" in gaz:
        try:
            names.update(gaz["communities"].values)
        except FileNotFoundError:
            pass
    idx.community_names = sorted(names)
    for n in idx.community_names:  # sorted: the same index in every process
        idx.canonical.setdefault(fold(n), n)

    islands = dict(facts.ISLANDS)
    if "islands" in gaz:
        try:
            isl = gaz["islands"]
            islands.update({fold(v): str(c).zfill(2) for v, c in zip(isl.column("value"), isl.column("province_code"))})
            idx.island_names = list(isl.column("value"))
            for n in idx.island_names:
                idx.canonical.setdefault(fold(n), n)
        except FileNotFoundError:
            pass
    idx.islands = islands
    if not idx.island_names:
        idx.island_names = [k.title() for k in facts.ISLANDS]

    for iso2, kinds in facts.FOREIGN_PLACES.items():
        lists: dict[str, list[str]] = {}
        for what, values in kinds.items():
            for v in values:
                key = fold(v)
                idx.canonical.setdefault(key, v)
                idx.foreign.setdefault(key, (iso2, what))
                if key not in idx.towns and key not in idx.province_names and key not in idx.communities:
                    lists.setdefault(what, []).append(v)  # never draw a name that is also Spanish
        idx.foreign_lists[iso2] = lists
    for key, where in facts.FOREIGN_ALIASES.items():
        idx.foreign.setdefault(key, where)
    return idx


def _capital_rows(muni: Gazetteer, province_codes: np.ndarray, idx: PlaceIndex) -> np.ndarray:
    """Rows that name a provincial capital, under any of its names (same ``municipality_code``)."""
    named = np.array([c in idx.provinces and fold(v) == fold(idx.provinces[c].capital)
                      for v, c in zip(muni.column("value"), province_codes)], dtype=bool)
    if "municipality_code" not in muni.column_names:
        return named
    codes = np.array(muni.column("municipality_code"), dtype=object)
    return np.isin(codes, list(set(codes[named])))


def _index_postal_codes(idx: PlaceIndex, gaz: GazetteerSet) -> None:
    """Each town's real postal codes and, per province, a code sampler weighted by the population each code
    serves (a municipality's population shared equally by its codes). Needs ``postal_codes`` and the
    ``municipality_code`` column of ``municipalities``; a gazetteer set without them keeps the old
    prefix-and-pattern codes (see the territory replacer)."""
    muni = gaz["municipalities"]
    if "postal_codes" not in gaz or "municipality_code" not in muni.column_names:
        return
    try:
        postal = gaz["postal_codes"]
    except FileNotFoundError:
        return
    blocked = {fold(b) for b in gaz.blocklist}
    by_muni: dict[str, list[str]] = {}
    for code, mun in zip(postal.column("value"), postal.column("municipality_code")):
        if not blocked or fold(code) not in blocked:
            by_muni.setdefault(str(mun), []).append(str(code))
    draw_weight: dict[str, float] = {}  # municipality code → its towns' draw weight (0 for a capital)
    official = muni.column("official_name") if "official_name" in muni.column_names else [None] * muni.height
    for name, off, pcode, mun, weight in zip(muni.column("value"), official, muni.column("province_code"),
                                             muni.column("municipality_code"), town_weights(muni).tolist()):
        codes = tuple(sorted(by_muni.get(str(mun), ())))
        pcode = str(pcode).zfill(2)
        capital = pcode in idx.provinces and fold(idx.provinces[pcode].capital) in {fold(name), fold(off or "")}
        draw_weight[str(mun)] = 0.0 if capital or draw_weight.get(str(mun)) == 0.0 else \
            draw_weight.get(str(mun), 0.0) + weight
        if codes:
            for key in _town_keys(name) + (_town_keys(off) if off else ()):
                idx.postal_by_town.setdefault((pcode, key), codes)
    served: dict[str, dict[str, float]] = {}
    for mun, codes in by_muni.items():
        share = draw_weight.get(mun, 0.0) / len(codes)
        for code in codes:
            served.setdefault(code[:2], {}).setdefault(code, 0.0)
            served[code[:2]][code] += share
    for pcode, weights in served.items():
        values = sorted(weights)
        if sum(weights.values()) > 0:
            idx.postal_sampler_by_province[pcode] = Sampler(values, [weights[v] for v in values])
