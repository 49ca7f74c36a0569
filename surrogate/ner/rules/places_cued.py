"""Places and bodies that a cue or a shape names where the other place rules do not look:

* where a person lives, in Portuguese or Galician as a note near the border writes it (``mora em``, ``vive em``, ``reside
  em``, ``nasceu em``): one word that no list holds as an ordinary word, a given name, a kinship word or a profession
  (``vive em setubal``); after any residence cue (``vive en``, ``mora em``, ``viu a``), the words up to a comma that a
  street's address follows (``mora em vila nova de baixo, c/ larga 3``): the locality before its street;
* a known town of 20,000+ typed in lower case after a verb of being or going somewhere (``estoy en gandia``, ``se va a
  ponferrada``), in a note of any case (an SMS quoted in a log): no ordinary word, no common word;
* a district in parentheses after a street's address, then its town after a comma (``c/ sol 8, 2ºA (la chana),
  granada``), in a note of any case;
* a firm named by one capitalised word after a profession and ``en``/``para`` (``conductor de autobús en Transbiscay,``),
  at the clause's end: no place, no given name, no kind of workplace;
* a hospital's acronym of the shipped list right before a unit or a service (``HUMV URG``, ``hulp uci``): the acronym;
* a place, a facility or a body found once, written again in another case (``MALAGA`` ... ``malaga``) or by its same
  acronym (``HUN URG`` ... ``laboratorio core HUN``): the same, wherever it stands outside a longer span.
"""
from __future__ import annotations

import re
from functools import cache

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, STRUCTURED, Candidate
from .facilities import hospital_acronyms
from .recase_cues import DESCRIPTORS, ORDINARY
from .typed_note import CONNECTORS, SAINTS, WORD, words_at

_TOWN, _BODY, _HOSPITAL = "TERRITORIO", "INSTITUCION", "HOSPITAL"
_PLACES = frozenset({"TERRITORIO", "PAIS", "HOSPITAL", "CENTRO_SALUD", "INSTITUCION"})


@cache
def _common_words() -> frozenset[str]:
    """The locale's ``common_words`` (folded): ordinary nouns that a town's or a brand's name may also be."""
    from gazetteers import default_set

    try:
        return frozenset(fold(str(v)) for v in default_set("es")["common_words"].column("value"))
    except (KeyError, OSError, ValueError):
        return frozenset()


def _plain(f: str, stop: frozenset[str]) -> bool:
    """An ordinary word of any list: no place's or brand's name alone."""
    return f in stop or f in ORDINARY or f in DESCRIPTORS or f in _common_words() or f.endswith("s") and (
        f[:-1] in stop or f[:-1] in ORDINARY or f[:-1] in _common_words())


def _unknown_word(w: str, lexicon: Lexicon, stop: frozenset[str]) -> bool:
    f = fold(w)
    return len(f) >= 4 and not _plain(f, stop) and not any(
        lexicon.is_(c, f) for c in ("first_name", "kinship", "profession")) and not _KIND_WORD.search(f)


# what follows a residence cue that is no place: a dwelling, a state, a company
_KIND_WORD = re.compile(r"(?:^(?:casa|piso|domicilio|residencia|pareja|familia|compan|alquiler|regimen|situacion|"
                        r"condiciones|soledad|instituci|centro|hogar|vivienda|apartamento|chalet|planta|zona|barrio|"
                        r"aldea|pueblo|ciudad|campo|medio|area|sitio|lugar|local|regime|lar|quarto|aluguer|uniao|união)|(?:ia|ias|cion|ciones|miento|dad|logia)$)")

# Portuguese (and Galician) residence and birth cues: "mora em", "vive em", "nasceu em"
_PT_CUE = re.compile(r"(?<![\w])(?:mora|moram|vive|vivem|reside|residem|nasceu|nascida|nascido)[ \t]+em[ \t]+(?=[^\W\d_])",
                     re.IGNORECASE)
# any residence cue, perhaps with "alone": "vive en", "viu sola a", "mora em", "reside en"
_HOME_CUE = re.compile(r"(?<![\w])(?:vive|viven|vivia|vivía|reside|residen|resident|mora|moram|viu|viuen|domiciliad[oa])"
                       r"(?:[ \t]+(?:sol[oa]|so|sozinh[oa]|sols|soles))?[ \t]+(?:en|em|a|no|na)[ \t]+(?=[^\W\d_])",
                       re.IGNORECASE)
_STREET_AHEAD = re.compile(r"[ \t]*,[ \t]*(?:c/|c\.|calle|cl\.?|avda\.?|av\.?|avenida|rua|rúa|carrer|pza\.?|plaza|praça|"
                           r"paseo|camino|ctra\.?|travesia|travessa|largo)[ \t.]", re.IGNORECASE)
# a verb of being or going somewhere: "estoy en", "se va a", "vuelve de"
_BEING_AT = re.compile(r"(?<![\w])(?:estoy|esta|está|estamos|estan|están|estaba|estará|vivo|vivimos|voy|va|vamos|van|"
                       r"iré|ira|irá|viajo|viaja|viajamos|vuelvo|vuelve|volvemos|llego|llega|llegamos|sigo|sigue)"
                       r"[ \t]+(?:en|a|de|desde)[ \t]+(?=[^\W\d_])", re.IGNORECASE)
_FLAT = re.compile(r"(?:[ \t,]+(?:\d{1,2}[ \t]?[ºª°]?[ \t]?[a-h]?|bajo|bajos|pral|atico|ático|entlo|izda|izq|dcha|dch|"
                   r"pta[ \t]*\d*|puerta[ \t]*\d*|esc[ \t]*\d*|bis)(?![\w]))*", re.IGNORECASE)
_PARENS = re.compile(r"[ \t]*\([ \t]*(?P<p>[^\W\d_][^\W\d_'’ \t-]*(?:[ \t'’-]+[^\W\d_]+){0,3})[ \t]*\)")
# a profession then the firm: "conductor de autobús en Bizkai..." (the job's "de" phrase may stand between)
_JOB_AT = re.compile(r"[ \t]+(?:de[ \t]+[^\W\d_]+[ \t]+)?(?:en|para)[ \t]+(?P<b>[A-ZÁÉÍÓÚÑ][a-záéíóúñçà]+(?:[A-Z][a-z]+)?)"
                     r"(?=[ \t]*(?:[,.;:)\n]|$))")
# a unit or a service after a hospital's acronym: "HUMV URG", "hulp uci", "HUCA UCI-2"
_UNIT_AFTER = re.compile(r"[ \t]+(?:urg|urgencias|uci|ucin|ucip|uvi|rea|hdd|hdia|planta|lab|laboratorio|ccee|"
                         r"consultas|quirofano|quirófano|radiologia|radiología)(?![\w])", re.IGNORECASE)


def _words(text: str, pos: int, limit: int) -> list[re.Match[str]]:
    return words_at(text, pos, limit, abbreviations=False)


def _homes(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    out: list[Candidate] = []
    for m in _PT_CUE.finditer(text):  # "vive em setubal": a word no list holds
        ms = _words(text, m.end(), 1)
        if ms and ms[0].group().islower() and _unknown_word(ms[0].group(), lexicon, stop) \
                and not re.match(r"['’@./-]\w", text[ms[0].end():ms[0].end() + 2]):
            out.append(Candidate(ms[0].start(), ms[0].end(), _TOWN, PATTERN))
    for m in _HOME_CUE.finditer(text):  # "mora em vila nova de baixo, c/ larga 3": the locality before its street
        ms = _words(text, m.end(), 5)
        for n in range(len(ms), 0, -1):
            if not _STREET_AHEAD.match(text, ms[n - 1].end()):
                continue
            run = ms[:n]
            content = [fold(w.group()) for w in run if fold(w.group()) not in CONNECTORS | SAINTS]
            if content and fold(run[-1].group()) not in CONNECTORS | SAINTS and not any(
                    (_plain(f, stop) or _KIND_WORD.search(f)) and not lexicon.place_at([f]) or lexicon.is_("kinship", f)
                    for f in content):
                out.append(Candidate(run[0].start(), run[-1].end(), _TOWN, PATTERN))
            break
    return out


def _being_at(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    out: list[Candidate] = []
    for m in _BEING_AT.finditer(text):
        ms = _words(text, m.end(), 4)
        folded = [fold(w.group()) for w in ms]
        n = lexicon.place_at(folded, 0, categories=("municipality",)) if folded else 0
        if not n or any(w.group() != w.group().lower() for w in ms[:n]):
            continue  # a capitalised town is the ordinary rules'
        phrase = " ".join(folded[:n])
        if phrase not in lexicon.big_places or n == 1 and (_plain(phrase, stop) or lexicon.is_("first_name", phrase)):
            continue
        if re.match(r"['’@./-]\w", text[ms[n - 1].end():ms[n - 1].end() + 2]):
            continue
        out.append(Candidate(ms[0].start(), ms[n - 1].end(), _TOWN, PATTERN))
    return out


def _address_tails(text: str, found: list[Candidate], lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    out: list[Candidate] = []
    for c in found:
        if c.label != "CALLE" or not re.search(r"\d", text[c.start:c.end]):
            continue
        pos = _FLAT.match(text, c.end).end()
        p = _PARENS.match(text, pos)
        if not p:
            continue
        words = p.group("p").split()
        content = [fold(w) for w in words if fold(w) not in CONNECTORS]
        if not content or fold(words[-1]) in CONNECTORS or any(
                len(f) < 3 or _plain(f, stop) and not lexicon.place_at([f]) or lexicon.is_("kinship", f)
                or lexicon.is_("profession", f) for f in content):
            continue
        if len(content) == 1 and lexicon.is_("first_name", content[0]) and not lexicon.place_at(content):
            continue  # "(carmen)": who lives there
        out.append(Candidate(p.start("p"), p.end("p"), _TOWN, PATTERN))
        comma = re.match(r"[ \t]*,[ \t]*", text[p.end():p.end() + 4])
        if comma:
            ms = _words(text, p.end() + comma.end(), 4)
            folded = [fold(w.group()) for w in ms]
            n = lexicon.place_at(folded, 0) if folded else 0
            if n and not (n == 1 and (_plain(folded[0], stop) or lexicon.is_("first_name", folded[0]))):
                out.append(Candidate(ms[0].start(), ms[n - 1].end(), _TOWN, PATTERN))
    return out


def _employers(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    out: list[Candidate] = []
    for m in WORD.finditer(text):
        if not m.group().islower() or len(m.group()) < 4 or not lexicon.is_("profession", m.group()):
            continue
        j = _JOB_AT.match(text, m.end())
        if not j:
            continue
        b = j.group("b")
        f = fold(b)
        if len(f) < 4 or _plain(f, stop) or lexicon.place_at([f]) or any(
                lexicon.is_(c, f) for c in ("first_name", "profession", "kinship")) or _KIND_WORD.search(f):
            continue
        out.append(Candidate(j.start("b"), j.end("b"), _BODY, STRUCTURED))
    return out


def _acronym_units(text: str) -> list[Candidate]:
    listed = hospital_acronyms()
    out: list[Candidate] = []
    for m in WORD.finditer(text):
        w = m.group()
        if len(w) < 3 or not (w in listed or w.islower() and w.upper() in listed and fold(w) not in ORDINARY):
            continue
        if re.match(r"['’@./-]\w", text[m.end():m.end() + 2]) or re.search(r"[\w@./-]$", text[max(0, m.start() - 1):m.start()]):
            continue
        if _UNIT_AFTER.match(text, m.end()):
            out.append(Candidate(m.start(), m.end(), _HOSPITAL, PATTERN))
    return out


def place_cue_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], found: list[Candidate]) -> list[Candidate]:
    """Homes, a town after a verb of being there, a district after an address, a firm after a job, an acronym before
    a unit (module docstring); ``found``: the candidates of the other rules."""
    return (_homes(text, lexicon, stop) + _being_at(text, lexicon, stop) + _address_tails(text, found, lexicon, stop)
            + _employers(text, lexicon, stop) + _acronym_units(text))


def places_again(text: str, found: list[Candidate], stop: frozenset[str]) -> list[Candidate]:
    """Each place, facility or body of ``found`` written again elsewhere in another case (four letters or more, no
    ordinary word), or an acronym in capitals (three letters or more) again as written; at word boundaries."""
    seen: dict[str, str] = {}
    acronyms: dict[str, str] = {}
    for c in found:
        if c.label not in _PLACES:
            continue
        value = text[c.start:c.end]
        if "\n" in value:
            continue
        if value.isupper() and value.isalpha() and 3 <= len(value) <= 6:
            acronyms.setdefault(value, c.label)
        elif len(value) >= 4 and not all(_plain(fold(w), stop) or fold(w) in CONNECTORS for w in re.findall(r"[^\W\d_]+", value)):
            seen.setdefault(fold(value), c.label)
    if not seen and not acronyms:
        return []
    out: list[Candidate] = []
    folded = "".join(f if len(f := fold(ch)) == 1 else ch for ch in text)
    for value, label in seen.items():
        for m in re.finditer(rf"(?<![\w@./-]){re.escape(value)}(?![\w@-]|\.\w)", folded):
            out.append(Candidate(m.start(), m.end(), label, PATTERN))
    for value, label in acronyms.items():
        for m in re.finditer(rf"(?<![\w@./-]){re.escape(value)}(?![\w@-]|\.\w)", text):
            out.append(Candidate(m.start(), m.end(), label, PATTERN))
    spans = [(c.start, c.end) for c in found]
    return [c for c in out if not any(s <= c.start and c.end <= e for s, e in spans)]
