"""The ``rules`` backend (``load_backend("rules")``): regular expressions, gazetteers and context cues,
tuned for recall, in BoB's two stages: candidates from every detector, then a filter stage.

Detectors, strongest first (a candidate's *tier* decides overlaps before its length does):

0. **Header fields** (:mod:`.header`) — ``Nombre:``, ``NHC:``, ``Domicilio:``, ``Fecha de nacimiento:``,
   ``Médico: … NºCol:``, their Catalan, Galician and Basque forms (``Cognoms:``, ``Enderezo:``, ``Jaiotze
   data:``) and the rest of :data:`~surrogate.ner.rules.vocab.HEADER_FIELDS`; ``Remitido por:`` values go to
   the signature parser. The same keys in table cells (:mod:`.tables`): a key cell labels the next cell, a
   row of column titles the cells under it (a role or a verb heads a staff column: ``Farmacéutico/a``,
   ``Oftalmólogo``, ``Administra``), a ``·`` row of key-value cells needs no colon (``Población Palma``).
   Company and insurer fields (``Empresa:``, ``Mutua:``), staff lists (``X / Y``, ``J. P. y M. L.``).
1. **Structured mentions anywhere** — e-mails, URLs, honorific + name, facilities and their acronyms
   (:mod:`.facilities`), streets (:mod:`.places`, :mod:`.localities`), codes after their cue
   (:mod:`.identifiers`); initials or a login after a role (``Enf.: MCL``), chat speakers and e-mail
   header names (:mod:`.signatures`).
   Quoted nicknames after a name (``Hugo ("Huguito")``), logins after ``usuario``, a role after an article
   (``l'infermera Empar``), roads with a kilometre (``N-630, km 612``).
2. **Shapes and cues** (:mod:`.shapes`, :mod:`.identifiers`, :mod:`.names`, :mod:`.localities`) — dates,
   phones in any grouping, DNI/NIE/NASS, alphanumeric codes, plates, network addresses, ages, sex,
   kinship, names after a cue or in ``APELLIDOS, NOMBRE`` order, towns after a cue; dates without a year
   (``Vie 15/03``, ``12/03``, ``martxoaren 19tik``); a place before its region (``Iași (Rumanía)``), Basque
   case endings on a town (``Getxon``), a town as a heading's part (``(HUN), Pamplona/Iruña``); and every
   string found in tiers 0–1 again wherever it recurs in the document.
3. **Gazetteers** — countries, provinces, municipalities, full names of known first names and surnames.

Then the filter stage (:mod:`.filters`) cuts every candidate at a field boundary and drops measurements,
and overlaps are resolved by tier, then length. Labels are MEDDOCAN's; another schema gets them
translated (see :mod:`surrogate.ner.labelmap`). Patterns and word lists (:mod:`.patterns`, :mod:`.vocab`)
are compiled once, at import.

A note typed all in capitals or all in lower case is also read through a recased *view* of the same length
(:mod:`.recase`): its candidates join those of the note as typed, less any inside a longer one of them; in
an ordinary note, so is each line typed in capitals. Dot leaders between a label and its value
(``Paciente ........ X``) are read as a colon (same length, offsets hold).
"""
from __future__ import annotations

from .backend import RulesBackend, build
from .common import Candidate

__all__ = ["Candidate", "RulesBackend", "build"]
