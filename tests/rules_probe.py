"""Test helper for the rules backend's snippet tests: label groups, span look-ups, the filler lines of a note typed
fast and the assertions of a table of cases (the ``rules`` fixture is in conftest.py)."""
from __future__ import annotations

import pytest

NAMES = {"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA"}
STAFF = {"NOMBRE_PERSONAL_SANITARIO"}
PATIENT = {"NOMBRE_SUJETO_ASISTENCIA"}
RELATIVE = {"FAMILIARES_SUJETO_ASISTENCIA"}
PLACES = {"CALLE", "TERRITORIO"}
FACILITIES = {"HOSPITAL", "CENTRO_SALUD", "INSTITUCION"}
HOSPITAL = {"HOSPITAL"}
CENTRE = {"CENTRO_SALUD"}
BODY = {"INSTITUCION"}
TOWN = {"TERRITORIO"}
DATE = {"FECHAS"}
PHONE = {"NUMERO_TELEFONO"}
OTHER = {"OTRO_NUMERO_IDENTIF"}
EMPLOYEE = {"ID_EMPLEO_PERSONAL_SANITARIO"}
DEGREE = {"ID_TITULACION_PERSONAL_SANITARIO"}
#: any label a place's negative case must not take
ANY = {"HOSPITAL", "CENTRO_SALUD", "INSTITUCION", "TERRITORIO", "PAIS", "CALLE", "NOMBRE_SUJETO_ASISTENCIA",
       "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA", "ID_SUJETO_ASISTENCIA", "FECHAS",
       "OTRO_NUMERO_IDENTIF", "NUMERO_TELEFONO", "EDAD_SUJETO_ASISTENCIA"}


def spans_of(backend, text):
    (spans,) = backend.predict([text])
    return [(s.start, s.end, s.label, text[s.start:s.end]) for s in spans]


def found(backend, text) -> set[tuple[str, str]]:
    """(text, label) of every detected span."""
    return {(t, lab) for _, _, lab, t in spans_of(backend, text)}


def labels(backend, text) -> set[str]:
    """The labels of the detected spans."""
    return {lab for _, _, lab, _ in spans_of(backend, text)}


def exactly(backend, text, value, labels):
    """One detected span with one of ``labels`` is exactly ``value`` (its first occurrence)."""
    return _found(spans_of(backend, text), text, value, labels, last=False, cover=False)


def covered(backend, text, value, labels):
    """One detected span with one of ``labels`` covers ``value`` (its first occurrence) whole."""
    return _found(spans_of(backend, text), text, value, labels, last=False, cover=True)


def cases(rows):
    """``@cases(POSITIVES)``: one test per row of a snippet table, (text, value, labels): a text, a value in it, the
    labels (a set) a span of it should or should not have."""
    return pytest.mark.parametrize(("text", "value", "labels"), rows)


def filler_log(*lines: str) -> str:
    """A note's other lines, one per argument, each ending in a newline: a note typed fast starts its lines in lower
    case, and the snippet under test goes after them."""
    return "".join(f"{line}\n" for line in lines)


#: a home-care nurse's log typed fast: lines start in lower case (a few capitals stay)
HOME_VISIT_LOG = filler_log("visita domiciliaria de enfermeria", "paciente tranquilo sin incidencias",
                            "se revisa pastillero semanal ok", "pendiente analitica de control", "TA y FC dentro de rango",
                            "refiere poco apetito x las noches", "se insiste en beber agua", "proxima visita en 5 dias")


def _at(text: str, value: str, last: bool) -> tuple[int, int]:
    start = text.rindex(value) if last else text.index(value)
    return start, start + len(value)


def _found(found, text, value, labels, *, last, cover):
    start, end = _at(text, value, last)
    return any(lab in labels and ((s <= start and end <= e) if cover else (s, e) == (start, end))
               for s, e, lab, _ in found)


def assert_found(backend, text, value, labels, *, last=False, cover=False):
    """A detected span with one of ``labels`` is exactly ``value`` (``cover``: covers it whole), at the value's first
    occurrence (``last``: its last)."""
    found = spans_of(backend, text)
    assert _found(found, text, value, labels, last=last, cover=cover), found


def assert_not_found(backend, text, value, labels, *, last=False, inside=False):
    """No detected span with one of ``labels`` overlaps ``value`` (``inside``: is ``value`` or lies inside it, a longer
    span may hold it), at the value's first occurrence (``last``: its last)."""
    start, end = _at(text, value, last)
    found = spans_of(backend, text)
    assert not any(lab in labels and ((start <= s and e <= end) if inside else (s < end and start < e))
                   for s, e, lab, _ in found), found
