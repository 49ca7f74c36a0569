"""Names in a note typed fast in lower case, though a few words keep their capitals.

A triage log, a ward handover or a discharge pasted from a phone is typed by busy staff: lines and sentences start in
lower case and so do the names, while acronyms and a heading keep capitals (``22:10 felisa garcia lozano 81a M nhc
…``, ``hab 401-b manuel ortiz 84a``, ``avisado dr ortega``, ``entregan: lucia y quique   reciben: bea, sergio (tcae
maribel)``). Such a note is no lower-case note by its letters (:func:`.recase.body_layout`), so it is told by how its
lines and sentences start. There, names are read by the cues of such a log:

* a run of known names, a given name first and a surname or an initial after it, at the start of a record's line
  (a time, ``hab 401-a``, ``box 3``, ``cama 6``) or right before an age (``81a``, ``27 a``, ``52 años``): the patient;
  each surname of it, found again alone in lower case (``pendiente tc mendez``), is the patient too;
* known given names listed after the shift's verbs (``entregan:``, ``reciben:``, ``entrego a turno de mañana (``) or
  after a ward role (``tcae``, ``supervisora de guardia``, ``celador``): staff.

A log's conventions hold in any note (:func:`log_candidates`): the shift's or a role's holder in parentheses (``tarde
(Iago)``, ``manha (Rosalia cobre a Uxia)``, ``enf (Chus)``), an abbreviated weekday and its day (``lun 9``), a day and
month at a line's start before the time (``10/4 9:00``). In a note typed fast, a phone extension with no number before
it (``ext 4417``) is a phone too.

A common word that is also a surname (``rosa``, ``blanco``) is never a name alone: a given name must start the run.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from . import patterns as P
from .common import STRUCTURED, Candidate
from .recase_cues import SURNAME_TOO
from .staff_roles import SURNAME_ABBREVIATIONS

_PATIENT, _STAFF = "NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO"
# a chat pasted into the chart opens each line with its time stamp in brackets: "[10/3/25 22:14] ana r.: ok"
_LINE_START = re.compile(r"(?m)^[ \t\-*·>]*(?:\[[\d/.,:\- \t]{3,24}\][ \t]*)?(?:\d[\d:.,/h-]*[ \t]+)?([^\W\d_])")
_SENTENCE_START = re.compile(r"[.!?][ \t]+([^\W\d_])")
_CAPS_START = re.compile(r"[A-ZÁÉÍÓÚÑÀÈÒÇ][A-ZÁÉÍÓÚÑÀÈÒÇ\d]+(?![^\W\d_])")  # "MC", "TEP", "O2": a heading, an acronym
# a note dictated to a voice assistant keeps its spoken punctuation: "... coma natural de x punto y aparte\nantecedentes"
_DICTATED = re.compile(r"(?<![\w])punto[ \t]+y[ \t]+(?:aparte|seguido)(?![\w])")
_SPOKEN_START = re.compile(r"(?<![\w])punto(?:[ \t]+y[ \t]+(?:aparte|seguido))?[ \t\n]+(?!(?:y|de|del|en|a)(?![\w]))([^\W\d_])")
# a name's word as typed fast: lower case, or capitalised ("11:10 Jordi Valls 55 home")
_LOW_WORD = re.compile(r"[A-ZÁÉÍÓÚÑ]?[a-zñçáéíóúü]+\.?")
# a record's line: a time, a room, a box or a bed, then the name
_RECORD_PREFIX = re.compile(r"(?m)^[ \t]*(?:\d{1,2}[:.h]\d{2}h?|(?:hab|habitacion|box|cama)\.?[ \t]*\d{1,4}(?:-?[a-z])?)[ \t]+")
# surnames, an optional comma, given names: a roll-call's "ruiz ortega pilar", "gutierrez s., rocio"
_SURNAMES_GIVEN = re.compile(r"(?P<sur>[a-zñçáéíóúü]{2,}\.?(?:[ \t]+[a-zñçáéíóúü]+\.?){0,2})(?P<comma>[ \t]*,)?[ \t]+"
                             r"(?P<giv>[a-zñçáéíóúü]{3,}(?:[ \t]+[a-zñçáéíóúü]{3,})?)")
_AGE_OR_NUMBER = re.compile(r"[ \t,]+\d{1,3}(?:[ \t]?(?:a|años|anos|anys|a\.))?(?![\w/:.,'])")
_DON = re.compile(r"(?:d|dña|dª|don|doña|sr|sra)\.?[ \t]+(?=[a-zñ])")
# (a nickname in parentheses may come between: "covadonga fdez suarez (cova), 58a")
_AGE_AFTER = re.compile(r"(?:[ \t]*\([^()\n]{2,30}\))?[ \t,]+\d{1,3}[ \t]?(?:a|años|anos|anys|m|meses)(?![\w])")
# "entregan: lucia y quique", "entrego a turno de mañana (paco y bea)", "enf triaje: mª jose", "apoyo box 3: ruben"
_STAFF_LIST_CUE = re.compile(r"(?<![\w])(?:(?:entregan|reciben|entrega|recibe)[ \t]*:?|(?:entrego[ \t]+a|recibo[ \t]+de)(?:[^\n(:]{0,30}[:(])?|"
                             r"(?:enf|enfermera|tcae|apoyo|celador|residente)(?:[ \t]+[^\W\d_]+|[ \t]+box[ \t]*\d+){0,2}[ \t]*:)"
                             r"[ \t]*(?:m[ªa]\.?[ \t]*(?=[^\W\d_]{3}))?")
_ROLE_CUE = re.compile(r"(?<![\w])(?:tcae|celador[a]?|auxiliar|aux|fisio|matrona|llevadora|supervisor[a]?(?:[ \t]+de[ \t]+guardia)?)"
                       r"\.?[ \t]+(?=[^\W\d_])")
_PARTICLES = frozenset({"de", "del", "la", "las", "los"})
# the shift's or a role's holder in parentheses: "tarde (Iago)", "manha (Rosalia cobre a Uxia)", "enf (Chus)"
_HOLDER = re.compile(r"(?<![\w])(?:mañana|manana|tarde|noche|manha|noite|mati|matí|tarda|nit|enf|fisio|tcae|aux|celador[a]?|"
                     r"supervisor[a]?)\.?[ \t]*\([ \t]*(?P<a>[^\W\d_]{3,})(?:[ \t]+(?:cubre|cobre|cobreix)[ \t]+a[ \t]+"
                     r"(?P<b>[^\W\d_]{3,}))?[ \t]*\)")
# a log's day: an abbreviated weekday and the day of the month ("lun 9", "mer 16", "sab 19"); a day and month at the
# start of a log line, before the time ("10/4 9:00", "11.04 17:45")
_WEEKDAY_DAY = re.compile(r"(?<![\w])(?:lun|mar|mie|mié|mier|jue|vie|sab|sáb|dom|mer|mér|xov|ven|luns|mérc)\.?[ \t]+"
                          rf"{P.DAY}(?![\w]|[/.:,-]\w)")
_LINE_DAY = re.compile(rf"(?m)^[ \t]*(?P<d>{P.DAY}[/.]{P.MONTH})(?=[ \t]+\d{{1,2}}:\d{{2}}(?!\d))")
# an extension alone, with no phone number before it: "ext 4417", "(ext 38214)"
_EXTENSION = re.compile(r"(?<![\w])(?:ext|extensi[oó]n)\.?[ \t]*(?P<n>\d{3,5})(?![\d/.:-]?\d)")
_NUMBER_BEFORE = re.compile(r"\d[ \t]*[,(/-]?[ \t]*$")


def typed_in_lower(text: str) -> bool:
    """Most lines and sentences of ``text`` start in lower case (at least eight starts to judge by); in a dictation
    (``punto y aparte``), also the words after a spoken ``punto``. A start on a word in capitals (a triage sheet's
    heading or an acronym: ``MC:``, ``NIVEL 3``, ``TEP:``) counts towards the eight but tells neither way (four others
    must tell)."""
    spoken = (_SPOKEN_START,) if _DICTATED.search(text) else ()  # a dictation's "punto" ends its sentences
    found = [m.start(1) for rx in (_LINE_START, _SENTENCE_START, *spoken) for m in rx.finditer(text)]
    starts = [text[at] for at in found if not _CAPS_START.match(text, at)]
    return len(found) >= 8 and len(starts) >= 4 and sum(c.islower() for c in starts) >= 0.6 * len(starts) \
        or _body_in_lower(text)


_LONG_WORD = re.compile(r"[^\W\d_]{3,}")


def _body_in_lower(text: str) -> bool:
    """A run sheet or a log whose lines open on headings in capitals (``MC:``, ``AP:``, ``ECG:``) but whose words are
    typed in lower case: of forty words or more, seven in ten in lower case and next to none capitalised as a name."""
    words = _LONG_WORD.findall(text)
    titled = sum(w[0].isupper() and w[1:].islower() for w in words)
    return len(words) >= 40 and sum(w.islower() for w in words) >= 0.7 * len(words) and titled <= max(2, 0.02 * len(words))


def _again(names: list[str], stop: frozenset[str]) -> list[str]:
    """The words of a patient's name worth finding again alone: the surnames and the given name, not a particle, an
    initial or an ordinary word ("moreno", "rosa")."""
    return [w for w in names if len(w) >= 3 and w not in _PARTICLES and fold(w) not in stop]


_NAME_LABELS = frozenset({_PATIENT, _STAFF, "FAMILIARES_SUJETO_ASISTENCIA"})
_BARE_HEADS = frozenset({"cap", "cs", "hospital", "clinica", "centro", "residencia", "farmacia", "mutua"})
# Catalan and Galician function words that the census lists hold as given names ("ve amb la mare per la tarda")
_CO_OFFICIAL_WORDS = frozenset({"per", "amb", "els", "dels", "pel", "pels", "sen", "dende", "ben", "molt", "tamen", "tambe"})


def kept_from_view(text: str, cand: Candidate, lexicon: Lexicon, stop: frozenset[str]) -> bool:
    """Whether a candidate that the recased view of a note typed fast in lower case adds is kept: a name only when
    each of its words is a known given name or surname, no ordinary or function word, or an initial (the view
    capitalises a sentence's first word: "Sigue", "Per"); anything else not when it is one such word alone or a
    facility's head alone ("cap")."""
    words = re.findall(r"[^\W\d_]+", text[cand.start:cand.end])
    if cand.label in _NAME_LABELS:
        return bool(words) and all(len(w) == 1 or len(w) >= 3 and fold(w) not in stop | _CO_OFFICIAL_WORDS and (
            lexicon.is_("first_name", w) or lexicon.is_("surname", w)) for w in words)
    if len(words) == 1 and fold(words[0]) == "usa" and words[0].islower() \
            and not re.search(r"(?<![\w])(?:en|de|a|desde|hacia|por)[ \t]+$", text[max(0, cand.start - 8):cand.start]):
        return False  # "en casa usa un andador": the verb, that the view writes in capitals as the country
    return not (len(words) == 1 and (fold(words[0]) in stop or fold(words[0]) in _BARE_HEADS))


def log_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """A log's conventions in any note: the shift's holder in parentheses, a weekday and day, a day and month
    before the time."""
    out = [Candidate(m.start(), m.end(), "FECHAS", STRUCTURED) for m in _WEEKDAY_DAY.finditer(text)]
    out += [Candidate(m.start("d"), m.end("d"), "FECHAS", STRUCTURED) for m in _LINE_DAY.finditer(text)]
    for m in _HOLDER.finditer(text):
        for g in ("a", "b"):
            w = m.group(g)
            if w and fold(w) not in stop and (lexicon.is_("first_name", w) or w[0].isupper() and w[1:].islower()
                                              and not lexicon.place_at([fold(w)])):
                out.append(Candidate(m.start(g), m.end(g), _STAFF, STRUCTURED))
    return out


def typed_fast_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """Patient and staff names by the cues of a note typed fast in lower case (see the module docstring); ``stop``
    holds the ordinary words that the census lists also hold as names. A log's conventions hold in any note."""
    if not typed_in_lower(text):
        return log_candidates(text, lexicon, stop)

    def known(w: str, kind: str, *, in_run: bool = False) -> bool:
        f = fold(w)
        return len(w) >= 3 and (f not in stop or in_run and f in SURNAME_TOO) and lexicon.is_(kind, w)

    def run_at(pos: int) -> tuple[int, int, list[str]] | None:
        """A lower-case name run at ``pos``: a known given name, then known names, particles or one initial."""
        words: list[re.Match[str]] = []
        at = pos
        while len(words) < 5:
            m = _LOW_WORD.match(text, at)
            if not m:
                break
            w = m.group().rstrip(".")
            if m.group().endswith(".") and not (len(w) == 1 and words) or words and w[0].isupper() != words[0].group()[0].isupper():
                break  # an abbreviation ends the run; an initial after a name ends it too ("claudia ferrer b.")
            if not words and not known(w, "first_name"):
                return None
            if words and not (len(w) == 1 or known(w, "first_name") or known(w, "surname", in_run=True) or w in _PARTICLES
                              or fold(w) in SURNAME_ABBREVIATIONS):  # "covadonga fdez suarez"
                break
            if words and w in ("la", "el") and words[-1].group() != "de":
                break  # "jaime soler gallardo la chema 61a": a nickname's article ("de la fuente" is a surname's)
            words.append(m)
            if len(w) == 1:
                break
            nxt = re.match(r"[ \t]", text[m.end():m.end() + 1])
            if not nxt:
                break
            at = m.end() + 1
        while words and words[-1].group() in _PARTICLES:
            words.pop()
        names = [w.group() for w in words]
        if len(names) < 2:
            return None
        return words[0].start(), words[-1].end(), names

    out: list[Candidate] = []
    surnames: set[str] = set()
    seen: set[int] = set()
    def given(w: str, loose: bool) -> bool:
        return known(w, "first_name") or loose and len(w) >= 3 and fold(w) not in _PARTICLES and lexicon.is_("first_name", w)

    def surnames_first(pos: int) -> tuple[int, int, list[str]] | None:
        """``ruiz ortega pilar 67a``, ``moreno, eusebio 81``, ``gutierrez s., rocio 38 a``: surnames (two at least
        with no comma), then known given names, then an age: a roll-call's patient, surname first."""
        m = _SURNAMES_GIVEN.match(text, pos)
        if not m:
            return None
        sur = m.group("sur").split()
        comma = bool(m.group("comma"))
        if len(sur) < (1 if comma else 2) or not all(len(w) == 2 and w.endswith(".") or known(w.rstrip("."), "surname", in_run=comma or k > 0)
                                                    for k, w in enumerate(sur)):
            return None
        giv = m.group("giv").split()
        for n in (2, 1):
            # two surnames and an age vouch for a given name that is also a word ("ruiz ortega pilar 67a")
            if len(giv) >= n and given(giv[0], len(sur) >= 2 or comma) and (n == 1 or given(giv[1], True)):
                end = m.start("giv") + len(" ".join(giv[:n]))
                if _AGE_OR_NUMBER.match(text, end):
                    return pos, end, [*[w.rstrip(".") for w in sur], *giv[:n]]
        return None

    for m in _RECORD_PREFIX.finditer(text):
        at = m.end() + (h.end() if (h := _DON.match(text[m.end():])) else 0)
        found = run_at(at) or surnames_first(at)
        if found:
            seen.add(found[0])
            out.append(Candidate(found[0], found[1], _PATIENT, STRUCTURED))
            surnames.update(_again(found[2], stop))
    for m in re.finditer(r"(?<![\w.])(?=[a-zñáéíóú])", text):
        if m.start() in seen:
            continue
        found = run_at(m.start())
        if found and _AGE_AFTER.match(text, found[1]):
            seen.add(found[0])
            out.append(Candidate(found[0], found[1], _PATIENT, STRUCTURED))
            surnames.update(_again(found[2], stop))
    taken = [(c.start, c.end) for c in out]
    for s in sorted(surnames):
        for m in re.finditer(rf"(?<![\w]){re.escape(s)}(?![\w])", text):
            if not any(a <= m.start() < b for a, b in taken):
                out.append(Candidate(m.start(), m.end(), _PATIENT, STRUCTURED))
    for rx in (_STAFF_LIST_CUE, _ROLE_CUE):
        for m in rx.finditer(text):
            at = m.end()
            abbrev = re.search(r"m[ªa]\.?[ \t]*$", m.group())
            while True:  # "lucia y quique", "bea, sergio": given names joined by commas or "y"
                w = re.match(r"[^\W\d_]+", text[at:])
                if not w or not known(w.group(), "first_name"):
                    break
                out.append(Candidate(m.end() - len(abbrev.group()) if abbrev and at == m.end() else at, at + w.end(), _STAFF, STRUCTURED))
                sep = re.match(r"(?:[ \t]*,[ \t]*|[ \t]+y[ \t]+)", text[at + w.end():])
                if not sep or rx is _ROLE_CUE:
                    break
                at += w.end() + sep.end()
    # an extension alone is a phone in such a note (the annotated sets of ordinary notes leave it out)
    out += [Candidate(m.start("n"), m.end("n"), "NUMERO_TELEFONO", STRUCTURED) for m in _EXTENSION.finditer(text)
            if not _NUMBER_BEFORE.search(text, max(0, m.start() - 6), m.start())]
    return out + log_candidates(text, lexicon, stop)
