"""``surrogate review CORPUS_DIR``: a local web app to check and correct detection and surrogates.

The web stack (Starlette, uvicorn) comes from the optional extra ``surrogate[review]`` and is imported
only when this command runs, so ``surrogate --help`` and the other commands work without it.
"""
from __future__ import annotations

import argparse
import os
import secrets
import socket
import sys
from pathlib import Path

from surrogate.config import PROFILES
from surrogate.schemas import SchemaError, builtin_schemas, load_schema

from ..errors import UserError
from ..manifest import MANIFEST_NAME
from ._arguments import whole_number

_HOST = "127.0.0.1"  # never another interface: the app shows PHI


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "review", help="open a local web app to check and correct detected PHI and surrogates, then export",
        description="Serve a BRAT corpus (deid, annotate or apply output, or an annotated corpus) in a local web app: "
                    "see the PHI highlighted by type, add, relabel or delete spans, choose surrogate, mask, tag or "
                    "redact, and download the de-identified corpus as a zip. With --backend, TXT, DOCX and PDF "
                    "reports can be uploaded and are annotated like `surrogate deid` does. The app listens on "
                    "127.0.0.1 only; the first line printed is its address with a one-time token.",
    )
    parser.add_argument("corpus", metavar="CORPUS_DIR", help="BRAT directory (.txt + .ann) to review")
    parser.add_argument("--out", metavar="DIR", default=None,
                        help="write reviewed .ann files, uploads and the review log here instead of into CORPUS_DIR")
    parser.add_argument("--originals", metavar="DIR", default=None,
                        help="the corpus CORPUS_DIR was made from (apply/augment input): shown side by side")
    parser.add_argument("--mapping", metavar="FILE", default=None,
                        help="the --mapping file of the deid or apply run that wrote CORPUS_DIR: originals are shown "
                             "side by side (it holds PHI; it is only read)")
    parser.add_argument("--deidentified", action="store_true",
                        help="CORPUS_DIR is already de-identified (deid output): its spans keep their surrogates, only "
                             "spans you add or re-surrogate are replaced (implied by --originals, --mapping and by an "
                             "apply/augment manifest.jsonl)")
    parser.add_argument("--reviewer", default=os.environ.get("USER") or "reviewer", metavar="NAME",
                        help="name recorded in the review log (default: $USER)")
    parser.add_argument("--port", type=whole_number(0), default=0, metavar="N", help="port (default: a free one)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    parser.add_argument("--profile", choices=PROFILES, default="surrogate", help="default output profile (default: surrogate)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the surrogates (default: 0)")
    parser.add_argument("--backend", default=None, metavar="NAME",
                        help="NER backend for uploads, as for deid (e.g. rules, crf, rules+crf); without it uploads are off")
    parser.add_argument("--model", metavar="PATH", default=None, help="model the backend loads (crf: the directory from `surrogate train`)")
    parser.add_argument("--schema", default=None, metavar="|".join(builtin_schemas() + ["FILE"]),
                        help="label schema (default: the backend's, else meddocan)")
    parser.set_defaults(func=run, fp_filter=None, backend_option=[])


def _web_stack():
    try:
        import uvicorn

        from ..review.app import create_app
    except ImportError as exc:
        raise UserError(f"the review app needs the web extra ({exc.name} is missing): pip install 'surrogate[review]'") from None
    return uvicorn, create_app


def _bind(port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((_HOST, port))
    except OSError as exc:
        sock.close()
        raise UserError(f"cannot listen on {_HOST}:{port} ({exc.strerror})") from None
    sock.listen(128)  # connections wait in the backlog until the server runs
    return sock


def _display_available() -> bool:
    return sys.platform in ("darwin", "win32") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run(args: argparse.Namespace) -> int:
    uvicorn, create_app = _web_stack()
    from ..review.session import ReviewSession
    from .annotate import build_backend

    backend = build_backend(args) if args.backend else None
    schema_name = args.schema or (backend.schema if backend is not None else "meddocan")
    try:
        schema = load_schema(schema_name)
    except SchemaError as exc:
        raise UserError(str(exc)) from None
    session = ReviewSession(args.corpus, schema, out=args.out, reviewer=args.reviewer, backend=backend,
                            originals=args.originals, profile=args.profile, seed=args.seed,
                            mapping=args.mapping,
                            deidentified=args.deidentified or args.originals is not None or args.mapping is not None
                            or (Path(args.corpus) / MANIFEST_NAME).is_file())
    first = next((r.working for r in session.docs.values() if r.working is not None), None)
    if first is not None:
        print("surrogate review: loading the surrogate engine…", file=sys.stderr, flush=True)
        session.outputs.warm_up(first)
    sock = _bind(args.port)
    port = sock.getsockname()[1]
    token = secrets.token_urlsafe(24)
    url = f"http://{_HOST}:{port}/?token={token}"
    print(url, flush=True)  # first stdout line: scripts and tests read it
    print(f"surrogate review: {len(session.docs)} documents in {session.corpus}; writing to {session.write_dir}; "
          "Ctrl+C to stop", file=sys.stderr, flush=True)
    if not args.no_browser and _display_available():
        import webbrowser

        webbrowser.open(url)
    app = create_app(session, token, port)
    # No access log: request lines carry document names and would pile up in terminals and journald.
    config = uvicorn.Config(app, log_level="warning", access_log=False, server_header=False, lifespan="off")
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
    return 0
