"""Bodies and places named by a kind word, a field's cue or quotes, in a note of any layout (round 27):

* a civic, sports or public body by its kind and its seat or name, in title case or in capitals (``Centro Cívico de
  O Vinteún``, ``PISCINA CLIMATIZADA DE LA POLA``, ``Serveis Socials del Bages``, ``Dirección General de la
  Policía``, ``Bombers de la Generalitat``, ``Ordem dos Médicos``, ``la Interprofesional de la Fresa``); the same kinds
  in lower case (``pabellón municipal de Neila``): the seat alone, a town;
* a firm by a plural trade word before its name (``Gestiones Marsán``, ``Monterías Jara y Sedal``, ``Autocares
  Gil``), a lodging by its kind written last (``Papagayo Suites``, ``Volcán Resort``), a school by ``CRA`` or by
  ``CP`` with a name that is no number (``CRA Tres Fuentes``, ``CP El Bosquín``);
* the value of a field whose cue names a body (``Equipo / Team: Lusocargo-Vinhos do Tâmega``; ``Equipo:`` alone may head a device or a care team, ``Testing Authority:
  UCI``, ``Organiza: …``, ``FINANCIA ....... SMS``) and a firm after ``empresa`` (``(empresa Seprotec, …``);
* a group or a club in lower case before a name that opens on a known town (``grupo Siero Tri``, ``club Lugo
  Basket``): two capitalised words or more, the first no given name;
* a quoted name after a hunting or farming word (``montería "La Atalaya"``, ``armada "Cuerda del Pozuelo"``: a
  place; ``rehala "Los Tinajeros"``: a body).

A name is one to four capitalised words (connectors between them, an article first); a first word that is a unit's,
a clinical or a field word is none, and a field's value that opens on a title or a given name is a person's.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from . import vocab as V
from .common import PATTERN, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY

_BODY, _TOWN = "INSTITUCION", "TERRITORIO"
_UP = "A-ZÁÉÍÓÚÑÀÈÒÏÜÇÂÊÔÃÕ"
_CAP = rf"[{_UP}][^\W\d_]*(?:['’-][^\W\d_]+)*"
_ARTICLE = r"(?:El|La|Los|Las|Els|Les|Es|Sa|A|O|As|Os|EL|LA|LOS|LAS|ELS|LES|L['’])"
_LINK = r"(?:de|del|dels|de[ \t]+la|de[ \t]+les|de[ \t]+los|de[ \t]+las|do|da|dos|das|d['’]|y|i|e|DE|DEL|DE[ \t]+LA|DO|DA|Y|I)"
_NAME = rf"(?:{_ARTICLE}[ \t]+)?{_CAP}(?:[ \t]+(?:{_LINK}[ \t]+)?{_CAP}){{0,3}}"
_OF = r"(?:de|del|dels|de[ \t]+la|de[ \t]+les|de[ \t]+los|de[ \t]+las|do|da|dos|das|d['’]|de[ \t]+l['’])"
# kinds of a civic or public body whose seat or name follows ("de"): Spanish, Catalan, Galician, Portuguese
_SEAT_KINDS = (
    r"centro[ \t]+c[ií]vico|centre[ \t]+c[ií]vic|centro[ \t]+sociocultural|casa[ \t]+de[ \t]+(?:la[ \t]+)?cultura|"
    r"piscina[ \t]+(?:climatizada|municipal|cubierta|climatitzada)|pabell[oó]n[ \t]+(?:municipal|polideportivo)|"
    r"pavell[oó][ \t]+(?:municipal|poliesportiu)|serveis[ \t]+socials|servizos[ \t]+sociais|servicios[ \t]+sociales|"
    r"direcci[oó]n?[ \t]+general|direcci[oó][ \t]+general|bombers|bomberos|ordem|interprofesional|"
    r"patronato[ \t]+(?:deportivo[ \t]+)?municipal|consorcio|mancomunidad|comarca"
)
_SEAT_BODY = re.compile(rf"(?<![\w])(?P<kind>(?i:{_SEAT_KINDS}))[ \t]+(?P<of>(?i:{_OF}))[ \t]*(?P<name>{_NAME})(?![\w])")
# a firm's plural trade word, or a school's acronym, before its name
_FIRM_KINDS = (r"Gestiones|Monter[ií]as|Autocares|Transportes|Construcciones|Inversiones|Promociones|Excavaciones|"
               r"Reformas|Instalaciones|Talleres|Suministros|Distribuciones|Limpiezas|Asesor[ií]a|Gestor[ií]a|CRA")
_FIRM = re.compile(rf"(?<![\w])(?P<kind>{_FIRM_KINDS})[ \t]+(?P<name>{_NAME})(?![\w])")
_SCHOOL_CP = re.compile(rf"(?<![\w])CP[ \t]+(?P<name>{_ARTICLE}[ \t]+{_CAP}(?:[ \t]+{_CAP}){{0,2}})(?![\w])")
_LODGING = re.compile(rf"(?<![\w]){_CAP}(?:[ \t]+{_CAP}){{0,2}}[ \t]+(?:Suites|Resort|Aparthotel|Apartments|Beach[ \t]+Club)(?![\w])")
# a field whose cue names a body: its value in capitalised words, hyphens, connectors; up to a parenthesis or a gap
_FIELD = re.compile(
    r"(?i:(?<![\w])(?:team|club|testing[ \t]+authority|sample[ \t]+collection[ \t]+authority|autoridad[ \t]+de[ \t]+control|"
    r"organiza|organizador|organizer|financia|financiador|entidad[ \t]+financiadora|funded[ \t]+by))"
    r"[ \t]*(?:/[ \t]*[^\W\d_][^\W\d_ ]*(?:[ \t]+[^\W\d_]+){0,3}[ \t]*)?[:.][ \t.:]*"
    rf"(?P<value>(?:{_CAP}|[{_UP}]{{2,}}\d*)(?:(?:[ \t]|-)(?:(?:{_LINK})[ \t]+)?(?:{_CAP}|[{_UP}]{{2,}}\d*)){{0,5}})(?![\w])")
_FIRM_CUE = re.compile(rf"(?<![\w])(?:empresa|naviera|compañía|companyia)[ \t]+(?P<name>[{_UP}][a-záéíóúñàèòç]{{3,}})(?![\w])(?![ \t]+[{_UP}])")
_QUOTED = re.compile(rf"(?i:(?<![\w])(?P<kind>monter[ií]a|armada|finca|cortijo|paraje|coto|mancha|rehala|pe[ñn]a|cuadrilla))"
                     rf"[ \t]+[\"“«](?P<name>{_NAME})[\"”»]")
_TOWN_CLUB = re.compile(rf"(?<![\w])(?:grupo|club|equipo|peña|penya|grup|equip)[ \t]+(?P<name>{_CAP}(?:[ \t]+{_CAP}){{1,2}})(?![\w])")
_QUOTED_BODIES = frozenset({"rehala", "pena", "cuadrilla"})
_TITLES = re.compile(r"(?i)(?:dr|dra|sr|sra|d|dña|don|doña)\.?$")
_NOT_FIRST = DESCRIPTORS | V.NAME_STOP | frozenset({"medico", "médico", "enfermeria", "urgencias", "no", "si", "sin", "con"})


def _good(name: str) -> bool:
    words = [fold(w) for w in re.findall(r"[^\W\d_]+", name)]
    return bool(words) and words[0] not in _NOT_FIRST and not (len(words) == 1 and words[0] in ORDINARY)


def civic_body_candidates(text: str, lex: Lexicon) -> list[Candidate]:
    """Bodies by kind and seat, firms, lodgings, schools, bodies after a field's cue, quoted names (docstring)."""
    out: list[Candidate] = []
    for m in _SEAT_BODY.finditer(text):
        kind, name = m.group("kind"), m.group("name")
        if not _good(name):
            continue
        if kind[0].isupper() and (kind.isupper() == name.isupper() or not name.isupper()):
            out.append(Candidate(m.start(), m.end(), _BODY, PATTERN))
        elif kind.islower() and not name.isupper():
            out.append(Candidate(m.start("name"), m.end("name"), _TOWN, PATTERN))
    for rx in (_FIRM, _SCHOOL_CP):
        out += [Candidate(m.start(), m.end(), _BODY, PATTERN) for m in rx.finditer(text) if _good(m.group("name"))
                and not lex.is_("municipality", m.group("name"))]
    out += [Candidate(m.start(), m.end(), _BODY, PATTERN) for m in _LODGING.finditer(text) if _good(m.group())]
    for m in _FIELD.finditer(text):
        value = m.group("value")
        first = value.split()[0]
        if _good(value) and not _TITLES.match(first) and not (first.istitle() and lex.is_("first_name", first)
                                                               and " " in value):
            out.append(Candidate(m.start("value"), m.end("value"), _BODY, PATTERN))
    for m in _FIRM_CUE.finditer(text):
        w = m.group("name")
        if fold(w) not in ORDINARY and fold(w) not in _NOT_FIRST and not lex.is_("first_name", w) \
                and not lex.is_("municipality", w):
            out.append(Candidate(m.start("name"), m.end("name"), _BODY, PATTERN))
    for m in _TOWN_CLUB.finditer(text):
        first = m.group("name").split()[0]
        if lex.is_("municipality", first) and not lex.is_("first_name", first):
            out.append(Candidate(m.start("name"), m.end("name"), _BODY, PATTERN))
    for m in _QUOTED.finditer(text):
        label = _BODY if fold(m.group("kind")) in _QUOTED_BODIES else _TOWN
        out.append(Candidate(m.start("name"), m.end("name"), label, PATTERN))
    return out
