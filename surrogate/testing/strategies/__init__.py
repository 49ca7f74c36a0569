"""Hypothesis strategies for Spanish PHI values and annotated documents.

Every value strategy yields :class:`~surrogate.testing.values.PHIValue` strings that carry their engine
kind and surface form. Submodules load on first use, so importing one kind does not build the others.
"""
from __future__ import annotations

import importlib

from .._optional import require

require("hypothesis")

#: public strategy name → submodule that defines it
_WHERE = {
    "dates": "_dates", "DATE_FAMILIES": "_dates", "FULL_DATE_FAMILIES": "_dates", "date_families": "_dates",
    "date_mentions": "_dates", "DateMention": "_dates", "DateFields": "_dates",
    "dnis": "_identifiers", "nies": "_identifiers", "nifs": "_identifiers", "nass_numbers": "_identifiers",
    "ibans": "_identifiers", "collegiate_numbers": "_identifiers", "record_numbers": "_identifiers",
    "identifiers": "_identifiers", "IDENTIFIER_FORMS": "_identifiers",
    "phones": "_contacts", "emails": "_contacts", "PHONE_CLASSES": "_contacts", "EMAIL_DOMAIN_KINDS": "_contacts",
    "addresses": "_places", "postal_codes": "_places", "towns": "_places", "provinces": "_places",
    "ADDRESS_FORMS": "_places", "POSTAL_FORMS": "_places", "TOWN_FORMS": "_places", "PROVINCE_FORMS": "_places",
    "VIA_SURFACES": "_places",
    "given_names": "_people", "full_names": "_people", "ages": "_ages", "kinship_phrases": "_people",
    "given_name_samples": "_people", "full_name_samples": "_people", "age_samples": "_ages",
    "kinship_samples": "_people", "GIVEN_FORMS": "_people", "FULL_NAME_FORMS": "_people", "AGE_FORMS": "_ages",
    "KINSHIP_FORMS": "_people", "NAME_CASES": "_people", "PHRASE_CASES": "_forms",
    "NameSample": "_people", "AgeSample": "_ages", "KinshipSample": "_people",
    "phi_values": "_catalogue", "STRATEGIES_BY_KIND": "_catalogue",
    "documents": "_documents", "brat_documents": "_documents", "adversarial_documents": "_documents",
    "BratText": "_documents", "to_brat": "_documents",
}

__all__ = sorted(_WHERE)  # noqa: PLE0605  (one source of truth: the lazy table)


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return __all__
