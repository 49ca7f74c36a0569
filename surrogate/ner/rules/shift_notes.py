"""Names as a ward's shift note writes them, typed fast in lower case inside a note of ordinary case.

A nursing evolution note keeps its headings, drugs and acronyms in capitals but names people in lower case, by a
given name or a nickname, with an initial: ``recibo a las 22h de marisa r. (turno tarde)``, ``entrego a paqui ortiz
(turno mañana)``, ``por orden del dr. salas``, ``con ayuda de javi (celador)``, ``J. Lobo (enf.)``, ``fisioterapia
(Álvaro M. pasa a las 9h)``; the patient's line ``box 7 · lozano vidal, mª carmen · nhc 40117382``. The lower-case
handover (``handover.py``) reads a note typed all in lower case; these cues are strong enough for any note:

* a title with its period and a lower-case known surname or given name: staff;
* a known given name (maybe with a surname or an initial) right before the shift in parentheses, or before a ward
  role in parentheses (``(celador)``, ``(enf.)``, ``(tcae)``, ``(fisio)``); an initial and a known surname too;
* a capitalised known given name with one initial, inside a sentence (``Álvaro M. pasa``): staff (a patient is
  named in full or by initials, a relative by the kinship word);
* ``surnames, given name`` in lower case, all of them known names, on a line that holds a record's cue (``nhc``,
  ``box``, ``cama``): the patient.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import STRUCTURED, Candidate
from .handover import _NOT_NAMES

_STAFF, _PATIENT = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA"
_LOW = r"[a-záéíóúñüç]+"
_STOP = _NOT_NAMES | frozenset({"que", "los", "las", "del", "por", "para", "una", "uno", "este", "esta", "ese", "esa", "guardia",
                                "planta", "unidad", "sala", "box", "cama", "turno", "orden", "ayuda", "busca", "enfermera",
                                "enfermero", "medico", "medica", "residente", "adjunto", "adjunta", "celador", "auxiliar",
                                # the patient's and the room's cue words of a handover ("hab 312 pac joaquin …")
                                "pac", "pte", "paciente", "hab", "habitacion"})
_TITLE = re.compile(rf"(?<![\w.])(?i:dr|dra)\.[ \t]*(?P<a>{_LOW})(?:[ \t]+(?P<b>{_LOW}))?(?![\w])")
# a street named after a doctor: "C/ Dr. esquerdo, 46"
_STREET_BEFORE = re.compile(r"(?i)(?:c/|calle|avda\.?|avenida|av\.|paseo|pº|plaza|pza\.?|ronda|traves[ií]a|carrer|r[uú]a)[ \t]*$")
# the shift or a ward role in parentheses after a name
_AFTER = re.compile(r"[ \t]*\([ \t]*(?i:(?:turno|t\.)[ \t]+(?:de[ \t]+)?(?:mañana|tarde|noche)|celador[a]?|tcae|aux\.?|auxiliar"
                    r"|enf\.?|enfermer[oa]|fisio|fisioterapeuta|matrona|supervisor[a]?|mir|r[1-5]|ts|trabajador[a]?[ \t]+social"
                    r"|m[eé]dic[oa](?:[ \t]+de[ \t]+guardia)?|intensivista|adjunt[oa]|hig|higienista|odont[oó]log[oa])\.?[ \t]*[),]")
_BACK_TOKEN = re.compile(r"(?<![\w.])(?:[^\W\d_]+|[^\W\d_]\.)$")
_GIVEN_INITIAL = re.compile(r"(?<![\w.-])(?P<name>[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{2,} [A-ZÁÉÍÓÚÑ]\.)(?=[ \t]+[a-záéíóúñ]|[ \t]*[),;:])")
_CAPITAL_BEFORE = re.compile(r"[A-ZÁÉÍÓÚÑ][\w.]*[ \t]+$")
_SURNAMES_GIVEN = re.compile(
    rf"(?<![\w.])(?P<name>{_LOW}(?:[ \t]+{_LOW}){{1,2}},[ \t]*(?:m\.?ª\.?[ \t]*|fco\.[ \t]*)?{_LOW}(?:[ \t]+{_LOW})?)(?![\w])")
_RECORD_CUE = re.compile(r"(?i)(?<![\w])(?:nhc|nºhc|nuhsa|sip|cip|historia|box|cama|hab\.?)(?![\w])")


def shift_note_candidates(text: str, lexicon: Lexicon) -> list[Candidate]:
    """Staff and patient names by the cues of a shift note (see the module docstring)."""

    def name_word(w: str, kind: str | None = None) -> bool:
        f = fold(w)
        if len(w) < 3 or f in _STOP:
            return False
        return lexicon.is_(kind, w) if kind else lexicon.is_("first_name", w) or lexicon.is_("surname", w)

    out = []
    for m in _TITLE.finditer(text):
        if name_word(m.group("a")) and not _STREET_BEFORE.search(text, max(0, m.start() - 12), m.start()):
            end = m.end("b") if m.group("b") and name_word(m.group("b"), "surname") else m.end("a")
            out.append(Candidate(m.start("a"), end, _STAFF, STRUCTURED))
    for m in _AFTER.finditer(text):
        span = _name_before(text, m.start(), name_word)
        if span:
            out.append(Candidate(span[0], span[1], _STAFF, STRUCTURED))
    for m in _GIVEN_INITIAL.finditer(text):
        given = m.group("name").split()[0]
        if name_word(given, "first_name") and not _CAPITAL_BEFORE.search(text, max(0, m.start() - 30), m.start()):
            out.append(Candidate(m.start(), m.end(), _STAFF, STRUCTURED))
    for m in _SURNAMES_GIVEN.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end())
        line = text[line_start:len(text) if line_end < 0 else line_end]
        surnames, _, given = m.group("name").partition(",")
        given_words = [w for w in re.findall(_LOW, given) if w not in ("m", "ª", "fco")]
        if _RECORD_CUE.search(line) and all(name_word(w, "surname") for w in surnames.split()) \
                and given_words and all(name_word(w, "first_name") for w in given_words):
            out.append(Candidate(m.start(), m.end(), _PATIENT, STRUCTURED))
    return out


def _name_before(text: str, pos: int, name_word) -> tuple[int, int] | None:
    """The name that ends at ``pos``: up to three words back, known given names or surnames or one initial, the
    first of them a known given name (``marisa r.``, ``paqui ortiz``) or an initial before a known surname
    (``J. Lobo``)."""
    end = pos
    while end > 0 and text[end - 1] in " \t":
        end -= 1
    words: list[tuple[int, int]] = []
    cur = end
    while len(words) < 3:
        m = _BACK_TOKEN.search(text, max(0, cur - 40), cur)
        if not m:
            break
        w = m.group()
        if not (len(w) == 2 and w.endswith(".") or name_word(w)):
            break
        words.insert(0, (m.start(), m.end()))
        if len(w) == 2 and len(words) > 1:
            break  # an initial before a word starts the name ("J. Lobo"); one after it ends it ("marisa r.")
        cur = m.start()
        while cur > 0 and text[cur - 1] in " \t":
            cur -= 1
        if m.start() - cur != 1 or text[cur] != " ":
            break  # one space between a name's words: a column gap or no space ends it
    if not words:
        return None
    first = text[words[0][0]:words[0][1]]
    if len(first) == 2:  # an initial: a known surname must follow ("J. Lobo")
        rest = [text[s:e] for s, e in words[1:]]
        return (words[0][0], end) if rest and name_word(rest[0], "surname") else None
    if not name_word(first, "first_name"):
        return None
    return words[0][0], end
