"""Machine messages pasted into a note: HL7 v2 segments and DICOM header dumps.

Their fields say what each value is, so a value is labelled by its position, not by its shape:

* **HL7 v2** (``PID|1||2093117^^^HOSP^PI||GARCIA&LOPEZ^ANA||19580312|F|||C/ MAYOR 3^^TERUEL^^44001^ESP``): a
  person name (``PID-5``, ``NK1-2``, the doctors of ``PV1``) is one span from its first component to its last
  non-empty one, separators inside; an address (``XAD``) gives street, town, province, postal code and country;
  timestamps (``MSH-7``, ``EVN-2``, ``PID-7``) are dates, whole when compact (``20250318093512``); a
  ``PID-3`` identifier takes its label from its type code (``PI``, ``NN…``, ``JHN``). The message control ID
  (``MSH-10``) and table references (``HL70063``) are no identifiers: candidates inside them are dropped.
* **DICOM** (``(0010,0010) PatientName PN FERRER^MONTSE``, dcmdump's ``(0010,0010) PN [FERRER^MONTSE]``): the
  tag number names the value (patient and physician names, institution, dates, IDs, phone); times, station names
  and UIDs are no identifiers.
"""
from __future__ import annotations

import re

from .common import HEADER, Candidate

_SEGMENT = re.compile(r"(?m)^(?P<seg>MSH|EVN|PID|PD1|NK1|PV1|PV2|IN1|GT1|ORC|OBR|MRG|ROL|MSA)\|(?P<body>[^\n]*)")
_TABLE_REF = re.compile(r"\bHL7\d{4}\b")
_TIMESTAMP = re.compile(r"(?:19|20)\d{6}(?:\d{2,6})?")
_LETTERS = re.compile(r"[^\W\d_][^\W\d_ .'-]*(?:[ .'-]+[^\W\d_]+)*")
_DIGITS = re.compile(r"\+?\d[\d .-]{5,}\d")

# (segment, field) -> what the field holds (HL7 v2.5 numbering)
_NAME_FIELDS = {("PID", 5): "NOMBRE_SUJETO_ASISTENCIA", ("PID", 6): "FAMILIARES_SUJETO_ASISTENCIA",
                ("PID", 9): "NOMBRE_SUJETO_ASISTENCIA", ("NK1", 2): "FAMILIARES_SUJETO_ASISTENCIA",
                ("GT1", 3): "FAMILIARES_SUJETO_ASISTENCIA", ("MRG", 7): "NOMBRE_SUJETO_ASISTENCIA"}
_DOCTOR_FIELDS = {("PV1", 7), ("PV1", 8), ("PV1", 9), ("PV1", 17), ("PV1", 52), ("ORC", 12), ("OBR", 16), ("ROL", 4)}
_DATE_FIELDS = {("MSH", 7), ("EVN", 2), ("EVN", 3), ("EVN", 6), ("PID", 7), ("PID", 29), ("NK1", 8), ("NK1", 16),
                ("PV1", 44), ("PV1", 45), ("IN1", 12), ("IN1", 13), ("GT1", 8), ("ORC", 9), ("OBR", 7)}
_ADDRESS_FIELDS = {("PID", 11), ("NK1", 4), ("GT1", 5)}
_PHONE_FIELDS = {("PID", 13), ("PID", 14), ("NK1", 5), ("NK1", 6), ("GT1", 6), ("GT1", 7)}
_FACILITY_FIELDS = {("MSH", 4): 0, ("MSH", 6): 0, ("PV1", 3): 3, ("PV1", 6): 3}  # component holding the facility
_QUIET_FIELDS = {("MSH", 10), ("MSH", 9), ("MSH", 12), ("MSA", 2)}  # control IDs, message type, version
_XAD = ("CALLE", "CALLE", "TERRITORIO", "TERRITORIO", "TERRITORIO", "PAIS")
# PID-3 identifier type codes (HL7 table 0203 and their national forms)
_ID_TYPES = (
    (re.compile(r"PI|MR|PT"), "ID_SUJETO_ASISTENCIA"),
    (re.compile(r"NN\w*|PPN|DL|PEN"), "OTRO_NUMERO_IDENTIF"),
    (re.compile(r"JHN|SS|HC|NH|NI"), "ID_ASEGURAMIENTO"),
    (re.compile(r"VN|AN"), "ID_CONTACTO_ASISTENCIAL"),
)


def _split(text: str, start: int, end: int, sep: str) -> list[tuple[int, int]]:
    out, s = [], start
    for i in range(start, end):
        if text[i] == sep:
            out.append((s, i))
            s = i + 1
    out.append((s, end))
    return out


def _last_filled(text: str, parts: list[tuple[int, int]], first: int = 0) -> tuple[int, int] | None:
    """From component ``first`` to the last non-empty component of letters (a type code like ``COLEG`` after a
    run of empty components stays out)."""
    filled = [k for k in range(first, len(parts)) if text[parts[k][0]:parts[k][1]].strip()]
    if not filled:
        return None
    last = filled[0]
    for k in filled[1:]:
        if k - last > 2:  # "…^ANDRES^^^^^^COLEG": the code after the gap is no part of the name
            break
        last = k
    s, e = parts[filled[0]][0], parts[last][1]
    return (s, e) if _LETTERS.search(text, s, e) else None


def hl7_candidates(text: str) -> tuple[list[Candidate], list[tuple[int, int]]]:
    """Candidates read from HL7 v2 segments, and the ranges that hold no identifier."""
    out: list[Candidate] = []
    quiet = [m.span() for m in _TABLE_REF.finditer(text)]
    for m in _SEGMENT.finditer(text):
        seg = m.group("seg")
        fields = _split(text, m.start("body"), m.end("body"), "|")
        for n, (fs, fe) in enumerate(fields, start=2 if seg == "MSH" else 1):  # MSH-1 is the separator itself
            if fs == fe:
                continue
            key = (seg, n)
            if key in _QUIET_FIELDS:
                quiet.append((fs, fe))
            for rs, re_ in _split(text, fs, fe, "~"):
                comps = _split(text, rs, re_, "^")
                out += _field(text, key, comps)
    return out, quiet


def _field(text: str, key: tuple[str, int], comps: list[tuple[int, int]]) -> list[Candidate]:
    out = []

    def add(s: int, e: int, label: str) -> None:
        while s < e and text[s] in " &":
            s += 1
        while e > s and text[e - 1] in " &":
            e -= 1
        if s < e:
            out.append(Candidate(s, e, label, HEADER))

    first = comps[0]
    value = text[first[0]:first[1]]
    if key in _NAME_FIELDS:
        span = _last_filled(text, comps)
        if span:
            add(*span, _NAME_FIELDS[key])
    elif key in _DOCTOR_FIELDS:
        if value.strip().isdigit():
            add(*first, "ID_TITULACION_PERSONAL_SANITARIO")
        span = _last_filled(text, comps, 1)
        if span:
            add(*span, "NOMBRE_PERSONAL_SANITARIO")
    elif key in _DATE_FIELDS:
        if _TIMESTAMP.fullmatch(value):
            add(*first, "FECHAS")
    elif key in _ADDRESS_FIELDS:
        for (s, e), label in zip(comps, _XAD):
            if text[s:e].strip():
                add(s, e, label)
    elif key in _PHONE_FIELDS:
        if _DIGITS.fullmatch(value):
            add(*first, "NUMERO_TELEFONO")
    elif key in _FACILITY_FIELDS:
        k = _FACILITY_FIELDS[key]
        if k < len(comps):
            s, e = comps[k]
            facility = text[s:e]
            if len(facility) >= 3 and facility.isalpha() and facility.isupper():
                add(s, e, "HOSPITAL")
    elif key == ("PID", 3) and len(comps) >= 5:
        kind = text[comps[4][0]:comps[4][1]]
        label = next((lab for pat, lab in _ID_TYPES if pat.fullmatch(kind)), None)
        if label and value.strip():
            add(*first, label)
    elif key == ("PID", 8) and len(value) == 1 and value.isalpha():
        add(*first, "SEXO_SUJETO_ASISTENCIA")
    elif key == ("PV1", 19) and value.strip():
        add(*first, "ID_CONTACTO_ASISTENCIAL")
    elif key == ("EVN", 5) and value.strip():
        add(*first, "ID_EMPLEO_PERSONAL_SANITARIO")
    elif key == ("NK1", 3) and len(comps) >= 2 and text[comps[1][0]:comps[1][1]].strip():
        add(*comps[1], "FAMILIARES_SUJETO_ASISTENCIA")  # "SPO^Esposa^HL70063": the text, not the code
    return out


# DICOM: "(0010,0010) PatientName  PN  VALUE" or dcmdump's "(0010,0010) PN [VALUE]   #  16, 1 PatientName"
_DICOM_LINE = re.compile(
    r"(?m)^[ \t]*\((?P<group>[0-9A-Fa-f]{4}),[ \t]?(?P<elem>[0-9A-Fa-f]{4})\)[ \t]+(?:[A-Za-z][\w' ]*?[ \t]+)?"
    r"(?P<vr>[A-Z]{2}):?[ \t]+(?:\[(?P<bracketed>[^\]\n]*)\]|'(?P<quoted>[^'\n]*)'|(?P<bare>[^\n#]*?))[ \t]*(?:#[^\n]*)?$"
)
_DICOM_TAGS = {
    "00100010": "NOMBRE_SUJETO_ASISTENCIA", "00101001": "NOMBRE_SUJETO_ASISTENCIA",
    "00101005": "NOMBRE_SUJETO_ASISTENCIA", "00101060": "FAMILIARES_SUJETO_ASISTENCIA",
    "00080090": "NOMBRE_PERSONAL_SANITARIO", "00081048": "NOMBRE_PERSONAL_SANITARIO",
    "00081050": "NOMBRE_PERSONAL_SANITARIO", "00081060": "NOMBRE_PERSONAL_SANITARIO",
    "00081070": "NOMBRE_PERSONAL_SANITARIO", "00321032": "NOMBRE_PERSONAL_SANITARIO",
    "00400006": "NOMBRE_PERSONAL_SANITARIO",
    "00080080": "HOSPITAL", "00080081": "CALLE", "00101040": "CALLE",
    "00100020": "ID_SUJETO_ASISTENCIA", "00080050": "OTRO_NUMERO_IDENTIF",
    "00102154": "NUMERO_TELEFONO", "00101010": "EDAD_SUJETO_ASISTENCIA", "00100040": "SEXO_SUJETO_ASISTENCIA",
    "00102180": "PROFESION",
}
_DICOM_DATE_VR = {"DA"}
_DICOM_QUIET_VR = {"TM", "UI", "DT", "US", "UL", "SS", "SL", "FL", "FD", "IS", "DS"}
_DICOM_QUIET_TAGS = {"00081010", "00181000", "00181020"}  # station name, device serial of the scanner, software


def dicom_candidates(text: str) -> tuple[list[Candidate], list[tuple[int, int]]]:
    """Candidates read from DICOM header lines, and the values that hold no identifier."""
    out: list[Candidate] = []
    quiet: list[tuple[int, int]] = []
    for m in _DICOM_LINE.finditer(text):
        name = next(g for g in ("bracketed", "quoted", "bare") if m.group(g) is not None)
        s, e = m.span(name)
        while e > s and text[e - 1] in " ^":
            e -= 1
        if s >= e:
            continue
        tag = (m.group("group") + m.group("elem")).upper()
        label = _DICOM_TAGS.get(tag) or ("FECHAS" if m.group("vr") in _DICOM_DATE_VR else None)
        if label:
            out.append(Candidate(s, e, label, HEADER))
        elif m.group("vr") in _DICOM_QUIET_VR or tag in _DICOM_QUIET_TAGS:
            quiet.append((s, e))
    return out, quiet


def message_candidates(text: str) -> tuple[list[Candidate], list[tuple[int, int]]]:
    """HL7 and DICOM candidates of ``text``, and the ranges where no other candidate may lie."""
    if "|" not in text and "(" not in text:
        return [], []
    h_cands, h_quiet = hl7_candidates(text)
    d_cands, d_quiet = dicom_candidates(text)
    return h_cands + d_cands, h_quiet + d_quiet


def outside(cands: list[Candidate], quiet: list[tuple[int, int]]) -> list[Candidate]:
    """``cands`` less those that overlap a quiet range."""
    if not quiet:
        return cands
    return [c for c in cands if not any(s < c.end and c.start < e for s, e in quiet)]
