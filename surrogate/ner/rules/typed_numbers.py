"""Phone numbers as a note typed fast on a phone spaces them: a digit at a time, groups set apart by dashes.

``6 7 1 - 3 0 - 5 5 - 2 9``, ``6 1 2 4 8 - 0 3 - 7 7``, ``9 1 - 4 4 - 3 3 - 0 2 1``: nine digits, the first 6 to 9 (a
Spanish mobile or landline), each digit apart from the next by a space, a dash or a dot with spaces around it, and no
tenth digit after it. The ordinary groupings (``612 48 03 77``, ``612-480-377``) are read by the identifier rules.
"""
from __future__ import annotations

import re

from .common import PATTERN, Candidate

# a digit, then eight more, each after a space, or a dash or a dot with spaces around it; a dash among them at least
_SPACED_PHONE = re.compile(r"(?<![\w+.,/-])(?<![\d][ \t])[6789](?:(?:[ \t]*[-.][ \t]*|[ \t])\d){8}(?![\w]|[ \t]*[-.,/]?[ \t]*\d)")


def typed_number_candidates(text: str) -> list[Candidate]:
    """Phones spaced digit by digit with dashes between their groups (see the module docstring)."""
    return [Candidate(m.start(), m.end(), "NUMERO_TELEFONO", PATTERN) for m in _SPACED_PHONE.finditer(text)
            if "-" in m.group() and re.search(r"\d[ \t]\d", m.group())]
