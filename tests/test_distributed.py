"""``--engine ray`` and ``surrogate.distributed``: byte-identical to the local engine, on a local Ray cluster.

One Ray instance (2 CPUs) serves the whole module; the commands run in-process through ``augment.cli.main``,
which joins it. MEDDOCAN dev is read in place.
"""
from __future__ import annotations

import filecmp
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")
pytest.importorskip("ray.data")
cloudpickle = pytest.importorskip("ray.cloudpickle")

from augment import ray_runner  # noqa: E402
from augment.cli import main  # noqa: E402
from augment.corpus import read_corpus  # noqa: E402
from surrogate.records import to_record  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
MEDDOCAN_DEV = REPO.parent / "shared" / "data" / "meddocan" / "dev"


@pytest.fixture(scope="module", autouse=True)
def ray_cluster():
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    # classes defined here travel by value: Ray workers cannot import this test module
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    yield
    cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    if started:
        ray.shutdown()


@pytest.fixture(scope="module")
def example(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("example") / "corpus"
    assert main(["example", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def meddocan_dev() -> Path:
    if not MEDDOCAN_DEV.is_dir():
        pytest.skip(f"MEDDOCAN dev not available at {MEDDOCAN_DEV}")
    return MEDDOCAN_DEV


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _assert_same_tree(a: Path, b: Path) -> None:
    ta, tb = _tree(a), _tree(b)
    assert sorted(ta) == sorted(tb)
    different = [name for name in ta if ta[name] != tb[name]]
    assert not different, f"{len(different)} files differ, e.g. {different[:3]}"


def _both(tmp_path: Path, argv: list[str], *, mapping: bool = False) -> tuple[Path, Path]:
    """Run ``argv`` (IN first) with the local engine and with Ray; return the two output directories."""
    outs = []
    for engine in ("local", "ray"):
        out = tmp_path / engine
        extra = ["--engine", engine] + (["--workers", "2"] if engine == "ray" else [])
        if mapping:
            extra += ["--mapping", str(tmp_path / f"{engine}.mapping.jsonl")]
        assert main([argv[0], argv[1], str(out), *argv[2:], *extra]) == 0
        outs.append(out)
    if mapping:
        assert (tmp_path / "local.mapping.jsonl").read_bytes() == (tmp_path / "ray.mapping.jsonl").read_bytes()
        assert (tmp_path / "ray.mapping.jsonl").stat().st_mode & 0o777 == 0o600
    return outs[0], outs[1]


# ------------------------------------------------------------------------------ byte for byte, bundled example


def test_apply_example_identical(example, tmp_path):
    local, on_ray = _both(tmp_path, ["apply", str(example), "--seed", "7"], mapping=True)
    assert len(list(on_ray.glob("*.ann"))) == 13
    _assert_same_tree(local, on_ray)


def test_apply_with_a_corpus_name_prior_identical(tmp_path):
    # the example's names never recur, so its prior is empty: this corpus signs six notes with two doctors
    from test_name_prior import _corpus

    local, on_ray = _both(tmp_path, ["apply", str(_corpus(tmp_path)), "--seed", "5"])
    assert '"name_prior"' in (on_ray / "manifest.jsonl").read_text(encoding="utf-8").splitlines()[0]
    _assert_same_tree(local, on_ray)


@pytest.mark.parametrize("out_format", ["brat", "conll"])
def test_augment_example_identical(example, tmp_path, out_format):
    argv = ["augment", str(example), "--times", "3", "--seed", "11", "--out-format", out_format, "--keep-original"]
    local, on_ray = _both(tmp_path, argv, mapping=out_format == "conll")
    _assert_same_tree(local, on_ray)
    manifest = (on_ray / "manifest.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(manifest) == 1 + 13 * 4  # run line, then original + 3 copies per document, in corpus order


def test_deid_example_identical(example, tmp_path):
    texts = tmp_path / "texts"
    texts.mkdir()
    for txt in sorted(example.glob("*.txt")):
        (texts / txt.name).write_bytes(txt.read_bytes())
    local, on_ray = _both(tmp_path, ["deid", str(texts), "--backend", "rules", "--seed", "3"], mapping=True)
    assert len(list(on_ray.glob("*.txt"))) == 13
    _assert_same_tree(local, on_ray)


# ------------------------------------------------------------------------------------ byte for byte, MEDDOCAN


@pytest.mark.slow
def test_apply_meddocan_dev_identical(meddocan_dev, tmp_path):
    local, on_ray = _both(tmp_path, ["apply", str(meddocan_dev), "--seed", "2"])
    _assert_same_tree(local, on_ray)


@pytest.mark.slow
def test_augment_meddocan_dev_identical(meddocan_dev, tmp_path):
    local, on_ray = _both(tmp_path, ["augment", str(meddocan_dev), "--times", "3", "--seed", "2"])
    assert len(list(on_ray.glob("*_aug3.ann"))) > 200
    _assert_same_tree(local, on_ray)


@pytest.mark.slow
def test_deid_meddocan_dev_identical(meddocan_dev, tmp_path):
    local, on_ray = _both(tmp_path, ["deid", str(meddocan_dev), "--backend", "rules", "--seed", "2"])
    _assert_same_tree(local, on_ray)


# ---------------------------------------------------------------------------------------------- failures


class CrashOnce(ray_runner.CopyBatch):
    """Dies (the whole worker process) on its second batch, once per run: a marker file remembers it."""

    marker: Path  # set per test, travels with the class

    def __init__(self, job):
        super().__init__(job)
        self.calls = 0

    def __call__(self, docs):
        self.calls += 1
        if self.calls == 2 and not self.marker.exists():
            self.marker.touch()
            os._exit(1)
        return super().__call__(docs)


def test_killed_worker_gives_identical_output(example, tmp_path, monkeypatch):
    CrashOnce.marker = tmp_path / "crashed"
    monkeypatch.setattr(ray_runner, "CopyBatch", CrashOnce)
    argv = ["augment", str(example), "--times", "3", "--seed", "4", "--out-format", "jsonl"]
    local, on_ray = _both(tmp_path, argv)
    assert CrashOnce.marker.exists(), "no worker died: the test did not test a retry"
    _assert_same_tree(local, on_ray)


def _jsonl_with_bad_name(example: Path, path: Path) -> None:
    """A JSONL corpus that reads fine but whose 6th document cannot become a BRAT file name."""
    docs = [to_record(d) for d in read_corpus(example)]
    docs[5]["id"] = "sub/dir"
    path.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs), encoding="utf-8")


@pytest.mark.parametrize("bad", ["name", "input"])
def test_failure_reported_as_locally_and_nothing_left(example, tmp_path, capsys, bad):
    corpus = tmp_path / "in.jsonl"
    if bad == "name":
        _jsonl_with_bad_name(example, corpus)
    else:  # a span past the end of its text on line 4: reported by file and line before any work
        docs = [to_record(d) for d in read_corpus(example)]
        docs[3]["spans"][0]["end"] = len(docs[3]["text"]) + 5
        docs[3]["spans"][0].pop("text")
        docs[3]["spans"][0]["fragments"] = None
        corpus.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs), encoding="utf-8")
    texts = {d.text for d in read_corpus(example)}
    messages = []
    for engine in ("local", "ray"):
        out = tmp_path / f"out-{engine}"
        rc = main(["apply", str(corpus), str(out), "--in-format", "jsonl", "--out-format", "brat", "--engine", engine])
        err = capsys.readouterr().err
        assert rc == 2
        assert not out.exists() and not any(p.name.startswith(f".out-{engine}") for p in tmp_path.iterdir())
        messages.append(err.strip().splitlines()[-1])
        assert not any(name in err for d in read_corpus(example) for name in _names(d))
    assert messages[0] == messages[1]
    assert ("in.jsonl:4" in messages[0]) if bad == "input" else ("sub/dir" not in texts and "document name" in messages[0])


def _names(doc) -> list[str]:
    return [doc.span_text(sp) for sp in doc.spans if len(doc.span_text(sp)) > 4]


def test_ray_address_needs_ray_engine(example, tmp_path, capsys):
    assert main(["apply", str(example), str(tmp_path / "o"), "--ray-address", "auto"]) == 2
    assert "--ray-address needs --engine ray" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------ the Python API


def _write_shards(example: Path, folder: Path, shards: int = 2) -> list[dict]:
    records = [to_record(d) for d in read_corpus(example)]
    folder.mkdir()
    for k in range(shards):
        part = records[k::shards]
        (folder / f"part-{k}.jsonl").write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in part), encoding="utf-8")
    return records


def _by_id(rows) -> dict[str, dict]:
    return {r["id"]: {"id": r["id"], "text": r["text"], "spans": [
        {**sp, "fragments": [list(f) for f in sp["fragments"]]} for sp in r["spans"]]} for r in rows}


def _cli_jsonl(tmp_path: Path, argv: list[str]) -> dict[str, dict]:
    out = tmp_path / "cli"
    assert main([argv[0], argv[1], str(out), *argv[2:], "--out-format", "jsonl"]) == 0
    lines = (out / "corpus.jsonl").read_text(encoding="utf-8").splitlines()
    return _by_id(json.loads(line) for line in lines)


def test_api_apply_jsonl_shards_to_parquet_equals_cli(example, tmp_path):
    import surrogate.distributed as sd

    _write_shards(example, tmp_path / "shards")
    ds = ray.data.read_json(str(tmp_path / "shards"))
    # one actor: on a 2-CPU cluster the read tasks need the other CPU
    sd.apply(ds, seed=9, concurrency=1).write_parquet(str(tmp_path / "pq"))
    got = _by_id(ray.data.read_parquet(str(tmp_path / "pq")).iter_rows())
    assert got == _cli_jsonl(tmp_path, ["apply", str(example), "--seed", "9"])


def test_api_augment_parquet_in_jsonl_out_equals_cli(example, tmp_path):
    import surrogate.distributed as sd

    records = _write_shards(example, tmp_path / "shards")
    ray.data.from_items(records).write_parquet(str(tmp_path / "in-pq"))
    ds = ray.data.read_parquet(str(tmp_path / "in-pq"))
    sd.augment(ds, times=3, seed=5, keep_original=True).write_json(str(tmp_path / "out-json"))
    got = _by_id(ray.data.read_json(str(tmp_path / "out-json")).iter_rows())
    expected = _cli_jsonl(tmp_path, ["augment", str(example), "--times", "3", "--seed", "5", "--keep-original"])
    assert got == expected


def test_api_deid_records_are_aligned_and_match_cli(example, tmp_path):
    import surrogate.distributed as sd

    records = [{"id": d.id, "text": d.text} for d in read_corpus(example)]
    rows = list(sd.deid(ray.data.from_items(records), backend="rules", seed=3).iter_rows())
    assert sorted(r["id"] for r in rows) == sorted(r["id"] for r in records)
    originals = {r["id"]: r["text"] for r in records}
    for row in rows:
        for sp in row["spans"]:
            assert " ".join(row["text"][s:e] for s, e in sp["fragments"]) == sp["text"]
        assert row["text"] != originals[row["id"]]
    texts = tmp_path / "texts"
    texts.mkdir()
    for txt in sorted(example.glob("*.txt")):
        (texts / txt.name).write_bytes(txt.read_bytes())
    assert main(["deid", str(texts), str(tmp_path / "cli"), "--backend", "rules", "--seed", "3"]) == 0
    assert _by_id(rows) == _by_id(to_record(d) for d in read_corpus(tmp_path / "cli"))


class CountingWorker:
    """Wraps the real worker; records each construction and each call in files (one per event)."""

    folder: Path

    def __init__(self, *args):
        from surrogate.distributed._workers import CopyWorker

        (self.folder / f"init-{os.getpid()}-{id(self)}").touch()
        self.inner = CopyWorker(*args)

    def __call__(self, batch):
        (self.folder / f"call-{os.getpid()}-{len(list(self.folder.iterdir()))}").touch()
        return self.inner(batch)


def test_api_one_engine_per_actor_not_per_batch(example, tmp_path, monkeypatch):
    import surrogate.distributed as sd

    CountingWorker.folder = tmp_path / "events"
    CountingWorker.folder.mkdir()
    monkeypatch.setattr(sd, "CopyWorker", CountingWorker)
    records = [to_record(d) for d in read_corpus(example)]
    assert sd.apply(ray.data.from_items(records), seed=1, concurrency=1, batch_size=2).count() == 13
    events = [p.name for p in CountingWorker.folder.iterdir()]
    assert sum(e.startswith("init") for e in events) == 1
    assert sum(e.startswith("call") for e in events) >= 7  # 13 records in batches of 2


def test_api_bad_record_names_its_id_not_its_text(example):
    import surrogate.distributed as sd

    records = [to_record(d) for d in read_corpus(example)][:3]
    records[1]["spans"][0]["end"] = len(records[1]["text"]) + 1
    records[1]["spans"][0]["fragments"] = None
    with pytest.raises(Exception) as info:
        sd.apply(ray.data.from_items(records), seed=1).materialize()
    message = str(info.value)
    assert f"record {records[1]['id']}: span {records[1]['spans'][0]['id']}: offsets" in message
    assert records[1]["spans"][0]["text"] not in message


def test_import_surrogate_does_not_import_ray():
    code = ("import sys, surrogate, surrogate.distributed, augment.cli; augment.cli.build_parser(); "
            "sys.exit('ray' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], cwd=REPO).returncode == 0


def test_filecmp_helper_sees_a_difference(tmp_path):
    """_assert_same_tree must fail on one changed byte (else every comparison above proves nothing)."""
    for name, content in (("a", b"x"), ("b", b"y")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "f.txt").write_bytes(content)
    assert not filecmp.cmp(tmp_path / "a" / "f.txt", tmp_path / "b" / "f.txt", shallow=False)
    with pytest.raises(AssertionError):
        _assert_same_tree(tmp_path / "a", tmp_path / "b")
