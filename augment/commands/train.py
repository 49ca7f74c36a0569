"""``surrogate train --backend crf CORPUS MODEL_DIR``: train an NER model on an annotated corpus."""
from __future__ import annotations

import argparse
import sys

from surrogate.ner import BackendError
from surrogate.schemas import SchemaError, builtin_schemas, load_schema

from ..corpus import FORMATS, atomic_output_dir, read_corpus
from ..errors import UserError
from ._arguments import whole_number

TRAINABLE = ("crf",)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "train", help="train an NER backend (crf) on an annotated corpus",
        description="Train a CRF on an annotated corpus and write the model directory (model.crfsuite + "
                    "model.json). Defaults: l2sgd, c2=0.01, 20 epochs (about a minute on MEDDOCAN train).",
    )
    parser.add_argument("corpus", metavar="CORPUS", help="annotated corpus (BRAT directory, or JSONL/CoNLL)")
    parser.add_argument("model", metavar="MODEL_DIR", help="output model directory (created atomically)")
    parser.add_argument("--backend", default="crf", choices=TRAINABLE, help="what to train (default: crf)")
    parser.add_argument("--in-format", choices=FORMATS, default="brat", help="corpus format (default: brat)")
    parser.add_argument("--schema", default="meddocan", metavar="|".join(builtin_schemas() + ["FILE"]),
                        help="label schema of the corpus; every label must belong to it (default: meddocan)")
    parser.add_argument("--algorithm", choices=("lbfgs", "l2sgd", "ap", "pa", "arow"), default="l2sgd",
                        help="crfsuite training algorithm (default: l2sgd)")
    parser.add_argument("--max-iterations", type=whole_number(1), default=None,
                        help="iterations/epochs (default: 20 for l2sgd, 10 for ap, 100 otherwise)")
    parser.add_argument("--c1", type=float, default=0.05, help="L1 coefficient, lbfgs only (default: 0.05)")
    parser.add_argument("--c2", type=float, default=0.01, help="L2 coefficient, lbfgs and l2sgd (default: 0.01)")
    parser.add_argument("--seed", type=whole_number(0), default=1,
                        help="seed of the SGD shuffle: the same corpus, settings and seed give the same model (default: 1)")
    parser.add_argument("--overwrite", action="store_true", help="replace an existing non-empty MODEL_DIR")
    parser.set_defaults(func=run)


DEFAULT_ITERATIONS = {"l2sgd": 20, "ap": 10}


def run(args: argparse.Namespace) -> int:
    try:
        from surrogate.ner.crf import CrfSettings, train_crf

        schema = load_schema(args.schema)
        settings = CrfSettings(
            algorithm=args.algorithm, max_iterations=args.max_iterations or DEFAULT_ITERATIONS.get(args.algorithm, 100),
            c1=args.c1, c2=args.c2, seed=args.seed,
        )
    except (BackendError, SchemaError) as exc:
        raise UserError(str(exc)) from None
    docs = read_corpus(args.corpus, args.in_format)
    progress = lambda msg: print(f"surrogate train: {msg}", file=sys.stderr)
    try:
        with atomic_output_dir(args.model, overwrite=args.overwrite) as tmp:
            report = train_crf(docs, tmp, schema=schema, settings=settings, progress=progress)
    except BackendError as exc:
        raise UserError(f"{args.corpus}: {exc}") from None
    print(
        f"surrogate train: {report.documents} documents, {report.tokens} tokens, {len(report.labels)} labels; "
        f"featurised in {report.featurize_seconds:.1f} s, trained ({settings.algorithm}, {settings.max_iterations} "
        f"iterations) in {report.train_seconds:.1f} s → {args.model}",
        file=sys.stderr,
    )
    if report.misaligned_spans:
        print(f"surrogate train: note: {report.misaligned_spans} spans do not start or end on a token boundary "
              "(trained on the tokens they touch)", file=sys.stderr)
    return 0
