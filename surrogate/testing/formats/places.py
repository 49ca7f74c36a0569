"""Kinds ``address`` and ``territory``: what "same format" means for a street address and a place.

``address`` (properties):
- ``via_type``: the via class is kept (a ``Calle``/``C/``/``Carrer`` stays a street, an ``Avda.`` an avenue,
  no via stays none), from the acceptance checker's via table extended to every form clinical text writes;
- ``via_form``: the via is written the same way (``C/`` stays ``C/``, ``Avda.`` stays ``Avda.``);
- ``street_name``: an address with a street name keeps one;
- ``number``: a house number and ``s/n`` are present in the surrogate when, and only when, in the original;
- ``floor_door``: the number/floor/door part has the same structure: as many numbers, the same ordinal marks,
  floor/door words (``bajo``, ``piso``, ``puerta``, ``esc.``; a door side stays a side, abbreviated or not),
  door letters in the same case, spacing;
- ``punctuation``: the same commas, dots, slashes and dashes in that part;
- ``case``: the street name keeps its case pattern (upper, lower, title).

``territory`` (properties): a Spanish postal code stays five digits (``postal_code``) with a province prefix
01–52 (``province_prefix``) and its ``E-`` spelling (``postal_spelling``); another code keeps its character
``shape``; a place name stays a ``name`` (letters, no ``digits``) with its ``case`` pattern.

Written from the acceptance definitions with a table of via forms and a small tokenizer of our own; it does
not call the address replacer's parser, so a parser bug there shows up here.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from . import register_format_check
from .common import char_shape

# Via class → written forms (compared case-insensitively). The acceptance checker's table, plus the other
# forms of those classes and the other via classes MEDDOCAN and everyday Spanish use.
VIA_CLASSES: dict[str, tuple[str, ...]] = {
    "calle": ("Calle", "C/", "C/.", "C.", "Cl.", "Cl", "C", "Carrer", "Rúa", "Rua", "R/", "Calla", "Kalea"),
    "avenida": ("Avenida", "Avenido", "Avda.", "Avda", "Avd.", "Avd", "Av.", "Av/", "Av", "Ada.", "Avinguda",
                "Etorbidea"),
    "paseo": ("Paseo", "Pº", "P.º", "P°", "P.o", "Po", "Pso.", "P/", "Pa.", "Passeig", "Pg."),
    "carretera": ("Carretera", "Ctra.", "Ctra", "Crta.", "CRT."),
    "carrera": ("Carrera", "Cra."),  # the Colombian via
    "plaza": ("Plaza", "Plaça", "Praza", "Pza.", "Pza", "Plza.", "Pl.", "Pz.", "Pz"),
    "ronda": ("Ronda", "Rondilla", "Rda."),
    "glorieta": ("Glorieta", "Gta.", "Glta."),
    "camino": ("Camino", "Cno."),
    "travesia": ("Travesía", "Travesia", "Trav."),
    "urbanizacion": ("Urbanización", "Urbanizacion", "Urb."),
    "pasaje": ("Pasaje", "Pje."),
    "rambla": ("Rambla",),
    "callejon": ("Callejón", "Callejon"),
    "bulevar": ("Bulevar",),
    "poligono": ("Polígono", "Poligono"),
    "cuesta": ("Cuesta",),
    "gran_via": ("Gran Vía", "Gran Via"),
    "apartado": ("Apartado de Correos", "Apartado", "Apdo."),
}
_VIA_CLASS = {fold(form): cls for cls, forms in VIA_CLASSES.items() for form in forms}
_VIA_ALT = "|".join(re.escape(f) for f in sorted({f for fs in VIA_CLASSES.values() for f in fs}, key=len,
                                                  reverse=True))
# A via ends at a space or comma (an extra final dot allowed: "Paseo."), or runs into the name after "/" or
# "." ("c/Santa Soria"). Followed by nothing at all it is a street's name, not a via ("Calle" alone).
_VIA = re.compile(rf"(?P<via>(?:{_VIA_ALT})\.?)(?:[\s,]+|(?<=[/.º°])(?=\w))", re.I)
# Where the number part starts: a digit run (not a road code's: "N-332"), "s/n", "nº 3" / "n.º 3" / "n º 3",
# "número", "# 52", "km 9".
_S_N_MARK = r"(?<!\w)s\.?/?\s?n\.?(?!\w)"
_NUMBER_START = re.compile(
    r"(?<!\d)(?<![^\W\d_]-)\d"
    rf"|{_S_N_MARK}"
    r"|(?<!\w)n\.?\s?[º°o]\.?\s*(?=\d)"
    r"|(?<!\w)n[úu]mero(?!\w)"
    r"|#"
    r"|(?<!\w)km(?!\w)",
    re.I)
_S_N = re.compile(_S_N_MARK, re.I)
_TAIL_TOKEN = re.compile(r"\d+|[ºª°]|[^\W\d_]+|\s+|.", re.U)
# Floor, door and number words; a door side is one class, abbreviated or written out.
_SIDES_SHORT = frozenset("dcha dch dcho drcha dra der dere izda izq izqda izdo iz".split())
_SIDES_FULL = frozenset({"derecha", "izquierda"})
_FLOOR_WORDS = frozenset("""
bajo bajos baj atico sobreatico piso pisos planta pl portal port puerta pta pt esc escalera escal bl blq bloque apto
apt apartamento dpto depto departamento int interior ext exterior local loc entlo entresuelo entreplanta pral
principal km n no num numero s sn bis dup duplicado edif edificio esq esquina of oficina sotano semisotano letra
""".split())
_NAME_PUNCT = " ,.;:-–"
ADDRESS_PROPERTIES = frozenset({"via_type", "via_form", "street_name", "number", "floor_door", "punctuation", "case"})
TERRITORY_PROPERTIES = frozenset({"postal_code", "postal_spelling", "province_prefix", "shape", "digits", "name",
                                  "case"})
_PARTICLES = frozenset("""de del dels la las les los el els lo al y e i d l da do dos das en na n a o as os sa ses
es des s von van""".split())
_ROMAN = re.compile(r"^[IVXLCDM]+$")
_POSTAL = re.compile(r"^(?P<pre>[Ee][-\s]?)?(?P<code>\d{5})$")
_NAME_CHARS = re.compile(r"^[^\W\d_][\w\s'’.,()/-]*$", re.U)


# -- shared: case of a name --------------------------------------------------------------------------------
def name_case(text: str) -> str:
    """"upper", "lower", "title" or "mixed", reading hyphenated and apostrophed parts as words
    (``Vitoria-Gasteiz``, ``L'Hospitalet``) and particles, initials and Roman numerals as neutral."""
    letters = [c for c in text if c.isalpha() and (c.isupper() or c.islower())]
    if not letters:
        return "none"
    if all(c.isupper() for c in letters):
        return "upper" if len(letters) > 1 else "title"
    if all(c.islower() for c in letters):
        return "lower"
    # a hyphenated word is read by its first part ("Castilla-La Mancha", "Mont-roig")
    parts = [re.sub(r"^\W+", "", p).split("-")[0] for p in re.split(r"[\s'’/().,]+", text)]
    titled = False
    for part in (p for p in parts if any(c.isalpha() for c in p)):
        if part[0].isupper() and (part[1:].islower() or len(part) == 1 or not any(c.isalpha() for c in part[1:])):
            titled = True
        elif fold(part) in _PARTICLES and part.islower() or _ROMAN.match(part):
            continue
        else:
            return "mixed"
    return "title" if titled else "mixed"


def _case_kept(original: str, surrogate: str) -> bool:
    o = name_case(original)
    return o in ("mixed", "none") or name_case(surrogate) == o


# -- address -----------------------------------------------------------------------------------------------
def split_address(text: str) -> tuple[str, str, str]:
    """(via as written, street name, number/floor/door part), for the format check only."""
    via = ""
    pos = 0
    m = _VIA.match(text)
    if m:
        via = m.group("via")
        pos = m.end()
    rest = text[pos:]
    n = _NUMBER_START.search(rest)
    name = (rest[: n.start()] if n else rest).rstrip(_NAME_PUNCT)
    if not name:  # "Gran Vía, 85": what follows the via is the number part
        return via, "", text[len(via):] if via else text
    return via, name, rest[len(name):]


def via_class(via: str) -> str:
    return _VIA_CLASS.get(fold(via), _VIA_CLASS.get(fold(via.rstrip(".")), "unknown")) if via else "none"


def _tail_structure(tail: str) -> list[str]:
    out: list[str] = []
    for tok in _TAIL_TOKEN.findall(tail):
        if tok.isdecimal():
            out.append("9")
        elif tok in "ºª°":
            out.append("º" if tok in "º°" else "ª")
        elif tok.isspace():
            out.append(" ")
        elif tok[0].isalpha():
            key = fold(tok)
            if key in _SIDES_SHORT:
                out.append("side")
            elif key in _SIDES_FULL:
                out.append("side_full")
            elif key in _FLOOR_WORDS:
                out.append(key)
            elif len(tok) == 1:
                out.append("L" if tok.isupper() else "l")  # a door letter (or "y", "4o": kept alike)
            elif out[-2:-1] == ["w"] and out[-1:] == [" "]:
                out.pop()  # a district of several words: one "w"
            else:
                out.append("w")
    return out


def _tail_punctuation(tail: str) -> list[str]:
    return [c for c in tail if not (c.isalnum() or c.isspace() or c in "ºª°")]


@register_format_check("address")
def address_format_problems(original: str, surrogate: str) -> list[str]:
    problems: list[str] = []
    o_via, o_name, o_tail = split_address(original)
    s_via, s_name, s_tail = split_address(surrogate)
    if via_class(o_via) != via_class(s_via):
        problems.append("via_type")
    elif o_via != s_via:
        problems.append("via_form")
    if o_name and not s_name:
        problems.append("street_name")
    o_number = (bool(re.search(r"\d", o_tail)), bool(_S_N.search(o_tail)))
    if o_number != (bool(re.search(r"\d", s_tail)), bool(_S_N.search(s_tail))):
        problems.append("number")
    if _tail_structure(o_tail) != _tail_structure(s_tail):
        problems.append("floor_door")
    if _tail_punctuation(o_tail) != _tail_punctuation(s_tail):
        problems.append("punctuation")
    if o_name and s_name and not _case_kept(o_name, s_name):
        problems.append("case")
    return problems


# -- territory ---------------------------------------------------------------------------------------------
@register_format_check("territory")
def territory_format_problems(original: str, surrogate: str) -> list[str]:
    o, s = original.strip(), surrogate.strip()
    m = _POSTAL.match(o)
    if m:
        n = _POSTAL.match(s)
        if n is None:
            return ["postal_code"]
        problems = []
        if (m.group("pre") or "") != (n.group("pre") or ""):
            problems.append("postal_spelling")
        if "01" <= m.group("code")[:2] <= "52" and not "01" <= n.group("code")[:2] <= "52":
            problems.append("province_prefix")
        return problems
    if any(c.isdigit() for c in o):  # a foreign code ("C1059ABG", "2000") or a number: same shape
        return [] if char_shape(o) == char_shape(s) else ["shape"]
    problems = []
    if any(c.isdigit() for c in s):
        problems.append("digits")
    if not _NAME_CHARS.match(s) and _NAME_CHARS.match(o):
        problems.append("name")
    if not _case_kept(o, s):
        problems.append("case")
    return problems
