"""Round 17 of the typed-fast notes, persons: general mechanisms, on short lines of our own."""
from __future__ import annotations

import pytest
from rules_probe import found

from surrogate.ner.rules.backend import build


@pytest.fixture(scope="module")
def backend():
    return build()


def texts(backend, text: str) -> set[str]:
    return {t for t, _ in found(backend, text)}


STAFF, PATIENT = "NOMBRE_PERSONAL_SANITARIO", "NOMBRE_SUJETO_ASISTENCIA"


def test_broken_bar_table_with_a_lower_case_patient_column(backend):
    text = ("cama ¦ residente ¦ edad ¦ obs\n"
            "12 ¦ lopez lopez, genaro ¦ 84 ¦ -\n"
            "14 ¦ pardo, adela ¦ 90 ¦ tos\n"
            "15 ¦ quique (enrique sastre) ¦ 77 ¦ -\n"
            "16 ¦ r.t.v. ¦ 81 ¦ -\n")
    got = found(backend, text)
    for name in ("lopez lopez, genaro", "pardo, adela", "quique", "enrique sastre", "r.t.v."):
        assert (name, PATIENT) in got
    assert ("84", "EDAD_SUJETO_ASISTENCIA") in got


def test_code_column_beside_the_patient_column(backend):
    text = "cod ¦ pac ¦ pauta\nABC-1187 ¦ T.R.N. ¦ 2 comp\nABC-1190 ¦ L.F.G. ¦ 1 comp\n"
    got = found(backend, text)
    assert ("ABC-1187", "ID_SUJETO_ASISTENCIA") in got and ("T.R.N.", PATIENT) in got


def test_lower_case_cells_that_are_no_names(backend):
    text = "cama ¦ residente ¦ edad\n12 ¦ libre ¦ -\n14 ¦ pendiente de ingreso ¦ -\n"
    assert not {lab for _, lab in found(backend, text)} & {PATIENT}


@pytest.mark.parametrize("line,name", [
    ("la encontro la gerocultora nuria a las 5", "nuria"),
    ("revisa due sergio la via periferica", "sergio"),
    ("se informa a trab social lorena del alta", "lorena"),
    ("avisado el entrenador ruben garcia", "ruben garcia"),
    ("la enf de la resid marta pide pauta", "marta"),
    ("erizainarekin olatz hitz egin du", "olatz"),
])
def test_staff_after_a_role_as_typed_fast(backend, line, name):
    assert (name, STAFF) in found(backend, line)


def test_staff_listed_after_one_role(backend):
    got = texts(backend, "turno: enf susana, cristina, alberto (refuerzo)")
    assert {"susana", "cristina", "alberto"} <= got


def test_a_list_does_not_swallow_words(backend):
    assert "tension" not in " ".join(texts(backend, "enf susana, tension normal"))


def test_initialled_signature_in_a_lower_case_note(backend):
    text = ("paciente estable, sin cambios\nse ajusta pauta\nctrl en 48h\ncita en cs\nse explica a familia\n"
            "tolera dieta\nno fiebre\nalta a domicilio\nvisto 12:40 P. Garrido Luengo enf col 4471\n")
    assert ("P. Garrido Luengo", STAFF) in found(backend, text)


def test_a_time_is_no_age(backend):
    assert "EDAD_SUJETO_ASISTENCIA" not in {lab for _, lab in found(backend, "llamada a las 11:05 a. m.")}


def test_roll_call_surname_first(backend):
    text = ("consultas telefonicas\n08:10 garrido luengo rosa 59a dolor lumbar\n08:20 serrano, baltasar 77 tos\n"
            "08:30 ortiz g., maite 41 a mujer - receta\nse llama a todos\nse deja nota\nno incidencias\nfin\n")
    got = texts(backend, text)
    assert {"garrido luengo rosa", "serrano, baltasar", "ortiz g., maite"} <= got


def test_name_then_the_persons_number(backend):
    got = found(backend, "mar 4 no acude francisco javier (0833). se llama")
    assert ("francisco javier", PATIENT) in got


def test_a_given_name_is_not_read_inside_a_word(backend):
    assert "ana" not in texts(backend, "cita matrona elena y anal 1er trim")
