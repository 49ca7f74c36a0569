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


# each failed on 9e632b0: a name then a Catalan age (the "años" of "Jordi Puig, de 58 años" was required), the
# Catalan month "novembre", and a company's "SL." read as a name's initial that ran on into "La seva filla"
@pytest.mark.parametrize("text, value, label", [
    ("Us remeto en Jordi Puig Serra, de 58 anys, amb domicili a Mataró.", "58 anys", "EDAD_SUJETO_ASISTENCIA"),
    ("Pacient atès el dia 3 de novembre a urgències.", "3 de novembre", "FECHAS"),
    ("Treballa a Construccions Maresme SL. La seva filla l'acompanya.", "Construccions Maresme SL", "INSTITUCION"),
    ("Traballa en Conservas Rianxo SL. A súa filla acompáñao.", "Conservas Rianxo SL", "INSTITUCION"),
])
def test_a_co_official_value_is_found_whole(rules, text, value, label):
    (spans,) = rules.predict([text])
    start = text.index(value)
    assert any(s.label == label and (s.start, s.end) == (start, start + len(value)) for s in spans), spans


def test_a_dose_in_days_is_still_no_age(rules):
    (spans,) = rules.predict(["Tractament amb amoxicil·lina 500 mg durant 7 dies."])
    assert not any(s.label == "EDAD_SUJETO_ASISTENCIA" for s in spans)
