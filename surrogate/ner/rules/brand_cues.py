"""Firms and bodies that a note names by a brand alone, told by the thing they supply or by their word's shape:

* a device's maker: a device (``concentrador``, ``cpap``, ``bipap``, ``bombona``, ``mochila``, ``audifono``, ``grua``
  ...) then ``de`` and one brand word, then its serial or model (``concentrador de praxair serie LX-22``, ``cpap de
  resmed nº 44``) or the clause's end;
* who pays a benefit: ``cobra``, ``pension``, ``prestacion``, ``subsidio``, ``ayuda``, or a benefit's acronym (``RGI``,
  ``IMV``, ``RMI``, ``PNC``) then ``de``/``del`` and one brand word that ends the clause (``cobra la rgi de lanbide,``);
* a carrier after the trip: ``vuelo``, ``ferry``, ``barco``, ``naviera``, ``aerolinea``, ``compañia`` then a brand
  word, in capitals, capitalised or in lower case (``vuelo Vueling a Bilbao``, ``ferry trasmed``): a known place is
  the trip's end, no carrier;
* the shape of a bank's or a bus line's name typed in lower case: ``…bank``, ``bank…`` (``unibank``), ``…bus`` (not
  ``autobus``, ``microbus``, ``minibus``, ``aerobus``, ``trolebus``).

A brand word (as :func:`.typed_employers._brand` reads it) is no ordinary word, given name, kinship word,
profession, place or adjective, four letters or more, and no plural (``ayuda de muletas``: the goods). The shapes hold in a note typed fast in lower case only
(:func:`.typed_fast.typed_in_lower`).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import STRUCTURED, Candidate
from .typed_employers import _brand
from .typed_fast import typed_in_lower

_BODY = "INSTITUCION"
_WORD = re.compile(r"[^\W\d_]+")
_DEVICE = re.compile(r"(?<![\w])(?:concentrador(?:[ \t]+de[ \t]+o2|[ \t]+de[ \t]+ox[ií]geno)?|cpap|bipap|bombona|mochila|"
                     r"audífono|audifono|gr[uú]a|nebulizador|pulsioxímetro|pulsioximetro|ventilador|respirador|"
                     r"aspirador|bomba[ \t]+de[ \t]+insulina|glucómetro|glucometro|colchón|colchon)[ \t]+"
                     r"(?:de|del)[ \t]+(?=[^\W\d_])", re.IGNORECASE)
_AFTER_DEVICE = re.compile(r"[ \t]*(?:[,.;:)(\n]|$|(?:serie|s/n|sn|n[º°]|num|número|numero|modelo|mod|ref)(?![\w]))",
                           re.IGNORECASE)
_BENEFIT = re.compile(r"(?<![\w])(?:cobra(?:[ \t]+(?:la|el))?(?:[ \t]+(?:rgi|imv|rmi|pnc|paro|pension|pensión|ayuda))?|"
                      r"pensi[oó]n|prestaci[oó]n|subsidio|ayuda|rgi|imv|rmi|pnc)[ \t]+(?:de|del)[ \t]+(?=[^\W\d_])",
                      re.IGNORECASE)
_CLAUSE_END = re.compile(r"[ \t]*(?:[,.;:)(\n]|$|(?:y|e|desde|hasta|pero|que|q)(?![\w]))")
_CARRIER = re.compile(r"(?<![\w])(?:vuelo|vuelos|ferry|ferri|barco|naviera|aerol[ií]nea|compa[ñn][ií]a[ \t]+a[eé]rea)"
                      r"(?:[ \t]+(?:de|con))?[ \t]+(?=[^\W\d_])", re.IGNORECASE)
_BANK = re.compile(r"(?<![\w])(?:[a-zñ]{3,}bank|bank[a-zñ]{3,})(?![\w])")
_BUS = re.compile(r"(?<![\w])(?P<w>[a-zñ]{3,}bus)(?![\w])")
_NOT_BUS = frozenset({"autobus", "microbus", "minibus", "aerobus", "trolebus", "metrobus", "omnibus", "electrobus",
                      "telebus", "bibliobus", "ecobus", "airbus"})
# what a benefit or a device is "of" that is no firm
_NOT_FIRMS = frozenset({"oxigeno", "desempleo", "viudedad", "orfandad", "invalidez", "jubilacion", "alquiler",
                        "comedor", "transporte", "dependencia", "vivienda", "emergencia", "urgencia", "natalidad",
                        "maternidad", "paternidad", "nacimiento", "cuidados", "insulina", "techo", "pie", "mano",
                        "agua", "aire", "presion", "mascarilla", "vuelta", "ida", "madrugada", "noche", "linea",
                        "bajo", "coste", "baston", "andador", "silla", "terceros", "tercera", "persona", "domicilio",
                        "familiar", "enfermeria", "fisioterapia", "protones"})


def _firm(w: str, lexicon: Lexicon, stop: frozenset[str]) -> bool:
    f = fold(w)
    return f not in _NOT_FIRMS and not f.endswith("s") and not lexicon.is_("surname", f) and _brand(w.lower(), lexicon, stop)


def brand_cue_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """Makers, payers, carriers and the shapes of banks and bus lines (module docstring)."""
    out: list[Candidate] = []
    for rx, after in ((_DEVICE, _AFTER_DEVICE), (_BENEFIT, _CLAUSE_END)):
        for m in rx.finditer(text):
            b = _WORD.match(text, m.end())
            if b and b.group() == b.group().lower() and _firm(b.group(), lexicon, stop) \
                    and not re.match(r"['’@./-]\w", text[b.end():b.end() + 2]) and after.match(text, b.end()):
                out.append(Candidate(b.start(), b.end(), _BODY, STRUCTURED))
    for m in _CARRIER.finditer(text):
        b = _WORD.match(text, m.end())
        if not b or re.match(r"['’@./-]?\d", text[b.end():b.end() + 2]):
            continue  # "vuelo IB3456": a flight's number
        w = b.group()
        if (w == w.lower() or w[0].isupper()) and _firm(w, lexicon, stop) \
                and not re.match(r"[ \t]+[A-ZÁÉÍÓÚÑ]", text[b.end():b.end() + 2]):  # "vuelo Santa Cruz", a name going on
            out.append(Candidate(b.start(), b.end(), _BODY, STRUCTURED))
    if typed_in_lower(text):
        out += [Candidate(m.start(), m.end(), _BODY, STRUCTURED) for m in _BANK.finditer(text)]
        out += [Candidate(m.start(), m.end(), _BODY, STRUCTURED) for m in _BUS.finditer(text)
                if fold(m.group()) not in _NOT_BUS]
    return out
