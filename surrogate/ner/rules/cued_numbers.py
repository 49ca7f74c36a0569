"""Numbers that only their cue makes identifiers: a meeting's ID, a registry book's entry, a courier's tracking
number, an autopsy's number, a prisoner's number, a court's preliminary proceedings or case, a lab's order, a bar
member's number, a worker's number after the role's word or typed short, a history number with letters after ``hc``,
an implant's engraved number.

Written ``Meeting ID: 2654 118 9037``, ``Nº en el Libro Recetario: 0418/2025``, ``nº de seguimiento 0418 7733
0291 55``, ``Nº de autopsia: A-0318/2025``, ``Nº interno: 2025-01144``, ``DP 1042/2024``, ``(ICAM 84.217)``,
``nº técnico TEC-0419``, ``(InterpretSalut, nº INT-3318)``, ``número grabado LCP-2.4-7720318``. The value is any
run of letters and digits with three digits or more, its parts joined by ``/``, ``.``, ``-`` or, for groups of
digits, a space. Also an episode written ``25/HOS/044187`` (year, the encounter's kind, a serial) by its shape.
"""
from __future__ import annotations

import re

from .common import PATTERN, STRUCTURED, Candidate

_OTHER, _STAFF, _CONTACT = "OTRO_NUMERO_IDENTIF", "ID_EMPLEO_PERSONAL_SANITARIO", "ID_CONTACTO_ASISTENCIAL"
_CODE = r"(?P<code>(?=[\w/. -]{0,12}\d)[A-Za-z0-9](?:[A-Za-z0-9]|[/.-](?=[A-Za-z0-9])|[ \t](?=\d{2,}(?![^\W\d_]))){2,30})"
_NUMBER_WORD = r"(?:n[ºo°]\.?|n\.[ºo°]|n[uú]m\.?|n[uú]mero)"
_CUES = (
    # video meetings: Webex, Zoom, Teams
    ((rf"(?:meeting|webinar|conference)[ \t]+(?:id|number|n[ºo°])|id[ \t]+de[ \t]+(?:la[ \t]+)?reuni[oó]n|"
     rf"(?:c[oó]digo|{_NUMBER_WORD})[ \t]+de[ \t]+(?:la[ \t]+)?(?:reuni[oó]n|sala|videoconsulta)|access[ \t]+code"), _CONTACT),
    # an entry of a book or register, a parcel's tracking, an autopsy, a prisoner
    ((rf"{_NUMBER_WORD}[ \t]*(?:de[ \t]+|en[ \t]+el[ \t]+|del[ \t]+)?(?:libro(?:[ \t]+(?:recetario|registro|de[ \t]+\w+))?|"
     rf"recetario|seguimiento|env[ií]o|tracking|albar[aá]n|pedido|autopsia|necropsia|protocolo[ \t]+de[ \t]+autopsia|"
     rf"interno|recluso|preso|reclusa|presa|identificaci[oó]n[ \t]+penitenciaria)|tracking(?:[ \t]+(?:number|n[ºo°]))?|"
     # round 24: a register's inscription, an arrival's or an admission's wristband ("núm. d'inscripció DVA/17/2024/00881",
     # "pulsera de llegada nº ARG-1187")
     rf"{_NUMBER_WORD}[ \t]*(?:de[ \t]+|d['’])?(?:inscripci[oó]n?|inscrici[oó]n)|"
     rf"(?:pulsera|brazalete|polsera)[ \t]+(?:de[ \t]+)?(?:llegada|ingreso|identificaci[oó]n|arribada)[ \t]*{_NUMBER_WORD}"), _OTHER),
    # a worker's number after the role's word ("nº técnico", "nº de intérprete", "agente nº")
    ((rf"{_NUMBER_WORD}[ \t]*(?:de[ \t]+)?(?:t[eé]cnico|instalador|int[eé]rprete|mediador[a]?|agente|conductor[a]?|"
     rf"repartidor[a]?|operari[oa]|celador[a]?)|(?:t[eé]cnico|int[eé]rprete|agente|conductor[a]?|celador[a]?)[ \t]+{_NUMBER_WORD}"),
     _STAFF),
    # a staff member's number in the employer's payroll, a doctor's code at a mutua ("nº mecanizado 1.489.302",
    # "Cód. facultativo mutua UMV-0451")
    ((rf"(?:{_NUMBER_WORD}|n\.?)[ \t]*(?:de[ \t]+)?(?:mecanizado|mecanogr[aá]fico|emplead[oa]|emp|empl|personal)(?![\w])\.?|c[oó]d(?:\.|igo)?[ \t]+(?:de[ \t]+)?"
      rf"(?:facultativo|m[eé]dico|profesional)(?:[ \t]+(?:de[ \t]+(?:la[ \t]+)?)?mutua)?"), _STAFF),
    # an admission's number ("nº ingreso 24-0188320")
    (rf"{_NUMBER_WORD}[ \t]*(?:de[ \t]+|del[ \t]+)?ingreso", _CONTACT),
    # a company's social-security account (CCC), a service's own reference ("Nº de referencia interna: ...")
    ((rf"C\.?C\.?C\.?|c[oó]digo[ \t]+(?:de[ \t]+)?cuenta[ \t]+(?:de[ \t]+)?cotizaci[oó]n|"
      rf"(?:{_NUMBER_WORD}[ \t]*(?:de[ \t]+)?)?referencia[ \t]+interna|{_NUMBER_WORD}[ \t]*(?:de[ \t]+)?referencia"), _OTHER),
    # a court's case, a lab's or a workshop's order, a screening card ("ejecutoria 412/2023", "orden OT-24/1187",
    # "tarjeta nº 46-0931572")
    ((r"ejecutoria|diligencias(?:[ \t]+(?:previas|urgentes))?|sumario|procedimiento[ \t]+(?:abreviado|ordinario)|"
      r"juicio[ \t]+(?:r[aá]pido|oral|de[ \t]+faltas|leve)|rollo|autos|expediente[ \t]+judicial|"
      rf"orden(?:[ \t]+de[ \t]+(?:trabajo|servicio|fabricaci[oó]n|laboratorio))?(?=[ \t]*(?:{_NUMBER_WORD}[ \t]*)?:?[ \t]*[A-Z]{{1,4}}-?\d)|"
      rf"tarjeta[ \t]+{_NUMBER_WORD}"), _OTHER),
    # a worker's number typed short ("nº emp 58821", "nº func 20417", "n.p. 300127")
    (rf"{_NUMBER_WORD}[ \t]*(?:emp|empl|func|funcionari[oa]|trab|prof|profesional)(?![\w])\.?|n\.[ \t]?p\.(?=[ \t]*\d)", _STAFF),
    # a register's entry typed short, digits only ("nº reg 2324-147"; "nº registro AP-20-0188" is a staff's registration)
    (rf"{_NUMBER_WORD}[ \t]*(?:de[ \t]+)?reg(?:istro)?(?![\w])\.?(?=[ \t]*:?[ \t]*\d[\d/-]{{2,14}}(?![\w/-]))", _CONTACT),
    # a record's history number with letters, typed short ("hc MVI-7731")
    # ... also after the centre's acronym in lower case ("hc uad LP-3318")
    (r"(?-i:hc|HC|h\.[ \t]?c\.)(?:[ \t]+(?-i:[a-z]{2,5}))?(?=[ \t]*:?[ \t]*(?-i:[A-Z]{1,5})-\d)", "ID_SUJETO_ASISTENCIA"),
    # round 23: an injury report to the court ("parte de lesiones nº PL-0388/24", "parte judicial 2024/118")
    (r"parte[ \t]+(?:de[ \t]+lesi[oó]n(?:es)?|judicial|al[ \t]+juzgado|de[ \t]+agresi[oó]n)", _OTHER),
    # an implant's or a device's number as engraved on it
    (rf"{_NUMBER_WORD}[ \t]+(?:grabado|de[ \t]+(?:implante|placa|pr[oó]tesis))|engraved[ \t]+(?:number|serial)", "IDENTIF_DISPOSITIVOS_NRSERIE"),
)
# round 26: a police officer's badge number right after the rank ("Ertzaintza agente 22417", "agent 17834"); "agente
# nº" is a worker's number (above)
_AGENT = re.compile(r"(?i)(?<![\w])(?:agente|agent)[ \t]+(?P<code>\d{4,7}|[A-Z]{1,2}-?\d{4,7})(?![\w/.,-]?\w)")
# round 26: a health card's code after its cue, on the next line or typed with spaces in its digits ("T.S.I.\nARLB 5 60918
# 41 0", an OCR'd letter): four capitals and eight to twelve digits
_SPACED_CARD = re.compile(r"(?<![\w])(?:T\.S\.I\.|(?-i:TSI|TIS|CIPA?))[ \t]*:?\s*(?P<code>[A-Z]{4}[ \t]?\d(?:[ \t]?\d){7,11})(?![\w])")
# round 26: a dictated code after "número"/"referencia": capitals and a dash, then digits spoken one by one ("número
# PL-dos cero dos cuatro barra cero tres uno uno"), four or more, "barra"/"guion" between them
_SPOKEN_DIGIT = r"(?:cero|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)"
_DICTATED = re.compile(rf"(?i)(?<![\w])(?:n[uú]mero|n[ºo°]|referencia|expediente|c[oó]digo)[ \t]+"
                       rf"(?P<code>(?:(?-i:[A-Z]{{1,4}})-)?{_SPOKEN_DIGIT}(?:[ \t]+(?:(?:barra|gui[oó]n)[ \t]+)?{_SPOKEN_DIGIT}){{3,}})(?![\w])")
_CUED = [(re.compile(rf"(?i)(?<![\w])(?:{cue})[ \t]*(?:n[ºo°]\.?)?[ \t]*:?[ \t]*{_CODE}(?![\w])"), label)
         for cue, label in _CUES]
# a court's preliminary proceedings ("DP 1042/2024", "DD.PP. 311/2025", "D.P. 88/2024")
_PROCEEDINGS = re.compile(r"(?<![\w.])(?:DP|DD\.?[ ]?PP\.?|D\.[ ]?P\.)[ \t]*(?:n[ºo°]\.?[ \t]*)?(?P<code>\d{1,6}/(?:19|20)?\d\d)(?![\w/])")
# a bar association's member number: "ICAM 84.217", "ICAB nº 31245" (not the molecule "ICAM-1")
_BAR_NUMBER = re.compile(r"(?<![\w-])(?:ICA[A-Z]{1,3}|Colegio[ \t]+de[ \t]+Abogados[^\n\d]{0,30}?)[ \t]*(?:n[ºo°]\.?[ \t]*)?"
                         r"(?P<code>\d{1,3}\.\d{3}|\d{4,6})(?![\w.-])")
# a number after a bare "nº" in brackets after a person's role and company: "(InterpretSalut, nº INT-3318)"
_BRACKETED = re.compile(r"\([^()\n]{1,40},[ \t]*n[ºo°]\.?[ \t]*(?P<code>[A-Z]{2,5}-?\d{3,8})[ \t]*\)")
# a notification's or a work order's code after a bare "nº": capitals, a dash, the year and a serial ("nº SNS-NOT
# 25/0412", "parte nº EM-25-00318"; "nº 13", "hab. nº 304" name no code)
_CAPITALS_CODE = re.compile(r"(?<![\w])n[ºo°]\.?[ \t]*(?P<code>[A-Z]{2,6}(?:-[A-Z]{2,6})?[ \t-]\d{2}[/-]\d{3,8})(?![\w/])")
# a report's reference after "Ref.:" or "Ref. TS:": a code of capitals and digits joined by dashes or slashes
# ("TS-HV/2024/1873", round 26: "Ref. brote: AST-BTA-24/037"; not a lab's "intervalo de referencia: 89-215", a catalogue's "ref. 1012-14", "Ref.: NHC 123")
_REFERENCE = re.compile(r"(?<![\w])(?i:ref)\.?(?:[ \t]+(?:[A-Z]{1,5}|[a-záéíóúñ]{3,12}))?[ \t]*:[ \t]*"
                        r"(?P<code>[A-Z]{1,6}(?:[-/][A-Z0-9]{1,8})*[-/]\d{2,8}(?:[-/][A-Z0-9]{1,8})*)(?![\w/-])")
# an episode by its shape: year, the encounter's kind, a serial ("25/HOS/044187", "2025-URG-00412")
_EPISODE = re.compile(r"(?<![\w/-])(?:19|20)?\d\d(?P<sep>[/-])(?:HOS|URG|CEX|HDD|HDIA|AMB|EPI|ING|HAD)(?P=sep)\d{4,8}(?![\w/])")
# an appointment's or an admission's code after its field: capitals, the year and a serial ("Cita: CEX 25/004419",
# "Ingreso HADO: HD24/01377"; "Cita: 12/03/2025" is a date)
_VISIT_CODE = re.compile(r"(?i:(?<![\w])(?:cita|ingr[eé]s(?:o)?(?:[ \t]+[A-Z]{2,6})?|episodi[o]?|visita))[ \t]*:[ \t]*"
                         r"(?P<code>[A-Z]{1,5}[ \t-]?\d{2}/\d{3,8})(?![\w/])")

# round 23: an account after its cue, as written even where its check digits fail (a typo leaks it all the same):
# "iban ES12 3456 ...", "nº de cuenta: ES.."
_CUED_IBAN = re.compile(r"(?i:(?<![\w])(?:iban|(?:n[ºo°]\.?[ \t]*(?:de[ \t]+)?)?cuenta(?:[ \t]+bancaria)?|cta\.?))[ \t]*:?[ \t]*"
                        r"(?P<code>[A-Z]{2}\d{2}(?:[ \t]?[A-Z0-9]{4}){4,7}(?:[ \t]?[A-Z0-9]{1,3})?)(?![\w])")


def cued_numbers(text: str) -> list[Candidate]:
    """Candidates of the numbers named by their cue in ``text``."""
    out = []
    for rx, label in _CUED:
        for m in rx.finditer(text):
            code = m.group("code").rstrip(". -")
            if sum(c.isdigit() for c in code) >= 3:
                out.append(Candidate(m.start("code"), m.start("code") + len(code), label, STRUCTURED))
    out += [Candidate(m.start("code"), m.end("code"), _OTHER, STRUCTURED) for m in _PROCEEDINGS.finditer(text)]
    out += [Candidate(m.start("code"), m.end("code"), _OTHER, STRUCTURED) for m in _AGENT.finditer(text)]
    out += [Candidate(m.start("code"), m.end("code"), _OTHER, STRUCTURED) for m in _DICTATED.finditer(text)]
    out += [Candidate(m.start("code"), m.end("code"), "ID_ASEGURAMIENTO", STRUCTURED) for m in _SPACED_CARD.finditer(text)]
    out += [Candidate(m.start("code"), m.end("code"), _OTHER, STRUCTURED) for m in _CUED_IBAN.finditer(text)]
    out += [Candidate(m.start("code"), m.end("code"), "ID_TITULACION_PERSONAL_SANITARIO", STRUCTURED)
            for m in _BAR_NUMBER.finditer(text)]
    out += [Candidate(m.start("code"), m.end("code"), _STAFF, STRUCTURED) for m in _BRACKETED.finditer(text)]
    out += [Candidate(m.start("code"), m.end("code"), _OTHER, STRUCTURED) for rx in (_CAPITALS_CODE, _REFERENCE)
            for m in rx.finditer(text)]
    out += [Candidate(m.start(), m.end(), _CONTACT, PATTERN) for m in _EPISODE.finditer(text)]
    out += [Candidate(m.start("code"), m.end("code"), _CONTACT, STRUCTURED) for m in _VISIT_CODE.finditer(text)]
    return out
