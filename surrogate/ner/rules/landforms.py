"""Places named by a landform or a shore before their name, where a mountain race's, a pilgrims' or a lifeguard's
log says where someone fell or was found: ``caeu na baixada do Alto do Poio``, ``desde la playa de la Albufereta``,
``preto do río Oribio``, ``bajando del Collado de Pandetrave``.

* a pass, a peak, a beach, a cove, a reservoir, a gorge or a cape (Spanish, Catalan, Galician, Asturian), written in
  any case, before a capitalised name: the landform and its name (``Alto do Poio``, ``playa de la Albufereta``);
* a river (``río``, ``riu``, ``rio``) before its capitalised name: the name alone (``Oribio``);
* a range, a valley or a mount (``Sierra``, ``Valle``, ``Monte``: surnames too) only with ``de`` before the name;
* in a note typed fast in lower case (:func:`.typed_fast.typed_in_lower`), a landform with no other meaning in a
  clinical note (``collado``, ``vega``, ``majada``, ``torre``, ``playa``) after a preposition or a separator, then one
  lower-case word that is no function or clinical word (``sentada en vega huerta``, ``- collado jermoso -``).

A clinical reading is never taken: ``pico febril``, ``en alto``, ``alto riesgo`` have no capitalised name after them,
and the lower-case reading leaves ``pico``, ``alto`` and ``puerto`` out.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from .common import PATTERN, Candidate
from .typed_fast import typed_in_lower

_TOWN = "TERRITORIO"
_UP = "A-ZÁÉÍÓÚÑÀÈÒÇÜ"
_CAP = rf"[{_UP}](?:[^\W\d_]|['’-])+"
_LINK = r"(?:de|del|de[ \t]+la|de[ \t]+las|de[ \t]+los|dels|de[ \t]+les|do|da|dos|das|d['’]|la|las|los|el|les|els|o|a)"
_NAME = rf"{_CAP}(?:[ \t]+(?:{_LINK}[ \t]+)?{_CAP}){{0,2}}"
_LANDFORM = re.compile(
    r"(?<![\w])(?:[Aa]lto|ALTO|[Pp]uerto|[Cc]ollado|[Cc]ollada|[Pp]ico|[Pp]icu|[Pp]laya|[Pp]raia|[Pp]latja|"
    r"[Cc]ala|[Ee]mbalse|[Pp]antano|[Bb]arranco|[Dd]esfiladero|[Pp]araje|[Ll]ago|[Ll]agos|"
    # a surname, a rank or a clinical word too: only with "de" before the name ("Coll de Nargó", "Cabo de Gata")
    r"(?:Sierra|[Vv]alle|Monte|Pe[ñn]a|Coll|Cabo|Garganta)(?=[ \t]+d))"
    rf"[ \t]+(?:{_LINK}[ \t]+)?(?P<name>{_NAME})(?![\w])")
# (a surname's "del Río" is no river: capitalised, not after "de")
_RIVER = re.compile(rf"(?<![\w])(?:r[ií]o|riu|ribeira|(?<!de[ \t])(?<!del[ \t])(?:R[ií]o|Riu))[ \t]+(?P<name>{_NAME})(?![\w])")
# a capitalised word after a landform that is no name: a heading's or a sentence's next word
_NOT_NAMES = frozenset({"riesgo", "flujo", "grado", "nivel", "rendimiento", "dosis", "urgencias", "hospital", "servicio",
                        "unidad", "centro", "tratamiento", "paciente", "no", "si", "sin", "con"})
_LOWER_LANDFORM = re.compile(
    r"(?:(?<![\w])(?:en|de|del|desde|hasta|por|a|al|na|no|do|da|dende|cara)[ \t]+|(?:^|[-–·|>→/])[ \t]*)"
    r"(?P<all>(?:collado|collada|vega|majada|braña|torre|playa|praia|platja|embalse|barranco)"
    r"[ \t]+(?:(?:de|del|de[ \t]+la|do|da)[ \t]+)?(?P<word>[a-zñáéíóúü]{4,}))(?![\w])", re.MULTILINE)
_LOWER_STOP = frozenset(fold(w) for w in (
    "control contrôle control ambulancia helicoptero helicóptero sanitario sanitaria medico médico enfermeria urgencias "
    "izquierda derecha arriba abajo cerca lejos salida llegada meta avituallamiento puesto norte sur este oeste cuando "
    "donde porque aunque mientras tras pero tambien también").split())


def landform_candidates(text: str) -> list[Candidate]:
    """Places after a landform or a river's word (module docstring)."""
    out = []
    for m in _LANDFORM.finditer(text):
        if fold(m.group("name").split()[0]) not in _NOT_NAMES:
            out.append(Candidate(m.start(), m.end(), _TOWN, PATTERN))
    out += [Candidate(m.start("name"), m.end("name"), _TOWN, PATTERN) for m in _RIVER.finditer(text)
            if fold(m.group("name").split()[0]) not in _NOT_NAMES]
    if typed_in_lower(text):
        out += [Candidate(m.start("all"), m.end("all"), _TOWN, PATTERN) for m in _LOWER_LANDFORM.finditer(text)
                if fold(m.group("word")) not in _LOWER_STOP]
    return out
