"""People named as a note typed fast names them: by a role's abbreviation, in a log's slots, by initials.

Rehabilitation sheets, nursing logs, dental and prison records typed in a hurry name their staff with no title and in
lower case, by a role's short form (``ps andres``, ``ts lucia b.``, ``t.o. raquel``, ``higienista bea``, ``mir jordi
m.``, ``r2 anna s.``, ``inf nuria``), in the slots of a log line (``11/12 mañana - bea r.: …``, ``tarde - jvm: …``,
``ses 6 - 20/09 - pilar. …``), with a role after the name (``pilar g. (log)``, ``ines c. - enfermera escolar``) or a
name in parentheses after the role (``trabajadora social (rosa)``), and sign lines with their initials (``… - mo``
closing several lines, ``rev: a.l.``). Read here, in any note:

* after a care role's word or abbreviation, a name run: a known given name first (no ordinary word, unless the run is
  in parentheses), then known surnames or given names, and at most one initial to close it; a title's initial and
  any surname after it (``dra t. cuesta``);
* before a care role in parentheses or after a dash, a name run ending there;
* in a log line, the name or the initials between the date or shift and a colon, or after a date and a dash;
* the same short token closing two lines or more after a dash (a sign-off's initials), found again alone;
  initials after ``rev:``/``fdo:``;
* the patient: ``surnames, given`` in lower case after the patient's cue (``paciente fdez. quiroga, ana belen``,
  ``interno: EL AMRANI, youssef``), surnames after ``RN``, the name of a newborn's field (``nombre elegido: vega``), a
  quoted alias (``alias "yusu"``).

:func:`after_names` reads what follows names already found: further staff after a slash (``amparo llorens n.p. 300127
/ beatriz ruiz / j. vidal m.``), a staff name's initials or initialled surname in parentheses (``sonia (smv)``,
``manolo (m. ceballos)``), a patient's nickname in parentheses (``hugo lasheras (huguito en clase)``, ``… feijoo
(manolo)``), and a staff given name found with a surname or an initial, found again alone (``pilar g.`` … ``pilar``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from . import patterns as P
from .common import STRUCTURED, Candidate
from .recase_cues import SURNAME_TOO
from .staff_roles import SURNAME_ABBREVIATIONS
from .staff_initials import NEVER as _CLINICAL_CAPITALS  # "dr Ugarte (UCI)": a unit, no initials (round 23)

_STAFF, _PATIENT = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA"
# care roles as typed fast: words and their short forms (a topic may follow the educator: "educadora diabetes")
_ROLE_WORDS = (
    r"ps|psic|psic[oó]log[oa]|ts|t\.[ \t]?s\.|trabajador[ao][ \t]+social|t\.[ \t]?o\.|terapeuta(?:[ \t]+ocupacional)?|log|logo|"
    r"logopeda|higienista|educador[a]?(?:[ \t]+(?:diabetes|diabetologic[ao]|sanitari[ao]))?|dietista|nutricionista|"
    r"podolog[oa]|odont[oó]log[oa]|dentista|mir|r[1-5]|inf(?!\.)|infermer[ao]|fisio|fisioterapeuta|matrona|tcae|"
    r"t[eé]cnic[oa]|celador[a]?|aux|auxiliar|supervisor[a]?|adjunt[oa]|enf|enfermer[ao]|metge|metgessa|"
    r"anestesista|cirujan[oa]|pediatra|neurolog[oa]|cardiolog[oa]|doctor[a]?|"
    # home and care-home staff, and the third parties who act around a patient, as notes name them
    r"due|gerocultor[a]?|trab\.?[ \t]+social|t\.[ \t]?social|entrenador[a]?|delegad[oa][ \t]+(?:de[ \t]+)?prevenci[oó]n|"
    r"erizain(?:a|arekin|ari|ak)|sendagile(?:a|arekin|ari)|gizarte[ \t]+langile(?:a|arekin|ari)|"
    # a psychologist typed short, a lawyer, a monitor, a hired carer, a neighbour, a head of an institution's services
    r"psico|abogad[oa]|letrad[oa]|monitor[a]?|cuidador[a]?|vecin[oa]|jefe[ \t]+(?:de[ \t]+)?servicios?|"
    # round 25: a camp's or a service's coordinator, a forest ranger, a co-worker (Catalan), a nurse and a claim's
    # handler in English
    r"coordinador[a]?|(?:guarda|guardia|agente)[ \t]+forestal|company[a]?|nurse(?:[ \t]+on[ \t]+duty)?|handler"
)
# where the role works, between it and the name: "enf resid tamara g", "la enf de la resid irene", "enf planta 3 ana"
_ROLE_PLACE = (r"(?:[ \t]+(?:de[ \t]+(?:la[ \t]+|el[ \t]+)?|del[ \t]+)?(?:resid(?:encia)?|planta(?:[ \t]+\d{1,2})?|guardia|"
               r"domicilio|referencia|ref|enlace|primaria|ap)\.?|"
               # any place or topic typed in lower case: "ts del modulo", "monitora de patio" (not a town: "vecina de santa comba")
               r"[ \t]+(?-i:(?:de[ \t]+(?:la[ \t]+|el[ \t]+)?|del[ \t]+)(?!(?:san|santa|santo|sant|sta|sto)(?![\w]))[a-zñçáéíóúü]{3,12}))?")
# officers named by their surname alone: "el funcionario hdez", "agente prieto", "sargento ruano"
_OFFICER = re.compile(r"(?i)(?<![\w.])(?:funcionari[oa]|agente|sargento|cabo|vigilante|polic[ií]a)[ \t]+(?=[^\W\d_])")
_ROLE_THEN = re.compile(rf"(?<![\w.])(?:{_ROLE_WORDS})(?![\w])\.?{_ROLE_PLACE}[ \t]*[:,]?[ \t]*(?=[^\W\d_])", re.IGNORECASE)
_MA = re.compile(r"m[ªa]\.?[ \t]*(?=[^\W\d_]{3})")  # "mª carmen", "ma jose"
# round 25: a given name cut short with its period, then the surname ("metge: vte. segarra", "fco. ruiz")
_SHORT_GIVEN = re.compile(r"(?i)(?:vte|fco|jse|jsé|mnel|mnl)\.[ \t]*(?=[^\W\d_]{3})")
# a role with its qualifier, then a colon: "enf ref: amparo llorens", "enf resp: leire mendizabal"
_ROLE_QUALIFIED = re.compile(rf"(?<![\w.])(?:{_ROLE_WORDS})(?![\w])\.?(?:[ \t]+[^\W\d_]{{2,12}}\.?){{1,2}}[ \t]*:[ \t]*(?=[^\W\d_])", re.IGNORECASE)
_ROLE_PARENS = re.compile(rf"(?<![\w.])(?:{_ROLE_WORDS})(?![\w])\.?[ \t]*\([ \t]*(?=[^\W\d_])", re.IGNORECASE)
_PARENS_ROLE = re.compile(rf"[ \t]*\([ \t]*(?:{_ROLE_WORDS})(?![\w])\.?[ \t]*\)", re.IGNORECASE)
# a role after a dash, closing the name's item, not opening a facility's name ("Salut València - Doctor Peset")
_DASH_ROLE = re.compile(rf"[ \t]+[-–][ \t]+(?:{_ROLE_WORDS})(?![\w])(?![ \t]+(?-i:[A-ZÁÉÍÓÚÑ]))", re.IGNORECASE)
_NUMBER_PARENS = re.compile(r"[ \t]*\([ \t]*(?:n[ºo°]\.?[ \t]*)?\d{3,8}[ \t]*\)")
_TITLE_INITIAL = re.compile(r"(?<![\w.])(?i:dr|dra)\.?[ \t]+(?P<n>[a-zñ]\.[ \t]?(?:[a-zñ]\.[ \t]?)?[a-zñáéíóúü]{3,})(?![\w])")
# a log's line: a date and/or a shift, a dash, then who writes it before a colon
_DATE = rf"{P.DIGITS_DAY_MONTH}(?:[/.-]\d{{2,4}})?"
_SHIFT = r"mañana|manana|mñn|mn|tarde|noche|nit|tarda|mati|matí|manha|noite"
_LOG_SLOT = re.compile(rf"(?mi)^[ \t]*(?:(?:{_DATE})(?:[ \t]+(?:{_SHIFT}))?|(?:{_SHIFT}))[ \t]+[-–][ \t]+(?=[^\W\d_])")
_DATE_DASH = re.compile(rf"(?m)^[^\n]{{0,16}}?(?<![\w/.-]){_DATE}[ \t]+[-–][ \t]+(?=[^\W\d_])")
_INITIALS = re.compile(r"[a-zñ]{2,4}(?=[ \t]*:)")
_SIGN_OFF = re.compile(r"(?m)[ \t][-–][ \t]+(?P<i>[a-zñ]{2,4})[ \t]*$")
_CHECKED_BY = re.compile(r"(?i)(?<![\w])(?:rev|revisado(?:[ \t]+por)?|validado(?:[ \t]+por)?|fdo|firmado(?:[ \t]+por)?)\.?[ \t]*:[ \t]*"
                         r"(?P<i>(?-i:[a-zñ]\.(?:[ \t]?[a-zñ]\.){1,2}|[a-zñ]{2,4}(?![\w.])|[A-ZÑ]{2,4}(?![\w.])|[A-ZÑ]\.(?:[ \t]?[A-ZÑ]\.){1,2}))(?![\w])")
# the patient: "paciente fdez. quiroga, ana belen", "interno: EL AMRANI, youssef", "RN martinez soler"
_PATIENT_CUE = re.compile(rf"(?<![\w])(?:{P.PATIENT_CUE_WORDS}|pacient|interno|interna|usuari[oa]|alumn[oa])\.?[ \t]*:?[ \t]+", re.IGNORECASE)
_NEWBORN = re.compile(r"(?<![\w])(?:RN|rn|recien nacid[oa]|reci[eé]n nacid[oa])[ \t]*:?[ \t]+(?=[a-zñ])")
_NAME_FIELD = re.compile(r"(?i)(?<![\w])nombre[ \t]+(?:elegido|escogido|previsto|del[ \t]+(?:rn|beb[eé]|niñ[oa]))[ \t]*:[ \t]*(?P<n>[^\W\d_]{3,})(?![\w])")
_ALIAS = re.compile(r"(?i)(?<![\w])(?:alias|apodo|a\.k\.a\.)[ \t]*:?[ \t]*[\"“«'](?P<n>[^\W\d_]{2,}(?:[ \t][^\W\d_]{2,})?)[\"”»']")
_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)?\.?")
_NOT_NICK = re.compile(rf"(?i:{_SHIFT}|{_ROLE_WORDS}|turno|guardia)")
_INITIAL = re.compile(r"[^\W\d_]\.(?![\w])")
_PARTICLES = frozenset({"de", "la", "las", "los", "i"})  # not "del": "nuria del servet" is Nuria of that hospital
# short tokens that close a line after a dash and are no one's initials
_NOT_INITIALS = frozenset({"ok", "no", "si", "sí", "bien", "mal", "ver", "hoy", "alta", "dcha", "izda", "ant", "post", "pre", "sin",
                           "con", "rx", "tac", "ecg", "dx", "tto", "vo", "iv", "sc", "im", "mg", "ml", "min", "seg", "cm", "mm",
                           "kg", "dia", "mes", "año", "ano", "h", "hh", "am", "pm", "nada", "igual", "leve", "pte", "pac", "cs"})


class _Reader:
    def __init__(self, text: str, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> None:
        self.text, self.lexicon, self.stop, self.function_words = text, lexicon, stop, function_words

    def given(self, w: str, loose: bool = False) -> bool:
        f = fold(w)
        return len(w) >= 3 and f not in self.function_words and (loose or f not in self.stop) and self.lexicon.is_("first_name", w)

    def surname(self, w: str) -> bool:
        f = fold(w.rstrip("."))
        if f in SURNAME_ABBREVIATIONS:
            return True
        if re.match(r"(?i)[od]['’][^\W\d_]{3,}$", w):  # round 25: an Irish or an Italian surname ("O'Connell", "D'Amico")
            return self.lexicon.is_("surname", w[2:]) or self.lexicon.is_("surname", w)
        return len(w) >= 3 and not w.endswith(".") and f not in self.function_words and (f not in self.stop or f in SURNAME_TOO) and (
            self.lexicon.is_("surname", w) or self.lexicon.is_("first_name", w))

    def run(self, pos: int, loose: bool = False, initial_first: bool = False) -> tuple[int, int] | None:
        """A name run at ``pos``: a known given name, then known names, particles or one initial; or, with
        ``initial_first``, an initial before a known surname (``j. vidal m.``)."""
        text = self.text
        first = _WORD.match(text, pos)
        ini = _INITIAL.match(text, pos)
        if ini and initial_first:
            w = re.match(r"[ \t]?([^\W\d_]+)", text[ini.end():])
            if not w or not self.surname(w.group(1)):
                return None
            end = ini.end() + w.end()
        elif first and not first.group().endswith(".") and self.given(first.group(), loose):
            end = first.end()
        elif first and len(first.group()) > 3 and first.group().endswith(".") and self.given(first.group()[:-1], loose):
            return pos, first.end() - 1  # a given name closing its sentence ("- lorena. repite")
        else:
            return None
        upper = text[pos].isupper()
        while True:
            gap = re.match(r"[ \t]", text[end:end + 1])
            if not gap:
                break
            nxt = end + 1
            ini = _INITIAL.match(text, nxt)
            if ini:
                return pos, ini.end()
            w = _WORD.match(text, nxt)
            if not w or w.group()[0].isupper() != upper:
                break
            word = w.group()
            if fold(word) in _PARTICLES and (n := re.match(r"[ \t]+([^\W\d_]+)", text[w.end():])) and self.surname(n.group(1)) \
                    and self.lexicon.is_("surname", n.group(1)) and not self.lexicon.is_("first_name", n.group(1)):  # not "la charo"
                end = w.end()
                continue
            if not self.surname(word):
                if word.endswith(".") and len(word) >= 5 and self.surname(word[:-1]):
                    end = w.end() - 1  # a surname closing its sentence: "ts marisa llorente."
                break
            end = w.end() if not word.endswith(".") or fold(word[:-1]) in SURNAME_ABBREVIATIONS else w.end() - 1
        return pos, end

    def run_ending(self, end: int, loose: bool = False) -> tuple[int, int] | None:
        """The longest name run that ends exactly at ``end`` (up to four words back on the same line)."""
        line_start = self.text.rfind("\n", 0, end) + 1
        starts = [m.start() for m in re.finditer(r"(?<![\w.])[^\W\d_]", self.text[line_start:end])]
        for s in [line_start + s for s in starts][-4:]:
            r = self.run(s, loose) or self.run(s, loose, initial_first=True)
            if r and r[1] == end:
                return r
        return None


def typed_person_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    """Staff and patients named as a note typed fast names them (see the module docstring)."""
    r = _Reader(text, lexicon, stop, function_words)
    out: list[Candidate] = []

    def add(span: tuple[int, int] | None, label: str = _STAFF) -> None:
        if span and span[1] > span[0]:
            out.append(Candidate(span[0], span[1], label, STRUCTURED))

    for m in [*_ROLE_THEN.finditer(text), *_ROLE_QUALIFIED.finditer(text)]:
        span = r.run(m.end()) or r.run(m.end(), initial_first=True)
        if not span and (ma := _MA.match(text, m.end())) and (span := r.run(ma.end())):
            span = (m.end(), span[1])  # "supervisora mª carmen ortuño"
        if not span and (sg := _SHORT_GIVEN.match(text, m.end())) and (w := _WORD.match(text, sg.end())) and r.surname(w.group()) \
                and not w.group().endswith("."):
            span = (m.end(), w.end())  # "metge: vte. segarra"
        add(span)
    for m in _OFFICER.finditer(text):
        w = _WORD.match(text, m.end())
        if w and r.surname(w.group()) and not r.given(w.group()) or w and fold(w.group().rstrip(".")) in SURNAME_ABBREVIATIONS:
            add(r.run(m.end()) or (m.end(), m.end() + len(w.group().rstrip("."))))
    for m in _ROLE_PARENS.finditer(text):
        span = r.run(m.end(), loose=True) or r.run(m.end(), initial_first=True)
        if span and re.match(r"[ \t]*\)", text[span[1]:]):
            add(span)
    for m in _PARENS_ROLE.finditer(text):
        add(r.run_ending(_trim_back(text, m.start()), loose=True))
    for m in _DASH_ROLE.finditer(text):
        add(r.run_ending(_trim_back(text, m.start())))
    for m in _TITLE_INITIAL.finditer(text):
        name = m.group("n")
        if fold(name.split(".")[-1].strip()) not in function_words:
            end = m.end("n")
            while (w := re.match(r"[ \t]([a-zñáéíóúü]{3,})(?![\w])", text[end:])) and r.surname(w.group(1)) or \
                    w and fold(w.group(1)) in {"lobo", "rubio", "moreno", "blanco", "calvo", "bravo", "soler", "vidal", "prado", "vega"}:
                end += w.end()
            add((m.start("n"), end))
    for rx in (_LOG_SLOT, _DATE_DASH):
        for m in rx.finditer(text):
            span = r.run(m.end(), loose=True) or r.run(m.end(), initial_first=True)
            if span and re.match(r"[ \t]*[:.]", text[span[1]:]):
                add(span)
            elif rx is _LOG_SLOT and (i := _INITIALS.match(text, m.end())) and _initials(i.group(), stop, function_words):
                add(i.span())
    closing: dict[str, int] = {}
    for m in _SIGN_OFF.finditer(text):
        closing[m.group("i")] = closing.get(m.group("i"), 0) + 1
    for token, n in closing.items():
        if n >= 2 and _initials(token, stop, function_words):
            out += [Candidate(m.start(), m.end(), _STAFF, STRUCTURED) for m in re.finditer(rf"(?<![\w.]){re.escape(token)}(?![\w])", text)]
    for m in _CHECKED_BY.finditer(text):
        if _initials(m.group("i"), stop, function_words) and not text.startswith("/", m.end()):
            add(m.span("i"))
    for m in re.finditer(r"(?<![\w.])(?=[a-zñáéíóú])", text):  # "jose manuel (0412)": a name, then the person's number
        span = r.run(m.start())
        if span and _NUMBER_PARENS.match(text, span[1]):
            out.append(Candidate(span[0], span[1], _PATIENT, STRUCTURED))
    out += _patients(text, r)
    return out


def _trim_back(text: str, pos: int) -> int:
    while pos > 0 and text[pos - 1] in " \t":
        pos -= 1
    return pos


def _initials(token: str, stop: frozenset[str], function_words: frozenset[str]) -> bool:
    f = fold(token)
    return f not in function_words and f not in stop and f not in _NOT_INITIALS


def _patients(text: str, r: _Reader) -> list[Candidate]:
    out = []
    for m in _PATIENT_CUE.finditer(text):
        span = _surnames_given(text, m.end(), r) or r.run(m.end())
        span = span if span and " " in text[span[0]:span[1]].strip() else None
        if span:
            out.append(Candidate(span[0], span[1], _PATIENT, STRUCTURED))
    for m in _NEWBORN.finditer(text):
        words = list(re.finditer(r"[a-zñáéíóúü]{3,}", text[m.end():m.end() + 40]))[:2]
        if len(words) == 2 and words[1].start() - words[0].end() == 1 and all(r.surname(w.group()) for w in words):
            out.append(Candidate(m.end(), m.end() + words[1].end(), _PATIENT, STRUCTURED))
    for rx in (_NAME_FIELD, _ALIAS):
        for m in rx.finditer(text):
            if fold(m.group("n").split()[0]) not in r.function_words:
                out.append(Candidate(m.start("n"), m.end("n"), _PATIENT, STRUCTURED))
    return out


def _surnames_given(text: str, pos: int, r: _Reader) -> tuple[int, int] | None:
    """``fdez. quiroga, ana belen`` or ``EL AMRANI, youssef`` at ``pos``: surnames (known ones, abbreviated ones, or
    words in capitals), a comma, known given names."""
    m = re.compile(r"((?:[^\W\d_]+\.?[ \t]+){0,2}[^\W\d_]+),[ \t]*((?:m[ªa]\.?[ \t]*)?[^\W\d_]+(?:[ \t]+[^\W\d_]+)?)").match(text, pos)
    if not m:
        return None
    surnames = m.group(1).split()
    if not all(w.isupper() and len(w) >= 2 or r.surname(w) for w in surnames) or all(w.isupper() for w in m.group(0).split()):
        return None
    given = m.group(2).split()
    end = m.start(2)
    for k, w in enumerate(given):
        if r.given(w, loose=True) or k == 0 and re.fullmatch(r"m[ªa]\.?", w):
            end = m.start(2) + m.group(2).find(w) + len(w) if k == 0 else end + 1 + len(w)
        else:
            break
    return (pos, end) if end > m.start(2) else None


def after_names(text: str, cands: list[Candidate], lexicon: Lexicon, stop: frozenset[str],
                function_words: frozenset[str]) -> list[Candidate]:
    """What follows names already found (see the module docstring)."""
    r = _Reader(text, lexicon, stop, function_words)
    out: list[Candidate] = []
    todo = [c for c in cands if c.label in (_STAFF, _PATIENT)]
    seen = {(c.start, c.end) for c in todo}
    while todo:
        c = todo.pop()
        if c.label == _STAFF:
            m = re.compile(r"(?:[ \t]+(?:[^\W\d_]{1,4}\.?){1,2}[ \t]*[\w.-]*\d[\w.-]*)?[ \t]*[/+][ \t]*(?=[^\W\d_])").match(text, c.end)
            span = m and (r.run(m.end(), loose=True) or r.run(m.end(), initial_first=True))
            if span and span not in seen:
                seen.add(span)
                n = Candidate(span[0], span[1], _STAFF, STRUCTURED)
                out.append(n)
                todo.append(n)
            # a list of staff after one role: "enf bea, marisa, ivan", "aux loli y pepa" (a known given name each)
            m = re.compile(r"[ \t]*(?:,|[ \t]y)[ \t]+(?=[a-zñáéíóú])").match(text, c.end)
            span = m and r.run(m.end())
            if span and span not in seen and not text[c.start].isupper():
                seen.add(span)
                n = Candidate(span[0], span[1], _STAFF, STRUCTURED)
                out.append(n)
                todo.append(n)
            p = re.compile(r"[ \t]*\([ \t]*([^\W\d_]{2,4}|[^\W\d_]\.[ \t]?(?:[^\W\d_]\.[ \t]?)?[^\W\d_]{3,})[ \t]*\)").match(text, c.end)
            inner = p.group(1) if p else ""
            # an initialled surname ("manolo (m. ceballos)": a nickname need not share the initial), or initials
            # starting with the name's first letter ("sonia (smv)")
            if p and inner not in _CLINICAL_CAPITALS and ("." in inner and r.surname(inner.split(".")[-1].strip()) or fold(inner[0]) == fold(text[c.start])
                      and fold(inner) not in function_words and "." not in inner and (inner.isupper() or fold(inner) not in stop
                                                                                       and not lexicon.is_("first_name", inner))):
                out.append(Candidate(p.start(1), p.end(1), _STAFF, STRUCTURED))
        if c.label == _PATIENT:
            p = re.compile(r"[ \t]*\([ \t]*[\"“']?([^\W\d_]{3,})[\"”']?(?=[ \t]*\)|[ \t]+[^\W\d_]+[ \t]*\)|[ \t]+[^\W\d_]+[ \t]+[^\W\d_]+[ \t]*\))").match(text, c.end)
            if p:
                nick, names = p.group(1), [fold(w) for w in re.findall(r"[^\W\d_]+", text[c.start:c.end])]
                f = fold(nick)
                if len(names) >= 2 and f not in function_words and f not in stop and not _NOT_NICK.fullmatch(nick) \
                        and not lexicon.place_at([f]) and (r.given(nick) or any(len(n) >= 3 and f[:3] == n[:3] for n in names)):
                    out.append(Candidate(p.start(1), p.end(1), _PATIENT, STRUCTURED))
                    out += _nickname_again(text, nick, p.start(1))
    return out + _given_again(text, [*cands, *out], r)


def _nickname_again(text: str, nick: str, at: int) -> list[Candidate]:
    """A patient's nickname in parentheses (``Rafael Ferrer (Rafa)``) again elsewhere, in lower case too when it has
    four letters or more (a chat drops the capitals: ``rafa ojo q satura 89``); not before a capitalised word (``Rafa
    Nadal``), a name of its own."""
    rx = re.compile(rf"(?<![\w.@]){re.escape(nick)}(?![\w@])(?![ \t]+(?-i:[A-ZÁÉÍÓÚÑ][a-záéíóúñ]))", re.IGNORECASE if len(nick) >= 4 else 0)
    return [Candidate(m.start(), m.end(), _PATIENT, STRUCTURED) for m in rx.finditer(text) if m.start() != at]


def _given_again(text: str, cands: list[Candidate], r: _Reader) -> list[Candidate]:
    """A staff given name typed in lower case with a surname or an initial (``pilar g.``), found again alone."""
    given: set[str] = set()
    for c in cands:
        words = text[c.start:c.end].split()
        if c.label == _STAFF and len(words) >= 2 and words[0].islower() and len(words[0]) >= 4 and r.given(words[0], loose=True):
            given.add(words[0])
    taken = [(c.start, c.end) for c in cands]
    out = []
    for g in sorted(given):
        for m in re.finditer(rf"(?<![\w.]){re.escape(g)}(?![\w])", text):
            if not any(s < m.end() and m.start() < e for s, e in taken) and not re.search(r"(?i)(?:del?|virgen|santa|la)[ \t]+$", text[max(0, m.start() - 8):m.start()]):
                out.append(Candidate(m.start(), m.end(), _STAFF, STRUCTURED))
    return out
