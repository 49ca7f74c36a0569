"""Staff named in a list, by a cue the other readers do not know, or signing in capitals; a patient's quoted nickname.

A log typed fast, an e-mail pasted into the chart and a ward's handover name their staff and patients in ways the
role and sign-off readers (:mod:`.typed_persons`, :mod:`.typed_senders`) leave aside. Read here, in any note:

* initials in capitals glued to a dash closing a line (``… TA 130/70 ok. -LPR``), when two lines of the note or more
  close so; each such token, and the same token anywhere else in the note, is staff; never a clinical acronym
  (``-HTA``, ``-EPOC``);
* initials with dots after ``firma``/``fdo`` (``firma C.B. / P.L.``), and the note's last line made of capital
  initials set apart by slashes (``RT/GMS``) or of one capital and a dot alone (an e-mail's ``L.``);
* the names listed after a care role in the plural (``enfermeras nuria / sole m.``, ``matronas lola / fina``): a known
  given name, perhaps with an initial, and, once one is known, short words that are no ordinary word nor place;
* a given name, perhaps with surnames, after ``resp.``/``responsable``, ``gestor(a)``, a workplace's foreman
  (``encargado de turno``, ``capataz``, ``jefa de equipo``: staff by the conventions), the Galician ``veciño(a)``, a
  doctor's title spoken in full before a surname (``doctora carrasco``), ``un tal``/``una tal`` (someone who is no
  relative);
* a given name before a care role's word in parentheses that goes on (``rosalia (TS del ayuntamiento)``, ``marcos
  (aux en practicas del instituto)``);
* the writer of a message who says who she is (``hola soy la marti``): the patient;
* the patient: a quoted nickname after the patient's name with no parentheses (``ramon vidal pujol "moncho" 70 a``,
  ``antonio gil ruiz, "el tito" para los vecinos``), or after ``alcume``/``mote``/``apodo`` (``alcume "o da ponte"``);
  a name before its age in parentheses and an identifier's cue (``sara gil ortiz (31 a) DNI …``), or at a room's line
  start (``303 carla martin-rueda soler 33 a``).

:func:`title_again` finds a given name found in lower case again where it is capitalised (``mi hijo jorge`` …
``al correo de Jorge``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, STRUCTURED, Candidate, last_line
from .typed_persons import _NOT_INITIALS as _NOT_INITIALS_TYPED
from .typed_persons import _ROLE_WORDS, _Reader
from .typed_senders import _NOT_SIGN

_STAFF, _PATIENT = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA"
_NAMES = frozenset({_STAFF, _PATIENT, "FAMILIARES_SUJETO_ASISTENCIA"})
# clinical acronyms a line may close with, in capitals
_ACRONYMS = frozenset({
    "hta", "dm", "dl", "dlp", "epoc", "ecg", "ekg", "eeg", "emg", "tac", "rm", "rmn", "uci", "urg", "iam", "acv", "ave", "itu",
    "fa", "ic", "icc", "erc", "irc", "ira", "saos", "vih", "vhc", "vhb", "tep", "tvp", "sca", "hdl", "ldl", "pcr", "rx", "abvd",
    "avd", "ok", "no", "si", "alta", "nada", "pte", "pdte", "ctrl", "cita", "fin", "bien", "mal", "ta", "fc", "fr", "sat", "eva",
    "gcs", "ais", "nyha", "asa", "imc", "tsh", "inr", "tto", "dx", "tx", "vo", "iv", "im", "sc", "mg", "ml", "ug", "ui", "cs",
    "hu", "hosp", "amb", "ap", "ae", "sos", "rhb", "tce", "tcc", "ets", "its", "bmi", "ldh", "gpt", "got", "ggt", "fa",
    "pet", "spect", "nhc", "dni", "nie", "tis", "cip", "sip", "nss", "usa", "ue", "uk",
})
_CAP_DASH_END = re.compile(r"(?m)[ \t][-–][ \t]?(?P<i>[A-ZÑ]{2,4})[ \t]*\.?[ \t]*$")
_DOTTED = r"(?:[A-ZÑ]\.[ \t]?){1,3}"
_SIGN_DOTTED = re.compile(rf"(?<![\w])(?i:firma|fdo|firmado|signat|signa|asdo)\.?:?[ \t]+(?P<a>{_DOTTED})(?:[ \t]*/[ \t]*(?P<b>{_DOTTED}))?")
_SLASH_INITIALS = re.compile(r"(?P<a>[A-ZÑ]{2,4})(?:[ \t]*/[ \t]*[A-ZÑ]{2,4})+")
_ONE_INITIAL = re.compile(r"[A-ZÑ]\.")
# a care role in the plural, then its list: "enfermeras nuria / sole m.", "matronas: lola, fina"
_PLURAL_ROLE = re.compile(r"(?i)(?<![\w.])(?:fisios|fisioterapeutas|matronas|enfermer[ao]s|enfs|infermer[ae]s|auxiliares|auxs|tcaes|"
                          r"celador[ae]s|residentes|mirs|monitor[ae]s|educador[ae]s|psic[oó]log[ao]s|tes)[ \t]*:?[ \t]+(?=[^\W\d_])")
_ITEM = re.compile(r"(?P<w>[^\W\d_]{3,12})(?:[ \t]+(?P<i>[^\W\d_]\.))?")
_ITEM_SEP = re.compile(r"[ \t]*(?:/|,|[ \t]y)[ \t]*")
# cues before a person who is staff or a third party, not a relative
_CUE = re.compile(r"(?<![\w.])(?:(?i:resp\.|responsable|gestor[a]?(?:[ \t]+de[ \t]+casos)?|veciñ[oa]|un[a]?[ \t]+tal|"
                  r"encargad[oa](?:[ \t]+de[ \t]+(?:turno|obra|almac[eé]n|planta|taller|tienda|nave))?|capataz|"
                  r"jef[ea][ \t]+de[ \t]+(?:turno|equipo|obra|taller|planta|nave))[ \t]*:?[ \t]+"
                  r"|(?i:doctor[a]?)[ \t]+(?=[a-zñ]))(?=[^\W\d_])")
_TITLE_SPOKEN = re.compile(r"(?i)(?<![\w.])doctor[a]?[ \t]+$")
# a care role in parentheses that goes on: "(TS del ayuntamiento)", "(aux en practicas del instituto)"
_PARENS_ROLE_ON = re.compile(rf"[ \t]*\([ \t]*(?:{_ROLE_WORDS})(?![\w])\.?[ \t]+[^)\n]{{2,50}}\)", re.IGNORECASE)
_GIVEN_BEFORE = re.compile(r"(?<![\w.])(?P<n>[^\W\d_]{3,})$")
# a nickname in quotes after the name, no parentheses; or after the nickname's word
_QUOTED_AFTER = re.compile(r"[ \t]*,?[ \t]*[\"“«](?:(?:el|la|o|a)[ \t]+)?(?P<n>[^\W\d_]{3,}(?:[ \t]+[^\W\d_]{1,12}){0,2})[\"”»]")
_NICK_WORD = re.compile(r"(?i)(?<![\w])(?:alcume|alcumes|mote|apodo|malnom|ezizena)[ \t]*:?[ \t]*[\"“«](?P<n>[^\W\d_]{2,}(?:[ \t]+[^\W\d_]{1,12}){0,3})[\"”»]")
# a patient's name, then the age in parentheses and an identifier's cue: "sara gil ortiz (31 a) DNI"
_AGE_PARENS_ID = re.compile(r"[ \t]*\([ \t]*\d{1,3}[ \t]?(?:a|años|anos|a\.)[ \t]*\)[ \t]*,?[ \t]*(?i:nhc|hc|dni|nie|cip|sip|tis|nuhsa|pasaporte)(?![\w])")
# a room's number opening a line, the patient's name, and the age: "303 carla martin-rueda soler 33 a"
_ROOM_LINE = re.compile(r"(?m)^[ \t]*(?:\d{3,4}(?:-[A-Za-z])?|\d{2,4}-\d{1,2}[a-z]?)[ \t]+(?=[a-zñ])")
_NAME_WORD = re.compile(r"[a-zñáéíóúü]+(?:-[a-zñáéíóúü]+)?")
_AGE_AFTER = re.compile(r"(?:[ \t]*,?[ \t]*[\"“«][^\"”»\n]{2,25}[\"”»])?[ \t]*,?[ \t]*\(?\d{1,3}[ \t]?(?:a|años|anos|a\.)(?![\w])")
# the writer of a message saying who she is: "hola soy la marti", "soy el nacho, el de la 3"
_SELF = re.compile(r"(?i)(?<![\w])soy[ \t]+(?:la|el)[ \t]+(?P<n>[^\W\d_]{3,})(?![\w])")
_PARTICLES = frozenset({"de", "del", "la", "las", "los", "y", "i", "el", "al", "ben", "da", "do", "dos", "das"})


def typed_people_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    """Staff and patients read as the module docstring says."""
    r = _Reader(text, lexicon, stop, function_words)
    out: list[Candidate] = []

    def add(s: int, e: int, label: str = _STAFF) -> None:
        if e > s:
            out.append(Candidate(s, e, label, STRUCTURED))

    def initials(token: str) -> bool:
        f = fold(token.replace(".", ""))
        return f not in _ACRONYMS and f not in _NOT_SIGN and f not in _NOT_INITIALS_TYPED and f not in stop \
            and f not in function_words and not lexicon.is_("first_name", f) and not lexicon.place_at([f])

    # initials in capitals glued to a dash closing two lines or more
    closing = [m for m in _CAP_DASH_END.finditer(text) if initials(m.group("i"))]
    if len(closing) >= 2:
        for token in sorted({m.group("i") for m in closing}):
            for m in re.finditer(rf"(?<![\w.]){re.escape(token)}(?![\w])", text):
                add(m.start(), m.end())
    for m in _SIGN_DOTTED.finditer(text):
        for g in ("a", "b"):
            if m.group(g) and initials(m.group(g)):
                add(m.start(g), m.start(g) + len(m.group(g).rstrip()))
    last = last_line(text)
    if last:
        s, e = last
        if (m := _SLASH_INITIALS.fullmatch(text, s, e)) and all(initials(t) for t in re.findall(r"[A-ZÑ]+", m.group())):
            for t in re.finditer(r"[A-ZÑ]+", m.group()):
                add(s + t.start(), s + t.end())
        elif _ONE_INITIAL.fullmatch(text, s, e) and s > 0 and text[:s].strip():
            add(s, e)
    # names listed after a care role in the plural
    for m in _PLURAL_ROLE.finditer(text):
        items, pos = [], m.end()
        while (it := _ITEM.match(text, pos)) and len(items) < 6:
            items.append(it)
            sep = _ITEM_SEP.match(text, it.end())
            if not sep or not re.match(r"[^\W\d_]", text[sep.end():sep.end() + 1]):
                break
            pos = sep.end()
        if len(items) < 2 or not any(r.given(it.group("w")) for it in items):
            continue
        for it in items:
            w = it.group("w")
            f = fold(w)
            if r.given(w) or f not in stop and f not in function_words and not lexicon.place_at([f]) and not lexicon.is_("profession", w):
                add(it.start(), it.end())
    # a person after a cue: "resp. Marina Rebollo", "gestora Noemí", "veciña sabela", "doctora carrasco", "un tal brandon"
    for m in _CUE.finditer(text):
        one = re.search(r"(?i)(?:tal|veciñ[oa])[ \t]*:?[ \t]+$", text[max(0, m.end() - 10):m.end()])
        span = r.run(m.end(), loose=True)
        if span and one:  # "veciña sabela chama se hai algo": the given name alone, the verb after it is none
            span = (span[0], span[0] + len(re.match(r"[^\W\d_]+", text[span[0]:]).group()))
        if span is None and _TITLE_SPOKEN.search(text, max(0, m.end() - 12), m.end()):
            w = _NAME_WORD.match(text, m.end())
            if w and r.surname(w.group()) and not r.given(w.group()):
                span = w.span()
        if span is None and one and one.group().lower().startswith("tal"):
            w = _NAME_WORD.match(text, m.end())  # "un tal kevin": any name the lists may not know
            if w and len(w.group()) >= 3 and fold(w.group()) not in stop and fold(w.group()) not in function_words \
                    and not lexicon.place_at([fold(w.group())]):
                span = w.span()
        if span and text[span[0]].isupper() and not one:  # "Gestor de casos: Andrés Mendizorrotza": the capitalised words on
            while (w := re.match(r"[ \t]+(?:(?:de|del|la)[ \t]+)?[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(?:-[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)?", text[span[1]:])) \
                    and span[1] + w.end() - span[0] <= 60:
                span = (span[0], span[1] + w.end())
        if span:
            add(*span)
    # a given name before a care role in parentheses that goes on
    for m in _PARENS_ROLE_ON.finditer(text):
        g = _GIVEN_BEFORE.search(text, max(0, m.start() - 20), m.start())
        if g and r.given(g.group("n")):
            add(g.start("n"), g.end("n"))
    for m in _SELF.finditer(text):
        if r.given(m.group("n")) and not lexicon.is_("profession", m.group("n")):
            add(m.start("n"), m.end("n"), _PATIENT)
    out += _patients(text, r, lexicon, stop, function_words)
    return out


def title_again(text: str, cands: list[Candidate], lexicon: Lexicon, common: frozenset[str]) -> list[Candidate]:
    """A given name found in lower case (``mi hijo jorge``), again where the note writes it capitalised (``el correo de
    Jorge``), the same person's; not after a capitalised word (``San Jorge``) nor before one (``Jorge Manrique``), and
    never a given name that is also a common word (``rosa``, ``pilar``)."""
    out, seen = [], set()
    for c in cands:
        value = text[c.start:c.end]
        if c.label in _NAMES and value.isalpha() and value.islower() and len(value) >= 4 and value not in seen \
                and fold(value) not in common and lexicon.is_("first_name", value):
            seen.add(value)
            title = value[0].upper() + value[1:]
            for m in re.finditer(rf"(?<![\w]){re.escape(title)}(?![\w])", text):
                if not re.search(r"[A-ZÁÉÍÓÚÑ][\w.]*[ \t]+$", text[max(0, m.start() - 20):m.start()]) \
                        and not re.match(r"[ \t]+(?:(?:de|del|la)[ \t]+)?[A-ZÁÉÍÓÚÑ]", text[m.end():m.end() + 12]):
                    out.append(Candidate(m.start(), m.end(), c.label, PATTERN))
    return out


def quoted_nicknames(text: str, cands: list[Candidate], stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    """The patient's nickname in quotes after the name found (no parentheses), or after ``alcume``/``mote``."""
    out = []
    for c in cands:
        if c.label == _PATIENT and (m := _QUOTED_AFTER.match(text, c.end)):
            out.append(Candidate(m.start("n"), m.end("n"), _PATIENT, STRUCTURED))
    for m in _NICK_WORD.finditer(text):  # the quotes after the word say it: 'alcume "pepe da ponte"'
        out.append(Candidate(m.start("n"), m.end("n"), _PATIENT, STRUCTURED))
    return out


def _patients(text: str, r: _Reader, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    out = []
    for m in _AGE_PARENS_ID.finditer(text):
        span = _name_back(text, m.start(), r, stop, function_words)
        if span:
            out.append(Candidate(span[0], span[1], _PATIENT, STRUCTURED))
    for m in _ROOM_LINE.finditer(text):
        words, pos = [], m.end()
        while (w := _NAME_WORD.match(text, pos)) and len(words) < 5:
            words.append(w)
            if not re.match(r"[ \t][^\W\d_]", text[w.end():w.end() + 2]):
                break
            pos = w.end() + 1
        for k in range(len(words), 1, -1):
            end = words[k - 1].end()
            if _AGE_AFTER.match(text, end) and _name_words([w.group() for w in words[:k]], r, stop, function_words):
                out.append(Candidate(m.end(), end, _PATIENT, STRUCTURED))
                break
    return out


def _name_back(text: str, end: int, r: _Reader, stop: frozenset[str], function_words: frozenset[str]) -> tuple[int, int] | None:
    line_start = text.rfind("\n", 0, end) + 1
    words = list(_NAME_WORD.finditer(text, line_start, end))[-5:]
    if not words or words[-1].end() != end:
        return None
    for k in range(len(words) - 1):
        run = words[k:]
        if any(text[a.end():b.start()] not in (" ", "\t") for a, b in zip(run, run[1:])):
            continue
        if _name_words([w.group() for w in run], r, stop, function_words):
            return run[0].start(), end
    return None


def _name_words(words: list[str], r: _Reader, stop: frozenset[str], function_words: frozenset[str]) -> bool:
    """A known given name first, then known names, particles, hyphenated known surnames, or one last word after a
    foreign particle (``el amrani``)."""
    if len(words) < 2 or not r.given(words[0]) or fold(words[-1]) in _PARTICLES:
        return False
    for k, w in enumerate(words[1:], 1):
        f = fold(w)
        if f in _PARTICLES or r.surname(w) or "-" in w and all(r.surname(p) for p in w.split("-")):
            continue
        if k == len(words) - 1 and fold(words[k - 1]) in {"el", "al", "ben"} and len(w) >= 3 and f not in stop and f not in function_words:
            continue
        return False
    return True
