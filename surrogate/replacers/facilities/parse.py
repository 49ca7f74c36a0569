"""Split a facility name into the words that say what it is (kept) and the name proper (replaced).

``Hospital Universitario "Marqués de Valdecilla"`` → type words ``Hospital Universitario``, quotes kept, one
name segment ``Marqués de Valdecilla``. ``Complejo Hospitalario de Navarra`` → one segment ``Navarra`` preceded
by the connector ``de``. :func:`infer_class` reads the facility's class off its first words. Nothing here
draws.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from itertools import pairwise

from gazetteers import fold


#: Words that describe a facility's type or a unit inside it; kept verbatim (fold-compared, no final dot).
TYPE_WORDS = frozenset("""
hospital hospitales hopital hptal hosp h u hu hg hgu hcu hgtu chu universitario universitaria universitari universitaris universidad univ
clinico clinica clinic clinicas clin general generales gral complejo complexo hospitalario hospitalaria hospitalari
asistencial regional comarcal provincial infantil infantiles materno maternal materno-infantil militar civil
central nacional local centro centre centros c.s cs cap pac suap consultorio consultorios consultori consultoris consorcio fundacion
fundacio policlinica sanatorio instituto institut medico medica quirurgico psiquiatrico geriatrico
oncologico alta resolucion especialidades atencion primaria ambulatorio residencia unidad servicio planta
area gerencia sanitaria sanitario sociosanitario especialidades hemodialisis dialisis rehabilitacion urgencias cuidados
paliativos media larga estancia dia mental salud-mental dental oftalmologico pediatrico traumatologia
mutua mutualidad red xarxa consorci corporacion corporacio forense legal medicina auxiliar
atencio salut saude sanitari osasun zentroa zentrua ospitalea ospitala unibertsitate unibertsitatea anbulatorioa
klinika klinikoa
zentroko zentroan zentrora zentrotik zentroaren zentroak ospitaleko ospitalean ospitalera ospitaletik ospitalearen
ospitaleak klinikako klinikan klinikara klinikatik anbulatorioko anbulatorioan osasun-zentroa osasun-zentroko
uci uvi ucip ucin urpa uhd eap abs zbs oz esm usm csm esad pades ubas assir csmij
penitenciario penitenciaria ancianos discapacitados
cardiologia neurologia neumologia nefrologia urologia ginecologia obstetricia pediatria oncologia hematologia
dermatologia oftalmologia otorrinolaringologia psiquiatria psicologia cirugia digestivo gastroenterologia
endocrinologia reumatologia anestesia anestesiologia reanimacion radiologia radioterapia interna intensiva nuclear
geriatria neonatologia neurocirugia angiologia alergologia infecciosas farmacia microbiologia
clinical university medical health infirmary maternity psychiatric children's teaching
""".split())  # then Catalan, Galician and Basque ("Amara Osasun Zentroa", "Centro de Saúde"; with Basque case
# endings, "Sestaoko Osasun Zentroko" (of the health centre), "ospitalera" (to the hospital)); then units and
# primary-care, mental-health and home-care teams written as acronyms ("UCI del Hospital X", "EAP Sant Andreu",
# "ESM Delicias", "Gros OZ" for osasun zentroa: no facility's own initials),
# kinds of centre ("Centro Penitenciario", "Residencia de Ancianos") and specialties ("Servicio de Cardiología"); then
# English, of a foreign patient's hospital ("Kharkiv Regional Clinical Hospital": "Clinical" was masked)
#: Multi-word type phrases whose words are not type words on their own ("Salud" in "Virgen de la Salud").
TYPE_PHRASES: tuple[tuple[str, ...], ...] = (
    ("centro", "de", "salud"), ("salud", "mental"), ("centro", "de", "atencion", "primaria"),
    ("centre", "de", "salut"), ("centro", "de", "especialidades"), ("punto", "de", "atencion", "continuada"),
    ("centro", "de", "saude"),
)
#: Connectors inside or before a name ("Virgen de la Luz", "Hospital de Navarra").
CONNECTORS = frozenset("de del la las los el y i e d' l' do da dos das".split())

ARTICLES = frozenset("la las los el l' lo".split())

TOKEN = re.compile(r"[^\W_]+(?:[.'’][^\W_]+)*[.'’]?|\s+|.", re.U)


@dataclass(frozen=True)
class Segment:
    start: int  # token index range [start, end) of the name proper
    end: int
    text: str
    connector: str  # the connector words right before it ("de", "de la"), "" when none
    connector_start: int  # token index where those connectors start (== start when none)
    #: for a piece cut after a nested span (:func:`split_at_spans`): what joined it to that span ("-", "/", " ")
    joiner: str | None = None


def tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


def word_class(tok: str) -> str:
    """type | connector | name | space | punct."""
    if tok.isspace():
        return "space"
    if not any(c.isalnum() for c in tok):
        return "punct"
    key = fold(tok).rstrip(".")
    if key in CONNECTORS or fold(tok) in CONNECTORS:
        return "connector"
    if key in TYPE_WORDS or key.replace(".", "") in TYPE_WORDS:
        return "type"
    if key[:2] in ("d'", "d’", "l'", "l’") and key[2:] in TYPE_WORDS:  # Catalan "Centre d'Atenció Primària"
        return "type"
    return "name"


def _classes(toks: list[str]) -> list[str]:
    classes = [word_class(t) for t in toks]
    words = [i for i, t in enumerate(toks) if not t.isspace()]
    keys = [fold(toks[i]).rstrip(".") for i in words]
    for phrase in TYPE_PHRASES:
        n = len(phrase)
        for j in range(len(keys) - n + 1):
            if tuple(keys[j:j + n]) == phrase:
                for i in words[j:j + n]:
                    classes[i] = "type" if keys[words.index(i)] not in CONNECTORS else "connector"
    return classes


def segments(toks: list[str]) -> list[Segment]:
    """Maximal runs of name words, joined by spaces, hyphens and inner connectors ("Ramón y Cajal")."""
    classes = _classes(toks)
    out: list[Segment] = []
    i = 0
    while i < len(toks):
        if classes[i] != "name":
            i += 1
            continue
        start = end = i
        j = i + 1
        while j < len(toks):
            c = classes[j]
            if c == "name":
                end = j
            elif c == "space" or c == "connector" or (c == "punct" and toks[j] in "-.’'"):
                pass
            else:
                break
            j += 1
        # connectors right before the segment ("de la" in "Hospital de la Princesa")
        k, conn, conn_start = start - 1, [], start
        while k >= 0 and classes[k] in ("space", "connector"):
            if classes[k] == "connector":
                conn.append(toks[k])
                conn_start = k
            k -= 1
        conn.reverse()
        if conn and fold(conn[0]) in ARTICLES:  # "La Paz", "El Bierzo": the article belongs to the name
            start, conn = conn_start, []
        elif conn and fold(conn[-1]) in ARTICLES and conn[-1][:1].isupper() and toks[start - 2] == conn[-1]:
            # "de La Palma", "de La Coruña": a capital article is the place's own ("de La Logroño" otherwise)
            start, conn = start - 2, conn[:-1]
        out.append(Segment(start, end + 1, "".join(toks[start:end + 1]), " ".join(conn), conn_start))
        i = end + 1
    return out


def split_at_spans(toks: list[str], segs: list[Segment], spans: list[tuple[int, int]]) -> list[Segment]:
    """``segs`` cut where a nested span (character offsets in the joined tokens) starts or ends inside one: in
    "Centro de Salud Alcantarilla-Sangonera" with the town annotated, "Alcantarilla" and "Sangonera" are two
    segments (the town goes to its own replacer, the tail gets its own name) instead of one that loses the town.
    Spaces, punctuation and connectors at a cut stay outside the pieces."""
    if not spans:
        return segs
    starts, pos = [], 0
    for t in toks:
        starts.append(pos)
        pos += len(t)
    edges = {e for s, e in spans} | {s for s, e in spans}
    classes = _classes(toks)
    out: list[Segment] = []
    for seg in segs:
        cuts = [i for i in range(seg.start + 1, seg.end) if starts[i] in edges]
        if not cuts:
            out.append(seg)
            continue
        bounds = [seg.start, *cuts, seg.end]
        for n, (a, b) in enumerate(pairwise(bounds)):
            first = a
            while first < b and classes[first] != "name":
                first += 1
            last = b
            while last > first and classes[last - 1] != "name":
                last -= 1
            if first == last:
                continue
            if n == 0:
                out.append(Segment(seg.start, last, "".join(toks[seg.start:last]), seg.connector, seg.connector_start))
                continue
            conn = [toks[i] for i in range(a, first) if classes[i] == "connector"]
            punct = "".join(toks[i] for i in range(a, first) if classes[i] == "punct").strip()
            out.append(Segment(first, last, "".join(toks[first:last]), " ".join(conn), first if not conn else
                               next(i for i in range(a, first) if classes[i] == "connector"), punct or " "))
    return out


#: letters of the longest acronym written without dots, hyphens or digits ("CHUIMI"): a longer word is a name
ACRONYM_LETTERS = 6


def is_acronym(text: str) -> bool:
    """"HULP", "HU12O", "CHUVI", "C.H.": no lower-case letter, two capitals or more and up to ``ACRONYM_LETTERS``
    of them unless dots, hyphens or digits say so: a longer word in capitals is a name written in capitals, in a
    note typed so ("H. SIERRALLANA" came out "H. CSNSAG") or in a heading of a note in mixed case ("CS BENIMACLET"
    came out "CS CAPPN", "CENTRE DE SALUT CS")."""
    letters = [c for c in text if c.isalpha()]
    if len(letters) < 2 or any(c.islower() for c in letters) or " " in text.strip():
        return False
    return len(letters) <= ACRONYM_LETTERS or any(c in ".-/" or c.isdigit() for c in text)


_TYPED_IN_LOWER = re.compile(r"[a-zñ]{2,4}")


def is_acronym_typed_in_lower(text: str) -> bool:
    """The lower-case twin of :func:`is_acronym`: one word of two to four unaccented letters, an acronym typed fast
    ("ses", "icam", "emt"). The institutions' reading (as a name it came out a drug maker's); facilities ask the
    listed hospital acronyms instead (:mod:`.listed_bodies`)."""
    return _TYPED_IN_LOWER.fullmatch(text) is not None


@functools.lru_cache(maxsize=4096)  # a pure function of the text: a document's hospitals repeat
def shape(text: str) -> tuple[str, str, str] | None:
    """(type words, name, closing) of a facility name with one name proper: ``Hospital Universitario "La Paz"``
    → (``Hospital Universitario "``, ``La Paz``, ``"``), the name with its connectors (``de la Princesa``);
    None without a name, with type words after it ("Planta 11") or with several names."""
    toks = tokens(text)
    segs = segments(toks)
    if len(segs) != 1:
        return None
    seg = segs[0]
    tail = toks[seg.end:]
    if any(c.isalnum() for t in tail for c in t):
        return None
    return "".join(toks[:seg.connector_start]), "".join(toks[seg.connector_start:seg.end]), "".join(tail)


_SURGERY_START = re.compile(r"^\s*(?:consultorio|punto de atenci[oó]n continuada)", re.IGNORECASE)
_HEALTH_CENTRE_START = re.compile(r"^\s*(?:centro de salud|c\.\s?s\.|cap\b|ambulatorio|centro de atenci)",
                                  re.IGNORECASE)
_CLINIC_START = re.compile(r"^\s*cl[ií]nica\b", re.IGNORECASE)


def infer_class(text: str) -> str:
    """The class a facility name's first words say it is: "surgery", "health_centre", "clinic" or "hospital"."""
    if _SURGERY_START.match(text):  # a village surgery ("Consultorio Local"): its patterns ask for a small town
        return "surgery"
    if _HEALTH_CENTRE_START.match(text):
        return "health_centre"
    if _CLINIC_START.match(text):
        return "clinic"
    return "hospital"
