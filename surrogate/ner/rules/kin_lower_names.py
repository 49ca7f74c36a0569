"""A relative's given name typed in lower case right after the kinship word, in a note of any case: "acomp por su
hija carmen", "avisado su marido jose", "el novio alex". The name is a relative's (it was left verbatim: only
capitalised names were read after a relative). Only a census given name qualifies, and never a word that states
the relative's age, order or state ("hija mayor", "madre sana", "hermano gemelo")."""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, Candidate

# "mujer" is a relative only after a possessive: "mujer blanca, de 46 años" is the patient, not his wife
_KIN = (r"hij[oa]s?|madre|padre|esposa|esposo|(?:su|mi)[ \t]+mujer|marido|herman[oa]s?|niet[oa]|sobrin[oa]|novi[oa]|"
        r"pareja|nuera|yerno|cuñad[oa]|suegr[oa]|t[ií][oa]|prim[oa]|abuel[oa]|compañer[oa]|"
        # round 25: Catalan and Galician ones that are no Spanish word ("el gendre tonet")
        r"gendre|fill[a]?|marit|germ[aà]|germana|xenro|fill[oa]|irm[aá]n?")
_KIN_THEN_LOWER = re.compile(rf"(?i)(?<![\w])(?:{_KIN})[ \t]+(?-i:(?P<name>[a-zñáéíóúü]{{3,}}))(?![\w'’-])")
#: words after a relative that say who among them or how they are (and complexions), never a name
_NOT_NAMES = frozenset(fold(w) for w in (
    "mayor", "menor", "mayores", "menores", "pequeño", "pequeña", "pequeños", "pequeñas", "mediano", "mediana",
    "único", "única", "sano", "sana", "sanos", "sanas", "vivo", "viva", "vivos", "vivas", "viudo", "viuda",
    "fallecido", "fallecida", "difunto", "difunta", "gemelo", "gemela", "mellizo", "melliza", "paterno", "paterna",
    "materno", "materna", "politico", "politica", "actual", "anterior", "adoptivo", "adoptiva", "biologico",
    "biologica", "que", "con", "por", "para", "sin", "del", "los", "las", "una", "uno", "dos", "tres", "esta",
    "este", "esto", "tambien", "tiene", "refiere", "acude", "vive", "viene", "llama",
    "blanca", "blanco", "negra", "negro", "morena", "moreno", "rubia", "rubio", "gitana", "gitano", "latina",
    "latino",
))
_LABEL = "FAMILIARES_SUJETO_ASISTENCIA"


def kin_lower_name_candidates(text: str, lexicon: Lexicon) -> list[Candidate]:
    out = []
    for m in _KIN_THEN_LOWER.finditer(text):
        name = m.group("name")
        if fold(name) in _NOT_NAMES or not lexicon.is_("first_name", name):
            continue
        out.append(Candidate(m.start("name"), m.end("name"), _LABEL, PATTERN))
    return out
