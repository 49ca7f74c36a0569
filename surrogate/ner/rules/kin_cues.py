"""Relatives whose name the gazetteers need not know, read from the kinship cue alone (round 25).

* **A determiner, a kinship word, then a capitalised word**: ``va con el marido Cefe``, ``my mum Małgorzata``,
  ``son fils Thibault``, ``su hija Yurena``. The other kinship rules want a census given name; a mediated, a
  migrant's or a tourist's note names relatives the census does not hold. The determiner (article or possessive,
  in the languages such notes mix) makes the kinship word a noun of relation, not a heading ("Hijo: sano"); the
  word after it must be no common, function, kinship or place word.
* **A Basque kinship word after a known given name** (Basque puts it second): ``Patxi aitona`` (grandfather
  Patxi), ``Miren ama``: the name and the kinship word together, as the relative's span.
"""
from __future__ import annotations

import functools
import re

from gazetteers import default_set
from gazetteers.text import fold

from ..lexicon import Lexicon
from . import patterns as P
from .common import PATTERN, Candidate
from .names import CO_OFFICIAL_KIN

_LABEL = "FAMILIARES_SUJETO_ASISTENCIA"
# French and English family words a foreigner's note uses ("son fils", "my mum"), beside the Spanish and co-official ones
_FOREIGN_KIN = ("fils", "fille", "femme", "mère", "père", "frère", "sœur", "soeur", "mum", "mom", "dad", "son", "husband", "wife",
                "daughter", "brother", "sister", "mother", "father", "grandson", "granddaughter", "partner")
_KIN = "|".join(sorted({*P.KINSHIP_CORE, *CO_OFFICIAL_KIN, *_FOREIGN_KIN} - {"familia", "familiares", "home", "dona", "ama", "jove"},
                       key=len, reverse=True))
_DETERMINER = r"el|la|los|las|su|sus|mi|mis|my|his|her|their|son|sa|ses|mon|ma|mes|bere|seu|seva|sua|o|a|en|na"
_KIN_CAPITAL = re.compile(
    rf"(?<![\w])(?i:{_DETERMINER})[ \t]+(?i:{_KIN})(?:[ \t]*,)?[ \t]+"
    r"(?P<n>(?-i:[A-ZÁÉÍÓÚÑÀÈÒÏÜÇ])[^\W\d_A-ZÁÉÍÓÚÑÀÈÒÏÜÇ]{2,})(?![\w'’-])")
_BASQUE_KIN_AFTER = re.compile(
    r"(?<![\w])(?P<n>(?-i:[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{2,}))[ \t]+(?:aitona|amona|aita|ama|osaba|izeba|anaia|ahizpa|arreba|neba|"
    r"senarra|emaztea|semea|alaba|biloba)(?:k|ri|ren|rekin)?(?![\w])(?![ \t]+de[ \t])")


# an unknown word with an adjective's or a participle's ending is a state, not a name ("su madre Diabética")
_ADJECTIVE_END = re.compile(r"(?i)(?:ic[oa]|os[oa]|ad[oa]|id[oa]|ible|able|ente|ante|al|ar|iv[oa]|ista)s?$")


@functools.cache
def _common_words() -> frozenset[str]:
    """The locale's ordinary nouns (folded), which a capitalised word after a relative may also be."""
    try:
        return frozenset(fold(str(v)) for v in default_set("es")["common_words"].column("value"))
    except (KeyError, FileNotFoundError, OSError):
        return frozenset()


def kin_cue_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    """Relatives named after a determiner and a kinship word, or before a Basque kinship word."""
    def plain(w: str) -> bool:
        f = fold(w)
        return f not in stop and f not in function_words and f not in P.KINSHIP_FOLDED and f not in P.KINSHIP_CO_FOLDED \
            and not lexicon.place_at([f]) and not lexicon.is_("profession", w)

    def unknown_name(w: str) -> bool:
        known = lexicon.is_("first_name", w) or lexicon.is_("surname", w)
        return known or fold(w) not in _common_words() and not _ADJECTIVE_END.search(w)

    out = [Candidate(m.start("n"), m.end("n"), _LABEL, PATTERN) for m in _KIN_CAPITAL.finditer(text)
           if plain(m.group("n")) and unknown_name(m.group("n"))]
    out += [Candidate(m.start(), m.end(), _LABEL, PATTERN) for m in _BASQUE_KIN_AFTER.finditer(text)
            if plain(m.group("n")) and lexicon.is_("first_name", m.group("n"))]
    return out
