"""Labels written inside an identifier span stay as written: mutual insurers, policies, professional cards,
device serials and lots, request and sample numbers (they were drawn as random letters, a pseudo-word or a mask:
'MUFACE 12345678' -> 'QQYIUE 72564697', 'Póliza 123-456-789' -> 'México 642-246-570', 'CNP 1234' -> 'XXX 8358')."""
from __future__ import annotations

import re
from functools import cache

import pytest

from surrogate import Document, Engine, EngineConfig, Span


@cache
def engine() -> Engine:
    return Engine(EngineConfig(), "meddocan")


@pytest.mark.parametrize("label, value, kept", [
    ("ID_ASEGURAMIENTO", "MUFACE 12345678", "MUFACE "),
    ("ID_ASEGURAMIENTO", "ISFAS 0123456", "ISFAS "),
    ("ID_ASEGURAMIENTO", "Póliza 123-456-789", "Póliza "),
    ("ID_TITULACION_PERSONAL_SANITARIO", "CNP 1234", "CNP "),
    ("IDENTIF_DISPOSITIVOS_NRSERIE", "SN: 88123456", "SN: "),
    ("IDENTIF_DISPOSITIVOS_NRSERIE", "Lote 23A1234", "Lote "),
    ("ID_CONTACTO_ASISTENCIAL", "Petición 2024/0012", "Petición "),
    ("ID_SUJETO_ASISTENCIA", "Código 12345", "Código "),
    ("ID_ASEGURAMIENTO", "AN 06 1877 4402", "AN "),  # an Andalusian card's region: "AN" was masked
])
def test_a_label_inside_an_identifier_span_stays_and_the_number_changes(label, value, kept):
    doc = Document("d", f"Dato: {value}.", (Span("T1", label, 6, 6 + len(value)),))
    for seed in range(6):
        result = engine().apply(doc, seed=seed)
        new = result.document.text[6:-1]
        assert result.replacements[0].action == "surrogate" and not result.guarded, result.guarded
        assert new.startswith(kept) and new != value, new
        assert _shape(new) == _shape(value), new  # the number keeps its layout


def _shape(s: str) -> str:
    return re.sub(r"[a-z]", "a", re.sub(r"[A-Z]", "A", re.sub(r"\d", "9", s)))
