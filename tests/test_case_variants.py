"""A facility, body or address that a note writes in capitals in one place and in mixed or lower case in another
("HOSPITAL LA FE" in the header, "Hospital La Fe" in the text) is one place: one surrogate, written in each
mention's case. Round 20's notes drew "CSSPSC" for "DRASSANES" (read as an acronym) and "la calzada" for its
"drassanes" two lines below; "MERCADONA" became "LIS" and "Mercadona" a cooperative."""
from __future__ import annotations

import pytest
from fresh_layouts import surrogates
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gazetteers.text import fold
from surrogate.textcase import render_like

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("note", [
    "[[HOSPITAL|HOSPITAL GENERAL DE ELDA]]. Servicio de Urgencias.\nIngresa en el [[HOSPITAL|Hospital General de "
    "Elda]] el día 3.",
    "[[CENTRO_SALUD|CAP SANT ANDREU]]\ncontrol en el [[CENTRO_SALUD|cap sant andreu]] en un mes",
    "DERIVADO DE [[CENTRO_SALUD|BENIMACLET]]. Volverá a [[CENTRO_SALUD|Benimaclet]] al alta.",
    "EMPRESA: [[INSTITUCION|EROSKI]]. Trabaja de cajera en [[INSTITUCION|Eroski]] desde 2019.",
    "DOMICILIO: [[CALLE|C/ MAYOR 12, 2º]]\nvive sola en [[CALLE|c/ Mayor 12, 2º]], sin ascensor",
    "[[HOSPITAL|HOSPITAL GREGORIO MARANON]] ... trasladado al [[HOSPITAL|Hospital Gregorio Marañón]]",
])
@SETTINGS
@given(seed=st.integers(1, 10**6))
def test_one_place_written_in_two_cases_gets_one_surrogate_in_each_case(note, seed):
    new = surrogates(note, seed)
    first, second = new["T1"], new["T2"]
    assert fold(first) == fold(second), new  # the same place
    for mention, written in zip(("T1", "T2"), note.split("[[")[1:]):
        original = written.split("|", 1)[1].split("]]", 1)[0]
        letters = [c for c in original if c.upper() != c.lower()]
        if all(c.isupper() for c in letters):
            assert new[mention] == new[mention].upper(), new
        elif all(c.islower() for c in letters):
            assert new[mention] == new[mention].lower(), new


@SETTINGS
@given(seed=st.integers(1, 10**6))
def test_a_capitals_name_beside_its_lower_case_twin_is_no_acronym(seed):
    """"DRASSANES" alone reads as an acronym (a code of capitals); beside "drassanes" it is a name, drawn once,
    from the lower-case mention."""
    new = surrogates("CAP [[CENTRO_SALUD|DRASSANES]] · control en [[CENTRO_SALUD|drassanes]] el lunes", seed)
    assert new["T1"] == new["T2"].upper(), new


def test_a_variant_s_surrogate_is_written_in_the_case_of_its_letters_that_have_one():
    # render_like(original, surrogate, the variant drawn for)
    assert render_like("C/ MAYOR 12, 2º", "c/ Río Tajo 7, 3º", "c/ Mayor 12, 2º") == "C/ RÍO TAJO 7, 3º"
    assert render_like("hospital la fe", "Hospital Vall d'Hebron", "Hospital La Fe") == "hospital vall d'hebron"
    # capitals written without accents where the mixed-case mention has them: the surrogate drops its own
    assert render_like("HOSPITAL GREGORIO MARANON", "Hospital Clínico", "Hospital Gregorio Marañón") \
        == "HOSPITAL CLINICO"
    assert render_like("Hospital la Fe", "Hospital del Mar", "Hospital La Fe") == "Hospital del Mar"
