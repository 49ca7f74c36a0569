"""Streets that the address rules leave because no house number follows, or because the street type is written short
or in lower case: where a car was parked, where a fall happened, how a courier finds a house.

* a street type of a town's streets (``Avda.``, ``Avenida``, ``Calle``, ``C/``, ``Paseo``, ``Plaza``, ``Ronda``,
  ``Travesía``, ``Glorieta``, Catalan ``Avinguda``/``Passeig``) after an article or a preposition (``en la``, ``por
  la``, ``desde la``, ``de la``), then a capitalised name: no number needed (``aparcado en la Avda. Condomina``);
* ``Cl`` (a land registry's abbreviation of ``calle``; chlorine's symbol too: only after a preposition), ``camino``/``Camino``, ``carretera``/``Ctra.`` and a lower-case
  ``calle`` or ``avenida`` before a capitalised name only with a house number (``Cl Fondon 6, 1°``, ``camino La
  Solana 6``): without one, ``Camino de Santiago`` is a route;

* a lower-case ``calle``/``avenida``/``plaza``/``rúa``/``carrer`` after ``la`` (``los contenedores de la calle
  Caamaño``): the article makes it a street, no number needed;
* a farm's ``finca`` and its name with the block or plot after it (``finca El Chaparral, módulo 12``), and the place a
  road leads to after ``carretera de`` (``carretera de El Rompido``: a town, no road code);

the name is one to four capitalised words with connectors; a name that is a facility's or a clinical word is none.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from .common import PATTERN, Candidate

_STREET = "CALLE"
_UP = "A-ZÁÉÍÓÚÑÀÈÒÇÜ"
_CAP = rf"[{_UP}][\w'’-]*"
_LINK = r"(?:de|del|de[ \t]+la|de[ \t]+las|de[ \t]+los|dels|de[ \t]+les|do|da|dos|das|d['’]|la|las|los|el|y|i)"
_NAME = rf"(?:(?:El|La|Los|Las|Els|Les|A|O|As|Os)[ \t]+)?{_CAP}(?:[ \t]+(?:{_LINK}[ \t]+)?{_CAP}){{0,3}}"
_NUMBER = r"(?:[ \t]*,?[ \t]*(?:n[º°o]\.?[ \t]*)?\d{1,4}[A-Za-z]?(?![\w/.:-]\d)(?:[ \t]*,[ \t]*\d{1,2}[º°ª](?:[ \t]*(?:[A-Z](?![\w])|izq(?:da|uierda)?\.?|dcha?\.?|derecha))?)?)"
_PLACE_BEFORE = r"(?:(?<![\w])(?:en|por|desde|de|hasta|a|hacia|junto[ \t]+a|la|al|del|na|pola|dende|at|in|on)[ \t]+)"
# a street type that names a town's street: no number needed after an article or a preposition
_BARE = re.compile(
    rf"{_PLACE_BEFORE}(?P<street>(?:Avda\.?|Av\.|Avenida|Avinguda|Calle|C/[ \t]?|Paseo|Passeig|Pg\.|Plaza|Pza\.|Plaça|"
    rf"Ronda|Travesía|Glorieta)[ \t]*(?:{_LINK}[ \t]+)?{_NAME}{_NUMBER}?)(?![\w])")
# short or lower-case types that also mean something else: only with a house number
_NUMBERED = re.compile(
    rf"(?:{_PLACE_BEFORE}(?=Cl[ .])|(?<![\w])(?!Cl[ .]))(?P<street>(?:Cl\.?|[Cc]amino|[Cc]arretera|Ctra\.|calle|avenida|avda\.?|plaza|paseo)[ \t]+"
    rf"(?:{_LINK}[ \t]+)?{_NAME}{_NUMBER})(?![\w])")
_ARTICLE_STREET = re.compile(
    rf"(?<![\w])(?:la|La)[ \t]+(?P<street>(?:calle|avenida|plaza|r[uú]a|carrer|travesía|glorieta)[ \t]+(?:{_LINK}[ \t]+)?{_NAME})(?![\w])")
_FARM = re.compile(rf"(?<![\w])(?P<street>[Ff]inca[ \t]+{_NAME}[ \t]*,[ \t]*(?:m[oó]dulo|parcela|nave|casa|pol[ií]gono)[ \t]+\d{{1,4}}[A-Za-z]?)(?![\w])")
_ROAD_TO = re.compile(rf"(?<![\w])(?:carretera|ctra\.?|Carretera)[ \t]+(?:de|a|hacia)[ \t]+(?P<town>{_NAME})(?![\w])")
_NOT_NAMES = frozenset({"urgencias", "hospital", "centro", "servicio", "unidad", "santiago", "mayo", "junio", "julio",
                        "enero", "febrero", "marzo", "abril", "agosto", "septiembre", "octubre", "noviembre", "diciembre"})


def _name_words(street: str) -> list[str]:
    return [fold(w) for w in re.findall(r"[^\W\d_]{2,}", street)][1:]


def bare_street_candidates(text: str) -> list[Candidate]:
    """Streets without a number, or with a short or lower-case type (module docstring)."""
    out = []
    for rx in (_BARE, _NUMBERED, _ARTICLE_STREET, _FARM):
        for m in rx.finditer(text):
            words = _name_words(m.group("street"))
            if words and not any(w in _NOT_NAMES for w in words):
                out.append(Candidate(m.start("street"), m.end("street"), _STREET, PATTERN))
    out += [Candidate(m.start("town"), m.end("town"), "TERRITORIO", PATTERN) for m in _ROAD_TO.finditer(text)
            if not any(w in _NOT_NAMES for w in (fold(x) for x in re.findall(r"[^\W\d_]{2,}", m.group("town"))))]
    return out
