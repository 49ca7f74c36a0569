"""Census pools for person names, built once per engine from the ``first_names`` and ``surnames`` tables.

- frequencies: how often a word is a given name or a surname (to tell them apart by position);
- samplers: single given names of an unambiguous sex, compound given names, given-name "tails" after a
  particle (María *del Carmen*, Juan *de Dios*), surnames weighted for the first or the second position,
  surname tails (*de la* Fuente, *San* Martín), and initial letters weighted like the names they start;
- the best-known spelling of each word (to see whether a writer dropped its accents).
"""
from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from gazetteers import Gazetteer, GazetteerSet, Sampler, heaviest
from gazetteers.sampler import ExhaustedError
from gazetteers.sex import SexLookup
from gazetteers.text import fold

from ...textcase import (
    has_accent_marks as has_accents,  # ñ is no accent: "Nuñez" lacks only the ú
)
from ..shipped import LazyMap
from .tokens import ARTICLES, CONJUNCTIONS, PARTICLES

if TYPE_CHECKING:
    from .corpus_prior import NamePrior

#: a given name is drawn for a sex only if at least this share of its bearers have that sex
SEX_DOMINANCE = 0.95
#: given names borne by less than this share of their sex's population are not drawn (the long tail of
#: one-off spellings, about 50 people in 24 million, that no census reader could place)
MIN_SHARE = 2e-6
_NAME_PARTICLES = PARTICLES | ARTICLES | CONJUNCTIONS
#: samplers by argument (a sex, a particle, an origin): made on first use
_SAMPLER_GROUPS = ("given", "compound", "given_tail", "given_initial", "surname_tail", "given_origin_pool",
                   "surname_origin_pool")
#: single-word pools a corpus's name prior reweights (compounds, tails and initials follow the census)
_PRIOR_GROUPS = frozenset({"given", "given_origin_pool", "surname_origin_pool", "surname_first", "surname_second"})
#: the origin of a name the tables give no origin (gazetteers/build/name_origin.py)
SPANISH = "es"


# Given names that follow a particle (Marian and Christian advocations): used where the census table drops
# the particle (INE writes "Maria Carmen" for María del Carmen).
_GIVEN_TAILS: dict[tuple[str, str], tuple[str, ...]] = {
    ("del", "F"): ("Carmen", "Pilar", "Mar", "Rosario", "Rocío", "Consuelo", "Socorro", "Valle", "Prado",
                   "Camino", "Puerto", "Sagrario", "Castañar", "Olvido"),
    ("de la", "F"): ("Paz", "Cruz", "Luz", "O", "Concepción", "Encarnación", "Asunción", "Soledad", "Salud",
                     "Caridad", "Esperanza", "Merced", "Vega", "Peña", "Cabeza", "Fuensanta"),
    ("de los", "F"): ("Ángeles", "Dolores", "Remedios", "Reyes", "Milagros", "Llanos", "Santos", "Desamparados"),
    ("de", "F"): ("Fátima", "Lourdes", "Begoña", "Guadalupe", "Montserrat", "Gracia", "Belén", "Jesús", "Covadonga"),
    ("de", "M"): ("Dios", "Jesús", "Mata"),
    ("de la", "M"): ("Cruz", "Paz", "Luz"),
    ("del", "M"): ("Carmen", "Pilar", "Rosario"),
    ("de los", "M"): ("Santos", "Reyes", "Ángeles", "Dolores"),
}
_GIVEN_TAIL_WEIGHT = 1000.0


def _proper(value: str) -> str:
    """Tables may hold ``GARCIA`` or ``garcia``; surrogates start from proper case."""
    if value.isupper() or value.islower():
        return "-".join(
            " ".join(w if w.lower() in _NAME_PARTICLES and i else w[:1].upper() + w[1:].lower()
                     for i, w in enumerate(part.split(" ")))
            for part in value.split("-")
        )
    return value


def _split_particle(words: list[str]) -> tuple[str, list[str]] | None:
    """``["de", "la", "Fuente"]`` → ``("de la", ["Fuente"])``; None when the words do not start with one."""
    i = 0
    while i < len(words) - 1 and fold(words[i]) in _NAME_PARTICLES:
        i += 1
    if i == 0:
        return None
    return " ".join(fold(w) for w in words[:i]), words[i:]


def _sampler(values: list[str], weights: list[float], top_k: int | None, blocklist,
             prior: NamePrior | None = None) -> Sampler | None:
    if not values:
        return None
    w = np.asarray(weights, dtype=np.float64)
    if top_k is not None and len(values) > top_k:
        keep = heaviest(w, top_k)
        values, w = [values[i] for i in keep], w[keep]
    if prior is not None:  # after top-k: the census decides which words may be drawn, the corpus how often
        w = prior.reweight(values, w)
    try:
        return Sampler(values, w, blocklist=blocklist)
    except (ValueError, ExhaustedError):
        return None


class NamePools:
    """Everything the name replacer draws from. Building walks both tables (about a second for the default
    set), so the default set's tables ship pre-built (:mod:`.pools_store`, used when their digest matches)
    and :meth:`of` shares one instance among the engines that use the same gazetteer set."""

    @classmethod
    def of(cls, gazetteers: GazetteerSet, top_k: int | None = None, min_share: float = MIN_SHARE,
           prior: NamePrior | None = None) -> NamePools:
        if prior is None:
            return gazetteers.derived(f"name_pools:{top_k}:{min_share}", lambda gaz: cls(gaz, top_k, min_share))
        census = cls.of(gazetteers, top_k, min_share)
        return gazetteers.derived(f"name_pools:{top_k}:{min_share}:{prior.digest}", lambda _: census.with_prior(prior))

    def with_prior(self, prior: NamePrior) -> NamePools:
        """These pools drawing with ``prior``: the same tables (decoded once), samplers made anew on first use."""
        new = self.__class__.__new__(self.__class__)
        new.min_share, new.prior = self.min_share, prior
        new._use(self._tables, self._top_k, self._blocklist)
        return new

    def __init__(self, gazetteers: GazetteerSet, top_k: int | None = None, min_share: float = MIN_SHARE) -> None:
        from . import pools_store

        self.min_share = min_share
        self.prior: NamePrior | None = None
        tables = pools_store.load(gazetteers, min_share)
        if tables is None:
            tables = self.build_tables(gazetteers, min_share)
        self._use(tables, top_k, gazetteers.blocklist)

    @classmethod
    def build_tables(cls, gazetteers: GazetteerSet, min_share: float = MIN_SHARE) -> dict:
        """What the pools hold before any sampler is made (no top-k, no blocklist): frequencies, spellings
        and each sampler's values and weights, by name (``("given", "F")``, ``("surname_tail", "de la")``)."""
        new = cls.__new__(cls)
        new.min_share = min_share
        new.given_freq, new.surname_freq = defaultdict(float), defaultdict(float)
        #: (particle, folded word) → weight, for "del Carmen" (a given name) vs "del Río" (a surname)
        new.given_tail_freq, new.surname_tail_freq = defaultdict(float), defaultdict(float)
        new.spelling = {}
        #: folded word → origin, for the words of a foreign origin only (the others are Spanish)
        new.given_origin, new.surname_origin = {}, {}
        samplers: dict[tuple, tuple[list[str], list[float]]] = {}
        new._build_given(gazetteers["first_names"], samplers)
        new._build_surnames(gazetteers["surnames"], samplers)
        # accents_dropped reads a spelling only when it has accents: the others need not be kept
        spelling = {k: w for k, w in new.spelling.items() if not w.isascii() and has_accents(w)}
        return {"sex": SexLookup(gazetteers["first_names"]).mapping,
                "given_freq": dict(new.given_freq), "surname_freq": dict(new.surname_freq),
                "given_tail_freq": dict(new.given_tail_freq), "surname_tail_freq": dict(new.surname_tail_freq),
                "spelling": spelling, "given_origin": new.given_origin, "surname_origin": new.surname_origin,
                "samplers": samplers}

    def _use(self, tables: Mapping[str, Any], top_k: int | None, blocklist) -> None:
        """Keep ``tables`` (a shipped store's decode each table on first use); samplers are made on first use."""
        self._tables, self._top_k, self._blocklist = tables, top_k, blocklist
        args: dict[str, list] = defaultdict(list)
        for name, arg in tables["samplers"]:
            args[name].append(arg)
        for name in _SAMPLER_GROUPS:  # self.given["F"], self.compound["M"], self.surname_tail["de la"], ...
            setattr(self, name, LazyMap(args[name], functools.partial(self._make_sampler, name)))

    def _make_sampler(self, name: str, arg: Any) -> Sampler | None:
        key = (name, arg)
        if key not in self._tables["samplers"]:
            return None
        values, weights = self._tables["samplers"][key]
        plain = name in ("given_initial", "surname_initial")  # letters: every one, never blocked
        prior = self.prior if name in _PRIOR_GROUPS else None
        return _sampler(values, weights, None if plain else self._top_k, () if plain else self._blocklist, prior)

    #: the census sex of a given name (built with the pools, and shipped with them)
    sex = functools.cached_property(lambda self: SexLookup.from_mapping(self._tables["sex"]))
    given_freq = functools.cached_property(lambda self: self._tables["given_freq"])
    surname_freq = functools.cached_property(lambda self: self._tables["surname_freq"])
    given_tail_freq = functools.cached_property(lambda self: self._tables["given_tail_freq"])
    surname_tail_freq = functools.cached_property(lambda self: self._tables["surname_tail_freq"])
    spelling = functools.cached_property(lambda self: self._tables["spelling"])
    given_origin = functools.cached_property(lambda self: self._tables["given_origin"])
    surname_origin = functools.cached_property(lambda self: self._tables["surname_origin"])
    surname_first = functools.cached_property(
        lambda self: self._make_sampler("surname_first", None) or self._make_sampler("surname_second", None))
    surname_second = functools.cached_property(
        lambda self: self._make_sampler("surname_second", None) or self.surname_first)
    surname_initial = functools.cached_property(lambda self: self._make_sampler("surname_initial", None))

    # -- given names -------------------------------------------------------------------------------
    def _build_given(self, table: Gazetteer, samplers: dict) -> None:
        frame = table.frame
        sexes = frame["sex"].to_list() if "sex" in frame.columns else [""] * frame.height
        origins = frame["origin"].to_list() if "origin" in frame.columns else [SPANISH] * frame.height
        by_value: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        spelled: dict[str, tuple[float, str]] = {}
        origin_of: dict[str, str] = {}
        for raw, weight, sex, origin in zip(frame["value"].to_list(), frame["weight"].to_list(), sexes, origins):
            if not raw or not weight or weight <= 0:
                continue
            value = _proper(str(raw).strip())
            key = fold(value)
            origin_of.setdefault(key, origin or SPANISH)
            by_value[key][sex or ""] += float(weight)
            if key not in spelled or weight > spelled[key][0]:
                spelled[key] = (float(weight), value)
            words = value.split()
            for word in words:
                wk = key if len(words) == 1 else fold(word)
                if wk not in _NAME_PARTICLES:
                    self.given_freq[wk] += float(weight)
                    self._remember_spelling(wk, word)

        # Spanish-origin singles are the ("given", sex) pools; a foreign origin's are ("given_origin", (sex, origin))
        foreign: dict[tuple[str, str], tuple[list[str], list[float]]] = defaultdict(lambda: ([], []))
        singles: dict[str, tuple[list[str], list[float]]] = {"M": ([], []), "F": ([], []), "": ([], [])}
        compounds: dict[str, tuple[list[str], list[float]]] = {"M": ([], []), "F": ([], [])}
        tails: dict[tuple[str, str], dict[str, float]] = defaultdict(lambda: defaultdict(float))
        letters: dict[str, dict[str, float]] = {"M": defaultdict(float), "F": defaultdict(float), "": defaultdict(float)}
        pending_compounds: list[tuple[str, str, float, str]] = []
        single_sex: dict[str, str] = {}
        for key, per_sex in by_value.items():
            total = sum(per_sex.values())
            value = spelled[key][1]
            sex = next((s for s in ("M", "F") if per_sex.get(s, 0.0) / total >= SEX_DOMINANCE), "")
            words = value.split()
            initial = fold(value)[:1].upper()
            if sex:
                letters[sex][initial] += total
            letters[""][initial] += total
            if len(words) == 1 and "-" not in value:
                single_sex[key] = sex
                if origin_of[key] != SPANISH:
                    self.given_origin[key] = origin_of[key]
                    if sex:
                        foreign[(sex, origin_of[key])][0].append(value)
                        foreign[(sex, origin_of[key])][1].append(total)
                    continue
                singles[sex][0].append(value)
                singles[sex][1].append(total)
                if sex:
                    singles[""][0].append(value)
                    singles[""][1].append(total)
            elif origin_of[key] != SPANISH:
                continue  # "Mohamed Amin", "Fátima Zahra": foreign compounds are drawn word by word
            elif sex and len(words) == 2 and not any(fold(w) in _NAME_PARTICLES for w in words):
                pending_compounds.append((sex, value, total, fold(words[0])))
            elif sex and len(words) >= 3:
                split = _split_particle(words[1:])
                if split and len(split[1]) == 1:
                    tails[(split[0], sex)][split[1][0]] += total
                    self.given_tail_freq[(split[0], fold(split[1][0]))] += total
        for sex, value, total, first in pending_compounds:
            if single_sex.get(first) == sex:  # "María José" is female and so is "María" on its own
                compounds[sex][0].append(value)
                compounds[sex][1].append(total)
        for (particle, sex), words in _GIVEN_TAILS.items():
            known = {fold(w) for w in tails.get((particle, sex), {})}
            for word in words:
                if fold(word) not in known:
                    tails[(particle, sex)][word] += _GIVEN_TAIL_WEIGHT
                    self.given_tail_freq[(particle, fold(word))] += _GIVEN_TAIL_WEIGHT
        for sex, (vals, ws) in list(singles.items()):
            floor = self.min_share * sum(ws)
            kept = [(v, w) for v, w in zip(vals, ws) if w >= floor]
            singles[sex] = ([v for v, _ in kept], [w for _, w in kept])
        for (sex, origin), (vals, ws) in list(foreign.items()):
            floor = self.min_share * sum(singles[sex][1])  # the same floor as the Spanish names of the sex
            kept = [(v, w) for v, w in zip(vals, ws) if w >= floor]
            foreign[(sex, origin)] = ([v for v, _ in kept], [w for _, w in kept])
        samplers.update({("given", s): vw for s, vw in singles.items()})
        samplers.update({("given_origin_pool", k): vw for k, vw in sorted(foreign.items()) if vw[0]})
        samplers.update({("compound", s): vw for s, vw in compounds.items()})
        samplers.update({("given_tail", k): (list(d), list(d.values())) for k, d in tails.items()})
        samplers.update({("given_initial", s): (list(d), list(d.values())) for s, d in letters.items() if d})

    # -- surnames ------------------------------------------------------------------------------------
    def _build_surnames(self, table: Gazetteer, samplers: dict) -> None:
        frame = table.frame
        cols = frame.columns
        w_any = frame["weight"].to_list()
        w_first = frame["weight_first"].to_list() if "weight_first" in cols else w_any
        w_second = frame["weight_second"].to_list() if "weight_second" in cols else w_any
        origins = frame["origin"].to_list() if "origin" in cols else [SPANISH] * frame.height
        foreign: dict[str, tuple[list[str], list[float]]] = defaultdict(lambda: ([], []))
        first: tuple[list[str], list[float]] = ([], [])
        second: tuple[list[str], list[float]] = ([], [])
        tails: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        letters: dict[str, float] = defaultdict(float)
        seen: set[str] = set()
        for raw, wa, wf, ws, origin in zip(frame["value"].to_list(), w_any, w_first, w_second, origins):
            wa, wf, ws = float(wa or 0.0), float(wf or 0.0), float(ws or 0.0)
            if not raw or wa + wf + ws <= 0:
                continue
            value = _proper(str(raw).strip())
            key = fold(value)
            if key in seen:
                continue
            seen.add(key)
            total = max(wa, wf + ws)
            words = value.split()
            if len(words) == 1 and "-" not in value:
                self.surname_freq[key] += total
                self._remember_spelling(key, value)
                letters[key[:1].upper()] += total
                if origin and origin != SPANISH:  # a foreign surname: drawn in either position of its origin
                    self.surname_origin[key] = origin
                    foreign[origin][0].append(value), foreign[origin][1].append(total)
                    continue
                # Spaniards bear two surnames, so a Spanish surname is about as common first as second; one
                # borne first far more often is mostly the only surname of foreign residents (Chen, Singh, Ahmad:
                # INE second-surname counts 5-15% of the first). Its first-position weight in a Spanish family
                # is therefore the bearers who also have a second surname, which symmetry puts at about ``ws``.
                first_weight = min(wf, ws) if "weight_second" in cols else wf
                if first_weight > 0:
                    first[0].append(value), first[1].append(first_weight)
                if ws > 0:
                    second[0].append(value), second[1].append(ws)
            else:
                split = _split_particle(words)
                if split and len(split[1]) == 1:
                    tails[split[0]][split[1][0]] += total
                    self.surname_tail_freq[(split[0], fold(split[1][0]))] += total
        samplers.update({("surname_origin_pool", o): vw for o, vw in sorted(foreign.items())})
        samplers[("surname_first", None)] = first
        samplers[("surname_second", None)] = second
        samplers.update({("surname_tail", k): (list(d), list(d.values())) for k, d in tails.items()})
        samplers[("surname_initial", None)] = (list(letters), list(letters.values()))

    def _remember_spelling(self, key: str, word: str) -> None:
        best = self.spelling.get(key)
        # Prefer the accented spelling: tables built from accent-less lists may hold both.
        if best is None or (best.isascii() and not word.isascii() and has_accents(word)):
            self.spelling[key] = word

    # -- origins ---------------------------------------------------------------------------------------
    def origin_of(self, word: str, role: str) -> str | None:
        """The origin of a given name (``role`` "given") or surname the census knows, else None."""
        key = fold(word)
        if role == "given":
            return self.given_origin.get(key, SPANISH) if key in self.given_freq else None
        return self.surname_origin.get(key, SPANISH) if key in self.surname_freq else None

    def foreign_origins(self, sex: str) -> dict[str, float]:
        """Foreign origins a person of ``sex`` can be drawn from, by their census mass (given names of the
        sex); only those with surnames too."""
        out = {}
        for (s, origin), sampler in self.given_origin_pool.items():
            if s == sex and sampler is not None and self.surname_origin_pool.get(origin) is not None:
                out[origin] = float(sampler.weights.sum())
        return dict(sorted(out.items()))

    # -- questions -------------------------------------------------------------------------------------
    def is_known(self, word: str) -> bool:
        key = fold(word)
        return key in self.given_freq or key in self.surname_freq

    def given_probability(self, word: str) -> float | None:
        """P(given name | word) from census counts; None for a word neither table knows."""
        key = fold(word)
        g, s = self.given_freq.get(key, 0.0), self.surname_freq.get(key, 0.0)
        if not g and not s:
            return None
        return (g + 1.0) / (g + s + 2.0)

    def tail_given_probability(self, particle: str, word: str) -> float | None:
        """P(given name | particle + word): "del Carmen" is a given name, "del Río" a surname."""
        key = (particle, fold(word))
        g, s = self.given_tail_freq.get(key, 0.0), self.surname_tail_freq.get(key, 0.0)
        if not g and not s:
            return None
        return (g + 1.0) / (g + s + 2.0)

    def accents_dropped(self, word: str) -> bool | None:
        """True if the word's usual spelling has accents the writer left out, False if the writer kept
        them, None when the word tells nothing (no accents in its usual spelling, or unknown word)."""
        usual = self.spelling.get(fold(word))
        if usual is None or usual.isascii() or not has_accents(usual):
            return None
        return not has_accents(word)
