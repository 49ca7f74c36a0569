"""Staff initials in capitals that a log signs with, and the same initials again wherever the log repeats them (round 23).

A session log, a dental record or a night chart signs each entry with the writer's initials in capitals, and says once
whose they are:

* a closing line of initials and the registration number, maybe with the role between (``TGR col. 28441``, ``PLM
  fisio col. NA-3301``);
* a role's word, then the initials closing the line (``enf MJR``, ``inf RBS``, ``triaje ALP``);
* in parentheses right after a staff name of one word, as a title names a doctor (``dr Olaizola (JO)``): the
  surname's first letter is among the initials (the given name's comes first, and the note leaves it out);
* round 24: in brackets with the day, opening a log's entry (``[IBE 06/05] revisado``); dotted lower-case initials
  opening a sign-off line before a dash and the role (``r.g.a. - enf estomaterapeuta``), whose staff number after
  ``mat.`` is an ``ID_EMPLEO``.

Once a note holds a staff member's initials (found so or by any other rule: ``enf Nuria Roig (NR)``), the same token
in capitals is that person wherever it recurs as a word of its own (``NR: cura hecha``, ``... sin incidencias. NR``);
not before a number (``TA 120/80`` stays a measure however a name's initials read) and never a clinical acronym.
"""
from __future__ import annotations

import re

from .common import PATTERN, STRUCTURED, Candidate
from .initials import _NOT_A_NAME
from .typed_sign_offs import _NOT_INITIALS as _LOWER_NOT_INITIALS

_STAFF = "NOMBRE_PERSONAL_SANITARIO"
_CAPS = r"[A-ZÁÉÍÓÚÑ]{2,4}"
_ROLE = r"(?:enf|inf|due|tcae|aux|fisio|fisiot|ts|psico|mir|matrona|celador[a]?|triaje|hig|higienista|odont[oó]log[oa]|fdo|firma)"
# "TGR col. 28441", "PLM fisio col. NA-3301", "ABC colegiada nº 2841"
_COL_LINE = re.compile(rf"(?m)^[ \t]*(?P<i>{_CAPS})(?:[ \t]+(?i:{_ROLE})\.?)?[ \t]+(?i:col(?:eg(?:iad[oa])?)?)\.?[ \t]*"
                       r"(?:(?i:n[ºo°])\.?[ \t]*)?:?[ \t]*[A-Z0-9][\w/.-]*\d[\w/.-]*[ \t]*$")
# "enf MJR", "triaje ALP" closing the line
_ROLE_LINE = re.compile(rf"(?m)(?:^|[.;][ \t]*)[ \t]*(?i:{_ROLE})\.?:?[ \t]+(?P<i>{_CAPS})[ \t]*$")
# round 24: a log entry opened by its writer's initials and the day in brackets ("[IBE 06/05] revisado con ...")
_BRACKET_ENTRY = re.compile(rf"(?m)^[ \t]*\[(?P<i>{_CAPS})[ \t]+\d{{1,2}}[/.-]\d{{1,2}}(?:[/.-]\d{{2,4}})?(?:[ \t]+\d{{1,2}}:\d{{2}})?\]")
# dotted lower-case initials opening a closing line before a dash and the role ("r.g.a. - enf estomaterapeuta")
_DOTTED_ROLE = re.compile(rf"(?m)^[ \t]*(?P<i>(?:[a-zñ]\.){{2,4}})[ \t]*[-–—,][ \t]*(?i:{_ROLE}|[a-z]*terapeuta|[a-z]{{3,}}log[oa])(?![\w])")
# a staff number after the role and "mat." on a sign-off ("enf estomaterapeuta mat. 30418")
_ROLE_NUMBER = re.compile(rf"(?i)(?<![\w])(?:{_ROLE}|[a-z]*terapeuta|[a-z]{{3,}}log[oa])\.?(?:[ \t]+[a-záéíóúñ]{{3,}}){{0,2}}[ \t]+"
                          r"mat(?:r[ií]cula)?\.?[ \t]*(?:n[ºo°]\.?[ \t]*)?(?P<n>\d{4,6})(?![\w/.,-])")
_PARENS = re.compile(r"[ \t]*\((?P<i>[A-ZÁÉÍÓÚÑ]{2,4})\)")
_CAPS_TOKEN = re.compile(rf"{_CAPS}")
#: capitals of clinical and administrative text, never taken for initials
NEVER = _NOT_A_NAME | {t.upper() for t in _LOWER_NOT_INITIALS} | {
    "EMS", "BA", "OK", "RASS", "IOT", "VMC", "AC", "GAB", "VVC", "HC", "PMM", "MC", "EF", "MV", "PL", "SF", "INR",
    "TAS", "TAD", "SAT", "SRO", "GN", "CEX", "ECO", "ABD", "NIS", "DNI", "NIE", "NHC", "CIP", "SIP", "TIS", "IQ", "LCA",
    "DVA", "IBAN", "CIF", "UCI", "URG", "TEP", "SUC", "PADES", "SMS", "OUT", "IN", "AA", "AAS", "HGU", "CS", "CP",
}


def _may_be_initials(token: str) -> bool:
    return token not in NEVER


def staff_initial_candidates(text: str) -> list[Candidate]:
    """Initials in capitals on a closing line with the registration number or after a role's word."""
    out = [Candidate(m.start("i"), m.end("i"), _STAFF, STRUCTURED) for rx in (_COL_LINE, _ROLE_LINE, _BRACKET_ENTRY, _DOTTED_ROLE)
           for m in rx.finditer(text) if _may_be_initials(m.group("i"))]
    return out + [Candidate(m.start("n"), m.end("n"), "ID_EMPLEO_PERSONAL_SANITARIO", STRUCTURED) for m in _ROLE_NUMBER.finditer(text)]


def staff_initials_again(text: str, cands: list[Candidate]) -> list[Candidate]:
    """Initials in parentheses after a one-word staff name that holds their letter (``dr Olaizola (JO)``), and every
    staff token of two to four capitals found again as a word of its own, not before a number."""
    out: list[Candidate] = []
    for c in cands:
        if c.label != _STAFF or " " in text[c.start:c.end].strip() or not text[c.start:c.start + 1].isupper():
            continue
        m = _PARENS.match(text, c.end)
        if m and text[c.start] in m.group("i")[1:] and _may_be_initials(m.group("i")):
            out.append(Candidate(m.start("i"), m.end("i"), _STAFF, STRUCTURED))
    tokens = {text[c.start:c.end] for c in [*cands, *out] if c.label == _STAFF}
    tokens = {t for t in tokens if _CAPS_TOKEN.fullmatch(t) and _may_be_initials(t)}
    for t in sorted(tokens):
        rx = re.compile(rf"(?<![\w./-]){re.escape(t)}(?![\w/-])(?![ \t]*\d)")
        out += [Candidate(m.start(), m.end(), _STAFF, PATTERN) for m in rx.finditer(text)]
    return out
