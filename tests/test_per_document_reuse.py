"""What the engine and the names replacer work out once per document (issue 12, speed): the same document object
is checked and keyed once, a document's families, census sexes and accent votes are found once for every seed,
and none of it changes an output."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from surrogate import Document, Engine, EngineConfig, Span
from surrogate.replacers import analysis
from surrogate.replacers.analysis import AnalysisCache
from surrogate.replacers.people import names
from surrogate.replacers.people.names import PersonNameReplacer

_NAMES = ["Zheng Morales Wang", "María José García López", "Mohamed El Amrani Benali", "Lucía Ortega Sanz",
          "Juan de la Torre Gil", "Pedro García Ortega", "Mª Ángeles Lopez Sanz"]
_FOREIGN = {"person_name": {"foreign_name_share": 0.5}}


def _doc(patient: str, doctor: str, relative: str) -> Document:
    text = f"Nombre: {patient}.\nMédico: Dr. {doctor}.\nAcompañante: su hija {relative}.\n"
    spans, at = [], 0
    for i, (name, label) in enumerate(((patient, "NOMBRE_SUJETO_ASISTENCIA"), (doctor, "NOMBRE_PERSONAL_SANITARIO"),
                                       (relative, "FAMILIARES_SUJETO_ASISTENCIA"))):
        at = text.index(name, at)
        spans.append(Span(f"T{i + 1}", label, at, at + len(name)))
        at += len(name)
    return Document("d", text, tuple(spans))


def _counting(monkeypatch, owner, name: str) -> list[int]:
    calls = [0]
    real = getattr(owner, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def test_the_same_document_object_builds_no_second_content_key(monkeypatch):
    calls = _counting(monkeypatch, analysis, "content_key")
    cache = AnalysisCache(size=2)
    doc = _doc(*_NAMES[:3])
    entry = cache.of(doc)
    assert cache.of(doc) is entry and calls[0] == 1
    assert cache.of(_doc(*_NAMES[:3])) is entry and calls[0] == 2  # an equal object: found by content
    other = cache.of(_doc(*_NAMES[3:6]))
    assert other is not entry and cache.of(doc) is entry  # the last object is the one asked for


def test_the_same_document_object_is_checked_once(monkeypatch):
    calls = _counting(monkeypatch, Document, "check_alignment")
    engine = Engine(EngineConfig(), schema="meddocan", strict=True)
    doc = _doc(*_NAMES[:3])
    for seed in (1, 2, 3):
        engine.apply(doc, seed=seed)
    assert calls[0] == 1
    engine.apply(_doc(*_NAMES[:3]), seed=1)
    assert calls[0] == 2


def test_families_and_census_sexes_are_found_once_per_document(monkeypatch):
    families = _counting(monkeypatch, names, "families")
    census = _counting(monkeypatch, PersonNameReplacer, "_census_sex")
    engine = Engine(EngineConfig(options=_FOREIGN), schema="meddocan", strict=True)
    doc = _doc("Pedro García Ortega", "Lucía Ortega Sanz", "María José García López")
    engine.apply(doc, seed=1)
    first = families[0], census[0]
    assert first[0] == 1 and first[1] > 0
    for seed in (2, 3, 4):
        engine.apply(doc, seed=seed)
    assert (families[0], census[0]) == first


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(people=st.lists(st.sampled_from(_NAMES), min_size=3, max_size=3), seeds=st.lists(st.integers(0, 2**31),
                                                                                      min_size=2, max_size=4))
def test_a_warm_engine_names_as_a_fresh_one(people, seeds):
    doc = _doc(*people)
    warm = Engine(EngineConfig(options=_FOREIGN), schema="meddocan", strict=True)
    for seed in seeds:
        got = warm.apply(doc, seed=seed)
        fresh = Engine(EngineConfig(options=_FOREIGN), schema="meddocan", strict=True).apply(doc, seed=seed)
        assert got.document.text == fresh.document.text
        assert got.replacements == fresh.replacements


def test_a_list_of_spans_changed_after_the_document_is_built_changes_nothing():
    """The engine reuses a document's checks and analysis while it is the same object. A caller that built it
    from a list and appended a span between two seeds crashed the second apply (KeyError on the new span id),
    and a span moved in place would have been cut at its old offsets. The spans are a tuple from the start."""
    text = "Paciente: Juan García López. Médico: Dra. Ana Ruiz Pérez."
    spans = [Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 10, 27)]
    doc = Document("d", text, spans)
    engine = Engine(EngineConfig(), schema="meddocan")
    engine.apply(doc, seed=1)
    start = text.index("Ana Ruiz Pérez")
    spans.append(Span("T2", "NOMBRE_PERSONAL_SANITARIO", start, start + len("Ana Ruiz Pérez")))
    again = engine.apply(doc, seed=2)
    assert [sp.id for sp in doc.spans] == ["T1"]
    assert [r.span_id for r in again.replacements] == ["T1"]
    both = engine.apply(Document("d", text, tuple(spans)), seed=2)  # a new document with both is surrogated whole
    assert "Ana Ruiz Pérez" not in both.document.text and "Juan García López" not in both.document.text
