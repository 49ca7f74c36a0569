"""Places told by the form of their line or by the words around them, where the word alone is also a surname, an
ordinary word or not listed at all:

* a dateline: a line that opens on a municipality, a comma and a date (``Tordesillas, 3 de mayo de 2024``, ``En
  Haro, a 2/4/2024``): the municipality, a surname too;
* a road's point: ``a la altura de``, ``a su paso por``, ``(en el) término municipal de``, ``t.m. de`` and a
  capitalised municipality (``a la altura de Villamuriel``), a surname too (no given name alone);
* ``hospital`` and a municipality, all typed in lower case, in any note (``ingreso en hospital getafe``): the hospital;
* the town right after an address's number and door, without a comma (``c/ nou 3 pta 2 Alboraia 2)``, ``C/ Major 3,
  1r Sineu`` at the line's end): a capitalised municipality up to the clause's end;
* a capitalised word after ``en``/``de``/``desde`` and before a municipality or a province in parentheses (``vive en
  Cerdedo (Pontevedra)``): a parish or a village that the lists do not hold (no given name or surname alone);
* in a note typed fast in lower case (:func:`.typed_fast.typed_in_lower`), a municipality after a kind of workplace
  and ``de`` (``en una conservera de bueu``, ``el taller de tafalla``), a surname too; in a note of any case, the kind in
  lower case and a capitalised municipality that ends its clause (``costurera en un taller de Sober.``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from . import patterns as P
from .common import PATTERN, STRUCTURED, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY
from .typed_fast import typed_in_lower
from .typed_note import CONNECTORS, words_at

_TOWN, _HOSPITAL = "TERRITORIO", "HOSPITAL"
_CAP_RUN = r"[A-ZÁÉÍÓÚÑÀÈÒÇ][\w'’-]*(?:[ \t]+(?:(?:de|del|la|las|los|el|d['’])[ \t]*)?[A-ZÁÉÍÓÚÑÀÈÒÇ][\w'’-]*){0,3}"
_MONTH = r"(?:" + "|".join(sorted(P.MONTHS, key=len, reverse=True)) + r")"
_DATELINE = re.compile(rf"(?m)^[ \t]*(?:En[ \t]+)?(?P<t>{_CAP_RUN})[ \t]*,[ \t]*(?:a[ \t]+)?"
                       rf"(?:\d{{1,2}}[ \t]+de[ \t]+{_MONTH}|\d{{1,2}}[/.-]\d{{1,2}}[/.-]\d{{2,4}})", re.IGNORECASE)
_ROAD = re.compile(rf"(?<![\w])(?:a[ \t]+la[ \t]+altura[ \t]+de|a[ \t]+su[ \t]+paso[ \t]+por|t[eé]rmino[ \t]+municipal[ \t]+de|"
                   rf"t\.[ \t]?m\.[ \t]+de)[ \t]+(?P<t>{_CAP_RUN})")
_HOSPITAL_TOWN = re.compile(r"(?<![\w])hospital[ \t]+(?=[a-zñáéíóú])")
_ADDRESS_TOWN = re.compile(rf"[ \t,]+(?P<t>{_CAP_RUN})(?=[ \t]*(?:[.;\n)]|,[ \t]|$|\d{{1,2}}[).-][ \t]))")
_PARENS = re.compile(rf"(?<![\w])(?:en|de|desde)[ \t]+(?P<t>[A-ZÁÉÍÓÚÑ][\w'’-]{{3,}})[ \t]*\([ \t]*(?P<p>{_CAP_RUN})[ \t]*\)")
_WORKPLACE = re.compile(r"(?<![\w])(?:taller|talleres|fabrica|fábrica|almacen|almacén|conservera|tienda|obra|granja|"
                        r"cooperativa|bodega|matadero|serreria|serrería|cantera|mina|panaderia|panadería|carpinteria|"
                        r"carpintería|imprenta|lavanderia|lavandería|residencia|colegio|escuela|mercado)"
                        r"[ \t]+(?:de|d['’])[ \t]*(?=[a-zñáéíóú])")
# the same kinds in lower case before a capitalised municipality, in a note of any case ("en un taller de Sober")
_WORKPLACE_CAP = re.compile(_WORKPLACE.pattern.replace("(?=[a-zñáéíóú])", "(?=[A-ZÁÉÍÓÚÑ])"))


def _municipality(lexicon: Lexicon, words: list[str], *, given_ok: bool = False) -> bool:
    """The words are all of one municipality (a surname will do; a given name alone only with ``given_ok``)."""
    folded = [fold(w) for w in words]
    if lexicon.place_at(folded, 0, categories=("municipality",)) != len(folded):
        return False
    return len(folded) > 1 or given_ok or not lexicon.is_("first_name", folded[0])


def _run_words(value: str) -> list[str]:
    return re.findall(r"[\w'’-]+", value)


def place_form_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], found: list[Candidate]) -> list[Candidate]:
    """Datelines, a road's point, ``hospital`` and a town in lower case, a town after an address, a parish before its
    municipality in parentheses, a town after a kind of workplace (module docstring)."""
    out: list[Candidate] = []
    for rx in (_DATELINE, _ROAD):
        for m in rx.finditer(text):
            words = _run_words(m.group("t"))
            if not m.group("t")[0].isupper():
                continue
            for n in range(len(words), 0, -1):  # the longest run of leading words that is a municipality
                if words[n - 1].lower() in CONNECTORS:
                    continue
                if _municipality(lexicon, words[:n]):
                    end = m.start("t") + _end_of(m.group("t"), words[:n])
                    out.append(Candidate(m.start("t"), end, _TOWN, STRUCTURED))
                    break
    for m in _HOSPITAL_TOWN.finditer(text):
        ms = words_at(text, m.end(), 4, abbreviations=False)
        if not ms or any(w.group() != w.group().lower() for w in ms[:1]):
            continue
        folded = [fold(w.group()) for w in ms]
        n = lexicon.place_at(folded, 0, categories=("municipality",))
        if not n or folded[n - 1] in CONNECTORS:
            continue
        content = [f for f in folded[:n] if f not in CONNECTORS]
        if n == 1 and (len(content[0]) < 4 or content[0] in stop or content[0] in ORDINARY or content[0] in DESCRIPTORS
                       or lexicon.is_("first_name", content[0])):
            continue
        if any(w.group() != w.group().lower() for w in ms[:n]) or re.match(r"[\w'’-]", text[ms[n - 1].end():ms[n - 1].end() + 1]):
            continue
        out.append(Candidate(m.start(), ms[n - 1].end(), _HOSPITAL, STRUCTURED))
    for c in found:
        if c.label != "CALLE" or not re.search(r"\d", text[c.start:c.end]):
            continue
        m = _ADDRESS_TOWN.match(text, c.end)
        if not m or "\n" in text[c.end:m.start("t")]:
            continue
        words = _run_words(m.group("t"))
        if _municipality(lexicon, words, given_ok=True) and words[-1].lower() not in CONNECTORS:
            out.append(Candidate(m.start("t"), m.end("t"), _TOWN, PATTERN))
    for m in _PARENS.finditer(text):
        seat = [fold(w) for w in _run_words(m.group("p"))]
        w = fold(m.group("t"))
        if lexicon.place_at(seat, 0) != len(seat) or w in stop or w in ORDINARY or w in DESCRIPTORS \
                or lexicon.is_("first_name", w) or lexicon.is_("surname", w) and not lexicon.place_at([w]):
            continue
        out.append(Candidate(m.start("t"), m.end("t"), _TOWN, PATTERN))
    for m in _WORKPLACE_CAP.finditer(text):
        ms = words_at(text, m.end(), 4, abbreviations=False)
        folded = [fold(w.group()) for w in ms]
        n = lexicon.place_at(folded, 0, categories=("municipality",))
        if not n or folded[n - 1] in CONNECTORS or any(not w.group()[0].isupper() and fold(w.group()) not in CONNECTORS
                                                       or w.group().isupper() for w in ms[:n]):
            continue
        if n == 1 and (len(folded[0]) < 4 or folded[0] in stop or folded[0] in ORDINARY or lexicon.is_("first_name", folded[0])):
            continue
        if not re.match(r"[ \t]*(?:[.,;:)\n]|$|y[ \t]|en[ \t]|hasta[ \t]|durante[ \t])", text[ms[n - 1].end():]):
            continue  # "el taller de Vigo Motor": the town begins a longer name
        out.append(Candidate(ms[0].start(), ms[n - 1].end(), _TOWN, PATTERN))
    if typed_in_lower(text):
        for m in _WORKPLACE.finditer(text):
            ms = words_at(text, m.end(), 4, abbreviations=False)
            folded = [fold(w.group()) for w in ms]
            n = lexicon.place_at(folded, 0, categories=("municipality",))
            if not n or folded[n - 1] in CONNECTORS or any(w.group() != w.group().lower() for w in ms[:n]):
                continue
            if n == 1 and (len(folded[0]) < 4 or folded[0] in stop or folded[0] in ORDINARY
                           or lexicon.is_("first_name", folded[0])):
                continue
            out.append(Candidate(ms[0].start(), ms[n - 1].end(), _TOWN, PATTERN))
    return out


def _end_of(run: str, words: list[str]) -> int:
    """Where the last of ``words``, the leading words of ``run``, ends in it."""
    at = 0
    for w in words:
        at = run.index(w, at) + len(w)
    return at
