"""Places that a note writes right after something already found, or after a word that says a place follows:

* a known municipality right after a hospital, a centre or a body (``hospital do salnes vilagarcia``, ``cs san
  blas, parla``, ``empleado de repsol (puertollano)``): the seat, a place of its own (an ordinary word or a given
  name alone is none; in parentheses, the parenthesis must close after it; in a note not typed in lower case a comma
  or a parenthesis must part them, and no longer facility found may go on over it: ``Hospital Puerto Real``);
* a place in parentheses right after a place found (``muelle de Arguineguín (Mogán)``, ``natural de Ziguinchor
  (Casamance)``): its municipality or its region (:func:`wider_places`, called once every place rule has run);
* in a note typed fast in lower case (:func:`.typed_fast.typed_in_lower`), the district after a street's address,
  perhaps after its floor and door and a comma, up to a postal code or the clause's end (``c/ nou 4 2º, gracia.``,
  ``c/ sol 8 bajo el carmen 30002``): one to three words, none ordinary, no kinship word or profession;
* the name after a word that says a place follows: ``parroquia de``, ``parròquia de``, ``freguesia de``, ``barriada``,
  ``bda.``, ``distrito``, ``pedanía de``, ``aldea de`` (``parroquia de san xoán de río``, ``distrito la chana``, ``Bda.
  Los Rosales``), in any note and after an article too, which the cues of :mod:`.localities` (a capital after ``de``)
  and :mod:`.typed_places` (no article) leave: up to four words, a stop word, a number or punctuation ends it
  (``distrito sanitario`` is none).
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, Candidate
from .recase_cues import DESCRIPTORS, ORDINARY
from .typed_fast import typed_in_lower
from .typed_note import CONNECTORS, SAINTS, WORD, words_at

_TOWN = "TERRITORIO"
_FACILITIES = frozenset({"HOSPITAL", "CENTRO_SALUD", "INSTITUCION"})
_GAP = re.compile(r"[ \t]*(?P<p>[,(])?[ \t]*")
# what follows a street's number and stays part of the address: the floor, the door, the staircase
_FLAT = re.compile(r"(?:[ \t,]+(?:\d{1,2}[ \t]?[ºª°]?[ \t]?[a-h]?|bajo|bajos|pral|principal|atico|ático|entlo|izda|izq|"
                   r"izquierda|dcha|dch|derecha|pta[ \t]*\d*|puerta[ \t]*\d*|esc[ \t]*\d*|bis|[a-h])(?![\w]))*", re.IGNORECASE)
_DISTRICT_END = re.compile(r"[ \t]*(?:[.;\n)]|,[ \t]|$|\(?(?:0[1-9]|[1-4]\d|5[0-2])\d{3}(?!\d))")
# words of an address's tail that are no place: its building, its lift, who lives there
_ADDRESS_WORDS = frozenset({"portal", "bloque", "escalera", "ascensor", "piso", "puerta", "casa", "chalet", "edificio",
                            "urbanizacion", "local", "garaje", "buzon", "timbre", "interfono", "telefonillo", "tlf", "tel",
                            "telf", "movil", "fijo", "solo", "sola", "acompañado", "acompañada", "domicilio", "bajo",
                            "alquiler", "propiedad", "compartido", "barreras", "escaleras", "rampa"})
_CUE = re.compile(r"(?<![\w])(?:(?:parroquia|parr[oò]quia|freguesia|pedan[ií]a|aldea)[ \t]+(?:de[ \t]+|d['’])"
                  r"|(?:barriada|bda\.|distrito|b[º°]|bo\.)[ \t]*(?:(?:de|del)[ \t]+|d['’])?"
                  r"|barrio[ \t]+(?:(?:de|del)[ \t]+|d['’]|(?=(?-i:[A-ZÁÉÍÓÚÑ])))"
                  r"|(?P<border>frontera|paso[ \t]+fronterizo)[ \t]+(?:de[ \t]+|d['’]))", re.IGNORECASE)
_STOP = frozenset({"y", "e", "i", "o", "u", "en", "con", "sin", "por", "para", "que", "q", "x", "se", "le", "es", "no",
                   "tlf", "tel", "nº", "hoy", "ayer", "a", "al", "desde", "hasta", "pero"})


def _ordinary(f: str, stop: frozenset[str]) -> bool:
    return f in stop or f in ORDINARY or f in DESCRIPTORS or f.endswith("s") and (f[:-1] in stop or f[:-1] in ORDINARY)


def _town_at(text: str, pos: int, lexicon: Lexicon, stop: frozenset[str]) -> tuple[int, int] | None:
    """A known municipality of up to four words starting at ``pos``, no ordinary word or given name alone."""
    ms = words_at(text, pos, 4, abbreviations=False)
    if not ms:
        return None
    folded = [fold(m.group()) for m in ms]
    n = lexicon.place_at(folded, 0, categories=("municipality",))
    if not n or n == 1 and (_ordinary(folded[0], stop) or lexicon.is_("first_name", folded[0]) or len(folded[0]) < 4):
        return None
    if re.match(r"[\w'’-]", text[ms[n - 1].end():ms[n - 1].end() + 1]):
        return None  # "vilagarcia-" or "vilagarcia'": a longer word
    return ms[0].start(), ms[n - 1].end()


def _seats(text: str, found: list[Candidate], lexicon: Lexicon, stop: frozenset[str], lower: bool) -> list[Candidate]:
    facilities = [c for c in found if c.label in _FACILITIES]
    out: list[Candidate] = []
    for c in facilities:
        if any(o.start <= c.start and o.end > c.end for o in facilities):
            continue  # "Hospital Universitario Puerto" inside "... Puerto Real": the name goes on
        g = _GAP.match(text, c.end)
        if "\n" in g.group() or g.end() == c.end or not lower and not g.group("p"):
            continue  # in an ordinary note, a capitalised word after a name may be the name's: a comma must part them
        town = _town_at(text, g.end(), lexicon, stop)
        if not town:
            continue
        if g.group("p") == "(" and not re.match(r"[ \t]*\)", text[town[1]:town[1] + 3]):
            continue
        if not g.group("p") and text[c.start:c.end].isupper() != text[town[0]:town[1]].isupper():
            continue  # "HOSPITAL X Madrid": the case must match where no comma sets them apart
        out.append(Candidate(town[0], town[1], _TOWN, PATTERN))
    return out


def _districts(text: str, found: list[Candidate], lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    out: list[Candidate] = []
    for c in found:
        if c.label != "CALLE" or not re.search(r"\d", text[c.start:c.end]):
            continue
        pos = _FLAT.match(text, c.end).end()
        g = re.match(r"[ \t]*,?[ \t]*", text[pos:pos + 4])
        pos += g.end()
        if not g.group():
            continue
        ms: list[re.Match[str]] = []
        at = pos
        while len(ms) < 3:
            m = WORD.match(text, at)
            if not m:
                break
            ms.append(m)
            gap = re.match(r"[ \t]+(?=[^\W\d_])", text[m.end():m.end() + 3])
            if not gap or _DISTRICT_END.match(text, m.end()):
                break
            at = m.end() + gap.end()
        if not ms or not _DISTRICT_END.match(text, ms[-1].end()):
            continue
        words = [m.group() for m in ms]
        folded = [fold(w) for w in words]
        content = [f for f in folded if f not in CONNECTORS]
        if any(w != w.lower() for w in words) or not content or folded[-1] in CONNECTORS:
            continue
        if any(len(f) < 3 or _ordinary(f, stop) or f in _ADDRESS_WORDS or lexicon.is_("kinship", f)
               or lexicon.is_("profession", f) for f in content):
            continue
        if len(content) == 1 and lexicon.is_("first_name", content[0]) and not lexicon.place_at(content):
            continue  # "c/ mayor 3, carmen": a person who lives there
        out.append(Candidate(ms[0].start(), ms[-1].end(), _TOWN, PATTERN))
    return out


# what a district's or a parish's cue may be followed by that names no place: its kind
_KINDS = frozenset({"sanitario", "sanitaria", "municipal", "postal", "censal", "electoral", "escolar", "judicial",
                    "federal", "salud", "saude", "salut", "rural", "urbano", "urbana", "norte", "sur", "este", "oeste",
                    "centro", "numero", "correspondiente", "asignado", "asignada", "mismo", "misma", "zona", "area",
                    "comarca", "ciudad", "pueblo", "barrio", "localidad", "capital", "provincia", "region"})
_NAME_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


def _cued(text: str, lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    out: list[Candidate] = []
    for m in _CUE.finditer(text):
        ms: list[re.Match[str]] = []
        at = m.end()
        while len(ms) < 4:
            w = _NAME_WORD.match(text, at)
            if not w or fold(w.group()) in _STOP:
                break
            ms.append(w)
            gap = re.match(r"[ \t]+", text[w.end():w.end() + 3])
            if not gap:
                break
            at = w.end() + gap.end()
        while ms and fold(ms[-1].group()) in CONNECTORS:
            ms.pop()
        if not ms or m.group("border") and not ms[0].group()[0].isupper():
            continue  # "la frontera de lo normal": a border's place is written with its capital
        content = [fold(w.group()) for w in ms if fold(w.group()) not in CONNECTORS]
        first = content[0] if content else ""
        if first not in SAINTS and (_ordinary(first, stop) or len(first) < 3 or first in _KINDS):
            continue  # "distrito sanitario", "distrito de salud": no name
        out.append(Candidate(ms[0].start(), ms[-1].end(), _TOWN, PATTERN))
    return out


# a body's department or a ward in parentheses after its town: "Manresa (Serveis Socials)", "(Urgencias Generales)"
_DEPARTMENTS = frozenset({"servicios", "serveis", "servizos", "zerbitzuak", "sociales", "socials", "sociais", "urgencias",
                          "urgencies", "urxencias", "generales", "generals", "municipales", "municipals", "atencion",
                          "atencio", "primaria", "ayuntamiento", "ajuntament", "concello", "udala", "juzgado", "jutjat",
                          "policia", "local", "guardia", "civil", "bomberos", "salud", "salut", "saude", "mental"})
_WIDER = re.compile(r"[ \t]*\([ \t]*(?P<p>[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*){0,3})[ \t]*\)")


def wider_places(text: str, found: list[Candidate], lexicon: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """A place in parentheses right after a place found (``Arguineguín (Mogán)``, ``Ziguinchor (Casamance)``): its
    municipality, its region; a listed place, or capitalised words that no list holds as an ordinary word, a given
    name, a kinship word or a profession (``(Norte)``, ``(Padre)``, ``(Hija)`` are none)."""
    from .place_pairs import _NOT_PLACES

    out: list[Candidate] = []
    bodies = [c for c in found if c.label in _FACILITIES]
    for c in found:
        if c.label != _TOWN:
            continue
        m = _WIDER.match(text, c.end)
        if m and any(b.start <= c.start and c.end <= b.end for b in bodies):
            continue  # "Ajuntament de Manresa (Serveis Socials)": the body's department, not a place
        if not m:
            continue
        words = m.group("p").split()
        folded = [fold(w) for w in words]
        if lexicon.phrases["country"].longest_at(folded, 0) == len(folded) or any(o.start == m.start("p") for o in out):
            continue  # a country is found as one
        if lexicon.place_at(folded, 0) == len(folded):
            if len(folded) == 1 and (_ordinary(folded[0], stop) or lexicon.is_("first_name", folded[0])):
                continue
        else:
            content = [(w, f) for w, f in zip(words, folded) if f not in CONNECTORS]
            if not content or any(not w[0].isupper() or w.isupper() or len(f) < 4 or _ordinary(f, stop) or f in _NOT_PLACES
                                  or f in _KINDS or f in _DEPARTMENTS or lexicon.is_("first_name", f) or lexicon.is_("kinship", f)
                                  or lexicon.is_("profession", f) for w, f in content):
                continue
        out.append(Candidate(m.start("p"), m.end("p"), _TOWN, PATTERN))
    return out


def place_after_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], found: list[Candidate]) -> list[Candidate]:
    """Seats after a facility, districts after an address, places after their cue (module docstring); ``found``:
    the candidates of the other rules."""
    lower = typed_in_lower(text)
    out = _seats(text, found, lexicon, stop, lower) + _cued(text, lexicon, stop)
    if lower:
        out += _districts(text, found, lexicon, stop)
    return out
