"""Spans that stop short of the identifier they start: each is carried over the words that finish it.

A span found in part leaves the rest verbatim in the de-identified text ("Hospital Comarcal Doutor Ramón"
found, "Baltar Carballido" left). After overlaps are resolved, a span is extended over

- a person's name: a hyphen-joined part (``KLAUS-DIETER``, ``Andrei-Mihai``) and following capitalised words
  that are census surnames or patronymics, with the particles between them (``Rosendo`` + ``Sainz de la
  Maza Ortiz``);
- a facility: the rest of a hyphen-joined word (``CS Malva-rosa``) and following capitalised words that are
  surnames, given names or towns (``Hospital General Universitario Gregorio`` + ``Marañón``);
- an identifier: the other digit groups of a run of them, joined by single spaces, that fills a field
  (``NIG: 37274 43 2 2025 0003127``: the ``2025`` is no date).

Words are one space apart: a tab or a run of spaces ends a field. A phone's extension (``ext. 86417``) is left
out: the annotated sets mostly end the number before it.

A word already inside another span, or one of the words that end a name (``Servicio``, ``Hospital``, a
profession, a month), is never taken.
"""
from __future__ import annotations

import functools
import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from . import patterns as P
from .names import FUNCTION_WORDS
from .vocab import NAME_STOP

Resolved = tuple[int, int, str]

_PERSON = frozenset({"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA"})
_FACILITY = frozenset({"HOSPITAL", "CENTRO_SALUD", "INSTITUCION"})
_NUMBER_ID = frozenset({
    "ID_SUJETO_ASISTENCIA", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL", "ID_EMPLEO_PERSONAL_SANITARIO",
    "ID_TITULACION_PERSONAL_SANITARIO", "OTRO_NUMERO_IDENTIF",
})
_LETTERS = r"[^\W\d_]"
# "-DIETER", "-Mihai": the second part of a hyphen-joined given name or surname
_HYPHEN_PART = re.compile(rf"-(?=[A-ZÁÉÍÓÚÑÀÈÒÇ]){_LETTERS}{{2,}}(?![\w-])")
# "-rosa" after "CS Malva": a facility's word cut at its hyphen (also a span that ends on the hyphen)
_HYPHEN_REST = re.compile(rf"-?{_LETTERS}{{4,}}(?![\w-])")  # not a Basque case ending ("Ospitalea-ko")
_PARTICLES = r"(?:(?i:de la|de las|de los|del|de|da|do|dos|das|y|i) )"
# one space apart: a tab or a run of spaces ends a field ("Begoña Aísa<TAB>Nº col.")
_WORD = r"[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ'’]+"
_NEXT_WORD = re.compile(rf" ({_PARTICLES}?)({_WORD})(?![\w-])")
_NEXT_PLAIN_WORD = re.compile(rf" ({_WORD})(?![\w-])")
_SAINTS = frozenset({"santa", "san", "sant", "santo", "sao"})
_PATRONYMIC = re.compile(r"(?i)[^\W\d_]{2,}(?:ovna|evna|ivna|yivna|ovich|evich|ovych|ivych|ovitch)")
# a run of digit groups joined by single spaces ("4703 2025 118823"): every group has a digit
_GROUP = r"(?:[A-Z]{0,3}\d[\dA-Z]*)"
_RUN = re.compile(rf"(?<![\w/.,-]){_GROUP}(?: {_GROUP})+(?![\w/.,-])")
_FIELD_BEFORE = re.compile(r"(?:^|[:;(\[|]|\t| {2,})[ \t]*$", re.MULTILINE)  # a value that starts its field
_FIELD_AFTER = re.compile(r"[ \t]*(?:$|[;)\]|]|\t| {2,}|\.?$)", re.MULTILINE)


@functools.cache
def _stop_words() -> frozenset[str]:
    from ...replacers.facilities.parse import TYPE_WORDS

    return frozenset(NAME_STOP | FUNCTION_WORDS | {fold(w) for w in TYPE_WORDS} | {fold(m) for m in P.MONTHS}
                     | {"doctor", "doctora", "dr", "dra", "padre", "madre", "hijo", "hija", "mayo", "abril"})


def extend_spans(text: str, spans: list[Resolved], lexicon: Lexicon) -> list[Resolved]:
    """``spans`` (non-overlapping) with each carried over the words that finish its identifier; a span that
    an extension swallows whole is dropped, and an extension never cuts into another span."""
    spans = sorted(spans)
    out: list[Resolved] = []
    for i, (s, e, label) in enumerate(spans):
        if out and out[-1][1] > s:  # swallowed by the previous span's extension
            if out[-1][1] >= e:
                continue
            s = out[-1][1]
        nxt = next((a for a, _, _ in spans[i + 1:] if a >= e), len(text))
        if label in _PERSON:
            new_e = _person_end(text, e, nxt, lexicon)
        elif label in _FACILITY:
            new_e = _facility_end(text, e, nxt, lexicon)
        else:
            new_e = e
        if label in _NUMBER_ID:
            s, new_e = _id_run(text, s, e, out, spans[i + 1:])
            if out and out[-1][1] > s:
                out.pop()  # "2025" of "4703 2025 118823" read as a year: part of the identifier
        out.append((s, new_e, label))
    return _runs_again(text, out, [(s, e) for s, e, lab in out if lab in _NUMBER_ID and " " in text[s:e]])


def _runs_again(text: str, spans: list[Resolved], runs: list[tuple[int, int]]) -> list[Resolved]:
    """A run of digit groups written again with other separators (``47 0398215 13`` ... ``47/0398215/13``)
    is the same identifier: found wherever it recurs and no span lies."""
    label_of = {(s, e): lab for s, e, lab in spans}
    extra: list[Resolved] = []
    for s, e in runs:
        groups = text[s:e].split(" ")
        found = re.compile(r"(?<![\w/.-])" + r"[ /.-]?".join(map(re.escape, groups)) + r"(?![\w/-]|\.\w)")
        for m in found.finditer(text):
            if not any(a < m.end() and m.start() < b for a, b, _ in spans + extra):
                extra.append((m.start(), m.end(), label_of[(s, e)]))
    return sorted(spans + extra)


def _person_end(text: str, end: int, limit: int, lexicon: Lexicon) -> int:
    while True:
        m = _HYPHEN_PART.match(text, end)
        if m and m.end() <= limit:
            end = m.end()
            continue
        m = _NEXT_WORD.match(text, end)
        if not m or m.end() > limit:
            return end
        word = m.group(2)
        if not _capitalised_like(word, text, end) or fold(word) in _stop_words():
            return end
        if not (lexicon.is_("surname", word) or _PATRONYMIC.fullmatch(word)):
            return end
        end = m.end()


def _facility_end(text: str, end: int, limit: int, lexicon: Lexicon) -> int:
    if text[end - 1:end] == "-" or (text[end:end + 1] == "-" and text[end - 1:end].isalpha()):
        m = _HYPHEN_REST.match(text, end)
        if m and m.end() <= limit:
            end = m.end()
    while True:
        m = _NEXT_PLAIN_WORD.match(text, end)
        if not m or m.end() > limit:
            return end
        word = m.group(1)
        if fold(word) in _SAINTS:  # "Hospital Materno-Infantil" + "Santa Brígida": a saint's name
            saint = _NEXT_PLAIN_WORD.match(text, m.end())
            if saint and saint.end() <= limit and _capitalised_like(saint.group(1), text, m.end()) \
                    and lexicon.is_("first_name", saint.group(1)) and fold(saint.group(1)) not in _stop_words():
                end = saint.end()
                continue
            return end
        if not _capitalised_like(word, text, end) or fold(word) in _stop_words() or len(word) < 3:
            return end
        if not any(lexicon.is_(kind, word) for kind in ("surname", "first_name", "municipality")):
            return end
        end = m.end()


def _capitalised_like(word: str, text: str, end: int) -> bool:
    """``word`` capitalised as the span before it is: Title-case after "Laura", capitals after "KLAUS"."""
    prev = re.search(rf"({_LETTERS}+)\W*$", text[max(0, end - 40):end])
    if not word[0].isupper():
        return False
    if prev and prev.group(1).isupper() and len(prev.group(1)) > 1:
        return word.isupper()
    return not word.isupper() or len(word) <= 3


def _id_run(text: str, s: int, e: int, before: list[Resolved], after: list[Resolved]) -> tuple[int, int]:
    """The run of space-joined digit groups that holds ``[s, e)`` when it fills a field on its own and no
    span other than a year's or another number's lies across it; else ``(s, e)``."""
    ls = text.rfind("\n", 0, s) + 1
    le = text.find("\n", e)
    le = len(text) if le < 0 else le
    for m in _RUN.finditer(text, ls, le):
        if m.start() <= s and e <= m.end():
            if (m.start(), m.end()) == (s, e):
                return s, e
            if not _FIELD_BEFORE.search(text, ls, m.start()) or not _FIELD_AFTER.match(text, m.end()):
                return s, e
            others = [sp for sp in (*before[-1:], *after) if sp[0] < m.end() and m.start() < sp[1]]
            if any(lab not in _NUMBER_ID | {"FECHAS"} or a < m.start() or b > m.end() for a, b, lab in others):
                return s, e
            return m.start(), m.end()
    return s, e
