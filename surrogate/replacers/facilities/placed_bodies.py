"""A public body named by its kind words and the place it serves keeps its words and follows the place.

"Ayuntamiento de Parres" came out "Centro Cívico Las Delicias", "Juzgado de Primera Instancia nº 2 de Guadalajara"
"Juzgado de Guardia" and "112 castilla y leon" "policia nacional": the kind stayed, the place was lost, and in a
note whose places moved to Sevilla a reader met a body of nowhere. The place goes to the territory replacer (the
document's own surrogate of it, the one its TERRITORIO spans get); the kind words stay as written, and a region's
article follows the new region ("del Principado de Asturias" → "de la Comunidad de Madrid").
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from gazetteers.text import fold



#: what joins a body's kind words to its place: "de", "del", "de la", Catalan "d'", "en" (a delegation in a city)
_CONNECTOR = re.compile(r"(?i)(?:\s+(?:de\s+la|de\s+las|de\s+los|del|de|en)\s+|\s+d['’]|\s+)$")
_WORD_START = re.compile(r"(?<![\w'’])(?=\w)")
_NUMBER_WORD = re.compile(r"\d+|n|no|nº|num|núm")


@dataclass(frozen=True)
class PlacedBody:
    head: str       # the kind words as written, up to the connector ("Juzgado de Primera Instancia nº 2")
    connector: str  # as written, with its spaces (" de ", " del ", " ")
    place: str      # the place the body serves ("Guadalajara")
    trail: str      # punctuation after the place


def split_placed_body(text: str, is_place: Callable[[str], bool], keeps: Callable[[str], bool],
                      words: Callable[[str], frozenset[str]]) -> PlacedBody | None:
    """The body's head, connector and place when ``text`` ends in a Spanish place (``is_place``) after kind words
    only (``keeps``, a number, a connector): the longest such place. None when a name word is in the head
    ("Fundación Pérez de Madrid" is no body of Madrid) or no place ends it."""
    body = text.rstrip(" .,;:)")
    trail = text[len(body):]
    for m in _WORD_START.finditer(body):
        start = m.start()
        if start == 0:
            continue
        place = body[start:]
        if not is_place(place):
            continue
        joint = _CONNECTOR.search(body[:start])
        head = body[: joint.start()] if joint else ""
        if not head.strip() or not joint:
            continue
        if joint.group().strip() == "" and not re.search(r"\d\s*$", head):
            continue  # a place written straight after words is part of a name ("Alicante Acoge"), a number's not
        if all(keeps(w) or _NUMBER_WORD.fullmatch(w) for w in words(head)):
            return PlacedBody(head, joint.group(), place, trail)
    return None
