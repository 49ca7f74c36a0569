"""One origin per family: a surrogate's given name and both surnames come from one origin (issue 13).

The census tables carry an ``origin`` column (``es``, ``ar``, ``zh``, ``east``, ``africa``; assigned at build time by
``gazetteers/build/name_origin.py``). Each family of a document (persons who share a surname word; a person with
no surname is a family alone) is Spanish, or foreign with the fitted share (:func:`foreign_share`); a foreign family's
origin is drawn by the census mass of that origin's given names of the family's sexes. The original's own
origin plays no part: "Zheng" may become "Lucía", "Lucía" may become "Xiaowei".
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import numpy as np

from gazetteers.fitted import FittedDetails

from .parse import SURNAME

SPANISH = "es"
#: The fitted detail (``fitted_details`` table) counting full names (a given name the census knows and a surname
#: it knows) by whether their given name is of a foreign origin: 3 of 1,649 in MEDDOCAN train+dev
#: (``bench/fit_details.py``; 5 of the 1,649 mix origins, 2 of them a Spanish given name with a surname the build
#: reads as foreign).
DETAIL, FOREIGN_NAME, SPANISH_NAME = "name_origin", "foreign", "spanish"


def foreign_share(fitted: FittedDetails) -> float:
    """The share of full names whose given name is foreign, in a set's fitted details."""
    counts = fitted.counts(DETAIL)
    foreign, spanish = counts.get(FOREIGN_NAME, 0.0), counts.get(SPANISH_NAME, 0.0)
    return foreign / (foreign + spanish) if foreign + spanish else 0.0


class OriginLookup:
    """The census origin of a given name or surname (None for a word the census lacks)."""

    def __init__(self, pools) -> None:
        self.pools = pools

    @classmethod
    def of(cls, gazetteers) -> "OriginLookup":
        from .pools import NamePools

        return cls(NamePools.of(gazetteers))

    def given_origin(self, word: str) -> str | None:
        return self.pools.origin_of(word, "given")

    def surname_origin(self, word: str) -> str | None:
        return self.pools.origin_of(word, "surname")


#: each family's mentions, as (place in the mention order, folded surname words), in the order origins are drawn
Families = list[list[tuple[int, list[str]]]]


def families(mentions: Iterable) -> Families:
    """The families of some mentions (objects with ``person`` and ``parsed``): persons who share a surname word
    are one. Draw-free, so the names replacer keeps it per document (``state.analysis``)."""
    ms = list(mentions)
    by_person: dict[int, list[int]] = defaultdict(list)
    for i, m in enumerate(ms):
        by_person[m.person].append(i)
    parent = {p: p for p in by_person}

    def find(p: int) -> int:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    def join(a: int, b: int) -> None:
        # the smaller root wins, so a family's root is its first person whatever order its words are met in
        # (they come from a set, whose order changes with the process's hash seed)
        ra, rb = find(a), find(b)
        parent[max(ra, rb)] = min(ra, rb)

    surnames = [ms[i].parsed.words(SURNAME) for i in range(len(ms))]
    owner: dict[str, int] = {}
    for person, places in sorted(by_person.items()):
        for word in {w for i in places for w in surnames[i]}:
            if word in owner:
                join(person, owner[word])
            else:
                owner[word] = person
    grouped: dict[int, list[tuple[int, list[str]]]] = defaultdict(list)
    for person in sorted(by_person):
        grouped[find(person)].extend((i, surnames[i]) for i in by_person[person])
    return [members for _, members in sorted(grouped.items())]


def draw_origins(mentions: Iterable, pools, rng: np.random.Generator, surname_origin: dict[str, str],
                 share: float, grouped: Families | None = None) -> None:
    """Set ``origin`` on every mention (objects with ``person``, ``sex``, ``parsed``), family by family, and
    record each family's surname words in ``surname_origin``. ``grouped``: ``families(mentions)``, if kept."""
    ms = list(mentions)
    for family in families(ms) if grouped is None else grouped:
        origin = SPANISH
        if rng.random() < share:
            masses: dict[str, float] | None = None
            for sex in sorted({ms[i].sex for i, _ in family} or {"F"}):
                found = pools.foreign_origins(sex)
                masses = found if masses is None else {o: masses[o] + w for o, w in found.items() if o in masses}
            if masses:
                names = list(masses)
                w = np.array([masses[o] for o in names], dtype=float)
                origin = names[int(rng.choice(len(names), p=w / w.sum()))]
        for i, words in family:
            ms[i].origin = origin
            for word in words:
                surname_origin[word] = origin
