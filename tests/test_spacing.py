"""Spans written with other spaces than U+0020 (no-break spaces from a word processor, tabs, line breaks):
the surrogate keeps the original's way of spacing, and an address keeps the separator before its number."""
from __future__ import annotations

import re
from functools import cache

import pytest

from surrogate import Document, Engine, EngineConfig, Span
from surrogate.textcase import like_spacing

NBSP = "\u00a0"


@cache
def engine() -> Engine:
    return Engine(EngineConfig(), "meddocan")


def test_like_spacing_writes_no_break_spaces_only_where_the_original_writes_nothing_else():
    assert like_spacing(f"Calle{NBSP}Mayor", "Avenida de Goya") == f"Avenida{NBSP}de{NBSP}Goya"
    assert like_spacing(f"Calle{NBSP}Mayor 3", "Avenida de Goya") == "Avenida de Goya"  # mixed: as it is
    assert like_spacing("Calle\tMayor", "Avenida de Goya") == "Avenida de Goya"  # a tab is layout
    assert like_spacing("Mayor", "Avenida de Goya") == "Avenida de Goya"
    assert like_spacing(f"Calle{NBSP}Mayor", "Goya") == "Goya"


@pytest.mark.parametrize("space", [NBSP, "\t", "\n", "\u202f"])
def test_an_address_keeps_a_separator_before_its_number_whatever_its_spaces(space):
    street = f"Calle{space}Carmen{space}Romero,{space}23,{space}1D"
    doc = Document("d", f"Domicilio: {street}.", (Span("T1", "CALLE", 11, 11 + len(street)),))
    for seed in range(8):
        new = engine().apply(doc, seed=seed).document.text[11:-1]
        assert re.search(r"[^\W\d_]\d", new) is None, new  # no number glued to the street's name
        assert re.search(rf",{space}\d+,{space}\d[A-Z]$", new), new
        if space in (NBSP, "\u202f"):
            assert " " not in new, new


def test_names_and_places_written_with_no_break_spaces_keep_them():
    text = f"Paciente: José{NBSP}García{NBSP}Núñez, natural de Miranda{NBSP}de{NBSP}Ebro, ingresa en el Hospital{NBSP}Clínico{NBSP}San{NBSP}Carlos."
    names = [("NOMBRE_SUJETO_ASISTENCIA", f"José{NBSP}García{NBSP}Núñez"), ("TERRITORIO", f"Miranda{NBSP}de{NBSP}Ebro"),
             ("HOSPITAL", f"Hospital{NBSP}Clínico{NBSP}San{NBSP}Carlos")]
    spans = tuple(Span(f"T{k}", label, text.index(x), text.index(x) + len(x)) for k, (label, x) in enumerate(names, 1))
    for seed in range(8):
        out = engine().apply(Document("d", text, spans), seed=seed).document
        for sp in out.spans:
            assert " " not in out.span_text(sp), out.span_text(sp)
