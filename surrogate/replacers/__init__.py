"""Replacers, one class per kind, in family folders (people, dates, identifiers, contacts, places,
facilities). Plug-ins import ``Replacer``, ``SpanContext`` and ``register`` from ``surrogate``."""
