"""Lookup structures over the place gazetteers: what a place name is, and samplers to draw a new one.

Built once per :class:`~gazetteers.GazetteerSet` (cached weakly), never per entity. Tables used:
``provinces``, ``municipalities``, ``islands``, ``communities``, ``countries`` (see
``gazetteers/locales/es.py``) plus the hand-written facts of :mod:`.facts`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from gazetteers import GazetteerSet, Sampler, fold

from . import facts

_ARTICLE_SUFFIX = re.compile(r"^(?P<base>.+), (?P<art>(?:el|la|los|las|l'|a|o|os|as|es|sa|ses|s'|lo|els))$", re.I)


@dataclass(frozen=True)
class Province:
    code: str
    name: str
    capital: str
    community: str
    weight: float

    @property
    def named_like_capital(self) -> bool:
        return fold(self.name) == fold(self.capital)


@dataclass
class PlaceIndex:
    """Everything the place replacers look up, keyed by ``fold`` of the name."""

    provinces: dict[str, Province] = field(default_factory=dict)  # code → Province
    province_names: dict[str, str] = field(default_factory=dict)  # folded name → code
    capitals: dict[str, str] = field(default_factory=dict)  # folded capital name → code
    towns: dict[str, tuple[str, ...]] = field(default_factory=dict)  # folded municipality → province codes
    town_weight: dict[str, float] = field(default_factory=dict)  # folded municipality → population weight
    communities: dict[str, tuple[str, ...]] = field(default_factory=dict)  # folded → province codes
    islands: dict[str, str] = field(default_factory=dict)  # folded island → province code
    island_names: list[str] = field(default_factory=list)
    community_names: list[str] = field(default_factory=list)
    foreign: dict[str, tuple[str, str]] = field(default_factory=dict)  # folded → (iso2, "cities"|"regions")
    foreign_lists: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    canonical: dict[str, str] = field(default_factory=dict)  # folded → spelling in the tables (accents)
    town_sampler_by_province: dict[str, Sampler] = field(default_factory=dict)
    town_sampler: Sampler | None = None
    province_sampler: dict[bool, tuple[list[str], np.ndarray]] = field(default_factory=dict)
    single_town: set[str] = field(default_factory=set)  # provinces with one municipality (Ceuta, Melilla)

    # -- questions ---------------------------------------------------------------------------------------
    def province_of_name(self, text: str) -> str | None:
        return self.province_names.get(fold(text))

    def is_capital(self, text: str) -> str | None:
        return self.capitals.get(fold(text))

    def town_provinces(self, text: str) -> tuple[str, ...]:
        return self.towns.get(fold(text), ())

    def community_provinces(self, text: str) -> tuple[str, ...]:
        return self.communities.get(fold(text), ())

    def island_province(self, text: str) -> str | None:
        key = fold(text)
        for prefix in ("isla de ", "illa de ", "isla ", "illa "):
            if key.startswith(prefix) and key[len(prefix):] in self.islands:
                return self.islands[key[len(prefix):]]
        return self.islands.get(key)

    def is_spanish_place(self, text: str) -> bool:
        key = fold(text)
        return bool(key in self.province_names or key in self.capitals or key in self.towns
                    or key in self.communities or self.island_province(text))

    def main_province(self, codes: tuple[str, ...]) -> str | None:
        """The most populous of a town's candidate provinces (towns such as "Villanueva" repeat)."""
        if not codes:
            return None
        return max(codes, key=lambda c: self.provinces[c].weight if c in self.provinces else 0.0)

    # -- draws -------------------------------------------------------------------------------------------
    def draw_province(self, rng: np.random.Generator, *, like: str | None, exclude: set[str]) -> str:
        """A province code, weighted by population, of the same naming class as ``like`` (a province named
        like its capital stays so, so "Madrid" as town and as province get one coherent surrogate)."""
        same_class = self.provinces[like].named_like_capital if like in self.provinces else True
        if like not in self.single_town:  # a town needs a province with more than its capital
            exclude = exclude | self.single_town
        codes, weights = self.province_sampler[same_class]
        w = np.array([0.0 if c in exclude else wt for c, wt in zip(codes, weights)])
        if w.sum() <= 0:
            codes, weights = self.province_sampler[not same_class]
            w = np.array([0.0 if c in exclude else wt for c, wt in zip(codes, weights)])
            if w.sum() <= 0:
                raise LookupError("no province left to draw")
        idx = int(np.searchsorted(np.cumsum(w / w.sum()), rng.random(), side="right"))
        return codes[min(idx, len(codes) - 1)]

    def draw_town(self, rng: np.random.Generator, province: str | None, exclude: list[str]) -> str:
        """A municipality weighted by population, of ``province`` when given, never its capital nor
        ``exclude`` (capitals are drawn only for capitals)."""
        if province in self.town_sampler_by_province:
            capital = self.provinces[province].capital
            try:
                return self.town_sampler_by_province[province].draw(rng, exclude=[*exclude, capital])
            except LookupError:  # single-municipality provinces (Ceuta, Melilla): the capital is the town
                if fold(capital) not in {fold(e) for e in exclude}:
                    return capital
        assert self.town_sampler is not None
        return self.town_sampler.draw(rng, exclude=exclude)

    def draw_foreign(self, rng: np.random.Generator, iso2: str | None, what: str, exclude: str) -> str | None:
        """A foreign city or region of ``iso2`` (any listed country when unknown), never ``exclude``."""
        lists = self.foreign_lists.get(iso2 or "") or {}
        values = [v for v in lists.get(what) or lists.get("cities") or [] if fold(v) != fold(exclude)]
        if not values:
            pool = [v for c in self.foreign_lists.values() for v in c.get(what, []) if fold(v) != fold(exclude)]
            values = pool
        if not values:
            return None
        return values[int(rng.integers(len(values)))]


def _town_keys(name: str) -> list[str]:
    """Every way a municipality name is written: INE postposed articles, bilingual "A/B" and "A-B" forms."""
    keys = {name}
    m = _ARTICLE_SUFFIX.match(name)
    if m:
        art = m.group("art")
        keys.add(f"{art}{m.group('base')}" if art.endswith("'") else f"{art} {m.group('base')}")
    for sep in ("/", " - "):
        for k in list(keys):
            if sep in k:
                keys.update(p.strip() for p in k.split(sep) if p.strip())
    return [fold(k) for k in keys]


def _build(gaz: GazetteerSet) -> PlaceIndex:
    idx = PlaceIndex()
    prov = gaz["provinces"].frame
    for row in prov.iter_rows(named=True):
        code = str(row.get("code") or row.get("postal_prefix") or "").zfill(2)
        p = Province(code, row["value"], row.get("capital") or row["value"],
                     row.get("community") or facts.COMMUNITY_NAMES.get(code, ""), float(row.get("weight") or 1.0))
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
    frame = muni.frame
    # the INE official name ("Agurain/Salvatierra", "Elx/Elche") is a way of writing the town too
    official = frame["official_name"].to_list() if "official_name" in frame.columns else [None] * frame.height
    for name, code, weight, official_name in zip(frame["value"].to_list(), frame["province_code"].to_list(),
                                                 frame["weight"].to_list(), official):
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
    idx.town_sampler = muni.sampler()
    for code in idx.provinces:
        try:
            sampler = muni.sampler(province_code=code)
        except (ValueError, LookupError):  # a province with no municipality in a small custom table
            idx.single_town.add(code)
            continue
        idx.town_sampler_by_province[code] = sampler
        if len(sampler) < 2:
            idx.single_town.add(code)

    codes = sorted(idx.provinces)
    for named_like in (True, False):
        sel = [c for c in codes if idx.provinces[c].named_like_capital == named_like]
        idx.province_sampler[named_like] = (sel, np.array([idx.provinces[c].weight for c in sel]))

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
    for n in names:
        idx.canonical.setdefault(fold(n), n)

    islands = dict(facts.ISLANDS)
    if "islands" in gaz:
        try:
            isl = gaz["islands"].frame
            islands.update({fold(v): str(c).zfill(2) for v, c in zip(isl["value"].to_list(),
                                                                      isl["province_code"].to_list())})
            idx.island_names = isl["value"].to_list()
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


def place_index(gaz: GazetteerSet) -> PlaceIndex:
    """The (cached) place index of a gazetteer set."""
    return gaz.derived("place_index", _build)
