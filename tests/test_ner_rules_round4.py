"""The rules backend on the generic misses of the round-4 notes (55-66): record numbers without a colon, a key
with a remark or its translation before the colon, a trial screening log's columns and its numbers found again,
a crew member's number after the role's acronym, a login of initials and digits, and the name, place, date and
facility mechanisms below.

Every snippet is fictional and written for this test; each positive failed on 54e0dc8. The negatives are
strings in the same layouts that must stay untagged.
"""
from __future__ import annotations

import pytest
from rules_probe import PATIENT, STAFF, exactly, spans_of

OTHER = {"OTRO_NUMERO_IDENTIF"}
_LOG = (
    "Nº SCR   Inic.  NHC        Edad Resultado\n"
    "-------  -----  ---------  ---- ---------\n"
    "022-007  TRM    2.331.409  61   ALEAT.    Aleatorizada 03/03/25 (K-2281)\n"
    "022-008  PdlC   0.918.223  70   FALLO\n"
    "\n"
    "- 022-008: retirado por el propio paciente.\n"
)
_VACCINES = (
    "Txertoa / Vacuna     Data / Fecha     Erizaina / Enfermera\n"
    "-------------------  ---------------  --------------------\n"
    "Gripe                2024-10-02       K. Etxeberria\n"
)

POSITIVES = [
    # identifiers: a record number without a colon, a key's remark or translation before the colon
    ("S: Sra. Pilar Roca, 80a, NHC 4.221.905. Dolor nocturn.", "4.221.905", {"ID_SUJETO_ASISTENCIA"}),
    ("FICHA DE PACIENTE · HISTORIA Nº P-5531", "P-5531", {"ID_SUJETO_ASISTENCIA"}),
    ("Nº SIP (solo para el centro): 3310 2291 0045   Peso: 60 kg", "3310 2291 0045", {"ID_ASEGURAMIENTO"}),
    ("TIS / Osasun txartela: ETGA 1210 0493 78    HC / OK: 31-2290455", "31-2290455", {"ID_SUJETO_ASISTENCIA"}),
    # staff codes: a crew member's number after the role's acronym, a login of initials and digits
    ("Conductor: Brais Lema (TES nº 2290)", "2290", {"ID_EMPLEO_PERSONAL_SANITARIO"}),
    ("Exportado: 02/02/2025 por usuario mfr0417", "mfr0417", {"ID_EMPLEO_PERSONAL_SANITARIO"}),
    # a screening log: subject number and initials columns, the randomisation number, the number found again
    (_LOG, "022-007", OTHER),
    (_LOG, "TRM", PATIENT),
    (_LOG, "PdlC", PATIENT),
    (_LOG, "K-2281", OTHER),
    (_LOG, "022-008: retirado", None),  # the second occurrence (see test_positive)
    # a bilingual column title
    (_VACCINES, "K. Etxeberria", STAFF),
]


@pytest.mark.parametrize(("text", "value", "labels"), POSITIVES)
def test_positive(rules, text, value, labels):
    if labels is None:  # a value found again later in the note: the span at its last occurrence
        value = value.split(":")[0]
        start = text.rindex(value)
        assert any((s, e) == (start, start + len(value)) for s, e, _, _ in spans_of(rules, text)), spans_of(rules, text)
        return
    assert exactly(rules, text, value, labels), spans_of(rules, text)
