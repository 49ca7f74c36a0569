"""A field value written inside a sentence ends where the sentence goes on: 'DNI: 12345678Z, de 67 años'
is the DNI, then the age (the DNI's span ran to the full stop and swallowed the age, which its replacer then
turned into 'de 84 alta')."""
from __future__ import annotations

from functools import cache

import pytest
from rules_probe import spans_of

from surrogate.ner.registry import load_backend


@cache
def backend():
    return load_backend("rules", schema="meddocan")


def _found(text: str) -> list[tuple[str, str]]:
    return [(sp.label, text[sp.start:sp.end]) for sp in backend().predict([text])[0]]


@pytest.mark.parametrize("text, expected", [
    ("Paciente: José García Núñez, DNI: 12345678Z, de 67 años. Vive en Cádiz.",
     [("ID_SUJETO_ASISTENCIA", "12345678Z"), ("EDAD_SUJETO_ASISTENCIA", "67 años")]),
    ("NHC: 1234567, de 8 años, remitido por fiebre.",
     [("ID_SUJETO_ASISTENCIA", "1234567"), ("EDAD_SUJETO_ASISTENCIA", "8 años")]),
    ("Fecha: lunes, 3 de marzo de 2014, a las 10:00 acude a urgencias.", [("FECHAS", "lunes, 3 de marzo de 2014")]),
    ("Edad: 67 años, varón, sin alergias.", [("EDAD_SUJETO_ASISTENCIA", "67 años")]),
])
def test_a_field_value_ends_where_the_sentence_goes_on(text, expected):
    found = _found(text)
    assert all(item in found for item in expected), found
    assert not any(label == expected[0][0] and value != expected[0][1] for label, value in found), found


def test_a_number_of_years_after_a_measurement_is_no_age():
    assert not [x for x in _found("Hb 12345, de 3 años de evolución.") if x[0] == "EDAD_SUJETO_ASISTENCIA"]


@pytest.mark.parametrize("text, value, label", [
    # a field written inline in running text: its value ends where the next sentence starts (the sentence was
    # swallowed into the span, and `deid` replaced the clinical content with a name or a company)
    ("Médico: Dr. Pérez Gil. Ingresa por dolor torácico de 2 horas.", "Pérez Gil", "NOMBRE_PERSONAL_SANITARIO"),
    ("Enfermera: Ana Ruiz. Se administra paracetamol 1 g.", "Ana Ruiz", "NOMBRE_PERSONAL_SANITARIO"),
    ("Mutua: ASEPEYO. Ingresa en planta de traumatología.", "ASEPEYO", "INSTITUCION"),
    ("Empresa: Construcciones Ruiz S.L. Refiere caída desde un andamio.", "Construcciones Ruiz S.L.", "INSTITUCION"),
])
def test_an_inline_field_value_ends_where_the_next_sentence_starts(rules, text, value, label):
    start = text.index(value)
    found = [(s, e, lab) for s, e, lab, _ in spans_of(rules, text) if s < start + len(value) and start < e]
    assert found == [(start, start + len(value), label)], spans_of(rules, text)


@pytest.mark.parametrize("text, value", [
    ("Médico: Dra. María de la Fuente. NºCol: 28/12345", "María de la Fuente"),  # "de la" is no sentence
    ("Empresa: Talleres Ugalde, S.A.", "Talleres Ugalde, S.A."),
])
def test_a_field_value_with_particles_or_a_legal_form_stays_whole(rules, text, value):
    start = text.index(value)
    assert any(s <= start and start + len(value) <= e for s, e, _, _ in spans_of(rules, text)), spans_of(rules, text)
