"""The ``surrogate`` command line.

Each sub-command lives in ``augment/commands/<name>.py`` and exposes ``register(subparsers)``; this module
only wires them and turns errors into one-line messages.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

from .errors import UserError

COMMANDS = ("gazetteers", "example", "augment", "apply", "stats", "deid", "annotate", "evaluate", "train", "review")

DESCRIPTION = """\
Realistic surrogates for protected health information (PHI) in Spanish clinical text.

De-identify reports:   surrogate deid IN OUT --backend rules     (then: surrogate review OUT)
Augment a corpus:      surrogate augment IN_DIR OUT_DIR --times 10
Try it on examples:    surrogate example example-corpus

Run `surrogate COMMAND --help` for the options of a command."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="surrogate", description=DESCRIPTION,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", title="commands")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"augment.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"augment.commands.{name}":
                continue  # command not built yet
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except UserError as exc:
        print(f"surrogate {args.command}: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print(f"surrogate {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        print(
            f"surrogate {args.command}: internal error ({type(exc).__name__}); "
            "rerun with SURROGATE_DEBUG=1 for a traceback",
            file=sys.stderr,
        )
        import os

        if os.environ.get("SURROGATE_DEBUG"):
            raise
        return 1


if __name__ == "__main__":
    sys.exit(main())
