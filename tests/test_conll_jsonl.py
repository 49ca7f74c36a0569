"""CoNLL/IOB2 and JSONL: conversions agree with BRAT, text is rebuilt exactly, format limits are explicit."""
from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from augment.conll import FormatWarning, format_conll, parse_conll, tokenize
from augment.corpus import read_corpus, write_corpus, write_document
from augment.errors import UserError
from augment.jsonl import format_jsonl, parse_record
from surrogate.model import Document, Span

MEDDOCAN = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "meddocan"
CONLL, JSONL = Path("c.conll"), Path("c.jsonl")


def triples(doc: Document) -> list[tuple[str, int, int]]:
    return sorted((sp.label, sp.start, sp.end) for sp in doc.spans)


def conll_round_trip(doc: Document) -> Document:
    (back,) = parse_conll(format_conll(doc), CONLL, allow_empty=True)
    return back


@pytest.fixture(scope="module")
def train_docs():
    folder = MEDDOCAN / "train"
    if not folder.is_dir():
        pytest.skip(f"MEDDOCAN train not available at {folder}")
    return list(read_corpus(folder, "brat"))


def test_conll_and_jsonl_agree_with_brat_on_meddocan_train(train_docs, tmp_path):
    for fmt in ("conll", "jsonl"):
        out = tmp_path / fmt
        out.mkdir()
        write_corpus(train_docs, out, fmt, single_file=f"train.{fmt}")
        back = {d.id: d for d in read_corpus(out, fmt)}
        assert list(back) == [d.id for d in train_docs]
        for doc in train_docs:
            assert back[doc.id].text == doc.text, (fmt, doc.id)
            assert triples(back[doc.id]) == triples(doc), (fmt, doc.id)
        if fmt == "jsonl":  # JSONL keeps ids and fragments too
            assert all(back[d.id].spans == d.spans for d in train_docs)


def test_conll_tokens_are_what_the_documented_tokenizer_gives(train_docs):
    doc = train_docs[0]
    lines = [l.split("\t") for l in format_conll(doc).split("\n")[2:] if l]
    assert all(len(f) == 5 for f in lines)
    for token, start, end, _, _ in lines:
        assert doc.text[int(start) : int(end)] == token
        assert not any(c.isspace() for c in token)


def test_tokenizer_splits_at_span_edges_inside_words():
    text = "Dr. Francisco Javier"
    doc = Document("d", text, (Span("T1", "NOMBRE", 5, 20),))  # 'rancisco Javier': glued/truncated span
    assert tokenize(text, doc.spans) == [(0, 2), (2, 3), (4, 5), (5, 13), (14, 20)]
    body = format_conll(doc).split("\n")
    assert body[4] == "F\t4\t5\t_\tO"
    assert body[5] == "rancisco\t5\t13\t\\s\tB-NOMBRE"
    assert body[6] == "Javier\t14\t20\t_\tI-NOMBRE"
    back = conll_round_trip(doc)
    assert back.text == text and triples(back) == triples(doc)


def test_conll_blank_line_per_text_line_but_not_inside_an_entity():
    text = "Nombre: Ana\nCalle Mayor\n12.\n\nFin"
    doc = Document("d", text, (Span("T1", "CALLE", 12, 26),))  # the street crosses a line break
    out = format_conll(doc)
    blocks = [b for b in out.split("\n\n")[1:] if b.strip()]
    assert [len(b.strip().split("\n")) for b in blocks] == [3, 4, 1]
    assert "12\t24\t26\t_\tI-CALLE" in out
    back = conll_round_trip(doc)
    assert back.text == text and triples(back) == triples(doc)


def test_conll_whitespace_and_bom_are_rebuilt_exactly():
    text = "\ufeff  Hola\u00a0mundo\t\r\n\r\nAdiós  \n"
    doc = Document("d", text, (Span("T1", "X", 18, 23),))
    out = format_conll(doc)
    assert out.startswith("-DOCSTART-\td\t\\uFEFF\\s\\s\n\n")
    back = conll_round_trip(doc)
    assert back.text == text and triples(back) == triples(doc)


def test_conll_states_what_iob2_cannot_hold():
    text = "Juan vino con Pérez"
    discontinuous = Document("d", text, (Span.from_fragments("T1", "NOMBRE", ((0, 4), (14, 19))),))
    with pytest.warns(FormatWarning, match="T1 is discontinuous"):
        back = conll_round_trip(discontinuous)
    assert triples(back) == [("NOMBRE", 0, 4), ("NOMBRE", 14, 19)]

    padded = Document("d", text, (Span("T1", "NOMBRE", 13, 19),))  # ' Pérez'
    with pytest.warns(FormatWarning, match="T1 starts or ends with whitespace"):
        assert triples(conll_round_trip(padded)) == [("NOMBRE", 14, 19)]

    overlapping = Document("d", text, (Span("T1", "A", 0, 9), Span("T2", "B", 5, 9)))
    with pytest.warns(FormatWarning, match="T2 overlaps span T1"):
        assert triples(conll_round_trip(overlapping)) == [("A", 0, 9)]  # the outer span only

    blank = Document("d", text, (Span("T1", "A", 4, 5),))
    with pytest.raises(UserError, match="T1 covers no token"):
        format_conll(blank)


def test_adjacent_entities_of_one_label_stay_apart():
    doc = Document("d", "Ana Eva", (Span("T1", "N", 0, 3), Span("T2", "N", 4, 7)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert triples(conll_round_trip(doc)) == [("N", 0, 3), ("N", 4, 7)]


def test_foreign_two_column_conll_is_read():
    content = (
        "-DOCSTART- -X- -X- O\n\nEl O\nDr. O\nJuan B-PER\nPérez I-PER\n\nvino O\n\n"
        "-DOCSTART- -X- -X- O\n\nen O\nSoria I-LOC\n"  # I- after O starts an entity, as conlleval does
    )
    a, b = parse_conll(content, Path("corpus.conll"))
    assert (a.id, a.text, triples(a)) == ("corpus-1", "El Dr. Juan Pérez\nvino", [("PER", 7, 17)])
    assert (b.id, b.text, triples(b)) == ("corpus-2", "en Soria", [("LOC", 3, 8)])


def test_jsonl_lines_share_one_schema(tmp_path):
    docs = [Document("a", "Ana vino.", (Span("T1", "NOMBRE", 0, 3),)), Document("b", "Nada.", ())]
    for doc in docs:
        write_document(doc, tmp_path, "jsonl")
    records = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(tmp_path.glob("*.jsonl"))]
    assert [list(r) for r in records] == [["id", "text", "spans"]] * 2
    assert list(records[0]["spans"][0]) == ["id", "label", "start", "end", "text", "fragments"]
    assert records[0]["spans"][0]["fragments"] == [[0, 3]]
    assert [d.id for d in read_corpus(tmp_path, "jsonl")] == ["a", "b"]


def test_jsonl_loads_in_hf_datasets(train_docs, tmp_path):
    datasets = pytest.importorskip("datasets")
    write_corpus(train_docs[:20] + [Document("empty-spans", "Sin PHI.", ())], tmp_path, "jsonl", single_file="x.jsonl")
    ds = datasets.load_dataset("json", data_files=str(tmp_path / "x.jsonl"), split="train", cache_dir=str(tmp_path / "hf"))
    assert ds.num_rows == 21
    assert ds[0]["spans"][0]["start"] == train_docs[0].spans[0].start


def test_jsonl_accepts_minimal_spans_and_checks_given_text():
    line = json.dumps({"id": "d", "text": "Ana vino", "spans": [{"label": "N", "start": 0, "end": 3, "text": "Ana"}]})
    doc = parse_record(line, JSONL, 1)
    assert doc.spans == (Span("T1", "N", 0, 3),)


# ------------------------------------------------------------------------------------- property tests

ALPHABET = st.sampled_from(list("ab zñÁé.,:;-/_0\n\r\t") + ["\u00a0", "\ufeff", "😀", "\u2028"])


@st.composite
def documents(draw, token_aligned: bool):
    text = draw(st.text(ALPHABET, max_size=60))
    cuts = sorted(draw(st.sets(st.integers(0, len(text)), max_size=10)))
    spans = []
    for s, e in zip(cuts[::2], cuts[1::2]):
        piece = text[s:e]
        if token_aligned and (not piece or piece != piece.strip().strip("\ufeff") or not tokenize(piece)):
            continue  # CoNLL keeps spans whose edges are tokens (documented trimming is tested above)
        spans.append(Span(f"T{len(spans) + 1}", draw(st.sampled_from(["NOMBRE", "FECHAS"])), s, e))
    return Document("doc", text, tuple(spans))


@settings(max_examples=200, deadline=None)
@given(documents(token_aligned=True))
def test_conll_round_trip_keeps_text_and_spans(doc):
    back = conll_round_trip(doc)
    assert back.text == doc.text
    assert triples(back) == triples(doc)
    assert format_conll(back) == format_conll(doc)


@settings(max_examples=200, deadline=None)
@given(documents(token_aligned=False))
def test_jsonl_round_trip_is_exact(doc):
    line = format_jsonl(doc)
    assert line.count("\n") == 1 and line.endswith("\n")
    back = parse_record(line, JSONL, 1, allow_empty=True)
    assert (back.id, back.text, back.spans) == (doc.id, doc.text, doc.spans)
