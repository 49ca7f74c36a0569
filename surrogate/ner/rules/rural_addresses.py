"""Addresses outside a town's street grid, in a note of any layout (round 28):

* a rural address: a settlement's or a plot's kind, its name and a rural number (``Lugar de Llueves, casa 3``,
  ``Partida Algoda, polígon 2, nº 118``, ``Partida de Matola, pol. 1, 45``, ``Paraje Los Llanos, parcela 12``,
  ``Diseminado Las Cañadas, nave 4``): the kind alone is a common word (``el lugar de los hechos``), so the name must
  be capitalised and a house, plot or tower number must follow it;
* a point of a road: a road's kind, its code and a kilometre point (``carretera A-316, punto kilométrico 28,400``,
  ``autovía A-4, p.k. 233``, ``ctra. N-432 km 12``).
"""
from __future__ import annotations

import re

from .common import PATTERN, Candidate

_STREET = "CALLE"
_UP = "A-ZÁÉÍÓÚÑÀÈÒÏÜÇ"
_CAP = rf"[{_UP}][^\W\d_]*(?:['’-][^\W\d_]+)*"
_LINK = r"(?:de|del|de[ \t]+la|de[ \t]+les|de[ \t]+los|de[ \t]+las|dels|do|da|dos|das|d['’]|la|el|les|els|los|las|l['’])"
_NAME = rf"{_CAP}(?:[ \t]+(?:{_LINK}[ \t]+)?{_CAP}){{0,3}}"
# the kinds of a settlement or a rural plot (Spanish, Catalan/Valencian, Galician, Asturian)
_KINDS = (r"lugar|llugar|partida|paraje|paratge|diseminado|disseminat|caser[ií]o|mas[ií]a|masia|mas|cortijo|"
          r"pago|quinta|lloc|aldea|barrio|barri|quintana|casal")
# a rural number: a house, a plot, a polygon, a tower or a shed, then perhaps a second one or a bare number
_PART = (r"(?:casa|casas|pol[ií]gon[oa]?|pol\.|parcela|parc\.|torre|nave|naves|bloque|n[ºo°]|n\.º|n[úu]m\.?|"
         r"portal|km\.?)[ \t]*\d{1,4}(?:[.,]\d{1,3})?[A-Za-z]?(?![\w])")
_RURAL = re.compile(
    rf"(?<![\w])(?i:{_KINDS})[ \t]+(?:(?i:{_LINK})[ \t]+)?(?P<name>{_NAME})[ \t]*,[ \t]*(?i:{_PART})"
    rf"(?:[ \t]*,[ \t]*(?:(?i:{_PART})|\d{{1,4}}[A-Za-z]?(?![\w.,]\d)(?![\w])))?"
)
_ROAD = re.compile(
    r"(?<![\w])(?i:carretera|ctra\.?|crta\.?|autov[ií]a|autopista|carretera[ \t]+nacional|carretera[ \t]+comarcal|"
    r"carrer[ \t]+de[ \t]+la[ \t]+carretera|estrada|errepidea)[ \t]+[A-Z]{1,4}-?\d{1,4}(?:-\d{1,3})?,?[ \t]+"
    r"(?i:punto[ \t]+kilom[eé]trico|punt[ \t]+quilom[eè]tric|p\.[ \t]?k\.?|pk|km\.?|kil[oó]metro|quil[oò]metre)"
    r"[ \t]*\d{1,3}(?:[.,]\d{1,3})?(?![\w])"
)


def rural_address_candidates(text: str) -> list[Candidate]:
    """Rural addresses and points of a road in ``text`` (module docstring)."""
    return [Candidate(m.start(), m.end(), _STREET, PATTERN) for rx in (_RURAL, _ROAD) for m in rx.finditer(text)]


def rural_place_name(address: str) -> str:
    """The place name of a rural address (``Llueves`` of ``Lugar de Llueves, casa 3``), "" for another street."""
    m = _RURAL.fullmatch(address)
    return m.group("name") if m and len(m.group("name")) >= 4 else ""
