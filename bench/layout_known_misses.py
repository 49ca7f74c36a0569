"""Recount the fresh-layout set's known misses (``KNOWN_MISSES`` in tests/test_layouts_corpus.py).

Runs ``deid --backend rules --seed 0`` on tests/data/layouts exactly as the test does, counts the direct gold
identifiers left verbatim, and prints how the list would change: spans newly left (regressions, which a fix
must not make) and spans no longer left. ``--write`` rewrites the list in the test file in place.

    python bench/layout_known_misses.py           # report only; exit 1 when a span is newly left
    python bench/layout_known_misses.py --write   # also rewrite KNOWN_MISSES

Prints file names, span ids and labels only, never the text.
"""
from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import ood_survivors as survivors  # noqa: E402

from augment.cli import main as cli  # noqa: E402
from augment.corpus import read_corpus  # noqa: E402
from surrogate.schemas import load_schema  # noqa: E402

LAYOUTS = REPO / "tests" / "data" / "layouts"
TEST_FILE = REPO / "tests" / "test_layouts_corpus.py"
LIST_RE = re.compile(r"^KNOWN_MISSES = \[\n(?:    .*\n)*\]\n", re.MULTILINE)


def current_misses() -> list[tuple[str, str, str]]:
    schema = load_schema("meddocan")
    gold = list(read_corpus(LAYOUTS, "brat", allow_overlaps=True))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "deid"
        if cli(["deid", str(LAYOUTS), str(out), "--backend", "rules", "--seed", "0"]) != 0:
            raise SystemExit("deid failed")
        outputs = {p.stem: [(p.name, p.read_text(encoding="utf-8"))] for p in sorted(out.glob("*.txt"))}
    return survivors.count_survivors(gold, outputs, schema).where


def listed_misses(source: str) -> list[tuple[str, str, str]]:
    block = LIST_RE.search(source)
    if block is None:
        raise SystemExit(f"{TEST_FILE}: no KNOWN_MISSES list found")
    return [tuple(m) for m in re.findall(r"\('([^']+)', '([^']+)', '([^']+)'\)", block.group(0))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite KNOWN_MISSES in the test file")
    args = parser.parse_args(argv)
    source = TEST_FILE.read_text(encoding="utf-8")
    before, now = listed_misses(source), current_misses()
    new = [w for w in now if w not in before]
    gone = [w for w in before if w not in now]
    print(f"left {len(before)} -> {len(now)}; no longer left: {len(gone)}; new misses: {len(new)}")
    for w in new:
        print(f"  NEW {w[0]} {w[1]} ({w[2]})")
    if args.write:
        body = "".join(f"    {w!r},\n" for w in now)
        TEST_FILE.write_text(LIST_RE.sub(lambda _: f"KNOWN_MISSES = [\n{body}]\n", source, count=1), encoding="utf-8")
        print(f"rewrote {TEST_FILE.relative_to(REPO)}")
    return 1 if new else 0


if __name__ == "__main__":
    raise SystemExit(main())
