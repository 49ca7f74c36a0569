"""Split a street address into via type, street name and the number/floor/door tail.

``Calle de Bravo Murillo, 63. 1A`` → via ``Calle``, separator `` ``, name ``de Bravo Murillo``, tail
``, 63. 1A``. The tail is then tokenised into digit runs, ordinal marks, known floor/door words, single door
letters and other words. Nothing here draws: :mod:`.addresses` decides the replacements.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

#: Via types in the surface forms MEDDOCAN writes; longest first so "Avda." wins over "Av".
#: Unaccented spellings are listed too (matching ignores case, not accents); "Carrera"/"Cra." is the
#: Colombian via, "Ada." a typo for "Avda." that MEDDOCAN writes.
VIA_FORMS: tuple[str, ...] = (
    "Apartado de Correos", "Apartado", "Apdo.", "Gran Vía", "Gran Via", "Urbanización", "Urbanizacion",
    "Carretera", "Travesía", "Travesia", "Avenida", "Avinguda", "Avenido", "Glorieta", "Callejón", "Callejon",
    "Etorbidea", "Passeig", "Rondilla", "Polígono", "Poligono", "Carrera", "Camino", "Carrer", "Rambla",
    "Pasaje", "Bulevar", "Paseo", "Plaza", "Plaça", "Praza", "Ronda", "Calle", "Kalea", "Cuesta", "Barrio",
    "Calla", "Rúa", "Rua", "Ctra.", "Ctra", "Crta.", "CRT.", "Avda.", "Avda", "Avd.", "Avd", "Ada.", "Av.",
    "Av/", "Av", "Cra.", "P.º", "Pº", "P.o", "Pso.", "Pg.", "Pa.", "Pza.", "Pza", "Plza.", "Pl.", "Rda.", "Gta.",
    "Glta.", "Urb.", "Cno.", "Trav.", "Pje.", "Pz.", "Pz", "P/", "C/.", "C/", "C.", "Cl.", "Cl", "R/", "C",
)
CATALAN_VIAS = frozenset({"carrer", "avinguda", "passeig", "plaça", "rambla", "pg.", "pl."})
GALICIAN_VIAS = frozenset({"rúa", "rua", "praza", "r/"})

_via_alt = "|".join(re.escape(v) for v in VIA_FORMS)
# A via form ends at a space/comma, or straight into the name when it ends in "/" or "." ("c/Santa Soria").
VIA_RE = re.compile(rf"^(?P<via>(?:{_via_alt})\.?)(?:(?P<sep>[\s,]+)|(?<=[/.º])(?P<glued>)(?=\S))", re.I)

# Where the number part starts: a digit after a separator (or glued to the name: "Vergara94"), "s/n",
# "nº 3", "no 15", "n.º 3", "n º 4", "Número 2" / "NÚMERO 2", "# 52", "km 9".
NUMBER_START = re.compile(
    r"(?:(?<=[\s,.])|^)(?=\d|[sS]/?[nN]\b|[nN][º°oO]\.?\s*\d|[nN]\.?\s?[º°]\.?\s*\d|[nN]\.\s?[oO]\s*\d"
    r"|(?i:n[úu]mero)\b|#\s*\d|[kK][mM]\.?\s*\d)"
    r"|(?<=[^\W\d_])(?=\d)",
)

#: Floor/door/number words kept as they are (fold-compared, without the final dot).
KEPT_WORDS = frozenset("""
bajo bajos baj atico ático sobreatico piso pisos planta pl portal port puerta pta pt esc escalera escal bl blq
bloque apto apt apartamento dpto depto departamento dcha dcha. dch dcho drcha dra der dere derecha izq izda izqda
izdo izquierda iz centro ctro cto int interior ext exterior local loc entlo entresuelo entreplanta pral principal
km n no nº num número numero s sn bis dup duplicado casa nave edif edificio esq esquina y e de del la el las los
col colonia mz mzna manzana lote casa letra puerta oficina of ofic sótano sotano semisótano ed suite frente
contrafrente fondo calle carrera avenida transversal diagonal er ero ra do to vo mo residencial anden andén urb
urbanización nave
""".split())
#: Door sides: swapped with each other in the original's abbreviation family.
SIDE_SWAP = {"dcha": "izda", "izda": "dcha", "izq": "dcha", "der": "izq", "dcho": "izdo", "izdo": "dcho",
             "derecha": "izquierda", "izquierda": "derecha", "dch": "izq", "izqda": "dcha", "drcha": "izqda"}

MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
          "noviembre", "diciembre")

TAIL_TOKEN = re.compile(r"\d+|[ºª°]|[^\W\d_ºª]+\.?|\s+|.", re.U)


@dataclass(frozen=True)
class AddressParts:
    via: str  # as written, "" when none
    sep: str  # what separates the via from the name (" ", ", ", "")
    name: str  # the street name, "" when the address is only a number ("Calle 25 no 1g-89")
    tail: str  # from the first separator after the name to the end: ", 63. 1A"

    @property
    def language(self) -> str:
        v = self.via.casefold()
        return "ca" if v in CATALAN_VIAS else "gl" if v in GALICIAN_VIAS else "es"

    def join(self) -> str:
        return self.via + self.sep + self.name + self.tail


def parse_address(text: str) -> AddressParts:
    """Parse one address; ``parts.join() == text`` always holds."""
    via, sep, rest = "", "", text
    m = VIA_RE.match(text)
    if m and (m.end() < len(text) or m.group("sep") is not None):
        via = m.group("via")
        sep = m.group("sep") or ""
        rest = text[m.end():]
    n = NUMBER_START.search(rest)
    name_end = n.start() if n else len(rest)
    name = rest[:name_end]
    stripped = name.rstrip(" ,.;:-–")
    # a trailing abbreviation dot belongs to the name ("Sta.", "Dr.") only when more name follows; at the end
    # of the name it is punctuation ("Calle Mayor. 3" — rare); keep the rule simple: separators go to the tail
    tail = rest[len(stripped):]
    return AddressParts(via, sep, stripped, tail)


def tail_tokens(tail: str) -> list[str]:
    return TAIL_TOKEN.findall(tail)
