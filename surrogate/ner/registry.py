"""Backend registry: built-in backends plus any installed under the entry-point group ``surrogate.backends``.

A third-party package adds a backend without editing this one::

    # its pyproject.toml
    [project.entry-points."surrogate.backends"]
    mybackend = "mypkg.ner:build"

where ``build(*, model=None, schema=None, **options) -> NerBackend``. ``model`` is the path the user
passed with ``--model`` (or None); ``schema`` the label schema the user asked for (or None for the
backend's own). Return spans in that schema or raise :class:`BackendError`.
"""
from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from pathlib import Path

from ..normal_form import ReadableBackend
from ..plugins import installed_entry_points
from .base import BackendError, NerBackend

log = logging.getLogger(__name__)

ENTRY_POINT_GROUP = "surrogate.backends"

BackendFactory = Callable[..., NerBackend]

# name -> "module:attribute", imported only when the backend is asked for (crfsuite stays optional).
_BUILTIN: dict[str, str] = {
    "rules": "surrogate.ner.rules:build",
    "crf": "surrogate.ner.crf:build",
    "union": "surrogate.ner.union:build",
    "transformers": "surrogate.ner.transformers_backend:build",  # optional extra, imported on demand
}
_REGISTERED: dict[str, BackendFactory] = {}


def register_backend(name: str, factory: BackendFactory) -> None:
    """Register (or replace) a backend factory at run time (tests, notebooks)."""
    _REGISTERED[name] = factory


def _entry_points() -> dict[str, object]:
    return {ep.name: ep for ep in installed_entry_points(ENTRY_POINT_GROUP)}


def available_backends() -> list[str]:
    """Names a user can pass to ``--backend``."""
    return sorted(set(_BUILTIN) | set(_REGISTERED) | set(_entry_points()))


def _resolve(name: str) -> BackendFactory:
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name in _BUILTIN:
        module, _, attr = _BUILTIN[name].partition(":")
        try:
            return getattr(importlib.import_module(module), attr)
        except ImportError as exc:
            raise BackendError(f"NER backend {name!r} is not available: {exc}") from None
    ep = _entry_points().get(name)
    if ep is None:
        raise BackendError(f"unknown NER backend {name!r}; available: {', '.join(available_backends())}")
    try:
        return ep.load()
    except Exception as exc:  # a broken plugin must not take the CLI down with a traceback
        raise BackendError(f"NER backend {name!r} (entry point {ep.value}) failed to load: {type(exc).__name__}: {exc}") from exc


def load_backend(name: str, *, model: str | Path | None = None, schema: str | None = None, **options: object) -> NerBackend:
    """Build a backend by name. ``schema=None`` keeps the backend's own label schema.

    ``"rules+crf"`` is the union of the named backends (see :mod:`surrogate.ner.union`).
    """
    if "+" in name:
        from .union import build as build_union

        members = tuple(m.strip() for m in name.split("+"))
        if not all(members):
            raise BackendError(f"malformed backend union {name!r} (expected e.g. rules+crf)")
        return ReadableBackend(build_union(model=model, schema=schema, members=members, **options))
    factory = _resolve(name)
    backend = factory(model=model, schema=schema, **options)
    if not isinstance(backend, NerBackend):
        raise BackendError(f"NER backend {name!r} did not return an object with name, schema and predict()")
    return ReadableBackend(backend)  # decomposed accents and no-break spaces read plainly (surrogate.normal_form)
