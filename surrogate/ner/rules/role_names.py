"""People named beside a role, an age or a nickname's cue that the other person rules do not read (round 26).

* a go-between's role, then the name (capitalised, or in lower case when every word is a known name): an
  interpreter, a cultural mediator, a courier (``la mediadora khady faye``, ``traduce Olena, peregrina``, ``El
  repartidor Airam (furgón ...)``, ``intèrpret Fatou``); an inspector's or a technician's initials and surnames
  (``el técnico M. Á. Cueto Llano``): staff;
* a known given name right before a care or a helper's role in Spanish, Catalan, Galician or Basque (``Iñigo
  zeladorea``, ``Karmele, bizilaguna``, ``Marta, enfermera``): staff;
* a known given name before an age in parentheses (``Andoni (81 urte)``, ``Lucía (34 años)``): the patient;
* a known given name alone in parentheses closing a timed log's line (``... hablan frances alli (Amaia)``): the
  writer, staff;
* a nickname after ``llaman``/``apodan``/``dicen`` (``a quien todos llaman Chusa``): the patient;
* an e-mail's sign-off: a known given name opening a line, then a middle dot or a bar and the writer's department
  (``Tania · Atención al cliente``): staff.

Each name is cued: the backend finds it again where it recurs (``explicado con khady``, ``taxia Andoni``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from . import patterns as P
from .common import GAZETTEER, STRUCTURED, Candidate
from .vocab_people import NOT_GIVEN as _NOT_GIVEN

_STAFF, _PATIENT = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA"
_GO_BETWEEN = (r"mediador[a]?(?:[ \t]+(?:cultural|intercultural|social))?|mediadora|int[eé]rprete|int[eè]rpret|traductor[a]?|"
               r"itzultzailea|repartidor[a]?|mensajer[oa]|missatger[a]?|rider|(?P<verb>tradu[cz]e|tradueix|interpreta)")
_WORD = r"[^\W\d_][^\W\d_'’-]*"
_GO_BETWEEN_NAME = re.compile(rf"(?i)(?<![\w])(?:{_GO_BETWEEN})[ \t]*:?[ \t]+(?P<n>{_WORD}(?:[ \t]+{_WORD}){{0,2}})")
_INSPECTOR = r"t[eé]cnic[oa]|inspector[a]?|veterinari[oa]|farmac[eé]utic[oa]|enfermer[oa]|infermer[a]|m[eé]dic[oa]|metge(?:ssa)?"
_ROLE_INITIALS = re.compile(rf"(?i)(?<![\w])(?:{_INSPECTOR})[ \t]+(?P<n>(?-i:(?:[A-ZÁÉÍÓÚÑ]\.[ \t]?){{1,3}}"
                            r"[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(?:[ \t-]+[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)?))(?![\w])")
# a role after the name (Basque roles are nouns with the article "-a" glued: "zeladorea", "bizilaguna")
_AFTER_ROLE = (r"zeladore[a]?|erizain[a]?|medikua|sendagilea|bizilagun[a]?|auzokide[a]?|zaintzaile[a]?|gidari[a]?|"
               r"celador[a]?|zelador[a]?|enfermer[oa]|infermer[a]|enfermeir[oa]|auxiliar|tcae|administrativ[oa]|"
               r"vecin[oa]|ve[iï]n[a]?|veciñ[oa]|cuidador[a]?|coidador[a]?|conductor[a]?|camiller[oa]|recepcionista|"
               r"telefonista|vigilante|seguratas?|voluntari[oa]|fisio")
_NAME_ROLE = re.compile(rf"(?<![\w.])(?P<n>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{{2,}})[ \t]*,?[ \t]+(?i:{_AFTER_ROLE})(?![\w])")
# "su nieta, Aina, enfermera", "filla Júlia (3 anys)", "fillo (brais, enfermeiro": a relative, not staff nor the patient
_WORD_BEFORE = re.compile(r"([^\W\d_]+)[ \t]*[,:(]?[ \t]*$")
_CAPITAL_BEFORE = re.compile(r"[A-ZÁÉÍÓÚÑ][^\W\d_]+[ \t]+$")  # "Amparo Soler Miró, vecina": the full name is found apart
_KIN = P.KINSHIP_FOLDED | P.KINSHIP_CO_FOLDED | {"hermanos", "hermanas", "hijos", "hijas", "fills", "fillos", "nietos"}
_NAME_AGE = re.compile(r"(?<![\w.])(?P<n>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,})[ \t]*\([ \t]*\d{1,3}[ \t]*(?i:urte|años|anys|anos|a\.?)[ \t]*\)")
_TIMED_LINE = re.compile(r"(?m)^[ \t]*(?:[01]?\d|2[0-3])[:.][0-5]\d")
_CLOSING_PARENS = re.compile(r"(?m)\([ \t]*(?P<n>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,})[ \t]*\)[ \t.]*$")
_NICKNAME = re.compile(r"(?<![\w])(?i:llaman|apodan|apodaban|llamaban|diuen|chaman)[ \t]+(?P<n>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,})(?![\w])")
_SIGN_OFF = re.compile(r"(?m)^[ \t]*(?P<n>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,}(?:[ \t]+[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,}){0,2})[ \t]+[·|][ \t]+[A-ZÁÉÍÓÚÑ]")


def role_name_candidates(text: str, lexicon: Lexicon, stop: frozenset[str],
                         function_words: frozenset[str]) -> tuple[list[Candidate], list[Candidate]]:
    """People beside a role, an age, a nickname's cue or an e-mail's sign-off, read as the module docstring says:
    the cued names (found again where they recur), and the weak ones after a verb (found once)."""
    out: list[Candidate] = []
    weak: list[Candidate] = []

    def plain(w: str) -> bool:
        f = fold(w)
        return len(f) >= 3 and f not in stop and f not in function_words and not lexicon.place_at([f]) \
            and not lexicon.is_("profession", w)

    def given(w: str) -> bool:
        return plain(w) and lexicon.is_("first_name", w) and fold(w) not in _NOT_GIVEN

    def name_word(w: str) -> bool:
        return plain(w) and (lexicon.is_("first_name", w) or lexicon.is_("surname", w))

    for m in _GO_BETWEEN_NAME.finditer(text):
        words = [(w.start(), w.end()) for w in re.finditer(_WORD, m.group("n"))]
        first = m.group("n")[:words[0][1]]
        if not given(first):
            continue
        capital = first[0].isupper()
        k = 1
        while k < len(words):
            w = m.group("n")[words[k][0]:words[k][1]]
            if w[0].isupper() != capital or not name_word(w) or (not capital and fold(w) in stop):
                break
            k += 1
        if not m.group("verb"):
            out.append(Candidate(m.start("n"), m.start("n") + words[k - 1][1], _STAFF, STRUCTURED))
        else:  # "tradueix Ionela": the patient may translate for herself; weakest, and not found again
            weak.append(Candidate(m.start("n"), m.start("n") + words[k - 1][1], _STAFF, GAZETTEER))
    for m in _ROLE_INITIALS.finditer(text):
        surnames = re.findall(r"[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+", m.group("n").split(".")[-1])
        if surnames and lexicon.is_("surname", surnames[0]) and plain(surnames[0]):
            out.append(Candidate(m.start("n"), m.end("n"), _STAFF, STRUCTURED))
    for rx, label in ((_NAME_ROLE, _STAFF), (_NAME_AGE, _PATIENT), (_NICKNAME, _PATIENT), (_SIGN_OFF, _STAFF)):
        for m in rx.finditer(text):
            words = m.group("n").split()
            before = _WORD_BEFORE.search(text, max(0, m.start() - 30), m.start())
            if rx in (_NAME_ROLE, _NAME_AGE) and before and fold(before.group(1)) in _KIN:
                continue
            if rx is _NAME_ROLE and _CAPITAL_BEFORE.search(text, max(0, m.start() - 30), m.start()):
                continue
            if given(words[0]) and all(name_word(w) for w in words[1:]) or rx is _NICKNAME and name_word(words[0]):
                out.append(Candidate(m.start("n"), m.end("n"), label, STRUCTURED))
    if len(_TIMED_LINE.findall(text)) >= 2:
        for m in _CLOSING_PARENS.finditer(text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            if _TIMED_LINE.match(text, line_start) and given(m.group("n")):
                out.append(Candidate(m.start("n"), m.end("n"), _STAFF, STRUCTURED))
    return out, weak
