"""A relative's name inside a kinship mention is an original of its own: no other surrogate of the document may
hold it. A deid run annotated "hijo Jaume" as one kinship span and drew the real "Hospital Sant Jaume de Calella"
for the document's hospital, putting the son's name back in the text (tests/data/ood/carta_libre_26)."""
from __future__ import annotations

import re

import pytest

from gazetteers.text import fold
from surrogate import Document, Engine, Replacer, Span, register_replacer
from surrogate.schemas import schema_from_mapping


class _NamesTheSon(Replacer):
    """A facility replacer that draws a hospital named like the relative (the name after "Hospital del Mar |")."""

    kind = "test_saint_hospital"

    def replace(self, original, ctx):
        return "Hospital Sant " + ctx.after(80).split("con ", 1)[1].split(" en ", 1)[0].split("hijo ")[-1]


@pytest.fixture(scope="module")
def engine() -> Engine:
    register_replacer("test_saint_hospital", _NamesTheSon)
    schema = schema_from_mapping({"labels": {"HOSPITAL": "test_saint_hospital",
                                             "FAMILIARES_SUJETO_ASISTENCIA": "kinship"}})
    return Engine(schema=schema)


@pytest.mark.parametrize("relative", ["hijo Jaume", "su hijo Jaume Roca", "Jaume"])
def test_no_surrogate_holds_a_relatives_name(engine, relative):
    text = f"Ingresa en el Hospital del Mar. Vive con {relative} en Mataró."
    start = text.index(relative)
    doc = Document("d", text, (Span("T1", "HOSPITAL", 14, 30), Span("T2", "FAMILIARES_SUJETO_ASISTENCIA", start,
                                                                     start + len(relative))))
    for seed in range(5):
        result = engine.apply(doc, seed=seed)
        name = relative.split("hijo ")[-1]
        assert not re.search(rf"\b{fold(name)}\b", fold(result.document.text)), result.document.text
        assert {r.span_id: r.action for r in result.replacements}["T1"] == "fallback-mask"


def test_bare_kinship_words_and_modifiers_are_no_names(engine):
    kinship = engine.replacer("kinship")
    assert kinship.named_parts("su hija Encarna Ruiz y su vecino Pepe") == ["Encarna Ruiz", "Pepe"]
    assert kinship.named_parts("HERMANO MAYOR") == kinship.named_parts("Su madre, de 36 años") == []
