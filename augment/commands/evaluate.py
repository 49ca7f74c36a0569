"""``surrogate evaluate GOLD_DIR PRED_DIR``: strict/exact P/R/F1 (micro, macro, per type) with MUC counts.

PRED holds ``.ann`` files named like GOLD's documents (a ``.txt`` beside them is optional, but must then
equal the gold text). A gold document without a prediction counts as all missed. See
``surrogate/evaluation.py`` and docs/evaluation.md for the definitions.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from surrogate.evaluation import evaluate
from surrogate.model import Span
from surrogate.ner.labelmap import BUILTIN_MAPS
from surrogate.schemas import SchemaError, builtin_schemas, load_schema

from ..brat import parse_ann, read_brat_document
from ..corpus import read_corpus
from ..errors import InputError, UserError
from ..validation import check_offsets, check_overlaps, decode_utf8
from ._corpus_options import add_overlaps_option


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "evaluate", help="score predicted BRAT annotations against gold ones",
        description="Strict (label and offsets) and exact (offsets only) precision, recall and F1, micro, macro "
                    "and per type, with COR/INC/MIS/SPU counts, plus the official MEDDOCAN NER/SPANS scores.",
    )
    parser.add_argument("gold", metavar="GOLD_DIR", help="gold BRAT directory (.txt + .ann)")
    parser.add_argument("pred", metavar="PRED_DIR", help="predicted BRAT directory (.ann; .txt optional)")
    parser.add_argument("--schema", default="meddocan", metavar="|".join(builtin_schemas() + ["FILE"]),
                        help="score in this schema: galen maps MEDDOCAN labels to the 8 Galén types first "
                             "(labels without a counterpart are left out); default: meddocan (labels as they are)")
    parser.add_argument("--json", action="store_true", help="print the metrics as one JSON object")
    add_overlaps_option(parser)
    parser.set_defaults(func=run)


def _label_map(schema_name: str):
    try:
        target = load_schema(schema_name)
    except SchemaError as exc:
        raise UserError(str(exc)) from None
    if target.name == "meddocan":
        return None, target.name
    table = BUILTIN_MAPS.get(("meddocan", target.name), {})
    own = set(target.labels)
    return (lambda label: table.get(label, label if label in own else None)), target.name


def _read_predictions(pred_dir: Path, gold: dict, allow_overlaps: bool = True) -> dict[str, list[Span]]:
    if not pred_dir.is_dir():
        raise UserError(f"{pred_dir}: not a directory")
    out: dict[str, list[Span]] = {}
    for ann in sorted(p for p in pred_dir.iterdir() if p.suffix == ".ann" and p.is_file() and not p.name.startswith(".")):
        name = ann.stem
        txt = ann.with_suffix(".txt")
        if txt.is_file():
            doc = read_brat_document(pred_dir, name, allow_overlaps=allow_overlaps, allow_empty=True)
            if name in gold and doc.text != gold[name].text:
                raise InputError(txt, f"text differs from the gold document {name}.txt (predictions must be on the same text)")
            out[name] = list(doc.spans)
            continue
        spans, _, line_of = parse_ann(decode_utf8(ann.read_bytes(), ann), ann)
        check_overlaps(spans, ann, line_of.get, allow_overlaps=allow_overlaps)
        if name in gold:
            check_offsets(spans, gold[name].text, ann, line_of.get)
        out[name] = spans
    return out


def run(args: argparse.Namespace) -> int:
    label_map, schema_name = _label_map(args.schema)
    allow = args.overlaps == "resolve"
    gold = {doc.id: doc for doc in read_corpus(args.gold, "brat", allow_overlaps=allow, allow_empty=True)}
    pred = _read_predictions(Path(args.pred), gold, allow)
    if not pred:
        print(f"surrogate evaluate: warning: {args.pred} holds no .ann files; every gold span counts as missed",
              file=sys.stderr)
    report = evaluate(gold, pred, label_map=label_map, schema=schema_name)
    if args.json:
        json.dump(report.to_dict(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(report.format())
    return 0
