"""Care staff named after their role's word or its abbreviation, in a note of any case.

Social work, liaison nursing, theatre and home-care notes name their staff by role, often abbreviated and with no
title (``TS: Covadonga Fdez. Menéndez``, ``TS municipal Iván Rguez``, ``enf. enlace Rosa``, ``inf. Montse Puig``,
``circulante: Pablo S.``, ``trabajo social ana m.``). After such a role a name is read as a run: a known given name
first (a common word too when capitalised: ``Rosa``), then known given names or surnames, a surname as wards abbreviate
it (``Fdez.``, ``Rguez``), particles, and at most one initial to close it. In a note typed in lower case the given name
must be no ordinary word.

Also, in any note: a transcriber's initials (``transcrito por mpr``), and a staff name's initials in parentheses right
after it, as a triage log signs (``enf triaje: mª jose (MJP)``: the initials start with the name's first letter).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import STRUCTURED, Candidate
from .staff_initials import NEVER as _CLINICAL_CAPITALS  # "dr Ugarte (UCI)": a unit, no initials (round 23)

_STAFF = "NOMBRE_PERSONAL_SANITARIO"
# surnames as a ward or an office abbreviates them
SURNAME_ABBREVIATIONS = frozenset({
    "fdez", "fdz", "fndez", "glez", "gzlez", "gonz", "rguez", "rodz", "rdguez", "hdez", "hdz", "hndez", "mtnez", "mtz",
    "mrtnez", "gcia", "sdez", "snchez", "lpez", "jmnez", "jimz", "alvz", "dguez", "dmguez", "mguez", "vzquez", "vqz",
    "gtrrez", "gtez",
})
_ROLE = re.compile(
    r"(?<![\w.])(?:(?-i:TS|T\.[ \t]?S\.|UTS)|t\.[ \t]?social|trabajador[ao][ \t]+social|trabajo[ \t]+social|treballador[ao][ \t]+social|"
    r"traballador[ao][ \t]+social|enf(?:ermer[ao])?\.?[ \t]+(?:de[ \t]+)?enlace|infermer[ao][ \t]+(?:d['’])?enlla[çc]|gestor[ao][ \t]+de[ \t]+casos|"
    r"(?-i:inf|Inf)\.|circulante|instrumentista|anestesista|ayudante|fisioterapeuta|educador[ao][ \t]+social|psic[oó]log[oa]|"
    r"auxiliar[ \t]+de[ \t]+ayuda[ \t]+a[ \t]+domicilio|trabajadora[ \t]+familiar|"
    r"(?:enf(?:ermer[ao])?\.?[ \t]+(?:de[ \t]+)?)?triaje|higienista)"  # round 23: "triaje Elena R. (ERS)"
    r"(?:[ \t]+(?:municipal|de[ \t]+zona|del[ \t]+centro|de[ \t]+referencia|de[ \t]+guardia))?[ \t]*:?[ \t]*", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)?")
_PARTICLES = frozenset({"de", "del", "la", "las", "los", "y", "i"})
_INITIAL = re.compile(r"[^\W\d_]\.(?:[ \t]?[^\W\d_]\.)?(?![\w])")
# "transcrito por mpr", "mecanografiado por: JLG"
_TRANSCRIBER = re.compile(r"(?i)(?<![\w])(?:transcrit[oa]|mecanografiad[oa]|dictad[oa]|tecleado)[ \t]+por[ \t]*:?[ \t]*"
                          r"(?P<i>[^\W\d_]{2,4})(?![\w])")
_PARENS_INITIALS = re.compile(r"[ \t]*\((?P<i>[A-ZÁÉÍÓÚÑ]{2,4})\)")
_VOWELS = set("aeiouáéíóú")


def staff_role_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    """Staff names after a role (see the module docstring); ``stop`` holds ordinary words the census lists hold as
    names, ``function_words`` the language's own small words."""
    lower_note = sum(c.isupper() for c in text) < 0.02 * max(1, sum(c.isalpha() for c in text))

    def given(w: str) -> bool:
        f = fold(w)
        if len(w) < 3 or f in function_words or not lexicon.is_("first_name", w):
            return False
        return f not in stop or w[0].isupper() and not lower_note

    def surname(w: str) -> bool:
        f = fold(w.rstrip("."))
        return f in SURNAME_ABBREVIATIONS or len(w) >= 3 and f not in function_words and (
            lexicon.is_("surname", w) or lexicon.is_("first_name", w)) and (f not in stop or w[0].isupper())

    out: list[Candidate] = []
    for m in _ROLE.finditer(text):
        at, end = m.end(), None
        first = _WORD.match(text, at)
        if not first or not given(first.group()) or "\n" in text[m.start():at]:
            continue
        end = at = first.end()
        while True:
            gap = re.match(r"[ \t]+", text[at:])
            if not gap:
                break
            nxt = at + gap.end()
            ini = _INITIAL.match(text, nxt)
            if ini:
                end = ini.end()
                break
            w = _WORD.match(text, nxt)
            if not w:
                break
            word = w.group()
            if fold(word) in _PARTICLES and (n := re.match(r"[ \t]+([^\W\d_]+)", text[w.end():])) and surname(n.group(1)):
                at = w.end()
                continue
            if not surname(word) or word[0].isupper() != first.group()[0].isupper():
                break
            end = at = w.end() + (1 if text.startswith(".", w.end()) and fold(word) in SURNAME_ABBREVIATIONS else 0)
        out.append(Candidate(m.end(), end, _STAFF, STRUCTURED))
    for m in _TRANSCRIBER.finditer(text):
        i = m.group("i")
        if fold(i) not in function_words and (not (_VOWELS & set(i.lower())) or i.isupper()):
            out.append(Candidate(m.start("i"), m.end("i"), _STAFF, STRUCTURED))
    return out


def initials_after_staff(text: str, cands: list[Candidate]) -> list[Candidate]:
    """A staff name's initials in parentheses right after it, starting with the name's first letter: ``mª jose
    (MJP)``."""
    out = []
    for c in cands:
        if c.label != _STAFF:
            continue
        m = _PARENS_INITIALS.match(text, c.end)
        if m and fold(m.group("i")[0]) == fold(text[c.start]) and m.group("i") not in _CLINICAL_CAPITALS:
            out.append(Candidate(m.start("i"), m.end("i"), _STAFF, STRUCTURED))
    return out
