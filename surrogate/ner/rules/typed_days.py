"""Dates as a note typed fast writes them with a relative day, a weekday or a session's number, and no year.

``ayer 14/2``, ``onte 16/3``, ``ahir 24/2``, ``proxima 8/5``: a day and month right after a word that says which day
(yesterday, today, tomorrow, next, last; in Spanish, Galician, Catalan and Basque) is a date, the word stays outside;
``el jueves``, ``para el miercoles``, ``o martes``, ``el dijous``: a weekday in lower case after a singular article is
a day of the calendar (``los lunes`` recurs, no date); ``s4 24/2 nacho:``: the day after a session's number at a
log line's start, before the writer's name and a colon; ``7/3 fin ertapenem``: a day and month opening a line of a
log whose other lines open with dates too. A dose or a ratio (``ayer 1/2 comp``, ``ayer 3/4 partes``) is none.

``prox ciclo 26/3``, ``cita 14/5``, ``sig revision el 3/6``: a day and month after an appointment's word or after
``prox``/``sig`` and one word; ``analitica previa el 25.``, ``cita el 3,``: a bare day after an appointment's word
and ``el``, closing its phrase.

``alta aprox 21/2``, ``control 6/6 aprox``: a day and month beside ``aprox`` (an estimated day), after an appointment's
word too. ``xov 6/3``, ``ven 7/3``: a Galician weekday's short form before a day and month. ``del dom``, ``vie tarde``:
a weekday's short form after ``el``/``del``/``al`` or before a part of the day (never ``mar``, the sea). ``quinta
3/4``, ``dc 2/4``: a Portuguese weekday or a Catalan weekday's short form before a day and month. ``ese mismo
martes``: a weekday after a demonstrative or ``mismo``. ``ecocardio 5/3:``, ``holter 12/2,``: a day and month after a
test's name, closing its phrase (``ecg 1/2 derivaciones`` is none). ``…, divendres``:
a weekday alone between a comma or a line's start and the clause's end. ``seria agost``: a Catalan or Galician month
that is no Spanish word, alone. ``ult nov 7,9``, ``desde feb``: a month's short form after ``ult``/``última`` or a
preposition (``en``, ``desde``, ``hasta``; never before ``mar``, ``may``).

A year dictated in words after ``en``, ``desde``, ``hasta`` or ``año`` (``uveitis en dos mil veintidos``, ``desde mil
novecientos noventa y ocho``) is a date; a count (``dos mil unidades``, ``dos mil quinientos``) is none. Round 25:
after ``antes``/``después``/``entre`` too, and the second year of a range (``dos mil diez a dos mil catorce``); a
Catalan weekday's short form and a bare day closing a range (``-> dg 22``); French dates (``1er janvier 2005``,
``octobre 2022``); an English ordinal day after a preposition (``on the 8th``; not ``the 8th rib``).
"""
from __future__ import annotations

import re

from .common import PATTERN, Candidate
from .patterns import _DAY_WORD, DAY, MONTH

_DATE = "FECHAS"
_DAY_MONTH = rf"{DAY}[/-]{MONTH}"  # patterns.DAY_MONTH without the dot ("3.5" is a number here)
_DAY_MONTH_YEAR = rf"{_DAY_MONTH}(?:[/-](?:\d{{4}}|\d{{2}}))?"  # and perhaps a year: "14/2", "14/2/25"
# a unit, a dose or a fraction's tail after a number: not a date
_NOT_AFTER = r"(?![\w/]|[.,-]\d|[ \t]*(?:comp|cp|tab|caps?|amp|sob|sobres?|gotas|ui|u|mg|ml|g|dosis|de|partes|veces|x|%|mm|cm|lpm|rpm|d[ií]as|semanas|horas|h)(?![\w]))"
_RELATIVE = (r"ayer|anteayer|hoy|mañana|manana|pasado[ \t]+mañana|pasado[ \t]+manana|pr[oó]xim[ao]|"
             r"onte|antonte|hoxe|mañá|mana|ahir|abans[ \t]+d['’]ahir|avui|dem[aà]|atzo|gaur|bihar")
_RELATIVE_DAY = re.compile(rf"(?i)(?<![\w])(?:{_RELATIVE})[ \t]+(?:(?:el|dia|día|o)[ \t]+)?(?P<d>{_DAY_MONTH_YEAR}){_NOT_AFTER}")
_WEEKDAYS = (r"lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|"
             r"luns|m[eé]rcores|xoves|venres|"
             r"dilluns|dimarts|dimecres|dijous|divendres|dissabte|diumenge")
# a weekday in lower case after a singular article or "para el", not "los lunes"
_ARTICLE_WEEKDAY = re.compile(rf"(?<![\w])(?i:el|del|al|o|do|ao|este|ese|aquel|mismo|aquest|pr[oó]ximo|proper|vindeiro|pasado)[ \t]+(?P<d>(?-i:{_WEEKDAYS}))(?![\w])"
                              r"(?![ \t]+(?:\d|de[ \t]+\w+[ \t]+de|que[ \t]+viene|(?:un[oa]?|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|veinte|treinta)(?![\w])))")
# "s4 24/2 nacho:", "ses 3 - 12/5 ana:", "v2 3/3 dr ruiz:" (a session or a visit's number, then the day)
_SESSION_DAY = re.compile(rf"(?mi)^[ \t]*(?:s|ses|sesi[oó]n|v|visita)\.?[ \t]*\d{{1,2}}[ \t]*[-–:]?[ \t]+(?P<d>{_DAY_MONTH}){_NOT_AFTER}"
                          r"(?=[ \t]+[^\W\d_][^\n:]{0,30}:)")
# a line opening with a day and month (and perhaps a year), as a dated log's lines do
_LINE_DATE = re.compile(rf"(?m)^[ \t]*(?:[^\W\d_]{{3}}\.?[ \t]+)?(?P<d>{_DAY_MONTH_YEAR}){_NOT_AFTER}")
_YEAR_TAIL = (r"(?:diez|once|doce|trece|catorce|quince|dieci(?:s[eé]is|siete|ocho|nueve)|veinte|veinti(?:uno|d[oó]s|tr[eé]s|cuatro|"
              r"cinco|s[eé]is|siete|ocho|nueve)|(?:treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa)"
              r"(?:[ \t]+y[ \t]+(?:uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve))?|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)")
_SPOKEN_YEAR = re.compile(rf"(?i)(?<![\w])(?:en|desde|hasta|del?[ \t]+año|año|el[ \t]+año|antes(?:[ \t]+de)?|despu[eé]s(?:[ \t]+de)?|entre)[ \t]+(?P<d>(?:dos[ \t]+mil|mil[ \t]+novecientos)"
                          rf"[ \t]+{_YEAR_TAIL})(?![\w])(?![ \t]+(?:mg|ml|g|ui|unidades|euros|€|personas|pacientes|casos|metros|kil\w*|gramos))")
# what is booked for a day: an appointment, a session, a test
_EVENT = (r"cita|ciclo|control|revisi[oó]n|visita|consulta|sesi[oó]n|ingreso|alta|anal[ií]tica|extracci[oó]n|cura|"
          r"intervenci[oó]n|cirug[ií]a|prueba|eco|ecograf[ií]a|tac|rmn|quimio|infusi[oó]n|vacuna|retirada|recogida")
# a test's name, then a day and month closing its phrase: "ecocardio 5/3: FEVE 40%", "holter 12/2, sin pausas"
_TESTS = (r"ecocardio|ecocardiograma|ecocardiograf[ií]a|ecg|ekg|holter|ergometr[ií]a|espirometr[ií]a|densitometr[ií]a|"
          r"mamograf[ií]a|colonoscopia|gastroscopia|endoscopia|biopsia|cateterismo|coronariograf[ií]a|hemocultivos?|urocultivo|"
          r"rx|radiograf[ií]a|tc|rm|pet|eeg|emg|ett|ete")
_TEST_DAY = re.compile(rf"(?i)(?<![\w])(?:{_TESTS})[ \t]+(?:(?:del?|el|d[ií]a)[ \t]+)?(?P<d>{_DAY_MONTH_YEAR})(?=[ \t]*(?:[:;,)]|\.(?!\d)|$))", re.MULTILINE)
_EVENT_DAY = re.compile(rf"(?i)(?<![\w])(?:(?:{_EVENT})|(?:pr[oó]x|sig)\.?[ \t]+[^\W\d_]{{3,14}})[ \t]+(?:aprox\.?[ \t]+)?(?:(?:el|d[ií]a|para[ \t]+el)[ \t]+)?"
                        rf"(?P<d>{_DAY_MONTH_YEAR}){_NOT_AFTER}")
_EVENT_BARE_DAY = re.compile(rf"(?i)(?<![\w])(?:{_EVENT})(?:[ \t]+[^\W\d_]{{3,12}})?[ \t]+(?:el|para[ \t]+el)[ \t]+"
                             rf"(?P<d>{DAY})(?=[ \t]*(?:[.,;)]|$)|[ \t]+y[ \t])")
_LINE_BARE = re.compile(rf"(?m)^[ \t]*(?P<d>{_DAY_MONTH}){_NOT_AFTER}(?=[ \t]+[^\W\d_]{{3,}})")


_APPROX_DAY = re.compile(rf"(?i)(?<![\w])aprox(?:imadamente)?\.?[ \t]+(?:el[ \t]+)?(?P<d>{_DAY_MONTH_YEAR}){_NOT_AFTER}|"
                         rf"(?<![\w/.,-])(?P<e>{_DAY_MONTH}(?![\w/]|[.,-]\d))[ \t]+aprox(?:imadamente)?(?![\w])")
_GALICIAN_SHORT_DAY = re.compile(rf"(?i)(?<![\w])(?P<d>(?:xov|ven|luns|m[eé]rc)\.?[ \t]+{_DAY_MONTH_YEAR}){_NOT_AFTER}")
# a Portuguese weekday (``quinta 3/4``, ``segunda-feira 7/4``) or a Catalan weekday's short form (``dc 2/4``, ``dj 3/4``)
# before a day and month: with the date only, as ``quinta``/``sexta`` are also ordinals
_OTHER_WEEKDAY_DAY = re.compile(rf"(?i)(?<![\w])(?P<d>(?:(?:segunda|ter[cç]a|quarta|quinta|sexta)(?:-feira)?|dl|dll|dt|dm|dc|dx|dj|dv|ds|dg)"
                                rf"\.?[ \t]+{_DAY_MONTH_YEAR}){_NOT_AFTER}")
# a ratio's or a score's word before "3/4 aprox": no date
_RATIO_BEFORE = re.compile(r"(?i)(?:ratio|relaci[oó]n|[ií]ndice|cociente|proporci[oó]n|escala|eva|score|puntuaci[oó]n|dosis|comp|av|agudeza)[ \t:]*$")
_SHORT_DAYS = r"lun|mi[eé]|mier|jue|vie|s[aá]b|dom|xov"
_SHORT_WEEKDAY = re.compile(rf"(?<![\w])(?:(?:el|del|al)[ \t]+(?P<d>{_SHORT_DAYS})(?![\w])(?![ \t]*[\d/])|"
                            rf"(?P<e>{_SHORT_DAYS})[ \t]+(?=(?:mañana|manana|tarde|noche|mediod[ií]a|madrugada)(?![\w])))")
_LONE_WEEKDAY = re.compile(rf"(?m)(?:^|[,;][ \t]*)(?P<d>{_WEEKDAYS})(?=[ \t]*(?:[.,;)]|$))")
_OTHER_MONTHS = (r"gener|febrer|març|maig|juny|juliol|agost|setembre|novembre|desembre|xaneiro|febreiro|maio|xuño|xullo|"
                 r"setembro|outubro|novembro|decembro")
_LONE_MONTH = re.compile(rf"(?<![\w'’])(?P<d>{_OTHER_MONTHS})(?![\w])(?![ \t]*\d)")
_SHORT_MONTHS = r"ene|feb|abr|jun|jul|ago|sep|sept|oct|nov|dic"
_CUED_SHORT_MONTH = re.compile(rf"(?i)(?<![\w])(?:(?:ult|últ|[uú]ltim[ao])\.?[ \t]+(?P<d>{_SHORT_MONTHS}|mar|may)|"
                               rf"(?:en|desde|hasta)[ \t]+(?P<e>{_SHORT_MONTHS}))\.?(?![\w])")

# round 22: a weekday before an hour ("el jueves 23h", "viernes a las 9h"); a day and month before a clock time
# ("parto 8/3 3:10h", "desde 7/3 15h"); a weekly schedule of weekdays' short forms ("lun-mie-vie", "mar/jue");
# a Basque weekday ("(asteartea)", "ostirala / viernes"); "proxima" or "sig" and one or two words before a day and
# month ("proxima valoracion conjunta 19/3")
_WEEKDAY_HOUR = re.compile(rf"(?<![\w])(?<!los )(?<!els )(?<!os )(?P<d>(?-i:{_WEEKDAYS}))[ \t]+(?:a[ \t]+las[ \t]+)?\d{{1,2}}(?:[:.]\d{{2}})?[ \t]*h(?:oras|rs)?(?![\w])")
_DAY_TIME = re.compile(rf"(?<![\w/.,:-])(?!(?:1/[234]|2/3|3/4)(?![\d]))(?P<d>{_DAY_MONTH})[ \t]+(?:a[ \t]+las[ \t]+)?(?:\d{{1,2}}[:h]\d{{2}}(?:[ \t]*h)?|\d{{1,2}}[ \t]*h)(?![\w/:])")
_SCHEDULE_DAYS = r"lun|mar|mi[eé]|jue|vie|s[aá]b|dom"
_SCHEDULE = re.compile(rf"(?i)(?<![\w/-])(?P<d>(?:{_SCHEDULE_DAYS})(?:[ \t]*[-/][ \t]*(?:{_SCHEDULE_DAYS})){{1,6}})(?![\w/-])")
_BASQUE_WEEKDAY = re.compile(r"(?i)(?<![\w])(?P<d>astelehena|asteartea|asteazkena|osteguna|ostirala|larunbata|igandea)(?![\w])")
_NEXT_WORDS_DAY = re.compile(rf"(?i)(?<![\w])(?:pr[oó]x(?:im[ao])?|sig(?:uiente)?)\.?(?:[ \t]+[^\W\d_]{{3,14}}){{1,2}}[ \t]+(?:(?:el|d[ií]a)[ \t]+)?"
                             rf"(?P<d>{_DAY_MONTH_YEAR}){_NOT_AFTER}")

# a dose's or a ratio's word before the number: "tomar 3/5 8h" is no date
_DOSE_BEFORE = re.compile(r"(?i)(?:cada|dosis|toma[r]?|comp|cp|pauta|ratio|escala|eva|score|[ií]ndice|ta|tas|pa|fc|glasgow|gcs)[ \t:]*$")

# round 23: a weekday in parentheses ("07/05/2024 (martes)", "(Jueves)"); a weekday right after a reassessment's or an
# appointment's verb ("reevaluar viernes", "control lunes"); an appointment's kind between its word and the day
# ("consulta telematica 3/12", "revision anual 14/5")
_PARENS_WEEKDAY = re.compile(rf"\([ \t]*(?P<d>(?i:{_WEEKDAYS}))[ \t]*\)")
_VERB_WEEKDAY = re.compile(rf"(?<![\w])(?i:reevaluar|revaluar|reevaluo|revisar|reviso|valorar|citar|cito|control|cita|volver|vuelve|"
                           rf"llamar|llamara|llamada|curar|cura|vacunar|ver)[ \t]+(?P<d>(?-i:{_WEEKDAYS}))(?![\w])(?![ \t]*(?:\d|de[ \t]+\w))")
_KIND = (r"telem[aá]tic[ao]|telef[oó]nic[ao]|presencial|preferente|urgente|ordinari[ao]|sucesiv[ao]|anual|semestral|"
         r"trimestral|mensual|externa|virtual|no[ \t]+presencial")
_KIND_DAY = re.compile(rf"(?i)(?<![\w])(?:cita|consulta|control|revisi[oó]n|visita)[ \t]+(?:{_KIND})[ \t]+(?:(?:el|d[ií]a)[ \t]+)?"
                       rf"(?P<d>{_DAY_MONTH_YEAR}){_NOT_AFTER}")


# round 24: a day of the month after "hasta el día"/"para el día", or after "el día" in words as a voicemail says it
# ("hasta el dia 14 (respiro)", "el día once tengo el cardiólogo"; not a stay's or a cycle's day: "en el dia 5 se
# suspende", "el día tres postoperatorio", "hasta el día 14 del ciclo"); a
# heading's day and month in parentheses ("ACCIONES (3/6)"); a line opening with the day and month of a visit ("18/3 1a
# visita post alta"); a French weekday, perhaps with its day ("depuis jeudi", "control lundi 20")
_DAY_OF_MONTH = re.compile(rf"(?i)(?:(?<![\w])(?:hasta|para)[ \t]+el[ \t]+(?P<d>d[ií]a[ \t]+{DAY})|(?<![\w])(?<!en )el[ \t]+(?P<e>d[ií]a[ \t]+(?-i:{_DAY_WORD})))"
                           r"(?![\w/.,:-])"
                           r"(?![ \t]*(?:\+|de[ \t]+(?:tratamiento|ingreso|vida|evoluci[oó]n|ciclo|estancia)|del[ \t]+(?:ciclo|ingreso|tratamiento)|"
                           r"post|tras|siguiente|despu[eé]s|de[ \t]+la|de[ \t]+\w+[ \t]+de|(?:d[ií]as|semanas|horas|veces|mg|ml)(?![\w])))")
_HEADING_DAY = re.compile(rf"(?m)^[ \t]*[A-ZÁÉÍÓÚÑ][A-ZÁÉÍÓÚÑ ]{{3,30}}[ \t]*\([ \t]*(?P<d>{_DAY_MONTH_YEAR})[ \t]*\)[ \t]*:?[ \t]*$")
_LINE_VISIT = re.compile(rf"(?mi)^[ \t]*(?P<d>{_DAY_MONTH_YEAR})[ \t]+(?:\d{{1,2}}[aªº][ \t]+)?(?:{_EVENT})(?![\w])")
_FRENCH_WEEKDAY = re.compile(r"(?<![\w])(?P<d>(?i:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)(?:[ \t]+\d{1,2}(?![\w/.,:-]))?)(?![\w])")


def _round24_days(text: str) -> list[Candidate]:
    out = []
    for rx in (_DAY_OF_MONTH, _HEADING_DAY, _LINE_VISIT, _FRENCH_WEEKDAY):
        for m in rx.finditer(text):
            g = "d" if m.group("d") else "e"
            out.append(Candidate(m.start(g), m.end(g), _DATE, PATTERN))
    return out


def _round22_days(text: str) -> list[Candidate]:
    return [Candidate(m.start("d"), m.end("d"), _DATE, PATTERN)
            for rx in (_WEEKDAY_HOUR, _DAY_TIME, _SCHEDULE, _BASQUE_WEEKDAY, _NEXT_WORDS_DAY, _PARENS_WEEKDAY, _VERB_WEEKDAY, _KIND_DAY)
            for m in rx.finditer(text)
            if not (rx is _DAY_TIME and _DOSE_BEFORE.search(text, max(0, m.start() - 20), m.start()))]


# round 25: the second year of a dictated range ("antes dos mil diez a dos mil catorce")
_SPOKEN_RANGE_END = re.compile(rf"(?i)[ \t]+(?:a|al|y|hasta)[ \t]+(?P<d>(?:dos[ \t]+mil|mil[ \t]+novecientos)[ \t]+{_YEAR_TAIL})(?![\w])")
# a Catalan weekday's short form and a bare day closing a shift's range ("ds 21 setembre 2024 -> dg 22")
_RANGE_SHORT_WEEKDAY = re.compile(r"(?:->|→|–|\bfins(?:[ \t]+al?)?)[ \t]*(?P<d>(?:dl|dt|dm|dc|dx|dj|dv|ds|dg)\.?[ \t]+(?:[12]?\d|3[01]))(?![\w/.,:])")
# a French date ("1er janvier 2005", "le 3 mars", "octobre 2022") and an English ordinal day ("on the 8th")
_FR_MONTH = r"janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[uû]t|septembre|octobre|novembre|d[ée]cembre"
_FRENCH_DATE = re.compile(rf"(?i)(?<![\w])(?P<d>(?:1er|[12]?\d|3[01])[ \t]+(?:{_FR_MONTH})(?:[ \t]+(?:19|20)\d\d)?|"
                          rf"(?:{_FR_MONTH})[ \t]+(?:19|20)\d\d)(?![\w])")
_ENGLISH_ORDINAL_DAY = re.compile(r"(?i)(?<![\w])(?:on|by|until|till|from|since|before|after)[ \t]+the[ \t]+(?P<d>(?:[12]?\d|3[01])(?:st|nd|rd|th))(?![\w])"
                                  r"(?![ \t]+(?:floor|time|day|week|cycle|dose|percentile|rib|vertebra))")


def _round25_days(text: str) -> list[Candidate]:
    out = [Candidate(m.start("d"), m.end("d"), _DATE, PATTERN) for rx in (_RANGE_SHORT_WEEKDAY, _FRENCH_DATE, _ENGLISH_ORDINAL_DAY)
           for m in rx.finditer(text)]
    for m in _SPOKEN_YEAR.finditer(text):
        if r := _SPOKEN_RANGE_END.match(text, m.end()):
            out.append(Candidate(r.start("d"), r.end("d"), _DATE, PATTERN))
    return out


def typed_day_candidates(text: str) -> list[Candidate]:
    """Days and months, and weekdays, read as the module docstring says."""
    out = [Candidate(m.start("d"), m.end("d"), _DATE, PATTERN) for rx in (_RELATIVE_DAY, _SESSION_DAY, _EVENT_DAY, _EVENT_BARE_DAY, _TEST_DAY)
           for m in rx.finditer(text)]
    out += [Candidate(m.start("d"), m.end("d"), _DATE, PATTERN) for rx in (_ARTICLE_WEEKDAY, _SPOKEN_YEAR) for m in rx.finditer(text)]
    for rx in (_APPROX_DAY, _GALICIAN_SHORT_DAY, _OTHER_WEEKDAY_DAY, _SHORT_WEEKDAY, _LONE_WEEKDAY, _LONE_MONTH, _CUED_SHORT_MONTH):
        for m in rx.finditer(text):
            g = "d" if m.group("d") else "e"
            if g == "e" and rx is _APPROX_DAY and _RATIO_BEFORE.search(text, max(0, m.start() - 20), m.start()):
                continue
            out.append(Candidate(m.start(g), m.end(g), _DATE, PATTERN))
    if len(_LINE_DATE.findall(text)) >= 3:  # a dated log: its undated-looking lines open with dates too
        out += [Candidate(m.start("d"), m.end("d"), _DATE, PATTERN) for m in _LINE_BARE.finditer(text)]
    return out + _round22_days(text) + _round24_days(text) + _round25_days(text)
