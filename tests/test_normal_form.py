"""Documents whose accents are combining marks (NFD): surrogated as their NFC view and put back
(surrogate.normal_form). The text outside the spans keeps its own bytes, every span is exact, and the
surrogates are those of the same document written in NFC."""
from __future__ import annotations

import unicodedata
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st
from outside_text import keeps_outside

from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig, Span

WORDS = ["José", "García", "Núñez", "Íñigo", "Ibáñez", "Cádiz", "León", "Peñíscola", "año", "también", "médico",
         "12345678Z", "1961", "marzo", "de", "en", "Hospital", "Clínico", "Begoña", "Muñoz"]
LABELS = ["NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "TERRITORIO", "HOSPITAL", "ID_SUJETO_ASISTENCIA",
          "FECHAS", "CALLE", "PROFESION"]


@cache
def engine() -> Engine:
    return Engine(EngineConfig(), "meddocan")


def _document(words: list[str], picks: list[tuple[int, int, str, int | None]], form: str) -> Document:
    """The words joined by ", " in ``form``, with spans over word ranges (a second range makes a discontinuous
    span)."""
    tokens = [unicodedata.normalize(form, w) for w in words]
    starts, text = [], ""
    for t in tokens:
        starts.append(len(text))
        text += t + ", "
    spans = []
    for k, (a, b, label, c) in enumerate(picks):
        frags = [(starts[a], starts[b] + len(tokens[b]))]
        if c is not None:
            frags.append((starts[c], starts[c] + len(tokens[c])))
        spans.append(Span.from_fragments(f"T{k + 1}", label, tuple(frags)))
    return Document("nfd", text, tuple(spans))


@st.composite
def documents(draw):
    words = draw(st.lists(st.sampled_from(WORDS), min_size=2, max_size=10))
    n = len(words)
    picks = []
    for _ in range(draw(st.integers(1, 4))):
        a = draw(st.integers(0, n - 1))
        b = draw(st.integers(a, min(n - 1, a + 2)))
        c = draw(st.none() | st.integers(b + 1, n - 1)) if b + 1 < n else None
        picks.append((a, b, draw(st.sampled_from(LABELS)), c))
    return words, picks


@settings(max_examples=60, deadline=None)
@given(case=documents(), seed=st.integers(0, 2**16))
def test_a_decomposed_document_gets_the_surrogates_of_its_composed_twin(case, seed):
    nfd, nfc = _document(*case, "NFD"), _document(*case, "NFC")
    result, twin = engine().apply(nfd, seed=seed), engine().apply(nfc, seed=seed)
    out = result.document
    for sp in out.spans:  # exact
        rep = next(r for r in result.replacements if r.span_id == sp.id)
        assert out.span_text(sp) == rep.surrogate
    # the text outside the spans comes back byte for byte (still decomposed)
    assert keeps_outside(nfd, out.text)
    # the same surrogates as the composed twin, and each replacement names its own original
    assert [unicodedata.normalize("NFC", out.span_text(sp)) for sp in out.spans] == \
        [twin.document.span_text(sp) for sp in twin.document.spans]
    assert [r.original for r in result.replacements] == [nfd.span_text(sp) for sp in nfd.spans]
    assert result.overlaps == twin.overlaps


def test_names_written_with_combining_accents_are_read_as_names():
    text = unicodedata.normalize("NFD", "Paciente: José García Núñez. Firma: Dr. Íñigo Ibáñez.")
    spans = tuple(Span(f"T{k}", label, text.index(name), text.index(name) + len(name)) for k, (label, name) in enumerate(
        [("NOMBRE_SUJETO_ASISTENCIA", unicodedata.normalize("NFD", "José García Núñez")),
         ("NOMBRE_PERSONAL_SANITARIO", unicodedata.normalize("NFD", "Íñigo Ibáñez"))], start=1))
    for seed in range(10):
        result = engine().apply(Document("d", text, spans), seed=seed)
        for sp in result.document.spans:
            new = result.document.span_text(sp)
            assert unicodedata.is_normalized("NFC", new)  # no stray combining mark glued to a drawn name
            assert len(new.split()) == (3 if sp.id == "T1" else 2)
            assert not set(fold(new).split()) & {"jose", "garcia", "nunez", "inigo", "ibanez"}


# -------------------------------------------------------------------------------------------- detection

_LATIN = st.text(st.sampled_from(list("aeinoucAEINOU ,.") + ["\u0301", "\u0303", "\u0308"]), max_size=30)


@settings(max_examples=200, deadline=None)
@given(text=_LATIN)
def test_the_cluster_view_is_nfc_and_maps_each_position_to_its_letter(text):
    from surrogate.normal_form import nfc_clusters

    view, starts, ends = nfc_clusters(text)
    assert view == unicodedata.normalize("NFC", text)
    assert len(starts) == len(ends) == len(view)
    clusters: dict[tuple[int, int], str] = {}
    for v, bounds in enumerate(zip(starts, ends)):
        clusters[bounds] = clusters.get(bounds, "") + view[v]
    assert "".join(text[s:e] for s, e in clusters) == text  # the clusters tile the text, in order
    for (s, e), shown in clusters.items():
        assert shown == unicodedata.normalize("NFC", text[s:e]) and s < e


def test_a_backend_reads_decomposed_accents_as_letters_and_answers_in_the_texts_offsets():
    from surrogate.ner.registry import load_backend

    backend = load_backend("rules", schema="meddocan")
    note = ("Paciente: José García Núñez, de 67 años. Vive en Cádiz, C/ Núñez de Balboa 3. "
            "Dr. Íñigo Ibáñez (Clínica Peñíscola).")
    composed, decomposed = note, unicodedata.normalize("NFD", note)
    expected = [(sp.label, composed[sp.start:sp.end]) for sp in backend.predict([composed])[0]]
    found = backend.predict([decomposed])[0]
    assert [(sp.label, unicodedata.normalize("NFC", decomposed[sp.start:sp.end])) for sp in found] == expected
    assert ("NOMBRE_SUJETO_ASISTENCIA", "José García Núñez") in expected and len(expected) >= 5
    for sp in found:  # a span never cuts a letter from its accent
        assert sp.end == len(decomposed) or not unicodedata.combining(decomposed[sp.end])


def test_a_wrapped_backend_copies_and_pickles_like_the_backend_it_wraps():
    import copy
    import pickle

    from surrogate.ner.registry import load_backend

    backend = load_backend("rules", schema="meddocan")
    text = unicodedata.normalize("NFD", "Paciente: José García Núñez, vive en Cádiz.")
    for twin in (copy.deepcopy(backend), pickle.loads(pickle.dumps(backend))):
        assert twin.name == "rules" and twin.predict([text]) == backend.predict([text])


def test_a_backend_reads_no_break_spaces_as_spaces():
    from surrogate.ner.registry import load_backend

    backend = load_backend("rules", schema="meddocan")
    note = "Paciente: José García Núñez. DNI: 12345678Z. Tel.: 612 34 56 78. Vive en C/ Mayor 12, 28013 Madrid."
    spaced = note.replace(" ", "\u00a0")
    expected = [(sp.label, sp.start, sp.end) for sp in backend.predict([note])[0]]
    assert [(sp.label, sp.start, sp.end) for sp in backend.predict([spaced])[0]] == expected
    assert len(expected) >= 5
