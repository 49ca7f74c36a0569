"""Addresses abroad, as a migrant's family or a foreign patient gives them (round 28):

* a French, Italian or Portuguese street: its kind first and a house number before or after it (``12 rue des
  Tanneurs, Apt. 4``, ``Rue de la Servette 61``, ``Via Garibaldi 14``, ``Avenue Louise 201``);
* a German or Dutch street: its kind glued to the end of its name, then the house number (``Lindenstraße 14``,
  ``LINDENSTRASSE 14``, ``Kerkstraat 3``), or a separate kind (``Neue Straße 4``);
* after either: the postcode and the town (``, 1202 Genève``, ``88131 LINDAU``, ``CH-1202 Genève``), then perhaps the
  country (``ALEMANIA``, ``(France)``);
* a country written as its own people write it, in parentheses or after such a town (``(France)``,
  ``Deutschland``): the country gazetteer holds the Spanish names alone.

The streets are CALLE, the postcode and the town TERRITORIO, the country PAIS.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, Candidate

_STREET, _TOWN, _COUNTRY = "CALLE", "TERRITORIO", "PAIS"
_UP = "A-ZÁÉÍÓÚÑÀÈÒÏÜÇÂÊÔÄÖËÎÛ"
_CAP = rf"[{_UP}][^\W\d_]*(?:['’-][^\W\d_]+)*"
_NUM = r"\d{1,4}(?:[ \t]?(?:bis|ter|[a-zA-Z]))?(?![\w])"
_OF = r"(?:de[ \t]+la|de[ \t]+l['’]|des|du|de|d['’]|della|del|dei|di|da|do|dos|das|van|von|der)"
_ROMANCE_KIND = (r"(?i:rue|avenue|boulevard|bd\.?|place|chemin|all[ée]e|impasse|quai|cours)|"
                 r"(?:Via|Viale|Piazza|Piazzale|Corso|Largo|Vicolo|Rua|Travessa)")
_ROMANCE_NAME = rf"(?:{_OF}[ \t]*)?{_CAP}(?:[ \t]+(?:{_OF}[ \t]*)?{_CAP}){{0,3}}"
# a flat, a floor or a box after the street ("Apt. 4", "appt 12", "bte 3", "2e étage")
_UNIT = r"(?:,[ \t]*(?i:apt\.?|appt\.?|app\.?|apartment|bte|bo[iî]te|int\.?|interno|esc\.?)[ \t]*\w{1,4})?"
_ROMANCE = re.compile(
    rf"(?<![\w])(?:(?P<pre>{_NUM}),?[ \t]+(?:{_ROMANCE_KIND})[ \t]+{_ROMANCE_NAME}"
    rf"|(?:{_ROMANCE_KIND})[ \t]+{_ROMANCE_NAME},?[ \t]+{_NUM}){_UNIT}"
)
_GLUED_KIND = r"(?:stra(?:ss|ß)e|str\.|weg|gasse|platz|allee|damm|straat|laan|plein|gracht)"
_GERMANIC = re.compile(
    rf"(?<![\w])(?:[{_UP}][^\W\d_]*(?i:{_GLUED_KIND})|{_CAP}[ \t]+(?:Stra(?:ss|ß)e|Weg|Gasse|Platz|Allee))"
    rf"[ \t]+{_NUM}{_UNIT}"
)
# the postcode and the town after the street; the town is one to three capitalised words
_TAIL = re.compile(rf"[ \t]*[,·–-]?[ \t]*(?:[A-Z]{{1,2}}-)?(?P<code>\d{{4,5}}|\d{{2}}-\d{{3}})[ \t]+(?P<town>{_CAP}(?:[ \t-]{_CAP}){{0,2}})")
_AFTER_TOWN = re.compile(rf"[ \t]*[,(/·-]?[ \t]*(?P<country>{_CAP}(?:[ \t]+{_CAP})?)")
# countries as their own people write them (the Spanish names are in the gazetteer)
ENDONYMS = frozenset(fold(w) for w in (
    "France", "Deutschland", "Schweiz", "Suisse", "Svizzera", "Belgique", "België", "Nederland", "Österreich",
    "Polska", "Česko", "Slovensko", "Magyarország", "Sverige", "Norge", "Danmark", "Suomi", "Éire", "Hrvatska",
    "United Kingdom", "Great Britain", "England", "Scotland", "Wales", "Lëtzebuerg", "Luxembourg",
    "Shqipëria", "Srbija", "Ukraina", "Moldova", "Bălgarija", "Türkiye", "Al-Maghrib", "Maroc",
    "Algérie", "Tunisie", "Sénégal", "Brasil", "Portugal", "Italia", "România",
))
_PAREN = re.compile(rf"\((?P<country>{_CAP}(?:[ \t]+{_CAP})?)\)")


def _country(lex: Lexicon, value: str) -> bool:
    return fold(value) in ENDONYMS or lex.is_("country", value)


def _tail(text: str, end: int, lex: Lexicon) -> list[Candidate]:
    """The postcode, the town and the country right after a street ending at ``end``."""
    m = _TAIL.match(text, end)
    if m is None:
        return []
    out = [Candidate(m.start("code"), m.end("code"), _TOWN, PATTERN)]
    words = list(re.finditer(r"\S+", m.group("town")))
    # a country written last is no part of the town ("88131 LINDAU ALEMANIA")
    while len(words) > 1 and _country(lex, words[-1].group()):
        words.pop()
    town_end = m.start("town") + words[-1].end()
    out.append(Candidate(m.start("town"), town_end, _TOWN, PATTERN))
    after = _AFTER_TOWN.match(text, town_end)
    if after and _country(lex, after.group("country")):
        out.append(Candidate(after.start("country"), after.end("country"), _COUNTRY, PATTERN))
    return out


def foreign_address_candidates(text: str, lex: Lexicon) -> list[Candidate]:
    """Streets abroad with their postcode, town and country, and countries written in their own tongue in
    parentheses (module docstring)."""
    out = []
    for rx in (_ROMANCE, _GERMANIC):
        for m in rx.finditer(text):
            out.append(Candidate(m.start(), m.end(), _STREET, PATTERN))
            out += _tail(text, m.end(), lex)
    out += [Candidate(m.start("country"), m.end("country"), _COUNTRY, PATTERN) for m in _PAREN.finditer(text)
            if fold(m.group("country")) in ENDONYMS]
    return out
