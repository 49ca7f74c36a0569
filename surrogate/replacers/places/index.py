"""Lookup structures over the place gazetteers: what a place name is, and samplers to draw a new one.

Built once per :class:`~gazetteers.GazetteerSet` (cached weakly), never per entity: the shipped store
(:mod:`.index_store`) when it matches the tables, else :func:`.index_build.build_index` from ``provinces``,
``municipalities``, ``postal_codes``, ``islands``, ``communities`` (see ``gazetteers/locales/es.py``) and the
hand-written facts of :mod:`.facts`. Here: the index's questions and draws, and the weights the draws use
(towns by population, provinces by population and corpus mentions; a postal code is one of its town's).
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

import numpy as np

from gazetteers import Gazetteer, GazetteerSet, Sampler, fold

from ...leak_guard import RUN, words_of

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
                  avoid: frozenset[str] = frozenset(), held: frozenset[str] = frozenset()) -> str:
        """A municipality weighted by population, of ``province`` when given, never its capital nor
        ``exclude`` (capitals are drawn only for capitals); one with none of the folded words ``avoid`` when a
        few draws find one ("Aguilar de la Frontera" is no surrogate for "Jerez de la Frontera"), nor holding one
        of the document's originals ``held`` (folded): "maside" came out "Santiago de Compostela" beside an
        original "santiago", "santiago" came out "Carballo" beside a doctor Carballo, and the leak guard masked
        them, since a document's plan gives a town one surrogate."""
        town = ""
        held = frozenset(f" {' '.join(RUN.findall(o))} " for o in held) - {"  "}
        for _ in range(_AVOID_TRIES if avoid or held else 1):
            town = self._draw_town(rng, province, exclude)
            runs = f" {' '.join(RUN.findall(fold(town)))} "
            if not avoid & words_of(town) and not any(o in runs for o in held):
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


def town_weights(muni: Gazetteer) -> np.ndarray:
    """Draw weight of each municipality row: population ** TOWN_SIZE_EXPONENT, shared by co-official names
    (``weight`` already shares the population; ``population`` is the whole town's when the table has it)."""
    weight = muni.numbers("weight")
    if "population" in muni.column_names:
        population = muni.numbers("population")
        return weight * np.power(population, TOWN_SIZE_EXPONENT - 1.0, where=population > 0,
                                 out=np.zeros_like(population))
    return np.power(weight, TOWN_SIZE_EXPONENT)


def place_index(gaz: GazetteerSet) -> PlaceIndex:
    """The (cached) place index of a gazetteer set: the shipped one when it was built from these very tables."""
    return gaz.derived("place_index", _shipped_or_built)


def _shipped_or_built(gaz: GazetteerSet) -> PlaceIndex:
    from .index_build import build_index
    from .index_store import load

    return load(gaz) or build_index(gaz)
