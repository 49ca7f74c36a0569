"""``surrogate stats DIR [DIR2]``: corpus statistics (text counts, entities per type), side by side."""
from __future__ import annotations

import argparse
import json
import sys

from ..corpus import FORMATS, validate_corpus
from ..stats import format_table, plot_entities, stats_of_path
from ._corpus_options import add_overlaps_option


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "stats", help="documents, paragraphs, sentences, words and entities per type of one or two corpora",
        description="Corpus statistics after Moreno-Barea et al. (Tables 1 and 4): documents, paragraphs, "
                    "sentences, words, distinct words, non-stop-words and distinct non-stop-words, in total and "
                    "per document; entities per type, absolute and %. With DIR2 (e.g. the augmented corpus), "
                    "both side by side with their ratio.",
    )
    parser.add_argument("dir", metavar="DIR", help="corpus (BRAT directory, or JSONL/CoNLL file or directory)")
    parser.add_argument("dir2", metavar="DIR2", nargs="?", default=None, help="second corpus, shown beside the first")
    parser.add_argument("--format", choices=FORMATS, default="brat", help="format of DIR (default: brat)")
    parser.add_argument("--format2", choices=FORMATS, default=None, help="format of DIR2 (default: --format)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--plot", metavar="FILE", default=None,
                        help="draw entities per type to FILE (.png, .svg, .pdf; needs the 'plot' extra: matplotlib)")
    add_overlaps_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.overlaps == "error":  # statistics count overlapping spans; the strict mode refuses them first
        validate_corpus(args.dir, args.format, allow_overlaps=False, allow_empty=True)
        if args.dir2 is not None:
            validate_corpus(args.dir2, args.format2 or args.format, allow_overlaps=False, allow_empty=True)
    corpora = [stats_of_path(args.dir, args.format)]
    if args.dir2 is not None:
        corpora.append(stats_of_path(args.dir2, args.format2 or args.format))
    if args.plot:
        plot_entities(corpora, args.plot)
    if args.json:
        json.dump({"corpora": [c.to_dict() for c in corpora]}, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_table(corpora))
    return 0
