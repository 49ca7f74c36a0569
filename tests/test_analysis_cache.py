"""The per-document analysis cache (issue 12): keyed by content, bounded, and invisible in the output."""
from __future__ import annotations

from pathlib import Path

from augment.brat import read_brat_corpus
from surrogate import Document, Engine, EngineConfig, Span
from surrogate.replacers.analysis import AnalysisCache

EXAMPLE = Path(__file__).resolve().parents[1] / "augment" / "example"


def _doc(text: str = "Paciente: Ana García, DNI 12345678Z.", doc_id: str = "d1") -> Document:
    return Document(doc_id, text, (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 10, 20),
                                   Span("T2", "ID_SUJETO_ASISTENCIA", 26, 35)))


def test_equal_content_hits_and_other_content_misses():
    cache = AnalysisCache(size=4)
    entry = cache.of(_doc())
    entry["x"] = 1
    assert cache.of(_doc()) is entry  # another object, same content
    assert cache.of(_doc(doc_id="other")) is entry  # the id is not read by any analysis
    assert "x" not in cache.of(_doc("Paciente: Ana Garcío, DNI 12345678Z."))  # one letter changed
    moved = Document("d1", _doc().text, (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 10, 16),
                                         Span("T2", "ID_SUJETO_ASISTENCIA", 26, 35)))
    assert "x" not in cache.of(moved)  # same text, other spans
    relabelled = Document("d1", _doc().text, (Span("T1", "FAMILIARES_SUJETO_ASISTENCIA", 10, 20),
                                              Span("T2", "ID_SUJETO_ASISTENCIA", 26, 35)))
    assert "x" not in cache.of(relabelled)


def test_bounded_least_recently_used_first_out():
    cache = AnalysisCache(size=3)
    docs = [_doc(f"Paciente: Ana García, DNI 1234567{i}Z.") for i in range(5)]
    for d in docs:
        cache.of(d)["mark"] = d.text
    assert len(cache) == 3
    assert "mark" not in cache.of(docs[0])  # evicted, rebuilt empty
    assert cache.of(docs[4])["mark"] == docs[4].text


def test_zero_size_keeps_nothing():
    cache = AnalysisCache(size=0)
    cache.of(_doc())["x"] = 1
    assert "x" not in cache.of(_doc()) and len(cache) == 0


def test_reused_analyses_give_the_output_of_a_fresh_engine():
    docs = list(read_brat_corpus(EXAMPLE))
    warm = Engine(EngineConfig(), schema="meddocan")
    for doc in docs:  # doc-major, as augment runs: every seed after the first reuses the analyses
        for seed in (1, 2, 3):
            got = warm.apply(doc, seed=seed)
            fresh = Engine(EngineConfig(), schema="meddocan").apply(doc, seed=seed)
            assert got.document.text == fresh.document.text
            assert got.document.spans == fresh.document.spans
    assert 0 < len(warm._analyses) <= warm._analyses.size


def test_the_same_text_under_another_id_reuses_analyses_without_changing_its_output():
    """The key leaves the id out, so no analysis may read it: another id gives a fresh engine's output."""
    doc = next(iter(read_brat_corpus(EXAMPLE)))
    renamed = Document("otro-informe", doc.text, doc.spans, doc.meta)
    warm = Engine(EngineConfig(), schema="meddocan")
    warm.apply(doc, seed=4)
    for seed in (4, 5):
        got = warm.apply(renamed, seed=seed)
        fresh = Engine(EngineConfig(), schema="meddocan").apply(renamed, seed=seed)
        assert (got.document.text, got.document.spans) == (fresh.document.text, fresh.document.spans)
    assert len(warm._analyses) == 1  # one entry: the renamed document hit the first one's
