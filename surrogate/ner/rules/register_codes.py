"""Codes of registers, permits and custody books that only their cue makes identifiers (round 27).

Written ``folio 0338``, ``celda C-4``, ``Atestado nº 11.482/24``, ``indicativo ZETA-31``, ``bolsa B-0338``,
``OT nº 24-1187``, ``nº inventario PR-062``, ``licencia VT-117``, ``albarán 9023 4417 8810``, ``Exp. SAUSS
47-186-2291``, ``cod. caz AMIR-LP-0392``, ``acreditación CH-BU-032``, ``Ordem dos Médicos nº 48217``,
``unitats=BUL 23 · UNP 11``, ``taquilla 140``; and a bare ``nº`` (maybe after a few words and a colon: ``Nº
autorización ruta: AUT-TE-2291``) before a code of capitals, a dash and digits (``nº BQ-0061``, ``nº DCO-0119``),
a shape no clinical count takes. A code in brackets right after a person found elsewhere is that person's number
(``cap Xavier Soler (B-2217)``), and a code after a bare ``nº`` right after a staff member's name is her number
(``Íñigo Sáez de Ugarte nº DCO-0119``).

:mod:`.cued_numbers` holds the older cues; these need their own shapes (a short code like ``T-09`` or ``C-4``
is an identifier only after its cue), hence a module of their own.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from .common import PATTERN, STRUCTURED, Candidate

_OTHER, _STAFF, _DEGREE = "OTRO_NUMERO_IDENTIF", "ID_EMPLEO_PERSONAL_SANITARIO", "ID_TITULACION_PERSONAL_SANITARIO"
_NO = r"(?:n[ºo°]\.?|n\.[ºo°]|n[uú]m\.?|n[uú]mero)"
# capitals joined by dashes, then digits: "B-0338", "AM-BA-1187", "ZETA-31", "T-09"; also "BUL 23" (a unit)
_LETTERS = r"(?-i:[A-Z]{1,6}(?:-[A-Z]{1,6}){0,2}-\d{1,8}(?:[-/]\d{1,6})?)"
_SPACED_UNIT = r"(?-i:[A-Z]{2,5}[ ]\d{1,4})"
# digits grouped by dots, dashes, slashes or single spaces: "0338", "11.482/24", "47-186-2291", "9023 4417 8810"
_DIGITS = r"\d{1,6}(?:[./-]\d{1,6}){0,3}(?:[ ]\d{3,5}){0,3}"
_CODE_END = r"(?![\w/-]|[.,]\d)"
_ANY = rf"(?:{_LETTERS}|{_DIGITS})"

# (cue, shape of the code after it, label, fewest digits)
_CUES: tuple[tuple[str, str, str, int], ...] = (
    # a custody book: the sheet, the cell, the police report, the patrol's call sign, the sealed bag of belongings
    (r"folio", _DIGITS, _OTHER, 3),
    (r"celda|cel·la|calabozo", _LETTERS, _OTHER, 1),  # ("celda 214" of a prison's ward: no one's)
    (r"atestado|atestat|diligencias(?:[ \t]+policiales)?", _ANY, _OTHER, 3),
    (r"indicativo|indicatiu|call[ \t]?sign", rf"(?:{_LETTERS}|{_SPACED_UNIT})", _OTHER, 1),
    (r"bolsa(?:[ \t]+de[ \t]+(?:pertenencias|efectos|objetos))?|bossa", _LETTERS, _OTHER, 3),
    # a workshop's order, an inventory's item, a taxi's or a hunt's licence, a courier's delivery note, a file
    (r"(?-i:OT)|orden[ \t]+de[ \t]+trabajo|ordre[ \t]+de[ \t]+treball", _ANY, _OTHER, 3),
    (rf"(?:{_NO}[ \t]*(?:de[ \t]+)?)?inventario|inventari", _ANY, _OTHER, 3),
    (r"licencia|llic[eè]ncia|licen[cs]e", rf"(?:{_LETTERS}|\d{{3,8}})", _OTHER, 2),
    (r"albar[aá]n|albar[aà]", _ANY, _OTHER, 6),
    (r"exp(?:ediente)?\.?(?:[ \t]+(?-i:[A-Z]{2,8})(?![\w-]))?", rf"(?:{_LETTERS}|\d{{1,6}}[-/]\d{{1,6}}(?:[-/]\d{{1,6}})?)", _OTHER, 5),
    (r"c[oó]d\.?(?:igo)?(?:[ \t]+[a-z]{2,6}\.?)?", r"(?-i:[A-Z]{2,6}(?:-[A-Z]{1,6}){0,2}-\d{3,8})", _OTHER, 3),
    # a worker's accreditation or number typed short ("nº emp. T-09": a short code after its cue)
    (r"acreditaci[oó]n?|acreditaci[oó]|accreditation", _ANY, _STAFF, 2),
    (rf"{_NO}[ \t]*emp(?:l|leado)?\.?", _LETTERS, _STAFF, 2),
    # a doctor's number at a foreign medical council ("Ordem dos Médicos nº 48217", "Ordre des médecins n° 75/12345")
    (r"ordem[ \t]+dos[ \t]+m[eé]dicos|ordre[ \t]+des[ \t]+m[eé]decins|ordine[ \t]+dei[ \t]+medici|GMC|[ÄA]rztekammer",
     rf"(?:\d{{4,8}}|\d{{2,3}}/\d{{3,8}})", _DEGREE, 4),
    # a hunter's stand in a hunt's line-up ("postura nº 14")
    (r"postura", r"\d{1,3}", _OTHER, 1),
    # a locker or a bracelet of a changing room
    (r"taquilla|locker|casillero", rf"(?:{_LETTERS}|\d{{1,4}})", _OTHER, 1),
    (r"pulsera|polsera|wristband", _LETTERS, _OTHER, 2),
    # an emergency service's unit: "SEM unitat B-1204", "unitats=BUL 23"
    # (two digits or more: an ambulance's "Unidad: SVA-3" names the kind of unit, not one)
    (r"unitats?|unidad(?:es)?|unidades|units?", rf"(?:{_LETTERS}|{_SPACED_UNIT})", _OTHER, 2),
)
_CUED = [(re.compile(rf"(?i)(?<![\w])(?:{cue})[ \t]*(?:{_NO}[ \t]*)?[:=]?[ \t]*(?P<code>{shape}){_CODE_END}"), label, least)
         for cue, shape, label, least in _CUES]
_UNIT = _CUED[-1][0]  # (last in _CUES) a unit's cue heads a list of units
# more items of a list after a unit ("BUL 23 (2356 FDX) · UNP 11"): a separator, maybe after a remark in brackets
_MORE = re.compile(rf"(?:[ \t]*\([^()\n]{{1,20}}\))?[ \t]*(?:[·,;/]|[ \t]y|[ \t]i)[ \t]*(?P<code>{_LETTERS}|{_SPACED_UNIT}){_CODE_END}")
# a bare "nº" (maybe after up to three words and a colon) before capitals, a dash and two digits or more
_BARE = re.compile(rf"(?i)(?<![\w]){_NO}(?:[ \t]+[^\W\d_]{{2,15}}(?=[ \t:])){{0,3}}[ \t]*:?[ \t]*"
                   rf"(?P<code>(?-i:[A-Z]{{1,6}}(?:-[A-Z]{{1,6}}){{0,2}}-\d{{2,8}}(?:[-/]\d{{1,6}})?)){_CODE_END}")
# a code in brackets right after a name: "Xavier Soler (B-2217)"
_BRACKETED = re.compile(r"[ \t]*\((?P<code>(?-i:[A-Z]{1,3})-?\d{3,6})\)")
# a staff member's number after a bare "nº" right after the name: "DCO: Íñigo Sáez de Ugarte nº DCO-0119"
_STAFF_NUMBER = re.compile(rf"[ \t]*,?[ \t]*{_NO}[ \t]*:?[ \t]*(?P<code>(?-i:[A-Z]{{1,6}})-?\d{{2,8}}){_CODE_END}")
_NAMES = {"NOMBRE_PERSONAL_SANITARIO": _STAFF, "NOMBRE_SUJETO_ASISTENCIA": _OTHER, "FAMILIARES_SUJETO_ASISTENCIA": _OTHER}


def register_code_candidates(text: str) -> list[Candidate]:
    """The codes named by a register's, a permit's or a unit's cue in ``text``."""
    out = []
    for rx, label, least in _CUED:
        for m in rx.finditer(text):
            if sum(c.isdigit() for c in m.group("code")) < least:
                continue
            out.append(Candidate(m.start("code"), m.end("code"), label, STRUCTURED))
            end = m.end("code")
            while rx is _UNIT and (more := _MORE.match(text, end)):
                out.append(Candidate(more.start("code"), more.end("code"), label, STRUCTURED))
                end = more.end("code")
    # a bare "nº" is the weakest cue: a field's own key read elsewhere ("Núm. història clínica HC-...") labels it better
    out += [Candidate(m.start("code"), m.end("code"), _OTHER, PATTERN) for m in _BARE.finditer(text)]
    return out


def codes_after_names(text: str, cands: Iterable[Candidate]) -> list[Candidate]:
    """A code in brackets right after a person's name: the staff member's number, else another identifier."""
    out = []
    for c in cands:
        if c.label in _NAMES and (m := _BRACKETED.match(text, c.end)):
            out.append(Candidate(m.start("code"), m.end("code"), _NAMES[c.label], STRUCTURED))
        elif c.label == "NOMBRE_PERSONAL_SANITARIO" and (m := _STAFF_NUMBER.match(text, c.end)):
            out.append(Candidate(m.start("code"), m.end("code"), _STAFF, STRUCTURED))
    return out
