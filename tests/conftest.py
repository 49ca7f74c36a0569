"""Shared fixtures: paths to the real data in ../shared (read in place, never copied)."""
from __future__ import annotations

from pathlib import Path

import pytest
from child_pytest import run_child_pytest_as_on
from hypothesis import settings

REPO = Path(__file__).resolve().parents[1]

settings.register_profile("derandomized", derandomize=True)


def pytest_configure(config: pytest.Config) -> None:
    """The suite draws the same examples on every run, so CI never fails on a lucky draw; explore other
    draws with ``pytest --surrogate-seed random`` (or ``N``), which prints the seed that replays them."""
    if config.getoption("--surrogate-seed", None) is None and config.getoption("--hypothesis-seed", None) is None:
        settings.load_profile("derandomized")


SHARED_DATA = REPO.parent / "shared" / "data"
MEDDOCAN = SHARED_DATA / "meddocan"


def _read_meddocan(split: str):
    """A minimal, test-only BRAT reader (the product reader is augment.brat)."""
    from surrogate.model import Document, Span

    folder = MEDDOCAN / split
    if not folder.is_dir():
        pytest.skip(f"MEDDOCAN {split} not available at {folder}")
    docs = []
    for ann in sorted(folder.glob("*.ann")):
        text = ann.with_suffix(".txt").read_text(encoding="utf-8")
        spans = []
        for line in ann.read_text(encoding="utf-8").splitlines():
            if not line.startswith("T"):
                continue
            tid, mid, _ = line.split("\t", 2)
            label, offs = mid.split(" ", 1)
            frags = tuple(tuple(int(x) for x in part.split()) for part in offs.split(";"))
            spans.append(Span.from_fragments(tid, label, frags))
        docs.append(Document(ann.stem, text, tuple(sorted(spans, key=lambda s: s.start))))
    return docs


@pytest.fixture(scope="session")
def meddocan_train():
    return _read_meddocan("train")


@pytest.fixture(scope="session")
def meddocan_dev():
    return _read_meddocan("dev")


@pytest.fixture(scope="session")
def crf_model_train(tmp_path_factory, meddocan_train) -> Path:
    """A CRF trained with the product defaults on all of MEDDOCAN train, once per session (every test that
    needs a real rules+crf model shares it, so the suite trains once)."""
    pytest.importorskip("pycrfsuite")
    from surrogate.ner.crf import train_crf

    model = tmp_path_factory.mktemp("crf_train") / "model"
    train_crf(meddocan_train, model)
    return model


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data not available at {SHARED_DATA}")
    return SHARED_DATA


@pytest.fixture(params=["local", "ci"])
def child_pytest_environment(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """A pytester child run as on a developer's machine and as on a CI server (see child_pytest.py)."""
    return run_child_pytest_as_on(request.param, monkeypatch)


@pytest.fixture(scope="module")
def rules():
    """The rules detection backend (the snippet tests of surrogate/ner/rules)."""
    from surrogate.ner import load_backend

    return load_backend("rules")
