"""Which value strategies generate each engine kind, and ``phi_values`` over any set of kinds."""
from __future__ import annotations

import importlib
from collections.abc import Iterable

from hypothesis import strategies as st

from ..values import PHIValue

#: engine kind → names of the strategies (in ``surrogate.testing.strategies``) that generate it
STRATEGIES_BY_KIND: dict[str, tuple[str, ...]] = {
    "date": ("dates",),
    "identifier": ("identifiers",),
    "phone": ("phones",),
    "email": ("emails",),
    "address": ("addresses",),
    "territory": ("postal_codes", "towns", "provinces"),
    "person_name": ("full_names", "given_names"),
    "age": ("ages",),
    "kinship": ("kinship_phrases",),
}


def phi_values(kinds: Iterable[str] | None = None) -> st.SearchStrategy[PHIValue]:
    """Values of the given engine kinds (all generated kinds by default), each reporting its kind."""
    chosen = list(kinds) if kinds is not None else list(STRATEGIES_BY_KIND)
    unknown = [k for k in chosen if k not in STRATEGIES_BY_KIND]
    if unknown or not chosen:
        raise ValueError(f"no value strategy for kinds {unknown}; generated kinds: {sorted(STRATEGIES_BY_KIND)}")
    package = importlib.import_module(__package__)
    return st.one_of([getattr(package, name)() for k in chosen for name in STRATEGIES_BY_KIND[k]])
