"""A name found in a note again with a Basque case ending glued to it (round 28): ``Mohak galdetu dio`` (ergative),
``Mohari`` (dative), ``Anerekin`` (with Ane), ``Ionuțen eskola`` (genitive). The ending is no part of the name,
only the name is tagged.

Only a person's name of four letters or more that the note names (or the given name of a full name), with a capitalised first letter as
found, and a glued word that is no known given name or surname itself (``Carm`` + ``en`` would be ``Carmen``).
"""
from __future__ import annotations

import re

from ..lexicon import Lexicon
from .common import PATTERN, Candidate

_NAMES = frozenset({"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA"})
# ergative, genitive, dative, comitative, ablative, allative, locative genitive, destinative
_ENDINGS = r"(?:k|ek|ak|ren|en|ri|i|rekin|ekin|arekin|gatik|rengatik|tik|etik|ra|ra|rengana|engana|ko|entzat|rentzat)"


def basque_case_candidates(text: str, cands: list[Candidate], lexicon: Lexicon) -> list[Candidate]:
    """Names of ``cands`` again with a Basque case ending, read as the module docstring says."""
    labels = {text[c.start:c.end]: c.label for c in cands if c.label in _NAMES}
    for value, label in list(labels.items()):  # "Moha Benali" ... "Mohak": the given name of a full name too
        first = value.split()[0] if " " in value else ""
        if len(first) >= 4 and lexicon.is_("first_name", first):
            labels.setdefault(first, label)
    values = set(labels)
    out = []
    for value in sorted(values):
        if len(value) < 4 or not value[0].isupper() or not re.fullmatch(r"[^\W\d_]+(?:[ '-][^\W\d_]+)*", value):
            continue
        for m in re.finditer(rf"(?<![\w-]){re.escape(value)}(?P<end>{_ENDINGS})(?![\w])", text):
            word = m.group()
            if lexicon.is_("first_name", word) or lexicon.is_("surname", word):
                continue
            out.append(Candidate(m.start(), m.start("end"), labels[value], PATTERN))
    return out
