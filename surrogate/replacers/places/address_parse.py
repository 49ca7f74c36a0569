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
    "Pol. Ind.", "P. I.", "P.I.", "B.º", "Bº", "Barriada", "Bda.", "Passatge", "Ptge.", "Camí",
    "Carretera", "Travesía", "Travesia", "Avenida", "Avinguda", "Avenido", "Glorieta", "Callejón", "Callejon",
    "Etorbidea", "Passeig", "Rondilla", "Polígono", "Poligono", "Carrera", "Camino", "Carrer", "Rambla",
    "Pasaje", "Bulevar", "Paseo", "Plaza", "Plaça", "Praza", "Ronda", "Calle", "Kalea", "Cuesta", "Barrio",
    "Calla", "Rúa", "Rua", "Ctra.", "Ctra", "Crta.", "CRT.", "Avgda.", "Avda.", "Avda", "Avd.", "Avd", "Ada.", "Av.",
    "Rbla.",
    # rural addresses: a Valencian/Catalan partida or masia, a scattered settlement, a Galician place, a farm
    # ("Partida Vallmanya, pol. 7 parc. 112" came out "Mayor. 9 san pedro. 109": the via was read as a name)
    "Partida", "Pda.", "Masía", "Masia", "Diseminado", "Diseminados", "Disseminat", "Lugar", "Lg.", "Aldea",
    "Caserío", "Caserio", "Cortijo", "Finca", "Paraje", "Pago", "Vereda", "Sector", "Pol.", "Cm.", "CM",
    "Av/", "Av", "Cra.", "P.º", "Pº", "P.o", "Pso.", "Pg.", "Pa.", "Pza.", "Pza", "Plza.", "Pl.", "Rda.", "Gta.",
    "Glta.", "Urb.", "Cno.", "Trav.", "Pje.", "Pz.", "Pz", "P/", "C/.", "C/", "C.", "Cl.", "Cl", "R/", "C",
)
#: rural vias: what follows them is a place's name, not a street's ("Partida Les Forques", "Cortijo El Romeral")
RURAL_VIAS = frozenset({"partida", "pda", "masía", "masia", "diseminado", "diseminados", "disseminat", "lugar", "lg",
                        "aldea", "caserío", "caserio", "cortijo", "finca", "paraje", "pago",
                        "barrio", "b.º", "bº", "barriada", "bda"})  # a district's name too ("barrio La Riera 14")
CATALAN_VIAS = frozenset({"carrer", "avinguda", "passeig", "plaça", "rambla", "pg.", "pl.", "passatge", "ptge.", "camí",
                          "avgda.", "rbla."})
GALICIAN_VIAS = frozenset({"rúa", "rua", "praza", "r/"})
BASQUE_VIAS = frozenset({"kalea", "etorbidea"})
#: vias Spanish writes too ("Pl. Mayor", "Rambla de Almería"): Catalan only before a Catalan-looking name
SHARED_VIAS = frozenset({"pl.", "rambla", "rbla."})
_CATALAN_NAME = re.compile(r"(?i)(?:^|\s)(?:dels?|de les|sant|[dl]['’])(?:\s|$)|(?<=\s)[dl]['’]\w|^[dl]['’]\w|[àèòïç]|l·l")

#: Basque via types, written after the name ("Nagusia kalea", "Gasteiz hiribidea", "Easo plaza")
POSTPOSED_VIAS: tuple[str, ...] = (
    "kalea", "kale", "etorbidea", "etorb.", "hiribidea", "hiribid.", "pasealekua", "pasealek.", "plaza",
    "enparantza", "bidea", "errepidea", "zeharkalea", "kalezuloa", "auzoa", "auzunea",
)
_POSTPOSED_VIA = re.compile(r"\s+(?:" + "|".join(re.escape(v) for v in POSTPOSED_VIAS) + r")$", re.IGNORECASE)

_via_alt = "|".join(re.escape(v) for v in VIA_FORMS)
# A via form ends at a space/comma, or straight into the name when it ends in "/" or "." ("c/Santa Soria").
VIA_RE = re.compile(rf"^(?P<via>(?:{_via_alt})\.?)(?:(?P<sep>[\s,]+)|(?<=[/.º])(?P<glued>)(?=\S))", re.I)
# Two vias in one span: a neighbourhood or estate, then its street ("Bda. La Constancia, c/ Sol 9")
_TWO_VIAS = re.compile(rf"^(?P<first>(?:{_via_alt})\.?\s+[^,\d]+?)(?P<sep>\s*,\s*)"
                       rf"(?P<second>(?:{_via_alt})\.?\s*[^\W\d_].*)$", re.IGNORECASE | re.DOTALL)


def split_two_vias(text: str) -> tuple[str, str, str] | None:
    """(first address, separator, second address) of a span naming two vias, each replaced on its own; it was
    read as one street name ("Bda. La Constancia, c/ Sol 9" came out "Clara Campoamor 3"). None otherwise."""
    m = _TWO_VIAS.match(text)
    return (m.group("first"), m.group("sep"), m.group("second")) if m else None

# Where the number part starts: a digit after a separator (or glued to the name: "Vergara94"), "s/n",
# "nº 3", "no 15", "n.º 3", "n º 4", "Número 2" / "NÚMERO 2", "# 52", "km 9".
NUMBER_START = re.compile(
    r"(?:(?<=[\s,.])|^)(?=\d|[sS]/?[nN]\b|[nN][º°oO]\.?\s*\d|[nN]\.?\s?[º°]\.?\s*\d|[nN]\.\s?[oO]\s*\d"
    r"|(?i:n[úu]mero)\b|#\s*\d|[kK][mM]\.?\s*\d|(?i:nave|parcela|parc|pol|pol[ií]gono|local)\.?\s*\d)"
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
urbanización nave parcela ap industrial ind bj
hab habit habitación habitacion habitació habitacio hbt
pol poligono polígono polig parc parcel·la parcela
pis porta baixos baix entresòl entresol àtic atic escala esc dta
baixo baixa ático
solairua sol atea behea etxabea
esquerra dreta esquerda dereita ezk esk ezkerra eskuina
""".split())  # a room ("hab. 318": a hotel's, a care home's), then Catalan, Galician and Basque floor and door words
#: Door sides: swapped with each other in the original's abbreviation family.
SIDE_SWAP = {"dcha": "izda", "izda": "dcha", "izq": "dcha", "der": "izq", "dcho": "izdo", "izdo": "dcho",
             "derecha": "izquierda", "izquierda": "derecha", "dch": "izq", "izqda": "dcha", "drcha": "izqda",
             "esquerra": "dreta", "dreta": "esquerra", "esquerda": "dereita", "dereita": "esquerda",  # ca, gl
             "ezk": "esk", "esk": "ezk", "ezkerra": "eskuina", "eskuina": "ezkerra"}  # eu

MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
          "noviembre", "diciembre")

TAIL_TOKEN = re.compile(r"\d+|[ºª°]|[^\W\d_ºª]+\.?|\s+|.", re.U)

#: What follows a digit run written as an ordinal ("5º", "2ª", "4o").
ORDINAL_MARKS = frozenset("º°ªoO")
_NOT_DOORS = frozenset("º°ªoOyYe")  # ordinal marks and conjunctions ("114 y 31")
_KM = frozenset({"km"})
_FLOOR_NAMES = frozenset({"bajo", "bajos", "entlo", "entresuelo", "principal", "pral", "ático", "atico",
                          "baixos", "baix", "baixo", "àtic", "atic", "behea"})
_FLOOR_LABELS = frozenset({"piso", "planta", "pl", "pis", "solairua"})  # "piso 3": the next digits are the floor
#: Catalan ordinals glued to their digits: "3r 2a" is the third floor, second door (1r 2n 3r 4t 5è...; "a" is
#: the feminine of any, as "ª"). Never a door letter: doors are capitals or stand alone ("4 A").
CATALAN_ORDINALS = frozenset("rntè")


@dataclass(frozen=True)
class AddressParts:
    via: str  # as written, "" when none
    sep: str  # what separates the via from the name (" ", ", ", "")
    name: str  # the street name, "" when the address is only a number ("Calle 25 no 1g-89")
    tail: str  # from the first separator after the name to the end: ", 63. 1A"

    @property
    def language(self) -> str:
        """The via's language: "ca", "gl", "eu" or "es"; a via both languages write follows the name's."""
        v = self.via.casefold()
        if v in SHARED_VIAS:
            return "ca" if _CATALAN_NAME.search(self.name) else "es"
        return "ca" if v in CATALAN_VIAS else "gl" if v in GALICIAN_VIAS else "eu" if v in BASQUE_VIAS else "es"

    def join(self) -> str:
        return self.via + self.sep + self.name + self.tail


#: what ends a street name before its number: separators and any kind of space
_NAME_END = " ,.;:-–\t\n\r\f\v\u00a0\u2007\u202f"


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
    stripped = name.rstrip(_NAME_END)  # any space: a no-break space, a tab or a line break too
    # a trailing abbreviation dot belongs to the name ("Sta.", "Dr.") only when more name follows; at the end
    # of the name it is punctuation ("Calle Mayor. 3" — rare); keep the rule simple: separators go to the tail
    tail = rest[len(stripped):]
    return AddressParts(via, sep, stripped, tail)


#: Classes of street names whose share differs most between a street table and real addresses, each with and
#: without a leading particle ("de San Juan" is saint_de): the replacer keeps the original's particle, so the
#: shares that matter are those within each half.
_BASE_CLASSES = ("other", "titled", "saint", "virgin", "river")
STREET_CLASSES = tuple(c + suffix for suffix in ("", "_de") for c in _BASE_CLASSES)
_PARTICLE = re.compile(r"^(?:(?:de la|de las|de los|del|dels|de les|de|do|da|dos|das)\s+|d')(?=\S)", re.I)
_CLASS_RES = (
    ("saint", re.compile(r"(?i)^(?:san|santa|santo|sant|santi|são|sao)\b")),
    ("virgin", re.compile(r"(?i)^(?:virgen|nuestra señora|ntra\.?|nra\.?|mare de déu|verge)\b")),
    ("river", re.compile(r"(?i)^(?:río|rio|riu)\b")),
    ("titled", re.compile(
        r"(?i)^(?:doctora?|dra?\.?|profesora?|poeta|poetisa|pintora?|compositora?|escultora?|arquitect[oa]|maestr[oa]"
        r"|ingenier[oa]|periodista|alcalde(?:sa)?|músico|escritora?|cronista|catedrátic[oa]|practicante|actor|actriz"
        r"|padre|sor|general|capitán|almirante|coronel|comandante|teniente|cardenal|obispo|fray|infant[ae]|reina|rey"
        r"|conde(?:sa)?|marqu[ée]s(?:a)?|duque(?:sa)?|presidente|ministro)\b")),
)


def split_postposed_via(name: str) -> tuple[str, str]:
    """``("Nagusia", " kalea")`` for ``"Nagusia kalea"``; ``(name, "")`` when no via type follows the name."""
    m = _POSTPOSED_VIA.search(name)
    return (name[:m.start()], m.group()) if m is not None and m.start() > 0 else (name, "")


def has_particle(name: str) -> bool:
    """The street name starts with a particle ("de la Paz", "del Carmen", "d'Aragó")."""
    return _PARTICLE.match(name.strip()) is not None


def street_class(name: str) -> str:
    """``titled`` ("Doctor Fleming"), ``saint``, ``virgin``, ``river`` or ``other``, read after any particle;
    ``_de`` is appended when there is one ("del Doctor Fleming" is ``titled_de``)."""
    bare = _PARTICLE.sub("", name.strip(), count=1)
    suffix = "_de" if has_particle(name) else ""
    for cls, pattern in _CLASS_RES:
        if pattern.match(bare):
            return cls + suffix
    return "other" + suffix


def tail_tokens(tail: str) -> list[str]:
    return TAIL_TOKEN.findall(tail)


def tail_roles(toks: list[str]) -> list[str]:
    """The role of each tail token, so numbers can follow the distributions real addresses have.

    ``number`` the house number (the first digit run that is no floor nor kilometre), ``floor`` the next run of
    at most two digits after it (``23, 4 A``, ``3-1º``) or any run written as an ordinal before one was seen,
    ``door`` a single letter after the floor (``4 A``, ``Bajo B``), ``km`` the digits after a ``km`` word
    (``km. 9,100``), ``""`` anything else (a range's second number, a staircase, a second ordinal).
    """
    roles = [""] * len(toks)
    seen_number = floor = km = label = False
    for i, tok in enumerate(toks):
        key = tok.rstrip(".").casefold()
        nxt = toks[i + 1] if i + 1 < len(toks) else ""
        ordinal = (nxt in ORDINAL_MARKS or nxt in CATALAN_ORDINALS
                   or (nxt == "." and i + 2 < len(toks) and toks[i + 2] in ORDINAL_MARKS))
        if key in _KM:
            km = True
        elif tok.isdecimal():
            if km:
                roles[i] = "km"
                km = nxt in (",", ".")  # "9,100": the metres too
            elif not seen_number and not ordinal:
                roles[i], seen_number = "number", True
            elif not floor and (ordinal or label or (seen_number and len(tok) <= 2 and toks[i - 1] != "-")):
                roles[i], floor = "floor", True
                seen_number = True
        elif key in _FLOOR_NAMES:
            floor = seen_number = True
        elif key in _FLOOR_LABELS:
            label = seen_number = True
        elif floor and len(key) == 1 and key.isalpha() and tok not in _NOT_DOORS:
            roles[i] = "door"
        if not tok.isspace() and tok not in (",", ".") and not tok.isdecimal():
            km = km and key in _KM
    return roles
