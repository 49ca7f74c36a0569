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

A common word that is also a surname (``rosa``, ``blanco``) is never a name alone: a given name must start the run.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import STRUCTURED, Candidate
from .recase_cues import SURNAME_TOO

_PATIENT, _STAFF = "NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO"
_LINE_START = re.compile(r"(?m)^[ \t\-*·>]*(?:\d[\d:.,/h-]*[ \t]+)?([^\W\d_])")
_SENTENCE_START = re.compile(r"[.!?][ \t]+([^\W\d_])")
_LOW_WORD = re.compile(r"[a-zñçáéíóúü]+\.?")
# a record's line: a time, a room, a box or a bed, then the name
_RECORD_PREFIX = re.compile(r"(?m)^[ \t]*(?:\d{1,2}[:.h]\d{2}h?|(?:hab|habitacion|box|cama)\.?[ \t]*\d{1,4}(?:-?[a-z])?)[ \t]+")
_AGE_AFTER = re.compile(r"[ \t,]+\d{1,3}[ \t]?(?:a|años|anos|anys|m|meses)(?![\w])")
_STAFF_LIST_CUE = re.compile(r"(?<![\w])(?:entregan|reciben|entrega|recibe|entrego[ \t]+a[^\n(:]{0,30}?|recibo[ \t]+de)[ \t]*[:(]?[ \t]*")
_ROLE_CUE = re.compile(r"(?<![\w])(?:tcae|celador[a]?|auxiliar|aux|fisio|matrona|llevadora|supervisor[a]?(?:[ \t]+de[ \t]+guardia)?)"
                       r"\.?[ \t]+(?=[^\W\d_])")
_PARTICLES = frozenset({"de", "del", "la", "las", "los"})


def typed_in_lower(text: str) -> bool:
    """Most lines and sentences of ``text`` start in lower case (at least eight starts to judge by)."""
    starts = [m.group(1) for rx in (_LINE_START, _SENTENCE_START) for m in rx.finditer(text)]
    return len(starts) >= 8 and sum(c.islower() for c in starts) >= 0.6 * len(starts)


def _again(names: list[str], stop: frozenset[str]) -> list[str]:
    """The words of a patient's name worth finding again alone: the surnames and the given name, not a particle, an
    initial or an ordinary word ("moreno", "rosa")."""
    return [w for w in names if len(w) >= 3 and w not in _PARTICLES and fold(w) not in stop]


def typed_fast_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """Patient and staff names by the cues of a note typed fast in lower case (see the module docstring); ``stop``
    holds the ordinary words that the census lists also hold as names."""
    if not typed_in_lower(text):
        return []

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
            if m.group().endswith(".") and not (len(w) == 1 and words):
                break  # an abbreviation ends the run; an initial after a name ends it too ("claudia ferrer b.")
            if not words and not known(w, "first_name"):
                return None
            if words and not (len(w) == 1 or known(w, "first_name") or known(w, "surname", in_run=True) or w in _PARTICLES):
                break
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
    for m in _RECORD_PREFIX.finditer(text):
        found = run_at(m.end())
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
            while True:  # "lucia y quique", "bea, sergio": given names joined by commas or "y"
                w = re.match(r"[^\W\d_]+", text[at:])
                if not w or not known(w.group(), "first_name"):
                    break
                out.append(Candidate(at, at + w.end(), _STAFF, STRUCTURED))
                sep = re.match(r"(?:[ \t]*,[ \t]*|[ \t]+y[ \t]+)", text[at + w.end():])
                if not sep or rx is _ROLE_CUE:
                    break
                at += w.end() + sep.end()
    return out
