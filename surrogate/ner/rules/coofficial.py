"""Dates, places and insurance numbers written the way Catalan, Valencian, Galician and Basque notes write them.

- Month and weekday names of ``ca``, ``gl`` and ``eu`` (babel's CLDR data, read on first use), full or abbreviated,
  the ones that Spanish lacks: ``dl. 24 febr.``, ``domingo 8 set.``, ``set. 2023``, and a month alone after a Catalan
  or Galician preposition (``des del gener``, ``a l'abril``, ``dende xaneiro``).
- A season with its year (``l'estiu del 2023``, ``verano de 2023``, Basque ``2023ko udatik``); a Basque year,
  weekday or month with its case ending (``2019an``, ``2018tik``, ``ostiraletik``, ``asteartean``, ``abuztuan``).
- A date in words (``deu de gener de dos mil vint-i-cinc``, ``dez de xaneiro de dous mil vinte e cinco``).
- The county or province in parentheses after a postal code's town (``08560 Manlleu (Osona)``), country names
  in those languages (``Stuttgart (Alemanya)``), the Basque names of towns officially named in Spanish, with their
  case endings (``Bilbon``, ``Iruñetik``), and a signature's place before a Basque, a spelled-out or (a known town
  only) a numeric date (``Tolosa, 2025eko otsailaren 17a``, ``Sabadell, 16.1.25``).
- A carer's given name in parentheses after the role (``gaueko zaintzaileak (Nekane)``).
- A Catalan CIP, the personal health-card code: four capitals, the sex digit, the birth date, two digits and a check
  digit (``ABCD 0 561231 00 7``).
"""
from __future__ import annotations

import re
from functools import cache

from gazetteers.text import fold

from ..lexicon import Lexicon
from . import patterns as P
from .common import PATTERN, STRUCTURED, Candidate

_LOCALES = ("ca", "gl", "eu")
_SPANISH = frozenset(fold(m) for m in P.MONTHS)
_YEAR = r"(?:19|20)\d\d"


def _alt(words: set[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@cache
def _names() -> tuple[str, str, str]:
    """(full months, abbreviated months, weekdays) of the co-official languages, as alternations (with the
    Valencian "giner", which CLDR's Catalan lacks)."""
    from babel import Locale

    full, short, days = set(), set(), set()
    for code in _LOCALES:
        loc = Locale(code)
        for ctx in ("format", "stand-alone"):
            full |= {re.sub(r"^(?:de |d[’'])", "", m) for m in loc.months[ctx]["wide"].values()} | {"giner"}
            short |= {re.sub(r"^(?:de |d[’'])", "", m).rstrip(".") for m in loc.months[ctx]["abbreviated"].values()}
            days |= set(loc.days[ctx]["wide"].values()) | {d.rstrip(".") for d in loc.days[ctx]["abbreviated"].values()}
    short -= full
    # (Basque abbreviates its weekdays to common syllables, "al", "or": they never stand before a day)
    days = {d for d in days if len(d) >= 2} - {"ig", "al", "ar", "az", "og", "or", "lr"}
    return _alt(full), _alt(short), _alt(days)


@cache
def _date_patterns() -> tuple[re.Pattern[str], ...]:
    full, short, days = _names()
    # (a day and a month: "24 febr.", "dl. 24 febr. 2025", "domingo 8 set."; a month and year: "set. 2023")
    day_month = re.compile(
        rf"(?<![\w])(?:(?i:{days})\.?,?[ \t]+)?{P.DAY}[ \t]+(?:de[ \t]+|d['’])?(?P<m>(?i:{full})(?![\w])|(?i:{short})\.)"
        rf"(?:[ \t]+(?:de[ \t]+|del[ \t]+)?{_YEAR}(?![\w]))?")
    # (an abbreviation keeps its full stop: "3 set de 10" is three sets)
    month_year = re.compile(rf"(?<![\w])(?P<m>(?i:{full})|(?i:{short})\.)[ \t]+(?:de[ \t]+|del[ \t]+)?{_YEAR}(?![\w])")
    # a month alone after a preposition of these languages ("des del gener", "a l'abril", "dende xaneiro")
    cued = re.compile(
        rf"(?i)(?<![\w])(?:des[ \t]+de(?:l[ \t]+|[ \t]+|[ \t]*l['’]|[ \t]*d['’])|fins[ \t]+(?:al[ \t]+|a[ \t]+l['’])|a[ \t]+l['’]|"
        rf"durant[ \t]+el[ \t]+|(?:a[ \t]+)?(?:finals|principis|mitjan)[ \t]+(?:de[ \t]+|d['’])|dende[ \t]+|ata[ \t]+|"
        rf"no[ \t]+mes[ \t]+de[ \t]+|en[ \t]+|al[ \t]+|el[ \t]+mes[ \t]+de[ \t]+)(?P<m>{full})(?![\w])")
    season = re.compile(
        rf"(?i)(?<![\w])(?:l['’])?(?:estiu|hivern|tardor|primavera|verano|invierno|otoño|ver[aá]n|inverno|outono)[ \t]+"
        rf"(?:de[ \t]+|del[ \t]+|de[ \t]+l['’]any[ \t]+)?{_YEAR}(?![\w])"
        rf"|(?<![\w]){_YEAR}e?ko[ \t]+(?:udaberri|udazken|uda|negu)(?:a|an|n|ean|tik|etik|ra|era|ko|eko)?(?![\w])")
    basque = re.compile(
        rf"(?i)(?<![\w]){_YEAR}(?:an|ean|tik|etik|ra|era|rako|erako)(?![\w])"
        r"|(?<![\w])(?:astelehen|astearte|asteazken|ostegun|ostiral|larunbat|igande)(?:ean|an|etik|tik|era|ra|eko|ko|erako|rako)(?![\w])"
        # a Basque month alone with its case ending, not the bare word ("abuztuan", in August; "urria" is also "scarce")
        r"|(?<![\w])(?:urtarril|otsail|martxo|apiril|maiatz|ekain|uztail|abuztu|irail|urri|azaro|abendu)"
        r"(?:e?an|e?tik|e?ra|e?rako|e?ko|e?raino)(?![\w])")
    words = re.compile(
        rf"(?i)(?<![\w]){_DAY_WORDS}[ \t]+(?:de[ \t]+|d['’])(?P<m>{full})[ \t]+de[ \t]+(?:dos|dous)[ \t]+mil"
        rf"(?:[ \t]+(?:e[ \t]+)?{_NUMBER_WORDS}){{0,3}}(?![\w-])")
    return day_month, month_year, cued, season, basque, words


_NUMBER_WORDS = (r"(?:u|un|una|dos|dous|dúas|tres|quatre|catro|cinc|cinco|sis|seis|set|sete|vuit|oito|nou|nove|deu|dez|"
                 r"onze|once|dotze|doce|tretze|trece|catorze|catorce|quinze|quince|setze|dezaseis|disset|dezasete|divuit|"
                 r"dezaoito|dinou|dezanove|vint(?:-i-[a-z]+)?|vinte|trenta(?:-[a-z]+)?|trinta)")
_DAY_WORDS = r"(?:primer|primeiro|" + _NUMBER_WORDS[3:]
# the town after a postal code, then its county or province in parentheses
_COUNTY = re.compile(
    r"(?<![\w])(?:0[1-9]|[1-4]\d|5[0-2])\d{3}[ \t]+[A-ZÁÉÍÓÚÑÀÈÒÇ][^\W\d_]+(?:[ \t]+(?:(?:de|del|la|el|d['’])[ \t]*)?"
    r"[A-ZÁÉÍÓÚÑÀÈÒÇ][^\W\d_]+){0,3}[ \t]*\((?P<county>[A-ZÀ-Ú][^\W\d_]+(?:[ \t]+(?:de[ \t]+|d['’])?[A-ZÀ-Ú][^\W\d_]+){0,2})\)"
)
# the place of a signature before a Basque date or a date in words: "Tolosa, 2025eko otsailaren 17a"
_PLACE_DATE = re.compile(
    r"(?m)(?:^|[·|—–][ \t]*)(?P<town>[A-ZÁÉÍÓÚÑÀÈÒÇ][^\W\d_]+(?:[ \t]+(?:(?:de|del|la|el|d['’]|O|A)[ \t]*)?[A-ZÁÉÍÓÚÑÀÈÒÇ][^\W\d_]+){0,3}),"
    rf"[ \t]*(?=(?:19|20)\d\de?ko[ \t]+[^\W\d_]+aren[ \t]+\d|(?i:{_DAY_WORDS})[ \t]+(?:de[ \t]+|d['’])[^\W\d_]+[ \t]+de[ \t]+(?:dos|dous)[ \t]+mil)")
# a carer's given name in parentheses after the role, in any of the languages: "gaueko zaintzaileak (Nekane)",
# "la cuidadora (Nekane)", "a coidadora (Nekane)", "la vetlladora (Nekane)"
_CARER = re.compile(
    r"(?i:(?<![\w])(?:zaintzaile|erizain|gerokultore|cuidador|coidador|vetllador|gerocultor|auxiliar)(?:a|ak|ek|eak|es|s)?)"
    r"[ \t]*\([ \t]*(?P<name>[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{2,})[ \t]*\)")
# the Basque names of towns whose official (gazetteer) name is the Spanish one, with a case ending: "Bilbon" (in
# Bilbao), "Iruñetik" (from Pamplona), "Gasteizko", "Madrilera", "Bartzelonan"
_BASQUE_TOWN = re.compile(
    r"(?<![\w-])(?:Iruñe(?:a|an|ra|tik|ko|rako)|Iruña|Gasteiz|Bilbo|Madril|Bartzelona|Baiona|Miarritze|Lizarra|Tutera|Atarrabia|Donibane[ \t]+Lohizune)"
    r"(?:n|an|ra|tik|ko|rako|raino|era|etik|eko|en)?(?![\w-])")
_PLACE_NUMERIC_DATE = re.compile(
    r"(?m)(?:^|[·|—–][ \t]*)(?P<town>[A-ZÁÉÍÓÚÑÀÈÒÇ][^\W\d_]+(?:[ \t]+(?:(?:de|del|la|el|d['’])[ \t]*)?[A-ZÁÉÍÓÚÑÀÈÒÇ][^\W\d_]+){0,3}),"
    r"[ \t]*(?=\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|(?:19|20)\d\d[./-]\d{1,2}[./-]\d{1,2})")
# (the six digits are the birth date YYMMDD: "CIPA 1203948500" is a field and a number)
_CIP = re.compile(r"(?<![\w])[A-Z]{4}[ \t]?[01][ \t]?\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[ \t]?\d{2}[ \t]?\d(?![\w])")


@cache
def coofficial_countries() -> re.Pattern[str]:
    """Country names of ``ca``, ``gl`` and ``eu`` that differ from the Spanish ones (babel's CLDR data):
    "Alemanya", "Regne Unit", "Alemaña", "Frantzia"."""
    from babel import Locale

    spanish = {fold(n) for code, n in Locale("es").territories.items() if code.isalpha() and len(code) == 2}
    names = {n for loc in _LOCALES for code, n in Locale(loc).territories.items()
             if code.isalpha() and len(code) == 2 and code != "ES" and " & " not in n and fold(n) not in spanish and len(n) >= 4}
    return re.compile(r"(?<![\w])(?:" + _alt(names) + r")(?![\w])")


def coofficial_candidates(text: str, lexicon: Lexicon) -> list[Candidate]:
    """Dates, counties, countries, carers' names and CIP codes of the co-official languages in ``text``."""
    out = [Candidate(m.start("name"), m.end("name"), "NOMBRE_PERSONAL_SANITARIO", PATTERN) for m in _CARER.finditer(text)
           if lexicon.is_("first_name", m.group("name"))]
    day_month, month_year, cued, season, basque, words = _date_patterns()
    for rx in (day_month, month_year, cued):
        for m in rx.finditer(text):
            if rx is not cued and fold(m.group("m").rstrip(".")) in _SPANISH:
                continue  # a Spanish month is the Spanish patterns' ("24 feb.", "en marzo")
            s = m.start("m") if rx is cued else m.start()
            out.append(Candidate(s, m.end(), "FECHAS", PATTERN))
    out += [Candidate(m.start(), m.end(), "FECHAS", PATTERN) for rx in (season, basque, words) for m in rx.finditer(text)]
    out += [Candidate(m.start("county"), m.end("county"), "TERRITORIO", PATTERN) for m in _COUNTY.finditer(text)]
    out += [Candidate(m.start("town"), m.end("town"), "TERRITORIO", PATTERN) for m in _PLACE_DATE.finditer(text)]
    out += [Candidate(m.start(), m.end(), "TERRITORIO", PATTERN) for m in _BASQUE_TOWN.finditer(text)]
    # (before a numeric date, a known town only: "Urgencias, 12/03/2025" names none)
    out += [Candidate(m.start("town"), m.end("town"), "TERRITORIO", PATTERN) for m in _PLACE_NUMERIC_DATE.finditer(text)
            if lexicon.place_at([fold(w) for w in re.findall(r"[^\W\d_]+", m.group("town"))], categories=("municipality",))]
    for m in coofficial_countries().finditer(text):
        before, after = text[max(0, m.start() - 2):m.start()], text[m.end():m.end() + 2]
        if not re.search(r"[A-ZÁÉÍÓÚÑ]\w*[ \t]$", text[max(0, m.start() - 20):m.start()]) and not re.match(r"[ \t][A-ZÁÉÍÓÚÑ]", after) \
                and not before.endswith("-"):
            out.append(Candidate(m.start(), m.end(), "PAIS", PATTERN))
    out += [Candidate(m.start(), m.end(), "ID_ASEGURAMIENTO", STRUCTURED) for m in _CIP.finditer(text)]
    return out
