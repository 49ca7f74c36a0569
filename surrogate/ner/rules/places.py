"""Places: streets introduced by a street type, postal codes and their towns, gazetteer places, makers' towns."""
from __future__ import annotations

import re
from functools import cache

from gazetteers.text import fold

from ..tokenize import lines, tokens
from . import patterns as P
from . import vocab as V
from .common import (
    GAZETTEER,
    PATTERN,
    STRUCTURED,
    Candidate,
    after_capitalised_word,
    is_cap_word,
    trim,
)

_PLACE_PREPOSITION = re.compile(r"(?i)(?:\ben|\bde|\bdesde|\bhasta|\bhacia|\ba|\bnatural\s+de|\bresidente\s+en|\bvive\s+en)\s+$")
_HOUSE_NUMBER = re.compile(r"\d|s/n", re.IGNORECASE)
_TOWN_AHEAD = re.compile(r"[\s,.\-–]*(?:[AO][ \t]+|L['’])?[A-ZÁÉÍÓÚÑ][a-záéíóúñ]")  # also "15008 A Coruña"
# a town in capitals on an envelope's last line: "45600 TALAVERA DE LA REINA" (the word run is checked in the gazetteer)
_CAPS_TOWN_AHEAD = re.compile(r"[ \t,\-–]*((?:[A-ZÁÉÍÓÚÑÜÀÈÒÏÇ][A-ZÁÉÍÓÚÑÜÀÈÒÏÇ'’·]*)(?:[ \t-]+[A-ZÁÉÍÓÚÑÜÀÈÒÏÇ][A-ZÁÉÍÓÚÑÜÀÈÒÏÇ'’·]*){0,5})")
# a street's type then its number, in the field before a postal code's: "Calle Mayor 41, 2º izda;"
_FIELD_STREET = re.compile(r"(?i)(?<![\w])(?:c/|calle|avda\.?|avenida|plaza|pza\.?|paseo|ctra\.?|carretera|camino|carrer|"
                           r"r[uú]a|kalea|ronda|traves[ií]a|urbanizaci[oó]n|urb\.)[ \t]+[^;\n]*\d[^;\n]*;$")
_EXTENSION_BEFORE = re.compile(r"(?i)(?:\bext|\bextensi[oó]n|\bbusca|\bbuscapersonas)\.?[ \t]*:?[ \t]*$")
_COMMA_PART = re.compile(r"[^,]+")


@cache
def english_countries() -> re.Pattern[str]:
    """The English names of countries (babel's CLDR data, read on first use), as one pattern: "Ukraine",
    "Morocco", "United Kingdom" in an English or bilingual note (the gazetteer holds the Spanish names)."""
    from babel import Locale

    names = {n for code, n in Locale("en").territories.items() if code.isalpha() and len(code) == 2 and " & " not in n}
    return re.compile(r"(?<![\w])(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")(?![\w])")


# a place, a comma and its country: "from Kharkiv, Ukraine", "natural de Járkov, Ucrania"
_PLACE_COMMA_COUNTRY = re.compile(
    r"(?<![\w])(?:from|in|en|de|desde|natural\s+de)[ \t]+(?P<place>(?-i:[A-ZÁÉÍÓÚÑ][^\W\d_]+)(?:[ \t-]+(?-i:[A-ZÁÉÍÓÚÑ][^\W\d_]+))?)"
    r"[ \t]*,[ \t]*(?=(?-i:[A-ZÁÉÍÓÚÑ]))"
)


# what puts a country that is also a name in its place: "in Ireland", "from Jordan", "IE (Ireland)", "X2K7, Ireland"
_COUNTRY_CUE_BEFORE = re.compile(r"(?:(?<![\w])(?:in|from|to|back[ \t]+to|en|desde)[ \t]+|\d[ \t]*,[ \t]*|(?<![\w])[A-Z]{2}[ \t]*\([ \t]*)$")
# a word of a longer proper name ("KCI Clinic Spain SL", "Walderburg-Switzerland"): no country of its own
_INSIDE_BEFORE = re.compile(r"(?:[A-ZÁÉÍÓÚÑ][^\W\d_]*[ \t]+|-)$")
_INSIDE_AFTER = re.compile(r"[ \t]+[A-ZÁÉÍÓÚÑ]|-\w")
# a town written before its province in parentheses, at a line's or a field's start: "· Tarancón (Cuenca)",
# "30120 El Palmar (Murcia)"
_TOWN_BEFORE_PROVINCE = re.compile(
    r"(?m)(?:^|[·,;|—–:]|(?<![\w])\d{5})[ \t]*(?P<town>[A-ZÁÉÍÓÚÑ][^\W\d_]+(?:[ \t]+(?:(?:de|del|la|el|las|los)[ \t]+)*"
    r"[A-ZÁÉÍÓÚÑ][^\W\d_]+){0,3})[ \t]*\((?P<province>[A-ZÁÉÍÓÚÑ][^\W\d_]+(?:[ \t]+[^\W\d_]+){0,2})\)"
)


# a flat named by its floor and door alone where the sentence says someone lives there: "vive en el mismo portal, en
# el 4.º A", "su hija vive en el 2º B"
_FLAT = re.compile(r"(?<![\w/.,])\d{1,2}[ \t]?\.?[ \t]?[º°ª]\.?[ \t]?(?:[A-H]|izq(?:da|uierda)?\.?|dcha\.?|derecha)(?![\w/])")
_LIVES_BEFORE = re.compile(
    r"(?i)(?<![\w])(?:vive|viven|reside|residen|portal|edificio|bloque|escalera|rellano|vecin[oa]s?|domicilio)(?![\w])"
    r"[^.\n;]{0,40}?(?<![\w])(?:en|al)[ \t]+(?:el[ \t]+)?$"
)


class PlaceRules:
    """Mixin of :class:`~surrogate.ner.rules.backend.RulesBackend`: streets, postal codes, towns, countries."""

    def _flats(self, text: str) -> list[Candidate]:
        """A floor and door where someone lives (``vive en el mismo portal, en el 4.º A``): part of an address."""
        return [Candidate(m.start(), m.end(), "CALLE", PATTERN) for m in _FLAT.finditer(text)
                if _LIVES_BEFORE.search(text, max(0, m.start() - 70), m.start())]

    def _streets_anywhere(self, text: str) -> list[Candidate]:
        """``calle Miguel Hernandez, 23`` in running text: a street type followed by a name and a number."""
        out = []
        for m in V.STREET_START.finditer(text):
            toks = tokens(text, m.start(), min(len(text), m.start() + 200))
            folded = [fold(t.text) for t in toks]
            n = self.lexicon.phrases["street_type"].longest_at(folded, 0)
            if not n or n >= len(toks):
                continue
            addr = self._grab_address(text, toks, n, len(text))
            if addr and _HOUSE_NUMBER.search(text, addr[0], addr[1]):
                out.append(Candidate(addr[0], addr[1], "CALLE", STRUCTURED))
        return out


    def _postal_codes(self, text: str) -> list[Candidate]:
        out = []
        for m in P.POSTAL_CODE.finditer(text):
            if _EXTENSION_BEFORE.search(text, max(0, m.start() - 12), m.start()):
                continue  # "ext. 43112", "busca 7218": an internal phone line
            after = text[m.end():m.end() + 40]
            in_parens = text[m.start() - 1:m.start()] == "(" and after.startswith(")") and after_capitalised_word(text, m.start() - 1)
            if m.group().upper().startswith(("CP", "E-")) or _TOWN_AHEAD.match(after) or in_parens:  # "Tàrrega (25300)"
                out.append(Candidate(m.start(1), m.end(1), "TERRITORIO", PATTERN))
                town = self._grab_place(text, m.end(), min(len(text), m.end() + 60))
                if town and town[0] - m.end() <= 3 and not re.match(r"[ \t]*:", text[town[1]:]):  # "Localidad:": a key
                    out.append(Candidate(town[0], town[1], self._place_label(text[town[0]:town[1]]), PATTERN))
            elif caps := self._capitals_town(text, m.end()):
                out.append(Candidate(m.start(1), m.end(1), "TERRITORIO", PATTERN))
                out.append(Candidate(caps[0], caps[1], self._place_label(text[caps[0]:caps[1]]), PATTERN))
            elif field := self._field_town(text, m):
                out.append(Candidate(m.start(1), m.end(1), "TERRITORIO", PATTERN))
                out.append(Candidate(field[0], field[1], self._place_label(text[field[0]:field[1]]), PATTERN))
        return out

    def _field_town(self, text: str, m: re.Match[str]) -> tuple[int, int] | None:
        """A postal code as a field of its own between semicolons, after a street's field and before its town's, as an
        export writes an address (``domicilio=Calle Mayor 41, 2º izda;31610;Villava``): the town, a known
        municipality (a lab value's row has no street before it)."""
        line_start = text.rfind("\n", 0, m.start()) + 1
        if text[m.start() - 1:m.start()] != ";" or not _FIELD_STREET.search(text, line_start, m.start()):
            return None
        town = re.match(r";[ \t]*([^;\n\d]+?)[ \t]*(?=;|$|\n)", text[m.end():m.end() + 60])
        if not town:
            return None
        folded = [fold(w) for w in re.findall(r"[^\W\d_]+", town.group(1))]
        if not folded or self.lexicon.place_at(folded, 0, categories=("municipality",)) != len(folded):
            return None
        return m.end() + town.start(1), m.end() + town.end(1)

    def _capitals_town(self, text: str, at: int) -> tuple[int, int] | None:
        """A known town typed in capitals right after a postal code (``45600 TALAVERA DE LA REINA``)."""
        m = _CAPS_TOWN_AHEAD.match(text, at)
        if m is None or m.start(1) - at > 3:
            return None
        toks = tokens(text, m.start(1), m.end(1))
        n = self.lexicon.place_at([fold(t.text) for t in toks])
        return (toks[0].start, toks[n - 1].end) if n else None

    def _makers(self, text: str) -> list[Candidate]:
        """Manufacturers in product parentheses: ``(Travatan®, Alcon, Fort Worth, Texas)``."""
        out = []
        for m in V.MAKER.finditer(text):
            product, places = m.group(1), m.group(3)
            place_parts = list(_COMMA_PART.finditer(places)) if places else []
            known = [self._place_label(p.group().strip()) for p in place_parts]
            is_place = [self.lexicon.place_at([fold(t.text) for t in tokens(p.group())]) > 0 for p in place_parts]
            if not ("®" in product or "™" in product or any(is_place)):
                continue
            out.append(Candidate(m.start(2), m.end(2), "INSTITUCION", STRUCTURED))
            base = m.start(3)
            for part, label in zip(place_parts, known):
                s, e = trim(text, base + part.start(), base + part.end())
                if s < e:
                    out.append(Candidate(s, e, label, STRUCTURED))
        return out

    def _places(self, text: str) -> list[Candidate]:
        out = []
        lex = self.lexicon
        for s, e in lines(text):
            toks = tokens(text, s, e)
            if not toks:
                continue
            folded = [fold(t.text) for t in toks]
            i = 0
            while i < len(toks):
                if not is_cap_word(toks[i]) or (i and toks[i - 1].text == "-" and toks[i - 1].start == toks[i].start - 1):
                    i += 1
                    continue
                hit = None
                for cat, label in (("country", "PAIS"), ("province", "TERRITORIO")):
                    n = lex.phrases[cat].longest_at(folded, i)
                    if n:
                        hit = (n, label)
                        break
                if hit is None:
                    n = lex.phrases["municipality"].longest_at(folded, i)
                    big = " ".join(folded[i:i + n]) in lex.big_places if n else False
                    if n and big and _PLACE_PREPOSITION.search(text[max(s, toks[i].start - 25):toks[i].start]):
                        hit = (n, "TERRITORIO")
                if hit:
                    n, label = hit
                    last = toks[i + n - 1]
                    if i + n < len(toks) and is_cap_word(toks[i + n]) and toks[i + n].start - last.end <= 1:
                        i += n  # part of a longer proper name ("Madrid Arena", "Guinea Ecuatorial"?)
                        continue
                    out.append(Candidate(toks[i].start, last.end, label, GAZETTEER))
                    i += n
                else:
                    i += 1
        for m in _TOWN_BEFORE_PROVINCE.finditer(text):
            province = [fold(t.text) for t in tokens(m.group("province"))]
            town = m.group("town")
            if lex.phrases["province"].longest_at(province, 0) == len(province) and not V.FACILITY_START.match(town) \
                    and fold(town.split()[0]) not in V.NAME_STOP:
                out.append(Candidate(m.start("town"), m.end("town"), "TERRITORIO", PATTERN))
        out += [Candidate(m.start(), m.end(), "PAIS", GAZETTEER) for m in V.EXTRA_COUNTRIES.finditer(text)]
        for m in english_countries().finditer(text):
            words = m.group().split()
            inside = _INSIDE_BEFORE.search(text, max(0, m.start() - 30), m.start()) or _INSIDE_AFTER.match(text, m.end())
            name_too = len(words) == 1 and (lex.is_("first_name", words[0]) or lex.is_("surname", words[0]))
            if name_too and not _COUNTRY_CUE_BEFORE.search(text, max(0, m.start() - 30), m.start()) or \
                    name_too and _INSIDE_AFTER.match(text, m.end()):
                continue  # "Jordan", "Chad", "Ireland": also names, a country only after "in", "from", a code
            if not inside:
                out.append(Candidate(m.start(), m.end(), "PAIS", GAZETTEER))
        for m in _PLACE_COMMA_COUNTRY.finditer(text):
            after = text[m.end():m.end() + 40]
            country = english_countries().match(after)
            words = [fold(t.text) for t in tokens(after)][:3]
            if (country or lex.place_at(words, categories=("country",))) and fold(m.group("place").split()[0]) not in V.NAME_STOP \
                    and not lex.place_at([fold(w) for w in m.group("place").split()], categories=("country",)):
                out.append(Candidate(m.start("place"), m.end("place"), "TERRITORIO", PATTERN))
        return out
