"""Dates, the patient's age and sex as a record or a log typed fast writes them.

A session sheet, a shift log or a record's header typed in a hurry leaves out the year, the unit and the field names:
``ses 2 - 11/9 - denominacion …``, ``11-12 turno noche``, ``30/9 - enf mercedes: …``, ``ecg marzo``, ``revaluar
mediados oct``, ``cambiado el dia 4``, ``pte: ibarra goikoetxea miren  58 a  sexo M  hc …``, ``nhc 4410927  67a v``,
``fnac 11/01/1979 (45)``, ``2º ddv``. Read here, in any note:

* a day and month (no year) at a log line's start, or after a session's number (``ses 4 -``), before a dash, a colon,
  a shift or a time;
* a month's name written in lower case, alone (``ecg marzo``: a writer who names a person capitalises the name, and
  ``Julio`` or ``Mayo`` stay names), not opening its clause unless it heads a log's line (``septiembre - llama``); with ``mediados``/``principios``/``finales`` before it, one span with it; a
  month's abbreviation only after such a word or after ``desde``/``hasta``;
* ``el dia 4`` typed without its accent: the day alone, after its article, when no month follows and no ``en``/``desde``
  before it (``en el día 12`` counts a stay's days);
* the patient's age in short (``58 a``, ``67a``, ``8 años``, ``34 anys``, ``58 anos``) as a field of a record's line
  (set apart by a column gap, or closing the line) on a line that names the patient or an identifier, no relative;
  an age in parentheses right after the date of birth; a newborn's days of life (``2º ddv``, ``3 ddv``);
* the sex next to such an age (``67a v``, ``eusebio V 79 a.``, ``home 58 anos``), or after ``sexo`` (``sexo M``).
"""
from __future__ import annotations

import re

from . import patterns as P
from .common import GAZETTEER, PATTERN, STRUCTURED, Candidate

_DATE, _AGE, _SEX = "FECHAS", "EDAD_SUJETO_ASISTENCIA", "SEXO_SUJETO_ASISTENCIA"
_SHIFTS = r"mañana|manana|mñn|tarde|noche|turno|nit|tarda|mati|matí|manha|noite"
# "ses 2 - 11/9 - …", "11-12 turno noche", "30/9 - enf mercedes:", "ses 4 - 16-9 9:15"
_LOG_DAY = re.compile(rf"(?mi)^[ \t\-*·]*(?:[^\W\d_]{{2,8}}\.?[ \t]*\d{{1,3}}[ \t]+[-–][ \t]+)?(?P<d>{P.DAY_MONTH})"
                      rf"(?=[ \t]+[-–][ \t]|[ \t]*:[ \t]|[ \t]+(?:{_SHIFTS})(?![\w])|[ \t]+\d{{1,2}}[:.h]\d{{2}})")
_MONTHS = r"enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre"
_MONTH_ABBR = r"ene|feb|abr|jun|jul|ago|sept?|oct|nov|dic"
_PART = r"mediados|principios|finales|primeros|últimos|ultimos"
_LOWER_MONTH = re.compile(rf"(?<![\w/.-])(?P<p>(?:{_PART})[ \t]+(?:de[ \t]+)?)?(?P<m>{_MONTHS}|{_MONTH_ABBR})\.?(?![\w])")
_NUMBER_BEFORE = re.compile(r"\d[ \t]*(?:de[ \t]+|del[ \t]+|[/.-])?$")
_EVERY_BEFORE = re.compile(r"(?i)(?:cada|todos[ \t]+los|tódolos|todolos|cada[ \t]+mes[ \t]+de)[ \t]+$")  # a recurring month
# a month opening its clause is talked about ("; marzo fue buen mes"), unless it heads a log's line ("septiembre - llama")
_CLAUSE_START = re.compile(r"(?:^|[.;:!?])[ \t]*$", re.MULTILINE)
_SLOT_AFTER = re.compile(r"[ \t]*[-–:]")
_NUMBER_AFTER = re.compile(r"\.?[ \t]*(?:de[ \t]+|del[ \t]+|[/.-])?[ \t]*\d")
# typed fast, with no accent ("cambiado el dia 4"); "en el día 12", "desde el día 30" count a stay's days
_ARTICLE_DAY = re.compile(rf"(?<![\w])(?<!en )(?<!desde )(?<!hasta )(?:el|del|al)[ \t]+(?P<d>dia[ \t]+{P.DAY})"
                          r"(?![\w/.:,-]|[ \t]+(?:de|del|d['’]|post|tras|despu))")
_SHORT_AGE = r"\d{1,3}[ \t]?(?:a\.?|años|anys|anos)(?![\w])"
# a record's line: it names the patient or holds an identifier
_RECORD_LINE = re.compile(rf"(?i)(?<![\w])(?:{P.PATIENT_CUE_WORDS}|pacient|interno|alumn[oa]|usuari[oa]|nhc|hc|dni|nie|cip|cipa|sip|tsi|nss|nuss|naf)(?![\w])")
_KIN = re.compile(r"(?i)(?<![\w])(?:madre|padre|hij[oa]s?|herman[oa]s?|espos[oa]|marido|mujer|abuel[oa]s?|mare|pare|fill[ao]?|pai|nai|muller)(?![\w])")
_FIELD_AGE = re.compile(rf"(?:(?<=[ \t]{{2}})|(?<=\t)|(?<=^))(?P<a>{_SHORT_AGE})(?=[ \t]{{2}}|[ \t]*$|[ \t]+[vVhHmM](?![\w]))", re.MULTILINE)
_AGE_AFTER_BIRTH = re.compile(r"(?i)(?<![\w])(?:fnac|f\.[ \t]?nac\.?|f[ \t]nac|fecha[ \t]+(?:de[ \t]+)?nac(?:imiento)?\.?|nacid[oa][ \t]+el)"
                              rf"[ \t]*:?[ \t]*{P.DIGITS_DAY_MONTH}[/.-]\d{{2,4}}[ \t]*\([ \t]*(?P<a>\d{{1,3}}(?:[ \t]?(?:a|años|anys|anos)\.?)?)[ \t]*\)")
_DAYS_OF_LIFE = re.compile(r"(?i)(?<![\w])(?P<a>\d{1,2}[ºª]?[ \t]?(?:ddv|dv))(?![\w])")
_SEX_NEXT = re.compile(rf"(?<![\w])(?P<s>[vVhHmM]|home|dona|muller|mujer|hombre|var[oó]n)[ \t]+(?={_SHORT_AGE})|"
                       rf"(?<=\d)(?:[ \t]?(?:a\.?|años|anys|anos))[ \t]+(?P<t>[vVhHmM])(?![\w])")
_SEX_FIELD = re.compile(r"(?i)(?<![\w])sexo[ \t]*:?[ \t]*(?P<s>(?-i:[MFVHmfvh])|mujer|hombre|var[oó]n|femenino|masculino)(?![\w.])")


def typed_record_candidates(text: str) -> list[Candidate]:
    """Dates, ages and the sex of a record or a log typed fast (see the module docstring)."""
    out = [Candidate(m.start("d"), m.end("d"), _DATE, STRUCTURED) for m in _LOG_DAY.finditer(text)]
    for m in _LOWER_MONTH.finditer(text):
        word = m.group("m")
        full = re.fullmatch(_MONTHS, word) is not None
        if not word.islower() or not full and not (m.group("p") or text[max(0, m.start() - 6):m.start()].rstrip().endswith(("desde", "hasta"))):
            continue
        if _NUMBER_BEFORE.search(text, max(0, m.start() - 8), m.start()) or _NUMBER_AFTER.match(text, m.end()) \
                or _EVERY_BEFORE.search(text, max(0, m.start() - 12), m.start()) \
                or _CLAUSE_START.search(text, max(0, m.start() - 4), m.start()) and not _SLOT_AFTER.match(text, m.end()):
            continue  # a whole date's ("12 de octubre", "marzo 2023") or a hospital's ("h 12 octubre"): not the month's alone
        out.append(Candidate(m.start(), m.end("m"), _DATE, GAZETTEER))  # the weakest: any longer reading wins
    out += [Candidate(m.start("d"), m.end("d"), _DATE, GAZETTEER) for m in _ARTICLE_DAY.finditer(text)]
    ages = []
    for ls, le in _lines(text):
        line = text[ls:le]
        cue = _RECORD_LINE.search(line)
        if not cue:
            continue
        for m in _FIELD_AGE.finditer(line):
            if not _KIN.search(line, 0, m.start()):
                ages.append((ls + m.start("a"), ls + m.end("a")))
                break
    ages += [m.span("a") for rx in (_AGE_AFTER_BIRTH, _DAYS_OF_LIFE) for m in rx.finditer(text)]
    out += [Candidate(s, e, _AGE, PATTERN) for s, e in ages]  # an age read in full elsewhere ("(78 años)") wins
    for m in _SEX_NEXT.finditer(text):
        g = "s" if m.group("s") else "t"
        ls = text.rfind("\n", 0, m.start()) + 1
        le = text.find("\n", m.end())
        line = text[ls:le if le >= 0 else len(text)]
        if _RECORD_LINE.search(line) and not _KIN.search(text, ls, m.start()):
            out.append(Candidate(m.start(g), m.end(g), _SEX, STRUCTURED))
    out += [Candidate(m.start("s"), m.end("s"), _SEX, STRUCTURED) for m in _SEX_FIELD.finditer(text)]
    return out


def _lines(text: str) -> list[tuple[int, int]]:
    out, at = [], 0
    for line in text.split("\n"):
        out.append((at, at + len(line)))
        at += len(line) + 1
    return out
