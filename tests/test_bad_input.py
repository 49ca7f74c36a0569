"""Malformed input at the I/O level: an InputError naming file and line, never the span text; atomic output."""
from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from augment.corpus import (
    atomic_output_dir,
    list_documents,
    read_corpus,
    validate_corpus,
    write_document,
)
from augment.errors import InputError, UserError
from surrogate.model import Document

MEDDOCAN = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "meddocan"
PHI = "Ernesto"  # every fixture's span text: it must never show up in a message
TEXT = f"Nombre: {PHI} Rivera.\nEdad: 42 años.\n"
GOOD_T1 = f"T1\tNOMBRE 8 15\t{PHI}"


def brat_dir(tmp_path: Path, ann: str | bytes | None, text: str | bytes = TEXT, name: str = "doc") -> Path:
    folder = tmp_path / "in"
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.txt").write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    if ann is not None:
        (folder / f"{name}.ann").write_bytes(ann.encode("utf-8") if isinstance(ann, str) else ann)
    return folder


def expect_error(folder: Path, file: Path, line: int | None, fmt: str = "brat", **kw) -> str:
    with pytest.raises(InputError) as info:
        validate_corpus(folder, fmt, **kw)
    message = str(info.value)
    where = f"{file}:{line}:" if line is not None else f"{file}:"
    assert message.startswith(where), message
    assert info.value.path == str(file) and info.value.line == line
    assert PHI not in message and "Rivera" not in message
    assert "\n" not in message
    return message


BROKEN_ANN = {
    "missing text field": (f"{GOOD_T1}\nT2\tNOMBRE 16 22\n", 2, "3 tab-separated fields"),
    "spaces instead of tabs": (f"{GOOD_T1}\nT2 NOMBRE 16 22 Rivera\n", 2, "3 tab-separated fields"),
    "non-integer offset": (f"T1\tNOMBRE 8 x15\t{PHI}\n", 1, "non-negative integers"),
    "negative offset": (f"T1\tNOMBRE -8 15\t{PHI}\n", 1, "non-negative integers"),
    "one offset only": (f"T1\tNOMBRE 8\t{PHI}\n", 1, "START END"),
    "no label": (f"T1\t8 15\t{PHI}\n", 1, "START END"),
    "start after end": (f"{GOOD_T1}\nT2\tNOMBRE 22 16\tRivera\n", 2, "start 22 > end 16"),
    "fragments reversed": (f"T1\tNOMBRE 16 22;8 15\t{PHI} Rivera\n", 1, "out of order"),
    "unknown line type": (f"{GOOD_T1}\nX1\tsomething\n", 2, "BRAT annotation id"),
    "duplicate T id": (f"{GOOD_T1}\nT1\tNOMBRE 16 22\tRivera\n", 2, "duplicate annotation id T1 (first defined on line 1)"),
    "dangling reference": (f"{GOOD_T1}\nR1\tRel Arg1:T1 Arg2:T9\n", 2, "undefined annotation id T9"),
    "offsets past the end": (f"{GOOD_T1}\nT2\tNOMBRE 40 90\tRivera\n", 2, "past the end of the text (39 characters)"),
    "span text differs": (f"#1\tAnnotatorNotes T1\tnote\nT1\tNOMBRE 9 16\t{PHI}\n", 2, "span T1: text in the .ann differs"),
}
OVERLAPS = {  # refused only on request (--overlaps error / allow_overlaps=False); accepted by default
    "overlapping spans": (f"{GOOD_T1}\nT2\tAPELLIDO 12 22\tsto Rivera\n", 2, "span T2 overlaps span T1"),
    "nested spans": (f"T1\tNOMBRE 8 22\t{PHI} Rivera\nT2\tAPELLIDO 16 22\tRivera\n", 2, "span T2 is nested in span T1"),
}


@pytest.mark.parametrize("case", sorted(BROKEN_ANN))
def test_broken_ann_names_file_and_line(tmp_path, case):
    ann, line, fragment = BROKEN_ANN[case]
    folder = brat_dir(tmp_path, ann)
    message = expect_error(folder, folder / "doc.ann", line)
    assert fragment in message


@pytest.mark.parametrize("case", sorted(OVERLAPS))
def test_overlaps_are_accepted_by_default_and_refused_on_request(tmp_path, case):
    ann, line, fragment = OVERLAPS[case]
    folder = brat_dir(tmp_path, ann)
    (doc,) = read_corpus(folder, "brat")
    assert [sp.id for sp in doc.spans] == ["T1", "T2"]
    message = expect_error(folder, folder / "doc.ann", line, allow_overlaps=False)
    assert fragment in message and "--overlaps error" in message


def test_missing_txt_names_the_missing_file_before_reading_anything(tmp_path):
    folder = brat_dir(tmp_path, GOOD_T1, name="a")
    (folder / "b.ann").write_text(GOOD_T1, encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_corpus(folder, "brat")  # checked when the corpus is opened, not when b is reached
    assert str(info.value).startswith(f"{folder / 'b.txt'}: text file missing for annotation file b.ann")
    with pytest.raises(InputError, match="b.txt"):
        list_documents(folder, "brat")


@pytest.mark.parametrize("where", ["txt", "ann"])
def test_non_utf8_bytes_name_line_and_byte(tmp_path, where):
    bad = TEXT.encode("utf-8").replace(b"a\xc3\xb1os", b"a\xf1os")  # Latin-1 'ñ' on line 2
    if where == "txt":
        folder = brat_dir(tmp_path, GOOD_T1, text=bad)
        message = expect_error(folder, folder / "doc.txt", 2)
        offset = bad.index(b"\xf1")
        assert f"byte 0xF1 at byte offset {offset}" in message
    else:
        folder = brat_dir(tmp_path, f"{GOOD_T1}\n#1\tAnnotatorNotes T1\t{PHI}\xe9".encode().replace(b"\xc3\xa9", b"\xe9"))
        message = expect_error(folder, folder / "doc.ann", 2)
        assert "not valid UTF-8: byte 0xE9" in message


@pytest.mark.parametrize("content", ["", "\ufeff", " \n\r\n\t"])
def test_empty_document_is_rejected_unless_allowed(tmp_path, content):
    folder = brat_dir(tmp_path, "", text=content)
    message = expect_error(folder, folder / "doc.txt", None)
    assert "empty document" in message
    assert validate_corpus(folder, "brat", allow_empty=True) == 1


def test_a_real_meddocan_document_with_a_shifted_span_is_caught(tmp_path):
    source = MEDDOCAN / "train"
    if not source.is_dir():
        pytest.skip("MEDDOCAN train not available")
    name = min(p.stem for p in source.glob("*.ann"))
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(source / f"{name}.txt", folder)
    lines = (source / f"{name}.ann").read_text(encoding="utf-8").split("\n")
    tid, middle, span_text = lines[2].split("\t")
    label, s, e = middle.split(" ")
    lines[2] = f"{tid}\t{label} {int(s) + 1} {int(e) + 1}\t{span_text}"
    (folder / f"{name}.ann").write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(InputError) as info:
        validate_corpus(folder, "brat")
    assert str(info.value).startswith(f"{folder / (name + '.ann')}:3: span {tid}: text in the .ann differs")
    assert span_text not in str(info.value)


# ------------------------------------------------------------------------------------- JSONL and CoNLL


def jsonl_file(tmp_path: Path, records: list[object | str]) -> Path:
    path = tmp_path / "corpus.jsonl"
    lines = [r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in records]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def record(doc_id="a", **span) -> dict:
    base = {"id": "T1", "label": "NOMBRE", "start": 8, "end": 15, "text": PHI}
    return {"id": doc_id, "text": TEXT, "spans": [{**base, **span}]}


JSONL_CASES = {
    "invalid JSON": ('{"id": "b", "text": ', "invalid JSON"),
    "not an object": ("[1, 2]", "JSON object"),
    "offsets past end": (record("b", start=30, end=60, text=None), "past the end"),
    "text differs": (record("b", start=9, end=16), "'text' differs"),
    "start after end": (record("b", start=15, end=8), "start 15 > end 8"),
    "string offset": (record("b", start="8"), "non-negative integers"),
    "fragments disagree": (record("b", fragments=[[8, 12]]), "disagree with its fragments"),
    "duplicate document id": (record("a"), "duplicate document id a"),
    "empty text": ({"id": "b", "text": "", "spans": []}, "empty document"),
    "unpaired surrogate": ('{"id": "b", "text": "x\\ud800y", "spans": []}', "unpaired surrogate"),
}


@pytest.mark.parametrize("case", sorted(JSONL_CASES))
def test_broken_jsonl_names_file_and_line(tmp_path, case):
    bad, fragment = JSONL_CASES[case]
    if isinstance(bad, dict):
        for span in bad["spans"]:
            if span.get("text") is None:
                span.pop("text", None)
    path = jsonl_file(tmp_path, [record("a"), "", bad])
    assert fragment in expect_error(path, path, 3, "jsonl")


def test_overlap_in_jsonl_names_both_spans(tmp_path):
    doc = record("a")
    doc["spans"].append({"id": "T2", "label": "X", "start": 10, "end": 20})
    path = jsonl_file(tmp_path, [doc])
    (doc,) = read_corpus(path, "jsonl")  # accepted by default
    assert len(doc.spans) == 2
    assert "span T2 overlaps span T1" in expect_error(path, path, 1, "jsonl", allow_overlaps=False)


CONLL_HEAD = "-DOCSTART-\tdoc\t_\n\nNombre\t0\t6\t_\tO\n:\t6\t7\t\\s\tO\n"
CONLL_CASES = {
    "offsets disagree": ("Ernesto\t9\t16\t_\tB-NOMBRE\n", "disagree"),
    "bad tag": ("Ernesto\t8\t15\t_\tNOMBRE\n", "IOB2"),
    "bad escape": ("Ernesto\t8\t15\t\\q\tB-NOMBRE\n", "AFTER column"),
    "text in whitespace column": ("Ernesto\t8\t15\tRivera\tB-NOMBRE\n", "AFTER column"),
    "missing column": ("Ernesto\t8\t15\tB-NOMBRE\n", "5 tab-separated fields"),
}


@pytest.mark.parametrize("case", sorted(CONLL_CASES))
def test_broken_conll_names_file_and_line(tmp_path, case):
    line, fragment = CONLL_CASES[case]
    path = tmp_path / "c.conll"
    path.write_text(CONLL_HEAD + line, encoding="utf-8")
    assert fragment in expect_error(path, path, 5, "conll")


def test_unknown_format_and_missing_paths_are_user_errors(tmp_path):
    with pytest.raises(UserError, match="unknown corpus format 'xml'"):
        read_corpus(tmp_path, "xml")
    with pytest.raises(UserError, match="not a directory|must be a directory"):
        read_corpus(tmp_path / "nope", "brat")
    with pytest.raises(UserError, match="no BRAT documents"):
        read_corpus(tmp_path, "brat")
    with pytest.raises(UserError, match="no .jsonl files"):
        read_corpus(tmp_path, "jsonl")


def test_unsafe_document_names_are_refused(tmp_path):
    doc = Document("../escape", "texto", ())
    with pytest.raises(UserError, match="path separator"):
        write_document(doc, tmp_path, "jsonl")
    assert list(tmp_path.iterdir()) == [] and not (tmp_path.parent / "escape.jsonl").exists()


# ------------------------------------------------------------------------------------- atomic output


def test_atomic_output_appears_only_on_success(tmp_path):
    out = tmp_path / "deep" / "out"
    with atomic_output_dir(out) as tmp:
        assert tmp.parent == out.parent and tmp != out and not out.exists()
        (tmp / "a.txt").write_text("x", encoding="utf-8")
    assert [p.name for p in out.iterdir()] == ["a.txt"]
    assert [p.name for p in out.parent.iterdir()] == ["out"]  # no temporary sibling left
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o777 & ~umask  # not the 0700 of a mkdtemp


def test_a_failure_leaves_no_output_and_no_new_parents(tmp_path):
    out = tmp_path / "new" / "parents" / "out"
    with pytest.raises(InputError), atomic_output_dir(out) as tmp:
        (tmp / "half.txt").write_text("x", encoding="utf-8")
        raise InputError("in/doc.ann", "broken", 3)
    assert list(tmp_path.iterdir()) == []


def test_a_non_empty_output_is_kept_unless_overwrite(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "old.txt").write_text("old", encoding="utf-8")
    with pytest.raises(UserError, match="exists and is not empty"), atomic_output_dir(out):
        pytest.fail("must refuse before yielding")
    with pytest.raises(RuntimeError), atomic_output_dir(out, overwrite=True) as tmp:
        (tmp / "new.txt").write_text("new", encoding="utf-8")
        raise RuntimeError("worker died")
    assert [p.name for p in out.iterdir()] == ["old.txt"]  # the failed run did not touch it
    with atomic_output_dir(out, overwrite=True) as tmp:
        (tmp / "new.txt").write_text("new", encoding="utf-8")
    assert [p.name for p in out.iterdir()] == ["new.txt"]
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


def test_an_existing_empty_directory_is_used_and_a_file_is_refused(tmp_path):
    (tmp_path / "empty").mkdir()
    with atomic_output_dir(tmp_path / "empty") as tmp:
        (tmp / "a").write_text("x", encoding="utf-8")
    assert [p.name for p in (tmp_path / "empty").iterdir()] == ["a"]
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(UserError, match="not a directory"), atomic_output_dir(tmp_path / "file"):
        pass
