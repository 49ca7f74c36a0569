"""Codes a system writes beside its user, a ``;``-separated export's columns, and a device's number after its name.

* a user's code after ``usuario``/``user``/``login``/``operador``/``técnico``/``generado por``/``exportado por``
  (``generado por Q0311``, ``usuario adm_urg0219``): letters, perhaps an underscore, and three to six digits; the
  staff member's user code (``ID_EMPLEO``), and the same code again anywhere in the note (a column of the export);
* a ``;``-separated export (a LIS's, an appointment system's) whose first row of three cells or more holds column
  titles: each cell under a known title is read as that field (the table readers' keys, :func:`.tables.key_label`,
  and the requester's ``solicitante``/``peticionario``/``remitente`` as staff, ``GOÑI, M.A.`` whole); a code of letters and digits under a
  staff column (``tecnico``, ``usuario``) is the staff member's user code;
* a wearable's or a home device's number after its name and ``nº`` (``colgante nº TX 0093314``, ``pulsador nº
  55120947``): the device's serial.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from .common import STRUCTURED, Candidate, trim
from .column_keys import rooms_kept
from .tables import key_label

_EMPLOYEE, _STAFF, _DEVICE = "ID_EMPLEO_PERSONAL_SANITARIO", "NOMBRE_PERSONAL_SANITARIO", "IDENTIF_DISPOSITIVOS_NRSERIE"
_CODE = r"[A-Za-z][A-Za-z]{0,5}(?:_[A-Za-z]{1,6})?\d{3,6}"
_USER_CODE = re.compile(rf"(?i)(?<![\w])(?:usuari[oa]?|user|login|operador[a]?|t[eé]cnic[oa]|(?:generad[oa]|exportad[oa]|"
                        rf"realizad[oa]|validad[oa])[ \t]+por)[ \t]*:?[ \t]+(?P<c>(?-i:{_CODE}))(?![\w@/-]|\.\w)")
_CODE_CELL = re.compile(rf"(?-i:{_CODE})")
_REQUESTER = re.compile(r"(?i)(?:m[eé]dic[oa][ _]+)?(?:solicitante|peticionario|remitente|solicita|peticionari)")
_ROW_SEP = ";"
# a requester's "SURNAME, I." or "SURNAME SURNAME, I.J." cell, the initials' periods kept
_SURNAME_INITIALS = re.compile(r"[A-ZÁÉÍÓÚÑ][A-ZÁÉÍÓÚÑa-záéíóúñü'-]+(?:[ \t]+[A-ZÁÉÍÓÚÑ][A-ZÁÉÍÓÚÑa-záéíóúñü'-]+){0,2},[ \t]*(?:[A-ZÑ]\.[ \t]?){1,3}")
_DEVICE_NUMBER = re.compile(r"(?i)(?<![\w])(?:colgante|pulsador|pulsera|medallón|medallon|localizador|teleasistencia|"
                            r"bomba(?:[ \t]+de[ \t]+insulina)?|audífono|audifono|sensor|glucómetro|glucometro|concentrador)"
                            r"[ \t]+(?:n[ºo°]|num\.?|número|numero)[ \t]*:?[ \t]*"
                            r"(?P<c>(?-i:[A-Z]{1,4}[ -]?\d{5,10}|\d{6,12}))(?![\w/-])")
CellValue = Callable[[str, int, int, str, int], list[Candidate]]


def cued_code_candidates(text: str, cell_value: CellValue) -> list[Candidate]:
    """User codes, an export's cells and device numbers, read as the module docstring says; ``cell_value`` reads one
    cell under a label (the table readers' own)."""
    out = [Candidate(m.start("c"), m.end("c"), _DEVICE, STRUCTURED) for m in _DEVICE_NUMBER.finditer(text)]
    codes = {m.group("c") for m in _USER_CODE.finditer(text)}
    head: list[str | None] | None = None
    pos = 0
    for line in text.splitlines(keepends=True):
        s, e = pos, pos + len(line.rstrip("\r\n"))
        pos += len(line)
        if line.lstrip().startswith("#") or line.count(_ROW_SEP) < 2:
            continue
        cells, start = [], s
        for part in text[s:e].split(_ROW_SEP):
            cells.append(trim(text, start, start + len(part)))
            start += len(part) + 1
        if head is None:
            labels = [_STAFF if _REQUESTER.fullmatch(text, a, b) else key_label(text, a, b) if a < b else None for a, b in cells]
            labels = rooms_kept([text[a:b] for a, b in cells], labels)  # a room's column counts beside a guest's only
            if sum(lab is not None for lab in labels) >= 2 and not any(ch.isdigit() for ch in text[s:e]):
                head = labels
            continue
        for (a, b), label in zip(cells, head):
            if label is None or a >= b:
                continue
            if label == _STAFF and _CODE_CELL.fullmatch(text, a, b):
                codes.add(text[a:b])
            elif label == _STAFF and (m := _SURNAME_INITIALS.match(text, a, min(len(text), b + 1))) and m.end() >= b:
                out.append(Candidate(a, m.end(), _STAFF, STRUCTURED))
            else:
                out += cell_value(text, a, b, label, STRUCTURED)
    for code in sorted(codes):
        out += [Candidate(m.start(), m.end(), _EMPLOYEE, STRUCTURED)
                for m in re.finditer(rf"(?<![\w.@/-]){re.escape(code)}(?![\w@/-])", text)]
    return out
