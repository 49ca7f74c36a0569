"""The rules backend finds a patient's age written in Catalan, Galician or Basque ("Pacient de 67 anys")."""
from __future__ import annotations

import pytest

from surrogate.ner import load_backend


@pytest.fixture(scope="module")
def rules():
    return load_backend("rules")


@pytest.mark.parametrize("text, age", [
    ("Pacient de 67 anys, viu amb la seva mare.", "67 anys"),
    ("Doente de 8 anos que acode por febre.", "8 anos"),
    ("Emakumea, 45 urte, ospitalean sartua.", "45 urte"),
    ("Home de 52 anys amb dolor toràcic.", "52 anys"),
])
def test_a_co_official_age_is_found(rules, text, age):
    (spans,) = rules.predict([text])
    start = text.index(age)
    assert any(s.label == "EDAD_SUJETO_ASISTENCIA" and s.start <= start and s.end >= start + len(age) for s in spans)


def test_a_dose_in_days_is_still_no_age(rules):
    (spans,) = rules.predict(["Tractament amb amoxicil·lina 500 mg durant 7 dies."])
    assert not any(s.label == "EDAD_SUJETO_ASISTENCIA" for s in spans)
