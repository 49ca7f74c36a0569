"""Dispatcher kinds for schemas whose labels mix several kinds (Galén LOCATION/CONTACT, DiSMed LOC/NUM).

Each looks at the span's text and hands it to the replacer of the right kind through ``ctx.delegate`` (same
per-document cache and leak guard, so "Madrid" as LOCATION and as part of an address block agree):

- ``location`` → ``country`` for a country name, English name, acronym or demonym, else ``territory``;
- ``contact``  → ``email`` when it has an ``@``, ``url`` for a URL or an IP address, else ``phone``;
- ``number``   → ``phone`` when it is phone-shaped (9 digits starting 6–9, optional +34/0034 prefix and
  separators), else ``identifier``.
"""
from __future__ import annotations

import re

from .base import CannotReplace, Replacer, SpanContext
from .places.country_index import country_index
from .registry import register

_URL = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*://|www\.)|^\s*\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\s*$|"
                  r"^\s*[\w.-]+\.(?:com|es|org|net|edu|gov|cat|eus|gal|info|int|eu)(?:[/:?#]\S*)?\s*$", re.I)
_PHONE_CHARS = re.compile(r"^[\s\d+().\-/]+(?:\s*(?:ext|extensi[oó]n|ext\.)\s*\d+)?$", re.I)
_LABEL = re.compile(r"^\s*(?:tel[eé]fono|tel[fé]?|tfno|tlf|tlfno|m[oó]vil|fax)\b\.?:?\s*", re.IGNORECASE)
_PREFIX = re.compile(r"^(?:\+34|0034|34)(?=\d{9}$)")


def is_phone_shaped(text: str) -> bool:
    """Spanish numbering plan: 9 digits starting 6, 7, 8 or 9, optionally after +34/0034/34 and a label
    ("Tel.", "móvil"), with extensions ("ext. 2345 / 2346"); several such numbers in a list ("612 34 56 78 /
    91 234 56 78") are phone-shaped too."""
    from .contacts.phones import listed_numbers, split_extension  # the phone replacer's own reading

    return all(_one_phone(part, split_extension) for part in listed_numbers(text))


def _one_phone(text: str, split_extension) -> bool:
    main, _ = split_extension(_LABEL.sub("", text))
    if not _PHONE_CHARS.match(main.strip()):
        return False
    digits = _PREFIX.sub("", re.sub(r"\D", "", main))
    return len(digits) == 9 and digits[0] in "6789"


def _delegate(ctx: SpanContext, kind: str, original: str) -> str:
    if ctx.delegate is None:
        raise CannotReplace(f"dispatcher has no delegate for kind {kind!r}")
    return ctx.delegate(kind, original)


@register
class LocationDispatch(Replacer):
    kind = "location"
    after = ("territory",)  # block plans exist before a place is dispatched

    def may_keep(self, original: str, ctx: SpanContext) -> bool:
        """"España" comes back from the country replacer as it is (the locale's own country, issue 13)."""
        from .places.countries import is_own_country  # the country policy lives with the country replacer
        return is_own_country(country_index(self.gazetteers), original, self.config.locale)

    def replace(self, original: str, ctx: SpanContext) -> str:
        is_country = country_index(self.gazetteers).classify(original.strip()) is not None
        return _delegate(ctx, "country" if is_country else "territory", original)


@register
class ContactDispatch(Replacer):
    kind = "contact"
    after = ("person_name", "territory")  # an e-mail reuses the people's surrogates, a phone the place plan

    def replace(self, original: str, ctx: SpanContext) -> str:
        if "@" in original:
            return _delegate(ctx, "email", original)
        if _URL.search(original):
            return _delegate(ctx, "url", original)
        return _delegate(ctx, "phone", original)


@register
class NumberDispatch(Replacer):
    kind = "number"
    after = ("territory",)  # a phone follows the document's surrogate provinces

    def replace(self, original: str, ctx: SpanContext) -> str:
        return _delegate(ctx, "phone" if is_phone_shaped(original) else "identifier", original)
