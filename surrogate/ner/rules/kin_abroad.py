"""Relatives named after a kinship word the other kinship rules do not read (round 27).

* **Romanian** kinship nouns carry their article glued on (``soțul`` the husband, ``fiica`` the daughter,
  ``bunica`` the grandmother): no determiner is needed before them (``- soțul, Ionuț Popescu``, ``cu bunica
  Viorica``).
* **German** ones follow a possessive (``Seine Frau Brigitte``, ``ihre Tochter Lena``).
* **English** ones typed without a determiner in a log (``mum Gemma pays by card``, ``wife Karen``).
* A Spanish, Galician or Catalan kinship word after its article with an age adjective between it and the
  name (``O irmán maior, Jonathan``, ``el hermano pequeño, Adrián``).

The name (one or two capitalised words, the first a known given name) is the relative's; a common, function,
kinship or place word is none.
Each name is cued: the backend finds it again where it recurs (``Brigitte ya en el hotel``). A Romanian, German or
English relative's span also holds the kinship words before the name (``Seine Frau Brigitte``, as the round's gold
marks a foreign relative); the Spanish ones do not (``A filla maior, Maruxa Carballo Rei``: the name).
"""
from __future__ import annotations

import functools
import re

from gazetteers import default_set
from gazetteers.text import fold

from ..lexicon import Lexicon
from . import patterns as P
from .common import STRUCTURED, Candidate
from .names import CO_OFFICIAL_KIN

_LABEL = "FAMILIARES_SUJETO_ASISTENCIA"
_CAP = r"(?-i:[A-ZÁÉÍÓÚÑÀÈÒÏÜÇĂÂÎȘȚŞŢÄÖ])[^\W\d_A-ZÁÉÍÓÚÑÀÈÒÏÜÇ]{2,}"
_NAME = rf"(?P<n>{_CAP}(?:[ \t]+{_CAP})?)(?![\w'’-])"
# Romanian kinship nouns with the article glued on ("mama" and "tata" left out: Spanish words too)
_RO_KIN = (r"so[țţt]ul|so[țţt]ia|fiica|fiul|bunica|bunicul|fratele|sora|m[ăa]tu[șşs]a|unchiul|nepotul|nepoata|cumnatul|"
           r"cumnata|socrul|soacra|ginerele|nora|concubinul|concubina|partenerul|partenera")
_GERMAN_KIN = r"Frau|Mann|Ehefrau|Ehemann|Tochter|Sohn|Mutter|Vater|Schwester|Bruder|Enkelin|Enkel|Partnerin|Partner|Oma|Opa"
_ENGLISH_KIN = r"mum|mom|dad|wife|husband|daughter|sister|brother|grandma|granny|grandpa|partner|fianc[ée]e?"
_AGE_WORD = (r"maior|mayor|menor|pequeñ[oa]|pequen[oa]|peque|mediano|mediana|vell[oa]|nov[oa]|petit[a]?|gran|gran[ ]de|"
             r"grande|major|older|younger|eldest|little|big|[aá]lter[ea]?|j[üu]nger[ea]?")
_KIN = "|".join(sorted({*P.KINSHIP_CORE, *CO_OFFICIAL_KIN} - {"familia", "familiares", "home", "dona", "ama", "jove"},
                       key=len, reverse=True))
_RULES = (
    re.compile(rf"(?<![\w])(?i:{_RO_KIN})(?![\w])[ \t]*,?[ \t]+{_NAME}"),
    re.compile(rf"(?<![\w])(?:[Ss]eine|[Ii]hre|[Mm]eine|[Dd]ie|[Dd]er)[ \t]+(?:{_GERMAN_KIN})[ \t]*,?[ \t]+{_NAME}"),
    re.compile(rf"(?<![\w])(?:{_ENGLISH_KIN})[ \t]*,?[ \t]+{_NAME}"),
    re.compile(rf"(?<![\w])(?i:el|la|o|a|su|mi|en|na|the|my|his|her)[ \t]+(?i:{_KIN})[ \t]+(?i:{_AGE_WORD})[ \t]*,?[ \t]+{_NAME}"),
)


@functools.cache
def _common_words() -> frozenset[str]:
    """The locale's ordinary nouns (folded), which a capitalised word after a relative may also be."""
    try:
        return frozenset(fold(str(v)) for v in default_set("es")["common_words"].column("value"))
    except (KeyError, FileNotFoundError, OSError):
        return frozenset()


def kin_abroad_candidates(text: str, lexicon: Lexicon, stop: frozenset[str],
                          function_words: frozenset[str]) -> tuple[list[Candidate], list[Candidate]]:
    """Relatives named after a Romanian, German or English kinship word, or a kinship word and an age adjective:
    the names (cued: found again where they recur) and the foreign relatives' whole spans, kinship words included."""
    def plain(w: str) -> bool:
        f = fold(w)
        return f not in stop and f not in function_words and f not in P.KINSHIP_FOLDED and f not in P.KINSHIP_CO_FOLDED \
            and not lexicon.place_at([f]) and not lexicon.is_("profession", w)

    def name_word(w: str) -> bool:
        known = lexicon.is_("first_name", w) or lexicon.is_("surname", w)
        return plain(w) and (known or fold(w) not in _common_words())

    out, whole = [], []
    for rx in _RULES:
        for m in rx.finditer(text):
            words = m.group("n").split()
            if not (name_word(words[0]) and lexicon.is_("first_name", words[0])):
                continue
            end = m.end("n") if len(words) == 2 and name_word(words[1]) else m.start("n") + len(words[0])
            out.append(Candidate(m.start("n"), end, _LABEL, STRUCTURED))
            if rx is not _RULES[-1]:
                whole.append(Candidate(m.start(), end, _LABEL, STRUCTURED))
    return out, whole
