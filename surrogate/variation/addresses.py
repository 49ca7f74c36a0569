"""Street addresses with another abbreviation of their via type: ``Calle`` ↔ ``C/`` ↔ ``c/``,
``Avenida`` ↔ ``Avda.`` ↔ ``Av.``, ``Plaza`` ↔ ``Pza.``, ``Paseo`` ↔ ``Pº``, ``Carretera`` ↔ ``Ctra.``.

The surrogate is split with the address replacer's parser (:func:`parse_address`); the street name and the
number/floor/door tail are kept. An address without a via type, or with one outside these families
(``Carrer``, ``Rúa``: another language's), keeps its form.
"""
from __future__ import annotations

import numpy as np

from gazetteers.text import fold

from ..replacers.base import Replacer, SpanContext
from ..replacers.places.address_parse import parse_address
from .common import pick

#: the Spanish via families and the forms written for each (the first is the full word)
FAMILIES: dict[str, tuple[str, ...]] = {
    "calle": ("Calle", "C/", "c/", "C/.", "Cl."),
    "avenida": ("Avenida", "Avda.", "Av.", "Avda"),
    "plaza": ("Plaza", "Pza.", "Pl.", "Plza."),
    "paseo": ("Paseo", "Pº", "P.º", "Pso."),
    "carretera": ("Carretera", "Ctra.", "Ctra"),
    "ronda": ("Ronda", "Rda."),
    "glorieta": ("Glorieta", "Gta."),
    "travesia": ("Travesía", "Trav."),
    "urbanizacion": ("Urbanización", "Urb."),
}
_FAMILY_OF = {fold(form): family for family, forms in FAMILIES.items() for form in forms}
_FAMILY_OF.update({fold(f): fam for fam, extra in {"calle": ("C", "C.", "Cl", "calle"), "avenida": ("Av", "Avd.", "Avd", "Av/"),
                                                   "plaza": ("Pza", "Pz.", "Pz", "Pl"), "paseo": ("P.o", "P/", "Pg."),
                                                   "carretera": ("Crta.", "CRT."), "travesia": ("Travesia",),
                                                   "urbanizacion": ("Urbanizacion",)}.items() for f in extra})


def forms(text: str) -> list[str]:
    parts = parse_address(text)
    family = _FAMILY_OF.get(fold(parts.via)) if parts.via else None
    if family is None or not parts.name:
        return []
    sep = parts.sep if parts.sep.strip() == "" and parts.sep else " "
    upper = parts.name.isupper()  # "AVDA. DE AMÉRICA 12": the via in capitals too
    return [(via.upper() if upper else via) + sep + parts.name + parts.tail for via in FAMILIES[family]]


def vary(text: str, rng: np.random.Generator, ctx: SpanContext, replacer: Replacer | None = None) -> str | None:
    return pick(text, forms(text), rng)
