"""Places that a note writes as a pair, the wider or the narrower one in parentheses, and a postal code after its town.

* a country, then a place of it in parentheses (``vive en canada (toronto)``, ``fill a alemanya (colonia)``): the
  place, whatever list holds it or not, when it is no ordinary word, number, profession or kinship word;
* a known municipality, then its comarca or district in parentheses (``sant feliu de pallerols (la garrotxa)``);
* a known municipality right before its province or country in parentheses, after a comma, a number or a cue
  (``camino de la iglesia 4, baltanas (palencia)``): the town (an ordinary word or a given name alone is none);
* a postal code written after its town (``c/ del sol 3 toledo 45002``, ``vive en laredo 39770,``): a code of the
  INE list, right after a known municipality, a place or a flat's floor and door (``bajo``, ``izda``) on an address
  line (a street's type and number before it), and at a clause's end or before a dash (``toledo 45002 - tlf``); a
  lab value (``leucos 10200``) has no place before it.
"""
from __future__ import annotations

import re
from functools import cache

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, Candidate
from .coofficial import coofficial_countries
from .recase_cues import DESCRIPTORS, ORDINARY

_TOWN, _COUNTRY = "TERRITORIO", "PAIS"
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_PARENS = re.compile(r"[ \t]*\([ \t]*(?P<p>[^\W\d_][^\W\d_'’ \t-]*(?:[ \t'’-]+[^\W\d_]+){0,3})[ \t]*\)")
_CONNECT = frozenset({"de", "del", "la", "las", "los", "el", "d", "l", "i", "y", "da", "do", "dos", "das", "a", "o", "as",
                      "os", "sur", "norte", "les", "els", "sant", "san", "santa"})
_POSTAL = re.compile(r"(?<![\w.,/-])(?P<c>(?:0[1-9]|[1-4]\d|5[0-2])\d{3})(?=[ \t]*(?:[,.;)\n]|$)|[ \t]+[-–|][ \t])")
# a flat's floor and door between the street's number and the code: "c/ jaen 12 bajo 29011", "4º izda 48004"
_FLAT_WORDS = frozenset({"bajo", "bajos", "baixo", "entlo", "entresuelo", "pral", "principal", "atico", "izda", "izq",
                         "izquierda", "dcha", "dch", "derecha", "dra", "pta", "puerta", "bis", "esc", "escalera", "piso",
                         "centro", "ctro", "ext", "int", "interior", "exterior"})
_ADDRESS = re.compile(r"(?<![\w])(?:c/|c\.|calle|cl|avda\.?|av\.?|avenida|pza\.?|plaza|paseo|pº|camino|ctra\.?|carretera|"
                      r"carrer|rua|rúa|lugar|urb\.?|urbanizaci[oó]n|barrio|travesia|travesía|ronda|kalea)[ \t]+\S.*?\d",
                      re.IGNORECASE)
# words a writer puts in parentheses after a country that are no place: a reason, a time, a role
_NOT_PLACES = frozenset({"vacaciones", "trabajo", "turismo", "familia", "visita", "viaje", "origen", "natal", "nativa",
                         "nativo", "padre", "madre", "materna", "paterna", "nacionalidad", "residencia", "ida", "vuelta",
                         "retorno", "regreso", "reciente", "recientemente", "endemica", "endémica", "zona", "rural",
                         "urbana", "norte", "sur", "este", "oeste", "centro", "capital", "costa", "interior", "meses",
                         "semanas", "años", "anos", "dias", "días", "erasmus", "estudios", "misma", "mismo", "otra",
                         "otro", "varias", "varios", "ue", "eu", "schengen", "pais", "país", "extranjero", "emigrante",
                         "inmigrante", "refugiado", "refugiada", "asilo", "voluntariado", "cooperacion", "cooperación"})


@cache
def _postal_codes() -> frozenset[str]:
    from gazetteers import default_set

    try:
        return frozenset(str(v) for v in default_set("es")["postal_codes"].column("value"))
    except (KeyError, OSError, ValueError):
        return frozenset()


@cache
def _countries_any_case() -> re.Pattern[str]:
    return re.compile(coofficial_countries().pattern, re.IGNORECASE)


def _is_place_word(words: list[str], lexicon: Lexicon, stop: frozenset[str]) -> bool:
    """Words that may name a place: no ordinary word, profession, kinship word or reason alone, no short word."""
    folded = [fold(w) for w in words]
    content = [f for f in folded if f not in _CONNECT]
    return bool(content) and all(len(f) >= 3 and f not in stop and f not in ORDINARY and f not in DESCRIPTORS
                                 and f not in _NOT_PLACES and not lexicon.is_("profession", f)
                                 and not lexicon.is_("kinship", f) for f in content)


def _country_before(text: str, pos: int, lexicon: Lexicon) -> bool:
    """A country's name ends right at ``pos``."""
    before = text[max(0, pos - 40):pos]
    words = [fold(w) for w in _WORD.findall(before)]
    for n in range(1, min(4, len(words)) + 1):
        if lexicon.phrases["country"].longest_at(words[-n:], 0) == n:
            return True
    return any(c.end() == len(before) for c in _countries_any_case().finditer(before))  # "frança", "arxentina"


def _town_before(text: str, pos: int, lexicon: Lexicon, stop: frozenset[str]) -> tuple[int, int] | None:
    """The span of a known municipality ending right at ``pos`` (up to four words)."""
    ms = list(_WORD.finditer(text, max(0, pos - 50), pos))
    if not ms or ms[-1].end() != pos:
        return None
    ms = [m for m in ms if m.start() == 0 or not re.match(r"[\w'’-]", text[m.start() - 1])]  # "aorto-cava": no word
    for n in range(min(4, len(ms)), 0, -1):
        run = ms[-n:]
        if any(not re.fullmatch(r"[ \t]+", text[a.end():b.start()]) for a, b in zip(run, run[1:])):
            continue
        folded = [fold(m.group()) for m in run]
        if lexicon.place_at(folded, 0, categories=("municipality",)) == n:
            prev = re.search(r"([^\W\d_]+)[ \t]+$", text[max(0, run[0].start() - 12):run[0].start()])
            if prev and fold(prev.group(1)) in _CONNECT:
                return None  # "lugo de llanera": the end of a longer name
            if n == 1 and (folded[0] in stop or folded[0] in ORDINARY or lexicon.is_("first_name", folded[0])):
                return None
            return run[0].start(), run[-1].end()
    return None


def place_pair_candidates(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """Places written as a pair with parentheses, and postal codes after their town (module docstring)."""
    out: list[Candidate] = []
    for m in _PARENS.finditer(text):
        inside = m.group("p").split()
        folded = [fold(w) for w in inside]
        inner_country = lexicon.phrases["country"].longest_at(folded, 0) == len(folded)
        inner_province = lexicon.phrases["province"].longest_at(folded, 0) == len(folded)
        if inner_country or inner_province:
            town = _town_before(text, m.start(), lexicon, stop)
            before = text[max(0, (town or (m.start(), 0))[0] - 12):(town or (m.start(), 0))[0]]
            if town and re.search(r"(?:[,\dº]|(?<![\w])(?:en|desde|vive|reside))[ \t]*$", before):
                out.append(Candidate(town[0], town[1], _TOWN, PATTERN))  # "lugar de x 7, baltanas (palencia)"
            continue
        if not _is_place_word(inside, lexicon, stop) or any(w.isupper() and len(w) <= 5 for w in inside):  # "(estadio IIIC)"
            continue
        if _country_before(text, m.start(), lexicon) or _town_before(text, m.start(), lexicon, stop):
            out.append(Candidate(m.start("p"), m.end("p"), _TOWN, PATTERN))
    codes = _postal_codes()
    for m in _POSTAL.finditer(text):
        if codes and m.group("c") not in codes:
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        before = text[line_start:m.start()]
        word = re.search(r"([^\W\d_]+)[ \t]*(?:,|(?P<open>\())?[ \t]*$", before)  # "beniarjo (46722)" too
        if not word or word.group("open") and not text.startswith(")", m.end("c")):
            continue
        town = _town_before(text, line_start + word.end(1), lexicon, stop)
        flat = fold(word.group(1)) in _FLAT_WORDS or re.fullmatch(r"[a-h]|\d+[ºª]?[a-h]?", word.group(1), re.IGNORECASE)
        if town or _ADDRESS.search(before[:word.start(1)]) and (flat or _is_place_word([word.group(1)], lexicon, stop)):
            out.append(Candidate(m.start("c"), m.end("c"), _TOWN, PATTERN))
    return out
