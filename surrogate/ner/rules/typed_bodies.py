"""Bodies and places of a note typed fast in lower case that :mod:`.typed_places` leaves: names made of ordinary words
after an institution's kind, places after a weak cue, and a name found once and written again.

* an institution's kind whose name is made of ordinary words (``consejeria de inclusion social``, ``fed. canaria de
  balonmano``, ``mutualidad general deportiva``, ``fac. veterinaria``, ``club balonmano …``, ``resid mayores san …``,
  ``centro de dia …``, ``poliesportiu de …``): the words up to a stop word, a number or punctuation;
* an industrial estate (``pol. ind. …``, ``poligono …``) is an address;
* Basque bodies: ``…ko foru aldundia``, ``…ko udala``, an ``OSI``/``ESI`` with its district;
* a hospital's acronym of the ``HU…`` shape after a preposition or in parentheses (``del hut``, ``(HUD)``);
* a municipality of one word after ``en``/``desde``/``hasta``/``hacia`` (``su nieta en astorga``), and a country's name
  in Catalan, Galician or Basque typed in lower case (``treballa a alemanya``);
* a name found once is found again: a hospital's own last word (``hosp virgen de valme`` … ``directo a valme``) and a
  centre's place (``cs benimaclet`` … ``poliesportiu de benimaclet``).

A word of the common-words lists (:data:`.recase_cues.ORDINARY`, the caller's ``stop``) or a given name alone is never
a place here. Nothing in a note that is not typed in lower case.
"""
from __future__ import annotations

import re
from functools import cache

from gazetteers.text import fold

from ..lexicon import Lexicon
from .common import PATTERN, STRUCTURED, Candidate
from .coofficial import coofficial_countries
from .recase_cues import DESCRIPTORS, ORDINARY
from .typed_fast import typed_in_lower

_BODY, _TOWN, _COUNTRY, _STREET, _HOSPITAL, _CENTRE = (
    "INSTITUCION", "TERRITORIO", "PAIS", "CALLE", "HOSPITAL", "CENTRO_SALUD")
_W = r"[^\W\d_]+"
# a kind whose name may be made of ordinary words: the name runs to a stop
_KIND_HEAD = re.compile(
    r"(?<![\w.])(?:consejer[ií]a|conselleria|consell[eo]ria|departamento|departament|ministerio|"
    r"federaci[oó]n|federaci[oó]|fed\.|mutualidad|mutualitat|facultad|facultat|fac\.|"
    r"club|c\.?[bdf]\.?|u\.?d\.?|s\.?d\.?|centro[ \t]+de[ \t]+d[ií]a|centre[ \t]+de[ \t]+dia|"
    r"polideportivo|poliesportiu|pabell[oó]n|pavell[oó]|"
    r"resid\.?|residencia|residència)(?![\w])[ \t]*", re.IGNORECASE)
# acronym heads, weaker: a saint, an article with a name, or a place must follow
_SHORT_HEAD = re.compile(r"(?:c\.?[bdf]\.?|u\.?d\.?|s\.?d\.?)", re.IGNORECASE)
# a care home's kind words after "resid", part of its kind, not of its name
_CARE_KIND = frozenset({"mayores", "ancianos", "geriatrica", "asistida", "sociosanitaria", "de", "para", "personas",
                        "tercera", "edad", "gent", "gran", "majors", "avis"})
_STOP = frozenset({"segun", "según", "para", "por", "con", "que", "q", "x", "nº", "n", "num", "cat", "tlf", "tel",
                   "telf", "licencia", "poliza", "afiliado", "y", "e", "i", "a", "en", "desde", "hasta", "el", "la", "los",
                   "las", "lo", "al", "contra", "pero", "se", "le", "li", "dic", "si", "no", "es", "son", "ha", "he",
                   "dice", "donde", "cuando", "como", "o", "u", "mas", "muy", "ya", "hoy", "ayer", "mañana", "tarde",
                   "noche", "ahora", "pte", "paciente", "dr", "dra", "sr", "sra", "enf", "tras", "sin"})
_SPORTS = frozenset({"futbol", "baloncesto", "balonmano", "voleibol", "voley", "atletismo", "natacion", "tenis", "padel",
                     "ciclista", "ciclismo", "deportivo", "deportiu", "rugby", "hockey", "gimnasia", "gimnastico", "judo",
                     "karate", "nautico", "remo", "montaña", "montanya", "futbito", "futsal", "patinaje", "triatlon",
                     "esgrima", "lucha", "boxeo", "hipico", "golf", "piragüismo", "piraguismo", "atletic", "atletico"})
_CONNECT = frozenset({"de", "del", "d", "la", "las", "los", "el", "y", "i", "e"})
_SAINTS = frozenset({"san", "santa", "sant", "santo", "sta", "sto", "virgen", "nuestra", "ntra", "mare", "de", "deu"})
_ESTATE = re.compile(
    r"(?<![\w.])(?:pol\.?[ \t]*ind\.?|pg\.?[ \t]*ind\.?|p\.[ \t]*i\.|pol[ií]gono(?:[ \t]+industrial)?|pol\.|"
    r"parque[ \t]+empresarial|parque[ \t]+tecnol[oó]gico)[ \t]+(?P<n>(?:(?:la|las|el|los|de|del)[ \t]+)?" + _W +
    r"(?:[ \t]+(?:(?:de|del|la|las|el|los)[ \t]+)?" + _W + r"){0,2})", re.IGNORECASE)
_BASQUE_BODY = re.compile(r"(?<![\w])(?P<n>" + _W + r"(?:ko|go))[ \t]+(?:foru[ \t]+aldundia|udala|aldundia)(?![\w])",
                          re.IGNORECASE)
_OSI_A = re.compile(r"(?<![\w])(?P<a>" + _W + r")[ \t]+(?:ESI|OSI|esi|osi)(?![\w])")
_OSI_B = re.compile(r"(?<![\w])(?:ESI|OSI|osi|esi)[ \t]+(?P<a>" + _W + r")(?![\w])")
_HU = re.compile(r"(?:(?<![\w])(?:del|en[ \t]+el|al|a|en|de|urg|urgencias|urx)[ \t]+|\([ \t]*)(?P<h>hu[a-z]{1,2}|HU[A-Z]{1,2})(?![\w])")
_WEAK = re.compile(r"(?<![\w])(?:en|desde|hasta|hacia)[ \t]+(?P<w>" + _W + r")(?![\w'’-])")
_CENTRE_KIND = frozenset({"c", "s", "cs", "cap", "abs", "eap", "centro", "centre", "de", "del", "salud", "salut", "saude",
                          "consultorio", "ambulatorio", "hospital", "hosp", "h", "clinica", "clinic"})
_TOKEN = re.compile(r"[^\W_]+(?:\.(?=[ \t]))?|[^\s\w]")


def _ordinary(w: str, stop: frozenset[str]) -> bool:
    f = fold(w)
    return f in stop or f in ORDINARY or f.endswith("s") and f[:-1] in stop


def _kind_names(text: str, lex: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """``consejeria de inclusion social``: the head and the words after it up to a stop word, a number, a capital
    or punctuation; an acronym head (``cb``, ``cd``) only before a saint, a known place or a known name."""
    out: list[Candidate] = []
    for h in _KIND_HEAD.finditer(text):
        if re.search(r"(?<![\w])(?:dr|dra|sr|sra|enf)\.?[ \t]*$", text[max(0, h.start() - 6):h.start()]):
            continue
        head = fold(re.sub(r"[ \t]+", " ", h.group().strip()))
        short = _SHORT_HEAD.fullmatch(h.group().strip()) is not None
        if short and not h.group().strip().islower():
            continue  # "CD", "UD" in capitals: a compact disc, a unit
        words = [m for m in re.finditer(_W, text[h.end():h.end() + 80])][:7]
        kept: list[re.Match[str]] = []
        pos = h.end()
        for m in words:
            gap = text[pos:h.end() + m.start()]
            if not re.fullmatch(r"[ \t]*", gap) or m.group() != m.group().lower():
                break
            f = fold(m.group())
            joins = f in ("y", "e", "i") and head.startswith(("consej", "consell", "depart", "minist"))
            if f in _STOP and not joins or len(f) < 2 and f not in _CONNECT:  # "consejeria de familia e igualdad"
                break
            kept.append(m)
            pos = h.end() + m.end()
        while kept and fold(kept[-1].group()) in _CONNECT | _SAINTS:
            kept.pop()
        if not kept:
            continue
        first = fold(kept[0].group())
        folded = [fold(m.group()) for m in kept]
        if head.startswith(("resid", "centr")):
            if head.startswith("resid") and first not in _CARE_KIND | _SAINTS | {"la", "las", "los", "el"}:
                continue  # "resid irene", "la resid mapfre": a resident, an insurer; a home is "resid mayores …"
            names = [f for f in folded if f not in _CARE_KIND]
            if not names or not any(f in _SAINTS or not _ordinary(f, stop) for f in names):
                continue  # "resid de mayores" alone: a kind, no name
            for i in range(1, len(kept)):  # "resid mayores san genadio ponferrada": the town after the name is its seat
                if folded[i - 1] not in _CARE_KIND | _SAINTS | _CONNECT and lex.place_at(folded, i) == len(kept) - i \
                        and not _ordinary(folded[i], stop):
                    out.append(Candidate(h.end() + kept[i].start(), h.end() + kept[-1].end(), _TOWN, PATTERN))
                    kept, folded = kept[:i], folded[:i]
                    break
        sport = next((f for f in folded if f not in _CONNECT), "") in _SPORTS  # "club de futbol …"
        named = first in _SAINTS or sport or lex.place_at(folded, 0) or len(folded) > 1 and lex.place_at(folded, 1) \
            or not _ordinary(first, stop) and (lex.is_("first_name", first) or lex.is_("surname", first))
        if (head in ("club", "pabellon", "pavello", "polideportivo", "poliesportiu") or short) and not named:
            continue  # "el club presente": a club is named by its sport, a saint, a town or a person
        if head in ("departamento", "departament", "ministerio") and first not in ("de", "d"):
            continue  # "departamento" alone is a hospital's service
        if all(fold(m.group()) in _CONNECT | DESCRIPTORS or _ordinary(m.group(), stop) and fold(m.group()) in ORDINARY
               for m in kept) and not head.startswith(("consej", "consell", "fed", "mutual", "fac")):
            continue  # "club de lectura", "centro de dia de la zona": nothing that names one
        out.append(Candidate(h.start(), h.end() + kept[-1].end(), _BODY, STRUCTURED))
        for i in range(len(kept)):  # "club balonmano puerto del carmen": the town inside is a place of its own
            n = lex.place_at(folded, i)
            if n and (n > 1 or not _ordinary(folded[i], stop)) and not lex.is_("first_name", folded[i]):
                out.append(Candidate(h.end() + kept[i].start(), h.end() + kept[i + n - 1].end(), _TOWN, PATTERN))
                break
    return out


def _basque(text: str) -> list[Candidate]:
    out = [Candidate(m.start(), m.end(), _BODY, STRUCTURED) for m in _BASQUE_BODY.finditer(text)]
    for m in [*_OSI_A.finditer(text), *_OSI_B.finditer(text)]:  # "tolosaldea ESI", "OSI bidasoa": with its district
        w = m.group("a")
        if len(w) >= 4 and fold(w) not in ORDINARY and fold(w) not in ("osakidetza", "servicio"):
            out.append(Candidate(m.start(), m.end(), _BODY, STRUCTURED))
            out.append(Candidate(m.start("a"), m.end("a"), _TOWN, PATTERN))
    return out


@cache
def _countries_any_case() -> re.Pattern[str]:
    return re.compile(coofficial_countries().pattern, re.IGNORECASE)


def _places(text: str, lex: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    out: list[Candidate] = []
    for m in _WEAK.finditer(text):
        w = m.group("w")
        f = fold(w)
        if w.islower() and len(f) >= 4 and lex.place_at([f], categories=("municipality",)) == 1 \
                and not _ordinary(w, stop) and not lex.is_("first_name", f) and not lex.is_("kinship", f) \
                and not re.match(r"[ \t]+(?:de|del)[ \t]", text[m.end():m.end() + 5]):
            out.append(Candidate(m.start("w"), m.end("w"), _TOWN, PATTERN))
    for m in _countries_any_case().finditer(text):
        if m.group().islower() and not _ordinary(m.group(), stop):
            out.append(Candidate(m.start(), m.end(), _COUNTRY, PATTERN))
    for m in _ESTATE.finditer(text):
        words = m.group("n").split()
        while words and (fold(words[-1]) in _CONNECT or _ordinary(words[-1], stop) and fold(words[-1]) in ORDINARY):
            words.pop()
        if words and any(fold(w) not in _CONNECT for w in words):
            end = m.start("n") + len(" ".join(words)) if "\t" not in m.group("n") else m.end("n")
            out.append(Candidate(m.start(), end, _STREET, STRUCTURED))
            out.append(Candidate(m.start("n"), end, _STREET, PATTERN))  # the name alone, where a company's span runs over the kind
    for m in _HU.finditer(text):
        out.append(Candidate(m.start("h"), m.end("h"), _HOSPITAL, PATTERN))
    return out


def _again(text: str, found: list[Candidate], lex: Lexicon, stop: frozenset[str]) -> list[Candidate]:
    """A hospital's last word and a health centre's place, found once, wherever the note writes them again in lower
    case (``a valme``, ``poliesportiu de benimaclet``)."""
    words: dict[str, str] = {}
    for c in found:
        if c.label not in (_HOSPITAL, _CENTRE):
            continue
        parts = re.findall(_W, text[c.start:c.end])
        if c.label == _HOSPITAL:
            parts = parts[-1:]
        else:  # "cs benimaclet", "c.s. ponferrada III": the words after the kind, less a number
            while parts and fold(parts[0]) in _CENTRE_KIND:
                parts = parts[1:]
            while parts and re.fullmatch(r"[ivx]+", fold(parts[-1])):
                parts = parts[:-1]
        if parts and fold(parts[-1]) in DESCRIPTORS | _CENTRE_KIND:
            parts = []
        name = " ".join(parts)
        if not parts or len(name) < 4 or fold(name) in DESCRIPTORS:
            continue
        given = len(parts) == 1 and lex.is_("first_name", parts[0])
        if given and not (c.label == _HOSPITAL and re.search(r"(?<![\w])(?:de|del)[ \t]+" + re.escape(parts[0]) + "$", text[c.start:c.end])):
            continue  # "hosp sant joan": a given name; "virgen de valme": a name after "de" is the place's
        if len(parts) == 1 and (_ordinary(parts[0], stop) or len(parts[0]) < 4):
            continue
        words.setdefault(fold(name), (_HOSPITAL if c.label == _HOSPITAL else _TOWN, given))
    if not words:
        return []
    folded = "".join(f if len(f := fold(ch)) == 1 else ch for ch in text)
    out: list[Candidate] = []
    for name, (label, given) in words.items():
        rx = re.compile(r"(?<![\w@./-])" + re.escape(name).replace(r"\ ", r"[ \t]+") + r"(?![\w@-])")
        for m in rx.finditer(folded):
            if given and not re.search(r"(?<![\w])(?:a|en|de|del|al|el)[ \t]+$", folded[max(0, m.start() - 5):m.start()]):
                continue  # a given name is the hospital's again only after a preposition ("directo a valme")
            if text[m.start():m.end()].islower() and not any(c.start <= m.start() and m.end() <= c.end for c in found):
                out.append(Candidate(m.start(), m.end(), label, PATTERN))
    return out


def typed_body_candidates(text: str, lexicon: Lexicon, stop: frozenset[str], found: list[Candidate]) -> list[Candidate]:
    """Institutions, estates, places and names found again in a note typed fast in lower case (module docstring);
    ``found``: the candidates of the other rules, whose hospitals and centres are looked for again."""
    if not typed_in_lower(text):
        return []
    out = _kind_names(text, lexicon, stop) + _basque(text) + _places(text, lexicon, stop)
    return out + _again(text, found + out, lexicon, stop)
