"""A nursing handover typed fast on a phone: all lower case, no punctuation, the ward's own abbreviations.

``relevo noche 12/3 5b de ana a david`` … ``hab 501 pac manuel ortega ruiz 84a`` … ``pac rosario prieto sanz la
charo`` … ``pac fdez gomez luis`` … ``la cura la hace mari jose la enf del cs santa barbara`` … ``vive solo en c
alfareros 7 bajo`` … ``desde urg del virgen de la salud`` … ``avisado dr sancho de guardia``. The recased view
capitalises a name only after a cue it knows and with the punctuation a note would have; here the ward's cues stand
alone:

* ``pac``/``pte`` and a run of known given names, surnames, particles and surname abbreviations (``fdez``), then
  maybe a nickname after an article (``la charo``): the patient;
* the handover's line ``de ana a david`` (two known given names after ``relevo``/``entrega``/``pase``): the nurses;
* ``dr``/``dra``/``enf`` without the period and a known name; known given names right before ``la enf``: staff;
* ``cs`` and known name or place words: a health centre; ``c`` (``calle``) after ``en``, words and a house number
  (and the floor): a street;
* a day and month after the shift's word (``noche 12/3``): a date.

The hospital named after the Virgin with a masculine article (``del virgen de la salud``, ``al Virgen del Rocío``:
*el hospital* is meant) is read in any layout.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from . import patterns as P
from .common import PATTERN, STRUCTURED, Candidate
from .recase import LOWER, body_layout
from .staff_roles import SURNAME_ABBREVIATIONS
from .typed_fast import typed_in_lower

_WORD = re.compile(r"[^\W\d_]+")
_PARTICLES = frozenset({"de", "del", "la", "el", "y", "i", "da", "do", "dos", "los", "las", "ben", "bin", "al"})
# ordinary words of a handover that the census lists also hold as names
_NOT_NAMES = frozenset({"con", "sin", "por", "para", "sat", "fiebre", "alta", "baja", "bien", "mal", "hoy", "ayer",
                        "mañana", "noche", "tarde", "dia", "cama", "hab", "ingreso", "ingresa", "nuevo", "nueva",
                        "hombre", "mujer", "varon", "solo", "sola", "tranquilo", "tranquila", "estable",
                        "dice", "vive", "toca", "cura", "pie", "mas", "menos", "pendiente", "guardia", "turno",
                        "cayo", "salud", "paz", "luz", "mar", "rosa", "sol", "pilar", "flor", "angeles", "cruz",
                        "blanco", "blanca", "rubio", "moreno", "bravo", "leal", "nieto", "nieta", "hijo", "hija",
                        "coma", "punto", "guion", "arroba"})  # a dictation's spoken punctuation
_PATIENT_CUE = re.compile(rf"(?<![\w])(?:{P.PATIENT_CUE_WORDS}|pcte)\.?[ \t]+")
_HANDOVER = re.compile(r"(?<![\w])(?:relevo|entrega|pase|cambio[ \t]+de[ \t]+turno)(?![\w])[^\n]{0,60}?"
                       r"(?<![\w])de[ \t]+(?P<a>[^\W\d_]+)[ \t]+a[ \t]+(?P<b>[^\W\d_]+)(?![\w])")
_STAFF_TITLE = re.compile(r"(?<![\w])(?:dr|dra|doctor|doctora|enf|enfermera|enfermero)\.?[ \t]+(?P<name>[^\W\d_]+)"
                          r"(?:[ \t]+(?P<more>[^\W\d_]+))?")
_BEFORE_ROLE = re.compile(r"(?P<name>(?:[^\W\d_]+[ \t]+)?[^\W\d_]+)[ \t]+(?:la|el)[ \t]+"
                          r"(?:enf|enfermera|enfermero|fisio|auxiliar|tcae|matrona|medica|medico|trabajadora[ \t]+social)(?![\w])")
_CENTRE = re.compile(r"(?<![\w])(?:cs|c\.s\.|centro[ \t]+de[ \t]+salud)[ \t]+(?P<name>[^\W\d_]+(?:[ \t]+[^\W\d_]+){0,3})")
# the street type ends at a period, a slash or a space: "en casa a las 8" is no street "c asa"
_STREET = re.compile(r"(?<![\w])en[ \t]+(?P<street>(?:(?:c|cl|calle|avda|av|pza|plaza|paseo|ctra)(?:\.[ \t]*|[ \t]+)|c/[ \t]*)"
                     r"[^\W\d_]+(?:[ \t]+[^\W\d_]+){0,3}?[ \t]+\d{1,4}(?![\d/:,.]\d)(?:[ \t]*(?:bajo|bj|ático|atico|\d{1,2}º?[ \t]?[a-z]?"
                     r"|izq|izda|dcha)(?![\w]))?)")
_SHIFT_DATE = re.compile(r"(?i)(?<![\w])(?:relevo|turno|guardia|noche|mañana|tarde)[ \t]+"
                         rf"(?P<date>{P.DAY}/{P.MONTH})(?![\d/])")
_VIRGIN = re.compile(r"(?i)(?<![\w])(?:del|al|el)[ \t]+(?P<name>(?:virgen|nuestra[ \t]+señora|ntra\.?[ \t]+sra\.?)"
                     r"(?:[ \t]+(?:de(?:l|[ \t]+la|[ \t]+las|[ \t]+los)?))?[ \t]+[^\W\d_]+)")
_PATIENT, _STAFF = "NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO"


def handover_candidates(text: str, lexicon: Lexicon) -> list[Candidate]:
    """Candidates of a lower-case handover's conventions (the Virgin's hospital and the shift's date in any note)."""
    out = [Candidate(m.start("name"), m.end("name"), "HOSPITAL", PATTERN) for m in _VIRGIN.finditer(text)]
    out += [Candidate(m.start("date"), m.end("date"), "FECHAS", PATTERN) for m in _SHIFT_DATE.finditer(text)]
    if body_layout(text) != LOWER and not typed_in_lower(text):
        return out

    def given(w: str) -> bool:
        return fold(w) not in _NOT_NAMES and len(w) >= 3 and lexicon.is_("first_name", w)

    def name_word(w: str) -> bool:
        f = fold(w)
        return f in SURNAME_ABBREVIATIONS or f not in _NOT_NAMES and len(w) >= 3 and (
            lexicon.is_("first_name", w) or lexicon.is_("surname", w))

    for m in _PATIENT_CUE.finditer(text):
        words = list(_WORD.finditer(text, m.end(), min(len(text), m.end() + 80)))
        run = []
        for w in words:
            if run and w.start() - run[-1].end() > 1 or not (name_word(w.group()) or run and fold(w.group()) in _PARTICLES):
                break
            if run and fold(run[-1].group()) in _PARTICLES and not lexicon.is_("surname", w.group()) \
                    or len(run) >= 2 and fold(run[-1].group()) in ("la", "el") and fold(run[-2].group()) not in _PARTICLES \
                    and lexicon.is_("first_name", w.group()):
                break  # "el idrissi" is a surname; "la charo", "la chema" a nickname after the name
            run.append(w)
        while run and fold(run[-1].group()) in _PARTICLES:
            run.pop()
        if sum(fold(w.group()) not in _PARTICLES for w in run) < 2 or run[0].start() != m.end():
            continue
        out.append(Candidate(run[0].start(), run[-1].end(), _PATIENT, STRUCTURED))
        nick = re.match(r"[ \t]+(?:la|el)[ \t]+([^\W\d_]+)(?![\w])", text[run[-1].end():])
        if nick and given(nick.group(1)):  # "pac rosario prieto sanz la charo"
            s = run[-1].end() + nick.start(1)
            out.append(Candidate(s, s + len(nick.group(1)), _PATIENT, STRUCTURED))
    for m in _HANDOVER.finditer(text):
        if given(m.group("a")) and given(m.group("b")):
            out += [Candidate(m.start(g), m.end(g), _STAFF, STRUCTURED) for g in ("a", "b")]
    for m in _STAFF_TITLE.finditer(text):
        if name_word(m.group("name")):
            end = m.end("more") if m.group("more") and fold(m.group("more")) not in _NOT_NAMES \
                and lexicon.is_("surname", m.group("more")) else m.end("name")
            out.append(Candidate(m.start("name"), end, _STAFF, STRUCTURED))
    for m in _BEFORE_ROLE.finditer(text):
        ws = list(_WORD.finditer(m.group("name")))
        if not given(ws[-1].group()):
            continue
        first = ws[0] if len(ws) == 2 and name_word(ws[0].group()) else ws[-1]
        out.append(Candidate(m.start("name") + first.start(), m.start("name") + ws[-1].end(), _STAFF, STRUCTURED))
    for m in _CENTRE.finditer(text):
        run = []
        for w in _WORD.finditer(m.group("name")):
            f = fold(w.group())
            if not (f in {"san", "santa", "sant", "virgen"} or f in _PARTICLES or name_word(w.group())
                    or lexicon.place_at([f]) == 1):
                break
            run.append(w)
        while run and fold(run[-1].group()) in _PARTICLES:
            run.pop()
        if run:
            out.append(Candidate(m.start(), m.start("name") + run[-1].end(), "CENTRO_SALUD", STRUCTURED))
    out += [Candidate(m.start("street"), m.end("street"), "CALLE", STRUCTURED) for m in _STREET.finditer(text)]
    return out
