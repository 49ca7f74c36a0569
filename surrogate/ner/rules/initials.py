"""A person's initials written again elsewhere in the note: ``Julia Hernández-Pastor`` ... ``(JHP)``,
``Valdivieso Núñez, Rocío`` ... ``— R.V.`` (a sign-off, an audit trail's author).

The initials are those of a name another detector found: the given name's and the first surname's, and the
given name's and both surnames'; particles are skipped and a hyphenated surname gives one letter per part.
Written with periods (``R.V.``, ``R. V. N.``) they may be two letters; run together (``JHP``) they must be three
or four, and no clinical acronym.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from ..tokenize import find_phrases
from .common import NAME_PARTICLES, PATTERN, STRUCTURED, Candidate
from .identifiers import _NOT_PLATE
from .signatures import _NOT_INITIALS

# abbreviations of clinical text that could be someone's initials: never taken for them
_NOT_A_NAME = _NOT_PLATE | _NOT_INITIALS | {"MI", "HC", "DR", "SR", "PA", "TA", "FC", "FR", "EE", "UU", "SS", "IV", "IM", "VO", "SC"}

_NAME_LABELS = frozenset({"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO"})
_WORD = re.compile(r"[^\W\d_]+")


def _letters(name: str) -> list[str]:
    """The initial of each name word, given name first (``Surnames, Given`` is turned round)."""
    if "," in name:
        surnames, given = name.split(",", 1)
        name = f"{given} {surnames}"
    # "M.ª Carmen": the ordinal sign of an abbreviated "María" is no word of its own
    words = [w for w in _WORD.findall(name) if w.lower() not in NAME_PARTICLES and w not in ("ª", "º")]
    if any(not w[0].isupper() for w in words):
        return []
    return [w[0] for w in words]


def variants(name: str) -> set[str]:
    """The ways of writing the initials of ``name`` that are looked for."""
    letters = _letters(name)
    out: set[str] = set()
    if len(letters) < 2 or len(letters) > 5:
        return out
    for k in {2, 3, len(letters)}:
        part = letters[:k]
        if k > len(letters) or "".join(part) in _NOT_A_NAME:
            continue
        out.add(".".join(part) + ".")
        out.add(". ".join(part) + ".")
        if k >= 3:
            out.add("".join(part))
    return out


def initials_of_names(text: str, cands: list[Candidate]) -> list[Candidate]:
    """Initials of the note's person names wherever they occur as a whole token run."""
    wanted: dict[str, str] = {}
    for c in cands:
        if c.label in _NAME_LABELS and c.end - c.start >= 5:
            for v in variants(text[c.start:c.end]):
                wanted.setdefault(v, c.label)
    out = []
    for s, e, v in find_phrases(text, wanted):
        if v.endswith(".") or not (text[e:e + 1].isalpha() or text[s - 1:s].isalpha()):
            out.append(Candidate(s, e, wanted[v], PATTERN))
    return out


# a legend of initials: "MGS = M. García Sanz", "ACR: Ana Cuesta Rey", "(JLP) José Luis Paz"
_LEGEND_KEY = re.compile(r"(?<![\w.])(?:(?P<key>[A-ZÁÉÍÓÚÑ]{2,4})[ \t]*(?:=|:|–|-)|\((?P<pkey>[A-ZÁÉÍÓÚÑ]{2,4})\))[ \t]*(?=[A-ZÁÉÍÓÚÑ])")


def legend_names(text: str, grab: Callable[[str, int, int], tuple[int, int] | None],
                 surname: Callable[[str], bool]) -> list[Candidate]:
    """A legend that resolves staff initials (the initials sign a table's rows): the name is taken when its
    letters spell the initials and its last word is a known surname (not "EPOC = Enfermedad Pulmonar ..."); the
    initials then count as one of the note's names (:func:`initials_of_names`)."""
    out = []
    for m in _LEGEND_KEY.finditer(text):
        key = m.group("key") or m.group("pkey")
        span = grab(text, m.end(), min(len(text), m.end() + 60))
        words = _WORD.findall(text[span[0]:span[1]]) if span else []
        if span and key in variants(text[span[0]:span[1]]) and key not in _NOT_A_NAME and surname(words[-1]):
            out.append(Candidate(span[0], span[1], "NOMBRE_PERSONAL_SANITARIO", STRUCTURED))
            out.append(Candidate(m.start("key" if m.group("key") else "pkey"), m.end("key" if m.group("key") else "pkey"),
                                 "NOMBRE_PERSONAL_SANITARIO", STRUCTURED))
    return out


# an initial before a surname of the note: "ANDRZEJ KOWALCZYK-NOWAK" ... "el interno A. KOWALCZYK-NOWAK"
_INITIAL_BEFORE = re.compile(r"(?<![\w.])(?:[A-ZÁÉÍÓÚÑ]\.[ \t]?){1,2}$")


def initialled_surnames(text: str, cands: list[Candidate], common: frozenset[str]) -> list[Candidate]:
    """A name's surname(s) written again after an initial (``A. KOWALCZYK-NOWAK``, ``M. Okafor``): the initial
    and the surname are one span. ``common`` holds folded surnames that are also common words (never taken alone)."""
    wanted: dict[str, str] = {}
    for c in cands:
        words = text[c.start:c.end].split()
        if c.label not in _NAME_LABELS or len(words) < 2 or "," in text[c.start:c.end] or words[0].endswith("."):
            continue
        for sur in {words[-1], " ".join(words[1:]), words[1]}:
            if len(sur) >= 4 and sur[0].isupper() and _WORD.match(sur) and sur.lower() not in common and sur.lower() not in NAME_PARTICLES:
                wanted.setdefault(sur, c.label)
    out = []
    for s, e, v in find_phrases(text, wanted):
        m = _INITIAL_BEFORE.search(text, max(0, s - 8), s)
        if m and not text[e:e + 1].isalpha():
            out.append(Candidate(m.start(), e, wanted[v], PATTERN))
    return out


# a letter's reference line: the writer's initials, then the typist's in lower case ("Ref.: PJMC/mgl", "N/Ref. AGS/rl")
_REFERENCE = re.compile(  # a line of its own
    r"(?m:^)[ \t]*(?:[NS]/[ \t]?)?(?i:ref(?:erencia)?)(?![^\W\d_])\.?[ \t]*:?[ \t]*(?P<writer>[A-ZÁÉÍÓÚÑ]{2,5})"
    r"(?:/(?P<typist>[a-zñ]{2,4}))?[ \t]*$"
)
# initials closing a line after a dash: "Residente: Marcos Pintado (MIR-2 MFyC) — MPR"
_SIGN_OFF = re.compile(r"[—–-][ \t]*([A-ZÁÉÍÓÚÑ]{2,4})[ \t]*$", re.MULTILINE)


def reference_initials(text: str) -> list[Candidate]:
    """The writer's and the typist's initials of a letter's reference line: both are staff."""
    out = []
    for m in _REFERENCE.finditer(text):
        if m.group("writer") in _NOT_A_NAME:
            continue
        for group in ("writer", "typist"):
            if m.group(group):
                out.append(Candidate(m.start(group), m.end(group), "NOMBRE_PERSONAL_SANITARIO", PATTERN))
    return out


def sign_off_initials(text: str, cands: list[Candidate]) -> list[Candidate]:
    """Initials after a dash at the end of a line that names a person, when they start with that name's letters
    (a second surname the line leaves out may add one): ``Marcos Pintado (MIR-2) — MPR``."""
    out = []
    for m in _SIGN_OFF.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        initials = m.group(1)
        for c in cands:
            if c.label in _NAME_LABELS and line_start <= c.start and c.end <= m.start() and initials not in _NOT_A_NAME:
                letters = "".join(_letters(text[c.start:c.end]))
                if len(letters) >= 2 and initials.startswith(letters[:2]) and len(initials) <= len(letters) + 1:
                    out.append(Candidate(m.start(1), m.end(1), c.label, PATTERN))
                    break
    return out
