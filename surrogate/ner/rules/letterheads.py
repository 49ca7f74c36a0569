"""The body that heads a note's first line, and that body again in the note (round 27).

A form, a log or a letter often opens on its issuer's brand or acronym in capitals, a separator (`` · ``, `` - ``,
`` — ``, ``|``) and what the issuer does, in ordinary case: ``CELAD · Comisión Española para la Lucha ...``,
``AMIR - Mediere interculturală ...``, ``LANZAMED · Servicio médico 24 h ...``, ``MUTUASPORT CAZA - Declaración de
siniestro``, ``ORTOPEDIA SEGURA MOLINA - Ayudas técnicas``. The run in capitals is the body when:

* it is one to five words, letters only, with connectors between them;
* its first word is no document's, unit's, specialty's or field word (``INFORME``, ``REGISTRO``, ``UNIDAD``,
  ``PEDIATRÍA``, ``PARITORIO``: a heading, whose facility the rules of facilities find);
* what follows the separator opens on a capitalised word in ordinary case that is no facility's head nor a team's
  or a unit's word (``OFTALMOLOGÍA · Hospital …``, ``CONFERENCIA FAMILIAR · Equipo …`` are headings);

and the same run written again in the note (``(delegada en CELAD)``, ``(hoja AMIR)``) is the same body.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from ..tokenize import find_phrases
from . import vocab as V
from .common import PATTERN, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY

_BODY = "INSTITUCION"
_UP = "A-ZÁÉÍÓÚÑÀÈÒÏÜÇ"
_WORD = rf"[{_UP}]{{2,}}"
_LINK = r"(?:DE|DEL|DE[ \t]+LA|DE[ \t]+LOS|DE[ \t]+LES|DELS|D['’]|DO|DA|Y|I|E)"
_HEAD = re.compile(rf"[ \t#]*(?P<name>{_WORD}(?:[ \t]+(?:{_LINK}[ \t]+)?{_WORD}){{0,4}})[ \t]+(?:·|-|—|–|\|)[ \t]+"
                   rf"(?P<next>[{_UP}][a-záéíóúñàèòïüçăâîșț]+)")
# a heading's first word: a document, a unit, a specialty, a field or a ward word
_HEADING_WORDS = frozenset(fold(w) for w in (
    "informe informes registro registre rexistro hoja hojas full folla fulla ficha fitxa parte acta formulario "
    "formulari impreso solicitud sol·licitud certificado certificat declaracion declaración consentimiento carta "
    "nota notas resumen listado llistat agenda plan protocolo protocol programa campaña campanya albaran albarán "
    "exportacion exportación transcripcion transcripción buzon buzón conferencia sesion sesión comite comité "
    "unidad unitat unidade servicio servei servizo seccion sección area área planta consulta consultas urgencias "
    "urgencies urxencias hospital clinica clínica centro centre gimnasio fisio uhd uci ucip paritorio quirofano "
    "quirófano pediatria pediatría cirugia cirugía oftalmologia oftalmología control checklist valoracion valoración "
    "ingreso alta traslado derivacion derivación interconsulta evolucion evolución seguimiento historia anamnesis "
    "enfermeria enfermería infermeria infermeria medicina farmacia laboratorio radiologia radiología triaje triage "
    "guardia turno relevo parte hemodialisis hemodiálisis dialisis diálisis serv residencia").split())
# what a heading's second part opens on: a facility's head, a team's or a unit's word
_NEXT_WORDS = frozenset(fold(w) for w in (
    "hospital hospitalet clínica clinica clínic complejo complexo consorci centro centre cap equipo equip unidad "
    "unitat planta consulta hoja registro informe área area sección").split())


def _coined(name: str, lex: Lexicon) -> bool:
    words = [fold(w) for w in re.findall(r"[^\W\d_]+", name) if not re.fullmatch(_LINK, w)]
    first = words[0] if words else ""
    if not first or first in _HEADING_WORDS or first in V.NAME_STOP or first in ORDINARY or first in DESCRIPTORS:
        return False
    if first.endswith(("logia", "iatria", "grafia", "scopia", "terapia")):
        return False  # a specialty or a technique heads a unit's sheet
    # a town or a province alone is a place (the place rules take it)
    return not lex.place_at(words, 0) == len(words)


def letterhead_candidates(text: str, lex: Lexicon) -> list[Candidate]:
    """The issuer in capitals opening the first line, and its name again in the note (module docstring)."""
    start = len(text) - len(text.lstrip())
    line_end = text.find("\n", start)
    m = _HEAD.match(text, start, line_end if line_end >= 0 else len(text))
    if not m or fold(m.group("next")) in _NEXT_WORDS or not _coined(m.group("name"), lex):
        return []
    name = m.group("name")
    out = [Candidate(m.start("name"), m.end("name"), _BODY, PATTERN)]
    out += [Candidate(s, e, _BODY, PATTERN) for s, e, v in find_phrases(text, {name})
            if s != m.start("name") and text[s:e] == name]
    return out
