"""Bodies that a note names by a kind word the other facility rules do not know, in a note of any case:

* a public body's territorial office and its seat: ``Servicio Territorial de Sanidad de Valladolid``, ``Delegación
  Provincial de Salud de Almería``, ``Dirección Territorial de Bienestar Social en Huesca`` (the seat is part of its
  name, as the letterhead writes it);
* a sports club by its legal acronym or its kind: ``CD Burladés``, ``UD Almería``, ``Club Deportivo Arenas``, ``Club
  Atlético Lugo`` (a club is where a child trains, a bond a note names);
* a farm cooperative by its legal form: ``SAT Campo de Dalías``, ``Cooperativa Agrícola San Isidro`` (``SAT`` before a
  saturation's ``O2`` or a number is none);
* a shelter or a reception centre by its kind: ``centro de acogida Canarias 50``, ``centro de menores La Montañeta``;
* a brotherhood or a confraternity (``Hermandad de la Macarena``, ``Cofradía del Santo Entierro``);
* a pharmacy by its owner's name, capitalised after a lower-case ``farmacia`` (``la farmacia Gómez Bayón``);
* a university abroad by its own language's kind word (``Uniwersytet Jagielloński``, ``Université Lyon 2``,
  ``Università di Bologna``, ``University of Leeds``): an Erasmus student's home university;
* a family firm by its abbreviated kind (``Hnos. Sorribes``, ``Transportes Lázaro Hnos.``);
* a ship by its prefix (``MV Aurora Atlantica``, ``M/S Nordlys``): a cruise's or a ferry's medical log names it.

The name is one to four capitalised words, ``de``/``del``/``la``/``los``/``las``/``y``/``o`` between them, perhaps a
number after (``Canarias 50``); a name that is one ordinary or descriptive word alone is none (``centro de acogida
Municipal``), nor a service or a specialty.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from .common import PATTERN, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY

_BODY = "INSTITUCION"
_CAP_WORD = r"(?:[A-ZÁÉÍÓÚÑÀÈÒÇ][\w'’-]*)"
_CONNECT = r"(?:de|del|la|las|los|el|y|i|o|d['’]|l['’])"
_NAME = rf"{_CAP_WORD}(?:[ \t]+(?:{_CONNECT}[ \t]+)*{_CAP_WORD}){{0,3}}"
_KINDS = re.compile(
    rf"(?<![\w])(?P<kind>"
    # a sports club: its legal acronym in capitals, or its kind in words
    r"(?-i:CD|CF|UD|SD|CB|FC|RCD|SCD|CDE|UE|CE|SAD|CDF)|Club[ \t]+(?:Deportivo|Atl[eé]tico|de[ \t]+F[uú]tbol|"
    r"(?:de[ \t]+)?Baloncesto|(?:de[ \t]+)?Balonmano|Nataci[oó]n|Ciclista|Polideportivo|Esportiu)|"
    # a farm cooperative
    r"(?-i:SAT)|Cooperativa(?:[ \t]+Agr[ií]cola|[ \t]+Agraria|[ \t]+del[ \t]+Campo)?|"
    # a reception centre, a shelter
    r"(?i:centro[ \t]+de[ \t]+(?:acogida|menores|acogimiento|protecci[oó]n[ \t]+de[ \t]+menores|primera[ \t]+acogida)|"
    r"casa[ \t]+de[ \t]+acogida|albergue)|"
    # a brotherhood
    r"Hermandad|Cofrad[ií]a|Archicofrad[ií]a|(?-i:farmacia))"
    rf"[ \t]+(?:(?:de|del|la|las|los|el)[ \t]+)*(?P<name>{_NAME})(?P<num>[ \t]+\d{{1,3}}(?![\w/:.,]\d))?(?![\w])")
# a territorial office: its kind, its field ("de Sanidad", "de Salud y Consumo"), then "de"/"en" and its seat
_OFFICE = re.compile(
    r"(?<![\w])(?:Servicio|Delegaci[oó]n|Subdelegaci[oó]n|Direcci[oó]n|Jefatura|Gerencia|Departamento)[ \t]+"
    r"(?:Territorial|Provincial)[ \t]+de[ \t]+(?:[A-ZÁÉÍÓÚ][\w-]+(?:[ \t]+(?:y|e|de|del|la)[ \t]+[A-ZÁÉÍÓÚ][\w-]+){0,3})"
    rf"[ \t]+(?:de|en)[ \t]+(?:(?:la|las|los|el)[ \t]+)?{_CAP_WORD}(?:[ \t]+(?:de[ \t]+)?{_CAP_WORD}){{0,2}}(?![\w])")
_FOREIGN_UNIVERSITY = re.compile(
    rf"(?<![\w])(?:Uniwersytet|Universit[éàä]t?|Universiteit|Universitatea|Univerzita|Universidade|University[ \t]+(?:of|College))"
    rf"[ \t]+(?:(?:de|di|of|du|des|della|degli|do|da)[ \t]+(?:la[ \t]+|l['’])?)?{_NAME}(?:[ \t]+\d{{1,2}}(?![\w]))?(?![\w])")
_FAMILY_FIRM = re.compile(rf"(?<![\w])Hnos\.?[ \t]+{_NAME}(?![\w])|(?<![\w]){_NAME}[ \t]+Hnos(?:\.|(?![\w]))")
_SHIP = re.compile(rf"(?<![\w])(?-i:MV|M/V|M/S|M/Y|MSC)[ \t]+(?P<name>{_NAME})(?![\w])")  # the name, not its prefix
# words after a kind that name no body: a saturation, a service, a clinical word
_NOT_NAMES = frozenset({"o2", "rom", "basal", "down", "urgencias", "servicio", "unidad", "hospital", "centro", "municipal",
                        "provincial", "publico", "publica", "privado", "privada", "infantil", "juvenil"})


def named_body_candidates(text: str) -> list[Candidate]:
    """Territorial offices, clubs, cooperatives, shelters, brotherhoods and pharmacies by name (module docstring)."""
    out = [Candidate(m.start(), m.end(), _BODY, PATTERN) for m in _OFFICE.finditer(text)]
    out += [Candidate(m.start(), m.end(), _BODY, PATTERN) for rx in (_FOREIGN_UNIVERSITY, _FAMILY_FIRM)
            for m in rx.finditer(text)]
    out += [Candidate(m.start("name"), m.end("name"), _BODY, PATTERN) for m in _SHIP.finditer(text)]
    for m in _KINDS.finditer(text):
        words = [fold(w) for w in re.findall(r"[^\W\d_]+", m.group("name"))]
        content = [w for w in words if w not in ("de", "del", "la", "las", "los", "el", "y", "i", "o", "d", "l")]
        if not content or content[0] in _NOT_NAMES or m.group("name").isupper():
            continue  # "recuento CD SAN JUAN": in capitals, the acronym is a count's, not a club's
        if len(content) == 1 and not m.group("num") and (content[0] in ORDINARY or content[0] in DESCRIPTORS):
            continue  # "Cooperativa Agrícola", "centro de acogida Municipal"
        if m.group("kind") == "farmacia" and len(content) < 2 and not m.group("num"):
            continue  # "farmacia Central": an owner's name has a surname and more
        out.append(Candidate(m.start(), m.end(), _BODY, PATTERN))
    return out
