"""Persons named by a cue the other readers leave aside, in any layout (a typed-fast line inside an ordinary note).

* ``dr``/``dra`` in lower case with no period, then a known surname or two (``hablado con dr ibarra sotelo``): staff,
  in any note (the handover reader takes them only in a note wholly in lower case);
* a team's role word, then dotted initials or an initial and a known surname (``med j. lozano``, ``due a.r.g.``,
  ``fisio M.P.``, ``tes p. roca``): staff;
* capital initials after the handover's words (``da relevo: JRT``, ``entrega: APM``, ``recibe: SGL``), not a clinical
  acronym, and the same token again anywhere in the note (``vía cambiada x JRT``): staff;
* a known given name and one capital initial with its period, then a comma, a parenthesis or the line's end
  (``CARMEN R., le recordamos``, ``cita de Jordi P. (revisión)``): a reminder's or a list's way of naming the
  patient; the initial vouches for a given name that is also a word (``ROSA M.``, ``PILAR G.``);
* a short given name right before ``la cuidadora``/``el cuidador``/``la asistenta`` (``por las tardes va loli la
  cuidadora``): a carer, staff by the conventions; the same token again in the note too.

:func:`alias_candidates` reads a patient's nickname beside the name already found: after ``le llaman``/``le dicen``/
``conocido como`` inside the parentheses (``(en el barrio le llaman chechu)``), quoted at the parentheses' start with
words after it (``("nandito" segun su hermana)``), or a known given name after an article alone in the parentheses
(``(la loles)``).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import STRUCTURED, Candidate
from .recase_cues import ORDINARY
from .typed_people import _ACRONYMS
from .typed_sign_offs import _NOT_INITIALS

_STAFF, _PATIENT = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA"
_NAMES = frozenset({_STAFF, _PATIENT, "FAMILIARES_SUJETO_ASISTENCIA"})
# a lower-case doctor's title with no period, then one or two words
_LOWER_DR = re.compile(r"(?<![\w.])(?:dr|dra)[ \t]+(?P<a>[a-zñáéíóúü]{3,})(?:[ \t]+(?P<b>[a-zñáéíóúü]{3,}))?(?![\w])")
# a team's role word, then dotted initials or an initial and a surname
_TEAM_ROLE = r"(?:med|m[eé]dic[oa]|due|enf|tes|tec|t[eé]cnic[oa]|fisio|tcae|aux|mir|ts|conductor[a]?)"
_ROLE_DOTTED = re.compile(rf"(?i)(?<![\w.]){_TEAM_ROLE}\.?:?[ \t]+(?P<i>(?:[a-zñ]\.[ \t]?){{2,4}})(?![\w])")
_ROLE_INITIAL = re.compile(rf"(?i)(?<![\w.]){_TEAM_ROLE}\.?:?[ \t]+(?P<n>[a-zñ]\.[ \t]?(?P<s>[^\W\d_]{{3,}}))(?![\w])")
# capital initials after the handover's words
_HANDOVER_INITIALS = re.compile(r"(?i)(?<![\w])(?:da[ \t]+relevo|doy[ \t]+relevo|relevo|entrega|entrego|recibe|recibo)[ \t]*:?[ \t]+"
                                r"(?P<i>(?-i:[A-ZÑ]{2,4}))(?![\w])")
# a given name and one initial with its period, closing the name: "ROSA M.,", "Jordi P. ("
# (one space between, never a hyphenated name's second half before a form's "F. nac.")
_GIVEN_INITIAL = re.compile(r"(?<![\w.-])(?P<n>(?P<g>[A-ZÁÉÍÓÚÑ][A-ZÁÉÍÓÚÑ]+|[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+) [A-ZÑ]\.)(?![ \t]*(?i:nac|nacim))"
                            r"(?=[ \t]*(?:[,;:(\"”]|$)|[ \t]+[a-zñ])", re.MULTILINE)
_TITLE_BEFORE = re.compile(r"(?i)(?<![\w])(?:dr|dra|dña|sr|sra|srta|d|doctor[a]?|enf|enfermer[ao]|prof)\.?[ \t]*$")
# a short name before a carer's role
_BEFORE_CARER = re.compile(r"(?<![\w])(?P<n>[a-zñáéíóú]{3,10})[ \t]+(?:la[ \t]+cuidadora|el[ \t]+cuidador|la[ \t]+asistenta|"
                           r"la[ \t]+interna|la[ \t]+chica[ \t]+que[ \t]+la[ \t]+cuida)(?![\w])")
# a nickname cue inside parentheses, after the patient's name
_CALLED = re.compile(r"[ \t]*\([^()\n]{0,30}?(?<![\w])(?:le|lo|la)[ \t]+(?:llaman|dicen|conocen[ \t]+como)[ \t]+"
                     r"(?:(?:el|la)[ \t]+)?(?P<n>[^\W\d_]{3,})(?![\w])[^()\n]{0,30}\)", re.IGNORECASE)
_KNOWN_AS = re.compile(r"[ \t]*\([ \t]*conocid[oa][ \t]+como[ \t]+(?:(?:el|la)[ \t]+)?[\"“«]?(?P<n>[^\W\d_]{3,})(?![\w])", re.IGNORECASE)
_QUOTED_ON = re.compile(r"[ \t]*\([ \t]*[\"“«'](?:(?:el|la)[ \t]+)?(?P<n>[^\W\d_]{3,}(?:[ \t]+[^\W\d_]{3,})?)[\"”»'][ \t]+[^()\n]{1,40}\)")
_ARTICLE_NAME = re.compile(r"[ \t]*\([ \t]*(?:la|el|l['’])[ \t]*(?P<n>[^\W\d_]{3,})[ \t]*\)", re.IGNORECASE)


def _all_again(text: str, token: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(rf"(?<![\w.]){re.escape(token)}(?![\w])", text)]


def cued_people_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], function_words: frozenset[str]) -> list[Candidate]:
    """Staff and patients read as the module docstring says."""
    out: list[Candidate] = []

    def add(s: int, e: int, label: str = _STAFF) -> None:
        out.append(Candidate(s, e, label, STRUCTURED))

    def word_ok(w: str) -> bool:
        f = fold(w)
        return f not in stop and f not in function_words and f not in ORDINARY

    def surname(w: str) -> bool:
        return len(w) >= 3 and word_ok(w) and lexicon.is_("surname", w)

    for m in _LOWER_DR.finditer(text):
        a, b = m.group("a"), m.group("b")
        if not (surname(a) or word_ok(a) and lexicon.is_("first_name", a)):
            continue
        add(m.start("a"), m.end("b") if b and surname(b) else m.end("a"))
    for m in _ROLE_DOTTED.finditer(text):
        add(m.start("i"), m.start("i") + len(m.group("i").rstrip()))
    for m in _ROLE_INITIAL.finditer(text):
        if surname(m.group("s")):
            add(m.start("n"), m.end("n"))
    tokens = {m.group("i") for m in _HANDOVER_INITIALS.finditer(text)
              if fold(m.group("i")) not in _ACRONYMS and fold(m.group("i")) not in _NOT_INITIALS
              and not lexicon.is_("first_name", m.group("i")) and not lexicon.place_at([fold(m.group("i"))])}
    for token in sorted(tokens):
        for s, e in _all_again(text, token):
            add(s, e)
    for m in _GIVEN_INITIAL.finditer(text):
        g = m.group("g")
        if len(g) >= 3 and fold(g) not in function_words and lexicon.is_("first_name", g) \
                and not lexicon.place_at([fold(g)]) and not _TITLE_BEFORE.search(text, max(0, m.start() - 12), m.start()):
            add(m.start("n"), m.end("n"), _PATIENT)
    carers = {m.group("n") for m in _BEFORE_CARER.finditer(text)
              if word_ok(m.group("n")) and lexicon.is_("first_name", m.group("n")) and not lexicon.place_at([fold(m.group("n"))])}
    for token in sorted(carers):
        for s, e in _all_again(text, token):
            add(s, e)
    return out


def alias_candidates(text: str, cands: list[Candidate], lexicon: Lexicon, stop: frozenset[str],
                     function_words: frozenset[str]) -> list[Candidate]:
    """A patient's nickname beside the name already found (see the module docstring); the same token again too."""
    found: set[str] = set()
    for c in cands:
        if c.label != _PATIENT:
            continue
        for rx in (_CALLED, _KNOWN_AS, _QUOTED_ON, _ARTICLE_NAME):
            m = rx.match(text, c.end)
            if not m:
                continue
            n = m.group("n")
            f = fold(n.split()[0])
            if f in function_words or f in stop and rx is not _QUOTED_ON:
                continue
            # round 23: a capitalised word that is no place may be a nickname of no census ("(la Centa)")
            if rx is _ARTICLE_NAME and not lexicon.is_("first_name", n) and not (
                    n[0].isupper() and n[1:].islower() and not lexicon.place_at([f])):
                continue
            found.add(n)
    return [Candidate(s, e, _PATIENT, STRUCTURED) for n in sorted(found) for s, e in _all_again(text, n)]
