"""A note names a hospital or health centre in full once and by its name alone elsewhere ("Hospital San Pedro" …
"En San Pedro le ven"): the short mention is the name of the full one's surrogate, so the note still speaks of
one place. Round 20's e-mail thread drew "Hospital San Carlos" and "Móstoles" for the two mentions."""
from __future__ import annotations

import re

import pytest
from fresh_layouts import marked, surrogates
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gazetteers.text import fold
from surrogate.replacers.base import DocumentState
from surrogate.replacers.facilities.short_names import full_mention, name_proper, written_like
from surrogate.schemas import as_schema

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("note, case", [
    ("Derivado al [[HOSPITAL|Hospital San Pedro]]. En [[HOSPITAL|San Pedro]] le ven el lunes.", "proper"),
    ("[[HOSPITAL|H. LA ARRIXACA]] · control en la [[HOSPITAL|arrixaca]] en 15 dias", "lower"),
    ("Su [[CENTRO_SALUD|Centro de Salud Delicias Sur]] le cita; en [[CENTRO_SALUD|Delicias Sur]] hay "
     "enfermera de enlace.", "proper"),
    ("Ingreso en [[HOSPITAL|Hospital Universitario La Paz]] y alta de [[HOSPITAL|LA PAZ]] el 3/4.", "upper"),
])
@SETTINGS
@given(seed=st.integers(1, 10**6))
def test_a_facility_named_alone_is_the_name_of_its_full_mention_s_surrogate(note, case, seed):
    new = surrogates(note, seed)
    full, short = new["T1"], new["T2"]
    name = fold(name_proper(full))
    # "arrixaca" drops the name's article, and its accents where the note writes none
    assert fold(short) in (name, re.sub(r"^(?:la|el|las|los) ", "", name)), new
    if case == "lower":
        assert short == short.lower(), new
    elif case == "upper":
        assert short == short.upper(), new
    else:
        assert short[:1].isupper() and short != short.upper(), new


def test_a_name_that_two_facilities_carry_is_left_to_its_own_draw():
    """"Hospital San Juan" and "Clínica San Juan" are two places: which one "San Juan" means is unknown, so it is
    drawn on its own; "Arrixaca" alone is the name of "H. Virgen de la Arrixaca" only in part: drawn too."""
    doc = marked("d", "[[HOSPITAL|Hospital San Juan]] y [[HOSPITAL|Clínica San Juan]]; en [[HOSPITAL|San Juan]] "
                      "le operan; [[HOSPITAL|H. Virgen de la Arrixaca]], [[HOSPITAL|Arrixaca]], "
                      "[[HOSPITAL|H. LA FE]], [[HOSPITAL|la fe]]")
    state = DocumentState(document=doc, schema=as_schema("meddocan"))
    assert [full_mention(state, doc.span_text(sp)) for sp in doc.spans] == [None, None, None, None, None, None,
                                                                           "H. LA FE"]


def test_a_name_cut_from_capitals_is_written_in_the_short_mention_s_case():
    assert written_like("San Pedro", "SAN CARLOS DE LA RÁPITA") == "San Carlos de la Rápita"
    assert written_like("arrixaca", "Infanta Sofía") == "infanta sofia"
    assert written_like("arrixaca", "La Paz") == "paz" and written_like("La Fe", "La Paz") == "La Paz"
    assert written_like("LA PAZ", "Costa del Sol") == "COSTA DEL SOL"
    assert name_proper("Hospital Universitario de Navarra") == "Navarra"
    assert name_proper("Hospital General") is None
