"""The review session without a browser: edits, saves, outputs, uploads, paths, and the optional web extra."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from augment.brat import read_brat_document
from augment.errors import UserError
from augment.review.session import ReviewSession
from surrogate.schemas import load_schema

SCHEMA = load_schema("meddocan")
TEXT = "Nombre: Lucía Ferrer.\nNHC: 2871046.\nVive en Madrid con Lucía Ferrer y su hija.\n"
ANN = "T1\tNOMBRE_SUJETO_ASISTENCIA 8 20\tLucía Ferrer\nT2\tID_SUJETO_ASISTENCIA 27 34\t2871046\n" \
      "T3\tTERRITORIO 44 50\tMadrid\nT4\tNOMBRE_SUJETO_ASISTENCIA 55 67\tLucía Ferrer\n"
LABELS = ["NOMBRE_SUJETO_ASISTENCIA", "FECHAS", "TERRITORIO", "ID_SUJETO_ASISTENCIA", "FAMILIARES_SUJETO_ASISTENCIA"]


def make_corpus(root: Path, name: str = "doc") -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / f"{name}.txt").write_bytes(TEXT.encode())
    (root / f"{name}.ann").write_bytes(ANN.encode())
    return root


def outside_spans(text: str, spans) -> list[str]:
    pieces, cursor = [], 0
    for sp in sorted(spans, key=lambda sp: sp.start):
        pieces.append(text[cursor:sp.start])
        cursor = sp.end
    return pieces + [text[cursor:]]


operations = st.lists(st.one_of(
    st.tuples(st.just("add"), st.integers(0, len(TEXT)), st.integers(1, 25), st.sampled_from(LABELS)),
    st.tuples(st.just("delete"), st.integers(0, 20)),
    st.tuples(st.just("relabel"), st.integers(0, 20), st.sampled_from(LABELS)),
    st.tuples(st.just("move"), st.integers(0, 20), st.sampled_from(["snap", "start-left", "start-right", "end-left", "end-right"])),
    st.tuples(st.just("resurrogate"), st.integers(0, 20)),
), max_size=8)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=operations, profile=st.sampled_from(["surrogate", "mask", "tag", "redact"]))
def test_any_edits_save_exact_brat_and_outputs_stay_aligned(tmp_path_factory, ops, profile):
    corpus = make_corpus(tmp_path_factory.mktemp("c"))
    session = ReviewSession(corpus, SCHEMA, reviewer="r")
    for op in ops:
        spans = session.get("doc").working.spans
        try:
            if op[0] == "add":
                session.add("doc", op[1], min(len(TEXT), op[1] + op[2]), op[3])
            elif spans:
                sid = spans[op[1] % len(spans)].id
                if op[0] == "delete":
                    session.delete("doc", sid)
                elif op[0] == "relabel":
                    session.relabel("doc", sid, op[2])
                elif op[0] == "move":
                    session.move("doc", sid, op[2])
                else:
                    session.resurrogate("doc", sid)
        except UserError:
            pass  # overlaps, empty selections, a span's last word: refused, nothing changed
    session.set_profile("doc", profile)
    working = session.get("doc").working
    session.save("doc")
    saved = read_brat_document(corpus, "doc")  # the strict reader: offsets, texts, no overlaps
    assert saved.text == TEXT
    assert [(sp.id, sp.label, sp.fragments) for sp in saved.spans] == [(sp.id, sp.label, sp.fragments) for sp in working.spans]
    for sp in saved.spans:
        assert not TEXT[sp.start].isspace() and not TEXT[sp.end - 1].isspace()
    result = session.output(session.get("doc"), saved=True)
    result.document.check_alignment({r.span_id: r.surrogate for r in result.replacements})
    assert outside_spans(result.document.text, result.document.spans) == outside_spans(TEXT, saved.spans)
    if profile == "surrogate":
        for sp in saved.spans:
            if sp.label == "NOMBRE_SUJETO_ASISTENCIA" and TEXT[sp.start:sp.end] == "Lucía Ferrer":
                assert "Lucía" not in result.document.span_text(result.alignment[sp.id])


def test_resurrogating_a_span_redraws_its_group_and_keeps_the_rest(tmp_path):
    session = ReviewSession(make_corpus(tmp_path / "c"), SCHEMA)
    review = session.get("doc")
    before = {r.span_id: r.surrogate for r in session.output(review).replacements}
    assert before["T1"] == before["T4"]
    for _ in range(5):
        session.resurrogate("doc", "T4")
        after = {r.span_id: r.surrogate for r in session.output(review).replacements}
        if after["T4"] != before["T4"]:
            break
    assert after["T1"] == after["T4"] != before["T4"]
    assert after["T2"] == before["T2"] and after["T3"] == before["T3"]
    session.add("doc", TEXT.index("hija"), TEXT.index("hija") + 4, "FAMILIARES_SUJETO_ASISTENCIA")
    again = {r.span_id: r.surrogate for r in session.output(review).replacements}
    assert {k: again[k] for k in after} == after  # adding a span redraws nothing else (keyed mode)


def test_saved_output_reproduces_in_a_new_session(tmp_path):
    corpus = make_corpus(tmp_path / "c")
    first = ReviewSession(corpus, SCHEMA)
    first.resurrogate("doc")
    first.resurrogate("doc", "T3")
    first.save("doc")
    text = first.output(first.get("doc"), saved=True).document.text
    second = ReviewSession(corpus, SCHEMA)
    assert second.output(second.get("doc"), saved=True).document.text == text
    assert oct((corpus / ".review" / "key").stat().st_mode & 0o777) == "0o600"


def test_discard_restores_the_saved_state(tmp_path):
    session = ReviewSession(make_corpus(tmp_path / "c"), SCHEMA)
    saved = session.get("doc").working
    session.delete("doc", "T2")
    session.set_profile("doc", "tag")
    session.discard("doc")
    review = session.get("doc")
    assert review.working.spans == saved.spans and review.profile is None and not review.dirty


def test_out_dir_leaves_the_corpus_untouched(tmp_path):
    corpus = make_corpus(tmp_path / "c")
    before = {p.name: p.read_bytes() for p in corpus.iterdir()}
    out = tmp_path / "reviewed"
    session = ReviewSession(corpus, SCHEMA, out=out, reviewer="r")
    session.delete("doc", "T3")
    session.save("doc")
    assert {p.name: p.read_bytes() for p in corpus.iterdir() if p.is_file()} == before
    assert (out / "doc.txt").read_bytes() == TEXT.encode()
    assert "T3" not in (out / "doc.ann").read_text()
    reopened = ReviewSession(corpus, SCHEMA, out=out)
    assert [sp.id for sp in reopened.get("doc").working.spans] == ["T1", "T2", "T4"]
    assert reopened.get("doc").status == "changed"


def test_deidentified_corpus_keeps_its_surrogates(tmp_path):
    session = ReviewSession(make_corpus(tmp_path / "c"), SCHEMA, deidentified=True)
    review = session.get("doc")
    assert session.output(review).document.text == TEXT  # already surrogates: nothing to replace again
    start = TEXT.index("hija")
    new_id = session.add("doc", start, start + 4, "FAMILIARES_SUJETO_ASISTENCIA")
    result = session.output(review)
    assert result.document.text.replace(result.document.span_text(result.alignment[new_id]), "hija") == TEXT
    assert session.output(review, "mask").document.text.startswith("Nombre: XXXXX XXXXXX.")


def test_review_log_names_span_ids_and_never_text(tmp_path):
    corpus = make_corpus(tmp_path / "c")
    session = ReviewSession(corpus, SCHEMA, reviewer="dr.house")
    session.relabel("doc", "T3", "PAIS")
    session.move("doc", "T1", "start-right")
    session.save("doc")
    record = json.loads((corpus / ".review" / "log.jsonl").read_text())
    assert record["reviewer"] == "dr.house" and record["status"] == "changed"
    assert record["changes"] == [{"op": "relabel", "span": "T3", "from": "TERRITORIO", "to": "PAIS"},
                                 {"op": "move", "span": "T1", "from": [8, 20], "to": [14, 20]}]
    raw = (corpus / ".review" / "log.jsonl").read_text()
    assert "Lucía" not in raw and "Madrid" not in raw and "Ferrer" not in raw


@pytest.mark.parametrize("filename", ["../../escape.txt", "..\\..\\escape.txt", "/etc/escape.txt", ".escape.txt",
                                      "sub/dir/escape.txt", "es cape?.txt"])
def test_uploads_cannot_escape_the_corpus(tmp_path, filename):
    from surrogate.ner import load_backend

    corpus = make_corpus(tmp_path / "deep" / "c")
    session = ReviewSession(corpus, SCHEMA, backend=load_backend("rules"))
    name = session.upload(filename, "Nombre: Ana Soler.\nNHC: 1234567.\n".encode())
    assert (corpus / f"{name}.txt").is_file() and not name.startswith(".") and "/" not in name and "\\" not in name
    assert not list(tmp_path.rglob("escape*")) or all(p.parent == corpus for p in tmp_path.rglob("*escape*"))


def test_upload_without_backend_or_of_a_scan_is_refused(tmp_path):
    pytest.importorskip("pypdf")
    from test_document_readers import make_pdf

    from surrogate.ner import load_backend

    corpus = make_corpus(tmp_path / "c")
    with pytest.raises(UserError, match="--backend"):
        ReviewSession(corpus, SCHEMA).upload("a.txt", b"Nombre: Ana.\n")
    session = ReviewSession(corpus, SCHEMA, backend=load_backend("rules"))
    with pytest.raises(UserError, match="scan.pdf: the PDF has no text layer"):
        session.upload("scan.pdf", make_pdf([[]]))
    with pytest.raises(UserError, match="unsupported file type"):
        session.upload("informe.exe", b"MZ")
    assert sorted(p.name for p in corpus.iterdir() if p.is_file()) == ["doc.ann", "doc.txt"]


def test_unreadable_documents_are_listed_not_fatal(tmp_path):
    corpus = make_corpus(tmp_path / "c")
    (corpus / "bad.txt").write_text("Nombre: Ana.\n", encoding="utf-8")
    (corpus / "bad.ann").write_text("T1\tNOMBRE_SUJETO_ASISTENCIA 8 11\tEva\n", encoding="utf-8")
    session = ReviewSession(corpus, SCHEMA)
    bad = session.get("bad")
    assert bad.working is None and "bad.ann:1" in bad.error and "Eva" not in bad.error and "Ana" not in bad.error
    with pytest.raises(UserError, match="could not be read"):
        session.add("bad", 0, 3, "FECHAS")
    with pytest.raises(UserError, match="cannot export"):
        session.export_zip()


def test_review_command_without_the_web_extra_says_how_to_install(tmp_path):
    corpus = make_corpus(tmp_path / "c")
    code = ("import sys; sys.modules['uvicorn'] = None\n"
            "from augment.cli import main\n"
            f"sys.exit(main(['review', {str(corpus)!r}, '--no-browser']))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).parent,
                         env={**os.environ, "SURROGATE_DEBUG": ""})
    assert out.returncode == 2 and out.stdout == ""
    assert "pip install 'surrogate[review]'" in out.stderr and "Traceback" not in out.stderr


def test_deid_output_with_its_mapping_shows_the_original_beside_it(tmp_path):
    from augment.cli import main

    inputs = tmp_path / "in"
    inputs.mkdir()
    report = "Nombre: Lucía Ferrer Quintana.\nNHC: 2871046.\nFecha de ingreso: 02/10/2023.\n"
    (inputs / "informe.txt").write_text(report, encoding="utf-8")
    out, mapping = tmp_path / "out", tmp_path / "map.jsonl"
    assert main(["deid", str(inputs), str(out), "--backend", "rules", "--mapping", str(mapping)]) == 0
    session = ReviewSession(out, SCHEMA, mapping=mapping, deidentified=True)
    original = session.original("informe")
    assert original.text == report
    assert [original.span_text(sp) for sp in original.spans][:2] == ["Lucía Ferrer Quintana", "2871046"]
    review = session.get("informe")
    assert session.output(review).document.text == (out / "informe.txt").read_text()  # surrogates kept as they are


def test_apply_output_beside_its_input(tmp_path):
    from augment.cli import main

    corpus = make_corpus(tmp_path / "c")
    out = tmp_path / "applied"
    assert main(["apply", str(corpus), str(out), "--workers", "1"]) == 0
    session = ReviewSession(out, SCHEMA, originals=corpus, deidentified=True)
    assert session.original("doc").text == TEXT
    assert session.output(session.get("doc")).document.text == (out / "doc.txt").read_text()


def test_an_upload_into_a_deidentified_corpus_is_surrogated(tmp_path):
    from surrogate.ner import load_backend

    session = ReviewSession(make_corpus(tmp_path / "c"), SCHEMA, backend=load_backend("rules"), deidentified=True)
    name = session.upload("nuevo.txt", "Nombre: Ana Soler.\nNHC: 1234567.\n".encode())
    review = session.get(name)
    assert review.working.spans and not review.kept
    text = session.output(review).document.text
    assert "Soler" not in text and "1234567" not in text
    again = ReviewSession(tmp_path / "c", SCHEMA, deidentified=True)  # the next day, before anyone saved it
    assert "Soler" not in again.output(again.get(name)).document.text


def test_deleting_a_span_drops_every_line_that_points_at_it_even_through_another(tmp_path):
    """An event on T1, an attribute on that event, a note on T3: deleting T1 leaves a .ann that reads back."""
    corpus = make_corpus(tmp_path / "c")
    extra = "E1\tVisita:T1\nA1\tConfirmado E1\n#1\tAnnotatorNotes T3\tciudad\n"
    (corpus / "doc.ann").write_bytes((ANN + extra).encode())
    session = ReviewSession(corpus, SCHEMA, reviewer="r")
    session.delete("doc", "T1")
    session.save("doc")
    assert (corpus / "doc.ann").read_bytes().decode() == "".join(ANN.splitlines(keepends=True)[1:]) + \
        "#1\tAnnotatorNotes T3\tciudad\n"
    assert [sp.id for sp in read_brat_document(corpus, "doc").spans] == ["T2", "T3", "T4"]
    assert session.add("doc", 0, 6, "FECHAS") == "T5"  # a deleted id is never given to a new span
