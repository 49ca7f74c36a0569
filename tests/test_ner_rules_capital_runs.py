"""The rules backend on facilities typed in capitals inside an ordinarily written note (a letterhead, a heading
part, a mention inline): ``surrogate/ner/rules/capital_names.py``.

Every snippet is fictional and written for this test; each positive failed on b8fd69b (the letterhead part was
shorter than the recased-line rule reads, or the name's words were unknown to the recaser, or the run sat inside
a mixed-case sentence). The negatives are headings in capitals that name a kind of unit or an office, not a
facility, and must stay untagged.
"""
from __future__ import annotations

import string

from hypothesis import given
from hypothesis import strategies as st
import pytest
from rules_probe import FACILITIES, exactly, spans_of

from surrogate.ner.rules.capital_names import title_view

HOSPITAL = {"HOSPITAL"}
CENTRE = {"CENTRO_SALUD"}


@pytest.mark.parametrize("text, value, labels", [
    # a short letterhead part before a separator
    ("HOSPITAL GUADARRAMA — Unidad de Media Estancia\nPaciente: Teodora Garrido Luengo", "HOSPITAL GUADARRAMA", HOSPITAL),
    ("HOSPITAL TXAGORRITXU · Servicio de Neumología\nFecha: 03/02/2025", "HOSPITAL TXAGORRITXU", HOSPITAL),
    # names the recaser does not know (Catalan descriptor, a word that is also a verb, an unknown district)
    ("HOSPITAL UNIVERSITARI SON ESPASES — Unidad de Facturación a Terceros\nRef.: FT-0041",
     "HOSPITAL UNIVERSITARI SON ESPASES", HOSPITAL),
    ("CLÍNICA DENTAL ARGANZUELA · ORTODONCIA\nPaciente: Andrei Ionescu", "CLÍNICA DENTAL ARGANZUELA", HOSPITAL),
    # inline, inside a mixed-case sentence
    ("Ingresa en el HOSPITAL UNIVERSITARIO LA PAZ por disnea de esfuerzo.", "HOSPITAL UNIVERSITARIO LA PAZ", HOSPITAL),
    ("Traslado al HOSPITAL 12 DE OCTUBRE para valoración quirúrgica.", "HOSPITAL 12 DE OCTUBRE", HOSPITAL),
    ("Derivada al CENTRO DE SALUD LAS CALESAS para curas diarias.", "CENTRO DE SALUD LAS CALESAS", CENTRE),
    ("Vive en la RESIDÈNCIA DE MAJORS LA SAFOR des de 2021.", "RESIDÈNCIA DE MAJORS LA SAFOR", FACILITIES),
])
def test_a_facility_in_capitals_in_an_ordinary_note_is_found(rules, text, value, labels):
    assert exactly(rules, text, value, labels), spans_of(rules, text)


@pytest.mark.parametrize("text, value", [
    ("Acude al HOSPITAL DE DÍA de psiquiatría los martes.", "HOSPITAL DE DÍA"),
    ("INFORME DE ALTA · HOSPITAL GENERAL · Urgencias", "HOSPITAL GENERAL"),
    ("Remitir informe a la RESIDENCIA DE MAYORES que corresponda.", "RESIDENCIA DE MAYORES"),
    ("Se comunica al JUZGADO DE GUARDIA según protocolo.", "JUZGADO DE GUARDIA"),
    ("Registro: MINISTERIO DE SANIDAD — certificado internacional", "MINISTERIO DE SANIDAD"),
])
def test_a_kind_of_unit_or_an_office_in_capitals_is_no_facility(rules, text, value):
    start = text.index(value)
    hits = [(s, e, lab) for s, e, lab, _ in spans_of(rules, text) if s < start + len(value) and start < e]
    assert not hits, hits


_CAPITAL_WORD = st.text(alphabet="ABCDEFGHIJKLMNÑOPQRSTUVWXYZÁÉÍÓÚ", min_size=1, max_size=9)
_ANY_WORD = st.one_of(_CAPITAL_WORD, st.text(alphabet=string.ascii_letters + "áéíóúñ0123456789.,-'", min_size=1, max_size=9))


@given(st.lists(_ANY_WORD, min_size=1, max_size=12), st.lists(st.sampled_from([" ", "\n", " · ", ", ", "\t"]), min_size=12, max_size=12))
def test_title_view_only_changes_letter_case_inside_its_runs(words, gaps):
    text = "".join(w + g for w, g in zip(words, gaps))
    view, runs = title_view(text)
    assert len(view) == len(text)
    inside = {i for s, e in runs for i in range(s, e)}
    for i, (a, b) in enumerate(zip(text, view)):
        assert a.lower() == b.lower()
        if i not in inside:
            assert a == b
    for s, e in runs:
        assert text[s:e].upper() == text[s:e]  # a run is typed in capitals as a whole
