"""Facility and institution replacers: type words kept, names regenerated, acronyms reshaped, no leaks."""
from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gazetteers import fold
from surrogate.config import EngineConfig
from surrogate.engine import Engine
from surrogate.replacers.facility_acronyms import acronym_like
from surrogate.replacers.institutions import institution_kind

from place_gazetteers import INSTITUTIONS, doc_with, require_default, small_set

GAZ = small_set()
ADVOCATIONS = {"San Rafael", "La Paz", "Virgen del Mar", "Santa Ana"}
NEIGHBOURHOODS = {"Centro", "La Loma", "El Carmen", "Ensanche"}


def replace(text: str, label: str = "HOSPITAL", seed: int = 0, schema: str = "meddocan") -> str:
    eng = Engine(EngineConfig(), schema=schema, gazetteers=GAZ, strict=True)
    res = eng.apply(doc_with(f"Ingresa en {text}.", (label, text)), seed=seed)
    assert res.replacements[0].action == "surrogate"
    return res.replacements[0].surrogate


@pytest.mark.parametrize("text, kept", [
    ("Hospital Universitario La Paz", "Hospital Universitario "),
    ("Hospital Clínico San Carlos", "Hospital Clínico "),
    ("Complejo Hospitalario Universitario Juan Canalejo", "Complejo Hospitalario Universitario "),
    ("Complexo Hospitalario Xeral", "Complexo Hospitalario "),
    ("Hospital Universitari Germans Trias i Pujol", "Hospital Universitari "),
    ("Clínica Vistahermosa", "Clínica "),
    ("H. U. La Princesa", "H. U. "),
    ("Hptal. Virgen de la Luz", "Hptal. "),
    ('Hospital Universitario "Marqués de Valdecilla"', 'Hospital Universitario "'),
])
def test_facility_type_words_are_kept_and_the_name_is_an_advocation(text, kept):
    for seed in range(5):
        new = replace(text, seed=seed)
        assert new.startswith(kept) and fold(new) != fold(text)
        rest = new[len(kept):].rstrip('"')
        assert rest in ADVOCATIONS or rest.startswith("de "), new


def test_health_centre_name_is_a_neighbourhood():
    new = replace("Centro de Salud Las Calesas", "CENTRO_SALUD", 3)
    assert new.startswith("Centro de Salud ") and new[len("Centro de Salud "):] in NEIGHBOURHOODS


def test_place_in_a_facility_name_is_the_documents_place_surrogate():
    text = "Vive en Getafe. Ingresa en el Hospital de Getafe."
    doc = doc_with(text, ("TERRITORIO", "Getafe"), ("HOSPITAL", "Hospital de Getafe"))
    eng = Engine(EngineConfig(), schema="meddocan", gazetteers=GAZ, strict=True)
    out = {r.span_id: r.surrogate for r in eng.apply(doc, seed=7).replacements}
    assert out["T2"] == f"Hospital de {out['T1']}"


def test_extra_structure_survives():
    new = replace("Servicio de Urgencias del Hospital General de Getafe", seed=2)
    assert re.fullmatch(r"Servicio de Urgencias del Hospital General de .+", new) and "Getafe" not in new


def test_name_without_a_name_part_is_completed_from_a_pattern():
    for seed in range(6):
        new = replace("Hospital General", seed=seed)
        assert new.startswith("Hospital General ") and len(new) > len("Hospital General ")
    low = replace("hospital local", seed=1)
    assert low.startswith("hospital local ") and low == low.lower()


@pytest.mark.parametrize("acronym", ["HULP", "CHUVI", "HU12O", "HGD", "MSD"])
def test_acronym_keeps_length_case_and_digits(acronym):
    label = "INSTITUCION" if acronym == "MSD" else "HOSPITAL"
    for seed in range(10):
        new = replace(acronym, label, seed)
        assert len(new) == len(acronym) and new != acronym
        assert [c.isdigit() for c in new] == [c.isdigit() for c in acronym]
        assert [c.isupper() for c in new] == [c.isupper() for c in acronym]


@given(text=st.from_regex(r"[A-Z][A-Z0-9]{1,6}", fullmatch=True), seed=st.integers(0, 2**32))
def test_acronym_like_shape(text, seed):
    import numpy as np

    new = acronym_like(text, np.random.default_rng(seed))
    assert re.sub(r"[A-Z]", "A", re.sub(r"\d", "9", new)) == re.sub(r"[A-Z]", "A", re.sub(r"\d", "9", text))
    assume(len(set(text)) > 1 or len(text) > 1)
    assert new != text


@pytest.mark.parametrize("text, kind", [
    ("Universidad de Valencia", "university"), ("Facultad de Odontología de Sevilla", "university"),
    ("Instituto de Medicina Legal de Málaga", "public_body"), ("Juzgado", "public_body"),
    ("Servicio Castellano-Leonés de Salud", "public_body"), ("Fundació Puigvert", "ngo"),
    ("Boston Scientific Corporation", "company"), ("KCI Clinic Spain SL", "company"), ("Allergan", "company"),
    ("residencia de ancianos", "care_home"),
])
def test_institution_kind(text, kind):
    assert institution_kind(text) == kind


def test_institution_is_replaced_within_its_kind():
    by_kind = {}
    for value, kind in INSTITUTIONS:
        by_kind.setdefault(kind, set()).add(value)
    for seed in range(5):
        assert replace("Universidad de Granada", "INSTITUCION", seed) in by_kind["university"]
        assert replace("Pfizer", "INSTITUCION", seed) in by_kind["company"]
        new = replace("Instituto Universitario de Oftalmobiología Aplicada (IOBA)", "INSTITUCION", seed)
        m = re.fullmatch(r"(.+) \(([A-Z]{4})\)", new)
        assert m and m.group(1) in by_kind["university"] and m.group(2) != "IOBA"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40),
       label=st.sampled_from(["HOSPITAL", "CENTRO_SALUD", "INSTITUCION"]), seed=st.integers(0, 2**32))
def test_random_facility_text_never_crashes_nor_leaks(text, label, seed):
    assume(any(c.isalnum() for c in text))
    eng = Engine(EngineConfig(), schema="meddocan", gazetteers=GAZ, strict=True)
    res = eng.apply(doc_with(f"({text})", (label, text)), seed=seed)
    new = res.replacements[0].surrogate
    assert fold(new) != fold(text) and res.document.text == f"({new})"


def test_galen_and_dismed_centres_infer_their_class():
    assert replace("Centro de Salud Chantrea", "CENTER", 1, schema="galen")[len("Centro de Salud "):] in NEIGHBOURHOODS
    assert replace("Hospital Virgen del Camino", "INST", 1, schema="dismed").startswith("Hospital ")


# -- MEDDOCAN-wide -------------------------------------------------------------------------------------
FACILITY_WORDS = {"Hospital", "Complejo", "Clínica", "Centro", "Complexo"}


@pytest.mark.parametrize("split", ["train", "dev"])
def test_meddocan_facility_word_kept_and_no_leak(split, request):
    require_default("advocations", "neighbourhoods", "facility_patterns", "institutions", "municipalities")
    docs = request.getfixturevalue(f"meddocan_{split}")
    eng = Engine(EngineConfig(), schema="meddocan", strict=True)
    mentions = kept = 0
    for doc in docs:
        for r in eng.apply(doc, seed=11).replacements:
            if r.label not in ("HOSPITAL", "CENTRO_SALUD", "INSTITUCION"):
                continue
            assert r.action == "surrogate" and fold(r.surrogate) != fold(r.original)
            first = r.original.split()[0] if r.original.split() else ""
            if r.label == "HOSPITAL" and first in FACILITY_WORDS:
                mentions += 1
                kept += r.surrogate.split()[0] == first
    assert mentions > 100 and kept == mentions
