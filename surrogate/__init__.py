"""surrogate: realistic surrogates for PHI in clinical text (engine, replacers, NER backends)."""
from .config import PROFILES, EngineConfig
from .engine import Engine, surrogate_document
from .model import AlignmentError, Document, Replacement, Span, SurrogateResult
from .replacers.people.corpus_prior import NamePrior
from .replacers.base import CannotReplace, DocumentState, Replacer, SpanContext
from .replacers.registry import register, register_replacer, registered_kinds
from .schemas import LabelSchema, load_schema

__all__ = [
    "PROFILES", "AlignmentError", "CannotReplace", "Document", "DocumentState", "Engine", "EngineConfig",
    "LabelSchema", "NamePrior", "Replacement", "Replacer", "Span", "SpanContext", "SurrogateResult", "load_schema",
    "register", "register_replacer", "registered_kinds", "surrogate_document",
]
