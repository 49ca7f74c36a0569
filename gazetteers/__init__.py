"""Gazetteers: census-like tables turned into frequency-weighted samplers. Knows nothing of documents."""
from .registry import GazetteerSet, default_set, locales, register_locale
from .sampler import ExhaustedError, Sampler
from .table import Gazetteer, Provenance
from .text import fold, has_accents, strip_accents

__all__ = [
    "ExhaustedError", "Gazetteer", "GazetteerSet", "Provenance", "Sampler",
    "default_set", "fold", "has_accents", "locales", "register_locale", "strip_accents",
]
