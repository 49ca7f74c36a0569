"""Towns abroad by country, from the list the rules backend finds them by (``gazetteers/facts/world_towns.tsv``:
a written form, its ISO 3166-1 country, and the form that names the same town first, since "Kraków", "Krakow" and
"Cracovia" are one town). A town abroad that the hand-written foreign lists (``facts.FOREIGN_PLACES``) lack came
out a Spanish town ("Lviv" → "Alcalá de Henares", "Funchal" → "Parla"); it now takes another town of its country.
Read on the first foreign place, never at import.
"""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from gazetteers.name_lists import name_list
from gazetteers.text import fold


@dataclass
class WorldTowns:
    iso_of: dict[str, str] = field(default_factory=dict)      # folded form → ISO country
    town_of: dict[str, str] = field(default_factory=dict)     # folded form → folded first form of its town
    by_iso: dict[str, list[str]] = field(default_factory=dict)  # ISO → one written form per town

    def country(self, text: str) -> str | None:
        return self.iso_of.get(fold(text))

    def same_town(self, a: str, b: str) -> bool:
        """``a`` and ``b`` name one town, under one spelling or two ("Kharkiv", "Járkov")."""
        fa, fb = fold(a), fold(b)
        return fa == fb or self.town_of.get(fa, fa) == self.town_of.get(fb, fb)

    def draw(self, rng: np.random.Generator, iso: str, original: str, avoid: Collection[str] = ()) -> str | None:
        """Another town of ``iso``: never the original's town under another spelling, nor a folded ``avoid``."""
        own = self.town_of.get(fold(original), fold(original))
        pool = [t for t in self.by_iso.get(iso, ()) if self.town_of[fold(t)] != own and fold(t) not in avoid]
        return pool[int(rng.integers(len(pool)))] if pool else None


@cache
def world_towns() -> WorldTowns:
    towns = WorldTowns()
    try:
        rows = name_list("world_towns")
    except FileNotFoundError:
        return towns
    for form, rest in rows:
        iso, _, first = rest.partition("\t")
        iso, key = iso.strip().upper(), fold(form)
        if len(iso) != 2 or key in towns.iso_of:
            continue
        towns.iso_of[key] = iso
        town = fold(first.strip() or form)
        towns.town_of[key] = town
        if town == key:  # the town's first spelling stands for it in draws
            towns.by_iso.setdefault(iso, []).append(form)
    return towns
