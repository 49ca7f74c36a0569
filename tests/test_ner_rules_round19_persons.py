"""Round 19 of the typed-fast notes, persons, dates and numbers: general mechanisms, on short lines of our own."""
from __future__ import annotations

import pytest

from surrogate.ner.rules.backend import build


@pytest.fixture(scope="module")
def backend():
    return build()


def found(backend, text: str) -> set[tuple[str, str]]:
    return {(text[s.start:s.end], s.label) for s in backend.predict([text])[0]}


def labels(backend, text: str) -> set[str]:
    return {lab for _, lab in found(backend, text)}


STAFF, PATIENT, DATE = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA", "FECHAS"
PATIENT_ID, PHONE = "ID_SUJETO_ASISTENCIA", "NUMERO_TELEFONO"


# ---------------------------------------------------------------------------------------------- dictation
DICTATED = ("informe de alta de neumologia punto y aparte\n"
            "paciente andres pujol ferrer coma de setenta y un años coma documento nacional de identidad "
            "tres ocho cinco uno dos siete cuatro seis jota punto ingresado en dos mil diecinueve por neumonia coma "
            "en coma etilico a su llegada punto y aparte\n")


def test_a_dictated_id_takes_its_spelled_check_letter(backend):
    assert ("tres ocho cinco uno dos siete cuatro seis jota", PATIENT_ID) in found(backend, DICTATED)


def test_a_year_dictated_in_words_after_en(backend):
    assert ("dos mil diecinueve", DATE) in found(backend, DICTATED)


def test_spoken_commas_are_no_surname(backend):
    got = found(backend, DICTATED)
    assert ("andres pujol ferrer", PATIENT) in got
    assert not any("coma" in text for text, lab in got if lab in (PATIENT, STAFF))


@pytest.mark.parametrize("line", [
    "se prescriben en dos mil quinientos ml de suero fisiologico",
    "llega en coma, glasgow 3, ta 90/50",
    "hace dos mil pasos al dia",
])
def test_no_spoken_year_or_name_in_clinical_text(backend, line):
    assert not labels(backend, line) & {DATE, PATIENT, STAFF}
