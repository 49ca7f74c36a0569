"""Countries written as ISO codes under a nationality or country column of a table (round 27).

A hotel's, a border post's or a tour's log exported as TSV or with ``|`` cells gives each guest's nationality as a
two- or three-letter code (``DE``, ``UK``, ``IE``, ``FR``) under a column titled ``nac``, ``nacionalidad``,
``país``, ``nationality``, ``country``: alone such a code is a state, a unit or an initial, under that title it is a
country. A cell is one when it is an ISO 3166 code of the countries gazetteer (``UK`` and ``EL`` too, as the EU
writes them) in capitals; the title row must be a row of the same table (tabs or ``|``).
"""
from __future__ import annotations

import re
from functools import cache

from gazetteers.text import fold

from ..tokenize import lines
from .common import PATTERN, Candidate

_COUNTRY = "PAIS"
_TITLES = frozenset(fold(w) for w in (
    "nac nac. nacion nación nacionalidad nacionalitat nacionalidade nationality nationalité nationalite "
    "país pais país/country country pays land herrialdea nazionalitatea origen procedencia").split())
_CELLS = re.compile(r"[^\t|]+")
_CODE = re.compile(r"[A-Z]{2,3}")


@cache
def _codes() -> frozenset[str]:
    from gazetteers import default_set

    try:
        iso2 = [str(v) for v in default_set("es")["countries"].column("iso2") if v]
    except (KeyError, OSError, ValueError):  # a set without the table: no code is read
        iso2 = []
    return frozenset(iso2) | {"UK", "EL", "USA", "GBR", "DEU", "FRA", "IRL", "ITA", "PRT", "NLD", "BEL", "CHE",
                              "AUT", "SWE", "NOR", "DNK", "FIN", "POL", "ROU", "MAR", "UKR", "RUS", "CHN"}


def _cells(text: str, s: int, e: int) -> list[tuple[int, int]]:
    sep = "\t" if "\t" in text[s:e] else "|"
    if text.count(sep, s, e) < 2:
        return []
    out, pos = [], s
    for part in text[s:e].split(sep):
        a = pos + len(part) - len(part.lstrip())
        out.append((a, a + len(part.strip())))
        pos += len(part) + 1
    return out


def country_column_candidates(text: str) -> list[Candidate]:
    """ISO country codes under a nationality or country column (module docstring)."""
    out: list[Candidate] = []
    column, width = None, 0
    for s, e in lines(text):
        cells = _cells(text, s, e)
        if not cells:
            column = None
            continue
        titles = [fold(text[a:b]) for a, b in cells]
        hit = next((i for i, t in enumerate(titles) if t in _TITLES), None)
        if hit is not None:
            column, width = hit, len(cells)
            continue
        if column is None or abs(len(cells) - width) > 1 or column >= len(cells):
            continue
        a, b = cells[column]
        if _CODE.fullmatch(text, a, b) and text[a:b] in _codes():
            out.append(Candidate(a, b, _COUNTRY, PATTERN))
    return out
