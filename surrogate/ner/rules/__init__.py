"""The ``rules`` backend (``load_backend("rules")``): regular expressions, gazetteers and context cues, tuned for recall.

Detectors, strongest first (a candidate's *tier* decides overlaps before its length does):

0. **Header fields** — ``Nombre:``, ``NHC:``, ``Domicilio:``, ``Fecha de nacimiento:``, ``Médico: … NºCol:``
   and the rest of :data:`~surrogate.ner.rules_patterns.HEADER_FIELDS`: the value up to the next field
   or the end of the line gets the field's label. ``Remitido por:`` / ``Responsable clínico:`` values go
   to the signature parser: honorific + name, department (skipped), facility, street, postal code, town,
   province, country, phones and e-mails, in whatever order they come.
1. **Structured mentions anywhere** — e-mails, URLs, IPs, honorific + name (``Dra. …``), facilities
   (``Hospital …``, ``Centro de Salud …``, ``Universidad …``), streets introduced by a street type.
2. **Shapes and cues** — dates (numeric, ISO, month names, ``año 1978``, bare years 1900–2049), phones
   (after a cue such as ``Tfno.``/``Fax`` or with a Spanish 9-digit shape), DNI/NIE, NASS, collegiate and
   long digit runs, postal codes followed by a town, the patient's age and sex where the case sentence
   introduces them (``Varón de 36 años``), kinship terms; and every string found in tiers 0–1
   (names, streets, towns, identifiers) again wherever it recurs in the document.
3. **Gazetteers** — countries, provinces and communities anywhere (capitalised), large municipalities
   after a preposition (``residente en Mérida``).

Overlaps are resolved by tier, then length (longest wins): ``Hospital Universitario 12 de Octubre`` is
one facility, not a facility plus a date. Labels are MEDDOCAN's; another schema gets them translated
(see :mod:`surrogate.ner.labelmap`).
"""
from __future__ import annotations

from .backend import RulesBackend, build
from .common import Candidate

__all__ = ["Candidate", "RulesBackend", "build"]
