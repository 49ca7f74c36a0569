"""Names and dates inside file names: ``UPP_GarridoLuengo_sacro_20250228.jpg``, ``IMG_20250310_104512_TGL.jpg``.

A photo log, a PACS export or a scanned-document list names its files after the patient and the day. The
tokenizer reads ``UPP_GarridoLuengo_sacro_20250228`` as one word, so a name found elsewhere in the note was never
found there. Within a token joined by underscores, a part is a name when it is a name of the note written joined
(``GarridoLuengo`` for ``GARRIDO LUENGO, TEODORA``), a word with the next one's initial (``GARRIDOL``, ``TGARRIDO``), or
its initials (``TGL``, three letters or more), a one-word name of the note (a nickname, ``foto_baldo_agosto.jpg``), and a date
when it is a valid ``YYYYMMDD``.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import pairwise

from gazetteers.text import fold

from .common import NAME_PARTICLES, PATTERN, Candidate

_JOINED_TOKEN = re.compile(r"[^\W_]+(?:_+[^\W_]+)+")  # word characters with at least one underscore inside
_PART = re.compile(r"[^\W_]+")
_WORD = re.compile(r"[^\W\d_]+")
_NAME_LABELS = frozenset({"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA"})


def _forms(name: str) -> set[str]:
    """Folded ways a file name writes ``name``: two or more of its words joined, and its initials."""
    words = _name_words(name)
    if len(words) < 2:  # round 28: a nickname or a given name found alone ("Baldo" ... "foto_baldo_agosto.jpg")
        return {fold(words[0])} if words and len(words[0]) >= 4 and words[0][0].isupper() else set()
    surnames, comma, _ = name.partition(", ")
    given_first = words[len(_name_words(surnames)):] + _name_words(surnames) if comma else words  # "LUENGO, TEODORA"
    forms = set()
    for order in (words, given_first):
        forms |= {fold("".join(order[i:j])) for i in range(len(order)) for j in range(i + 2, len(order) + 1)}
        # a word and the next one's initial, or the other way round: "MENENDEZF", "AMENENDEZ"
        forms |= {fold(a + b[0]) for a, b in pairwise(order) if len(a) >= 4}
        forms |= {fold(a[0] + b) for a, b in pairwise(order) if len(b) >= 4}
    if len(given_first) >= 3:
        forms.add(fold("".join(w[0] for w in given_first)))
    return forms


def _name_words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text) if fold(w) not in NAME_PARTICLES]


def _is_date(part: str) -> bool:
    if len(part) != 8 or not part.isdigit():
        return False
    year, month, day = int(part[:4]), int(part[4:6]), int(part[6:])
    return 1900 <= year <= 2099 and 1 <= month <= 12 and 1 <= day <= 31


def file_name_parts(text: str, names: Iterable[tuple[str, str]]) -> list[Candidate]:
    """Candidates for the parts of underscore-joined tokens that are a note's names ((value, label) pairs found
    elsewhere in the note) or dates."""
    forms: dict[str, str] = {}
    for value, label in names:
        if label in _NAME_LABELS:
            for form in _forms(value):
                forms.setdefault(form, label)
    out = []
    for token in _JOINED_TOKEN.finditer(text):
        for part in _PART.finditer(token.group()):
            s, e = token.start() + part.start(), token.start() + part.end()
            if _is_date(part.group()):
                out.append(Candidate(s, e, "FECHAS", PATTERN))
            elif len(part.group()) >= 3 and (label := forms.get(fold(part.group()))) is not None:
                out.append(Candidate(s, e, label, PATTERN))
    return out
