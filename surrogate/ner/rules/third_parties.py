"""People who are neither the patient nor a relative, named by the role a note gives them (round 22).

A note typed fast names the people around the patient by what they do, in any layout; by the conventions a person who
is no patient and no relative (a carer, a neighbour, a police officer, a security guard, a technician) is staff.

* a third party's or a team's role word, then a known given name, capitalised (``vigilante Paco ext 4480``,
  ``cuidadora interna Lidia (de peru)``, ``la veína Montse``) or in parentheses (``veciña (Carmiña)``, ``TO (Amaia)``,
  ``avisado mantenimiento (Quique)``); a police rank before a known surname too (``caporal Ferrer TIP 1234``,
  ``sargento Ibáñez``);
* a lower-case honorific without its period, then a capitalised known surname or given name (``la sra Pujol``,
  ``(sr Ballester)``): staff after a third party's role word in the same clause (``la vecina del 1º (sra X)``), else the
  patient, as the honorific rules read ``Sra. X``;
* a known given name before a technician's or a driver's role and the firm (``llamado Javi tecnico de philips``,
  ``pepe el conductor de la ambulancia``).

The writer of a message who says she is a relative (``soy Maribel la hija de Lola``, ``hola soy Neus, la nuera de
Pep``): that given name is a relative, and the one named after ``de`` the patient (round 24: ``soy macarena la hija de
manuel romero vela``). Round 24 also: a caller's own given name and surname after ``soy`` (``soy manolo romero``) and
``el señor romero`` in lower case (the patient); ``(Loli, auxiliar)`` and ``profesor de EF, Brais`` (staff).

Each name found so is a cued name: the backend finds it again wherever it recurs (``RulesBackend._propagate``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import STRUCTURED, Candidate

_STAFF, _PATIENT, _RELATIVE = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA", "FAMILIARES_SUJETO_ASISTENCIA"
# people around the patient who are no relative (lower case or capitalised as typed)
_THIRD = (r"vigilante|guarda|guardia(?:[ \t]+(?:de[ \t]+seguridad|urbano|civil))?|segurata|cuidador[a]?|vecin[oa]|veciñ[oa]|"
          r"ve[ií]n[a]?|veïna|porter[oa]|conserje|conductor[a]?|ch[oó]fer|taxista|celador[a]?|limpiadora|mantenimiento|"
          r"t[eé]cnic[oa]|fisio|logopeda|terapeuta(?:[ \t]+ocupacional)?|educador[a]?|monitor[a]?|voluntari[oa]|"
          r"trabajador[a][ \t]+social|asistenta|interna|gerocultor[a]?|auxiliar[ \t]+de[ \t]+ayuda[ \t]+a[ \t]+domicilio")
_RANK = r"caporal|cabo|sargento|agente|teniente|subinspector[a]?|inspector[a]?|mosso|polic[ií]a"
# what a carer's role may add before the name: "cuidadora interna", "vecina del 3º", "guardia de noche"
_ROLE_TAIL = r"(?:[ \t]+(?:intern[oa]|extern[oa]|nuev[oa]|habitual|de[ \t]+(?:noche|d[ií]a|tarde|mañana|guardia|turno)))?"
_ROLE_NAME = re.compile(
    rf"(?<![\w.])(?:(?i:{_THIRD})|TO|TS)(?i:{_ROLE_TAIL})[ \t]*:?[ \t]+(?P<n>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{{2,}})(?![\w])"
    rf"(?![ \t]+(?:de|del)[ \t]+[A-ZÁÉÍÓÚÑ])")
_ROLE_PARENS = re.compile(
    rf"(?<![\w.])(?:(?i:{_THIRD}|{_RANK})|TO|TS)(?i:{_ROLE_TAIL})[ \t]*\([ \t]*(?P<n>[^\W\d_]{{3,}})[ \t]*\)")
_RANK_NAME = re.compile(rf"(?<![\w.])(?i:{_RANK})[ \t]+(?P<n>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{{2,}})(?![\w])")
# a lower-case honorific with no period, then a capitalised name
_LOWER_HONORIFIC = re.compile(r"(?<![\w.])(?:sra|sr|srta|dña|don)[ \t]+(?P<n>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,}(?:[-][A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)?)(?![\w])")
_THIRD_BEFORE = re.compile(rf"(?i)(?<![\w])(?:{_THIRD}|{_RANK})(?![\w])[^.;\n()]{{0,30}}\(?[ \t]*$")
# a given name before a technician's or a driver's role and its firm
_NAME_ROLE = re.compile(r"(?<![\w.])(?P<n>[^\W\d_]{3,})[ \t]+(?:(?:el|la)[ \t]+)?(?i:t[eé]cnic[oa]|conductor[a]?|ch[oó]fer|"
                        r"repartidor[a]?|comercial)[ \t]+(?i:de|del)[ \t]+(?=[^\W\d_])")

# a message's writer who names herself and her kinship to someone: "soy Maribel la hija de Lola"
_SELF_KIN = re.compile(r"(?i)(?<![\w])soy[ \t]+(?P<n>[^\W\d_]{3,})[ \t]*,?[ \t]+(?:la|el|su)[ \t]+(?:hij[ao]|nuera|yerno|sobrin[ao]|niet[ao]|"
                       r"herman[ao]|mujer|marido|espos[ao]|pareja|cuñad[ao]|madre|padre|prim[ao]|t[ií][ao]|filla|fillo|filla)[ \t]+(?:de|del)(?![\w])")

# round 24: whose relative the writer is ("soy macarena la hija de manuel romero vela"): the words after "de"
_SELF_KIN_OF = re.compile(_SELF_KIN.pattern + r"[ \t]+(?P<of>[^\W\d_]{3,}(?:[ \t]+[^\W\d_]{3,}){0,3})", re.IGNORECASE)
# a caller who says who she is in a transcript typed in lower case ("soy manolo romero eh que ..."): a given name and
# a surname; "el señor romero" in lower case
_SELF_NAMED = re.compile(r"(?<![\w])(?i:soy|me[ \t]+llamo|le[ \t]+habla)[ \t]+(?P<n>[a-zñáéíóúü]{3,}[ \t]+[a-zñáéíóúü]{3,})(?![\w])")
_LOWER_SENOR = re.compile(r"(?<![\w])(?:el|la|al|del)[ \t]+(?:señor|señora|senor|senora)[ \t]+(?P<n>[a-zñáéíóúü]{3,})(?![\w])")
# a name, a comma and the role in parentheses ("(Loli, auxiliar)"); a school's or a club's staff before a comma and the
# name ("profesor de EF, Brais", "tutora, Carme Vilas")
_NAME_COMMA_ROLE = re.compile(rf"\([ \t]*(?P<n>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{{2,}})[ \t]*,[ \t]*(?i:{_THIRD}|auxiliar|administrativ[oa]|"
                              r"farmac[eé]utic[oa]|enfermer[oa]|recepcionista|int[eé]rprete|mediador[a]?)[ \t]*\)")
_TEACHER = r"profesor[a]?|titor[a]?|tutor[a]?|director[a]?|mestre|mestra|maestr[oa]|entrenador[a]?|adestrador[a]?|monitor[a]?"
_TEACHER_COMMA = re.compile(rf"(?<![\w])(?i:{_TEACHER})(?:[ \t]+(?i:de|do|da)[ \t]+[^\W\d_]{{1,15}})?[ \t]*,[ \t]*"
                            r"(?P<n>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,})(?![\w])")


def third_party_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    """Third parties and honorific names read as the module docstring says."""
    out: list[Candidate] = []

    def plain(w: str) -> bool:
        f = fold(w)
        return len(f) >= 3 and f not in stop and f not in function_words and not lexicon.place_at([f])

    def given(w: str) -> bool:
        return plain(w) and lexicon.is_("first_name", w)

    def surname(w: str) -> bool:
        return plain(w) and lexicon.is_("surname", w)

    for m in _ROLE_NAME.finditer(text):
        if given(m.group("n")):
            out.append(Candidate(m.start("n"), m.end("n"), _STAFF, STRUCTURED))
    for m in _ROLE_PARENS.finditer(text):
        n = m.group("n")
        if given(n) or n[0].isupper() and surname(n):
            out.append(Candidate(m.start("n"), m.end("n"), _STAFF, STRUCTURED))
    for m in _RANK_NAME.finditer(text):
        if surname(m.group("n")) or given(m.group("n")):
            out.append(Candidate(m.start("n"), m.end("n"), _STAFF, STRUCTURED))
    for m in _LOWER_HONORIFIC.finditer(text):
        if surname(m.group("n")) or given(m.group("n")):
            third = _THIRD_BEFORE.search(text, max(0, m.start() - 45), m.start())
            out.append(Candidate(m.start("n"), m.end("n"), _STAFF if third else _PATIENT, STRUCTURED))
    for m in _NAME_ROLE.finditer(text):
        if given(m.group("n")) and not lexicon.is_("profession", m.group("n")):
            out.append(Candidate(m.start("n"), m.end("n"), _STAFF, STRUCTURED))
    for m in _SELF_KIN.finditer(text):
        if given(m.group("n")):
            out.append(Candidate(m.start("n"), m.end("n"), _RELATIVE, STRUCTURED))
    for m in _SELF_KIN_OF.finditer(text):
        words = m.group("of").split()
        k = 0
        if given(words[0]):
            k = 1
            while k < len(words) and (surname(words[k]) or fold(words[k]) in ("de", "del")) and fold(words[k]) not in function_words - {"de", "del"}:
                k += 1
            while k > 1 and fold(words[k - 1]) in ("de", "del"):
                k -= 1
        if k:
            start = m.start("of")
            out.append(Candidate(start, start + len(" ".join(words[:k])), _PATIENT, STRUCTURED))
    for m in _SELF_NAMED.finditer(text):
        a, b = m.group("n").split()
        if given(a) and surname(b) and not lexicon.is_("profession", b):
            out.append(Candidate(m.start("n"), m.end("n"), _PATIENT, STRUCTURED))
    for m in _LOWER_SENOR.finditer(text):
        if surname(m.group("n")):
            out.append(Candidate(m.start("n"), m.end("n"), _PATIENT, STRUCTURED))
    for rx in (_NAME_COMMA_ROLE, _TEACHER_COMMA):
        for m in rx.finditer(text):
            if given(m.group("n")):
                out.append(Candidate(m.start("n"), m.end("n"), _STAFF, STRUCTURED))
    return out  # the backend finds each name again wherever it recurs (RulesBackend._propagate)
