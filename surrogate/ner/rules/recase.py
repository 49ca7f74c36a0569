"""Notes typed all in capitals or all in lower case, seen as ordinarily written text.

The detectors read letter case as a cue (``Hospital La Paz``, ``C/ Mayor 12``, ``Dra. Gil``, ``12345678-Z``).
A note typed ``HOSPITAL LA PAZ`` or ``dni 12345678-z`` loses that cue, so for such a note the backend also runs
on a *view*: the same text, same length (offsets hold), with the case a writer would have used where a cue
says so:

* codes keep or get capitals (``12345678-Z``, ``QA519WSP792``, ``NHC``, ``DNI``, plate letters ``KJT``);
* titles and the first word of a line or sentence are capitalised (``Dra.``, ``Paciente:``);
* a facility or street type and the name after it (``Hospital Universitario la Paz``, ``C/ Mayor 12``):
  only when a known name, place or facility word follows (a lower-case note also needs a house number
  after a street);
* given names and surnames of the census lists after a strong cue only (``paciente:``, ``dr.``, ``fdo.:``,
  ``nombre:``, a kinship word before a known given name): a lower-case word is otherwise an ordinary word;
* towns and provinces after a place cue (``vive en``, ``natural de``, a postal code, an address); in
  capitals also a province, a country or a town of 20,000+ anywhere.

Everything else is lower case. Nothing here decides a label: the detectors do, on the view.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from gazetteers.text import fold

from ..lexicon import Lexicon
from ..tokenize import Token, tokens
from . import patterns as P
from . import vocab as V

UPPER, LOWER = "upper", "lower"

# identifier and field labels written in capitals in an ordinary note
_ACRONYMS = frozenset({
    "nhc", "dni", "nie", "nif", "nass", "nss", "naf", "cip", "tsi", "sip", "cipa", "nuhsa", "cp", "vin", "imei",
    "sn", "uci", "uvi", "hu", "hgu", "chu", "cs", "cap", "ee", "uu", "eeuu", "usa", "uk",
})
_TITLES = frozenset({"dr", "dra", "drs", "dres", "sr", "sra", "srta", "d", "dña", "dª", "don", "doña", "prof", "profa",
                     "enf", "ldo", "lda", "lcdo", "lcda", "doctor", "doctora"})
# ordinary words that are also entries of the census name or town lists
_ORDINARY = frozenset(fold(w) for w in (
    "que", "con", "sin", "por", "para", "en", "de", "del", "al", "a", "y", "e", "o", "u", "ni", "el", "la", "los",
    "las", "lo", "le", "les", "se", "su", "sus", "mi", "tu", "un", "una", "uno", "unos", "unas", "es", "son", "fue",
    "ha", "he", "hay", "muy", "mas", "más", "ya", "no", "si", "sí", "como", "pero", "tras", "ante", "bajo", "entre",
    "desde", "hasta", "sobre", "según", "esta", "este", "esto", "ese", "esa", "eso", "otro", "otra", "vive", "sola",
    "solo", "ingresa", "ingreso", "refiere", "presenta", "tiene", "acude", "madre", "padre", "hija", "hijo", "buen",
    "gran", "mayor", "menor", "alta", "alto", "bajo", "baja", "cita", "cura", "dia", "día", "hoy", "ayer", "mañana",
    "tarde", "noche", "bien", "mal", "dolor", "fiebre", "normal", "leve", "tos", "control", "consulta", "visita",
    "paciente", "caso", "hospital", "calle", "centro", "salud", "clinica", "servicio", "unidad", "planta", "sala",
    "cama", "box", "urgencias", "domicilio", "casa", "familia", "pareja", "amigo", "amiga", "tiempo", "vez", "veces",
    "años", "meses", "semanas", "dias", "horas", "mismo", "misma", "todo", "toda", "nada", "algo", "cada", "dos",
    "tres", "cuatro", "primero", "segundo", "derecha", "izquierda", "campo", "valle", "puerto", "rio", "río",
    "mar", "sol", "luz", "paz", "rosa", "blanco", "negro", "moreno", "rubio", "leal", "bueno", "nuevo", "vieja",
    "viejo", "toro", "lobo", "cruz", "pino", "olivo", "monte", "sierra", "playa", "torre", "molino", "fuente",
    "prado", "vega", "pena", "peña", "rey", "reina", "conde", "santos", "dios", "cura", "marca", "pie", "mano",
    "cabeza", "piel", "ojo", "boca", "corazon", "pecho", "mama", "mamá", "papa", "papá", "tension", "presion",
    "sangre", "orina", "agua", "aire", "via", "vía", "medico", "médico", "enfermera", "enfermero", "nota", "firma",
))
_FACILITY_HEAD = re.compile(
    r"(?<![\w])(?:h\.\s?(?:[gc]\.\s?)?u\.|c\.\s?s\.|complejo\s+(?:hospitalario|asistencial)|complexo\s+hospitalario|"
    r"hospital|hospitales|cl[ií]nica|policl[ií]nica|sanatorio|ciudad\s+sanitaria|centro\s+de\s+salud|"
    r"centro\s+de\s+sa[uú]de|centre\s+de\s+salut|centro\s+de\s+atenci[oó]n\s+primaria|consultorio|consultori|"
    r"ambulatorio|cap|cs|universidad|universitat|instituto|institut|fundaci[oó]n?|residencia|mutua|"
    r"ayuntamiento|colegio|farmacia|asociaci[oó]n|laboratorio|escuela|facultad)(?![\w])"
)
# words of a facility's own name, neither a person nor a place ("Universitario", "Materno-Infantil")
_FACILITY_WORDS = frozenset(fold(w) for w in (
    "universitario", "universitaria", "general", "clinico", "clínico", "provincial", "comarcal", "regional",
    "militar", "materno", "infantil", "maternoinfantil", "virgen", "nuestra", "señora", "santa", "santo", "san",
    "sant", "reina", "infanta", "princesa", "principe", "príncipe", "rey", "doctor", "dr", "central", "insular",
    "naval", "nacional", "policlinico", "psiquiatrico", "psiquiátrico", "geriatrico", "geriátrico", "quiron",
    "quirón", "quironsalud", "vithas", "hm", "ruber", "internacional", "nuevo", "alto", "sagrado", "corazón",
    "corazon", "niño", "jesus", "jesús", "barrio", "parque", "ensanche", "casco", "antiguo", "norte", "sur",
    "este", "oeste", "centro", "arrixaca", "macarena", "fe", "paz", "hierro", "valdecilla", "clinic", "clínic",
    "mar", "sanitas", "asepeyo", "fremap", "ibermutuamur", "hermanas", "hospitalarias", "sant", "pau", "creu",
    "germans", "trias", "pujol", "vall", "hebron", "hebrón", "bellvitge", "cruces", "basurto", "donostia",
    "complutense", "autonoma", "autónoma", "salud", "mental", "atencion", "atención", "primaria",
))
_STREET_TYPE = re.compile(
    r"(?<![\w])(?:calle|c/|avda\.|av\.|avenida|paseo|pº|plaza|pza\.|ctra\.|carretera|ronda|glorieta|camino|"
    r"traves[ií]a|carrer|r[uú]a|urbanizaci[oó]n|urb\.|passeig|avinguda|rambla)(?![\w])"
)
_HOUSE_NUMBER_AHEAD = re.compile(r"\s*,?\s*(?:n[ºo°]\.?\s*)?(?:\d|s\s?/\s?n\b)")
_NAME_CUE = re.compile(
    r"(?<![\w])(?:(?:dr|dra|drs|sr|sra|srta|d|dña|prof|profa|enf|ldo|lda)\.[ \t]*|d[ªº][ \t]*|(?:don|doña|doctora?)[ \t]+|"
    r"(?:paciente|pte|pac|nombre(?:[ \t]+y[ \t]+apellidos)?|apellidos?|fdo|firmado(?:[ \t]+por)?|firma|"
    r"m[eé]dic[oa](?:[ \t]+responsable)?|enfermer[oa]|facultativ[oa]|atendid[oa][ \t]+por|remitid[oa][ \t]+por|"
    r"valorad[oa][ \t]+por|contacto|cuidador[a]?|acompañante|tutor[a]?|usuari[oa])\.?[ \t]*:[ \t]*)"
)
_KIN_CUE = re.compile(
    rf"(?<![\w])(?:{'|'.join(sorted(P.KINSHIP_CORE, key=len, reverse=True))})"
    r"(?:[ \t]+(?:menor|mayor|materna|materno|paterna|paterno))?(?:[ \t]*[,:(][ \t]*|[ \t]+)(?:llamad[oa][ \t]+|de[ \t]+nombre[ \t]+)?"
)
_PLACE_CUE = re.compile(
    r"(?:(?<![\w])(?:vive|viv[ií]a|reside|residente|domiciliad[oa]|natural|nacid[oa]|procedente|vecin[oa]|"
    r"originari[oa]|empadronad[oa]|trasladad[oa]|localidad|municipio|provincia|poblaci[oó]n|ciudad|pueblo)"
    r"(?:[ \t]+(?:habitualmente|actualmente|ahora|sola?))?[ \t]*(?:en|de|:)[ \t]*(?:la[ \t]+|el[ \t]+)?"
    r"|(?<![\w])\d{5}[ \t]+|\d[\wºª°/]*[ \t]*[,\-–(][ \t]*)$"
)
_WEAK_PLACE_CUE = re.compile(r"(?<![\w])(?:en|de|desde|hasta|a|hacia)[ \t]+$")
_SENTENCE_START = re.compile(r"(?:^|\n|[.!?:;][ \t]+|\.\n)[ \t\-·*>]*$")
_VOWELS = set("aeiouáéíóúü")


def layout(text: str) -> str | None:
    """``"upper"``, ``"lower"`` or ``None`` (ordinary case) for a text with enough letters to judge."""
    upper = lower = 0
    for c in text:
        if c.isupper():
            upper += 1
        elif c.islower():
            lower += 1
    total = upper + lower
    if total < 20:
        return None
    if upper >= 0.85 * total:
        return UPPER
    if upper <= 0.005 * total:
        return LOWER
    return None


def _same_length(f: Callable[[str], str]) -> Callable[[str], str]:
    """A case map that keeps every character's length (``ß`` stays ``ß``), so offsets hold."""
    def apply(s: str) -> str:
        return "".join(c2 if len(c2 := f(c)) == 1 else c for c in s)
    return apply


upper = _same_length(str.upper)
lower = _same_length(str.lower)


def capitalised(word: str) -> str:
    return upper(word[:1]) + lower(word[1:])


class Recaser:
    """Builds the view of a capitals-only or lower-case note (see module docstring)."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lex = lexicon

    def view(self, text: str) -> str | None:
        mode = layout(text)
        if mode is None:
            return None
        low = lower(text)
        toks = [t for t in tokens(low) if t.text[0].isalnum()]
        out = [t.text for t in toks]
        at = {t.start: i for i, t in enumerate(toks)}
        cap: set[int] = set()
        for i, t in enumerate(toks):
            w = t.text
            if any(c.isdigit() for c in w):
                out[i] = upper(w)  # a code: "12345678-Z", "QA519WSP792", "4512KJT"
            elif w in _ACRONYMS or mode == UPPER and self._acronym(text, t):
                out[i] = upper(w)
            elif self._glued_to_number(low, t):
                out[i] = upper(w)  # "12345678 z", "4512 kjt", "x-1234567-l"
            elif w in _TITLES and low.startswith(".", t.end) or w in ("don", "doña", "dª") \
                    or _SENTENCE_START.search(low, max(0, t.start - 4), t.start):
                cap.add(i)
        self._names(low, toks, at, cap)
        self._facilities(low, toks, at, cap)
        self._streets(low, toks, at, cap, mode)
        self._places(low, toks, cap, mode)
        chars = list(low)
        for i, t in enumerate(toks):
            word = capitalised(out[i]) if i in cap and out[i].islower() else out[i]
            chars[t.start:t.end] = word
        return "".join(chars)

    # --- pieces -------------------------------------------------------------------------------------
    @staticmethod
    def _acronym(text: str, tok: Token) -> bool:
        """In a capitals note: a short word without vowels (``KJT``, ``TAC`` is a word) stays in capitals."""
        w = tok.text
        return len(w) <= 4 and not (_VOWELS & set(w)) and w not in _TITLES and w not in ("y",)

    @staticmethod
    def _glued_to_number(low: str, tok: Token) -> bool:
        if len(tok.text) > 3 or _VOWELS & set(tok.text) and len(tok.text) > 1:
            return False
        before = low[max(0, tok.start - 2):tok.start]
        after = low[tok.end:tok.end + 2]
        return bool(re.search(r"\d[ \-]?$", before) or re.match(r"[ \-]?\d", after))

    def _is_name(self, word: str, *, first: bool) -> bool:
        f = fold(word)
        if len(f) < 3 or f in _ORDINARY or f in V.NAME_STOP or f in P.KINSHIP_FOLDED:
            return False
        return self.lex.is_("first_name", word) or not first and self.lex.is_("surname", word)

    def _name_run(self, toks: list[Token], i: int, *, surname_first: bool, low: str) -> list[int]:
        """Token indices of the name run at ``i`` (known given names and surnames, particles between)."""
        run: list[int] = []
        j = i
        while j < len(toks) and len(run) < 6:
            if j > i and "\n" in low[toks[j - 1].end:toks[j].start]:
                break
            w = toks[j].text
            if fold(w) in V.NAME_CONNECTORS and run and j + 1 < len(toks) and self._is_name(toks[j + 1].text, first=False):
                j += 1
                continue
            if not self._is_name(w, first=not run and not surname_first):
                break
            run.append(j)
            j += 1
        return run

    def _names(self, low: str, toks: list[Token], at: dict[int, int], cap: set[int]) -> None:
        for rx, surname_first in ((_NAME_CUE, True), (_KIN_CUE, False)):
            for m in rx.finditer(low):
                i = at.get(m.end())
                if i is None:
                    continue
                cap.update(self._name_run(toks, i, surname_first=surname_first, low=low))

    def _tail(self, low: str, toks: list[Token], i: int, *, words: frozenset[str], limit: int = 6) -> list[int]:
        """Name words after a type word at token ``i - 1``: ``words``, known names or places, particles between."""
        run: list[int] = []
        j = i
        while j < len(toks) and j - i < limit:
            if "\n" in low[toks[j - 1].end:toks[j].start] or re.search(r"[.,;:()]", low[toks[j - 1].end:toks[j].start]):
                break
            f = fold(toks[j].text)
            if f in V.NAME_CONNECTORS and j + 1 < len(toks):
                j += 1
                continue
            known = f in words or self._is_name(toks[j].text, first=False) or self.lex.place_at([f]) > 0
            if not known or f in _ORDINARY and f not in words or toks[j].text.isdigit():
                break
            run.append(j)
            j += 1
        return run

    def _facilities(self, low: str, toks: list[Token], at: dict[int, int], cap: set[int]) -> None:
        for m in _FACILITY_HEAD.finditer(low):
            nxt = next((k for k in range(at.get(m.start(), len(toks)), len(toks)) if toks[k].start >= m.end()), None)
            if nxt is None:
                continue
            run = self._tail(low, toks, nxt, words=_FACILITY_WORDS)
            if not run:
                continue
            cap.update(k for k, t in enumerate(toks[:nxt]) if t.start >= m.start() and fold(t.text) not in V.NAME_CONNECTORS)
            cap.update(run)

    def _streets(self, low: str, toks: list[Token], at: dict[int, int], cap: set[int], mode: str) -> None:
        for m in _STREET_TYPE.finditer(low):
            nxt = next((k for k in range(at.get(m.start(), len(toks)), len(toks)) if toks[k].start >= m.end()), None)
            if nxt is None:
                continue
            run: list[int] = []
            j = nxt
            while j < len(toks) and j - nxt < 6 and not toks[j].text.isdigit():
                if "\n" in low[toks[j - 1].end:toks[j].start] or re.search(r"[,;:()]", low[toks[j - 1].end:toks[j].start]):
                    break
                f = fold(toks[j].text)
                if f not in V.NAME_CONNECTORS:
                    if f in _ORDINARY - {"mayor", "real", "rey", "reina", "sol", "paz", "mar", "cruz", "rosa", "prado", "vega"}:
                        break
                    run.append(j)
                j += 1
            if not run:
                continue
            if mode == LOWER and not _HOUSE_NUMBER_AHEAD.match(low, toks[run[-1]].end):
                continue
            cap.update(k for k, t in enumerate(toks[:nxt]) if t.start >= m.start() and t.text[0].isalpha())
            cap.update(run)

    def _places(self, low: str, toks: list[Token], cap: set[int], mode: str) -> None:
        folded = [fold(t.text) for t in toks]
        i = 0
        while i < len(toks):
            n = self.lex.place_at(folded, i)
            if not n or folded[i] in V.NAME_CONNECTORS or folded[i] in _ORDINARY:
                i += 1
                continue
            words = " ".join(folded[i:i + n])
            before = low[max(0, toks[i].start - 40):toks[i].start]
            gap = low[toks[i - 1].end:toks[i].start].strip() if i else ""
            strong = bool(_PLACE_CUE.search(before)) or i - 1 in cap and gap in (",", "(", "-", "–")
            big = any(self.lex.phrases[c].longest_at(folded, i) == n for c in ("province", "country")) \
                or words in self.lex.big_places
            if strong or mode == UPPER and big and (_WEAK_PLACE_CUE.search(before) or n > 1):
                cap.update(k for k in range(i, i + n) if folded[k] not in V.NAME_CONNECTORS)
            i += n
