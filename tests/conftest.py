"""Shared fixtures: paths to the real data in ../shared (read in place, never copied)."""
from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
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
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data not available at {SHARED_DATA}")
    return SHARED_DATA
