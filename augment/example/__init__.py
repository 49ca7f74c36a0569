"""The bundled example corpus: 13 short, entirely fictional Spanish clinical reports in BRAT standoff.

Written for this package (no MEDDOCAN text), annotated with MEDDOCAN labels, all 29 of them present:
header-style reports (``Nombre: … NHC: … Médico: … NºCol: …``) and narrative cases. People, identifiers,
phone numbers and most facilities are invented; e-mail and web addresses use the reserved ``example.*``
domains and the IP address the documentation range 192.0.2.0/24 (RFC 5737).

``surrogate example OUT_DIR`` copies it out; ``EXAMPLE_DIR`` is where it lives inside the package.
"""
from __future__ import annotations

from pathlib import Path

EXAMPLE_DIR = Path(__file__).resolve().parent


def example_dir() -> Path:
    """The directory holding the example ``.txt``/``.ann`` pairs (read it with ``augment.corpus.read_corpus``)."""
    return EXAMPLE_DIR
