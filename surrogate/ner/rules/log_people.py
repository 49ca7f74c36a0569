"""The person a timed log line opens on (round 26): a hostel's or a first-aid post's book, a night desk's log, an
outbreak's interview sheet, where each line starts with the time and then who came.

A note is a log when two of its lines or more open on a time (``19:10``, ``06:15h``). After a line's time:

* a given name and a surname in capitals, either way round (``Ji-hoon PARK (Corea do Sur)``, ``Oleksandr HNATIUK, de
  Lviv``, ``WANG Jiayi, 44a``), perhaps more name words: the given name known (a hyphenated one by its first part), the
  surname any word in capitals that is no clinical acronym;
* a known given name alone, when what follows says where the person comes from or opens a record's fields: ``from``/
  ``de``/``desde`` and a capitalised place, a parenthesis, or a comma and a number (``Siobhán from Galway``,
  ``Amadou (Senegal)``, ``Lucía, 34 a``).

A person so named is the patient; the name is cued, so the backend finds it again alone (``Oleksandr está na UCI``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import STRUCTURED, Candidate
from .vocab_people import NOT_GIVEN as _NOT_GIVEN
from .signatures import _NOT_INITIALS

_PATIENT = "NOMBRE_SUJETO_ASISTENCIA"
_TIME = r"(?:[01]?\d|2[0-3])[:.h][0-5]\d(?:h|[ \t]*h\.?)?"
_LOG_LINE = re.compile(rf"(?m)^[ \t]*[-*•]?[ \t]*{_TIME}[ \t]+(?=\S)")
_TITLE = r"[A-ZÁÉÍÓÚÑÀÈÒÇ][a-záéíóúñàèòïüçšžćčłøå]+(?:-[A-Za-záéíóúñàèòïüç][a-záéíóúñàèòïüç]+)?"
_CAPS = r"[A-ZÁÉÍÓÚÑÀÈÒÇÜ][A-ZÁÉÍÓÚÑÀÈÒÇÜ'’-]+"
_GIVEN_CAPS = re.compile(rf"(?P<n>{_TITLE}(?:[ \t]+{_TITLE})?(?:[ \t]+{_CAPS}){{1,2}}|{_CAPS}(?:[ \t]+{_CAPS})?(?:[ \t]+{_TITLE}){{1,2}})"
                         r"(?=[ \t]*(?:[,(:;]|$)|[ \t]+(?:de|from|desde|da|do)[ \t])", re.MULTILINE)
_GIVEN_ALONE = re.compile(rf"(?P<n>{_TITLE})(?=[ \t]*\([ \t]*[A-ZÁÉÍÓÚÑ]|[ \t]*,[ \t]*\d|"
                          r"[ \t]+(?:from|de|desde)[ \t]+[A-ZÁÉÍÓÚÑ])")


def log_people_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    """The people opening a timed log's lines, read as the module docstring says."""
    starts = [m.end() for m in _LOG_LINE.finditer(text)]
    if len(starts) < 2:
        return []

    def given(w: str) -> bool:
        head = w.split("-")[0]
        f = fold(w)
        return (len(head) >= 2 and f not in stop and f not in _NOT_GIVEN and f not in function_words and fold(head) not in function_words
                and (lexicon.is_("first_name", w) or lexicon.is_("first_name", head))
                and not lexicon.is_("profession", w) and not lexicon.place_at([f]))

    def caps(w: str) -> bool:
        return len(w) >= 2 and w not in _NOT_INITIALS and fold(w) not in function_words and not lexicon.place_at([fold(w)])

    out: list[Candidate] = []
    for pos in starts:
        m = _GIVEN_CAPS.match(text, pos)
        if m:
            words = m.group("n").split()
            givens = [w for w in words if not w.isupper()]
            if all(caps(w) for w in words if w.isupper()) and given(givens[0]):
                out.append(Candidate(m.start("n"), m.end("n"), _PATIENT, STRUCTURED))
                continue
        m = _GIVEN_ALONE.match(text, pos)
        if m and len(m.group("n")) >= 4 and given(m.group("n")):
            out.append(Candidate(m.start("n"), m.end("n"), _PATIENT, STRUCTURED))
    return out
