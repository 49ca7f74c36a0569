"""Test helper for the rules backend's snippet tests: label groups and span look-ups (the ``rules`` fixture is in
conftest.py)."""
from __future__ import annotations

NAMES = {"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA"}
STAFF = {"NOMBRE_PERSONAL_SANITARIO"}
PATIENT = {"NOMBRE_SUJETO_ASISTENCIA"}
RELATIVE = {"FAMILIARES_SUJETO_ASISTENCIA"}
PLACES = {"CALLE", "TERRITORIO"}
FACILITIES = {"HOSPITAL", "CENTRO_SALUD", "INSTITUCION"}


def spans_of(backend, text):
    (spans,) = backend.predict([text])
    return [(s.start, s.end, s.label, text[s.start:s.end]) for s in spans]


def exactly(backend, text, value, labels):
    """One detected span with one of ``labels`` is exactly ``value`` (its first occurrence)."""
    start = text.index(value)
    return any(lab in labels and (s, e) == (start, start + len(value)) for s, e, lab, _ in spans_of(backend, text))


def covered(backend, text, value, labels):
    """One detected span with one of ``labels`` covers ``value`` (its first occurrence) whole."""
    start = text.index(value)
    return any(lab in labels and s <= start and start + len(value) <= e for s, e, lab, _ in spans_of(backend, text))
