"""Kinds ``phone`` and ``email``: what a reader calls "the same format" for a phone number and an address.

Phone properties:

- ``grouping``: the same digit groups (``3 3 3``, ``2 3 2 2``, unbroken…);
- ``separators``: everything that is not a digit (spaces, dashes, dots, brackets, ``+``, ``ext.``) is the
  same text in the same place;
- ``country_prefix``: the country code stays (``34``/``0034`` in front of a Spanish number, ``+CC``/``00CC``
  of a foreign one);
- ``number_class``: a Spanish number (9 national digits) stays mobile (6…, 71–74…), landline (a provincial
  prefix of the numbering plan, 9 or 8 range) or service (900, 902, 80x…);
- ``landline_range``: a landline keeps its range (a 9xx prefix stays 9xx, an 8xx one 8xx);
- ``service_prefix``: a service number keeps its 3-digit service prefix (900 stays 900).

E-mail properties (each address of the span, matched in order):

- ``at_sign``: as many ``@`` as the original (one per address; none for a span that is not an address);
- ``addresses`` / ``surrounding_text``: the same number of addresses, and the text around them unchanged;
- ``syntax``: a syntactically valid address (ASCII dot-atom local part, LDH domain labels) stays valid;
- ``local_structure``: the local part keeps its separators (``.``, ``_``, ``-``) in order and its digit
  runs with their lengths (``pablo.sanchez84`` → letters ``.`` letters ``99``); letter runs may change length;
- ``local_case``: each letter run of the local part keeps its case pattern (``J.Rubio`` stays ``A.Aa``);
- ``domain_suffix``: the public suffix stays (``es``, ``com``, ``cat``, ``com.ar``);
- ``domain_case``: the domain keeps its case pattern;
- ``domain_kind``: a webmail provider stays a webmail provider, a health-service or hospital domain stays
  a health domain (a known regional health service, or a host with a health word such as salud, sanidad,
  hospital, clínica), as docs/replacers/identifiers-contacts.md promises.

Written from the acceptance definitions, the published numbering plan (``contacts.phone_plan``'s prefix
table is data) and lists of providers kept here, not from the phone or e-mail replacers' parsers.
"""
from __future__ import annotations

import re

from ...replacers.contacts.phone_plan import PROVINCE_PREFIXES_9
from . import register_format_check
from .common import case_pattern

__all__ = ["check_email", "check_phone", "domain_kind", "phone_class", "public_suffix", "read_phone"]

# -- phones ------------------------------------------------------------------------------------------------
_EXTENSION = re.compile(r"(?i)(?:\b(?:ext|extensi[oó]n|int|interno)\b\.?|\bx)\s*[.:]?\s*\d+\W*$")
_FOREIGN_CODE = re.compile(r"^\W*(\+|00)\s*\(?(\d{1,3})\)?(?=\D|$)")
_GEOGRAPHIC = frozenset(
    {p for prefixes in PROVINCE_PREFIXES_9.values() for p in prefixes}
    | {"8" + p[1:] for prefixes in PROVINCE_PREFIXES_9.values() for p in prefixes}
)


def read_phone(text: str) -> tuple[str, str | None]:
    """(country code: ``34``/``0034`` or ``+CC``/``00CC``, "" when none; the 9-digit Spanish national
    number, or None for a foreign or truncated number). An extension (``ext. 123``) is left out."""
    ext = _EXTENSION.search(text)
    main = text[: ext.start()] if ext and any(c.isdigit() for c in text[: ext.start()]) else text
    digits = "".join(c for c in main if c.isdigit())
    # a national number starts with 6–9: "34" + 9 such digits is Spain's code, "5982) 487-3837" is not
    if len(digits) == 13 and digits.startswith("0034") and digits[4] in "6789":
        return "0034", digits[4:]
    if len(digits) == 11 and digits.startswith("34") and digits[2] in "6789":
        return "34", digits[2:]
    m = _FOREIGN_CODE.match(main)
    if len(digits) == 9 and not m and digits[0] in "6789":
        return "", digits
    return (m.group(1) + m.group(2) if m else ""), None


def phone_class(national: str) -> str:
    """``mobile``, ``landline`` or ``service`` for a 9-digit Spanish national number."""
    if national[0] == "6" or national[:2] in ("71", "72", "73", "74"):
        return "mobile"
    if national[:2] in _GEOGRAPHIC or national[:3] in _GEOGRAPHIC:
        return "landline"
    return "service"


@register_format_check("phone")
def check_phone(original: str, surrogate: str) -> list[str]:
    problems = []
    if [len(r) for r in re.findall(r"\d+", original)] != [len(r) for r in re.findall(r"\d+", surrogate)]:
        problems.append("grouping")
    if re.split(r"\d+", original) != re.split(r"\d+", surrogate):
        problems.append("separators")
    o_code, o_national = read_phone(original)
    s_code, s_national = read_phone(surrogate)
    if o_code != s_code:
        problems.append("country_prefix")
    if o_national is not None:
        o_class = phone_class(o_national)
        if s_national is None or phone_class(s_national) != o_class:
            problems.append("number_class")
        elif o_class == "landline" and s_national[0] != o_national[0]:
            problems.append("landline_range")
        elif o_class == "service" and s_national[:3] != o_national[:3]:
            problems.append("service_prefix")
    return problems


# -- e-mail ---------------------------------------------------------------------------------------------------
_ADDRESS = re.compile(r"(?P<local>[^\s@]+)@(?P<gap>\s?)(?P<domain>[^\s@]*[^\W_])")
_DOT_ATOM = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")
_LDH_DOMAIN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*")
_SECOND_LEVEL = frozenset("com org net edu gob gov ac co sld nom mil int".split())
#: second-level labels of webmail and ISP mailbox providers (Spain, Latin America, Europe)
WEBMAIL_LABELS = frozenset(
    """gmail googlemail hotmail yahoo ymail outlook live msn icloud me mac aol protonmail proton gmx yandex
    mail zoho tutanota terra ya telefonica movistar ono orange vodafone wanadoo mixmail eresmas jazzfree
    euskalnet kaixo tiscali supercable teleline lycos navegalia arrakis infonegocio retemail airtel auna jet
    menta latinmail uol bol prodigy libero sapo vtr adinet speedy fibertel cantv etb web btinternet free
    laposte sfr orangemail""".split()
)
#: regional health services and administrations whose hosts hold clinicians' mailboxes
HEALTH_DOMAINS = (
    "sergas.es", "sacyl.es", "saludcastillayleon.es", "jcyl.es", "juntadeandalucia.es", "junta-andalucia.es",
    "gva.es", "riojasalud.es", "scsalud.es", "sespa.es", "sespa.princast.es", "carm.es", "aragon.es",
    "navarra.es", "ibsalut.es", "ibsalut.caib.es", "caib.es", "sanidad.gob.es", "msssi.es", "msc.es",
    "madrid.org", "gencat.cat", "scs.es", "catsalut.cat", "osakidetza.eus", "osakidetza.net", "euskadi.eus",
    "canarias.org", "gobiernodecanarias.org", "juntaex.es", "jccm.es", "sescam.jccm.es", "isciii.es",
    "ingesa.sanidad.gob.es", "san.gva.es", "salud.gob.es",
)
#: words that make any host label a health one (salud.x.es, hospitalclinic.org, areasanitaria.es)
_HEALTH_WORDS = ("salud", "sanid", "sanitar", "hosp", "clinic", "health", "medic", "osakidetza", "sergas",
                 "sacyl", "sescam", "sespa", "ibsalut", "insalud")
#: labels that are health services only as a whole label (ics.gencat.cat, scs.es), not inside a word
_HEALTH_LABELS = frozenset({"ics", "scs", "sas", "ses", "sms"})


def public_suffix(domain: str) -> str:
    """The suffix a surrogate domain keeps: the last label, or the last two for ``com.ar``-style names."""
    labels = domain.lower().split(".")
    if len(labels) == 1:
        return ""
    if len(labels) >= 3 and labels[-2] in _SECOND_LEVEL and len(labels[-1]) == 2:
        return ".".join(labels[-2:])
    return labels[-1]


def domain_kind(domain: str) -> str:
    """``webmail``, ``health`` (health service or hospital) or ``other``."""
    low = domain.lower()
    suffix = public_suffix(low)
    host = low[: len(low) - len(suffix)].rstrip(".").split(".") if suffix else [low]
    if len(host) == 1 and host[0] in WEBMAIL_LABELS:
        return "webmail"
    if any(low == d or low.endswith("." + d) for d in HEALTH_DOMAINS):
        return "health"
    if any(label in _HEALTH_LABELS or any(word in label for word in _HEALTH_WORDS) for label in host):
        return "health"
    return "other"


def _local_structure(local: str) -> list[str]:
    return [("a" if run[0].isalpha() else "9" * len(run) if run[0].isdigit() else run)
            for run in re.findall(r"[^\W\d_]+|\d+|[\W_]+", local)]


def _local_cases(local: str) -> list[str]:
    return [case_pattern(run) for run in re.findall(r"[^\W\d_]+", local)]


def _address_problems(o: re.Match[str], s: re.Match[str]) -> list[str]:
    problems = []
    o_local, s_local, o_domain, s_domain = o["local"], s["local"], o["domain"], s["domain"]
    was_valid = _DOT_ATOM.fullmatch(o_local) and _LDH_DOMAIN.fullmatch(o_domain)
    is_valid = _DOT_ATOM.fullmatch(s_local) and _LDH_DOMAIN.fullmatch(s_domain)
    if was_valid and (not is_valid or s_domain.count(".") < min(o_domain.count("."), 1)):
        problems.append("syntax")  # a dotted domain keeps a dot; "x@alemana" may stay dotless
    if _local_structure(o_local) != _local_structure(s_local):
        problems.append("local_structure")
    if _local_cases(o_local) != _local_cases(s_local):
        problems.append("local_case")
    if public_suffix(o_domain) != public_suffix(s_domain):
        problems.append("domain_suffix")
    if case_pattern(o_domain) != case_pattern(s_domain):
        problems.append("domain_case")
    kind = domain_kind(o_domain)
    if kind != "other" and domain_kind(s_domain) != kind:
        problems.append("domain_kind")
    return problems


@register_format_check("email")
def check_email(original: str, surrogate: str) -> list[str]:
    problems = []
    if original.count("@") != surrogate.count("@"):
        problems.append("at_sign")
    if "@" not in original:
        return problems  # not an address (a mislabelled name, say): nothing more to compare
    o_addresses, s_addresses = list(_ADDRESS.finditer(original)), list(_ADDRESS.finditer(surrogate))
    if len(o_addresses) != len(s_addresses):
        problems.append("addresses")
        return problems
    if _ADDRESS.split(original)[:: 4] != _ADDRESS.split(surrogate)[:: 4]:
        problems.append("surrounding_text")
    for o, s in zip(o_addresses, s_addresses):
        problems.extend(p for p in _address_problems(o, s) if p not in problems)
    return problems
