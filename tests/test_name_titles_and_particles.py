"""Titles and particles of names. Honorifics written with an ordinal mark ('Dª', 'D.ª' for Doña) stay as written: 'Dª Pilar Gómez' came out
'XX Cristina Aguilera' (the guard masked 'Dª', whose fold is 'da') and 'D.ª Carmen Ortiz' 'E.ª Hanan Estangui'
(read as an initial)."""
from __future__ import annotations

from functools import cache

import pytest

from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig, Span


@cache
def engine() -> Engine:
    return Engine(EngineConfig(), "meddocan")


@pytest.mark.parametrize("name, title", [("Dª Pilar Gómez", "Dª "), ("D.ª Carmen Ortiz", "D.ª "),
                                         ("Sra. Dª María López", "Sra. Dª ")])
def test_a_doña_written_with_its_ordinal_mark_stays(name, title):
    doc = Document("d", f"Paciente: {name}.", (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 10, 10 + len(name)),))
    for seed in range(6):
        result = engine().apply(doc, seed=seed)
        new = result.document.text[10:-1]
        assert result.replacements[0].action == "surrogate" and "X" not in new, new
        assert new.startswith(title) and len(new.split()) == len(name.split()), new
        assert not set(fold(name[len(title):]).split()) & set(fold(new).split()), new


@pytest.mark.parametrize("name, kept", [("van der Berg, Peter", "van der "), ("Ludwig van Beethoven", None),
                                        ("Maria von Trapp", None)])
def test_particles_of_foreign_names_stay_and_are_not_masked(name, kept):
    doc = Document("d", f"Paciente: {name}.", (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 10, 10 + len(name)),))
    for seed in range(6):
        new = engine().apply(doc, seed=seed).document.text[10:-1]
        assert "X" not in new and (kept is None or new.startswith(kept)), new
        assert [w for w in new.split() if w.islower()] == [w for w in name.split() if w.islower()], new


def test_a_name_joined_by_an_apostrophe_reads_as_title_case():
    from surrogate.textcase import case_pattern

    assert case_pattern("O'Donnell") == case_pattern("d'Ors") == "title"
    doc = Document("d", "Paciente: Sean O'Donnell.", (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 10, 24),))
    for seed in range(6):
        new = engine().apply(doc, seed=seed).document.text[10:-1]
        assert all(w[:1].isupper() and w[1:2].islower() for w in new.split()), new  # never "BEltra"
