"""Gazetteer-backed word lists for the rules and the CRF: names, places, countries, street types, kinship.

Built once per :class:`GazetteerSet` (first use, then cached) as folded (case- and accent-insensitive)
sets and phrase tries, so a lookup on the per-token path is a dictionary probe. A table the set does not
have (or whose data file is missing) yields an empty list and one warning: the backends still run, with
lower recall.
"""
from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable, Sequence

from gazetteers import GazetteerSet, default_set
from gazetteers.text import fold

from .tokenize import Token

log = logging.getLogger(__name__)

# Category names double as CRF feature names: keep them stable (they are part of the feature version).
PHRASE_CATEGORIES = ("first_name", "surname", "municipality", "province", "country", "street_type", "kinship", "profession")
PLACE_CATEGORIES = ("municipality", "province", "country")

# Always-known Spanish words: a small core so the backends work even without the tables.
_CORE_STREET_TYPES = (
    "calle", "c/", "c/.", "c\\", "cl", "carr", "crt", "avenida", "avda", "avd", "av", "av/", "paseo", "pº", "p.º", "plaza", "pza", "pl",
    "plza", "carretera", "ctra", "crta", "ronda", "rda", "camino", "travesia", "trav", "glorieta", "gta",
    "urbanizacion", "urb", "pasaje", "bulevar", "rambla", "poligono", "cuesta", "carrer", "avinguda", "passeig",
    "placa", "rua", "r/", "via", "alameda", "costanilla", "plazuela", "kalea", "etorbidea", "pasealekua",
)
_CORE_COUNTRIES = ("españa", "espana")


def _norm_phrase(value: str) -> tuple[str, ...]:
    return tuple(fold(t) for t in _split(value))


def _split(value: str) -> list[str]:
    from .tokenize import tokens

    return [t.text for t in tokens(value)]


class PhraseIndex:
    """Multi-word lookup over folded tokens: longest phrase starting at each token."""

    def __init__(self, phrases: Iterable[tuple[str, ...]]) -> None:
        self._by_first: dict[str, set[tuple[str, ...]]] = {}
        self._max_len = 1
        n = 0
        for p in phrases:
            if not p:
                continue
            self._by_first.setdefault(p[0], set()).add(p)
            self._max_len = max(self._max_len, len(p))
            n += 1
        self.size = n

    def __contains__(self, folded_word: str) -> bool:
        return (folded_word,) in self._by_first.get(folded_word, ())

    def longest_at(self, folded: Sequence[str], i: int) -> int:
        """Number of tokens of the longest phrase starting at ``folded[i]`` (0 if none)."""
        cands = self._by_first.get(folded[i])
        if not cands:
            return 0
        for n in range(min(self._max_len, len(folded) - i), 0, -1):
            if tuple(folded[i:i + n]) in cands:
                return n
        return 0


class Lexicon:
    """Folded word lists from a gazetteer set (see module docstring)."""

    def __init__(self, gazetteers: GazetteerSet) -> None:
        self.phrases: dict[str, PhraseIndex] = {}
        self.big_places: set[str] = set()  # folded municipality names of 20,000+ inhabitants
        digest = hashlib.sha256()
        for cat, values in self._tables(gazetteers).items():
            phrases = sorted({p for p in (_norm_phrase(v) for v in values) if p})
            for p in phrases:
                digest.update(("|".join(p) + "\n").encode("utf-8"))
            self.phrases[cat] = PhraseIndex(phrases)
        self.fingerprint = digest.hexdigest()[:16]

    @classmethod
    def for_set(cls, gazetteers: GazetteerSet | None = None) -> Lexicon:
        return (gazetteers or default_set("es")).derived("ner_lexicon", cls)

    def _tables(self, gaz: GazetteerSet) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {cat: [] for cat in PHRASE_CATEGORIES}
        out["street_type"].extend(_CORE_STREET_TYPES)
        out["country"].extend(_CORE_COUNTRIES)

        def column(table: str, col: str = "value") -> list[str]:
            if table not in gaz:
                return []
            try:
                found = gaz[table]
            except (FileNotFoundError, OSError) as exc:
                log.warning("gazetteer %r unavailable (%s): NER runs without it", table, type(exc).__name__)
                return []
            if col not in found.column_names:
                return []
            return [v for v in found.column(col) if isinstance(v, str) and v]

        out["first_name"] += column("first_names")
        out["surname"] += column("surnames")
        out["municipality"] += column("municipalities")
        out["province"] += column("provinces") + column("communities") + column("islands")
        out["country"] += column("countries")
        for abbrevs in column("street_types", "abbreviations"):
            out["street_type"] += [a for a in abbrevs.split("|") if a]
        out["street_type"] += column("street_types")
        out["kinship"] += column("kinship")
        out["profession"] += column("professions") + column("professions", "feminine")
        if "municipalities" in gaz:
            try:
                towns = gaz["municipalities"]
                self.big_places = {
                    fold(v) for v, w in zip(towns.column("value"), towns.column("weight")) if w and w >= 20_000
                }
            except (FileNotFoundError, OSError):
                pass
        return out

    def is_(self, category: str, word: str) -> bool:
        return fold(word) in self.phrases[category]

    def place_at(self, folded: Sequence[str], i: int = 0, categories: Sequence[str] = PLACE_CATEGORIES) -> int:
        """Number of tokens of the longest place name (town, province, country) starting at ``folded[i]``."""
        return max(self.phrases[c].longest_at(folded, i) for c in categories)

    def matches(self, toks: Sequence[Token], category: str) -> list[tuple[int, int]]:
        """Token index ranges ``[i, j)`` of the longest, non-overlapping phrases of ``category``."""
        folded = [fold(t.text) for t in toks]
        index = self.phrases[category]
        out, i = [], 0
        while i < len(toks):
            n = index.longest_at(folded, i)
            if n:
                out.append((i, i + n))
                i += n
            else:
                i += 1
        return out
