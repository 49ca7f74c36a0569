"""The rules backend on names and dates inside file names (`surrogate/ner/rules/file_names.py`).

A wound-care chart, a PACS export or a list of scanned documents names its files after the patient and the day
(``UPP_PerezNavas_sacro_20240912.jpg``). The tokenizer reads the whole file name as one word, so a patient found
in the header was left in every file name of the `deid` output. Every snippet is fictional and written for this
test; each positive failed on 0ede277.
"""
from __future__ import annotations

import pytest
from rules_probe import NAMES, spans_of

DATE = {"FECHAS"}
HEADER = "Paciente: PÉREZ NAVAS, ROSENDA     NHC: 0081234\n"

POSITIVES = [
    (HEADER + "Foto: UPP_PerezNavas_sacro_20240912.jpg", "PerezNavas", NAMES),
    (HEADER + "Foto: UPP_PerezNavas_sacro_20240912.jpg", "20240912", DATE),
    (HEADER + "Adjunto: IMG_20241003_101512_RPN.jpg (talón)", "RPN", NAMES),
    (HEADER + "Adjunto: IMG_20241003_101512_RPN.jpg (talón)", "20241003", DATE),
    ("Paciente: Rosenda Pérez Navas\nInforme escaneado: informe_alta_PerezNavas_20240915.pdf", "PerezNavas", NAMES),
]


@pytest.mark.parametrize("text, value, labels", POSITIVES)
def test_positive(rules, text, value, labels):
    start = text.rindex(value)
    found = spans_of(rules, text)
    assert any(lab in labels and s <= start and start + len(value) <= e for s, e, lab, _ in found), found


NEGATIVES = [
    # a file name with no name of the note, a number that is no date, the time of a camera's stamp
    (HEADER + "Plantilla: UPP_plantilla_sacro_v2.docx", "plantilla", NAMES),
    (HEADER + "Lote: LOT_12345678_A.csv", "12345678", DATE),
    (HEADER + "Adjunto: IMG_20241003_101512_RPN.jpg", "101512", DATE | NAMES),
    # another person's joined surnames are not this note's name
    (HEADER + "Foto: UPP_GomezRuiz_sacro.jpg", "GomezRuiz", NAMES),
]


@pytest.mark.parametrize("text, value, labels", NEGATIVES)
def test_negative(rules, text, value, labels):
    start = text.index(value)
    end = start + len(value)
    found = spans_of(rules, text)
    assert not any(s < end and start < e and lab in labels for s, e, lab, _ in found), found
