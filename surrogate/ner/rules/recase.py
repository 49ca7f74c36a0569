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
from .facilities import hospital_acronyms
from .names import CO_OFFICIAL_KIN

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
    "referencia", "domiciliaria", "agudos", "cronicos", "crónicos", "estancia", "larga", "media", "dia", "día",
    "cama", "box", "urgencias", "domicilio", "casa", "familia", "pareja", "amigo", "amiga", "tiempo", "vez", "veces",
    "años", "meses", "semanas", "dias", "horas", "mismo", "misma", "todo", "toda", "nada", "algo", "cada", "dos",
    "tres", "cuatro", "primero", "segundo", "derecha", "izquierda", "campo", "valle", "puerto", "rio", "río",
    "mar", "sol", "luz", "paz", "rosa", "blanco", "negro", "moreno", "rubio", "leal", "bueno", "vieja", "toro", "lobo", "cruz", "pino", "olivo", "monte", "sierra", "playa", "torre", "molino", "fuente",
    "prado", "vega", "pena", "peña", "rey", "reina", "conde", "santos", "dios", "cura", "marca", "pie", "mano",
    "cabeza", "piel", "ojo", "boca", "corazon", "pecho", "mama", "mamá", "papa", "papá", "tension", "presion",
    "sangre", "orina", "agua", "aire", "via", "vía", "medico", "médico", "enfermera", "enfermero", "nota", "firma",
    "onda", "union", "unión", "arroyo", "pozo", "cuevas", "granja", "masa", "causa", "clinica", "clínica",
    "lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo", "hora", "horas", "semana", *P.MONTHS,
))
# words that say what kind of facility it is, not which one
_DESCRIPTORS = frozenset(fold(w) for w in (
    "universitario", "universitaria", "universitari", "general", "clinico", "provincial", "comarcal", "regional",
    "militar", "materno", "infantil", "maternoinfantil", "central", "insular", "policlinico", "psiquiatrico",
    "geriatrico", "nacional", "nuevo", "local", "auxiliar", "salud", "mental", "atencion", "primaria", "privado",
    "privada", "publico", "publica", "concertado", "municipal", "comunitario", "terciario", "secundario",
    "referencia", "comarcal", "grande", "pequeño", "pediatrico", "pediátrico",
))
# ordinary words that may still be surnames once a given name has started the run ("Azucena Prado")
_SURNAME_TOO = frozenset(fold(w) for w in (
    "mayor", "campo", "valle", "puerto", "rio", "mar", "sol", "luz", "paz", "rosa", "blanco", "negro", "moreno",
    "rubio", "leal", "bueno", "toro", "lobo", "cruz", "pino", "olivo", "monte", "sierra", "playa", "torre", "molino",
    "fuente", "prado", "vega", "pena", "peña", "rey", "reina", "conde", "santos", "marca", "gran", "alto", "cura",
    "leon", "león", "salud",
))
_FACILITY_HEAD = re.compile(
    r"(?<![\w])(?:h\.\s?(?:[gc]\.\s?)?u\.|c\.\s?s\.|complejo\s+(?:hospitalario|asistencial)|complexo\s+hospitalario|"
    r"hospital|hospitales|cl[ií]nica|policl[ií]nica|sanatorio|ciudad\s+sanitaria|centro\s+de\s+salud|"
    r"centro\s+de\s+sa[uú]de|centre\s+de\s+salut|centro\s+de\s+atenci[oó]n\s+primaria|consultorio|consultori|"
    r"ambulatorio|cap|cs|universidad|universitat|instituto|institut|fundaci[oó]n?|residencia|mutua|"
    r"ayuntamiento|colegio|farmacia|asociaci[oó]n|laboratorio|escuela|facultad|hotel|c[aá]ritas|osasun\s+zentroa)(?![\w])"
)
# words of a facility's own name, neither a person nor a place ("Universitario", "Materno-Infantil")
_FACILITY_WORDS = frozenset(fold(w) for w in (
    "universitario", "universitaria", "general", "clinico", "clínico", "provincial", "comarcal", "regional",
    "militar", "materno", "infantil", "maternoinfantil", "virgen", "nuestra", "señora", "santa", "santo", "san",
    "sant", "reina", "infanta", "princesa", "principe", "príncipe", "rey", "doctor", "dr", "central", "insular",
    "naval", "nacional", "policlinico", "psiquiatrico", "psiquiátrico", "geriatrico", "geriátrico", "quiron",
    "quirón", "quironsalud", "vithas", "hm", "ruber", "internacional", "nuevo", "alto", "sagrado", "corazón",
    "corazon", "niño", "jesus", "jesús", "barrio", "parque", "ensanche", "casco", "antiguo", "norte", "sur",
    "este", "oeste", "centro", "fe", "paz", "mar", "hermanas", "hospitalarias", "sant", "vall", "complutense",
    "autonoma", "autónoma", "salud", "mental", "atencion", "atención", "primaria", "viejo", "local",
    "auxiliar", "diocesana", "doña", "dona", "don", "doutor", "universitari", "clinic", "clínic",
))
_STREET_TYPE = re.compile(
    r"(?<![\w])(?:(?:calle|avda\.?|av\.|avenida|paseo|pº|plaza|pza\.|ctra\.|carretera|ronda|glorieta|camino|"
    r"traves[ií]a|carrer|r[uú]a|urbanizaci[oó]n|urb\.|passeig|avinguda|rambla)(?![\w])|c/)"
)
_HOUSE_NUMBER_AHEAD = re.compile(r"\s*,?\s*(?:n[ºo°]\.?\s*)?(?:\d|s\s?/\s?n\b|sn\b|s\.n\.)")
# strong cues of a person's name; the surname-first ones may start with a surname ("Dra. Canteli")
_NAME_CUE = re.compile(
    r"(?<![\w])(?:(?:dr|dra|drs|sr|sra|srta|d|dña|prof|profa|enf|ldo|lda)\.[ \t]*|d[ªº][ \t]*|(?:don|doña|doctora?)[ \t]+|"
    r"(?:paciente|pte|pac|nombre(?:[ \t]+y[ \t]+apellidos)?|apellidos?|fdo|firmado(?:[ \t]+por)?|firma)\.?[ \t]*:[ \t]*|"
    r"(?:estimad[oa]|querid[oa]|apreciad[oa])[ \t]+familia[ \t]+)"
)
# cues after which the run must start with a known given name: a role or field label and its colon,
# a verb of referral, a greeting, a closing line, a kinship word ("su hija ana", "a súa filla sabela")
_KIN_WORDS = sorted({*P.KINSHIP_CORE, *CO_OFFICIAL_KIN, "cuidador", "cuidadora", "coidadora", "coidador", "novio",
                     "novia", "tutor", "tutora", "acompañante"}, key=len, reverse=True)
_FIRST_NAME_CUE = re.compile(
    r"(?:(?:^|(?<=[\n·|;.]))[ \t]*[^\W\d_][^\n:·|;.]{0,40}?:[ \t]*"
    r"|(?<![\w])(?:(?:le|les|os)[ \t]+)?(?:remito|derivo|presento)[ \t]+a[ \t]+"
    r"|(?<![\w])(?:informad|validad|valorad|atendid|remitid|triad|vist|firmad|revisad)[oa][ \t]+por[ \t]*:?[ \t]*"
    r"|(?<![\w])(?:paciente|pte\.?|pac\.?|enf\.)[ \t]+"
    r"|(?<![\w])(?:estimad[oa]|querid[oa]|apreciad[oa])[ \t]+"
    r"|(?m:^)(?:un[ \t]+(?:cordial[ \t]+)?saludo|saludos(?:[ \t]+cordiales)?|atentamente|un[ \t]+abrazo|cordial(?:ment|mente)|"
    r"salutacions)[ \t]*[,.]?[ \t]*\n[ \t]*"
    rf"|(?<![\w])(?:{'|'.join(_KIN_WORDS)})(?:[ \t]+(?:menor|mayor|materna|materno|paterna|paterno))?"
    r"(?:[ \t]*[,:(][ \t]*|[ \t]+)(?:llamad[oa][ \t]+|de[ \t]+nombre[ \t]+|la[ \t]+|el[ \t]+)?)"
)
_PLACE_CUE = re.compile(
    r"(?:(?<![\w])(?:vive|viv[ií]a|reside|residente|domiciliad[oa]|natural|nacid[oa]|procedente|vecin[oa]|"
    r"originari[oa]|empadronad[oa]|trasladad[oa]|localidad|municipio|provincia|poblaci[oó]n|ciudad|pueblo)"
    r"(?:[ \t]+(?:habitualmente|actualmente|ahora|sola?))?[ \t]*(?:en|de|:)[ \t]*(?:la[ \t]+|el[ \t]+)?"
    r"|(?<![\w])\d{5}[ \t]+|\d[^\n]{0,25}[,\-–(·|][ \t]*)$"
)
_WEAK_PLACE_CUE = re.compile(r"(?:(?<![\w])(?:en|de|del|desde|hasta|a|hacia)|[(·|,\-–)])[ \t]*$")
_ROMAN_MONTH = re.compile(r"(?<=\d[-/.])(?:i{1,3}|iv|vi{0,3}|ix|xi{0,2})(?=[-/.]\d)")
_HYPHEN_CODE = re.compile(r"(?<![\w-])[^\W\d_]{1,5}(?=-\w*\d)|(?<=\d-)[^\W\d_]{1,4}(?![\w-])")
_BASQUE_KIND = re.compile(r"(?:[^\W\d_]+[ \t]+){1,3}(?=(?:osasun[ \t]+zentroa|osasun[ \t]+etxea|(?:unibertsitate[ \t]+)?ospitalea)(?![\w]))")
_PARTICIPLE = re.compile(r"\w+(?:ando|iendo|ado|ada|ido|ida)s?")
_MEASURE = re.compile(r"\d+(?:[.,]\d+)?x\d+(?:[.,]\d+)?")  # "90x106", "3x4": a product, not a code
# a hospital acronym that is also a word ("causa", "huso") is read as one only where a facility stands
_FACILITY_ACRONYM_BEFORE = re.compile(
    r"(?:[·—–:(|]|(?<![\w])(?:en[ \t]+el|al|del|desde[ \t]+el|hacia[ \t]+el))[ \t]*$|^[ \t]*$|\n[ \t]*$"
)
_WEAK_HEADS = frozenset({"clinica", "policlinica", "universidad", "universitat", "instituto", "institut", "fundacion",
                         "fundacio", "residencia", "mutua", "ayuntamiento", "colegio", "farmacia", "asociacion",
                         "laboratorio", "escuela", "facultad", "hotel", "caritas"})
_MONTHS = frozenset(P.MONTHS)
# "(tobrex, alcon cusi, barcelona)": a product, its maker and where the maker is (the places must be known)
_MAKER = re.compile(r"\(([^()\n,]{1,60}?),[ \t]*([^\W\d_][^(),\n]{0,40}?)((?:,[ \t]*[^(),\n]{1,30}?){1,3})\)")
_POSTAL_TOWN = re.compile(r"(?<![\w.,-])(?:e-)?(?:0[1-9]|[1-4]\d|5[0-2])\d{3}[ \t]+(?=[^\W\d_])")
_DOTTED = frozenset({"dr", "dra", "sta", "sto", "ntra", "sra", "sr", "h", "c", "u", "s", "g", "univ"})
_NAME_ABBREV = frozenset({"mª", "m", "ma", "fco", "jª"})
_SENTENCE_START = re.compile(r"(?:^|\n|[.!?:;][ \t]+|\.\n)[ \t\-·*>]*$")
_VOWELS = set("aeiouáéíóúü")


def layout(text: str) -> str | None:
    """``"upper"``, ``"lower"`` or ``None`` (ordinary case) for a text with enough letters to judge."""
    n_upper = sum(map(str.isupper, text))
    total = n_upper + sum(map(str.islower, text))
    if total < 20:
        return None
    if n_upper >= 0.85 * total:
        return UPPER
    if n_upper <= 0.005 * total:
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
        acronyms = hospital_acronyms()
        coded = {m.start() for rx in (_ROMAN_MONTH, _HYPHEN_CODE) for m in rx.finditer(low)}
        for i, t in enumerate(toks):
            w = t.text
            if w in _ACRONYMS and low.startswith("-", t.end):
                continue  # "nhc-7845123": a label glued to its number, not part of a code
            if any(c.isdigit() for c in w) and not _MEASURE.fullmatch(w) or t.start in coded or w in _ACRONYMS \
                    or upper(w) in acronyms and _FACILITY_ACRONYM_BEFORE.search(low, max(0, t.start - 30), t.start) \
                    or mode == UPPER and self._acronym(w) or self._glued_to_number(low, t):
                out[i] = upper(w)  # a code or an acronym: "12345678-Z", "QA519WSP792", "4512 KJT", "NHC", "CHUAC"
            elif w in _TITLES and low.startswith(".", t.end) and not (w == "d" and re.search(r"\d[ \t,]*$", low[max(0, t.start - 4):t.start])) or w in ("don", "doña", "dª") \
                    or _SENTENCE_START.search(low, max(0, t.start - 4), t.start):
                cap.add(i)
        self._names(low, toks, at, cap, mode)
        self._facilities(low, toks, at, cap, mode)
        self._streets(low, toks, at, cap, mode)
        self._places(low, toks, cap, mode)
        self._after_postal_codes(low, toks, at, cap)
        self._makers(low, toks, at, cap)
        chars = list(low)
        for i, t in enumerate(toks):
            word = capitalised(out[i]) if i in cap and out[i].islower() else out[i]
            chars[t.start:t.end] = word
        return "".join(chars)

    # --- pieces -------------------------------------------------------------------------------------
    @staticmethod
    def _acronym(w: str) -> bool:
        """In a capitals note: a short word without vowels (``KJT``; ``TAC`` is a word) stays in capitals."""
        return len(w) <= 4 and not (_VOWELS & set(w)) and w not in _TITLES and w != "y"

    @staticmethod
    def _glued_to_number(low: str, tok: Token) -> bool:
        """The letter of a DNI or NIE (``12345678 z``, ``x 1234567 l``) or a plate's letters (``4512 kjt``);
        not an address letter (``28, 1 d.``)."""
        w = tok.text
        if len(w) > 3 or len(w) > 1 and _VOWELS & set(w):
            return False
        before = low[max(0, tok.start - 9):tok.start]
        if len(w) == 1:
            return bool(re.search(r"\d{5,}[ \-]?$", before) or re.match(r"[ \-]?\d{5,}", low[tok.end:tok.end + 9]))
        return bool(re.search(r"(?<!\d)\d{4}[ \-]?$", before))

    def _is_name(self, word: str, *, first: bool, in_run: bool = False) -> bool:
        f = fold(word)
        if len(f) < 3 or f in V.NAME_STOP or f in P.KINSHIP_FOLDED or f in _ORDINARY and not (in_run and f in _SURNAME_TOO):
            return False
        return self.lex.is_("first_name", word) or not first and self.lex.is_("surname", word)

    def _name_run(self, toks: list[Token], i: int, *, surname_first: bool, low: str, joined: bool = True) -> list[int]:
        """Token indices of the name run at ``i`` (known given names and surnames, particles between)."""
        run: list[int] = []
        j = i
        while j < len(toks) and len(run) < 6:
            if j > i and re.search(r"[\n,;:()|·]", low[toks[j - 1].end:toks[j].start]):
                break
            w = toks[j].text
            f = fold(w)
            if not run and f in _NAME_ABBREV and j + 1 < len(toks) and low[toks[j].end:toks[j + 1].start].strip() in ("", ".", ".ª", "ª"):
                run.append(j)  # "Mª Luisa", "M.ª Carmen"
                j += 1
                continue
            if f in V.NAME_CONNECTORS and (joined or f not in ("y", "i", "e")) and run and j + 1 < len(toks) and self._is_name(toks[j + 1].text, first=False, in_run=True):
                j += 1
                continue
            if not self._is_name(w, first=not run and not surname_first, in_run=bool(run)):
                break
            run.append(j)
            j += 1
        if run and fold(toks[run[0]].text) in _NAME_ABBREV and len(run) == 1:
            return []
        return run

    def _names(self, low: str, toks: list[Token], at: dict[int, int], cap: set[int], mode: str = LOWER) -> None:
        for rx, surname_first in ((_NAME_CUE, True), (_FIRST_NAME_CUE, False)):
            for m in rx.finditer(low):
                i = at.get(m.end())
                if i is None:
                    continue
                run = self._name_run(toks, i, surname_first=surname_first, low=low)
                if run or surname_first and fold(m.group()).rstrip(" \t.").startswith(("d", "s")):
                    run = self._field_end(low, toks, run, i)  # "Dra. Cynthia Binelli.", "dr. canteli,"
                cap.update(run)
        i = 0
        while i < len(toks):  # no cue: a given name and two more known names ("leandro vidal orts")
            run = self._name_run(toks, i, surname_first=False, low=low, joined=False) \
                if self._is_name(toks[i].text, first=True) else []
            if len(run) >= (2 if mode == UPPER else 3):
                cap.update(run)
                i = run[-1]
            i += 1

    def _field_end(self, low: str, toks: list[Token], run: list[int], i: int) -> list[int]:
        """A cued name run extended over up to three unknown words (surnames the census lists miss), kept
        only when the field ends right after them (line end, comma, period, parenthesis)."""
        more = list(run)
        j = run[-1] + 1 if run else i
        while j < len(toks) and len(more) - len(run) < 3:
            if j > i and not re.fullmatch(r"[ \t]*-?[ \t]*", low[toks[j - 1].end:toks[j].start]):
                break
            w = toks[j].text
            f = fold(w)
            if not w.isalpha() or len(w) < 2 or f in _ORDINARY or f in V.NAME_STOP or f in V.NAME_CONNECTORS \
                    or f in P.KINSHIP_FOLDED or _PARTICIPLE.fullmatch(w):
                break
            more.append(j)
            j += 1
        if len(more) > len(run) and re.match(r"[ \t]*(?:$|[\n,.;(·|:])", low[toks[more[-1]].end:]):
            return more
        return run

    def _tail(self, low: str, toks: list[Token], i: int, *, loose: bool, connector_ok: bool = True, limit: int = 8) -> list[int]:
        """Name words after a type word at token ``i - 1``: facility words, known names or places, particles
        between; with ``loose``, also unknown words that are no ordinary word (``Hospital de Cabueñes``)."""
        run: list[int] = []
        j = i
        after_connector = False
        while j < len(toks) and j - i < limit:
            gap = low[toks[j - 1].end:toks[j].start]
            if "\n" in gap or re.search(r"[,;:()·|]", gap) or "." in gap and fold(toks[j - 1].text) not in _DOTTED:
                break
            w = toks[j].text
            f = fold(w)
            if f in ("y", "i", "e") and not (run and j + 1 < len(toks) and self._is_name(toks[j + 1].text, first=False)):
                break  # "clínica y analítica": a list, not a name ("Ramón y Cajal" is one)
            if f in V.NAME_CONNECTORS and j + 1 < len(toks):
                after_connector = True
                j += 1
                continue
            known = f in _FACILITY_WORDS or self._is_name(w, first=False, in_run=True) or self.lex.place_at([f]) > 0
            named = any(fold(toks[k].text) not in _DESCRIPTORS for k in run)
            unknown_ok = (loose and not run or named or after_connector and connector_ok) and w.isalpha() and len(w) >= 3 \
                and f not in _ORDINARY and f not in V.FACILITY_STOP and not _PARTICIPLE.fullmatch(w)
            if _STREET_TYPE.match(low, toks[j].start):
                break  # "Hospital de Barcelona Avinguda Diagonal, 660": the address starts
            if w.isdigit() and j + 2 < len(toks) and toks[j + 1].text == "de" and toks[j + 2].text in _MONTHS:
                run.append(j)  # "hospital 12 de octubre"
                j += 3
                continue
            if not (known or unknown_ok) or w.isdigit():
                break
            run.append(j)
            after_connector = False
            j += 1
        if all(fold(toks[k].text) in _DESCRIPTORS for k in run):
            return []  # "un hospital comarcal", "hospital general": a kind of facility, not its name
        return run

    def _after(self, toks: list[Token], at: dict[int, int], start: int, end: int) -> int | None:
        return next((k for k in range(at.get(start, 0), len(toks)) if toks[k].start >= end), None)

    def _facilities(self, low: str, toks: list[Token], at: dict[int, int], cap: set[int], mode: str) -> None:
        for m in _FACILITY_HEAD.finditer(low):
            nxt = self._after(toks, at, m.start(), m.end())
            if nxt is None:
                continue
            head = fold(m.group())
            weak = head in _WEAK_HEADS
            strong = mode == UPPER and not weak or "." in head or head in ("cs", "cap", "consultori", "consultorio")
            run = self._tail(low, toks, nxt, loose=strong, connector_ok=not weak)
            if not run:
                continue
            cap.update(k for k, t in enumerate(toks[:nxt])
                       if t.start >= m.start() and (len(t.text) == 1 or fold(t.text) not in V.NAME_CONNECTORS))
            cap.update(run)
        for m in _BASQUE_KIND.finditer(low):  # "otxarkoagako osasun zentroa", "donostia unibertsitate ospitalea"
            end = m.end() + len(re.match(r"[^\n]*?(?:zentroa|etxea|ospitalea)", low[m.end():]).group())
            cap.update(k for k, t in enumerate(toks) if m.start() <= t.start < end and fold(t.text) not in _ORDINARY)

    def _streets(self, low: str, toks: list[Token], at: dict[int, int], cap: set[int], mode: str) -> None:
        for m in _STREET_TYPE.finditer(low):
            nxt = self._after(toks, at, m.start(), m.end())
            if nxt is None:
                continue
            run: list[int] = []
            j = nxt
            while j < len(toks) and j - nxt < 6 and not toks[j].text.isdigit():
                if "\n" in low[toks[j - 1].end:toks[j].start] or re.search(r"[,;:()]", low[toks[j - 1].end:toks[j].start]):
                    break
                f = fold(toks[j].text)
                if f not in V.NAME_CONNECTORS:
                    if f in _ORDINARY - _SURNAME_TOO:
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
            if not n or n == 1 and (folded[i] in V.NAME_CONNECTORS or folded[i] in _ORDINARY):
                i += 1
                continue
            words = " ".join(folded[i:i + n])
            line_start = low.rfind("\n", 0, toks[i].start) + 1
            before = low[max(line_start, toks[i].start - 40):toks[i].start]
            gap = low[toks[i - 1].end:toks[i].start].strip() if i else ""
            strong = bool(_PLACE_CUE.search(before)) or i - 1 in cap and gap in (",", "(", "-", "–", "·", "|")
            big = n > 1 or words in self.lex.big_places \
                or any(self.lex.phrases[c].longest_at(folded, i) == n for c in ("province", "country"))
            weak = bool(_WEAK_PLACE_CUE.search(before)) or toks[i].start == line_start
            article = n > 1 and folded[i] in ("la", "el", "los", "las", "l", "a", "o", "as", "os")
            if strong or weak and big and not article:
                cap.update(k for k in range(i, i + n) if folded[k] not in V.NAME_CONNECTORS or k == i)
            i += n

    def _after_postal_codes(self, low: str, toks: list[Token], at: dict[int, int], cap: set[int]) -> None:
        """``28006 madrid``, ``31620 gorraiz``: the words right after a postal code name its town."""
        for m in _POSTAL_TOWN.finditer(low):
            j = at.get(m.end())
            while j is not None and j < len(toks) and toks[j].text.isalpha() and fold(toks[j].text) not in _ORDINARY - {"a", "o"}:
                if j > at[m.end()] and low[toks[j - 1].end:toks[j].start] not in (" ", "-") \
                        or low.startswith("@", toks[j].end) or j - at[m.end()] >= 5:
                    break  # "37007 salamanca pilarfg@usal.es": an e-mail is no part of the town
                if fold(toks[j].text) not in V.NAME_CONNECTORS or j == at[m.end()]:
                    cap.add(j)
                j += 1

    def _makers(self, low: str, toks: list[Token], at: dict[int, int], cap: set[int]) -> None:
        for m in _MAKER.finditer(low):
            parts = [p.strip() for p in m.group(3).split(",")[1:]]
            if not any(p and self.lex.place_at([fold(t.text) for t in tokens(p)]) == len(tokens(p)) for p in parts):
                continue
            cap.update(k for k, t in enumerate(toks) if m.start(2) <= t.start < m.end(3) and fold(t.text) not in V.NAME_CONNECTORS)
