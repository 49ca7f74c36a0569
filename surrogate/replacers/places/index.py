"""Lookup structures over the place gazetteers: what a place name is, and samplers to draw a new one.

Built once per :class:`~gazetteers.GazetteerSet` (cached weakly), never per entity. Tables used:
``provinces``, ``municipalities``, ``postal_codes``, ``islands``, ``communities``, ``countries`` (see
``gazetteers/locales/es.py``) plus the hand-written facts of :mod:`.facts`. Towns are drawn by population
(``municipalities.weight``); a postal code is one of its town's real codes (``postal_codes``).
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from gazetteers import Gazetteer, GazetteerSet, Sampler, fold

from ...leak_guard import words_of
from . import facts


#: Towns are drawn with weight population ** TOWN_SIZE_EXPONENT. 1 would follow residents, but the towns clinical
#: case reports name are where hospitals are, larger than the average resident's: the maximum-likelihood exponent
#: on the 197 non-capital town mentions of MEDDOCAN train+dev is 1.6 (log-likelihood flat from 1.5 to 1.8; at 1
#: a drawn town has under 5,000 inhabitants 16% of the time, against 3.5% in the corpus, 6% at 1.5).
TOWN_SIZE_EXPONENT = 1.5

_AVOID_TRIES = 16
_PROVINCE_TABLES = 4096  # draw_province's cached tables (cleared when full: a long-lived server)

#: Surrogate provinces are drawn with weight PROVINCE_MENTION_MIX × (share of MEDDOCAN train+dev documents naming
#: the province, ``provinces.mentions``) + the rest × population share. By population alone Madrid is 14% of the
#: draws, against 40% of the documents, and the places realism AUC on dev stays at .75; an even mix gives .71
#: (seeds 1–3), four fifths .686 (session 19, from .698 at one half), while every province keeps a chance. These are the shares surrogates come out at: the draw weights
#: compensate for a document's own province never being its surrogate (:func:`excluding_own`).
PROVINCE_MENTION_MIX = 0.8

_ARTICLE_SUFFIX = re.compile(r"^(?P<base>.+), (?P<art>(?:el|la|los|las|l'|a|o|os|as|es|sa|ses|s'|lo|els))$", re.I)


@dataclass(frozen=True)
class Province:
    code: str
    name: str
    capital: str
    community: str
    weight: float
    mentions: float = 0.0  # documents of the fitted corpus naming the province (0 when the table has none)

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
    postal_by_town: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)  # (province, folded) → codes
    postal_sampler_by_province: dict[str, Sampler] = field(default_factory=dict)  # codes weighted by population
    # draw_province's tables by (naming class, exclusions): the same plan's exclusions recur in every seed
    _province_tables: dict[tuple[bool, frozenset[str]], tuple[list[str], list[float]]] = field(
        default_factory=dict, repr=False, compare=False)

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
        key = (same_class, frozenset(exclude))
        table = self._province_tables.get(key)
        if table is None:
            table = self._province_table(same_class, key[1])
            if len(self._province_tables) >= _PROVINCE_TABLES:
                self._province_tables.clear()
            self._province_tables[key] = table
        codes, cum = table
        return codes[min(bisect_right(cum, rng.random()), len(codes) - 1)]

    def _province_table(self, same_class: bool, exclude: frozenset[str]) -> tuple[list[str], list[float]]:
        """The codes and cumulative weights ``draw_province`` searches (``bisect`` on the list finds what
        ``np.searchsorted(side="right")`` finds on the array)."""
        codes, weights = self.province_sampler[same_class]
        w = np.array([0.0 if c in exclude else wt for c, wt in zip(codes, weights)])
        if w.sum() <= 0:
            codes, weights = self.province_sampler[not same_class]
            w = np.array([0.0 if c in exclude else wt for c, wt in zip(codes, weights)])
            if w.sum() <= 0:
                raise LookupError("no province left to draw")
        return codes, np.cumsum(w / w.sum()).tolist()

    def draw_town(self, rng: np.random.Generator, province: str | None, exclude: list[str],
                  avoid: frozenset[str] = frozenset()) -> str:
        """A municipality weighted by population, of ``province`` when given, never its capital nor
        ``exclude`` (capitals are drawn only for capitals); one with none of the folded words ``avoid`` when a
        few draws find one ("Aguilar de la Frontera" is no surrogate for "Jerez de la Frontera")."""
        town = ""
        for _ in range(_AVOID_TRIES if avoid else 1):
            town = self._draw_town(rng, province, exclude)
            if not avoid & words_of(town):
                break
        return town

    def _draw_town(self, rng: np.random.Generator, province: str | None, exclude: list[str]) -> str:
        if province in self.town_sampler_by_province:
            capital = self.provinces[province].capital
            try:
                return self.town_sampler_by_province[province].draw(rng, exclude=[*exclude, capital])
            except LookupError:  # single-municipality provinces (Ceuta, Melilla): the capital is the town
                if fold(capital) not in {fold(e) for e in exclude}:
                    return capital
        assert self.town_sampler is not None
        return self.town_sampler.draw(rng, exclude=exclude)

    def draw_postal(self, rng: np.random.Generator, province: str, town: str | None,
                    like: str | None = None) -> str | None:
        """A real postal code of ``town`` in ``province`` (uniform over its codes, those of the same district
        class as ``like`` first); without a town, or for a town with no known code, a code of ``province``'s
        other towns weighted like the towns. None when the gazetteer set has no postal-code table for that
        province.

        The district class is whether the third digit is 0: a capital's central districts (``28029``, ``50009``)
        against its outskirts and the province's other towns (``15191`` is A Coruña too). Reports give the
        central ones (MEDDOCAN train: 77% of postal codes), so a central code's surrogate is a central code."""
        codes = self.postal_by_town.get((province, fold(town))) if town else None
        if codes:  # the codes only the capital has are left out of the province sampler: draw them by name
            if like is not None and len(like) == 5:
                same = [c for c in codes if (c[2] == "0") == (like[2] == "0")]
                codes = same or codes
            return codes[int(rng.integers(len(codes)))]
        sampler = self.postal_sampler_by_province.get(province)
        return sampler.draw(rng) if sampler is not None else None

    def is_capital_code(self, code: str) -> bool:
        """Whether the postal code is one of its province's capital's (``28029`` in Madrid)."""
        province = self.provinces.get(code[:2])
        return province is not None and code in self.postal_by_town.get((province.code, fold(province.capital)), ())

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


@lru_cache(maxsize=None)  # asked twice per municipality while the index is built
def _town_keys(name: str) -> tuple[str, ...]:
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


def province_weights(provinces: list[Province]) -> dict[str, float]:
    """Draw weight of each province: population share mixed with the fitted share of documents naming it
    (``PROVINCE_MENTION_MIX``); population alone when the table has no ``mentions``."""
    population = sum(p.weight for p in provinces) or 1.0
    mentions = sum(p.mentions for p in provinces)
    mix = PROVINCE_MENTION_MIX if mentions > 0 else 0.0
    return {p.code: (1 - mix) * p.weight / population + mix * (p.mentions / mentions if mentions else 0.0)
            for p in provinces}


def origin_weights(provinces: list[Province]) -> dict[str, float]:
    """How often each province is the one a document names: the fitted share of documents naming it, or
    population when the table has no ``mentions``."""
    mentions = sum(p.mentions for p in provinces)
    population = sum(p.weight for p in provinces) or 1.0
    return {p.code: p.mentions / mentions if mentions else p.weight / population for p in provinces}


def excluding_own(target: np.ndarray, named: np.ndarray, rounds: int = 200) -> np.ndarray:
    """Draw weights that give surrogate provinces the ``target`` shares although a document's own province is
    never its surrogate (σ(p) ≠ p).

    Drawn with ``target`` itself, the provinces documents name most come out rarest: Madrid, named by 40% of
    MEDDOCAN's documents, can only be drawn for the other 60%, so it made 20% of the surrogate postal codes
    against 31% of the originals (dev), a give-away of the places realism classifier. With a document naming
    province o at share ``named[o]`` and drawing among the others in proportion to w, province p comes out at
    m(p) = w(p) · Σ_{o≠p} named(o) / (1 − w(o)); a fixed-point iteration w ← w · target / m finds the w for
    which m = target, as far as one is reachable (a share above what the other documents can carry stays
    below its target)."""
    t = target / target.sum() if target.sum() > 0 else target
    o = named / named.sum() if named.sum() > 0 else t
    w = t.copy()
    for _ in range(rounds):
        spread = o / np.maximum(1.0 - w, 1e-9)
        m = w * (spread.sum() - spread)
        w = np.where(m > 0, w * t / np.where(m > 0, m, 1.0), w)
        w = np.minimum(w / w.sum(), 0.95)  # no province takes every draw
        w = w / w.sum()
    return w


def _capital_rows(muni: Gazetteer, province_codes: np.ndarray, idx: PlaceIndex) -> np.ndarray:
    """Rows that name a provincial capital, under any of its names (same ``municipality_code``)."""
    named = np.array([c in idx.provinces and fold(v) == fold(idx.provinces[c].capital)
                      for v, c in zip(muni.column("value"), province_codes)], dtype=bool)
    if "municipality_code" not in muni.column_names:
        return named
    codes = np.array(muni.column("municipality_code"), dtype=object)
    return np.isin(codes, list(set(codes[named])))


def town_weights(muni: Gazetteer) -> np.ndarray:
    """Draw weight of each municipality row: population ** TOWN_SIZE_EXPONENT, shared by co-official names
    (``weight`` already shares the population; ``population`` is the whole town's when the table has it)."""
    weight = muni.numbers("weight")
    if "population" in muni.column_names:
        population = muni.numbers("population")
        return weight * np.power(population, TOWN_SIZE_EXPONENT - 1.0, where=population > 0,
                                 out=np.zeros_like(population))
    return np.power(weight, TOWN_SIZE_EXPONENT)


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


def place_index(gaz: GazetteerSet) -> PlaceIndex:
    """The (cached) place index of a gazetteer set: the shipped one when it was built from these very tables."""
    return gaz.derived("place_index", _shipped_or_built)


def _shipped_or_built(gaz: GazetteerSet) -> PlaceIndex:
    from .index_store import load

    return load(gaz) or build_index(gaz)
