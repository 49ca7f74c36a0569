"""Spans that stop short of the identifier they start: each is carried over the words that finish it.

A span found in part leaves the rest verbatim in the de-identified text ("Hospital Comarcal Doutor Ramón"
found, "Baltar Carballido" left). After overlaps are resolved, a span is extended over

- a person's name: a hyphen-joined part (``KLAUS-DIETER``, ``Andrei-Mihai``) and following capitalised words
  that are census surnames or patronymics, with the particles between them (``Rosendo`` + ``Sainz de la
  Maza Ortiz``); a street word that is a surname when a surname and no house number follow (``Anastasio`` +
  ``Calle Moreno``); in a dictated lower-case name, a surname after a particle (``mari paz`` + ``de la
  fuente``) or one split in two (``álvarez`` + ``cien fuegos``); a particle before it at a field's start
  (``paciente=`` + ``DELA`` + ``CRUZ SANTOS``); a word a scan breaks over the line with a hyphen (``PERDI-`` +
  ``GUERO, Eusebio``);
- a facility: the rest of a hyphen-joined word (``CS Malva-rosa``), a town's numbered area (``CAP
  Tarragona-2``) and following capitalised words that are surnames, given names, towns or patron saints
  (``Hospital General Universitario Gregorio`` + ``Marañón``, ``Sant Pere i Sant Pau``);
- an identifier: the other digit groups of a run of them, joined by single spaces, that fills a field
  (``NIG: 37274 43 2 2025 0003127``: the ``2025`` is no date; ``(NRP 0935214457 A0590)``), and a code of
  hyphen-joined capitals before it (``RVA-IB 2016/08812``); a service's acronym joined to a staff number after
  an employee cue is that number (``empl. SACYL-40771``).

Words are one space apart: a tab or a run of spaces ends a field. A phone's extension (``ext. 86417``) is left
out: the annotated sets mostly end the number before it.

A word already inside another span, or one of the words that end a name (``Servicio``, ``Hospital``, a
profession, a month), is never taken.
"""
from __future__ import annotations

import functools
import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from . import patterns as P
from .filters import PAIN_SCORE
from .names import FUNCTION_WORDS
from .vocab import NAME_STOP

Resolved = tuple[int, int, str]

_PERSON = frozenset({"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA"})
_FACILITY = frozenset({"HOSPITAL", "CENTRO_SALUD", "INSTITUCION"})
_NUMBER_ID = frozenset({
    "ID_SUJETO_ASISTENCIA", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL", "ID_EMPLEO_PERSONAL_SANITARIO",
    "ID_TITULACION_PERSONAL_SANITARIO", "OTRO_NUMERO_IDENTIF",
})
_LETTERS = r"[^\W\d_]"
# "-DIETER", "-Mihai": the second part of a hyphen-joined given name or surname
_HYPHEN_PART = re.compile(rf"-(?=[A-ZÁÉÍÓÚÑÀÈÒÇ]){_LETTERS}{{2,}}(?![\w-])")
# round 24: a name's word broken over the line with a hyphen, and the given name after a comma
_LINE_HYPHEN = re.compile(rf"-\n[ \t]*(?P<w>{_LETTERS}{{2,}})(?![\w-])")
_COMMA_GIVEN = re.compile(r", (?P<g>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,})(?![\w-])")
# "-rosa" after "CS Malva": a facility's word cut at its hyphen (also a span that ends on the hyphen)
_HYPHEN_REST = re.compile(rf"-?{_LETTERS}{{4,}}(?![\w-])")  # not a Basque case ending ("Ospitalea-ko")
_PARTICLES = r"(?:(?i:de la|de las|de los|del|de|da|do|dos|das|y|i) )"
# one space apart: a tab or a run of spaces ends a field ("Begoña Aísa<TAB>Nº col.")
_WORD = r"[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ'’]+"
_NEXT_WORD = re.compile(rf" ({_PARTICLES}?)({_WORD})(?![\w-])")
_NEXT_PLAIN_WORD = re.compile(rf" ({_WORD})(?![\w-])")
# in a dictated note a surname after a particle is written in lower case too: "de la fuente"
_LOWER_PARTICLE_SURNAME = re.compile(r" (?:de la|de las|de los|del) ([a-zà-öø-ÿ]{3,})(?![\w-])")
_LOWER_SPLIT = re.compile(r" ([a-zà-öø-ÿ]{3,}) ([a-zà-öø-ÿ]{3,})(?![\w-])")
# what follows a street's name: its house number ("Calle Moreno 12", "Calle Mayor, 5", "Calle Real nº 3")
_HOUSE_NUMBER = re.compile(r"(?i),?[ \t]*(?:n[ºo°]\.?[ \t]*|núm\.?[ \t]*)?(?:\d+[a-z]?(?![\w/])|s/n)")  # and its end
_HOUSE_NUMBER_AFTER = re.compile(r"(?i),?[ \t]*(?:n[ºo°]\.?[ \t]*|núm\.?[ \t]*)?(?:\d|s/n)")
# a surname's particle at a field's start, the name found after it ("paciente=DELA CRUZ SANTOS")
_LEADING_PARTICLE = re.compile(r"(?:^|[=:;|\t]|(?<= ) )[ \t]*((?-i:DELA|Dela|DE LA|De la|DEL|Del|DE LOS|De los|DE LAS|De las|DE|De|"
                               r"VAN DER|Van der|VAN|Van|VON|Von|DI|Di|DA|Da) )$", re.MULTILINE)
# a town's numbered area after a centre's name: "CAP Tarragona-2", "CS Zaragoza-3"
_AREA_NUMBER = re.compile(r"-\d{1,2}(?![\w/.-]|,\d)")
_AND_SAINT = re.compile(r" [iy] ((?-i:Santa|San|Sant|Santo|Sao|SANTA|SAN|SANT|SANTO|SAO))(?= )")
# a code of capitals joined by a hyphen right before a number: the first part of the identifier
_CODE_PREFIX = re.compile(r"(?<![\w-])[A-Z]{2,6}-[A-Z]{2,6} $")
_SAINTS = frozenset({"santa", "san", "sant", "santo", "sao"})
_PATRONYMIC = re.compile(r"(?i)[^\W\d_]{2,}(?:ovna|evna|ivna|yivna|ovich|evich|ovych|ivych|ovitch)")
# a run of digit groups joined by single spaces ("4703 2025 118823"): every group has a digit
_GROUP = r"(?:[A-Z]{0,3}\d[\dA-Z]*)"
_RUN = re.compile(rf"(?<![\w/.,-]){_GROUP}(?: {_GROUP})+(?![\w/.,-])")
# a value that starts its field, maybe after a key in capitals ("(NRP 0935214457 A0590)")
_FIELD_BEFORE = re.compile(r"(?:^|[:;(\[|]|\t| {2,})[ \t]*(?:[A-ZÑ]{2,5}\.?:?[ \t]+)?$", re.MULTILINE)
# a service's acronym joined by a hyphen to a number: "SACYL-40771"
_ACRONYM_CODE = re.compile(r"[A-ZÑ]{2,8}-(?!(?:19|20)\d\d(?![\w/-]))\d{4,10}(?![\w/-])")
_EMPLOYEE_CUE = re.compile(r"(?i)(?<![\w])(?:empl|emplead|trabajador|treballador|NRP|n[ºo°] de personal)\w*\.?[ \t:]*$")
_FIELD_AFTER = re.compile(r"[ \t]*(?:$|[;)\]|]|\t| {2,}|\.?$)", re.MULTILINE)


@functools.cache
def _stop_words() -> frozenset[str]:
    from ...replacers.facilities.parse import TYPE_WORDS

    return frozenset(NAME_STOP | FUNCTION_WORDS | {fold(w) for w in TYPE_WORDS} | {fold(m) for m in P.MONTHS}
                     | {"doctor", "doctora", "dr", "dra", "padre", "madre", "hijo", "hija", "mayo", "abril"})


def extend_spans(text: str, spans: list[Resolved], lexicon: Lexicon) -> list[Resolved]:
    """``spans`` (non-overlapping) with each carried over the words that finish its identifier; a span that
    an extension swallows whole is dropped, and an extension never cuts into another span."""
    spans = sorted(spans)
    out: list[Resolved] = []
    for i, (s, e, label) in enumerate(spans):
        if out and out[-1][1] > s:  # swallowed by the previous span's extension
            if out[-1][1] >= e:
                continue
            s = out[-1][1]
        nxt = next((a for a, _, _ in spans[i + 1:] if a >= e), len(text))
        if label in _PERSON:
            new_e = _person_end(text, e, nxt, lexicon, start=s)
            if (lead := _LEADING_PARTICLE.search(text, max(0, s - 12), s)) and not (out and out[-1][1] > lead.start(1)):
                s = lead.start(1)  # "paciente=DELA CRUZ SANTOS": the particle that starts the surname
        elif label in _FACILITY:
            new_e, street = _facility_end(text, e, nxt, lexicon)
        else:
            new_e = e
        if label == "INSTITUCION" and (code := _ACRONYM_CODE.match(text, s)) and code.end() > e \
                and code.end() <= nxt and _EMPLOYEE_CUE.search(text, max(0, s - 25), s):
            new_e = e = code.end()  # "empl. SACYL-40771": a staff number, not the service
            label = "ID_EMPLEO_PERSONAL_SANITARIO"
        if label in _NUMBER_ID | {"IDENTIF_DISPOSITIVOS_NRSERIE"} \
                and (pre := _CODE_PREFIX.search(text, max(0, s - 16), s)) and not (out and out[-1][1] > pre.start()):
            s = pre.start()  # "RVA-IB 2016/08812", "PORT-CATH 8G-2210-7745": the register's or model's code
        if label in _NUMBER_ID:
            s, new_e = _id_run(text, s, e, out, spans[i + 1:])
            if out and out[-1][1] > s:
                out.pop()  # "2025" of "4703 2025 118823" read as a year: part of the identifier
        out.append((s, new_e, label))
        if label in _FACILITY and street is not None:
            out.append((*street, "CALLE"))
    return _runs_again(text, out, [(s, e) for s, e, lab in out if lab in _NUMBER_ID and " " in text[s:e]])


def _runs_again(text: str, spans: list[Resolved], runs: list[tuple[int, int]]) -> list[Resolved]:
    """A run of digit groups written again with other separators (``47 0398215 13`` ... ``47/0398215/13``)
    is the same identifier: found wherever it recurs and no span lies."""
    label_of = {(s, e): lab for s, e, lab in spans}
    extra: list[Resolved] = []
    for s, e in runs:
        groups = text[s:e].split(" ")
        found = re.compile(r"(?<![\w/.-])" + r"[ /.-]?".join(map(re.escape, groups)) + r"(?![\w/-]|\.\w)")
        for m in found.finditer(text):
            if not any(a < m.end() and m.start() < b for a, b, _ in spans + extra):
                extra.append((m.start(), m.end(), label_of[(s, e)]))
    return sorted(spans + extra)


def _person_end(text: str, end: int, limit: int, lexicon: Lexicon, start: int | None = None) -> int:
    lower = _dictated(text, end, lexicon)
    alone = start is not None and _one_given_name(text[start:end], lexicon)
    m = _LINE_HYPHEN.match(text, end)
    if m and m.end() <= limit and start is not None and text[start:end].isupper() == m.group("w").isupper():
        end = m.end()  # a scan or a fax breaks a surname over the line: "ALONSO PERDI-" / "GUERO, Eusebio"
        g = _COMMA_GIVEN.match(text, end)
        if g and g.end() <= limit and lexicon.is_("first_name", g.group("g")):
            end = g.end()
    while True:
        m = _HYPHEN_PART.match(text, end)
        if m and m.end() <= limit:
            end = m.end()
            continue
        if lower:
            new_end = _lower_surname_end(text, end, limit, lexicon)
            if new_end == end:
                return end
            end = new_end
            continue
        m = _NEXT_WORD.match(text, end)
        if not m or m.end() > limit:
            return end
        word = m.group(2)
        if not _capitalised_like(word, text, end):
            return end
        if fold(word) in _stop_words():
            street_surname = _street_word_surname_end(text, m, limit, lexicon)
            if street_surname is None:
                return end
            end = street_surname
            continue
        if not (lexicon.is_("surname", word) or _PATRONYMIC.fullmatch(word)) or PAIN_SCORE.match(text, m.start(2)):
            return end  # (not "EVA 8/10", a pain score)
        if alone and m.group(1).strip() in ("y", "i", "e") and lexicon.is_("first_name", word):
            return end  # "ve a Iker y Lucía": two children, not a given name and a joined surname ("Ramón y Cajal")
        end = m.end()


def _one_given_name(value: str, lexicon: Lexicon) -> bool:
    return value.isalpha() and value[0].isupper() and lexicon.is_("first_name", value)


def _street_word_surname_end(text: str, m: re.Match[str], limit: int, lexicon: Lexicon) -> int | None:
    """``Anastasio`` + ``Calle Moreno``: a street word that is also a surname, with no particle before it and
    a capitalised surname after it that no house number follows, is the name's surname; the end of both."""
    word = m.group(2)
    if m.group(1) or fold(word) not in lexicon.phrases["street_type"] or not lexicon.is_("surname", word):
        return None
    nxt = _NEXT_PLAIN_WORD.match(text, m.end())
    if not nxt or nxt.end() > limit or not _capitalised_like(nxt.group(1), text, m.end()) \
            or fold(nxt.group(1)) in _stop_words() or not lexicon.is_("surname", nxt.group(1)):
        return None
    if _HOUSE_NUMBER_AFTER.match(text, nxt.end()):
        return None  # "Calle Moreno 12", "Calle Mayor, 5": a street after all
    return nxt.end()


def _dictated(text: str, end: int, lexicon: Lexicon) -> bool:
    """The name just found is written in lower case (a dictated note: "doctora mari paz"), and is no kinship
    word ("su pareja del uso ...": a relative named by kinship)."""
    prev = re.search(rf"({_LETTERS}+)$", text[max(0, end - 40):end])
    return bool(prev) and prev.group(1).islower() and fold(prev.group(1)) not in lexicon.phrases["kinship"] \
        and fold(prev.group(1)) not in _stop_words()


def _lower_surname_end(text: str, end: int, limit: int, lexicon: Lexicon) -> int:
    """A lower-case surname after a lower-case name: one after a particle (``mari paz`` + ``de la fuente``),
    or one that speech recognition split in two (``álvarez`` + ``cien fuegos``: Cienfuegos)."""
    m = _LOWER_PARTICLE_SURNAME.match(text, end)
    if m and m.end() <= limit and fold(m.group(1)) not in _stop_words() and lexicon.is_("surname", m.group(1)):
        return m.end()
    m = _LOWER_SPLIT.match(text, end)
    if m and m.end() <= limit and not {fold(m.group(1)), fold(m.group(2))} & _stop_words() \
            and lexicon.is_("surname", m.group(1) + m.group(2)):
        return m.end()
    return end


def _facility_end(text: str, end: int, limit: int, lexicon: Lexicon) -> tuple[int, tuple[int, int] | None]:
    """Where a facility's name ends, and the street written right after it when the words that follow are one
    (names, then a house number): those are covered as an address, not as the facility."""
    if text[end - 1:end] == "-" or (text[end:end + 1] == "-" and text[end - 1:end].isalpha()):
        m = _HYPHEN_REST.match(text, end)
        if m and m.end() <= limit:
            end = m.end()
    if (m := _AREA_NUMBER.match(text, end)) and m.end() <= limit:
        end = m.end()  # "CAP Tarragona" + "-2": the town's second area
    named = _following_names(text, end, limit, lexicon)
    # "Hospital de Txagorritxu" + "José Achotegui s/n": names with a house number after them are its street
    number = _HOUSE_NUMBER.match(text, named) if named > end else None
    if number is None:
        return named, None
    return end, ((end + 1, number.end()) if number.end() <= limit else None)


def _following_names(text: str, end: int, limit: int, lexicon: Lexicon) -> int:
    """Past the capitalised surnames, given names, towns and patron saints that follow a facility's name."""
    after_saint = False
    while True:
        m = _NEXT_PLAIN_WORD.match(text, end)
        if after_saint and (two := _AND_SAINT.match(text, end)):
            m = two  # "Sant Pere" + "i Sant Pau": two patron saints
        if not m or m.end() > limit:
            return end
        word = m.group(1)
        if fold(word) in _SAINTS:  # "Hospital Materno-Infantil" + "Santa Brígida": a saint's name
            saint = _NEXT_PLAIN_WORD.match(text, m.end())
            if saint and saint.end() <= limit and _capitalised_like(saint.group(1), text, m.end()) \
                    and lexicon.is_("first_name", saint.group(1)) and fold(saint.group(1)) not in _stop_words():
                end, after_saint = saint.end(), True
                continue
            return end
        after_saint = False
        if not _capitalised_like(word, text, end) or fold(word) in _stop_words() or len(word) < 3:
            return end
        if not any(lexicon.is_(kind, word) for kind in ("surname", "first_name", "municipality")):
            return end
        end = m.end()


def _capitalised_like(word: str, text: str, end: int) -> bool:
    """``word`` capitalised as the span before it is: Title-case after "Laura", capitals after "KLAUS"."""
    prev = re.search(rf"({_LETTERS}+)\W*$", text[max(0, end - 40):end])
    if not word[0].isupper():
        return False
    if prev and prev.group(1).isupper() and len(prev.group(1)) > 1:
        return word.isupper()
    return not word.isupper() or len(word) <= 3


def _id_run(text: str, s: int, e: int, before: list[Resolved], after: list[Resolved]) -> tuple[int, int]:
    """The run of space-joined digit groups that holds ``[s, e)`` when it fills a field on its own and no
    span other than a year's or another number's lies across it; else ``(s, e)``."""
    ls = text.rfind("\n", 0, s) + 1
    le = text.find("\n", e)
    le = len(text) if le < 0 else le
    for m in _RUN.finditer(text, ls, le):
        if m.start() <= s and e <= m.end():
            if (m.start(), m.end()) == (s, e):
                return s, e
            if not _FIELD_BEFORE.search(text, ls, m.start()) or not _FIELD_AFTER.match(text, m.end()):
                return s, e
            others = [sp for sp in (*before[-1:], *after) if sp[0] < m.end() and m.start() < sp[1]]
            if any(lab not in _NUMBER_ID | {"FECHAS"} or a < m.start() or b > m.end() for a, b, lab in others):
                return s, e
            return m.start(), m.end()
    return s, e
