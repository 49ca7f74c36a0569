"""One hash of what the engine writes for MEDDOCAN: did a change alter any surrogate?

    python bench/output_identity.py [--meddocan ../shared/data/meddocan]

Runs ``surrogate apply --seed 1`` on dev and ``surrogate augment --times 2 --seed 1`` on train (two workers), then
prints the first 16 hex digits of a SHA-256 over every output file's name and bytes, in name order
(the manifests included: they hold no paths or timings). A change that
should not move any surrogate (a refactor, a detector fix) keeps the hash; one that does is logged with the new
hash in docs/engine.md's changelog. Prints the hash and timings only, never corpus text.
"""
from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def tree_hash(root: Path) -> str:
    """SHA-256 (16 hex digits) of every file under ``root``: relative name, then bytes, in name order."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--meddocan", type=Path, default=Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "meddocan")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        runs = (["apply", str(args.meddocan / "dev"), str(out / "dev"), "--seed", "1"],
                ["augment", str(args.meddocan / "train"), str(out / "train"), "--times", "2", "--seed", "1",
                 "--workers", "2"])
        for run in runs:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "augment.cli", *run], check=True, capture_output=True)
            print(f"{run[0]} {Path(run[1]).name}: {time.perf_counter() - start:.1f} s", file=sys.stderr)
        print(tree_hash(Path(tmp)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
