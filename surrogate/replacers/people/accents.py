"""Accent style of person names: does the writer drop the accents of names (``Jose Martinez``)?

The evidence is words whose usual census spelling has accents (:meth:`NamePools.accents_dropped`). Writers
treat the patient's names and everyone else's (staff, relatives) differently, and given names differently
from surnames: on MEDDOCAN train+dev the patient's surnames drop their accents in five of six documents that
show a style, the staff's in one of fifteen, while a staff's given name drops them in one of four documents
("Jose Martínez"). So a document has one style per group (patient or not) and role (given name or surname).
A (group, role) whose names show no style draws one, once per document, with the share fitted for it given
the other role's style (dropped, kept or unknown): counts of documents in ``gazetteers/facts/fitted_details.csv``
(details ``name_accents_<group>_<role>_<other>``, written by ``bench/fit_details.py``).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import numpy as np

from gazetteers.fitted import FittedDetails

from .parse import GIVEN, SURNAME, ParsedName

ROLES = (GIVEN, SURNAME)
DROPPED, KEPT, NONE = "dropped", "kept", "none"


def detail(patient: bool, role: str, other: bool | None) -> str:
    """The fitted detail of a (group, role) whose other role's style is ``other`` (None: unknown)."""
    state = NONE if other is None else DROPPED if other else KEPT
    return f"name_accents_{'patient' if patient else 'staff'}_{role}_{state}"


def all_details() -> list[str]:
    return [detail(p, r, o) for p in (True, False) for r in ROLES for o in (True, False, None)]


def accent_votes(pools, parsed: ParsedName) -> dict[str, list[bool]]:
    """By role, one vote per name word whose usual spelling has accents: True if the writer dropped them."""
    out: dict[str, list[bool]] = {GIVEN: [], SURNAME: []}
    for u in parsed.units:
        for i in u.parts:
            v = pools.accents_dropped(parsed.pieces[i].text)
            if v is not None and u.role in out:
                out[u.role].append(v)
    return out


def group_style(votes: Iterable[bool]) -> bool | None:
    """True if most votes drop accents, False if most keep them (a tie keeps them), None without votes."""
    c = Counter(votes)
    if not c:
        return None
    return c[True] > c[False]


def other_role(role: str) -> str:
    return SURNAME if role == GIVEN else GIVEN


def draw_style(patient: bool, role: str, other: bool | None, rng: np.random.Generator,
               fitted: FittedDetails) -> bool:
    """A style for a (group, role) without evidence, with its fitted share: True drops accents."""
    return fitted.draw(detail(patient, role, other), rng) == DROPPED
