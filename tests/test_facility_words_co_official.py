"""Facility type words in Catalan, Galician and Basque are kept and only the name proper changes: "Centre
d'Atenció Primària Sant Andreu", "Centro de Saúde de Lalín", "Amara Osasun Zentroa"."""
from __future__ import annotations

import pytest

from surrogate import Document, Engine, EngineConfig, Span


@pytest.fixture(scope="module")
def engine():
    return Engine(EngineConfig(), schema="meddocan")


@pytest.mark.parametrize("label, name, kept, proper", [
    ("CENTRO_SALUD", "Centre d'Atenció Primària Sant Andreu", "Centre d'Atenció Primària ", "Sant Andreu"),
    ("CENTRO_SALUD", "Centro de Saúde de Lalín", "Centro de Saúde de ", "Lalín"),
    ("CENTRO_SALUD", "Amara Osasun Zentroa", " Osasun Zentroa", "Amara"),
    ("HOSPITAL", "Donostia Unibertsitate Ospitalea", " Unibertsitate Ospitalea", "Donostia"),
    # with a Basque case ending: "Zentroko" (of the centre) was masked (9e632b0)
    ("CENTRO_SALUD", "Sestaoko Osasun Zentroko", " Osasun Zentroko", "Sestao"),
    ("HOSPITAL", "Gurutzetako Ospitalera", " Ospitalera", "Gurutzeta"),
])
def test_type_words_stay_and_the_name_changes(engine, label, name, kept, proper):
    text = f"Remitido desde {name}."
    doc = Document("d", text, (Span("T1", label, 15, 15 + len(name)),))
    for seed in range(1, 7):
        new = engine.apply(doc, seed=seed).replacements[0].surrogate
        assert kept in new and proper not in new and "X" not in new, new
        rest = new.replace(kept, "", 1).strip()
        assert rest and rest[0].isupper(), new  # a name in the place of the name
