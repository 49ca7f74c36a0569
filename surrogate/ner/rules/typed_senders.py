"""Who writes, signs or is talked about in a chat, a session log or a roll call typed fast.

A chat pasted into the chart, a physio's session log, a handover by beds and a triage log typed in a hurry name
people in places the other readers do not look: ``[10/3/25 22:14] ana r.: ok``, ``s2 mar 18 nico: mejor``, ``s3 21/2
rfc (sustituye): no acude``, a note closed by its writer's initials alone (``tgm``, ``ppl 8:05``, ``FIRMA LMR``,
``firma tgm / abc``, ``- lrb``), ``402-1 concha de la fuente (...)``, ``luis mateo ibarra nhc 4410927``, ``sofia el
idrissi 31a nie …``, ``(le dicen pepin)``. Read here, in any note:

* the sender of a chat line (two such lines at least): a known given name and what :class:`typed_persons._Reader`
  reads after it (surnames, an initial), after a bracketed date and time and before a colon; a role's tag between
  the name and the colon (``pablo hemo LP:``, ``marta ucic:``) stays outside;
* the writer of a log's line: after a session's number and/or a weekday, a day, perhaps a time, the name (a known
  given name) or the initials (two to four letters) before a colon, perhaps with a note in parentheses first;
* initials alone on the note's last line (perhaps with a day and a time after them), initials after ``firma``,
  ``fdo``, ``signat``, ``signa`` (two with a slash between), initials after a dash closing the note's last line or
  closing a line after a date (``… 11/3/25 - mjl]``); never a word a note uses (``ok``, ``alta``, ``rx``);
* a staff name before ``(eir)``, ``(apoyo)``, ``(refuerzo)``, or before a role's word and a collegiate number
  (``luis soto fisio col 28/1234``); a name after ``medico``, ``tes``, ``farm`` in a team's list;
* the patient: a known given name and surnames (particles and one last unknown word after a particle allowed) right
  before an identifier's cue (``nhc``, ``cipa``, ``nie`` …), perhaps with the age between, or before an age and the
  sex; the same after a bed's code at a line's start before a parenthesis; a nickname after ``le dicen``/``le
  llaman`` in parentheses.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, STRUCTURED, Candidate, last_line
from .typed_persons import _NOT_INITIALS, _Reader

_STAFF, _PATIENT, _DATE = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA", "FECHAS"
_D = r"\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?"
_TIME = r"\d{1,2}[:.h]\d{2}(?::\d{2})?"
_CHAT = re.compile(rf"(?m)^[ \t]*\[[ \t]*(?:{_D}),?[ \t]*{_TIME}[ \t]*\][ \t]*(?=[^\W\d_])")
_CHAT_ANDROID = re.compile(rf"(?m)^[ \t]*{_D},?[ \t]+{_TIME}[ \t]+[-–][ \t]+(?=[^\W\d_])")
_WEEKDAY_ABBR = (r"lun|mar|mie|mié|mier|jue|vie|sab|sáb|dom|luns|mer|mérc|xov|ven|dl|dm|dc|dj|dv|ds|dg|"
                 r"lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo")
_LOG_LINE = re.compile(rf"(?mi)^[ \t]*(?:(?:s|ses|sesi[oó]n|v|visita)\.?[ \t]*\d{{1,2}}[ \t]+)?(?:(?:{_WEEKDAY_ABBR})\.?[ \t]+(?:{_D}|\d{{1,2}})|{_D})"
                       rf"(?:[ \t]+{_TIME})?[ \t]+(?=[^\W\d_])")
_NOTE_THEN_COLON = re.compile(r"(?:[ \t]*\([^)\n]{1,25}\))?[ \t]*:")
_TOKEN = r"(?:[a-zñ]{2,4}|[A-ZÑ]{2,4})"
_SIGN_CUE = re.compile(rf"(?<![\w])(?i:firma|fdo|firmado|signat|signa|signatura|asdo)\.?[ \t]+(?P<a>{_TOKEN})(?![\w.])"
                       rf"(?:[ \t]*/[ \t]*(?P<b>{_TOKEN})(?![\w.]))?")
_LAST_LINE = re.compile(rf"(?P<i>{_TOKEN})(?:[ \t]+(?P<d>{_D}))?(?:[ \t]+{_TIME})?[ \t]*")
_DASH_END = re.compile(rf"[ \t][-–][ \t]+(?P<i>[a-zñ]{{2,4}})[ \t]*\]?[ \t]*$", re.MULTILINE)
_DATE_DASH_END = re.compile(rf"{_D}[ \t]+[-–][ \t]+(?P<i>[a-zñ]{{2,4}})[ \t]*[\])]?[ \t]*$", re.MULTILINE)
_NOT_SIGN = _NOT_INITIALS | {"fin", "ok", "nada", "exitus", "vale", "gracias", "bien", "ver", "etc", "ya", "eso", "asi", "todo",
                             "pdte", "pte", "ctrl", "cita", "alta", "obs", "uci", "urg", "ucic", "hemo", "tlf", "fax", "col",
                             "sat", "eva", "gcs", "tas", "tad", "pcr", "glu", "dtx", "fio", "imc", "hb", "ta", "fc", "fr", "temp",
                             "dolor", "plan", "juicio", "dieta", "peso", "talla", "nota", "evol", "exp", "ttoo"}
_ROLE_PARENS = re.compile(r"[ \t]*\([ \t]*(?:eir|apoyo|refuerzo|suplente|sustituye|sustituto|sustituta|residente|en[ \t]+pr[aá]cticas)[ \t]*\)",
                          re.IGNORECASE)
_INITIALS_BEFORE = re.compile(r"(?<![\w.])(?:[^\W\d_]\.){1,3}[ \t]?$")
_ROLE_COL = re.compile(r"[ \t]+(?:fisio|fisioterapeuta|enf|enfermer[ao]|farm|farmac[eé]utic[oa]|m[eé]dic[oa]|ts|psic[oó]log[oa]|matrona)\.?"
                       r"[ \t]+(?:n[ºo°]\.?[ \t]*)?col(?:egiad[oa])?\.?[ \t]*(?:n[ºo°]\.?[ \t]*)?\d", re.IGNORECASE)
_TEAM_ROLE = re.compile(r"(?<![\w.])(?i:m[eé]dic[oa]|tes|ted|tts|farm|farmac[eé]utic[oa])\.?[ \t]+(?=[^\W\d_])")
_ID_CUE = r"(?:nhc|hc|cip|cipa|cipna|cic|nie|dni|nuhsa|sip|tis|nss|nusha)(?![\w])"
_AGE = r"\d{1,3}(?:[ \t]?(?:a|años|anos|anys|a\.))?"
_SEX = r"(?:mujer|var[oó]n|hombre|home|dona|muller|[mvhMVH])(?![\w])"
_AFTER_PATIENT = re.compile(rf"[ \t]*,?[ \t]+(?:{_AGE}[ \t]*,?[ \t]+)?{_ID_CUE}|[ \t]*,?[ \t]+{_AGE}[ \t]*,?[ \t]+{_SEX}", re.IGNORECASE)
_BED_LINE = re.compile(r"(?m)^[ \t]*(?:\d{2,4}-\d{1,2}[a-z]?|(?:cama|hab|box)\.?[ \t]*\d{1,4}(?:-?[a-z\d])?)[ \t]+(?:la[ \t]+otra[ \t]+|el[ \t]+otro[ \t]+)?(?=[a-zñ])")
_NAME_PARTICLES = frozenset({"de", "del", "la", "las", "los", "y", "i", "el", "al", "ben", "ould", "abu", "da", "dos", "das", "do"})
_FOREIGN_PARTICLES = frozenset({"el", "al", "ben", "ould", "abu"})
_KIN_BEFORE = re.compile(r"(?i)(?<![\w])(?:madre|padre|hij[oa]|herman[oa]|espos[oa]|marido|mujer|pareja|sobrin[oa]|niet[oa]|abuel[oa]|"
                         r"tí[oa]|ti[oa]|cuñad[oa]|yerno|nuera|suegr[oa]|mare|pare|fill[ao]|germ[àa]n[ao]?|pai|nai|irm[aá]n?|muller|home|"
                         r"familiar|acompañante|cuidador[a]?)[^\n\w]{0,4}(?:\w+[ \t]+)?$")
# round 24: a few words may open the parentheses ("(en casa la llaman marijose)")
_NICKNAME = re.compile(r"\([ \t]*(?:[^\W\d_]+[ \t]+){0,3}?(?:le|lo|la|li|lle)[ \t]+(?:dicen|llaman|diuen|din|chaman|chámanlle)[ \t]+(?P<n>[^\W\d_]{3,})[ \t]*\)", re.IGNORECASE)


def typed_sender_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    """Staff, patients and the dates beside sign-off initials, as the module docstring says."""
    r = _Reader(text, lexicon, stop, function_words)
    out: list[Candidate] = []

    def initials(token: str) -> bool:
        f = fold(token)
        return f not in _NOT_SIGN and f not in stop and f not in function_words and not lexicon.is_("first_name", token) \
            and not lexicon.place_at([f])

    def add(span: tuple[int, int] | None, label: str = _STAFF) -> None:
        if span and span[1] > span[0]:
            out.append(Candidate(span[0], span[1], label, STRUCTURED))

    for rx in (_CHAT, _CHAT_ANDROID):
        heads = list(rx.finditer(text))
        if len(heads) < 2:
            continue
        for m in heads:
            span = r.run(m.end(), loose=True) or r.run(m.end(), initial_first=True)
            if span and re.match(r"[^\n:]{0,20}:", text[span[1]:]):
                add(span)
    for m in _LOG_LINE.finditer(text):
        span = r.run(m.end(), loose=True)
        if span is None and (i := re.match(r"[a-zñ]{3,4}(?![\w.])", text[m.end():])) and initials(i.group()):
            span = (m.end(), m.end() + i.end())
        if span and _NOTE_THEN_COLON.match(text, span[1]):
            add(span)
    for m in _SIGN_CUE.finditer(text):
        for g in ("a", "b"):
            if m.group(g) and initials(m.group(g)):
                add(m.span(g))
    last = last_line(text)
    if last:
        s, e = last
        m = _LAST_LINE.fullmatch(text, s, e)
        if m and initials(m.group("i")):
            add(m.span("i"))
            if m.group("d"):
                out.append(Candidate(m.start("d"), m.end("d"), _DATE, PATTERN))
        m = _DASH_END.search(text, s, e)
        if m and initials(m.group("i")):
            add(m.span("i"))
    for m in _DATE_DASH_END.finditer(text):
        if initials(m.group("i")):
            add(m.span("i"))
    for m in _ROLE_PARENS.finditer(text):
        end = _trim_back(text, m.start())
        span = r.run_ending(end, loose=True)
        if span is None and (w := re.search(r"(?<![\w.])[^\W\d_]{3,}$", text[max(0, end - 30):end])) and r.surname(w.group()):
            span = (end - len(w.group()), end)  # "m.j. salcedo (apoyo)": a surname after initials
            span = span if _INITIALS_BEFORE.search(text, max(0, span[0] - 12), span[0]) else None
        add(_with_initials(text, span))
    for m in _ROLE_COL.finditer(text):
        add(r.run_ending(m.start()))
    for m in _TEAM_ROLE.finditer(text):
        add(r.run(m.end(), loose=True))
    out += _patients(text, r, stop, function_words)
    for m in _NICKNAME.finditer(text):
        if fold(m.group("n")) not in stop and fold(m.group("n")) not in function_words:
            add(m.span("n"), _PATIENT)
    return out


def _with_initials(text: str, span: tuple[int, int] | None) -> tuple[int, int] | None:
    """``j.a. bernal``: the given names' initials before a surname are the same person's."""
    if span is None:
        return None
    m = _INITIALS_BEFORE.search(text, max(0, span[0] - 12), span[0])
    return (m.start(), span[1]) if m else span


def _trim_back(text: str, pos: int) -> int:
    while pos > 0 and text[pos - 1] in " \t":
        pos -= 1
    return pos


def _patients(text: str, r: _Reader, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    out = []
    for m in _AFTER_PATIENT.finditer(text):
        span = _name_ending(text, m.start(), r, stop, function_words)
        # typed in lower case or in capitals, and no relative's word before it ("su hijo luis gil, dni …": the son's)
        if span and (text[span[0]:span[1]].islower() or text[span[0]:span[1]].isupper()) and not _KIN_BEFORE.search(text, max(0, span[0] - 25), span[0]):
            out.append(Candidate(span[0], span[1], _PATIENT, STRUCTURED))
    for m in _BED_LINE.finditer(text):
        span = _name_at(text, m.end(), r, stop, function_words)
        if span and re.match(r"[ \t]*\(", text[span[1]:]):
            out.append(Candidate(span[0], span[1], _PATIENT, STRUCTURED))
    return out


def _words_back(text: str, end: int) -> tuple[list[re.Match[str]], int]:
    line_start = text.rfind("\n", 0, end) + 1
    return list(re.finditer(r"[^\W\d_]+", text[line_start:end]))[-5:], line_start


def _name_ending(text: str, end: int, r: _Reader, stop: frozenset[str], function_words: frozenset[str]) -> tuple[int, int] | None:
    """The longest name run ending at ``end``: a known given name first, two words or more, then known names,
    particles, or one last unknown word after a foreign particle (``el amrani``); nothing but blanks between."""
    words, base = _words_back(text, end)
    if not words or base + words[-1].end() != end:
        return None
    for k in range(len(words) - 1):
        run = words[k:]
        if any(text[base + a.end():base + b.start()] not in (" ", "\t") for a, b in zip(run, run[1:])):
            continue
        if _name_words([w.group() for w in run], r, stop, function_words):
            return base + run[0].start(), end
    return None


def _name_at(text: str, pos: int, r: _Reader, stop: frozenset[str], function_words: frozenset[str]) -> tuple[int, int] | None:
    """The longest name run starting at ``pos`` on the same line (up to five words)."""
    words = []
    for m in re.finditer(r"[^\W\d_]+", text[pos:text.find("\n", pos) if "\n" in text[pos:] else len(text)]):
        if words and text[pos + words[-1].end():pos + m.start()] not in (" ", "\t"):
            break
        words.append(m)
        if len(words) == 5:
            break
    for k in range(len(words), 1, -1):
        if _name_words([w.group() for w in words[:k]], r, stop, function_words):
            return pos, pos + words[k - 1].end()
    return None


def _name_words(words: list[str], r: _Reader, stop: frozenset[str], function_words: frozenset[str]) -> bool:
    if len(words) < 2 or not r.given(words[0]) or fold(words[-1]) in _NAME_PARTICLES:
        return False
    for k, w in enumerate(words[1:], 1):
        f = fold(w)
        if f in _NAME_PARTICLES:
            continue
        if r.surname(w) or fold(words[k - 1]) in _NAME_PARTICLES and r.lexicon.is_("surname", w) and f not in function_words:
            continue  # an ordinary word is a surname after a particle: "del pozo", "de la fuente"
        if k == len(words) - 1 and fold(words[k - 1]) in _FOREIGN_PARTICLES and len(w) >= 3 and f not in stop and f not in function_words:
            continue
        return False
    return True
