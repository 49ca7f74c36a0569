"""Format variation for ``augment --vary-formats``: render a surrogate in *another* surface form of its kind.

A replacer keeps the original's format by design (``05/03/2014`` → ``11/09/2013``). A training copy that
shows a model only the formats of its corpus teaches it nothing about the formats other notes use, so with
``vary_formats`` the engine hands each accepted draw to the varier of its kind, which rewrites the same value
in another layout (``11 de septiembre de 2013``, ``+34 912 345 678``, ``RIVERA BUENO, Ernesto``, ``Avda.``).

The engine calls :func:`vary` on a replacer's draw that its leak guard accepted, and uses the varied text
only if the guard accepts it too, before the splice (the alignment is the engine's as always). Variers draw
only from their own RNG (``Engine.apply(..., vary=rng)``), never from the replacer's, so the replacers' draws
are a plain copy's, and a copy without variation is unchanged.

A copy varies a share of each label's mentions (:data:`SHARE`, :data:`SHARES`), and a varier draws its forms
by weight, as often as Spanish notes write them (common layouts often, rare ones seldom): a diagnosis of a CRF
trained on the copies showed that uniform forms, and staff names in ``Apellidos, Nombre`` order, cost recall
on the common forms in notes of other layouts (docs/experiment-augmentation.md, session 15).

One module per kind family; :data:`VARIERS` maps a replacer kind to its varier. A varier returns a text of
another surface shape (:func:`shape`), or None when the value has no other form it knows. One variation
spans two mentions: a postal code and its town written side by side trade places (:mod:`.order`).
"""
from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np

from ..replacers.base import Replacer, SpanContext
from . import order
from .common import shape

#: ``varier(text, rng, ctx, replacer) -> str | None``
Varier = Callable[[str, np.random.Generator, SpanContext, "Replacer | None"], "str | None"]


@functools.cache
def _variers() -> dict[str, Varier]:
    """:data:`VARIERS`, made on first use: the varier modules load only when a run varies formats (they cost
    a plain run's start-up 0.06 s)."""
    from . import addresses, ages, dates, identifiers, names, phones, territory

    return {
        "date": dates.vary,
        "phone": phones.vary,
        "identifier": identifiers.vary,
        "person_name": names.vary,
        "address": addresses.vary,
        "territory": territory.vary,
        "age": ages.vary,
    }


def __getattr__(name: str) -> object:
    if name == "VARIERS":
        return _variers()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["SHARE", "SHARES", "VARIERS", "Varier", "order", "shape", "vary"]

#: the share of mentions a copy varies: the others keep the drawn form, so the copies teach the corpus's own
#: formats as well as new ones (every mention varied cost a CRF recall on names in notes of other layouts)
SHARE = 0.5
#: per label (or kind), the share of its mentions a copy varies, where it is not :data:`SHARE`. Staff names are
#: written in order and in title case in most notes (signatures, "Dr. X"): half of them in capitals cost a CRF
#: the last surname of title-case staff names in notes of other layouts. Phones and ages are few per note
#: (MEDDOCAN: a phone in one note of ten) and have many layouts, so most of them are varied
SHARES: dict[str, float] = {"NOMBRE_PERSONAL_SANITARIO": 0.15, "phone": 0.8, "age": 0.8}


def vary(kind: str, text: str, rng: np.random.Generator, ctx: SpanContext, replacer: Replacer | None = None) -> str:
    """``text`` (a surrogate of ``kind``) in another surface form, or ``text`` itself when none applies."""
    varier = _variers().get(kind)
    if varier is None or not text or rng.random() >= SHARES.get(ctx.label, SHARES.get(kind, SHARE)):
        return text
    new = varier(text, rng, ctx, replacer)
    return new if new else text
