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


def draw_origins(mentions: Iterable, pools, rng: np.random.Generator, surname_origin: dict[str, str],
                 share: float) -> None:
    """Set ``origin`` on every mention (objects with ``person``, ``sex``, ``parsed``), family by family, and
    record each family's surname words in ``surname_origin``."""
    by_person: dict[int, list] = defaultdict(list)
    for m in mentions:
        by_person[m.person].append(m)
    parent = {p: p for p in by_person}

    def find(p: int) -> int:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    owner: dict[str, int] = {}
    for person, ms in sorted(by_person.items()):
        for word in {w for m in ms for w in m.parsed.words(SURNAME)}:
            if word in owner:
                parent[find(person)] = find(owner[word])
            else:
                owner[word] = person
    families: dict[int, list] = defaultdict(list)
    for person in sorted(by_person):
        families[find(person)].extend(by_person[person])
    for _, ms in sorted(families.items()):
        origin = SPANISH
        if rng.random() < share:
            masses: dict[str, float] | None = None
            for sex in sorted({m.sex for m in ms} or {"F"}):
                found = pools.foreign_origins(sex)
                masses = found if masses is None else {o: masses[o] + w for o, w in found.items() if o in masses}
            if masses:
                names = list(masses)
                w = np.array([masses[o] for o in names], dtype=float)
                origin = names[int(rng.choice(len(names), p=w / w.sum()))]
        for m in ms:
            m.origin = origin
            for word in m.parsed.words(SURNAME):
                surname_origin[word] = origin
