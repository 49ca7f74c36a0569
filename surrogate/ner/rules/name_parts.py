"""A patient named in full once, then by one of the name's words alone: ``Dna. Remedios Outeiriño Vilar`` in the
header, ``- Remedios tomou 1/2 cea`` and ``- Outeiriño desorientada`` in the log below.

After overlaps are resolved, each word of a patient's name found with two or more words (a known given name or
surname of four letters or more, written as in the name or in lower case; an ordinary word that the census lists also
hold, ``Remedios``, ``Blanco``, only capitalised as in the name) is the patient wherever it stands alone, outside every
other span; so are two of its words that follow each other in it, found together (``Molina Ruiz`` of ``Encarnación
Molina Ruiz``). The whole name is carried to its
other mentions later (:func:`surrogate.ner.base.propagate_mentions`); its parts are not, and a note names its patient
by one of them more often than in full.
"""
from __future__ import annotations

import re
from itertools import pairwise

from gazetteers.text import fold

from ..lexicon import Lexicon

_PATIENT = "NOMBRE_SUJETO_ASISTENCIA"
_WORD = re.compile(r"[^\W\d_]+")
# a capitalised word right before or after, one space away
_BEFORE = re.compile(r"(?<![\w])([A-ZÁÉÍÓÚÑ][^\W\d_]*)\.? $")
_AFTER = re.compile(r" ([A-ZÁÉÍÓÚÑ][^\W\d_]*)(?![\w])")
_INITIALS_AFTER = re.compile(r" ((?:[A-ZÁÉÍÓÚÑ]\.){1,3})(?![\w])")  # "ANTONIA D.V.", "Remedios O."
_NAMES = frozenset({_PATIENT, "NOMBRE_PERSONAL_SANITARIO"})


def name_parts(text: str, spans: list[tuple[int, int, str]], lexicon: Lexicon, stop: frozenset[str]) -> list[tuple[int, int, str]]:
    """``spans`` and the lone mentions of a patient's name words (see the module docstring), in text order."""
    words: dict[str, bool] = {}  # a word and whether its lower-case form counts too
    pairs: set[str] = set()
    for s, e, label in spans:
        found = _WORD.findall(text[s:e])
        if label == _PATIENT and len(found) >= 2:
            for w in found:
                if len(w) >= 4 and (fold(w) not in stop or w[0].isupper()) and (lexicon.is_("first_name", w) or lexicon.is_("surname", w)):
                    words[w] = words.get(w, False) or fold(w) not in stop  # "Remedios", "Blanco": as written only
            pairs.update(f"{a} {b}" for a, b in pairwise(found) if a[0].isupper() and b[0].isupper()
                         and len(a) >= 3 and len(b) >= 3 and f"{a} {b}" != text[s:e])  # "Molina Ruiz" of "Encarnación Molina Ruiz"
    if not words and not pairs:
        return spans
    taken = sorted((s, e) for s, e, _ in spans)
    extra: list[tuple[int, int, str]] = []
    for p in sorted(pairs):
        for m in re.finditer(rf"(?<![\w.@/-]){re.escape(p)}(?![\w@-])", text):
            if not any(s < m.end() and m.start() < e for s, e in taken + [(a, b) for a, b, _ in extra]):
                extra.append((m.start(), m.end(), _PATIENT))
    dropped: set[tuple[int, int, str]] = set()
    for w, lower_too in sorted(words.items()):
        pattern = f"{re.escape(w)}|{re.escape(w.lower())}" if lower_too else re.escape(w)
        for m in re.finditer(rf"(?<![\w.@/-])(?:{pattern})(?![\w@-])", text):
            before, after = _BEFORE.search(text, max(0, m.start() - 40), m.start()), _AFTER.match(text, m.end())
            initials = _INITIALS_AFTER.match(text, m.end())
            end = initials.end(1) if initials else m.end()
            if before or (after and not initials):
                continue  # inside a longer capitalised name ("Avda. Juan Outeiriño", "Outeiriño Hermanos"): not alone
            # the surname's initials after the given name are the patient's too ("para ANTONIA D.V."): a name
            # found inside them ("V") gives way
            inside = {sp for sp in spans if m.start() <= sp[0] and sp[1] <= end and sp[2] in _NAMES} if initials else set()
            if not any(s < end and m.start() < e for s, e in [(a, b) for a, b, _ in spans if (a, b, _) not in inside]
                       + [(a, b) for a, b, _ in extra]):
                extra.append((m.start(), end, _PATIENT))
                dropped |= inside
    if not extra:
        return spans
    return sorted([sp for sp in spans if sp not in dropped] + extra)
