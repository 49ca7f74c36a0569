"""Gazetteers: census-like tables turned into frequency-weighted samplers. Knows nothing of documents."""
from .registry import GazetteerSet, default_set, locale_names, register_locale
from .sampler import ExhaustedError, Sampler
from .sex import SexLookup, default_sex_lookup
from .table import Gazetteer, Provenance, heaviest
from .text import fold, has_accents, strip_accents

__all__ = [
    "ExhaustedError", "Gazetteer", "GazetteerSet", "Provenance", "Sampler", "SexLookup", "default_sex_lookup",
    "default_set", "fold", "has_accents", "heaviest", "locale_names", "register_locale", "strip_accents",
]
