"""Places of business and associations that a note names by their kind word, the way a public-health survey, an
inventory or a shelter's log writes them, in a note of any case:

* a shop, a bar, a hostel, a funeral home or a courier by its kind, capitalised before its name (``Confitería
  Piloñeta``, ``Chiringuito Babel``, ``Tanatorio San José``, ``Missatgers Barnamoto``): the kind is part of the name;
  the whole in capitals as a letterhead writes it (``ALBERGUE A FONTE VELLA``); the same kinds in lower case after
  an article or a preposition (``el llagar El Texu``, ``del bar Chiringuito Babel``): the capitalised name alone;
* a federation or an association written without its accent (``Federacion Aragonesa de Montañismo``, ``Associacio
  Sunu Ker``), a nursery school's ``EB`` before its article (``EB Els Pinyols``), a breastfeeding group
  (``grup de lactància Mamare``);
* a Basque place of business by its kind written last (``Polloe tanatorioa``, ``Gure Etxea jatetxean``);
* a firm after a rental's or a driver's cue (``bici de alquiler de Rodacamiño``, ``el chofer de Logifarma``): one
  capitalised word that is no given name, surname or town;
* the seat written after such a body (``Confitería Piloñeta, de Infiesto``): a town.

A name is one to four capitalised words (connectors between them, an article first); a known town after ``de``
closes it (``Mamare de Premià de Mar``: the group, then its town); a month, a weekday or a clinical word is none.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY

_BODY = "INSTITUCION"
_TOWN = "TERRITORIO"
_UP = "A-ZÁÉÍÓÚÑÀÈÒÇÜ"
_CAP = rf"[{_UP}][\w'’-]*"
_ARTICLE = r"(?:El|La|Los|Las|Els|Les|Es|Sa|A|O|As|Os|EL|LA|LOS|LAS|ELS|LES|L['’])"
_LINK = r"(?:de|del|dels|de[ \t]+la|de[ \t]+les|de[ \t]+los|do|da|dos|das|d['’]|y|i|e|DE|DEL|DO|DA|Y|I)"
_NAME = rf"(?:{_ARTICLE}[ \t]+)?{_CAP}(?:[ \t]+(?:{_LINK}[ \t]+)?{_CAP}){{0,3}}"
# kinds of business or club whose name follows them (Spanish, Catalan, Galician)
_KIND_WORDS = (
    r"albergue|alberg|hostal|camping|confiter[ií]a|pasteler[ií]a|panader[ií]a|carnicer[ií]a|pescader[ií]a|fruter[ií]a|"
    r"chiringuito|restaurante|restaurant|cafeter[ií]a|sidrer[ií]a|llagar|mes[oó]n|tanatorio|tanatori|funeraria|"
    r"missatgers|missatgeria|mensajer[ií]a|mensajeros|federaci[oó]n?|confederaci[oó]n|asociacion|associaci[oó]|"
    r"grupo[ \t]+de[ \t]+lactancia|grup[ \t]+de[ \t]+lact[aà]ncia"
)
_KIND_CAPITALISED = re.compile(
    rf"(?<![\w])(?P<kind>(?i:{_KIND_WORDS}))[ \t]+(?P<name>{_NAME})(?![\w])")
# the same kinds typed in lower case after an article or a preposition: the name alone
_KIND_LOWER = re.compile(
    rf"(?<![\w])(?:el|la|un|una|al|del|en|de|do|da|no|na|o|a|ao|cos|amb|con|from|at)[ \t]+(?:(?:{_KIND_WORDS}|bar|pub))[ \t]+"
    rf"(?P<name>{_NAME})(?![\w])")
# a nursery school's acronym, only before its article ("EB" alone is also Epstein-Barr)
_NURSERY = re.compile(rf"(?<![\w])EB[ \t]+(?:Els|Les|La|El|L['’])[ \t]*{_CAP}(?:[ \t]+{_CAP}){{0,2}}(?![\w])")
_BASQUE_LAST = re.compile(
    rf"(?<![\w]){_CAP}(?:[ \t]+{_CAP}){{0,2}}[ \t]+(?:tanatorio|jatetxe|taberna|okindegi|harategi|gozotegi|aterpetxe)"
    r"(?:a|an|ra|tik|ko|ak|ren)?(?![\w])")
# a firm after a rental's or a driver's cue: one capitalised word
_FIRM_CUE = re.compile(
    r"(?i:(?<![\w])(?:alquiler|aluguer|lloguer|ch[oó]fer|xofer|repartidor|repartidora|transportista|mensajero|"
    r"missatger)[ \t]+(?:de|del|da|do|d['’])[ \t]*)"
    rf"(?P<name>[{_UP}][\w'’-]{{3,}})(?![\w])(?![ \t]+[{_UP}])")
_SEAT = re.compile(rf"[ \t]*,?[ \t]*(?:de|en|d['’])[ \t]*(?P<town>{_CAP}(?:[ \t]+(?:de|del|de[ \t]+la)[ \t]+{_CAP})?)(?=[ \t]*[.,;)\n])")
_MONTHS_DAYS = frozenset(fold(w) for w in (
    "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre lunes martes miércoles "
    "jueves viernes sábado domingo gener febrer març maig juny juliol setembre octubre novembre desembre").split())
_CONNECTORS = frozenset({"de", "del", "dels", "la", "les", "los", "las", "el", "els", "do", "da", "dos", "das", "y", "i",
                         "e", "d", "l", "a", "o", "as", "os", "es", "sa"})
_NOT_NAMES = frozenset({"urgencias", "servicio", "unidad", "hospital", "centro", "municipal", "provincial", "publico",
                        "publica", "privado", "privada", "nacional", "internacional", "espanola", "española"})


def _content(name: str) -> list[str]:
    return [w for w in (fold(x) for x in re.findall(r"[^\W\d_]+", name)) if w not in _CONNECTORS]


def _trim_town(text: str, start: int, end: int, lexicon: Lexicon) -> tuple[int, int | None]:
    """Where a name stops before a known town after ``de`` (and where that town starts), else its own end."""
    for m in re.finditer(r"[ \t]+(?:de|d['’]|del)[ \t]*(?=\S)", text[start:end]):
        at = start + m.end()
        words = re.findall(r"[^\W\d_]+", text[at:end])
        if words and lexicon.place_at([fold(w) for w in words], 0, categories=("municipality",)) == len(words):
            return start + m.start(), at
    return end, None


def _good(name: str) -> bool:
    content = _content(name)
    if not content or content[0] in _NOT_NAMES or any(w in _MONTHS_DAYS for w in content):
        return False
    return not (len(content) == 1 and (content[0] in ORDINARY or content[0] in DESCRIPTORS))


def kind_body_candidates(text: str, lexicon: Lexicon) -> list[Candidate]:
    """Businesses, associations and firms by their kind or a firm's cue, and a body's seat (module docstring)."""
    out: list[Candidate] = []

    def add(start: int, end: int, name_start: int) -> None:
        stop, town = _trim_town(text, name_start, end, lexicon)
        out.append(Candidate(start, stop, _BODY, PATTERN))
        seat = (town, end) if town is not None else None
        if seat is None and (m := _SEAT.match(text, end)) and not lexicon.is_("first_name", m.group("town").split()[0]):
            seat = m.span("town")
        if seat:
            out.append(Candidate(seat[0], seat[1], _TOWN, PATTERN))

    for m in _KIND_CAPITALISED.finditer(text):
        kind, name = m.group("kind"), m.group("name")
        if not kind[0].isupper() or not _good(name):
            continue  # a lower-case kind: see _KIND_LOWER
        if kind.isupper() != name.isupper() and not (kind.istitle() and not name.isupper()):
            continue  # "ALBERGUE Municipal": capitals and a title-case name mix
        add(m.start(), m.end(), m.start("name"))
    for m in _KIND_LOWER.finditer(text):
        if _good(m.group("name")) and not m.group("name").isupper():
            add(m.start("name"), m.end("name"), m.start("name"))
    out += [Candidate(m.start(), m.end(), _BODY, PATTERN) for m in _NURSERY.finditer(text)]
    out += [Candidate(m.start(), m.end(), _BODY, PATTERN) for m in _BASQUE_LAST.finditer(text)
            if fold(m.group().split()[0]) not in ORDINARY]
    for m in _FIRM_CUE.finditer(text):
        w = m.group("name")
        if w.isupper() and len(w) < 5 or fold(w) in ORDINARY or lexicon.is_("first_name", w) or lexicon.is_("surname", w) \
                or lexicon.place_at([fold(w)], 0):
            continue
        out.append(Candidate(m.start("name"), m.end("name"), _BODY, PATTERN))
    return out
