"""``surrogate gazetteers list|sample``: inspect the gazetteer set of a locale and draw from it."""
from __future__ import annotations

import argparse
import json
import sys

import numpy as np

from gazetteers import (
    ExhaustedError,
    Gazetteer,
    GazetteerSet,
    default_set,
    locale_names,
)

from ..errors import UserError
from ._arguments import whole_number


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "gazetteers", help="list the gazetteers of a locale or sample from one",
        description="List the gazetteers of a locale (name, rows, source) or draw values from one.",
    )
    actions = parser.add_subparsers(dest="action", required=True)

    listing = actions.add_parser("list", help="name, rows and source of each gazetteer")
    listing.add_argument("--json", action="store_true", help="print a JSON array of objects")
    listing.add_argument("--locale", default="es", help="gazetteer set to list (default: es)")
    listing.set_defaults(func=run_list)

    sample = actions.add_parser("sample", help="draw values, weighted by frequency, one per line")
    sample.add_argument("name", metavar="NAME", help="gazetteer to draw from (see `surrogate gazetteers list`)")
    sample.add_argument("-n", type=whole_number(1), default=10, help="how many values (default: 10)")
    sample.add_argument("--seed", type=int, default=None, help="seed for reproducible draws")
    sample.add_argument("--sex", type=str.upper, choices=("F", "M"), help="only values of this sex")
    sample.add_argument("--top-k", type=whole_number(1), default=None, help="draw only from the K most frequent")
    sample.add_argument("--locale", default="es", help="gazetteer set (default: es)")
    sample.set_defaults(func=run_sample)


def _gazetteer_set(locale: str) -> GazetteerSet:
    try:
        return default_set(locale)
    except KeyError:
        raise UserError(f"no gazetteer set for locale {locale!r}; known: {', '.join(locale_names())}") from None


def _load(gazetteers: GazetteerSet, name: str) -> Gazetteer:
    if name not in gazetteers:
        raise UserError(f"no gazetteer named {name!r}; known: {', '.join(gazetteers.names())}")
    try:
        return gazetteers[name]
    except FileNotFoundError as exc:
        raise UserError(str(exc)) from None


def run_list(args: argparse.Namespace) -> int:
    gazetteers = _gazetteer_set(args.locale)
    rows = []
    for name in gazetteers.names():
        gaz = _load(gazetteers, name)
        p = gaz.provenance
        rows.append({
            "name": name, "rows": len(gaz), "source": p.source, "reference_date": p.reference_date,
            "licence": p.licence, "url": p.url, "columns": gaz.column_names,
        })
    if args.json:
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    width = max((len(r["name"]) for r in rows), default=4)
    print(f"{'name':<{width}}  {'rows':>8}  source")
    for r in rows:
        print(f"{r['name']:<{width}}  {r['rows']:>8}  {r['source']}")
    return 0


def run_sample(args: argparse.Namespace) -> int:
    gaz = _load(_gazetteer_set(args.locale), args.name)
    where = {}
    if args.sex:
        if "sex" not in gaz.column_names:
            raise UserError(f"gazetteer {args.name!r} has no sex column; drop --sex")
        where["sex"] = args.sex
    try:
        sampler = gaz.sampler(top_k=args.top_k, **where)
    except (ValueError, ExhaustedError):
        raise UserError(f"gazetteer {args.name!r} has no values to draw with these options") from None
    rng = np.random.default_rng(args.seed)
    sys.stdout.write("".join(f"{v}\n" for v in sampler.draw_many(rng, args.n)))
    return 0
