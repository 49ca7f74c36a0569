"""Hand-compiled name lists that the rules backend finds mentions by and the replacers classify them by.

``facts/insurers.tsv`` (mutuas, health insurers, mutualities), ``facts/bodies.tsv`` (public bodies and the service
companies of a care report), ``facts/firms.tsv`` (home oxygen suppliers, equipment makers, banks, large
retailers) and ``facts/hospital_acronyms.tsv`` (hospitals' acronyms with the name each stands
for): one written form per line, what describes it after the tab, ``#`` lines citing the source. Each list is read
on its first use, never at import, and kept.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

FACTS_DIR = Path(__file__).resolve().parent / "facts"


@cache
def name_list(name: str) -> tuple[tuple[str, str], ...]:
    """The rows of ``facts/<name>.tsv`` in file order: (written form, what follows the tab, "" without one)."""
    rows = (FACTS_DIR / f"{name}.tsv").read_text(encoding="utf-8").splitlines()
    return tuple((*row.split("\t", 1), "")[:2] for row in rows if row and not row.startswith("#"))
