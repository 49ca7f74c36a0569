"""``surrogate augment IN_DIR OUT_DIR --times N``: ×N surrogate copies of an annotated corpus."""
from __future__ import annotations

import argparse

from ..generator import augment_corpus
from ._arguments import whole_number
from ._corpus_options import add_engine_options, add_exclusion_options, add_name_prior_option, report
from ._engine_options import add_execution_options, execution


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "augment", help="write N surrogate copies of every document (training-data augmentation)",
        description="Write N surrogate copies of every document of an annotated corpus, annotations realigned "
                    "exactly. BRAT: copy k of D is D_aug{k}.txt/.ann; identical copies are dropped. "
                    "OUT_DIR/manifest.jsonl lists every copy (no original values).",
    )
    parser.add_argument("in_dir", metavar="IN_DIR", help="input corpus (BRAT directory, or JSONL/CoNLL file or directory)")
    parser.add_argument("out_dir", metavar="OUT_DIR", help="output directory (created atomically; must not exist or be empty)")
    parser.add_argument("--times", "-n", type=whole_number(1), required=True, metavar="N", help="copies per document")
    parser.add_argument("--keep-original", action="store_true", help="also write each original document (D.txt/D.ann)")
    parser.add_argument(
        "--vary-formats", action="store_true",
        help="render each mention of a copy in another surface form of its kind (date layouts, phone groupings "
             "with or without +34, IDs with or without separators, 'APELLIDOS, Nombre', C/ / Avda., postal code "
             "before or after the town); seeded per copy; off by default; see docs/tutorial-augment.md",
    )
    add_exclusion_options(parser)
    add_engine_options(parser)
    add_name_prior_option(parser, "census")
    add_execution_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    summary = augment_corpus(
        args.in_dir, args.out_dir, times=args.times, seed=args.seed, in_format=args.in_format,
        out_format=args.out_format, schema=args.schema, profile=args.profile, keep_original=args.keep_original,
        exclude_from=args.exclude_from, exclude_policy=args.exclude_policy, overlaps=args.overlaps, workers=args.workers, mapping=args.mapping, overwrite=args.overwrite,
        vary_formats=args.vary_formats, name_prior=args.name_prior,
        **execution(args),
    )
    report("augment", summary)
    return 0
