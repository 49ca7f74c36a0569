"""Loaders for official gazetteer formats: INE, DiSMed, the Ministry's hospital catalogue, generic tables.

Each returns a :class:`gazetteers.Gazetteer` with provenance and the column contract of the embedded
default tables, so a user can swap in full data::

    from functools import partial
    from gazetteers import default_set
    from gazetteers.loaders import ine

    full = default_set("es").override(
        "first_names", partial(ine.first_names, "nombres_hombres_2021.csv", "nombres_mujeres_2021.csv"))
"""
from . import dismed, ine, ministry
from .casing import SpellingRestorer, proper_case
from .generic import LoaderError, load_table
from .ine import natural_order

__all__ = [
    "LoaderError", "SpellingRestorer", "dismed", "ine", "load_table", "ministry", "natural_order", "proper_case",
]
