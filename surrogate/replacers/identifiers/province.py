"""The surrogate of a province code that a number carries (a collegiate number's ``28 28``, a phone's ``91``).

A number's province follows the document's places: province P goes through the same map σ as the document's
postal codes and towns (:func:`..places.plan.surrogate_province`), so ``28 28 54718`` next to a Madrid address
becomes ``46 46 …`` when Madrid became Valencia. A province the places did not mention is added to σ (drawn
like the others: injective, weighted by population, never P). Keyed mode takes σ(P) from the key, as places do.
Without a plan nor a key the caller draws freely.
"""
from __future__ import annotations

from ..base import SpanContext
from ..places.index import place_index
from ..places.plan import TerritoryPlan, surrogate_province, territory_plan_of


def planned_province(gazetteers, key: bytes | None, ctx: SpanContext, code: str) -> str | None:
    """σ(``code``) in this document, or None (no place plan and no key, or no province left to draw)."""
    doc_plan = territory_plan_of(ctx.state)
    if doc_plan is None and not (key and "provinces" in gazetteers and "municipalities" in gazetteers):
        return None
    try:
        return surrogate_province(doc_plan if doc_plan is not None else TerritoryPlan(), code,
                                  place_index(gazetteers), ctx.rng, key)
    except LookupError:  # every province taken (a custom gazetteer)
        return None
