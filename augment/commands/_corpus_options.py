"""Options shared by ``surrogate augment`` and ``surrogate apply`` (one definition, one help text)."""
from __future__ import annotations

import argparse
import os
import sys

from surrogate.config import PROFILES
from surrogate.schemas import builtin_schemas

from ..copy_maker import COPIES_PER_DEFAULT_WORKER
from ..corpus import FORMATS
from ..generator import EXCLUDE_POLICIES, NAME_PRIORS, OVERLAP_POLICIES, AugmentSummary
from ._arguments import whole_number


def add_engine_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=0, help="seed; same seed and input, same output (default: 0)")
    parser.add_argument("--in-format", choices=FORMATS, default="brat", help="input format (default: brat)")
    parser.add_argument("--out-format", choices=FORMATS, default=None,
                        help="output format (default: the input format); jsonl/conll go to OUT_DIR/corpus.jsonl|.conll")
    parser.add_argument("--schema", default="meddocan", metavar="|".join(builtin_schemas() + ["FILE"]),
                        help="label schema: a built-in name or a TOML/JSON file (default: meddocan)")
    parser.add_argument("--profile", choices=PROFILES, default="surrogate",
                        help="surrogate (default), mask, tag or redact")
    parser.add_argument("--workers", type=whole_number(1), default=None, metavar="K",
                        help=f"worker processes (default: all cores, here {os.cpu_count()}; at most one per {COPIES_PER_DEFAULT_WORKER} copies)")
    parser.add_argument("--mapping", metavar="FILE", default=None,
                        help="also write the original→surrogate mapping (PHI!) to FILE, created mode 0600")
    parser.add_argument("--overwrite", action="store_true",
                        help="replace a non-empty OUT_DIR (only once the new output is complete)")
    add_overlaps_option(parser)


def add_name_prior_option(parser: argparse.ArgumentParser, default: str) -> None:
    parser.add_argument("--name-prior", choices=NAME_PRIORS, default=default,
                        help="corpus: a share of every name drawn from the input corpus's own name words (census "
                             "words named in two documents or more, never a whole name of the corpus), so that "
                             f"surrogates blend in; census: the census alone (default: {default})")


def add_overlaps_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--overlaps", choices=OVERLAP_POLICIES, default="resolve",
                        help="resolve (default): accept overlapping and nested spans (each cluster is replaced as "
                             "one edit; see docs/engine.md); error: refuse them, naming file, line and span ids")


def add_exclusion_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--exclude-from", metavar="DIR", default=None,
                        help="held-out split (corpus in --in-format, or a .txt file with one string per line): "
                             "none of its entity strings is used as a surrogate")
    parser.add_argument("--exclude-policy", choices=EXCLUDE_POLICIES, default="all",
                        help="all (default): block every held-out entity string; unseen: only those the input "
                             "corpus does not annotate itself (keeps ages, provinces, kinship terms usable)")


def report(command: str, summary: AugmentSummary) -> None:
    """One summary line (and notes) on stderr; counts only, never text."""
    parts = [f"{summary.documents} documents", f"{summary.copies} surrogate copies"]
    if summary.originals:
        parts.append(f"{summary.originals} originals")
    if summary.duplicates:
        parts.append(f"{summary.duplicates} duplicate copies dropped")
    print(f"surrogate {command}: {', '.join(parts)} → {summary.out_dir} ({summary.seconds:.1f} s)", file=sys.stderr)
    if summary.blocked:
        print(f"surrogate {command}: {summary.blocked} held-out entity strings excluded from surrogates", file=sys.stderr)
    if summary.fallback_masks:
        print(f"surrogate {command}: note: {summary.fallback_masks} spans masked because no safe surrogate was found "
              "(per copy in manifest.jsonl, action fallback-mask)", file=sys.stderr)
    if summary.overlaps:
        counts = ", ".join(f"{summary.overlaps[k]} {k}" for k in ("realigned", "merged", "dropped") if summary.overlaps[k])
        print(f"surrogate {command}: overlapping spans: {counts} (span ids per copy in manifest.jsonl, overlaps)",
              file=sys.stderr)
    if summary.guarded:
        counts = ", ".join(f"{summary.guarded[k]} {k}" for k in ("repaired", "masked") if summary.guarded[k])
        print(f"surrogate {command}: leak guard: {counts} spans whose surrogate held another original or copied "
              "a run of its own (span ids per copy in manifest.jsonl, guarded)", file=sys.stderr)
    if summary.unreplaceable_kinds:
        print(f"surrogate {command}: note: no replacer for kinds {', '.join(summary.unreplaceable_kinds)}; "
              "their spans are masked", file=sys.stderr)
    if summary.unknown_labels:
        print(f"surrogate {command}: note: labels not in the schema are masked: {', '.join(summary.unknown_labels)}",
              file=sys.stderr)
    if summary.mapping is not None:
        print(f"surrogate {command}: mapping with original values (keep it private): {summary.mapping}",
              file=sys.stderr)
