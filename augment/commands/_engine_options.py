"""``--engine local|ray`` and ``--ray-address``, shared by ``apply``, ``augment`` and ``deid``."""
from __future__ import annotations

import argparse
import importlib.util
from typing import Any

from ..errors import UserError
from ._arguments import whole_number

ENGINES = ("local", "ray")


def add_execution_options(parser: argparse.ArgumentParser, *, workers: bool = False) -> None:
    """``workers=True`` also adds ``--workers`` (for a command that has no local pool of its own)."""
    parser.add_argument("--engine", choices=ENGINES, default="local",
                        help="local: processes on this machine (default); ray: a Ray cluster, same output byte "
                             "for byte (needs pip install 'surrogate[ray]')")
    parser.add_argument("--ray-address", metavar="ADDR", default=None,
                        help="with --engine ray: the cluster to join (e.g. auto, or ray://HEAD:10001); without it "
                             "Ray starts here with --workers cores")
    if workers:
        parser.add_argument("--workers", type=whole_number(1), default=None, metavar="K",
                            help="with --engine ray: actors to run (default: every CPU Ray has)")


def execution(args: argparse.Namespace) -> dict[str, Any]:
    """The ``engine`` and ``ray_address`` keyword arguments of the corpus functions, checked."""
    if args.ray_address and args.engine != "ray":
        raise UserError("--ray-address needs --engine ray")
    if args.engine == "ray":
        if importlib.util.find_spec("ray") is None:  # imported only by surrogate.distributed, when it runs
            raise UserError("--engine ray needs Ray Data: pip install 'surrogate[ray]'")
    return {"engine": args.engine, "ray_address": args.ray_address}
