"""The rules backend on two people's full names joined by "y" (a family conference's attendance, a team line): each
is its own span, and a name with "y" inside ("Santiago Ramón y Cajal") stays one. And a public service's short
number after "aviso" (``aviso al 061``) is no alert identifier.

Every snippet is fictional and written for this test; each positive failed on b8fd69b: the two names were one
span (so the surrogate was one name, "Beatriz Cáceres Sánchez y Navarro Mota Larrosa"), and "al 061" was tagged
ID_CONTACTO_ASISTENCIAL (its surrogate "zg 089" rewrote the preposition).
"""
from __future__ import annotations

import pytest
from rules_probe import NAMES, exactly, spans_of


@pytest.mark.parametrize("text, first, second", [
    ("Acompañan Josefa Ortega Maldonado y José María Jiménez Ortega, sus hijos.",
     "Josefa Ortega Maldonado", "José María Jiménez Ortega"),
    ("Equipo: Dra. Inmaculada Puertas Lozano y Enrique Vílchez Moya (enfermero gestor de casos).",
     "Inmaculada Puertas Lozano", "Enrique Vílchez Moya"),
    ("Presentes: Marta López Ruiz y Jorge Pérez Gil.", "Marta López Ruiz", "Jorge Pérez Gil"),
    ("Hi assisteixen Núria Soler Puig i Jordi Vidal Roca.", "Núria Soler Puig", "Jordi Vidal Roca"),
])
def test_two_full_names_joined_by_y_are_two_spans(rules, text, first, second):
    assert exactly(rules, text, first, NAMES), spans_of(rules, text)
    assert exactly(rules, text, second, NAMES), spans_of(rules, text)


@pytest.mark.parametrize("text, value", [
    ("Visto por el Dr. Santiago Ramón y Cajal en consulta.", "Santiago Ramón y Cajal"),
    ("Remitida por Ana García López y Pedro.", "Ana García López y Pedro"),  # a given name alone stays inside
])
def test_a_name_with_y_inside_stays_one_span(rules, text, value):
    start = text.index(value)
    assert any(s <= start and start + len(value) <= e for s, e, lab, _ in spans_of(rules, text) if lab in NAMES), \
        spans_of(rules, text)


@pytest.mark.parametrize("text, value", [
    ("Si crisis de dolor: rescate con morfina 5 mg sc y aviso al 061.", "al 061"),
    ("Ante cualquier incidencia al 112 por caída, avisar a la familia.", "al 112"),
    ("Se da aviso al 016 según protocolo.", "016"),
])
def test_a_public_service_number_after_aviso_is_no_identifier(rules, text, value):
    start = text.index(value)
    assert not [x for x in spans_of(rules, text) if x[0] < start + len(value) and start < x[1]], spans_of(rules, text)


def test_an_alert_number_after_aviso_is_still_found(rules):
    text = "Nº de aviso 2025-0044871, activado por el 112."
    assert exactly(rules, text, "2025-0044871", {"ID_CONTACTO_ASISTENCIAL"}), spans_of(rules, text)


# each failed on 9e632b0: a field value or a connector ran on over the title into the second person
# ("Pilar Ruiz y Dr. Juan Pérez", "Ruiz y el Dr. Pérez" as one span, so "y el Dr." was rewritten)
@pytest.mark.parametrize("text, first, second", [
    ("Firma: Dra. Pilar Ruiz y Dr. Juan Pérez", "Pilar Ruiz", "Juan Pérez"),
    ("La Dra. Ruiz y el Dr. Pérez valoran al paciente.", "Ruiz", "Pérez"),
    ("Firma: Dra. Mª. Pilar Ruiz y Dr. J. M. Pérez", "Mª. Pilar Ruiz", "J. M. Pérez"),
])
def test_a_title_after_a_joiner_starts_a_second_person(rules, text, first, second):
    assert exactly(rules, text, first, NAMES), spans_of(rules, text)
    assert exactly(rules, text, second, NAMES), spans_of(rules, text)
