"""BRAT reader/writer: byte-identical round-trip on MEDDOCAN, BOM/CRLF offsets, extra lines, realignment."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from augment.brat import format_brat, list_brat, parse_brat, read_brat_document
from augment.corpus import atomic_output_dir, read_corpus, write_corpus
from surrogate.model import Document, Span
from surrogate.surgery import apply_edits

MEDDOCAN = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "meddocan"
TXT, ANN = Path("doc.txt"), Path("doc.ann")


def parse(text: str, ann: str | None, **kw) -> Document:
    return parse_brat(text, ann, doc_id="doc", txt_path=TXT, ann_path=ANN, **kw)


def naive_t_lines(ann: str) -> list[tuple[str, str, int, int, str]]:
    """Independent of the product reader: (id, label, start, end, text) for contiguous T lines."""
    out = []
    for line in ann.split("\n"):
        if line.startswith("T"):
            tid, mid, text = line.split("\t", 2)
            label, s, e = mid.split(" ")
            out.append((tid, label, int(s), int(e), text))
    return out


@pytest.mark.parametrize("split", ["train", "dev"])
def test_meddocan_round_trip_is_byte_identical(split, tmp_path):
    folder = MEDDOCAN / split
    if not folder.is_dir():
        pytest.skip(f"MEDDOCAN {split} not available at {folder}")
    out = tmp_path / "out"
    with atomic_output_dir(out) as tmp:
        written = write_corpus(read_corpus(folder, "brat"), tmp, "brat")
    originals = sorted(p.name for p in folder.iterdir() if p.suffix in (".txt", ".ann"))
    assert sorted(p.name for p in out.iterdir()) == originals
    assert len(written) == len(originals)
    for name in originals:
        assert (out / name).read_bytes() == (folder / name).read_bytes(), name


def test_meddocan_bom_counts_as_offset_zero():
    folder = MEDDOCAN / "train"
    if not folder.is_dir():
        pytest.skip("MEDDOCAN train not available")
    bom_names = [p.stem for p in sorted(folder.glob("*.txt")) if p.read_bytes().startswith(b"\xef\xbb\xbf")]
    assert bom_names, "MEDDOCAN train is known to hold BOM files"
    for name in bom_names:
        doc = read_brat_document(folder, name)
        assert doc.text[0] == "\ufeff"
        raw_ann = (folder / f"{name}.ann").read_text(encoding="utf-8")
        for tid, label, s, e, text in naive_t_lines(raw_ann):
            assert doc.text[s:e] == text
        # the same offsets against a BOM-less reading would be off by one
        shifted = (folder / f"{name}.txt").read_text(encoding="utf-8-sig")
        assert any(shifted[s:e] != text for _, _, s, e, text in naive_t_lines(raw_ann))


def test_crlf_offsets_count_both_characters_and_round_trip():
    text = "Nombre: Ana.\r\nCiudad: Soria.\r\n"
    ann = "T1\tNOMBRE 8 11\tAna\nT2\tCIUDAD 22 27\tSoria\n"
    doc = parse(text, ann)
    assert [doc.span_text(sp) for sp in doc.spans] == ["Ana", "Soria"]
    assert format_brat(doc) == (text, ann)


def test_ann_with_crlf_bom_and_no_final_newline_round_trips():
    text = "\ufeffPaciente: Luis Gil."
    ann = "\ufeffT1\tNOMBRE 11 15\tLuis\r\n#1\tAnnotatorNotes T1\tnota\r\nT2\tNOMBRE 16 19\tGil"
    doc = parse(text, ann)
    assert doc.text[11:15] == "Luis"
    assert format_brat(doc) == (text, ann)


def test_discontinuous_span_is_read_joined_by_one_space():
    text = "Juan y luego Pérez vino"
    ann = "T1\tNOMBRE 0 4;13 18\tJuan Pérez\n"
    doc = parse(text, ann)
    (sp,) = doc.spans
    assert sp.fragments == ((0, 4), (13, 18)) and (sp.start, sp.end) == (0, 18)
    assert format_brat(doc)[1] == ann


EXTRA_ANN = (
    "T1\tNOMBRE 9 13\tLuis\n"
    "#1\tAnnotatorNotes T1\tnombre de pila\n"
    "T2\tCIUDAD 22 27\tSoria\n"
    "A1\tNegation T2\n"
    "R1\tVive_en Arg1:T1 Arg2:T2\n"
    "E1\tViaje:T2 Agente:T1\n"
    "N1\tReference T2 Geo:123\tSoria\n"
    "*\tAlias T1 T2\n"
)


def test_surrogated_document_rewrites_only_t_lines_and_keeps_the_rest():
    text = "Paciente Luis vive en Soria desde 2001."
    doc = parse(text, EXTRA_ANN)
    new_text, aligned = apply_edits(doc, {"T1": ["Bartolomé"], "T2": ["Ávila"]})
    new_doc = Document(doc.id, new_text, tuple(aligned[sp.id] for sp in doc.spans), doc.meta)
    out_text, out_ann = format_brat(new_doc)
    assert out_text == "Paciente Bartolomé vive en Ávila desde 2001."
    old_lines, new_lines = EXTRA_ANN.split("\n"), out_ann.split("\n")
    assert len(old_lines) == len(new_lines)
    assert new_lines[0] == "T1\tNOMBRE 9 18\tBartolomé"
    assert new_lines[2] == "T2\tCIUDAD 27 32\tÁvila"
    assert [l for i, l in enumerate(new_lines) if i not in (0, 2)] == [l for i, l in enumerate(old_lines) if i not in (0, 2)]
    reread = parse(out_text, out_ann)
    assert {sp.id: reread.span_text(sp) for sp in reread.spans} == {"T1": "Bartolomé", "T2": "Ávila"}


def test_writer_leaves_out_a_dropped_span_and_every_line_that_points_at_it():
    doc = parse("Paciente Luis vive en Soria desde 2001.", EXTRA_ANN)
    without_t2 = Document(doc.id, doc.text, tuple(sp for sp in doc.spans if sp.id != "T2"), doc.meta)
    _, ann = format_brat(without_t2)
    assert ann == "T1\tNOMBRE 9 13\tLuis\n#1\tAnnotatorNotes T1\tnombre de pila\n"


def test_txt_without_ann_is_a_document_without_spans(tmp_path):
    (tmp_path / "a.txt").write_text("Texto sin anotar.", encoding="utf-8")
    (tmp_path / "b.txt").write_text("Otro: Ana.", encoding="utf-8")
    (tmp_path / "b.ann").write_text("T1\tNOMBRE 6 9\tAna\n", encoding="utf-8")
    (tmp_path / ".hidden.txt").write_bytes(b"\xff")  # editor/macOS junk is ignored
    (tmp_path / "annotation.conf").write_text("[entities]\n", encoding="utf-8")
    docs = list(read_corpus(tmp_path, "brat"))
    assert [d.id for d in docs] == ["a", "b"]
    assert docs[0].spans == () and format_brat(docs[0]) == ("Texto sin anotar.", "")
    assert [(sp.label, sp.start, sp.end) for sp in docs[1].spans] == [("NOMBRE", 6, 9)]


def test_listing_is_sorted_by_name(tmp_path):
    for name in ["b2", "a10", "a9", "B1"]:
        (tmp_path / f"{name}.txt").write_text("x", encoding="utf-8")
    assert list_brat(tmp_path) == ["B1", "a10", "a9", "b2"]


def test_new_spans_are_appended_after_existing_lines():
    doc = parse("Ana y Eva", "T1\tNOMBRE 0 3\tAna")
    grown = Document(doc.id, doc.text, doc.spans + (Span("T2", "NOMBRE", 6, 9),), doc.meta)
    assert format_brat(grown)[1] == "T1\tNOMBRE 0 3\tAna\nT2\tNOMBRE 6 9\tEva\n"


def test_a_line_break_inside_a_span_is_written_as_a_space_and_read_back():
    doc = Document("d", "Calle Mayor\n12, Soria", (Span("T1", "CALLE", 0, 14),))
    text, ann = format_brat(doc)
    assert ann == "T1\tCALLE 0 14\tCalle Mayor 12\n"
    assert parse(text, ann).spans == doc.spans


# ------------------------------------------------------------------------------------- property test

ALPHABET = st.sampled_from(list("ab zñÁé.,:;-/\n\r\t") + ["\u00a0", "😀"])


@st.composite
def documents(draw):
    body = draw(st.text(ALPHABET, min_size=1, max_size=60).filter(lambda t: t.strip()))
    text = ("\ufeff" if draw(st.booleans()) else "") + body
    cuts = sorted(draw(st.sets(st.integers(0, len(text)), max_size=10)))
    spans, k = [], 0
    pairs = list(zip(cuts[::2], cuts[1::2]))
    while pairs:
        n = draw(st.integers(1, min(2, len(pairs))))  # one fragment or a discontinuous pair
        frags, pairs = tuple(pairs[:n]), pairs[n:]
        k += 1
        spans.append(Span.from_fragments(f"T{k}", draw(st.sampled_from(["NOMBRE", "FECHAS"])), frags))
    return Document("doc", text, tuple(spans))


@settings(max_examples=200, deadline=None)
@given(documents())
def test_any_document_survives_write_read_write(doc):
    text, ann = format_brat(doc)
    back = parse(text, ann, allow_empty=True)
    assert back.text == doc.text
    assert sorted(back.spans, key=lambda s: s.id) == sorted(doc.spans, key=lambda s: s.id)
    assert format_brat(back) == (text, ann)
