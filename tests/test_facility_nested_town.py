"""A facility whose name holds an annotated town before more name ("Centro de Salud Alcantarilla-Sangonera",
"Hospital de Sant Joan Despí Moisès Broggi"): the town gets its own surrogate in its place and the rest of the name
its own (a neighbourhood after a hyphen or slash, a generic "Sur"/"Nord"/"Casco Antiguo" as written), where the
words after the town were masked ("…Yeste-XXXXXXXXX"). No original passes."""
from __future__ import annotations

import re

import pytest

from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig, Span


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(EngineConfig(), schema="meddocan")


CASES = [  # facility, label, nested town, what follows the town (None: a generic part kept as written)
    ("Centro de Salud Alcantarilla-Sangonera", "CENTRO_SALUD", "Alcantarilla", "Sangonera"),
    ("Hospital Comarcal Alcantarilla-Casco", "HOSPITAL", "Alcantarilla", None),
    ("Hospital de Sant Joan Despí Moisès Broggi", "HOSPITAL", "Sant Joan Despí", "Moisès Broggi"),
    ("CS Ourense-Valle Inclán", "CENTRO_SALUD", "Ourense", "Valle Inclán"),
    ("Ambulatorio de Barakaldo-Zaballa", "CENTRO_SALUD", "Barakaldo", "Zaballa"),
    ("Centro de Salud Molina de Segura-Jesús Marín", "CENTRO_SALUD", "Molina de Segura", "Jesús Marín"),
    ("Centro de Salud Lorca Sur", "CENTRO_SALUD", "Lorca", None),
    ("CAP Terrassa Nord", "CENTRO_SALUD", "Terrassa", None),
    ("Centro de Salud de Cartagena Casco Antiguo", "CENTRO_SALUD", "Cartagena", None),
]


def _doc(facility: str, label: str, town: str) -> Document:
    text = f"Paciente de 70 años. Remitido desde el {facility} para control."
    start = text.index(facility)
    t = start + facility.index(town)
    return Document("d", text, (Span("T1", label, start, start + len(facility)),
                                Span("T2", "TERRITORIO", t, t + len(town))))


@pytest.mark.parametrize("facility, label, town, tail", CASES)
def test_the_words_after_a_nested_town_are_rewritten_not_masked(engine, facility, label, town, tail):
    for seed in range(1, 5):
        result = engine.apply(_doc(facility, label, town), seed=seed)
        result.document.check_alignment()
        head, place = (r.surrogate for r in result.replacements)
        assert all(r.action == "surrogate" for r in result.replacements)
        assert "XXX" not in head and place in head, head  # the town's surrogate sits in the head
        assert fold(town) not in fold(head)
        rest = head[head.index(place) + len(place):]
        if tail is None:  # a generic part of a town names no one: it stays
            assert rest.strip(" -") == facility[facility.index(town) + len(town):].strip(" -"), head
        else:
            assert rest.strip(" -/") and not any(fold(w) in fold(rest) for w in re.findall(r"\w{4,}", tail)), head
