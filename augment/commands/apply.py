"""``surrogate apply IN_DIR OUT_DIR``: one surrogated copy per document, same names and span ids."""
from __future__ import annotations

import argparse

from ..generator import apply_corpus
from ._corpus_options import add_engine_options, add_exclusion_options, add_name_prior_option, report
from ._engine_options import add_execution_options, execution


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "apply", help="surrogate every document once (D.txt/D.ann, same span ids)",
        description="Write one surrogated copy of every document under its own name (BRAT: D.txt/D.ann with the "
                    "same T ids), e.g. to de-identify an annotated corpus. The copy equals `augment` copy 1 "
                    "for the same seed.",
    )
    parser.add_argument("in_dir", metavar="IN_DIR", help="input corpus (BRAT directory, or JSONL/CoNLL file or directory)")
    parser.add_argument("out_dir", metavar="OUT_DIR", help="output directory (created atomically; must not exist or be empty)")
    add_exclusion_options(parser)
    add_engine_options(parser)
    add_name_prior_option(parser, "corpus")
    add_execution_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    summary = apply_corpus(
        args.in_dir, args.out_dir, seed=args.seed, in_format=args.in_format, out_format=args.out_format,
        schema=args.schema, profile=args.profile, exclude_from=args.exclude_from, exclude_policy=args.exclude_policy, overlaps=args.overlaps, workers=args.workers,
        mapping=args.mapping, overwrite=args.overwrite, name_prior=args.name_prior, **execution(args),
    )
    report("apply", summary)
    return 0
