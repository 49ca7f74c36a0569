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
from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal, Optional

import numpy as np

from .registry import default_set
from .table import Gazetteer
from .text import fold

if TYPE_CHECKING:
    import polars as pl

Sex = Literal["M", "F"]
_SPLIT = re.compile(r"[\s\-]+")


class SexLookup:
    """``sex_of(name)`` in O(1) from a first-names gazetteer with columns value, weight, sex ("M"/"F")."""

    _cache: "weakref.WeakKeyDictionary[Gazetteer, SexLookup]" = weakref.WeakKeyDictionary()
    _lock = threading.Lock()

    def __init__(self, first_names: Gazetteer) -> None:
        import polars as pl  # building is the slow path: a shipped store gives the map (:meth:`from_mapping`)

        if "sex" not in first_names.column_names:
            raise ValueError(f"gazetteer {first_names.name!r} has no 'sex' column; cannot tell the sex of a name")
        # Summed per (folded name, sex) in polars rather than row by row in Python (a fast start, issue 12).
        # Census counts are integers, so the sums are exact whatever the order.
        rows = first_names.frame.select("value", "weight", "sex").filter(
            pl.col("sex").is_in(["M", "F"]) & pl.col("value").is_not_null() & pl.col("weight").is_not_null()
            & (pl.col("weight") != 0)
        )
        per_key = (
            pl.DataFrame({"key": _fold_column(rows["value"]), "sex": rows["sex"],  # "Jose" and "José" add up
                          "weight": rows["weight"].cast(pl.Float64)})
            .group_by("key", maintain_order=True)
            .agg(m=pl.col("weight").filter(pl.col("sex") == "M").sum(),
                 f=pl.col("weight").filter(pl.col("sex") == "F").sum())
        )
        total_m, total_f = float(per_key["m"].sum()), float(per_key["f"].sum())
        rel_m = per_key["m"].to_numpy() / total_m if total_m else np.zeros(per_key.height)
        rel_f = per_key["f"].to_numpy() / total_f if total_f else np.zeros(per_key.height)
        decided = rel_m != rel_f  # an exact tie gives no answer
        sexes = np.where(rel_m > rel_f, "M", "F")
        self._sex: Mapping[str, Sex] = dict(zip(per_key["key"].filter(pl.Series(decided)).to_list(),
                                             sexes[decided].tolist()))

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Sex]) -> "SexLookup":
        """A lookup from its folded-name → sex map (``mapping`` of a built one: what a shipped store keeps)."""
        lookup = cls.__new__(cls)
        lookup._sex = mapping
        return lookup

    @property
    def mapping(self) -> Mapping[str, Sex]:
        """Folded name → sex, for the names the census decides."""
        return self._sex

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


def _fold_column(values: "pl.Series") -> "pl.Series":
    """``fold`` of every value: printable ASCII in polars (lower case, spaces collapsed and trimmed, which is
    all ``fold`` does to it), the rest through ``fold`` itself."""
    printable = values.str.contains(r"^[\x20-\x7E]*$")
    keys = values.str.to_lowercase().str.replace_all(r" +", " ").str.strip_chars(" ")
    others = (~printable).arg_true()
    if len(others):
        keys = keys.scatter(others, [fold(v) for v in values.gather(others).to_list()])
    return keys


def default_sex_lookup(locale: str = "es") -> SexLookup:
    """The sex lookup of a locale's default ``first_names`` table (loaded on first call, then cached)."""
    return SexLookup.of(default_set(locale)["first_names"])
