"""A long record (many notes of one patient, a registry extract) can name every province: the document's
province map may then use provinces it names. Before, the territory replacer could not prepare such a document
and masked every place in it, towns and postal codes included."""
from __future__ import annotations

from functools import cache

from pieces import document_of

from gazetteers import default_set
from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig, Span


@cache
def engine() -> Engine:
    return Engine(EngineConfig(), "meddocan")


def test_a_document_naming_every_province_still_gets_its_towns_and_postal_codes_replaced():
    provinces = [p for p in default_set("es")["provinces"].column("value") if p]
    pieces = [("Procedencia de los casos: ", None)]
    for p in provinces:
        pieces += [(p, "TERRITORIO"), (", ", None)]
    pieces += [("fin. Vive en ", None), ("Getafe", "TERRITORIO"), (", ", None), ("28901", "TERRITORIO"),
               ("; su hermano en ", None), ("Lalín", "TERRITORIO"), (".", None)]
    doc = document_of(pieces, "record")
    spans = doc.spans
    for seed in (1, 2):
        result = engine().apply(doc, seed=seed)
        actions = {r.span_id: r.action for r in result.replacements}
        towns = [sp.id for sp in spans[-3:]]
        assert all(actions[i] == "surrogate" for i in towns), actions  # the towns and the postal code
        # a province's own name can only be masked (every other province is another original); what is written
        # is never an original
        originals = {fold(doc.span_text(sp)) for sp in spans}
        for sp in result.document.spans:
            assert fold(result.document.span_text(sp)) not in originals


def test_two_spans_with_one_id_are_refused_with_the_id_and_no_text():
    import pytest

    doc = Document("d", "Ana y Luis.", (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 0, 3),
                                        Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 6, 10)))
    with pytest.raises(ValueError, match="doc d: span id T1 appears twice") as err:
        engine().apply(doc, seed=1)
    assert "Ana" not in str(err.value) and "Luis" not in str(err.value)


def test_a_document_naming_many_countries_maps_each_to_one_it_does_not_name():
    pairs = [("Rosario", "Argentina"), ("Lima", "Perú"), ("Valparaíso", "Chile"), ("Medellín", "Colombia"),
             ("Guayaquil", "Ecuador"), ("Oporto", "Portugal"), ("Lyon", "Francia"), ("Múnich", "Alemania"),
             ("Milán", "Italia"), ("Casablanca", "Marruecos"), ("Monterrey", "México"), ("Córdoba", "Venezuela"),
             ("La Habana", "Cuba"), ("Montevideo", "Uruguay"), ("Asunción", "Paraguay"), ("Santa Cruz", "Bolivia")]
    pieces: list[tuple[str, str | None]] = [("Pacientes atendidos: ", None)]
    for town, country in pairs:
        pieces += [(town, "TERRITORIO"), (", ", None), (country, "PAIS"), ("; ", None)]
    doc = document_of(pieces, "registro")
    spans = doc.spans
    originals = {fold(doc.span_text(sp)) for sp in spans}
    masked = 0
    for seed in range(8):
        result = engine().apply(doc, seed=seed)
        masked += sum(r.action == "fallback-mask" for r in result.replacements if r.label == "PAIS")
        for sp in result.document.spans:
            assert fold(result.document.span_text(sp)) not in originals
    assert masked <= 2, masked  # of 128 country mentions
