"""Regions above a town that a TERRITORIO mention may name, replaced within the document's place plan: an
autonomous community ("Castilla y León") and an island ("Mallorca", "isla de La Palma")."""
from __future__ import annotations

import re
from collections.abc import Callable, Collection

import numpy as np

from gazetteers import fold

from ...leak_guard import STOPWORDS, words_of
from ..base import CannotReplace
from .index import PlaceIndex

_ISLE_PREFIX = re.compile(r"^(?P<p>(?:isla|illa)s?\s+(?:de\s+)?)", re.IGNORECASE)


def other_community(places: PlaceIndex, core: str, codes: Collection[str], home: str | None,
                    target_of: Callable[[str], str], own: set[str], rng: np.random.Generator) -> str:
    """The community of the surrogate of ``home`` (the mention's province in the plan), else any other community;
    never one sharing a word ``own`` of the original's name ("Castilla-La Mancha" for "Castilla y León")."""
    if home:
        name = places.provinces[target_of(home)].community
        if name and fold(name) != fold(core) and not own & words_of(name):
            return name
    pool = [n for n in places.community_names if fold(n) != fold(core)
            and set(places.communities.get(fold(n), ())) != set(codes) and not own & words_of(n)]
    if not pool:
        raise CannotReplace("no other community")
    return pool[int(rng.integers(len(pool)))]


def other_island(places: PlaceIndex, core: str, target_of: Callable[[str], str], originals: Collection[str],
                 rng: np.random.Generator) -> str:
    """Another island, of the document's surrogate province where it has islands ("Mallorca" in a note moved to
    Las Palmas is Gran Canaria or Lanzarote), never one that names another original of the note ("La Palma"
    beside "Palma", which the guard then masked)."""
    m = _ISLE_PREFIX.match(core)
    prefix = m.group("p") if m else ""
    bare = core[len(prefix):]
    taken = {w for o in originals for w in words_of(o)} - STOPWORDS
    pool = [n for n in places.island_names if fold(n) != fold(bare) and not words_of(n) & taken]
    home = places.island_province(core)
    if home is not None:
        target = target_of(home)
        pool = [n for n in pool if places.islands.get(fold(n)) == target] or pool
    if not pool:
        raise CannotReplace("no other island")
    return prefix + pool[int(rng.integers(len(pool)))]
