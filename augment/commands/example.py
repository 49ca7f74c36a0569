"""``surrogate example OUT_DIR``: write the bundled fictional example corpus (BRAT, MEDDOCAN labels)."""
from __future__ import annotations

import argparse
import shutil
import sys

from ..corpus import atomic_output_dir
from ..example import EXAMPLE_DIR


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "example", help="write the bundled example corpus (13 fictional reports, BRAT, MEDDOCAN labels)",
        description="Write the bundled example corpus: 13 short, fictional Spanish clinical reports in BRAT with "
                    "MEDDOCAN labels, ready for `surrogate augment OUT_DIR augmented --times 10`.",
    )
    parser.add_argument("out_dir", metavar="OUT_DIR", help="directory to create (must not exist or be empty)")
    parser.add_argument("--overwrite", action="store_true", help="replace a non-empty OUT_DIR")
    parser.set_defaults(func=run)


def example_files() -> list:
    return sorted(p for p in EXAMPLE_DIR.iterdir() if p.suffix in (".txt", ".ann") and p.is_file())


def run(args: argparse.Namespace) -> int:
    files = example_files()
    with atomic_output_dir(args.out_dir, overwrite=args.overwrite) as tmp:
        for path in files:
            shutil.copyfile(path, tmp / path.name)
    n_docs = sum(1 for p in files if p.suffix == ".txt")
    print(f"surrogate example: wrote {n_docs} documents to {args.out_dir}", file=sys.stderr)
    return 0
