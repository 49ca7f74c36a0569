"""``surrogate annotate IN OUT --backend NAME``: the NER output as BRAT, texts unchanged.

Also holds what ``annotate`` and ``deid`` share: reading plain texts (a ``.txt`` file, a directory of
them, or ``-`` for stdin), building the backend with user-facing errors, and predicting in batches.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from surrogate.model import Document, Span
from surrogate.ner import (
    BackendError,
    NerBackend,
    available_backends,
    load_backend,
    propagate_mentions,
)
from surrogate.schemas import SchemaError, builtin_schemas

from ..brat import format_brat, write_brat
from ..corpus import atomic_output_dir
from ..errors import UserError
from ..document_readers import is_document, read_document_file, read_text_bytes

STDIN = "-"
BATCH = 32


@dataclass(frozen=True)
class InputText:
    name: str  # output file stem
    text: str


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "annotate", help="find PHI with an NER backend; write each text unchanged plus a BRAT .ann",
        description="Run an NER backend over plain texts and write, for each, the text unchanged (NAME.txt) and "
                    "the predicted spans (NAME.ann). Reviewers correct the .ann, then `surrogate apply` "
                    "surrogates it and `surrogate evaluate` scores it.",
    )
    add_input_output(parser, verb="annotate")
    add_backend_options(parser)
    parser.add_argument("--propagate", action="store_true",
                        help="also mark every other occurrence of a found mention's string (on by default in deid)")
    parser.set_defaults(func=run)


def add_input_output(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.add_argument("input", metavar="IN",
                        help="a UTF-8 .txt, a .docx or a .pdf file, a directory of them (any .ann beside them is ignored), "
                             "or - for stdin")
    parser.add_argument("output", metavar="OUT",
                        help="output directory (created atomically; must not exist or be empty), or - to print to "
                             "stdout when IN is a single text")
    parser.add_argument("--overwrite", action="store_true", help="replace a non-empty OUT (only once the new output is complete)")


def add_backend_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--backend", required=True, metavar="NAME",
                        help=f"NER backend: {', '.join(available_backends())}, a union such as rules+crf, or one "
                             "installed under the entry-point group surrogate.backends")
    parser.add_argument("--model", metavar="PATH", default=None, help="model the backend loads (crf: the directory from `surrogate train`)")
    parser.add_argument("--schema", default=None, metavar="|".join(builtin_schemas() + ["FILE"]),
                        help="label schema of the output spans (default: the backend's own, meddocan for rules)")
    parser.add_argument("--fp-filter", choices=("none", "stopwords", "agreement"), default=None,
                        help="false-positive filter for a union backend (default: none)")
    parser.add_argument("--backend-option", action="append", default=[], metavar="KEY=VALUE",
                        help="option passed to the backend as a string, repeatable "
                             "(transformers: device, batch_size, max_length, stride, aggregation)")


# ------------------------------------------------------------------------------------------------ input


def read_inputs(source: str) -> list[InputText]:
    """The texts to process, checked (UTF-8, not binary, not empty), in name order.

    A directory gives its ``.txt``, ``.docx`` and ``.pdf`` files (see ``augment.document_readers``); a
    single file is read by its suffix, as plain text unless it is a ``.docx`` or ``.pdf``.
    """
    if source == STDIN:
        return [InputText("stdin", read_text_bytes(sys.stdin.buffer.read(), "<stdin>"))]
    path = Path(source)
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if is_document(p) and p.is_file() and not p.name.startswith("."))
        if not files:
            raise UserError(f"{path}: no .txt, .docx or .pdf files")
        seen: dict[str, Path] = {}
        for p in files:
            if p.stem in seen:
                raise UserError(f"{p}: same name as {seen[p.stem].name} (each input becomes NAME.txt and NAME.ann)")
            seen[p.stem] = p
        return [InputText(p.stem, _read_file(p)) for p in files]
    if path.is_file():
        return [InputText(path.stem or "text", _read_file(path))]
    raise UserError(f"{path}: no such file or directory")


def _read_file(path: Path) -> str:
    if is_document(path):
        return read_document_file(path)
    return read_text_bytes(path.read_bytes(), path)


# ---------------------------------------------------------------------------------------------- backend


def build_backend(args: argparse.Namespace) -> NerBackend:
    options: dict[str, str] = {}
    for item in getattr(args, "backend_option", None) or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UserError(f"--backend-option needs KEY=VALUE, got {item!r}")
        options[key.strip()] = value.strip()
    if getattr(args, "fp_filter", None):
        if "+" not in args.backend:
            raise UserError("--fp-filter applies to a union of backends, e.g. --backend rules+crf")
        options["fp_filter"] = args.fp_filter
    try:
        return load_backend(args.backend, model=args.model, schema=args.schema, **options)
    except (BackendError, SchemaError) as exc:
        raise UserError(str(exc)) from None


def predict(backend: NerBackend, inputs: Sequence[InputText], *, propagate: bool, skip_labels: Sequence[str] = ()) -> Iterator[tuple[InputText, list[Span]]]:
    """``(input, spans)`` pairs, predicted in batches; spans checked against their text."""
    for i in range(0, len(inputs), BATCH):
        batch = inputs[i:i + BATCH]
        try:
            predictions = backend.predict([x.text for x in batch])
        except BackendError as exc:
            raise UserError(str(exc)) from None
        if len(predictions) != len(batch):
            raise UserError(f"backend {backend.name!r} returned {len(predictions)} results for {len(batch)} texts")
        for item, spans in zip(batch, predictions):
            if propagate:
                spans = propagate_mentions(item.text, spans, skip_labels=skip_labels)
            Document(item.name, item.text, tuple(spans)).check_alignment()
            yield item, list(spans)


def check_single_output(inputs: Sequence[InputText], output: str) -> None:
    if output == STDIN and len(inputs) != 1:
        raise UserError(f"OUT - (stdout) takes a single text; IN holds {len(inputs)}: give an output directory")


# ------------------------------------------------------------------------------------------------- run


def run(args: argparse.Namespace) -> int:
    inputs = read_inputs(args.input)
    check_single_output(inputs, args.output)
    backend = build_backend(args)
    results = predict(backend, inputs, propagate=args.propagate)
    if args.output == STDIN:
        (item, spans), = results
        sys.stdout.write(format_brat(Document(item.name, item.text, tuple(spans)))[1])
        return 0
    n_spans = 0
    with atomic_output_dir(args.output, overwrite=args.overwrite) as tmp:
        for item, spans in results:
            write_brat(Document(item.name, item.text, tuple(spans)), tmp, item.name)
            n_spans += len(spans)
    print(f"surrogate annotate: {len(inputs)} texts, {n_spans} spans ({backend.name}, schema {backend.schema}) → {args.output}",
          file=sys.stderr)
    return 0
