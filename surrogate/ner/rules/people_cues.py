"""People named by a cue a fast note or a reminder log gives them (round 23).

* a shift's handover: a handover verb, ``de`` or ``a``, then a capitalised known given name before the shift in
  parentheses or a colon (``recibo de Tino (noche)``, ``paso a Lucía: estable``): staff;
* a notary, a lawyer, a solicitor or a judge before a known surname or given name (``notario Puigdemunt``, ``abogada
  Serrano (de oficio)``, ``notari Pujades``): no patient and no relative, so staff by the conventions;
* a guard's, an officer's or a warder's number after the name their role gives (``funcionario Ortega (nº 50231)``,
  ``agente Pozo placa 1182``): the number is theirs (``ID_EMPLEO``);
* an appointment reminder's addressee: a given name in capitals opening the quoted text of an SMS, maybe after the
  sender's name and a colon (``"HOSP X: M. CARMEN tiene cita ..."``, ``"JULIAN extraccion ..."``), or any known given
  name right before ``tiene cita``/``cita``: the patient;
* a name the note already holds, again in lower case after ``ningún``/``ninguna`` (a wrong number's reply: ``aqui no
  hay ninguna carmen``): the same person.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import STRUCTURED, Candidate

_STAFF, _PATIENT, _EMPLOYEE = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA", "ID_EMPLEO_PERSONAL_SANITARIO"
_NAMES = frozenset({_STAFF, _PATIENT, "FAMILIARES_SUJETO_ASISTENCIA"})
_CAP = r"[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,}"
_SHIFT = r"(?:turno[ \t]+(?:de[ \t]+)?)?(?:mañana|manana|tarde|noche)"
_HANDOVER = re.compile(rf"(?i:(?<![\w])(?:recibo|recibe|recib[ií]|entrego|entrega|paso|pasa|relevo|releva|doy[ \t]+relevo))[ \t]+"
                       rf"(?i:de|a|al)[ \t]+(?P<n>{_CAP})(?=[ \t]*(?:\([ \t]*(?i:{_SHIFT})[ \t]*\)|:[ \t]))")
_LEGAL = re.compile(rf"(?<![\w])(?i:notari[oa]?|abogad[oa]|letrad[oa]|procurador[a]?|advocat[a]?|avogad[oa]|juez|jueza|jutge[ssa]*)"
                    rf"[ \t]+(?:(?i:d\.|dña\.?|don|doña|sr\.?|sra\.?)[ \t]+)?(?P<n>{_CAP}(?:-{_CAP})?)(?![\w])")
_OFFICER = (r"funcionari[oa]|agente|guardia(?:[ \t]+civil)?|polic[ií]a(?:[ \t]+(?:local|nacional|municipal))?|vigilante|"
            r"sargento|cabo|mosso|ertzaina|celador[a]?|oficial")
_OFFICER_NUMBER = re.compile(rf"(?i:(?<![\w])(?:{_OFFICER}))[ \t]+{_CAP}(?:[ \t]+{_CAP})?[ \t]*,?[ \t]*\(?[ \t]*"
                             r"(?i:n[ºo°]\.?|n[uú]m\.?|placa|TIP|carn[eé]t)[ \t]*:?[ \t]*(?P<code>\d{3,8})(?![\w/.,-]\d)")
# the addressee of a reminder: a quoted text's opening capitals, maybe after "SENDER:"
_UPPER = r"[A-ZÁÉÍÓÚÑ]{3,}"
_QUOTED_OPENING = re.compile(rf"[\"“«](?:[^\"“”«»\n:]{{2,40}}:[ \t]*)?(?P<n>(?:[A-ZÑ]\.[ \t]*)?{_UPPER}(?:[ \t]+{_UPPER})?)"
                             r"(?=[ \t]+[a-záéíóúñ])")
_BEFORE_CITA = re.compile(rf"(?<![\w.])(?P<n>(?:[A-ZÑ]\.[ \t]*)?(?:{_UPPER}|{_CAP})(?:[ \t]+(?:{_UPPER}|{_CAP}))?)[ \t]+(?:tiene[ \t]+)?(?i:cita)(?![\w])")
_NONE = re.compile(r"(?i)(?<![\w])ning[uú]n[ao]?[ \t]+(?P<n>[a-záéíóúñ]{3,})(?![\w])")


def people_cue_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    """Staff by a handover or a legal role, an officer's number, a reminder's addressee (see the module docstring)."""

    def plain(w: str) -> bool:
        f = fold(w)
        return len(f) >= 3 and f not in function_words and not lexicon.place_at([f])

    def given(w: str) -> bool:
        return plain(w) and fold(w) not in stop and lexicon.is_("first_name", w)

    out: list[Candidate] = []
    for m in _HANDOVER.finditer(text):
        if given(m.group("n")):
            out.append(Candidate(m.start("n"), m.end("n"), _STAFF, STRUCTURED))
    for m in _LEGAL.finditer(text):
        n = m.group("n")
        if plain(n) and (lexicon.is_("surname", n) or lexicon.is_("first_name", n)):
            out.append(Candidate(m.start("n"), m.end("n"), _STAFF, STRUCTURED))
    out += [Candidate(m.start("code"), m.end("code"), _EMPLOYEE, STRUCTURED) for m in _OFFICER_NUMBER.finditer(text)]
    for rx in (_QUOTED_OPENING, _BEFORE_CITA):
        for m in rx.finditer(text):
            words = re.findall(r"[^\W\d_]{2,}", m.group("n"))
            initial = "." in m.group("n")  # "M. DOLORES": an initial says a name, whatever the word also means
            if words and all(given(w.title()) or initial and fold(w) not in function_words and lexicon.is_("first_name", w.title()) for w in words):
                out.append(Candidate(m.start("n"), m.end("n"), _PATIENT, STRUCTURED))
    return out


def named_again_after_none(text: str, cands: list[Candidate], lexicon: Lexicon) -> list[Candidate]:
    """A given name the note holds as a person, again in lower case after ``ningún``/``ninguna``: that person."""
    names = {}
    for c in cands:
        if c.label in _NAMES:
            for w in re.findall(r"[^\W\d_]{3,}", text[c.start:c.end]):
                names.setdefault(fold(w), c.label)
    out = []
    for m in _NONE.finditer(text):
        f = fold(m.group("n"))
        if f in names and lexicon.is_("first_name", m.group("n")):
            out.append(Candidate(m.start("n"), m.end("n"), names[f], STRUCTURED))
    return out
