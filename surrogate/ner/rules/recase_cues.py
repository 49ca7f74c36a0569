"""The cues of the recased view (:mod:`.recase`): which words a writer capitalises, and where.

Word lists and patterns only, compiled once at import; the view itself is built in :mod:`.recase`.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from . import patterns as P
from .names import CO_OFFICIAL_KIN

UPPER, LOWER = "upper", "lower"

# identifier and field labels written in capitals in an ordinary note
ACRONYMS = frozenset({
    "nhc", "dni", "nie", "nif", "nass", "nss", "naf", "cip", "tsi", "sip", "cipa", "nuhsa", "cp", "vin", "imei",
    "sn", "uci", "uvi", "hu", "hgu", "chu", "cs", "cap", "ee", "uu", "eeuu", "usa", "uk",
})
TITLES = frozenset({"dr", "dra", "drs", "dres", "sr", "sra", "srta", "d", "dña", "dª", "don", "doña", "prof", "profa",
                     "enf", "ldo", "lda", "lcdo", "lcda", "doctor", "doctora"})
# ordinary words that are also entries of the census name or town lists
ORDINARY = frozenset(fold(w) for w in (
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
    # a dictation's spoken punctuation ("jose lasheras coma de sesenta años"): "coma" is a Catalan surname too
    "coma", "punto", "guion", "arroba",
))
# words that say what kind of facility it is, not which one
DESCRIPTORS = frozenset(fold(w) for w in (
    "universitario", "universitaria", "universitari", "general", "clinico", "provincial", "comarcal", "regional",
    "militar", "materno", "infantil", "maternoinfantil", "central", "insular", "policlinico", "psiquiatrico",
    "geriatrico", "nacional", "nuevo", "local", "auxiliar", "salud", "mental", "atencion", "primaria", "privado",
    "privada", "publico", "publica", "concertado", "municipal", "comunitario", "terciario", "secundario",
    "referencia", "comarcal", "grande", "pequeño", "pediatrico", "pediátrico", "gral", "univ",
))
# ordinary words that may still be surnames once a given name has started the run ("Azucena Prado")
SURNAME_TOO = frozenset(fold(w) for w in (
    "mayor", "campo", "valle", "puerto", "rio", "mar", "sol", "luz", "paz", "rosa", "blanco", "negro", "moreno",
    "rubio", "leal", "bueno", "toro", "lobo", "cruz", "pino", "olivo", "monte", "sierra", "playa", "torre", "molino",
    "fuente", "prado", "vega", "pena", "peña", "rey", "reina", "conde", "santos", "marca", "gran", "alto", "cura",
    "leon", "león", "salud",
))
FACILITY_HEAD = re.compile(
    r"(?<![\w])(?:h\.\s?(?:[gc]\.\s?)?u\.|(?<!dr\. )(?<!dra\. )(?<!dr )(?<!dra )h\.(?=[ \t]?(?!pylori|influenzae)[^\W\d_]{3})|hosp\.?|resid\.|ortop[eè]dia|ambulancias|assir|c\.\s?s\.|complejo\s+(?:hospitalario|asistencial)|complexo\s+hospitalario|"
    r"hospital|hospitales|cl[ií]nica|policl[ií]nica|sanatorio|ciudad\s+sanitaria|centro\s+de\s+salud|"
    r"centro\s+de\s+sa[uú]de|centre\s+de\s+salut|centro\s+de\s+atenci[oó]n\s+primaria|consultorio|consultori|"
    r"ambulatorio|cap|cs|universidad|universitat|instituto|institut|fundaci[oó]n?|resid[eè]ncia\s+de\s+(?:mayores|majors|gent\s+gran)|resid[eè]ncia|centro\s+de\s+acogida|mutua|"
    r"ayuntamiento|colegio|farmacia|asociaci[oó]n|laboratorio|escuela|facultad|hotel|c[aá]ritas|osasun\s+zentroa)(?![\w])"
)
# words of a facility's own name, neither a person nor a place ("Universitario", "Materno-Infantil")
FACILITY_WORDS = frozenset(fold(w) for w in (
    "universitario", "universitaria", "general", "clinico", "clínico", "provincial", "comarcal", "regional",
    "militar", "materno", "infantil", "maternoinfantil", "virgen", "nuestra", "señora", "santa", "santo", "san",
    "sant", "reina", "infanta", "princesa", "principe", "príncipe", "rey", "doctor", "dr", "central", "insular",
    "naval", "nacional", "policlinico", "psiquiatrico", "psiquiátrico", "geriatrico", "geriátrico", "quiron",
    "quirón", "quironsalud", "vithas", "hm", "ruber", "internacional", "nuevo", "alto", "sagrado", "corazón",
    "corazon", "niño", "jesus", "jesús", "barrio", "parque", "ensanche", "casco", "antiguo", "norte", "sur",
    "este", "oeste", "centro", "fe", "paz", "mar", "hermanas", "hospitalarias", "sant", "vall", "complutense",
    "autonoma", "autónoma", "salud", "mental", "atencion", "atención", "primaria", "viejo", "local",
    "auxiliar", "diocesana", "doña", "dona", "don", "doutor", "universitari", "clinic", "clínic",
    "gral", "univ", "dios",  # "hosp gral univ", "san juan de dios"
))
STREET_TYPE = re.compile(
    r"(?<![\w])(?:(?:calle|avda\.?|av\.|avenida|paseo|pº|plaza|pza\.|ctra\.|carretera|ronda|glorieta|camino|"
    r"traves[ií]a|carrer|r[uú]a|urbanizaci[oó]n|urb\.|passeig|avinguda|rambla)(?![\w])|c/)"
)
HOUSE_NUMBER_AHEAD = re.compile(r"\s*,?\s*(?:n[ºo°]\.?\s*)?(?:\d|s\s?/\s?n\b|sn\b|s\.n\.)")
# strong cues of a person's name; the surname-first ones may start with a surname ("Dra. Canteli")
NAME_CUE = re.compile(
    r"(?<![\w])(?:(?:dr|dra|drs|sr|sra|srta|d|dña|prof|profa|enf|ldo|lda)\.[ \t]*|d[ªº][ \t]*|(?:don|doña|doctora?)[ \t]+|"
    r"(?:paciente|pte|pac|nombre(?:[ \t]+y[ \t]+apellidos)?|apellidos?|fdo|firmado(?:[ \t]+por)?|firma)\.?[ \t]*:[ \t]*|"
    r"(?:estimad[oa]|querid[oa]|apreciad[oa])[ \t]+familia[ \t]+)"
)
# cues after which the run must start with a known given name: a role or field label and its colon,
# a verb of referral, a greeting, a closing line, a kinship word ("su hija ana", "a súa filla sabela")
KIN_WORDS = sorted({*P.KINSHIP_CORE, *CO_OFFICIAL_KIN, "cuidador", "cuidadora", "coidadora", "coidador", "novio",
                     "novia", "tutor", "tutora", "acompañante"}, key=len, reverse=True)
FIRST_NAME_CUE = re.compile(
    r"(?:(?:^|(?<=[\n·|;.]))[ \t]*[^\W\d_][^\n:·|;.]{0,40}?:[ \t]*"
    r"|(?<![\w])(?:(?:le|les|os)[ \t]+)?(?:remito|derivo|presento)[ \t]+a[ \t]+"
    r"|(?<![\w])(?:informad|validad|valorad|atendid|remitid|triad|vist|firmad|revisad)[oa][ \t]+por[ \t]*:?[ \t]*"
    r"|(?<![\w])(?:paciente|pte\.?|pac\.?|enf\.)[ \t]+"
    r"|(?<![\w])(?:estimad[oa]|querid[oa]|apreciad[oa])[ \t]+"
    r"|(?m:^)(?:un[ \t]+(?:cordial[ \t]+)?saludo|saludos(?:[ \t]+cordiales)?|atentamente|un[ \t]+abrazo|cordial(?:ment|mente)|"
    r"salutacions)[ \t]*[,.]?[ \t]*\n[ \t]*"
    rf"|(?<![\w])(?:{'|'.join(KIN_WORDS)})(?:[ \t]+(?:menor|mayor|materna|materno|paterna|paterno))?"
    r"(?:[ \t]*[,:(][ \t]*|[ \t]+)(?:llamad[oa][ \t]+|de[ \t]+nombre[ \t]+|la[ \t]+|el[ \t]+)?)"
)
PLACE_CUE = re.compile(
    r"(?:(?<![\w])(?:vive|viv[ií]a|reside|residente|domiciliad[oa]|natural|nacid[oa]|procedente|vecin[oa]|"
    r"originari[oa]|empadronad[oa]|trasladad[oa]|localidad|municipio|provincia|poblaci[oó]n|ciudad|pueblo)"
    r"(?:[ \t]+(?:habitualmente|actualmente|ahora|sola?))?[ \t]*(?:en|de|:)[ \t]*(?:la[ \t]+|el[ \t]+)?"
    r"|(?<![\w])\d{5}[ \t]+|\d[^\n]{0,25}[,\-–(·|][ \t]*)$"
)
#: towns and countries named like an everyday word of a care note: read as the place after a strong cue only ("vive en
#: silla"), never after a weak one ("pac en silla de ruedas" came out a town, "usa andador" the United States)
EVERYDAY_PLACE_WORDS = frozenset(fold(w) for w in (
    "silla", "rueda", "ruedas", "codo", "ojos", "muro", "luna", "campo", "mora", "cabra", "rincón", "usa", "pinar",
    "prado", "huerta", "tejado", "alameda", "colmenar"))
#: a place cue right before a country's acronym typed in lower case ("viaja a usa", "natural de usa")
COUNTRY_BEFORE = re.compile(r"(?<![\w])(?:en|de|a|desde|hacia|por|los|los[ \t]+eeuu|y)[ \t]+$|[(,:/][ \t]*$")
WEAK_PLACE_CUE = re.compile(r"(?:(?<![\w])(?:en|de|del|desde|hasta|a|hacia)|[(·|,\-–)])[ \t]*$")
ROMAN_MONTH = re.compile(r"(?<=\d[-/.])(?:i{1,3}|iv|vi{0,3}|ix|xi{0,2})(?=[-/.]\d)")
HYPHEN_CODE = re.compile(r"(?<![\w-])[^\W\d_]{1,5}(?=-\w*\d)|(?<=\d-)[^\W\d_]{1,4}(?![\w-])")
BASQUE_KIND = re.compile(r"(?:[^\W\d_]+[ \t]+){1,3}(?=(?:osasun[ \t]+zentroa|osasun[ \t]+etxea|(?:unibertsitate[ \t]+)?ospitalea)(?![\w]))")
PARTICIPLE = re.compile(r"\w+(?:ando|iendo|ado|ada|ido|ida)s?")
MEASURE = re.compile(r"\d+(?:[.,]\d+)?x\d+(?:[.,]\d+)?")  # "90x106", "3x4": a product, not a code
# a hospital acronym that is also a word ("causa", "huso") is read as one only where a facility stands
FACILITY_ACRONYM_BEFORE = re.compile(
    r"(?:[·—–:(|]|(?<![\w])(?:en[ \t]+el|al|del|desde[ \t]+el|hacia[ \t]+el))[ \t]*$|^[ \t]*$|\n[ \t]*$"
)
WEAK_HEADS = frozenset({"clinica", "policlinica", "universidad", "universitat", "instituto", "institut", "fundacion",
                         "fundacio", "residencia", "mutua", "ayuntamiento", "colegio", "farmacia", "asociacion", "ortopedia", "ambulancias",
                         "laboratorio", "escuela", "facultad", "hotel", "caritas"})
MONTHS = frozenset(P.MONTHS)
# "(tobrex, alcon cusi, barcelona)": a product, its maker and where the maker is (the places must be known)
MAKER = re.compile(r"\(([^()\n,]{1,60}?),[ \t]*([^\W\d_][^(),\n]{0,40}?)((?:,[ \t]*[^(),\n]{1,30}?){1,3})\)")
POSTAL_TOWN = re.compile(r"(?<![\w.,-])(?:e-)?(?:0[1-9]|[1-4]\d|5[0-2])\d{3}[ \t]+(?=[^\W\d_])")
DOTTED = frozenset({"dr", "dra", "sta", "sto", "ntra", "sra", "sr", "h", "c", "u", "s", "g", "univ", "gral", "hosp", "resid"})
NAME_ABBREV = frozenset({"mª", "m", "ma", "fco", "jª"})
SENTENCE_START = re.compile(r"(?:^|\n|[.!?:;][ \t]+|\.\n)[ \t\-·*>]*$")
VOWELS = set("aeiouáéíóúü")
