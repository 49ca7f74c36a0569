"""Which sex is a given name, by census counts.

Rule (INE lists by sex): a name belongs to the list in which it is *relatively* most frequent, i.e.
``count / total of that sex's list``; so Andrea (many women, some Italian men) is female even though
both lists hold it. A compound name goes by its first element ("María José" → F, "José María" → M)
unless the compound itself is in the table. An unknown name gives ``None``, never a guess.
"""
from __future__ import annotations

import re
import threading
import weakref
from typing import Literal, Optional

from .registry import default_set
from .table import Gazetteer
from .text import fold

Sex = Literal["M", "F"]
_SPLIT = re.compile(r"[\s\-]+")


class SexLookup:
    """``sex_of(name)`` in O(1) from a first-names gazetteer with columns value, weight, sex ("M"/"F")."""

    _cache: "weakref.WeakKeyDictionary[Gazetteer, SexLookup]" = weakref.WeakKeyDictionary()
    _lock = threading.Lock()

    def __init__(self, first_names: Gazetteer) -> None:
        frame = first_names.frame
        if "sex" not in frame.columns:
            raise ValueError(f"gazetteer {first_names.name!r} has no 'sex' column; cannot tell the sex of a name")
        counts: dict[str, dict[str, float]] = {}
        totals = {"M": 0.0, "F": 0.0}
        for value, weight, sex in zip(frame["value"].to_list(), frame["weight"].to_list(), frame["sex"].to_list()):
            if sex not in totals or value is None or not weight:
                continue
            totals[sex] += float(weight)
            per_sex = counts.setdefault(fold(value), {})
            per_sex[sex] = per_sex.get(sex, 0.0) + float(weight)  # "Jose" and "José" add up
        self._sex: dict[str, Sex] = {}
        for key, per_sex in counts.items():
            rel_m = per_sex.get("M", 0.0) / totals["M"] if totals["M"] else 0.0
            rel_f = per_sex.get("F", 0.0) / totals["F"] if totals["F"] else 0.0
            if rel_m != rel_f:  # an exact tie gives no answer
                self._sex[key] = "M" if rel_m > rel_f else "F"

    @classmethod
    def of(cls, first_names: Gazetteer) -> "SexLookup":
        """The lookup of a gazetteer, built once and cached for as long as the gazetteer lives."""
        lookup = cls._cache.get(first_names)
        if lookup is None:
            with cls._lock:
                lookup = cls._cache.get(first_names)
                if lookup is None:
                    lookup = cls._cache[first_names] = cls(first_names)
        return lookup

    def __len__(self) -> int:
        return len(self._sex)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.sex_of(name) is not None

    def sex_of(self, name: str) -> Optional[Sex]:
        """"M", "F" or None (unknown). Case- and accent-insensitive."""
        key = fold(name)
        if not key:
            return None
        found = self._sex.get(key)
        if found is not None:
            return found
        first = _SPLIT.split(key, maxsplit=1)[0]
        return self._sex.get(first) if first != key else None


def default_sex_lookup(locale: str = "es") -> SexLookup:
    """The sex lookup of a locale's default ``first_names`` table (loaded on first call, then cached)."""
    return SexLookup.of(default_set(locale)["first_names"])
