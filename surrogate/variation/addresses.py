"""Street addresses with another abbreviation of their via type: ``Calle`` ↔ ``C/`` ↔ ``c/``,
``Avenida`` ↔ ``Avda.`` ↔ ``Av.``, ``Plaza`` ↔ ``Pza.``, ``Paseo`` ↔ ``Pº``, ``Carretera`` ↔ ``Ctra.``; or with
their floor and door in another layout: ``23, 2 B`` ↔ ``23, 2º B`` ↔ ``23, 2ºB`` ↔ ``23, piso 2, puerta B``,
``5, 3, 1`` ↔ ``5, 3º 1ª``.

The surrogate is split with the address replacer's parser (:func:`parse_address`); the street name is kept,
and so are the number, floor and door (only how the floor and door are written changes). An address
without a via type, or with one outside these families (``Carrer``, ``Rúa``: another language's), keeps its
via; one whose tail is not a plain number, floor and door (a range, a kilometre, a staircase) keeps its tail.
MEDDOCAN writes floors as bare digits (``5 B``); a CRF trained on it cut the ``2º B`` and ``1º izda.`` of
notes in other layouts off their addresses.
"""
from __future__ import annotations

import re

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


#: a plain tail: the house number (kept as written), then the floor and an optional door, a letter or a number
_TAIL = re.compile(r"^(?P<num>[\s,]*\d{1,4})(?:\s*[,.]\s*|\s+)(?P<floor>\d{1,2})(?:\.?[ºª°])?"
                   r"(?:(?:\s*[,-]?\s*)(?P<door>[A-Za-z]|\d{1,2})(?:\.?[ºª°])?)?\.?$")
#: the layouts of a floor {f} and door {d} (a letter, or a number with its ordinal mark), each with how often
#: it is drawn: the ordinal mark (``2º B``) as Spanish addresses mostly write it, MEDDOCAN's bare digits less
TAIL_FORMS: dict[str, float] = {", {f}º {d}": 3, ", {f}º{d}": 1.5, ", {f}º-{d}": 1, ", {f}.º {d}": 0.5, " {f}º {d}": 1,
                                ", {f} {d}": 1, ", {f}{d}": 0.5, ", piso {f}, puerta {d}": 0.3}
FLOOR_FORMS: dict[str, float] = {", {f}º": 3, " {f}º": 1, ", {f}.º": 0.5, ", {f}": 1, ", piso {f}": 0.3}


def tail_forms(tail: str) -> list[tuple[str, float]]:
    """Other layouts of a number-floor-door tail (``, 23, 2 B``), with their weights; [] for another tail."""
    m = _TAIL.match(tail)
    if m is None:
        return []
    floor, door = str(int(m.group("floor"))), m.group("door")
    if door is None:
        return [(m.group("num") + f.format(f=floor), w) for f, w in FLOOR_FORMS.items()]
    if door.isdigit():  # a door number takes its ordinal mark when the floor does ("3º 1ª")
        door = f"{int(door)}ª"
        return [(m.group("num") + f.format(f=floor, d=door), w) for f, w in TAIL_FORMS.items()
                if "º " in f or "º-" in f or "piso" in f]
    return [(m.group("num") + f.format(f=floor, d=door), w) for f, w in TAIL_FORMS.items()]


def weighted_forms(text: str) -> list[tuple[str, float]]:
    """Other forms of an address with their weights: its via in another abbreviation, or its tail in another
    layout (each half of the draws when both apply)."""
    parts = parse_address(text)
    if not parts.name:
        return []
    out: list[tuple[str, float]] = []
    family = _FAMILY_OF.get(fold(parts.via)) if parts.via else None
    if family is not None:
        sep = parts.sep if parts.sep.strip() == "" and parts.sep else " "
        upper = parts.name.isupper()  # "AVDA. DE AMÉRICA 12": the via in capitals too
        out += [((via.upper() if upper else via) + sep + parts.name + parts.tail, 1.0) for via in FAMILIES[family]]
    tails = tail_forms(parts.tail)
    if tails:
        scale = len(out) / sum(w for _, w in tails) if out else 1.0
        out += [(parts.via + parts.sep + parts.name + t, w * scale) for t, w in tails]
    return out


def forms(text: str) -> list[str]:
    return [form for form, _ in weighted_forms(text)]


def vary(text: str, rng: np.random.Generator, ctx: SpanContext, replacer: Replacer | None = None) -> str | None:
    return pick(text, weighted_forms(text), rng)
