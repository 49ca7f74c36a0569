"""``surrogate deid IN OUT --backend NAME``: find PHI with an NER backend, then surrogate it.

For each text the output directory gets ``NAME.txt`` (the de-identified text) and ``NAME.ann`` (the new
spans, exact offsets into the new text, so a reviewer sees what changed). ``OUT`` may be ``-`` for a
single text: the de-identified text goes to stdout and no ``.ann`` is written. Every other whole-word
occurrence of a found mention is surrogated too (``--no-propagate`` turns that off). The optional
``--mapping FILE`` (original→surrogate, PHI) is JSON Lines created with mode 0600, outside ``OUT``.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import uuid
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from surrogate import NamePrior
from surrogate.config import PROFILES, EngineConfig
from surrogate.engine import Engine
from surrogate.model import Document, SurrogateResult
from surrogate.ner import NerBackend, unpropagated_labels
from surrogate.schemas import SchemaError, load_schema

from .. import manifest
from ..brat import write_brat
from ..corpus import atomic_output_dir
from ..errors import UserError
from ._engine_options import add_execution_options, execution
from .annotate import (
    STDIN,
    InputText,
    add_backend_options,
    add_input_output,
    build_backend,
    check_single_output,
    predict,
    read_inputs,
)

def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "deid", help="de-identify plain texts: NER backend, then surrogates (or mask/tag/redact)",
        description="Find PHI in plain texts with an NER backend and replace it. Writes NAME.txt (de-identified) "
                    "and NAME.ann (the new spans) per input text; with OUT - a single text is printed to stdout.",
    )
    add_input_output(parser, verb="deid")
    add_backend_options(parser)
    parser.add_argument("--profile", choices=PROFILES, default="surrogate", help="surrogate (default), mask, tag or redact")
    parser.add_argument("--seed", type=int, default=0, help="seed; same seed and input, same output (default: 0)")
    parser.add_argument("--mapping", metavar="FILE", default=None,
                        help="also write the original→surrogate mapping (PHI!) to FILE (JSON Lines, mode 0600)")
    parser.add_argument("--no-propagate", dest="propagate", action="store_false",
                        help="replace only the spans the backend found, not other occurrences of the same strings")
    parser.add_argument("--name-prior", choices=("census", "corpus"), default="census",
                        help="corpus: find the names of every text first, then draw a share of each surrogate name "
                             "from the words they share (census words named in two texts or more, never a whole "
                             "name found), so that surrogates blend with names the backend missed; census: the "
                             "census alone (default; --engine local only)")
    add_execution_options(parser, workers=True)
    parser.set_defaults(func=run)


def _mapping_target(mapping: str | None, output: str) -> Path | None:
    if mapping is None:
        return None
    path = Path(mapping)
    if path.exists() or path.is_symlink():
        raise UserError(f"{path}: mapping file already exists (remove it or choose another name)")
    if not path.parent.is_dir():
        raise UserError(f"{path.parent}: no such directory for the mapping file")
    if output != STDIN:
        out = Path(os.path.abspath(output))
        if Path(os.path.abspath(path)).is_relative_to(out):
            raise UserError(f"{path}: write the mapping outside the output directory (it holds the original PHI)")
    return path


def run(args: argparse.Namespace) -> int:
    inputs = read_inputs(args.input)
    check_single_output(inputs, args.output)
    on_ray = execution(args)["engine"] == "ray" and args.output != STDIN
    if on_ray and getattr(args, "name_prior", "census") == "corpus":
        raise UserError("--name-prior corpus needs --engine local (it reads every text's names before any surrogate)")
    mapping_path = _mapping_target(args.mapping, args.output)
    backend, engine, skip = (None, None, []) if on_ray else setup(args)  # on Ray, each actor builds its own

    mapping = _PrivateMapping(mapping_path)
    n_spans = 0
    try:
        if on_ray:
            from ..ray_runner import deid_results

            results = deid_results(args, inputs)
        else:
            results = deid_documents(backend, engine, inputs, args, skip)
        if args.output == STDIN:
            (found, result), = results
            mapping.write(result.document.id, result)
            mapping.commit()
            sys.stdout.write(result.document.text)
            n_spans += found
        else:
            with atomic_output_dir(args.output, overwrite=args.overwrite) as tmp:
                for found, result in results:
                    write_brat(result.document, tmp, result.document.id)
                    mapping.write(result.document.id, result)
                    n_spans += found
                mapping.commit()  # renamed before the output moves into place; removed again if that fails
    except BaseException:
        mapping.abort()
        raise
    where = "stdout" if args.output == STDIN else args.output
    name = backend.name if backend is not None else args.backend
    print(f"surrogate deid: {len(inputs)} texts, {n_spans} spans replaced ({name}, profile {args.profile}) → {where}",
          file=sys.stderr)
    if mapping_path is not None:
        print(f"surrogate deid: mapping with original values (keep it private): {mapping_path}", file=sys.stderr)
    return 0


def setup(args: argparse.Namespace) -> tuple[NerBackend, Engine, list[str]]:
    """The backend, the engine and the labels never propagated: built once per run (per actor on Ray)."""
    backend = build_backend(args)
    try:
        schema = load_schema(backend.schema)
    except SchemaError as exc:
        raise UserError(str(exc)) from None
    engine = Engine(EngineConfig(profile=args.profile), schema, strict_dates=True)  # no found date comes back
    return backend, engine, unpropagated_labels(schema)


def deid_documents(
    backend: NerBackend, engine: Engine, inputs: Sequence[InputText], args: argparse.Namespace, skip: list[str]
) -> Iterator[tuple[int, SurrogateResult]]:
    """``(spans found, checked result)`` per input text, in input order."""
    found: Iterable[Document] = (Document(item.name, item.text, tuple(spans)) for item, spans in
                                 predict(backend, inputs, propagate=args.propagate, skip_labels=skip))
    if getattr(args, "name_prior", "census") == "corpus":  # every text's names before the first surrogate
        found = list(found)
        prior = NamePrior.from_schema(found, engine.schema)
        if prior.counts:
            engine = Engine(dataclasses.replace(engine.config, name_prior=prior), engine.schema, strict_dates=True)
    for doc in found:
        result = engine.apply(doc, seed=args.seed)
        result.document.check_alignment()
        yield len(doc.spans), result


class _PrivateMapping:
    """The opt-in mapping file: written to a 0600 temporary sibling, renamed into place on commit."""

    def __init__(self, target: Path | None) -> None:
        self.target = target
        self.tmp = target.with_name(f".{target.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}") if target else None
        self.fh = manifest.open_private(self.tmp) if self.tmp else None
        self.committed = False

    def write(self, name: str, result) -> None:
        if self.fh is not None:
            self.fh.write(manifest.dumps(manifest.mapping_record(name, 1, name, result.replacements)))

    def commit(self) -> None:
        if self.fh is not None:
            self.fh.close()
            if self.target.exists() or self.target.is_symlink():
                raise UserError(f"{self.target}: mapping file appeared during the run; not replaced")
            os.rename(self.tmp, self.target)
            self.committed = True

    def abort(self) -> None:
        if self.fh is not None:
            self.fh.close()
            self.tmp.unlink(missing_ok=True)
            if self.committed:
                self.target.unlink(missing_ok=True)
