"""NER backends: find PHI spans in unannotated text so the engine can surrogate them.

``load_backend("rules")``, ``load_backend("crf", model="model_dir")``, or any backend installed under
the entry-point group ``surrogate.backends``. Every backend returns, per text, non-overlapping spans
with exact offsets (see :class:`NerBackend`).
"""
from .base import (
    NOT_PROPAGATED_KINDS,
    BackendError,
    NerBackend,
    finalize_spans,
    propagate_mentions,
    resolve_overlaps,
    unpropagated_labels,
)
from .registry import (
    ENTRY_POINT_GROUP,
    available_backends,
    load_backend,
    register_backend,
)

__all__ = [
    "ENTRY_POINT_GROUP",
    "NOT_PROPAGATED_KINDS",
    "BackendError",
    "NerBackend",
    "available_backends",
    "finalize_spans",
    "load_backend",
    "propagate_mentions",
    "register_backend",
    "resolve_overlaps",
    "unpropagated_labels",
]
