"""Fields laid out as table cells rather than ``Key: value``.

* **Key and value in neighbouring cells**: ``| NHC | 0883142 | Episodio | 24Q117530 |``, ``Paciente  ANTONIO
  MORENTE   NUHSA AN0691837402`` (cells split by ``|``, a tab or a gap of two spaces or more): a cell that is
  a field key (:data:`~surrogate.ner.rules.vocab.HEADER_FIELDS`, or a patient or staff word) labels the next.
* **A row of ``·`` cells**, each a key and its value without a colon: ``CP 07002 · Población Palma``.
* **Columns**: a row of keys heads the rows under it (``Fecha | Peso | Enf.`` over ``04/03/2025 | 72,4 |
  R.M.G.``): a cell under a staff or patient column is a name, bare initials included, and a cell under an
  identifier or phone column is one when it holds a digit. Cells are matched to their column by index in a
  ``|`` table and by position in a table aligned with spaces.

A value must look like its label (a name starts with a capital; an identifier, date or phone holds a digit),
so that a row of column titles (``| Fecha | Hora |``) is never a key and its value.
"""
from __future__ import annotations

import re

from gazetteers.text import fold

from ..tokenize import lines
from . import patterns as P
from . import vocab as V
from .column_keys import column_key_label, rooms_kept
from .common import HEADER, STRUCTURED, Candidate, trim

_PIPE_CELL = re.compile(r"[^|¦│]+")  # "¦" and "│": a broken bar or a box line, as typed or pasted
_GAP_CELL = re.compile(r"\S+(?:[ ](?! )\S+)*")  # words joined by single spaces; two spaces or a tab split cells
# words heading a staff or a patient column or field (also cues of initials, see :mod:`.signatures`)
STAFF_WORDS = (
    r"(?:enf(?:ermer[oa]s?|ermer[ií]a|ª)?\.?|DUE|TCAE|aux(?:iliar)?\.?|firma|fdo\.?|signa|signatura|sinatura|sinadura|firmado(?:\s+por)?|resp\.?|"
    r"responsable|profesional|realizad[oa]\s+por|administrad[oa]\s+por|vacunador[a]?|t[eé]cnic[oa]|iniciales|"
    r"matrona|m[eé]dic[oa](?:\s+responsable)?|facultativ[oa]|cirujan[oa]|anestesista|ayudante|instrumentista|"
    r"supervisor[a]?|infermer[ao]|infermeria|metge(?:ssa)?|enfermeir[ao]|enfermar[ií]a|erizaina|sendagilea|"
    r"farmac[eé]utic[oa]|fisioterapeuta|[^\W\d_]{2,}[oó]log[oa]|pediatra|psiquiatra|dispensad[oa]\s+por|validad[oa]\s+por|"
    r"administra|registra|dispensa|valida|realiza)"
)
PATIENT_WORDS = r"(?:paciente|pacient|usuari[oa]|doente|gaixoa|nombre\s+y\s+apellidos|ni[ñn][oa](?:/a)?)"
# "Farmacéutico/a"; a log's short title of the dispensing pharmacist's column: "farm", "farm."
_STAFF_KEY = re.compile(rf"(?i){STAFF_WORDS}(?:/[ao])?|farm\.?")
# a column's short titles too: a care home's "residente", a log's "pac" or "pte"
_PATIENT_KEY = re.compile(rf"(?i){PATIENT_WORDS}|pac|pte|residente|resident|intern[oa]")
_KEYS = [(re.compile(rf"(?i)(?:{key})\.?"), label) for key, label in V.HEADER_FIELDS]
_BILINGUAL = re.compile(r"[ \t]+/[ \t]+")
# a trial subject's screening or randomisation number heading a column: "Nº SCR", "Nº aleatorización", "ID sujeto"
_STUDY_KEY = re.compile(
    r"(?i)(?:n[ºo°]\.?[ \t]*|id[ \t]+|c[oó]d(?:igo)?\.?[ \t]+)?(?:de[ \t]+)?(?:scr|screening|cribado|sujeto|aleatorizaci[oó]n|"
    r"randomizaci[oó]n|random(?:ization)?|rand\.?)"
)
# initials heading a column: the patient's when the row also has a patient identifier column (a screening log)
_INITIALS_KEY = re.compile(r"(?i)inic(?:iales|\.)?")
_INITIALS = re.compile(r"(?:[A-ZÁÉÍÓÚÑ]\.[ \t]?){1,4}|[A-ZÁÉÍÓÚÑ]{2,4}(?![\w])")
_INITIALS_SURNAME = re.compile(r"(?:[A-ZÁÉÍÓÚÑ]\.[ \t]?){1,3}[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(?:[ -][A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)?")
_NAME_CELL = re.compile(r"[^\W\d_][^\W\d_'’.-]*(?:[ \t]*,?[ \t]+[^\W\d_][^\W\d_'’.-]*){1,6}")
_NAME_LABELS = ("NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA")
_DIGIT_LABELS = frozenset({
    "ID_SUJETO_ASISTENCIA", "OTRO_NUMERO_IDENTIF", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL", "ID_TITULACION_PERSONAL_SANITARIO",
    "NUMERO_TELEFONO", "NUMERO_FAX", "FECHAS", "EDAD_SUJETO_ASISTENCIA",
})
_CUED_ELSEWHERE = frozenset({"NUMERO_TELEFONO", "NUMERO_FAX"})  # phones after a cue are found by the contact rules
_DOT_SEP = re.compile(r"[ \t]*[·•][ \t]*")
_RULE_ROW = re.compile(r"[ \t]*[|+]?(?:[ \t]*:?-{2,}:?[ \t]*[|+])+(?:[ \t]*:?-{2,}:?[ \t]*)?")
_CODE_KEY = re.compile(r"(?i)(?:c[oó]d(?:igo)?|n[ºo°]|num|id)\.?(?:[ \t]+[^\W\d_]{2,12}\.?)?")
_LOWER_INITIALS = re.compile(r"(?:[a-zñ]\.[ \t]?){2,4}")
_CELL_WORD = re.compile(r"[^\W\d_]+\.?")
_TSV_HEAD = re.compile(r"[^\t\n]+(?:\t[^\t\n]+)+")  # titles split by single tabs, none empty
Cell = tuple[int, int]


def key_label(text: str, s: int, e: int) -> str | None:
    """The label a key cell gives the cell after it or the column under it; None for no key. A bilingual key
    (``Erizaina / Enfermera``, ``Data / Fecha``) is a key when one of its halves is."""
    label = _one_key_label(text[s:e])
    if label is None and text.count("/", s, e) == 1:
        label = next((lab for part in _BILINGUAL.split(text[s:e]) if (lab := _one_key_label(part.strip()))), None)
    return label


def _one_key_label(value: str) -> str | None:
    if _STAFF_KEY.fullmatch(value):
        return "NOMBRE_PERSONAL_SANITARIO"
    if _PATIENT_KEY.fullmatch(value):
        return "NOMBRE_SUJETO_ASISTENCIA"
    if _STUDY_KEY.fullmatch(value):
        return "OTRO_NUMERO_IDENTIF"
    return next((label for rx, label in _KEYS if rx.fullmatch(value)), None) or column_key_label(value)


def _cells(text: str, s: int, e: int) -> tuple[list[Cell], bool]:
    """The trimmed cells of a line and whether they are split by ``|`` (else by tabs or gaps)."""
    line = text[s:e]
    bars = line.count("|") + line.count("¦") + line.count("│")
    if bars >= 2 or bars == 1 and not line.strip().startswith(("|", "¦", "│")):
        cells = [(s + m.start(), s + m.end()) for m in _PIPE_CELL.finditer(line)]
        return [c for c in (trim(text, *c) for c in cells) if c[0] < c[1]], True
    if "\t" not in line and "  " not in line.strip():
        return [], False
    return [(s + m.start(), s + m.end()) for m in _GAP_CELL.finditer(line)], False


def _column_label(head: tuple[list[Cell], list[str | None], bool], i: int, rel: int, tabs: int | None = None) -> str | None:
    """The key of the column of cell ``i`` of a row, the cell starting ``rel`` characters into its line; ``tabs``:
    the tabs before the cell in a tab-separated row under a tab-separated head of as many tabs."""
    cols, labels, piped = head
    if piped:
        return labels[i] if i < len(labels) else None
    if tabs is not None:
        return labels[tabs] if tabs < len(labels) else None
    j = max((k for k, (a, _) in enumerate(cols) if a <= rel + 2), default=None)
    if j is None or j + 1 < len(cols) and rel >= cols[j + 1][0] - 2:
        return None
    return labels[j]


class TableRules:
    """Mixin of :class:`~surrogate.ner.rules.backend.RulesBackend`: fields in table cells."""

    def _tables(self, text: str) -> list[Candidate]:
        out: list[Candidate] = []
        head: tuple[list[Cell], list[str | None], bool] | None = None  # the column keys of the table above
        head_tabs: int | None = None
        for s, e in lines(text):
            if _RULE_ROW.fullmatch(text, s, e):
                continue  # "|------|:---:|": a Markdown table's rule under its titles
            cells, piped = _cells(text, s, e)
            if len(cells) < 2:
                head = None
                continue
            labels = rooms_kept([text[a:b] for a, b in cells], [key_label(text, *c) for c in cells])  # "hab" beside "huésped"
            if "ID_SUJETO_ASISTENCIA" in labels or "OTRO_NUMERO_IDENTIF" in labels:  # "Nº SCR  Inic.  NHC": the subject's
                labels = ["NOMBRE_SUJETO_ASISTENCIA" if _INITIALS_KEY.fullmatch(text, *c) else lab for c, lab in zip(cells, labels)]
            if "NOMBRE_SUJETO_ASISTENCIA" in labels:  # "cod uad ¦ pac": a code's column beside the patient's is the patient's
                labels = ["ID_SUJETO_ASISTENCIA" if lab is None and _CODE_KEY.fullmatch(text, *c) else lab for c, lab in zip(cells, labels)]
            titles = all(lab is not None or not any(ch.isdigit() for ch in text[c[0]:c[1]]) for c, lab in zip(cells, labels))
            if titles and len(cells) >= 3 and any(labels):
                head = ([(a - s, b - s) for a, b in cells], labels, piped)  # a row of column titles
                # a tab-separated export (".tsv"): its cells line up by their tab count, not by position
                head_tabs = text.count("\t", s, e) if _TSV_HEAD.fullmatch(text, s, e) else None
                continue
            for i in range(len(cells) - 1):
                if labels[i] and labels[i + 1] is None:
                    out += self._cell_value(text, *cells[i + 1], labels[i], HEADER)
            if head is not None and head[2] == piped:
                tsv = head_tabs is not None and text.count("\t", s, e) == head_tabs
                for i, cell in enumerate(cells):
                    label = _column_label(head, i, cell[0] - s, text.count("\t", s, cell[0]) if tsv else None)
                    if label and labels[i] is None:
                        out += self._cell_value(text, *cell, label, STRUCTURED)
        return out + self._dotted_cells(text)

    def _dotted_cells(self, text: str) -> list[Candidate]:
        """A row of ``·``-separated cells, each a key and its value with no colon between them: ``CP 07002 ·
        Población Palma · Tfno 971 00 00 00`` (a colon-less key is trusted only inside such a row)."""
        out: list[Candidate] = []
        for s, e in lines(text):
            if text.count("·", s, e) + text.count("•", s, e) < 2:
                continue
            pos = s
            for sep in [*_DOT_SEP.finditer(text, s, e), None]:
                cs, ce = trim(text, pos, sep.start() if sep else e)
                pos = sep.end() if sep else e
                if cs >= ce or ":" in text[cs:ce]:
                    continue
                for rx, label in _KEYS:
                    m = rx.match(text, cs, ce)
                    if label and label not in _CUED_ELSEWHERE and m and m.end() < ce and text[m.end()] in " \t":
                        out += self._cell_value(text, *trim(text, m.end(), ce), label, STRUCTURED)
                        break
        return out

    def _lower_name_cell(self, text: str, s: int, e: int, label: str, tier: int) -> list[Candidate]:
        """A name typed in lower case under a name column: initials (``m.a.c.``), or known name words
        (``fdez fdez, aurelio``, ``alfredo vega``) with abbreviated surnames and initials among them."""
        if e < len(text) and text[e] == "." and _LOWER_INITIALS.fullmatch(text, s, e + 1):
            e += 1
        if _LOWER_INITIALS.fullmatch(text, s, e):
            return [Candidate(s, e, label, tier)]
        words = _CELL_WORD.findall(text[s:e])
        if not words or "".join(words) != re.sub(r"[\s,]", "", text[s:e]):
            return []
        # imported here: recase_cues imports this module through names
        from .recase_cues import ORDINARY
        from .staff_roles import SURNAME_ABBREVIATIONS

        def name(w: str) -> bool:
            return len(w) >= 3 and not w.endswith(".") and fold(w) not in V.NAME_STOP and (
                self.lexicon.is_("first_name", w) or self.lexicon.is_("surname", w))

        def given(w: str) -> bool:
            return name(w) and fold(w) not in ORDINARY and self.lexicon.is_("first_name", w)

        surnames, _, after = text[s:e].partition(",")
        if after:  # "blanco, celsa": a known given name after the comma vouches for ordinary-looking surnames
            head, tail = _CELL_WORD.findall(surnames), _CELL_WORD.findall(after)
            ok = bool(head) and bool(tail) and given(tail[0]) and all(name(w) or w.endswith(".") or fold(w) in SURNAME_ABBREVIATIONS for w in head)
        else:  # "alfredo vega", "tito": a given name first, then names or initials
            ok = given(words[0]) and all(name(w) or len(w) <= 2 for w in words[1:])
        return [Candidate(s, e, label, tier)] if ok else []

    def _cell_value(self, text: str, s: int, e: int, label: str, tier: int) -> list[Candidate]:
        """The value of one cell under ``label``, when it looks like one."""
        value = text[s:e]
        if label in _NAME_LABELS:
            h = P.HONORIFIC.match(text, s, e)
            if h:  # "Dr. Pastor" under a staff column: the name without its title
                s, value = h.end(), text[h.end():e]
            if e < len(text) and text[e] == "." and _INITIALS.fullmatch(text[s:e + 1]):
                e += 1  # "R.M.G.": the last initial's period (trimmed off as punctuation)
            if (paren := re.search(r"[ \t]*\(", value)) and value.rstrip().endswith(")"):  # "D.S. (nuevo)", "tito (alfredo vega)"
                inner = (s + paren.end(), e - (len(value) - len(value.rstrip())) - 1)
                outer = self._cell_value(text, s, s + paren.start(), label, tier)
                return outer + (self._lower_name_cell(text, *trim(text, *inner), label, tier) if outer else [])
            if not any(ch.isupper() for ch in value):
                return self._lower_name_cell(text, s, e, label, tier)
            if _INITIALS.fullmatch(text[s:e]) and fold(text[s:e].replace(".", "")) not in V.NAME_STOP \
                    or _INITIALS_SURNAME.fullmatch(text, s, e):  # "R.M.G.", "E. Soler"
                return [Candidate(s, e, label, tier)]
            if _NAME_CELL.fullmatch(value) and "," in value:  # "Fernández Llamazares, Benigno"
                return [Candidate(s, e, label, tier)] if fold(value.split()[0]) not in V.NAME_STOP else []
            span = self._grab_name(text, s, e)
            if not span or fold(text[span[0]:span[1]].split()[0]) in V.NAME_STOP:
                return []
            return [Candidate(span[0], span[1], label, tier)]
        if label in _DIGIT_LABELS:
            return self._field_value(text, label, s, e, tier) if any(c.isdigit() for c in value) else []
        if label in ("CALLE", "TERRITORIO", "PAIS") and (value[0].isupper() or value[0].isdigit()):
            return self._field_value(text, label, s, e, tier)
        return []
