"""×N augmentation (augment_corpus): exact spans, untouched text, de-duplication, determinism across workers,
held-out exclusion, manifest without PHI, private mapping, atomic output, format agreement."""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from augment import copy_maker
from augment.corpus import read_corpus, write_corpus
from augment.errors import UserError
from augment.example import EXAMPLE_DIR
from augment.generator import (
    CopyMaker,
    WorkerError,
    apply_corpus,
    augment_corpus,
    copy_seed,
    held_out_strings,
    unseen_strings,
)
from augment.jsonl import parse_record
from gazetteers.text import fold
from surrogate import Engine, EngineConfig
from surrogate.model import Document, Span
from surrogate.schemas import load_schema
from surrogate.testing.assertions import identifies_no_one

MEDDOCAN = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "meddocan"
KEPT_KINDS = {"sex"}  # kept by design in the surrogate profile, so not surrogates


def read_dir(path: Path, fmt: str = "brat") -> dict[str, Document]:
    """Read an output back with the product reader: it checks every span text against its offsets."""
    return {d.id: d for d in read_corpus(path, fmt)}


def all_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def outside_spans(doc: Document) -> list[str]:
    """The text between spans, in order: it must survive surrogation byte for byte."""
    frags = sorted(f for sp in doc.spans for f in sp.fragments)
    pieces, pos = [], 0
    for s, e in frags:
        pieces.append(doc.text[pos:s])
        pos = e
    pieces.append(doc.text[pos:])
    return pieces


def manifest_records(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "manifest.jsonl").read_text(encoding="utf-8").splitlines()]


def siblings_left(out: Path) -> list[str]:
    return [p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}.")]


@pytest.fixture(scope="module")
def example_docs() -> dict[str, Document]:
    return read_dir(EXAMPLE_DIR)


@pytest.fixture(scope="module")
def example_x3(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("gen") / "x3"
    augment_corpus(EXAMPLE_DIR, out, times=3, seed=7, workers=1)
    return out


# ------------------------------------------------------------------------------------------ copies


def test_every_copy_is_exact_and_only_spans_change(example_x3, example_docs):
    out = read_dir(example_x3)
    assert set(out) == {f"{d}_aug{k}" for d in example_docs for k in (1, 2, 3)}
    schema = load_schema("meddocan")
    for name, copy in out.items():
        orig = example_docs[name.rsplit("_aug", 1)[0]]
        assert [sp.id for sp in copy.spans] == [sp.id for sp in orig.spans]
        assert [sp.label for sp in copy.spans] == [sp.label for sp in orig.spans]
        assert outside_spans(copy) == outside_spans(orig), name
        for new, old in zip(copy.spans, orig.spans):
            before, after = orig.span_text(old), copy.span_text(new)
            if schema.kind_of(old.label) in KEPT_KINDS:
                assert after == before
            elif not identifies_no_one(schema.kind_of(old.label), before):  # "España", "madre" may stay (issue 13)
                assert fold(after) != fold(before), f"{name} {old.id} leaked"


def test_copies_of_a_document_differ(example_x3, example_docs):
    out = read_dir(example_x3)
    for doc_id in example_docs:
        texts = {out[f"{doc_id}_aug{k}"].text for k in (1, 2, 3)}
        assert len(texts) == 3


def test_manifest_lists_every_copy_with_a_seed_that_reproduces_it(example_x3, example_docs):
    records = manifest_records(example_x3)
    run, copies = records[0], records[1:]
    assert run["type"] == "run" and run["times"] == 3 and run["seed"] == 7 and run["documents"] == len(example_docs)
    assert [(r["source"], r["copy"]) for r in copies] == [(d, k) for d in sorted(example_docs) for k in (1, 2, 3)]
    engine = Engine(EngineConfig(), "meddocan")
    record = copies[4]
    assert record["seed"] == copy_seed(7, record["source"], record["copy"])
    again = engine.apply(example_docs[record["source"]], rng=np.random.default_rng(record["seed"]))
    assert (example_x3 / f"{record['output']}.txt").read_text(encoding="utf-8") == again.document.text
    for r in copies:
        assert r["spans"] == len(example_docs[r["source"]].spans)
        assert sum(r["actions"].values()) == r["spans"]


def test_manifest_holds_no_original_value(example_x3, example_docs):
    records = manifest_records(example_x3)
    for r in records:
        r.pop("seed", None)  # 128-bit integers: digits, not text
    dumped = json.dumps(records, ensure_ascii=False)
    originals = {d.span_text(sp) for d in example_docs.values() for sp in d.spans}
    assert originals and not [o for o in originals if o in dumped]


def test_keep_original_writes_the_input_bytes(tmp_path):
    out = tmp_path / "out"
    summary = augment_corpus(EXAMPLE_DIR, out, times=2, seed=1, workers=1, keep_original=True)
    for src in EXAMPLE_DIR.glob("*.txt"):
        assert (out / src.name).read_bytes() == src.read_bytes()
        assert (out / src.with_suffix(".ann").name).read_bytes() == src.with_suffix(".ann").read_bytes()
    assert summary.originals == 13 and summary.copies == 26
    first = manifest_records(out)[1]
    assert first["copy"] == 0 and first["output"] == first["source"] and first["seed"] is None


# ------------------------------------------------------------------------------------ de-duplication


def write_brat(folder: Path, name: str, text: str, spans: list[tuple[str, int, int]]) -> None:
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    lines = [f"T{i}\t{label} {s} {e}\t{text[s:e]}\n" for i, (label, s, e) in enumerate(spans, 1)]
    (folder / f"{name}.ann").write_text("".join(lines), encoding="utf-8")


@pytest.fixture()
def nothing_to_vary(tmp_path) -> Path:
    folder = tmp_path / "in"
    write_brat(folder, "a_sex_only", "Paciente varón, sexo: H. Sin otros datos.", [("SEXO_SUJETO_ASISTENCIA", 22, 23)])
    write_brat(folder, "b_no_spans", "Informe sin datos personales.\n", [])
    write_brat(folder, "c_names", "Nombre: Ernesto Rivera.\n", [("NOMBRE_SUJETO_ASISTENCIA", 8, 22)])
    return folder


def test_a_document_with_nothing_to_vary_yields_one_copy(nothing_to_vary, tmp_path):
    out = tmp_path / "out"
    summary = augment_corpus(nothing_to_vary, out, times=5, seed=3, workers=1)
    names = sorted(p.stem for p in out.glob("*.txt"))
    assert names == sorted(["a_sex_only_aug1", "b_no_spans_aug1"] + [f"c_names_aug{k}" for k in range(1, 6)])
    assert summary.duplicates == 8 and summary.copies == 7
    dups = [r for r in manifest_records(out)[1:] if "duplicate_of" in r]
    assert {(r["source"], r["duplicate_of"]) for r in dups} == {("a_sex_only", "a_sex_only_aug1"),
                                                               ("b_no_spans", "b_no_spans_aug1")}
    assert all(r["output"] is None for r in dups)


def test_with_the_original_kept_identical_copies_are_all_dropped(nothing_to_vary, tmp_path):
    out = tmp_path / "out"
    augment_corpus(nothing_to_vary, out, times=5, seed=3, workers=1, keep_original=True)
    names = {p.stem for p in out.glob("*.txt")}
    assert {"a_sex_only", "b_no_spans", "c_names"} <= names
    assert not any(n.startswith(("a_sex_only_aug", "b_no_spans_aug")) for n in names)


def test_mask_profile_has_one_copy_per_document(tmp_path):
    out = tmp_path / "out"
    summary = augment_corpus(EXAMPLE_DIR, out, times=4, seed=1, workers=1, profile="mask")
    assert summary.copies == 13 and summary.duplicates == 39


# ---------------------------------------------------------------------------------------- determinism


def linked_corpus(tmp_path: Path, n_meddocan: int) -> Path:
    """The example corpus plus the first n MEDDOCAN train documents (if present), linked, not copied."""
    folder = tmp_path / "linked"
    folder.mkdir()
    sources = sorted(EXAMPLE_DIR.glob("*.txt"))
    if (MEDDOCAN / "train").is_dir():
        sources += sorted((MEDDOCAN / "train").glob("*.txt"))[:n_meddocan]
    for txt in sources:
        for p in (txt, txt.with_suffix(".ann")):
            (folder / p.name).symlink_to(p)
    return folder


def test_workers_1_and_2_write_identical_bytes(tmp_path):
    """Acceptance (on a subset; the whole of MEDDOCAN train is the slow test below)."""
    folder = linked_corpus(tmp_path, 20)
    a, b = tmp_path / "w1", tmp_path / "w2"
    augment_corpus(folder, a, times=10, seed=1, workers=1, keep_original=True)
    augment_corpus(folder, b, times=10, seed=1, workers=2, keep_original=True)
    assert all_bytes(a) == all_bytes(b)
    originals = read_dir(folder)
    copies = read_dir(a)  # the reader validates every span against the text
    assert len(copies) >= 10 * len(originals)
    for name, copy in copies.items():
        assert outside_spans(copy) == outside_spans(originals[name.rsplit("_aug", 1)[0]])


@pytest.mark.slow
def test_meddocan_train_x10(tmp_path):
    """Acceptance: MEDDOCAN train ×10 — workers 1 and 2 byte-identical, every output span exact (the reader
    checks each against the text), text outside spans untouched, no leaks."""
    src = MEDDOCAN / "train"
    if not src.is_dir():
        pytest.skip(f"MEDDOCAN train not available at {src}")
    a, b = tmp_path / "w1", tmp_path / "w2"
    augment_corpus(src, a, times=10, seed=1, workers=1)
    summary = augment_corpus(src, b, times=10, seed=1, workers=2)
    assert all_bytes(a) == all_bytes(b)
    originals = read_dir(src)
    copies = read_dir(b)
    assert summary.documents == 500 and len(copies) == summary.copies == 5000 - summary.duplicates
    schema = load_schema("meddocan")
    for name, copy in copies.items():
        orig = originals[name.rsplit("_aug", 1)[0]]
        assert outside_spans(copy) == outside_spans(orig), name
        for new, old in zip(copy.spans, orig.spans):
            kind = schema.kind_of(old.label)
            if kind not in KEPT_KINDS and not identifies_no_one(kind, orig.span_text(old)):  # issue 13
                assert fold(copy.span_text(new)) != fold(orig.span_text(old)), f"{name} {old.id}"


# ------------------------------------------------------------------------------------------- exclusion


def test_meddocan_dev_strings_are_never_surrogates(tmp_path):
    """Acceptance: augmenting train with exclude_from=dev reuses no dev entity string as a surrogate."""
    train, dev = MEDDOCAN / "train", MEDDOCAN / "dev"
    if not (train.is_dir() and dev.is_dir()):
        pytest.skip("MEDDOCAN train/dev not available")
    mapping = tmp_path / "mapping.jsonl"
    summary = augment_corpus(train, tmp_path / "out", times=1, seed=5, workers=1, exclude_from=dev, mapping=mapping)
    dev_strings = {fold(d.span_text(sp)) for d in read_corpus(dev) for sp in d.spans}
    assert summary.blocked > 2000
    checked = 0
    for line in mapping.read_text(encoding="utf-8").splitlines():
        for sp in json.loads(line)["spans"]:
            if sp["kind"] in KEPT_KINDS or sp["action"] == "keep":
                continue
            if sp["surrogate"] == sp["original"] and identifies_no_one(sp["kind"], sp["original"]):
                continue  # "España", "madre" stay as the train document wrote them (issue 13): no surrogate drawn
            assert fold(sp["surrogate"]) not in dev_strings, f"{sp['kind']} surrogate reuses a dev string"
            checked += 1
    assert checked > 9_000  # bare kinship words and "España" stay (issue 13), so they are not counted


def test_excluded_strings_from_a_list_are_avoided(tmp_path, example_x3, example_docs):
    used = {copy.span_text(sp) for copy in read_dir(example_x3).values() for sp in copy.spans}
    mapping = tmp_path / "m.jsonl"
    augment_corpus(EXAMPLE_DIR, tmp_path / "out", times=3, seed=7, workers=1, exclude_from=sorted(used),
                   mapping=mapping)
    blocked = {fold(s) for s in used}
    drawn = 0
    for line in mapping.read_text(encoding="utf-8").splitlines():
        for sp in json.loads(line)["spans"]:
            if sp["action"] == "keep":
                continue
            if sp["surrogate"] == sp["original"] and identifies_no_one(sp["kind"], sp["original"]):
                continue  # "España", "padre" stay as the document wrote them (issue 13): nothing was drawn
            assert fold(sp["surrogate"]) not in blocked
            drawn += 1
    assert drawn > 50


def test_held_out_strings_from_text_file_and_corpus(tmp_path):
    listing = tmp_path / "held.txt"
    listing.write_text("Ana López\n\n  Sevilla  \n", encoding="utf-8")
    assert held_out_strings(listing) == {"Ana López", "Sevilla"}
    folder = tmp_path / "c"
    text = "Vive en Sevilla con Ana."
    (folder).mkdir()
    (folder / "d.txt").write_text(text, encoding="utf-8")
    (folder / "d.ann").write_text("T1\tTERRITORIO 8 15;20 23\tSevilla Ana\n", encoding="utf-8")
    assert held_out_strings(folder) == {"Sevilla Ana", "Sevilla", "Ana"}


def test_unseen_policy_blocks_only_strings_the_input_does_not_annotate():
    doc = Document("d", "Edad: 45 años. Vive en Madrid.", (Span("T1", "EDAD", 6, 13), Span("T2", "TERRITORIO", 23, 29)))
    assert unseen_strings({"45 AÑOS", "madrid", "Toledo"}, [doc]) == {"Toledo"}


# ---------------------------------------------------------------------------------------- mapping file


def test_mapping_is_private_and_holds_the_pairs(tmp_path, example_docs):
    mapping = tmp_path / "secret" / "map.jsonl"
    mapping.parent.mkdir()
    augment_corpus(EXAMPLE_DIR, tmp_path / "out", times=2, seed=1, workers=1, mapping=mapping)
    assert stat.S_IMODE(os.stat(mapping).st_mode) == 0o600
    lines = [json.loads(x) for x in mapping.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 26
    first = lines[0]
    doc = example_docs[first["source"]]
    assert [s["original"] for s in first["spans"]] == [doc.span_text(sp) for sp in doc.spans]
    assert not list(mapping.parent.glob(".map.jsonl.tmp-*"))


def test_mapping_refuses_an_existing_file(tmp_path):
    mapping = tmp_path / "map.jsonl"
    mapping.write_text("keep me", encoding="utf-8")
    with pytest.raises(UserError, match="already exists"):
        augment_corpus(EXAMPLE_DIR, tmp_path / "out", times=1, workers=1, mapping=mapping)
    assert mapping.read_text(encoding="utf-8") == "keep me" and not (tmp_path / "out").exists()


def test_mapping_inside_the_output_when_asked(tmp_path):
    out = tmp_path / "out"
    augment_corpus(EXAMPLE_DIR, out, times=1, workers=1, mapping=out / "private" / "map.jsonl")
    assert stat.S_IMODE(os.stat(out / "private" / "map.jsonl").st_mode) == 0o600


# ---------------------------------------------------------------------------------------- atomic output


def corpus_with_bad_third_document(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    for src in sorted(EXAMPLE_DIR.glob("*.txt"))[:5]:
        (folder / src.name).write_bytes(src.read_bytes())
        (folder / src.with_suffix(".ann").name).write_bytes(src.with_suffix(".ann").read_bytes())
    third = sorted(folder.glob("*.ann"))[2]
    lines = third.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[3] = lines[3].replace("\t", " ", 1)  # line 4 loses its first tab
    third.write_text("".join(lines), encoding="utf-8")
    return folder


def test_bad_third_document_leaves_no_output(tmp_path):
    folder = corpus_with_bad_third_document(tmp_path)
    out = tmp_path / "out"
    mapping = tmp_path / "map.jsonl"
    with pytest.raises(UserError) as info:
        augment_corpus(folder, out, times=2, workers=1, mapping=mapping)
    assert str(info.value).startswith(f"{sorted(folder.glob('*.ann'))[2]}:4:")
    assert not out.exists() and not mapping.exists() and not siblings_left(out)


def test_a_crash_mid_corpus_leaves_no_output(tmp_path, monkeypatch):
    calls = []
    real = CopyMaker.copies

    def crash_on_third(self, doc):
        calls.append(doc.id)
        if len(calls) == 3:
            raise KeyError("boom")
        return real(self, doc)

    monkeypatch.setattr(CopyMaker, "copies", crash_on_third)
    out = tmp_path / "deep" / "out"
    mapping = tmp_path / "map.jsonl"
    with pytest.raises(WorkerError, match=r"document ejemplo-03: KeyError"):
        augment_corpus(EXAMPLE_DIR, out, times=2, workers=1, mapping=mapping)
    assert not (tmp_path / "deep").exists() and not mapping.exists()
    assert not list(tmp_path.glob(".map.jsonl.tmp-*"))


def test_output_may_not_be_the_input(tmp_path):
    with pytest.raises(UserError, match="must not be the input"):
        augment_corpus(EXAMPLE_DIR, EXAMPLE_DIR, times=1, workers=1, overwrite=True)


# --------------------------------------------------------------------------------------------- formats


def test_jsonl_and_conll_outputs_agree_with_brat(tmp_path):
    brat_out, jsonl_out, conll_out = tmp_path / "b", tmp_path / "j", tmp_path / "c"
    for out, fmt in ((brat_out, "brat"), (jsonl_out, "jsonl"), (conll_out, "conll")):
        augment_corpus(EXAMPLE_DIR, out, times=2, seed=4, workers=1, out_format=fmt, keep_original=True)
    reference = read_dir(brat_out)
    for fmt, folder in (("jsonl", jsonl_out), ("conll", conll_out)):
        docs = read_dir(folder / f"corpus.{fmt}", fmt)
        assert list(docs) == [name for src in sorted({n.rsplit("_aug", 1)[0] for n in reference})
                              for name in [src, f"{src}_aug1", f"{src}_aug2"]]
        for name, doc in docs.items():
            ref = reference[name]
            assert doc.text == ref.text
            assert [(s.label, s.start, s.end) for s in doc.spans] == [(s.label, s.start, s.end) for s in ref.spans]
    assert manifest_records(jsonl_out)[1:] == manifest_records(brat_out)[1:]


def test_jsonl_input_round_trip(tmp_path, example_x3):
    """JSONL in, BRAT out gives the same copies as BRAT in (ids and seeds follow the document id)."""
    (as_jsonl,) = write_corpus(read_corpus(EXAMPLE_DIR), tmp_path, "jsonl", single_file="in.jsonl")
    out = tmp_path / "out"
    augment_corpus(as_jsonl, out, times=3, seed=7, workers=1, in_format="jsonl", out_format="brat")
    for name in read_dir(out):
        assert (out / f"{name}.txt").read_bytes() == (example_x3 / f"{name}.txt").read_bytes()


# ----------------------------------------------------------------------------------------------- apply


def test_apply_keeps_names_and_ids_and_equals_copy_1(tmp_path, example_x3, example_docs):
    out = tmp_path / "applied"
    apply_corpus(EXAMPLE_DIR, out, seed=7, workers=1)
    applied = read_dir(out)
    assert set(applied) == set(example_docs)
    for name, doc in applied.items():
        assert [sp.id for sp in doc.spans] == [sp.id for sp in example_docs[name].spans]
        assert (out / f"{name}.txt").read_bytes() == (example_x3 / f"{name}_aug1.txt").read_bytes()


# ---------------------------------------------------------------------------------- BRAT notes, options


def test_brat_notes_are_not_carried_into_copies(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    text = "Nombre: Ernesto Rivera.\n"
    (folder / "d.txt").write_text(text, encoding="utf-8")
    (folder / "d.ann").write_text(
        "T1\tNOMBRE_SUJETO_ASISTENCIA 8 22\tErnesto Rivera\n#1\tAnnotatorNotes T1\tErnesto Rivera, 1946\n"
        "A1\tVerified T1\n", encoding="utf-8")
    out = tmp_path / "out"
    augment_corpus(folder, out, times=2, seed=1, workers=1, keep_original=True)
    assert "#1\tAnnotatorNotes" in (out / "d.ann").read_text(encoding="utf-8")
    for k in (1, 2):
        ann = (out / f"d_aug{k}.ann").read_text(encoding="utf-8")
        assert "AnnotatorNotes" not in ann and "Ernesto" not in ann and "A1\tVerified T1" in ann


@pytest.mark.parametrize(
    ("options", "message"),
    [({"times": 0}, "at least 1"), ({"workers": 0}, "at least 1"), ({"in_format": "xml"}, "unknown corpus format"),
     ({"schema": "nope"}, "no schema named"), ({"exclude_policy": "some"}, "unknown exclusion policy")],
)
def test_bad_options_are_user_errors(tmp_path, options, message):
    with pytest.raises(UserError, match=message):
        augment_corpus(EXAMPLE_DIR, tmp_path / "out", **{"times": 1, "workers": 1, **options})
    assert not (tmp_path / "out").exists()


def test_default_worker_count_follows_the_work():
    cores = os.cpu_count() or 1
    per = copy_maker.COPIES_PER_DEFAULT_WORKER
    assert copy_maker.worker_count(None, 13, per - 1) == 1  # a small corpus: one process, no worker start-up
    assert copy_maker.worker_count(None, 500, 50 * per) == min(cores, 50)
    assert copy_maker.worker_count(None, 3, 50 * per) == min(cores, 3)  # never more workers than documents
    assert copy_maker.worker_count(3, 2, 20) == 2
    assert copy_maker.worker_count(2, 13, 13) == 2


# ------------------------------------------------------------------------------- invariants (hypothesis)

_MAKER: CopyMaker | None = None
LABELS = ["NOMBRE_SUJETO_ASISTENCIA", "FECHAS", "EDAD_SUJETO_ASISTENCIA", "TERRITORIO", "SEXO_SUJETO_ASISTENCIA",
          "ID_SUJETO_ASISTENCIA", "CORREO_ELECTRONICO", "NUMERO_TELEFONO", "CALLE", "UNKNOWN_LABEL"]
VALUES = {"NOMBRE_SUJETO_ASISTENCIA": ["Ana", "José Luis Pérez", "GARCÍA"], "FECHAS": ["03/03/2016", "mayo de 2010"],
          "EDAD_SUJETO_ASISTENCIA": ["45 años", "8 meses"], "TERRITORIO": ["Madrid", "28016"],
          "SEXO_SUJETO_ASISTENCIA": ["H", "mujer"], "ID_SUJETO_ASISTENCIA": ["368503", "AB-1234"],
          "CORREO_ELECTRONICO": ["ana@example.com"], "NUMERO_TELEFONO": ["91 555 12 34"],
          "CALLE": ["Calle Mayor 3"], "UNKNOWN_LABEL": ["zz9"]}


def maker() -> CopyMaker:
    global _MAKER
    if _MAKER is None:
        job = copy_maker.CopyJob(EngineConfig(), load_schema("meddocan"), 4, 0, False, "jsonl", "/nonexistent",
                             "augment", True)
        _MAKER = CopyMaker(job)
    return _MAKER


@st.composite
def documents(draw):
    pieces, spans, pos = [], [], 0
    for i in range(draw(st.integers(0, 6))):
        gap = draw(st.text(alphabet=st.sampled_from(list("abc ñ.,:\n")), max_size=8))
        label = draw(st.sampled_from(LABELS))
        value = draw(st.sampled_from(VALUES[label]))
        pos += len(gap)
        pieces += [gap, value]
        spans.append(Span(f"T{i + 1}", label, pos, pos + len(value)))
        pos += len(value)
    pieces.append(draw(st.text(alphabet=st.sampled_from(list("xyz .\n")), min_size=1, max_size=5)))
    return Document("doc", "".join(pieces), tuple(spans))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=documents(), seed=st.integers(0, 2**32))
def test_copies_are_exact_distinct_and_complete(doc, seed):
    m = maker()
    m.job = copy_maker.CopyJob(EngineConfig(), m.job.schema, 4, seed, False, "jsonl", "/nonexistent", "augment", True)
    outputs = m.copies(doc)
    assert [o.manifest["copy"] for o in outputs] == [1, 2, 3, 4]
    kept = [o for o in outputs if o.payload is not None]
    assert kept and outputs[0].payload is not None  # the first copy is always written
    seen = set()
    for o in kept:
        copy = parse_record(o.payload, Path("mem.jsonl"), 1, allow_empty=True)
        assert copy.id == o.manifest["output"]
        assert outside_spans(copy) == outside_spans(doc)
        key = (copy.text, tuple((s.label, s.fragments) for s in copy.spans))
        assert key not in seen
        seen.add(key)
        originals = [r["original"] for r in o.mapping["spans"]]
        assert originals == [doc.span_text(sp) for sp in doc.spans]
    for o in outputs:
        if o.payload is None:
            assert o.manifest["duplicate_of"].startswith("doc_aug")


def test_document_names_that_collide_with_copy_names_are_refused(tmp_path):
    folder = tmp_path / "in"
    write_brat(folder, "d", "Nombre: Ana.\n", [("NOMBRE_SUJETO_ASISTENCIA", 8, 11)])
    write_brat(folder, "d_aug2", "Nombre: Eva.\n", [("NOMBRE_SUJETO_ASISTENCIA", 8, 11)])
    with pytest.raises(UserError, match="document d_aug2 has the name of copy 2 of document d"):
        augment_corpus(folder, tmp_path / "out", times=2, workers=1)
    augment_corpus(folder, tmp_path / "ok", times=1, workers=1)  # copy 2 is never made: no collision


def test_an_id_that_is_not_a_safe_file_name_fails_cleanly(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": "../escape", "text": "Nombre: Ana.", "spans": []}) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    with pytest.raises(UserError, match="path separator"):
        augment_corpus(source, out, times=1, workers=1, in_format="jsonl", out_format="brat")
    assert not out.exists() and not (tmp_path / "escape_aug1.txt").exists()


def test_a_failed_run_removes_the_temporary_outputs_that_dead_processes_left(tmp_path):
    """A worker that re-ran an unguarded script made its own temporary output and was stopped before removing it
    (the test below failed once on a loaded machine): the failing run removes such leftovers of processes that no
    longer run, and keeps any of a running one."""
    import subprocess
    import sys

    from augment.corpus import atomic_output_dir

    out = tmp_path / "out"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True).stdout.strip()
    (tmp_path / f".out.tmp-{dead}-0badc0de").mkdir()
    (tmp_path / f".out.tmp-{os.getpid()}-0f0f0f0f").mkdir()  # this process runs: not a leftover
    with pytest.raises(RuntimeError), atomic_output_dir(out) as tmp:
        (tmp / "a.txt").write_text("x", encoding="utf-8")
        raise RuntimeError("a worker died")
    assert not out.exists() and siblings_left(out) == [f".out.tmp-{os.getpid()}-0f0f0f0f"]


def test_a_dead_worker_stops_the_run_cleanly(tmp_path):
    """Workers that die (here: a script without the __main__ guard, so each spawned worker re-runs it and fails)
    give a clear error and no output directory."""
    import subprocess
    import sys

    out = tmp_path / "out"
    script = tmp_path / "unguarded.py"
    script.write_text(
        "from augment.generator import augment_corpus\n"
        "from augment.example import EXAMPLE_DIR\n"
        f"augment_corpus(EXAMPLE_DIR, {str(out)!r}, times=1, workers=2)\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, str(script)], check=False, capture_output=True, text=True, timeout=300,
                          cwd=tmp_path)
    assert proc.returncode != 0
    # the error is the last thing said, bar the resource tracker's own shutdown warning about the dead workers'
    # semaphores, which its process may print after it (seen on a loaded CI machine)
    said = [line for line in proc.stderr.strip().splitlines()
            if "resource_tracker" not in line and "warnings.warn(" not in line]
    assert "a worker process died" in said[-1], proc.stderr[-2000:]
    assert not out.exists() and not siblings_left(out)
