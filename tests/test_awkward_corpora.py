"""A battery of malformed and awkward corpora through `apply` and `augment --times 2`.

Every case ends one of two ways, and nothing else is accepted:

- **exit 0, exact output**: every output span reads as its ``.ann``/JSONL text, the text outside the spans
  is byte-identical to the input's, every input document is there, and no input span's text (case- and
  accent-insensitive, at word boundaries) is left in a copy;
- **exit 2, clean refusal**: one line on stderr naming the file (and the line where one applies), no
  traceback, no output directory.

Each case says which of the two it expects ("either" where the issue leaves the policy open). Overlapping,
nested and duplicate spans are accepted by default (issue 11), so those cases expect exit 0.
"""
from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import re
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from augment.cli import main
from augment.corpus import read_corpus
from surrogate.schemas import load_schema

from awkward_cases import CASES, GOOD_ANN, TEXT, Case, at, brat

SCHEMA = load_schema("meddocan")
_spec = importlib.util.spec_from_file_location("ood_survivors", Path(__file__).resolve().parents[1] / "bench" / "ood_survivors.py")
survivors = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("ood_survivors", survivors)  # dataclasses look their module up there
_spec.loader.exec_module(survivors)


# ----------------------------------------------------------------------------------------- checking


fold, _found, _gaps = survivors.fold, survivors.found, survivors.outside  # leak and outside-text checks


@dataclass
class Doc:
    id: str
    text: str
    spans: list[tuple[str, str, list[tuple[int, int]], str | None]]  # id, label, fragments, stated text

    def fragments(self) -> list[tuple[int, int]]:
        return [f for _, _, frags, _ in self.spans for f in frags if f[1] > f[0]]


def _read_ann_raw(txt: Path, ann: Path) -> Doc:
    """An output BRAT document, parsed here (not with the product reader)."""
    text = txt.read_bytes().decode("utf-8")
    spans = []
    for line in ann.read_bytes().decode("utf-8").lstrip("\ufeff").split("\n"):
        line = line.rstrip("\r")
        if not line.startswith("T"):
            continue
        tid, middle, value = line.split("\t", 2)
        label, offsets = middle.split(" ", 1)
        frags = [tuple(int(x) for x in part.split()) for part in offsets.split(";")]
        spans.append((tid, label, frags, value))
    return Doc(txt.stem, text, spans)


def _read_outputs(out: Path, fmt: str) -> list[Doc]:
    if fmt == "brat":
        return [_read_ann_raw(t, t.with_suffix(".ann")) for t in sorted(out.glob("*.txt"))]
    if fmt == "jsonl":
        docs = []
        for line in (out / "corpus.jsonl").read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            docs.append(Doc(r["id"], r["text"], [(s["id"], s["label"], [tuple(f) for f in s["fragments"]], s["text"])
                                                 for s in r["spans"]]))
        return docs
    return [Doc(d.id, d.text, [(s.id, s.label, list(s.fragments), None) for s in d.spans])
            for d in read_corpus(out / "corpus.conll", "conll")]


def _inputs(case: Case, root: Path) -> list[Doc]:
    """The input documents as the case defines them (parsed here, for the comparison)."""
    if case.fmt == "jsonl":
        return [Doc(r["id"], r["text"], [(s.get("id", ""), s["label"], [tuple(f) for f in s.get("fragments", [(s["start"], s["end"])])],
                                          None) for s in r["spans"]])
                for r in map(json.loads, filter(str.strip, case.files["corpus.jsonl"].lstrip("\ufeff").splitlines()))]
    if case.fmt == "conll":
        return [Doc(d.id, d.text, [(s.id, s.label, list(s.fragments), None) for s in d.spans])
                for d in read_corpus(root, "conll")]
    docs = []
    for name in sorted(p[:-4] for p in case.files if p.endswith(".txt") and "/" not in p):
        ann = root / f"{name}.ann"
        docs.append(_read_ann_raw(root / f"{name}.txt", ann) if ann.exists() else Doc(name, case.files[f"{name}.txt"], []))
    return docs


def _assert_exact(doc: Doc) -> None:
    """Every span reads as the text its file states (fragments joined by a space, line breaks as spaces)."""
    for tid, _, frags, stated in doc.spans:
        if stated is not None:
            assert " ".join(doc.text[s:e] for s, e in frags).replace("\n", " ").replace("\r", " ") == stated, (doc.id, tid)


def _source_of(out_id: str, command: str) -> str:
    return out_id if command == "apply" else re.sub(r"_aug\d+$", "", out_id)


def _check_output(case: Case, command: str, root: Path, out: Path) -> None:
    out_fmt = case.args[case.args.index("--out-format") + 1] if "--out-format" in case.args else case.fmt
    inputs = {d.id: d for d in _inputs(case, root)}
    if case.docs is not None:
        inputs = {k: v for k, v in inputs.items() if k in case.docs}
    outputs = _read_outputs(out, out_fmt)
    sources = {_source_of(d.id, command) for d in outputs}
    assert sources <= set(inputs), f"output for documents that are not in the input: {sorted(sources - set(inputs))}"
    expected = set(inputs) if command == "apply" else {k for k, d in inputs.items() if d.fragments()}
    assert expected <= sources, f"missing output for {sorted(expected - sources)}"
    for doc in outputs:
        src = inputs[_source_of(doc.id, command)]
        _assert_exact(doc)
        if out_fmt != "conll":  # CoNLL stores spans trimmed to tokens, so edge whitespace moves outside
            assert _gaps(doc.text, doc.fragments()) == _gaps(src.text, src.fragments()), f"{doc.id}: text outside spans changed"
        outside, copy = fold("\n".join(_gaps(src.text, src.fragments()))), fold(doc.text)  # folded once per document
        for tid, label, frags, _ in src.spans:
            if SCHEMA.kind_of(label) == "sex":
                continue
            for value in {src.text[s:e] for s, e in frags} | {" ".join(src.text[s:e] for s, e in frags)}:
                if sum(c.isalnum() for c in value) >= 2 and not _found(value, outside):
                    assert not _found(value, copy), f"{doc.id}: original of span {tid} left in the copy"


def _write(root: Path, files: dict[str, str | bytes]) -> None:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))


COMMANDS: dict[str, Callable[[str, str], list[str]]] = {
    "apply": lambda src, out: ["apply", src, out],
    "augment": lambda src, out: ["augment", src, out, "--times", "2", "--workers", "1"],
}


def test_the_battery_covers_the_issue():
    assert len(CASES) >= 28
    assert len({c.name for c in CASES}) == len(CASES)
    assert any(c.name == "discontinuous_overlapping_another" for c in CASES)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_awkward_corpus(case: Case, command: str, tmp_path, capsys):
    root = tmp_path / "in"
    root.mkdir()
    _write(root, case.files)
    src = str(root / next(iter(case.files))) if case.fmt != "brat" else str(root)
    out = tmp_path / "out"
    args = COMMANDS[command](src, str(out)) + case.args + (["--in-format", case.fmt] if case.fmt != "brat" else [])
    code = main(args)
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert "Traceback" not in captured.err + captured.out
    assert code in (0, 2), f"exit {code}: {err}"
    if code == 2:
        assert case.expect in ("error", "either"), f"refused a corpus it should accept: {err}"
        assert not out.exists(), "a refused run left an output directory"
        assert len(err.splitlines()) == 1, err
        assert re.search(case.error, err), err
        return
    assert case.expect in ("ok", "either"), f"accepted a corpus it should refuse (stderr: {err})"
    _check_output(case, command, root, out)
    _check_rereads(case, out)


def _check_rereads(case: Case, out: Path) -> None:
    """The output is itself a valid corpus (no dangling A/R/E/# reference, no malformed line)."""
    out_fmt = case.args[case.args.index("--out-format") + 1] if "--out-format" in case.args else case.fmt
    path = out if out_fmt == "brat" else out / f"corpus.{out_fmt}"
    assert list(read_corpus(path, out_fmt, allow_empty=True)) is not None


def test_the_checker_catches_a_leak_and_changed_text(tmp_path):
    """Handing the input back as the 'output' must fail the leak check; so must a changed character."""
    case = next(c for c in CASES if c.name == "notes_lines")
    root = tmp_path / "in"
    root.mkdir()
    _write(root, case.files)
    with pytest.raises(AssertionError, match="left in the copy"):
        _check_output(case, "apply", root, root)
    changed = tmp_path / "changed"
    changed.mkdir()
    _write(changed, {**case.files, "a.txt": TEXT.replace("ingresó", "ingreso")})
    with pytest.raises(AssertionError, match="outside spans changed"):
        _check_output(case, "apply", root, changed)


def test_a_bad_last_document_leaves_nothing_with_two_workers(tmp_path, capsys):
    """Workers that already wrote copies of the good documents must not leave them behind."""
    case = next(c for c in CASES if c.name == "error_in_last_document")
    root = tmp_path / "in"
    root.mkdir()
    _write(root, {**case.files, **{f"m{i}.txt": TEXT for i in range(6)}, **{f"m{i}.ann": GOOD_ANN for i in range(6)}})
    out = tmp_path / "out"
    code = main(["augment", str(root), str(out), "--times", "50", "--workers", "2"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "Traceback" not in err and len(err.splitlines()) == 1
    assert re.search(case.error, err), err
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]  # no temporary sibling left either


def test_an_input_named_like_a_copy_is_refused_before_writing(tmp_path, capsys):
    root = tmp_path / "in"
    root.mkdir()
    _write(root, {**brat(TEXT, GOOD_ANN), **brat(TEXT, GOOD_ANN, "a_aug1")})
    out = tmp_path / "out"
    code = main(["augment", str(root), str(out), "--times", "2", "--keep-original"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1 and "a_aug1" in err
    assert not out.exists()


def _read_only_run(case: Case, argv: list[str], tmp_path: Path, capsys) -> str | None:
    """Run a command that writes no corpus on the case; its stdout if it accepted the case, None if it
    refused it with one clean line naming the file, as the writers must."""
    root = tmp_path / "in"
    root.mkdir()
    _write(root, case.files)
    src = str(root / next(iter(case.files))) if case.fmt != "brat" else str(root)
    code = main([arg.replace("{in}", src) for arg in argv])
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert "Traceback" not in captured.err + captured.out
    assert code in (0, 2), f"exit {code}: {err}"
    if code == 2:
        assert case.expect in ("error", "either") and len(err.splitlines()) == 1 and re.search(case.error, err), err
        return None
    assert case.expect in ("ok", "either"), f"accepted a corpus it should refuse (stderr: {err})"
    return captured.out


@pytest.mark.parametrize("case", [c for c in CASES if "--out-format" not in c.args], ids=lambda c: c.name)
def test_stats_reads_or_refuses_like_the_writers(case: Case, tmp_path, capsys):
    """``stats`` reads the same corpora: the cases apply must refuse it refuses with the same one-line error."""
    fmt = ["--format", case.fmt] if case.fmt != "brat" else []
    out = _read_only_run(case, ["stats", "{in}", "--json", *case.args, *fmt], tmp_path, capsys)
    if out is not None:
        json.loads(out)


@pytest.mark.parametrize("case", [c for c in CASES if c.fmt == "brat" and not c.args], ids=lambda c: c.name)
def test_evaluate_scores_a_corpus_against_itself_or_refuses_it(case: Case, tmp_path, capsys):
    out = _read_only_run(case, ["evaluate", "{in}", "{in}", "--json"], tmp_path, capsys)
    if out is not None:
        micro = json.loads(out)["strict"]["micro"]
        assert micro["MIS"] == micro["SPU"] == micro["INC"] == 0


# Any set of overlapping, nested, duplicate and discontinuous spans over the same text: apply accepts it
# and the output is exact, leak-free and byte-identical outside the spans.
UNITS = ["Ramiro", "Quesada", "Lumbreras", "Calamocha", "14/03/2021", "Obispo", "Polanco", "978 60 11 42"]
DIRECT_LABELS = ["NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "TERRITORIO", "HOSPITAL", "CALLE", "FECHAS",
                 "NUMERO_TELEFONO", "ID_SUJETO_ASISTENCIA", "FAMILIARES_SUJETO_ASISTENCIA"]


@st.composite
def _overlapping_ann(draw) -> str:
    """T lines whose fragments run from one unit's start to a later unit's end (so no value is a bare stopword)."""
    lines = []
    for n in range(1, draw(st.integers(1, 7)) + 1):
        cuts = sorted(draw(st.lists(st.integers(0, len(UNITS) - 1), min_size=2, max_size=4)))
        pairs = [(cuts[0], cuts[1])] if len(cuts) < 4 or cuts[1] + 1 >= cuts[2] else [(cuts[0], cuts[1]), (cuts[2], cuts[3])]
        frags = [(at(TEXT, UNITS[i])[0], at(TEXT, UNITS[j])[1]) for i, j in pairs]
        value = " ".join(TEXT[s:e] for s, e in frags).replace("\n", " ")
        offsets = ";".join(f"{s} {e}" for s, e in frags)
        lines.append(f"T{n}\t{draw(st.sampled_from(DIRECT_LABELS))} {offsets}\t{value}\n")
    return "".join(lines)


@settings(max_examples=40, deadline=None)
@given(ann=_overlapping_ann(), seed=st.integers(0, 2**16))
def test_any_overlap_layout_is_surrogated_exactly(ann, seed):
    case = Case("drawn", brat(TEXT, ann), "ok")
    with tempfile.TemporaryDirectory() as tmp:
        root, out = Path(tmp) / "in", Path(tmp) / "out"
        root.mkdir()
        _write(root, case.files)
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main(["apply", str(root), str(out), "--seed", str(seed)])
        assert code == 0, err.getvalue()
        _check_output(case, "apply", root, out)
        _check_rereads(case, out)


@pytest.mark.parametrize("case", [c for c in CASES if c.fmt == "brat"], ids=lambda c: c.name)
def test_deid_takes_the_same_texts_or_refuses_them_cleanly(case: Case, tmp_path, capsys):
    """``deid`` reads only the ``.txt`` files: each is de-identified with exact spans, or refused in one line."""
    root, out = tmp_path / "in", tmp_path / "out"
    root.mkdir()
    _write(root, {k: v for k, v in case.files.items() if not k.lower().endswith(".ann")})
    code = main(["deid", str(root), str(out), "--backend", "rules"])
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert "Traceback" not in captured.err + captured.out
    assert code in (0, 2), f"exit {code}: {err}"
    if code == 2:
        assert len(err.splitlines()) == 1 and not out.exists(), err
        return
    for doc in _read_outputs(out, "brat"):
        _assert_exact(doc)
