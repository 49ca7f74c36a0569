"""Regular expressions and word lists of the ``rules`` backend (compiled once, at import).

Spanish clinical conventions: DD/MM/YYYY dates, month names, 9-digit phones, 5-digit postal codes
(province prefix 01–52), NASS ``PP NNNNNNNN CC``, collegiate numbers ``PP PP NNNNN``, DNI ``NNNNNNNN-L``.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

MONTHS = (
    "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "setiembre",
    "octubre", "noviembre", "diciembre",
    "ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "sept", "oct", "nov", "dic",
    # Catalan and Galician
    "gener", "febrer", "març", "maig", "juny", "juliol", "agost", "setembre", "novembre", "desembre",
    "xaneiro", "febreiro", "maio", "xuño", "xullo", "setembro", "outubro", "novembro", "decembro",
    # Aranese (Occitan of the Val d'Aran; "mai" is left out: it is Catalan for "never")
    "gèr", "hereuèr", "abriu", "junh", "junhsèga", "seteme", "octobre", "noveme", "deseme",
)
_MONTH = r"(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")"
# (the four-letter months of Catalan and Galician are whole names too: "en xuño", "des del maig")
_FULL_MONTH = r"(?:" + "|".join(m for m in MONTHS if len(m) > 4 or m in ("mayo", "maig", "juny", "març", "maio", "xuño")) + r")"

# the patient as a cue before their name or on their record's line names them; each cue adds its own forms (whole
# words, so the order of the alternatives changes no match). tables.PATIENT_WORDS are a table header's.
PATIENT_CUE_WORDS = r"paciente|pac|pte"

# --- dates ---------------------------------------------------------------------------------------------
# fragments the date rules here and in the typed-note modules compose
DAY = r"(?:0?[1-9]|[12]\d|3[01])"  # a day of the month, with or without its zero
MONTH = r"(?:0?[1-9]|1[0-2])"
DAY_MONTH = rf"{DAY}[/.-]{MONTH}"  # "11/9", "03.12", "4-5"
# one or two digits twice, not checked as a day and a month ("11/9", also "31/13")
DIGITS_DAY_MONTH = r"\d{1,2}[/.-]\d{1,2}"
# 03/03/1946, 19/05 /1981, 20/11//2014, 23-10-2016, 12.05.2004, 12/01/05, 23/010/1990
DATE_NUMERIC = re.compile(
    r"(?<![\w/.,-])(\d{1,2})\s?([/.-])\s?(\d{1,3})\s?[/.-]{1,2}\s?(\d{4}|\d{2})(?![\w/]|[.,]\d)"
)
# (an ISO 8601 timestamp "2025-04-09T08:15:00+02:00" is the date; its time stays out)
DATE_ISO = re.compile(r"(?<![\w/.-])(?:19|20)\d\d([/.-])\d{1,2}\1\d{1,2}(?:(?=T\d\d:\d\d)|(?![\w/]|\.\d))")
# 12 de marzo de 2011, marzo del 2001, febrero y abril de 2002, 6-abril-2004, diciembre-08, Junio 04, sep-04
DATE_MONTH = re.compile(
    rf"(?i)(?<![\w])(?:(?:el\s+)?(?:\d{{1,2}}\s+(?:al|a|y)\s+)?\d{{1,2}}(?:[ºª°]|er)?\s*(?:de\s+|d['’]|-|/|\.(?=[^\W\d_])|\s)\s*)?"
    rf"(?:{_MONTH}\.?(?:\s*(?:,|y)\s*{_MONTH}\.?)?)"
    rf"(?:\s*(?:de(?:l)?(?:\s+año)?|-|/|,)?\s*(?:(?:19|20)\d\d|[12]\.\d{{3}}|'?\d\d(?!\d)))?(?![\w])"
)
YEAR = re.compile(r"(?<![\w.,/-])(?:año\s+)?(?:19[0-9]{2}|20[0-4][0-9])(?![\w]|[.,]\d|\s?(?:mg|ml|g|kg|cc|ui|u|%|mm|cm|m)\b)", re.IGNORECASE)
DATE_CUE_MONTH_ONLY = re.compile(
    rf"(?i)\b(?:mes\s+de|en|desde|hasta|durante|finales\s+de|principios\s+de|mediados\s+de|"
    rf"(?:ingreso|alta|visita|consulta|cirug[ií]a|intervenci[oó]n)\s+de)\s+({_FULL_MONTH})\b"
)
_WEEKDAY = (
    r"(?:lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|dilluns|dimarts|dimecres|dijous|divendres|"
    r"dissabte|diumenge|diluns|dimars|dim[eè]rcles|dijaus|diuendres|dimenge|luns|m[eé]rcores|xoves|venres|astelehena|asteartea|asteazkena|osteguna|ostirala|larunbata|igandea)"
)
# 2-II-2023, 03-V-2021 (Roman month); "jueves 16", "sábado 11/11", "dijous 4 de maig"; Basque "2023ko maiatzaren 12a"
DATE_ROMAN = re.compile(r"(?<![\w/.-])\d{1,2}([-/.])(?:I{1,3}|IV|VI{0,3}|IX|XI{0,2})(?:\1(?:\d{4}|\d{2})(?![\w])|(?![\w/-]|\.\w))")
DATE_WEEKDAY = re.compile(
    rf"(?i)(?<![\w]){_WEEKDAY},?[ \t]+\d{{1,2}}(?:[-/.](?:\d{{1,2}}|[IVX]{{1,4}})(?:[-/.]\d{{2,4}})?|"
    rf"[ \t]+(?:de[ \t]+|d['’]){_MONTH}(?:[ \t]+de[ \t]+\d{{4}})?)?(?![\w])"
)
# a day and month without year after a cue: "para el 15/11", "día 3-4"
DATE_DAY_MONTH = re.compile(
    r"(?i)(?<![\w])(?:el|del|d[ií]a|fecha|hasta|desde|sábado|domingo|lunes|martes|miércoles|jueves|viernes)[ \t]+"
    rf"({DAY}[/-]{MONTH})(?![\w/]|[.,-]\d)"
)
DATE_BASQUE = re.compile(r"(?<![\w])(?:19|20)\d\de?ko[ \t]+[^\W\d_]+aren[ \t]+\d{1,2}(?:a|an)?(?![\w])")
# a Basque month in the genitive, then the day with its case ending: "martxoaren 19tik", "apirilaren 3an"
# a Basque year and month, no day: "2017ko ekainean" (in June 2017), "2019ko martxotik", "2020ko urria"
DATE_BASQUE_MONTH = re.compile(
    r"(?i)(?<![\w])(?:19|20)\d\de?ko[ \t]+(?:urtarril|otsail|martxo|apiril|maiatz|ekain|uztail|abuztu|irail|urri|azaro|abendu)"
    r"(?:a|an|ean|n|tik|etik|ra|era|ko|eko|ean)?(?![\w])"
)
DATE_BASQUE_DAY = re.compile(
    r"(?i)(?<![\w])(?:(?:19|20)\d\de?ko[ \t]+)?(?:urtarril|otsail|martxo|apiril|maiatz|ekain|uztail|abuztu|irail|urri|azaro|abendu)"
    r"aren[ \t]+(?:[1-9]|[12]\d|3[01])(?:[a-z]{1,5})?(?![\w])"
)
# an abbreviated weekday before a day and month: "Vie 15/03", "Sáb. 16/03/24", "mierc 6/3" (a heading of a visit's record)
DATE_SHORT_WEEKDAY = re.compile(
    r"(?<![\w])(?:(?:(?i:lun|mar|mi[eé](?:rc?)?|jue|vie|s[aá]b|dom)|(?-i:D[lmtcjvsg]))\.?|(?-i:d[ltcjvsg]\.)),?[ \t]+"
    rf"{DAY_MONTH}(?:[/.-](?:\d{{4}}|\d{{2}}))?(?![\w/]|[.,]\d)"
)
# a day and month after the last time something happened, or the last period's cue: "última deposició 8/2", "FUR
# 3/5" (not a dose: "última toma 1/2 comp")
DATE_LAST_EVENT = re.compile(
    r"(?i)(?<![\w])(?:(?-i:FUR|FUM|UR)[ \t]*:?|(?:[uú]ltim[ao]?|darrer[a]?)[ \t]+[^\W\d_]{4,}[ \t]*:?)[ \t]*"
    rf"({DAY}/{MONTH})(?![\w/]|[.,-]\d|[ \t]*(?:comp|cp|mg|ml|g|dosis|de)\b)")
# a night shift over two days: "turno de noche 21→22/01/25" (the first day is the same date's)
DATE_NIGHT = re.compile(rf"(?<![\w/.,-]){DAY}[ \t]*(?:→|->)[ \t]*{DAY_MONTH}[/.-](?:\d{{4}}|\d{{2}})(?![\w/])")
# a day of this month after "pasado"/"próximo": "el pasado día 14", "el proper dia 3" ("día 4 de estancia" is none)
DATE_NAMED_DAY = re.compile(r"(?i)(?<![\w])(?:pasado|pr[oó]ximo|passat|proper|vindeiro)[ \t]+(d[ií]a[ \t]+(?:[1-9]|[12]\d|3[01]))(?![\w/]|[.,-]\d)")
# a day and month written with two digits each, no year: "colocada 12/03", "data de canvi: 23/03"
# (a ratio or a score is rarely zero-padded; "20/20", "10/10", "12/12" or "15/16" is no day and month)
DATE_DAY_MONTH_PADDED = re.compile(r"(?<![\w/.,:+-])(?<!TA[ \t])(?<!PA[ \t])(?!(1\d)/\1)(?:0[1-9]|[12]\d|3[01])/(?:0[1-9]|1[0-2])(?![\w/]|[.,:]\d|[ \t]*(?:mm|cm|%|lpm|rpm|x))")

# a month and a year in digits: "caducado en 08/2023" (the month zero-padded or 10-12: "1/2000" is a dilution)
DATE_MONTH_YEAR = re.compile(r"(?<![\w/.,:+-])(?:0[1-9]|1[0-2])[/.-](?:19|20)\d\d(?![\w/]|[.,:]\d)")
# English dates in a tourist's or a foreign report: "Sat 12 July", "12th March 2024", "July 12, 2024", "May 2025"
_EN_MONTH = (r"(?:January|February|March|April|May|June|July|August|September|October|November|December|"
             r"Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)")
_EN_WEEKDAY = r"(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day|nesday|sday|urday|rsday)?"
DATE_ENGLISH = re.compile(
    rf"(?<![\w])(?:{_EN_WEEKDAY}\.?,?[ \t]+)?(?:(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?[ \t]+{_EN_MONTH}\.?(?:,?[ \t]+(?:19|20)\d\d)?"
    rf"|{_EN_MONTH}\.?[ \t]+(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?,?[ \t]+(?:19|20)\d\d)(?![\w])"
)

_WEEKDAY_WORD = r"(?:lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo)"
# a date written in words, as a court or a notary writes it: "veintidós de mayo de dos mil veinticinco"
_UNITS = r"(?:uno|un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)"
_DAY_WORD = (r"(?:primero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieciséis|"
             r"dieciseis|diecisiete|dieciocho|diecinueve|veinte|veintiuno|veintidós|veintidos|veintitrés|veintitres|"
             r"veinticuatro|veinticinco|veintiséis|veintiseis|veintisiete|veintiocho|veintinueve|treinta(?:\s+y\s+uno)?)")
_YEAR_WORDS = (r"(?:dos\s+mil|mil\s+novecientos)(?:\s+(?:(?:diez|once|doce|trece|catorce|quince|dieci\w+|veinte|veinti\w+|"
               rf"treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa)(?:\s+y\s+{_UNITS})?|{_UNITS}))?")
# a two-digit year spoken after "del": "del veinticinco", "del noventa y ocho"
_SHORT_YEAR_WORDS = (rf"(?:veinti\w+|veinte|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa)(?:\s+y\s+{_UNITS})?")
DATE_WORDS = re.compile(
    rf"(?i)(?<![\w]){_DAY_WORD}\s+de\s+{_FULL_MONTH}\s+(?:(?:de|del)\s+(?:año\s+)?{_YEAR_WORDS}|del\s+{_SHORT_YEAR_WORDS})(?![\w])"  # with its year: "Dos de Mayo" is a street
)
# without its year after "el" (lower case, so that the street "Dos de Mayo" stays): "desde el diecisiete de marzo"
DATE_WORDS_NO_YEAR = re.compile(rf"(?<=\bel )(?-i:{_DAY_WORD})\s+de\s+(?-i:{_FULL_MONTH})(?![\w])")
# a dictated numeric date: "el veintidós del uno", "el cuatro del tres del veinticinco" (day, month number, year)
_MONTH_NUMBER_WORD = r"(?:uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce)"
DATE_WORDS_NUMERIC = re.compile(
    rf"(?i)(?:(?<=\bel )|(?<=\bdía )|(?<=\bdia ))(?:{_WEEKDAY_WORD}\s+)?{_DAY_WORD}\s+del\s+{_MONTH_NUMBER_WORD}"
    rf"(?:\s+del?\s+(?:{_YEAR_WORDS}|{_SHORT_YEAR_WORDS}))?(?![\w])"
)
# a street dictated with its number in words: "calle uría número catorce tercero izquierda", "avenida de galicia
# número ciento dos bajo"
_NUMBER_WORD = (r"(?:uno|un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieci\w+|"
                r"veinte|veinti\w+|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento|doscientos)")
STREET_WORDS = re.compile(
    r"(?i)(?<![\w])(?:calle|avenida|plaza|paseo|ronda|camino|carretera|travesía|travesia|rúa|carrer)[ \t]+"
    r"(?:(?:de|del|de[ \t]+la|de[ \t]+los|de[ \t]+las)[ \t]+)?[^\W\d_]+(?:[ \t]+[^\W\d_]+){0,3}?[ \t]+(?:número|numero|nº)[ \t]+"
    rf"{_NUMBER_WORD}(?:[ \t]+(?:y[ \t]+)?{_NUMBER_WORD}){{0,2}}"
    r"(?:[ \t]+(?:bajo|entresuelo|ático|atico|primero|segundo|tercero|cuarto|quinto|sexto|séptimo|septimo|octavo|noveno|décimo|decimo)"
    r"(?:[ \t]+(?:izquierda|derecha|centro|interior|exterior|[a-h](?![\w])))?)?(?![\w])"
)
# GPS coordinates of a home (they locate the address): "42.9035 N, 7.9937 O", "42.91433, -8.01592",
# "42°58'16\"N 7°59'13\"W"; decimals need a hemisphere letter or four decimal places each
_HEMI = r"[NSEWO](?![\w])"
GPS = re.compile(
    rf"(?<![\w.,-])(?:[-−]?\d{{1,2}}\.\d{{3,7}}[ \t]*°?[ \t]*{_HEMI}[ \t]*[,;/]?[ \t]*[-−]?\d{{1,3}}\.\d{{3,7}}[ \t]*°?[ \t]*{_HEMI}"
    rf"|[-−]?\d{{1,2}}\.\d{{4,7}}[ \t]*,[ \t]*[-−]?\d{{1,3}}\.\d{{4,7}}(?![\w.]|,\d)"
    rf"|\d{{1,2}}°[ \t]*\d{{1,2}}['’′][ \t]*(?:\d{{1,2}}(?:[.,]\d+)?[\"”″][ \t]*)?{_HEMI}[ \t]*[,;/]?[ \t]*"
    rf"\d{{1,3}}°[ \t]*\d{{1,2}}['’′][ \t]*(?:\d{{1,2}}(?:[.,]\d+)?[\"”″][ \t]*)?{_HEMI})"
)
# a weekday and a day in words, as dictated: "el lunes veintisiete"
DATE_WEEKDAY_WORDS = re.compile(rf"(?i)(?<![\w]){_WEEKDAY_WORD}\s+{_DAY_WORD}(?![\w])(?!\s+(?:de\s+)?(?:d[ií]as|semanas|meses|horas|veces))")
# a phone number spelled out digit by digit, as a caller dictates it: "seis cuatro seis, dos uno ocho, nueve cero tres"
_DIGIT_WORD = r"(?:cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)"
PHONE_WORDS = re.compile(rf"(?i)(?<![\w]){_DIGIT_WORD}(?:[ \t]*[,-]?[ \t]+{_DIGIT_WORD}){{8,14}}(?![\w])")
# a DNI's or a NIE's check letter as dictated: "ese", "equis", "jota" (DNI letters have no I, O, U or Ñ)
_ID_LETTER_WORD = (r"(?:a|be|ce|de|e|efe|ge|hache|jota|ka|ele|eme|ene|pe|cu|erre|ese|te|uve|uve[ \t]+doble|equis|"
                   r"i[ \t]+griega|ye|zeta|zeda)")
# a record number dictated digit by digit after its key: "número de historia tres cuatro cinco seis siete ocho",
# "episodio ocho cero cero dos uno siete siete", "colegiado tres tres cero nueve ocho siete uno"
ID_WORDS = re.compile(
    rf"(?i)(?<![\w])(?P<cue>(?:n[uú]mero[ \t]+de[ \t]+)?historia(?:[ \t]+cl[ií]nica)?|nhc|episodio|colegiad[oa]|"
    rf"n[uú]mero[ \t]+de[ \t]+colegiad[oa]|dni|nie|documento[ \t]+nacional[ \t]+de[ \t]+identidad|pasaporte|tarjeta[ \t]+sanitaria|cip|nuss|"
    rf"afiliaci[oó]n)(?:[ \t]+(?:n[uú]mero|n[ºo°]))?[ \t]*:?[ \t]+(?P<code>{_DIGIT_WORD}(?:[ \t]*[,-]?[ \t]+{_DIGIT_WORD}){{4,14}}"
    rf"(?:[ \t]+{_ID_LETTER_WORD}(?=[ \t]*(?:$|[.,;]|punto|coma|y[ \t]|\n)))?)(?![\w])"
)

# --- contacts ------------------------------------------------------------------------------------------
EMAIL = re.compile(r"[\w.+-]*\w@[\w-]+(?:\.[\w-]+)+", re.UNICODE)
URL = re.compile(r"(?i)\b(?:https?://|www\.)[^\s<>\"']+[^\s<>\"'.,;:)\]]")
MAC = re.compile(r"(?<![\w:-])[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}(?![\w:-])")
# IPv6: 3+ colons and a hex letter or "::" (so a time "10:30:45" is not one)
IPV6 = re.compile(r"(?<![\w:.])(?=[0-9A-Fa-f:]*(?:[A-Fa-f]|::))[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){3,7}(?![\w:])")
# a bare domain with a usual TLD, and its path: intranet.sergas.es/hc?id=3
URL_BARE = re.compile(
    r"(?i)(?<![@\w.-])(?<!@ )(?:[a-z0-9-]+\.)+(?:es|com|org|net|cat|gal|eus|eu|info|edu|gob)(?![\w@-])(?:/[^\s<>\"']*[^\s<>\"'.,;:)\]])?"
)
# a phone with a country code, any grouping: +34 6 12 34 56 78, 0034-91-123-45-67, +34 (91) 1234567, +44 20 7946 0958
PHONE_INTL = re.compile(r"(?<![\w+])\(?(?:\+|00)\s?\d{1,3}\)?(?:[\s.-]?\(?\d{1,5}\)?){2,7}(?![\w])")
IPV4 = re.compile(r"(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?!\d|\.\d)")
PHONE_CUE = re.compile(
    r"(?i)\b(?:tel[eé]fonos?|tel[eé]f|telfs?|tfnos?|tlfnos?|tlfs?|tels?|(?<!uvi\s)(?<!uci\s)(?<!unidad\s)m[oó]vil|"
    r"tel\.?\s*y\s*fax|fax)\b\.?\s*:?\s*"  # ("UVI móvil 112 2210 LMZ" is an ambulance, not a phone)
)
# "Móvil de la paciente: 6 11 72 40 09" — a phone cue, up to four words, a colon
PHONE_CUE_WORDS = re.compile(
    r"(?i)\b(?:tel[eé]fonos?|tel[eé]f|telfs?|tfnos?|tlfnos?|tlfs?|tels?|m[oó]vil|fax)\b\.?(?:[ \t]+[^\W\d_]+\.?){1,4}[ \t]*:[ \t]*"
)
PHONE_ANY_GROUPING = re.compile(r"(?<![\w+.,/-])[6789](?:[ .-]?\d){8}(?![\w]|[.,/-]\d)")
PHONE_NUMBER = re.compile(r"\+?\s?\(?\d[\d\s().-]{5,}\d(?:\s*ext\.?\s*\d+)?")
# a Spanish number on its own: 9 digits starting 6-9, optional +34/0034, groups of 2-3
PHONE_SHAPE = re.compile(
    r"(?<![\w+.,/-])(?:(?:\+|00)\s?34[\s.-]?)?[6789]\d{1,2}(?:[\s.-]?\d{2,3}){2,3}(?![\w.,/-]*\d)"
)

# --- identifiers ---------------------------------------------------------------------------------------
# 12345678-Z, 12.345.678-Z, 12 345 678 Z; NIE X1234567L, X-1234567-L, Y 1234567 Z
DNI = re.compile(r"(?<![\w.-])(?:\d{8}|\d{1,2}[.\s]\d{3}[.\s]\d{3})\s?-?\s?[A-HJ-NP-TV-Z](?![\w])")
NIE = re.compile(r"(?<![\w-])[XYZ][\s-]?\d{7}[\s-]?[A-HJ-NP-TV-Z](?![\w])")
NASS = re.compile(r"(?<![\w-])\d{2}[\s/-]?\d{8}[\s/-]?\d{2}(?![\w])")
COLLEGIATE = re.compile(r"(?<![\w-])\d{2}[\s-]\d{2}[\s-]\d{5}(?![\w])")
# alphanumeric codes: VIN, serials, record codes, passports, CIP/TSI (QA519WSP792, VIPU0230515003, ZK3859201)
ALNUM_CODE = re.compile(r"(?<![\w-])(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]+(?:-[A-Z0-9]+){0,4}(?![\w-])")
# plates: 4512 KJT, 7520IYQ, 4512-KJT (new); M-1234-AB, GR 1234 B, M1234AB (old)
PLATE_NEW = re.compile(r"(?<![\w-])\d{4}([ -]?)[A-Z]{3}(?![\w-])")
# a trailer's (R) or a special vehicle's (E) plate: "remolque R-3310-BBF"
PLATE_TRAILER = re.compile(r"(?<![\w-])[RE]-?\d{4}-?[B-DF-HJ-NP-TV-Z]{3}(?![\w-])")
# a file number with a year between slashes, after an optional agency acronym: "SEPAD 10/2019/004471", "AUT/24/118372"
SLASHED_FILE_NUMBER = re.compile(
    r"(?<![\w/.-])(?:(?-i:[A-Z]{2,8})(?:[ -]|(?=/)))?(?:\d{1,4}/(?:19|20)\d\d/\d{4,8}|/\d{2}/\d{4,8}|(?<![\w/.-])(?:19|20)\d\d/\d{5,8})(?![\w/]|[.,]\d)"
)
# a French plate (SIV, since 2009): "GD-418-PM"
PLATE_FRENCH = re.compile(r"(?<![\w-])[A-HJ-NP-TV-Z]{2}-\d{3}-[A-HJ-NP-TV-Z]{2}(?![\w-])")
# an ISBT 128 blood donation number as printed under the bar code: facility, year, serial, flag ("W1516 25 047391 U")
ISBT_DONATION = re.compile(r"(?<![\w-])[A-Z]\d{4}[ \t]?\d{2}[ \t]?\d{6}(?:[ \t][A-Z0-9]{1,2})?(?![\w-])")
# a social network handle ("@lu.gracia_03"), not an e-mail's domain
SOCIAL_HANDLE = re.compile(r"(?<![\w.@/])@[A-Za-z0-9_](?:[A-Za-z0-9_.]*[A-Za-z0-9_]){2,}(?![\w@])")
# the last four digits of a payment card: "tarjeta VISA terminada en 4417"
CARD_END = re.compile(r"(?i)(?:tarjeta|visa|mastercard|amex|targeta)\b[^\n.]{0,25}?(?:terminada|acabada|finalizada|acabat)\s+en\s+(\d{4})(?!\d)")
# a court's or an agency's proceeding number on its heading line: "Procedimiento: INTERNAMIENTO URGENTE 412/2025"
PROCEEDING_NUMBER = re.compile(
    r"(?im)^[ \t]*(?:procedimiento|autos|recurso|rollo|ejecutoria|expediente|diligencias)\b[^\n]{0,80}?"
    r"(?<![\w/.-])(\d{1,6}/(?:19|20)\d\d)(?![\w/]|[.,]\d)"
)
PLATE_OLD = re.compile(r"(?<![\w-])[A-Z]{1,2}([ -])\d{4}\1[A-Z]{1,2}(?![\w-])")
# a code after its cue, any shape with a digit: "nº de serie: PJN-123456-s", "matrícula 4512 KJT", "pasaporte ZK3859201"
CODE_CUE = re.compile(
    r"(?i)(?<![\w])(?P<cue>matr[ií]cula|placa|bastidor|(?-i:VIN)|n[uú]mero\s+de\s+serie|n\.?[ºo°]\.?\s*(?:de\s+)?serie|serie\s+n[ºo°]|"
    r"(?-i:S/N|SN|IMEI|CIPA|CIPNA|CIP|TSI|SIP|NUHSA|NUSS|NASS|NSS|TIS)|(?<![\w/])n/s(?![\w/])|pasaporte|passport|CIP\s+auton[oó]mico|tarjeta\s+(?:sanitaria|individual)(?:\s+individual)?|"
    r"p[oó]liza|c[oó]digo\s+de\s+(?:registro|paciente|identificaci[oó]n|empleado|autorizaci[oó]n)|(?:n[ºo°]|n[uú]m\.?|n[uú]mero)\s*(?:de\s+)?(?:socio|asegurado|afiliado|beneficiario)|expediente|nombre\s+de\s+(?:red|equipo)|"
    r"hostname|aviso|incid[eè]ncia|incidente|n[ºo°]\s+de\s+caso|episodio|episodi|(?-i:TIP)|pulsera(?:\s+identificativa)?|"
    r"(?:n[uú]m\.?\s*|n[ºo°]\.?\s*)?(?:col\.|col(?=[ \t]+\d)|colegiad[oa]|col·legia(?:t|da|do)|col·l\.?|colexiad[oa]|colegiatu)|elkargokide(?:[ \t]+zk)?|"
    r"(?:n[uú]m(?:ero)?\.?|n[ºo°]\.?)\s*(?:de\s+|d['’])?(?:emplead[oa]|empleat|treballador[a]?|tarjeta|targeta|autoritzaci[oó]|"
    r"autorizaci[oó]n|volante)|"
    r"(?:n[ºo°]|n[uú]mero)\s*(?:de\s+)?(?:registro(?:\s+de\s+(?:entrada|salida))?|expediente|petici[oó]n|muestra|referencia|caso)|"
    r"diligencias(?:\s+previas)?|atestado|sumario|(?-i:MUFACE|ISFAS|MUGEJU)|"
    # a staff or operator number ("n.º pers. 40217", "operadora OP-117", "usuario ADMCE07"), an entry register, an
    # invoice's, budget's or contract's number, a short record number after "H.ª clínica"
    r"n\.?[ºo°]\.?\s*(?:de\s+)?pers(?:onal)?\.?|n\.?[ºo°]\.?\s*mec\.?|operador[a]?|usuari[oa]|registro\s+de\s+(?:entrada|salida)|factura|presupuesto|"
    r"contrato|H\.?ª\s*cl[ií]nica|"
    # a record number without a colon ("NHC 3.114.872", "HISTORIA Nº O-4127"), a crew member's number after the
    # role's acronym ("TES nº 1187")
    # a British patient's NHS number; a Catalan file ("Expedient residencial:"); a vehicle's plate after the word
    r"(?-i:NHS)(?:\s+(?:number|no\.?|n[ºo°]))?|expedient(?:\s+(?-i:[a-zàèéíòóúç]+))?(?=\s*:)|"
    r"veh[ií]culo(?:\s+(?:oficial|policial|sanitario|particular|propio|de\s+(?:traslado|custodia|escolta)))?(?=\s+(?-i:[A-Z0-9]))|"
    r"(?-i:NHC|N\.H\.C\.)|historia(?:\s+cl[ií]nica)?(?=\s*n[ºo°])|(?-i:TES|TCAE|TCAI|DUE|TTS)(?=\s*n[ºo°]))"
    r"(?![^\W\d_])(?:\s+(?-i:[A-Z][A-Za-z]{1,7})(?=\s*(?:n[ºo°]|n[uú]m|:)))?(?:\s+del?\s+(?:la\s+)?(?:dispositivo|implante|generador|veh[ií]culo|paciente|tarjeta|moto|motocicleta|coche|turismo|cami[oó]n|remolque|furgoneta))?"
    r"(?:\s*(?:(?:co|con|amb|with)\s+(?:el\s+|o\s+)?)?(?:n\.?[ºo°]|n[uú]m(?:ero)?)\.?)?\s*(?:[:.]|[ \t]*[._…]{3,}[ \t]*:?)?\s*(?P<code>(?=[\w/. -]{0,8}\d)[A-Za-z0-9](?:[A-Za-z0-9]|[/.-](?=[A-Za-z0-9])|[ \t](?=(?-i:[A-Z0-9]{2,})\b)){3,30})"
)
# digit groups joined by hyphens: "061-23-771904" (8+ digits; a 9-digit phone is left to the phone rules)
DIGIT_CODE = re.compile(r"(?<![\w/.,-])\d{2,6}(?:-\d{1,8}){1,3}(?![\w/-]|[.,]\d)")
LONG_DIGITS = re.compile(r"(?<![\w.,/-])\d{6,}(?:[/-]\d{1,3})?(?![\w]|[.,]\d)")
# group 1 is the span: "E-28046" keeps its prefix (as MEDDOCAN annotates it), "CP 28046" does not
POSTAL_CODE = re.compile(r"(?<![\w.,/-])(?:CP:?\s*)?((?:E[- ])?(?:0[1-9]|[1-4]\d|5[0-2])\d{3})(?![\w]|[.,]\d)")

# --- people --------------------------------------------------------------------------------------------
HONORIFIC = re.compile(
    r"(?<![\w])(?:(?:Dr|Dra|Drs|Dres|Doctor|Doctora|doctor|doctora|Prof|Profa|Profesor|Profesora|dr|dra|DR|DRA)\.?(?:\s*D(?:ª|ña|\.ª)?\.)?|"
    r"(?:Enf|enf|Enfª|enfª|Ldo|Lda|Lcdo|Lcda)\.|"
    r"(?:Sr|Sra|Srta|Sres|D|Dña|Dna|sr|sra|srta|dña|SR|SRA|DÑA|DNA)\.|Dª\.?|Doña|doña|Don|don|DOÑA|(?:Mr|Mrs|Ms|Mme|Mlle|Mmes)\b\.?)\s*(?=[A-ZÁÉÍÓÚÑ])"
)
STAFF_HONORIFIC = re.compile(r"(?i)^(?:dr|dra|drs|dres|doctor|doctora|prof|profa|profesor|profesora|enf|ldo|lda|lcdo|lcda)")

# then the same units in Catalan, Galician and Basque ("67 anys", "8 anos", "45 urte")
AGE_UNIT = (r"(?:años|año|meses|mes|semanas|semana|días|día|dias|dia"
            r"|anys|any|anos|ano|mesos|setmanes|setmana|dies|urte|hilabete)")
_NUM_WORDS = (
    "un", "una", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce",
    "trece", "catorce", "quince", "dieciséis", "dieciseis", "diecisiete", "dieciocho", "diecinueve", "veinte",
    "veintiún", "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis",
    "veintisiete", "veintiocho", "veintinueve", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta",
    "ochenta", "noventa", "cien",
)
_NUM = r"(?:\d{1,3}(?:[.,]\d)?|(?:" + "|".join(sorted(_NUM_WORDS, key=len, reverse=True)) + r")(?:\s+y\s+(?:un|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve))?)"
AGE = re.compile(rf"(?i)(?<![\w.,])({_NUM})\s*{AGE_UNIT}(?:\s+y\s+(?:medio|{_NUM}\s*{AGE_UNIT}))?(?![\w])")
# what makes an age the patient's: "Varón de 36 años", "paciente de 27 años", "edad 38 años", "36 años de edad"
AGE_BEFORE = re.compile(
    r"(?i)(?:var[oó]n|mujer|hombre|ni[ñn][oa]|lactante|neonato|reci[eé]n\s+nacid[oa]|adolescente|joven|chic[oa]|"
    r"paciente|enferm[oa]|se[ñn]ora?|anciano|anciana|masculino|femenino|sexo\s+\w+|edad|caso|gestante|embarazada|"
    r"primigesta|multípara|nuligesta|nulípara|bebé|escolar|preescolar|individuo|persona|casad[oa]|solter[oa]|"
    r"natural\s+de\s+\w+|raza\s+\w+|cauc[aá]sic[oa]|de\s+origen\s+\w+|"
    r"pacient|malalt|malalta|nen|nena|dona|home|edat|doente|neno|muller|idade|paziente|gaixoa|emakumea|gizona|adina)"
    r"[\s,]*(?:\w+[\s,]+){0,3}?(?:de|con|edad|tiene|contaba|ten[ií]a|\()?\s*$"
)
AGE_AFTER = re.compile(r"(?i)^\s*(?:de\s+edad|de\s+vida|,?\s+(?:que|sin|con|diagnosticad|remitid|ingresad|afect))")

SEX_WORDS = re.compile(
    r"(?i)(?<![\w])(var[oó]n|mujer|hombre|ni[ñn]a|ni[ñn]o|lactante|reci[eé]n\s+nacid[oa]|neonato|"
    r"adolescente|paciente\s+(?:masculino|femenino|var[oó]n|mujer)|masculino|femenino|chic[oa]|beb[eé]|anciana?o?)(?![\w])"
)
# the sex word must be the subject of the case sentence: "Varón de 36 años", "paciente varón de", "Mujer, 27 años"
SEX_AFTER = re.compile(rf"(?i)^\s*(?:[,;]\s*)?(?:\w+\s+){{0,2}}?(?:de|con)?\s*{_NUM}\s*{AGE_UNIT}")
SEX_BEFORE_CASE_START = re.compile(r"(?i)(?:^|:\s*|\.\s+)(?:se\s+trata\s+de\s+)?(?:una?\s+|el\s+|la\s+)?(?:paciente\s+)?$")

KINSHIP_CORE = (
    "padre", "madre", "padres", "hermano", "hermana", "hermanos", "hermanas", "hijo", "hija", "hijos", "hijas",
    "marido", "esposo", "esposa", "mujer", "abuelo", "abuela", "abuelos", "abuelas", "tío", "tía", "tíos", "tías",
    "primo", "prima", "primos", "primas", "sobrino", "sobrina", "sobrinos", "nieto", "nieta", "nietos", "nietas",
    "familia", "familiares", "pareja", "cónyuge", "conyuge", "suegro", "suegra", "cuñado", "cuñada", "yerno", "nuera",
    "padrastro", "madrastra", "gemelo", "gemela", "gemelos", "mellizo", "melliza", "progenitor", "progenitora",
    "progenitores", "paterno", "materno", "paterna", "materna", "hermanastro", "hermanastra", "bisabuelo", "bisabuela",
)
# Catalan, Galician and Basque kinship words that are no Spanish word ("pare", "mare", "dona", "home", "nai"
# are left out: they are also Spanish or common words)
KINSHIP_CO_OFFICIAL = (
    "fill", "filla", "fills", "filles", "germà", "germana", "germans", "germanes", "marit", "nebot", "neboda", "avi",
    "àvia", "avis", "néta", "nét", "gendre", "cunyat", "cunyada", "sogre", "cosí", "cosina",
    "fillo", "fillos", "fillas", "irmán", "irmá", "irmáns", "irmás", "avoa", "avó", "xenro", "sobriño", "sobriña",
    "curmán", "curmá", "cuñada", "home", "muller",
    "alaba", "semea", "aita", "anaia", "ahizpa", "arreba", "neba", "senarra", "emaztea", "amona", "aitona", "biloba",
    "ezkontidea",
)
# Basque kinship words with a case ending: "Emazteak (Nerea) lagundu dio" (ergative), "alabari" (dative)
KINSHIP_BASQUE_CASES = tuple(
    stem + end for stem in ("emaztea", "senarra", "alaba", "semea", "aita", "anaia", "ahizpa", "arreba", "amona", "aitona", "biloba")
    for end in ("k", "ri", "ren", "rekin")
)
KINSHIP_CO_OFFICIAL += KINSHIP_BASQUE_CASES
# round 24: the kinship words of the languages a mediated or a migrant's note quotes: English (not "son", a Spanish
# verb) and Moroccan Darija in Latin letters ("rajli Rachid": my husband; "khti Naima": my sister)
KINSHIP_CO_OFFICIAL += ("wife", "husband", "brother", "sister", "daughter", "mother", "father", "grandmother", "grandfather",
                        "rajli", "mrati", "khti", "khoya", "weldi", "benti", "ukhti")
KINSHIP_FOLDED = frozenset(fold(w) for w in KINSHIP_CORE)
KINSHIP_CO_FOLDED = frozenset(fold(w) for w in KINSHIP_CO_OFFICIAL if w not in ("home", "muller", "cuñada"))
KINSHIP_EXCLUDE_BEFORE = re.compile(r"(?i)(?:(?:m[eé]dic[oa]|metge(?:ssa)?|medicina|enfermer[oa]|atenci[oó]n|consulta)\s+de|antecedentes|historia|[aá]mbito|entorno|apoyo|medio|ambiente|v[ií]a|herencia|car[aá]cter|agregaci[oó]n)\s+$")
KINSHIP_QUALIFIER = re.compile(
    r"(?i)(?:\s+(?:menor|mayor|menores|mayores|materna|paterno|materno|paterna|maternos|paternos|mediano|mediana|"
    r"pequeñ[oa]|gemel[oa]s?|primer[oa]?|segund[oa]|var[oó]n|varones|mujer|hermanos?|hermanas?|carnal|político|política|"
    r"biol[oó]gic[oa]s?|afect[oa]s?|sano|sana|sanos|sanas))+(?![\w])"
)

# "a los 34 años" is the patient's age unless a reference point follows ("a los dos años de la cirugía")
AGE_AT = re.compile(rf"(?i)(?<![\w])(?:a|desde|hasta)\s+los\s+({_NUM}\s*años)(?!\s+(?:de\s+(?:la|el|los|las|su|un|una|evoluci|tratamiento|seguimiento|iniciad|comenzad)|del\b|tras|despu[eé]s|posteriores))")
AGE_DURATION_BEFORE = re.compile(
    r"(?i)(?:durante|hace|tras|cada|[uú]ltimos|periodo\s+de|per[ií]odo\s+de|plazo\s+de|cabo\s+de|despu[eé]s\s+de|antes\s+de|"
    r"alta\s+a\s+los|control\s+a\s+los|evoluci[oó]n\s+de|desde\s+hace|por|en|los|las|unos|unas|de\s+los|hasta|a\s+los|completar|"
    r"m[aá]s\s+de|menos\s+de|casi|aproximadamente|dosis\s+de)\s+$"
)
SEX_DETERMINED = re.compile(r"(?i)(?<![\w])(?:el|la|del|al|un|una|esta|este|nuestr[oa])\s+(niñ[oa]|mujer|var[oó]n|hombre|lactante|adolescente)(?![\w])")
SEX_ADJECTIVE = re.compile(r"(?i)(?<![\w])(?:paciente|sexo|lactante|estudiante|neonato|reci[eé]n\s+nacid[oa]|persona)\s+(femenin[oa]|masculin[oa]|anciana?o?)(?![\w])")
SEX_CASE_START = re.compile(
    r"(?im)(?:paciente|actual|ingreso|historia\s+del\s+paciente|informe\s+cl[ií]nico):\s*(?:se\s+trata\s+de\s+)?(?:una?\s+)?"
    r"(niñ[oa]|mujer|var[oó]n|hombre|reci[eé]n\s+nacid[oa])(?![\w])"
)
KINSHIP_COUNT_BEFORE = re.compile(rf"(?i)(?:^|\s)((?:{_NUM}|un|una|unos|unas|sus|su)\s+)$")
# short forms: "63 a.", "(63a)", and an age in parentheses right after a name: "Outeiral Rivas (63 años)"
# a typed note's sex word, then the age in short: "pte varón 82a,", "mujer 75 a.", "Varón, 82 años" (no "de")
SEX_THEN_SHORT_AGE = re.compile(
    r"(?i)(?<![\w])(var[oó]n|mujer|hombre|ni[ñn][oa])[ \t]*,?[ \t]+(\d{1,3}(?:a(?![\w.])|[ \t]?a\.(?![\w])|[ \t]?años(?![\w])))"
)
AGE_SHORT = re.compile(r"(?<![\w.,])(?<!\d:)(\d{1,3}[ \t]a\.)(?=[\s),;:·]|$)")  # not the ordinal "4a."
AGE_IN_PARENS = re.compile(
    rf"(?-i:[A-ZÁÉÍÓÚÑ][^\W\d_]*)[ \t]*\([ \t]*(\d{{1,3}}[ \t]?(?:años|a\.?|meses|m\.|semanas|días)|\d{1,3}a)(?=[ \t]*[),;])"
)
# "Nerea, de 45 años" / "Ramón, 63 años": an age right after a name and a comma
# "DNI: 12345678Z, de 67 años", "NHC 1234567, de 8 años": an identifier (five digits or more), a comma, "de"
AGE_AFTER_ID = re.compile(r"(?i)(?:DNI|NIE|NIF|NHC|NUHSA|CIP|TSI|SIP|NASS|historia(?:\s+cl[ií]nica)?)\W{0,3}[\w./-]*\d{5}[\w./-]*[ \t]*,[ \t]*de[ \t]+$")
AGE_AFTER_NAME = re.compile(r"(?-i:([A-ZÁÉÍÓÚÑ][^\W\d_]+))[ \t]*,[ \t]*(?:de[ \t]+|con[ \t]+|amb[ \t]+|cun[ \t]+)?$")
# years in Spanish, Catalan, Galician and Basque ("Jordi Puig, de 58 anys")
YEARS_UNIT = re.compile(r"(?i)(?<![\w])(?:años|anys|anos|urte)(?![\w])")
# an age as one item of a list or table row: "· 74 años ·", "| 61a |", ", 56 urte,", "- 73 AÑOS -", "70 años." at a line start
AGE_ITEM = re.compile(
    r"(?m)(?:^|[·|,;–]|\s-)[ \t]*(\d{1,3}[ \t]?(?:años|AÑOS|anys|urte|a\.|a))(?![\w])(?=\.?[ \t]*(?:[·|,;–]|-\s|$)|\.\s)"
)
