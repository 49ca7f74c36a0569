"""Institutions a note names by their brand alone ("FREMAP", "Asepeyo", "Sanitas", "Clece", "Osakidetza"), with
their institution kind: a mutua or an insurer stays an insurer, a police force or a health service a public body.
"fremap" came out "Valmedix Farma" and "asisa dental" "Flexalia Medical S.L." (an unmarked brand is a health firm).

The written forms are those the rules backend finds such bodies by (``gazetteers/facts/insurers.tsv``,
``bodies.tsv`` and ``firms.tsv``, one form per line with its kind, :func:`gazetteers.name_lists.name_list`), read once, on the first
institution that no cue word classifies. The hospitals' acronyms listed beside them (``hospital_acronyms.tsv``) tell
an acronym typed in lower case ("chuo", "hcuv") from a name: it came out a town ("a coruña").
"""
from __future__ import annotations

import re
from functools import cache

from gazetteers.name_lists import name_list
from gazetteers.text import fold

#: the lists' kinds → the replacer's institution kinds
_KIND_OF = {
    "mutua": "insurer", "mutualidad": "insurer", "insurer": "insurer",
    "health service": "public_body", "emergency service": "public_body", "police": "public_body",
    "social security": "public_body", "social services": "public_body", "employment service": "public_body",
    "home care": "company_health", "prevention service": "company_health",
    "humanitarian organisation": "ngo", "trade union": "ngo", "regional government": "public_body",
    "municipal company": "public_body",
    # firms.tsv: a bank or a retailer stays a firm of another trade ("Ibercaja" came out a drug maker)
    "bank": "company", "company": "company", "retailer": "company",
    "ngo": "ngo", "public body": "public_body",
}


@cache
def _listed() -> tuple[re.Pattern[str] | None, dict[str, str]]:
    kinds: dict[str, str] = {}
    for listed in ("insurers", "bodies", "firms"):
        for form, kind in name_list(listed):
            if kind.strip().lower() in _KIND_OF:
                kinds.setdefault(" ".join(fold(form).split()), _KIND_OF[kind.strip().lower()])
    if not kinds:
        return None, {}
    alt = "|".join(re.escape(k) for k in sorted(kinds, key=len, reverse=True))
    return re.compile(rf"(?<![\w])(?:{alt})(?![\w])"), kinds


def listed_kind(text: str) -> str | None:
    """The institution kind of a listed body the mention names ("Asisa Dental" → insurer), else None."""
    pattern, kinds = _listed()
    if pattern is None:
        return None
    m = pattern.search(" ".join(fold(text).split()))
    return kinds[m.group()] if m else None


@cache
def _hospital_acronyms() -> frozenset[str]:
    return frozenset(fold(form) for form, _ in name_list("hospital_acronyms"))


def is_listed_hospital_acronym(text: str) -> bool:
    """A hospital's acronym the rules list ("CHUO", "HCUV"), in any case."""
    return fold(text.strip()) in _hospital_acronyms()


_ACRONYM_FORM = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)?")


@cache
def _listed_acronyms() -> dict[str, tuple[str, tuple[str, ...]]]:
    """folded acronym → (its list's kind, every acronym of that kind), from the lists' capitalised forms."""
    by_kind: dict[str, list[str]] = {}
    for listed in ("insurers", "bodies", "firms"):
        for form, kind in name_list(listed):
            if _ACRONYM_FORM.fullmatch(form.strip()) and 2 <= len(form.strip()) <= 10:
                forms = by_kind.setdefault(kind.strip().lower(), [])
                if form.strip() not in forms:
                    forms.append(form.strip())
    return {fold(f): (kind, tuple(forms)) for kind, forms in by_kind.items() for f in forms}


def other_listed_acronym(text: str, rng, avoid: frozenset[str]) -> str | None:
    """Another listed body's acronym of the same kind as a listed acronym ("MUFACE" → "ISFAS", "DYA" → "SAMUR",
    "CCOO" → "UGT"), in the original's case; None when it is not listed or its kind has no other."""
    found = _listed_acronyms().get(fold(text.strip()))
    if found is None:
        return None
    pool = [f for f in found[1] if fold(f) != fold(text.strip()) and fold(f) not in avoid]
    if not pool:
        return None
    new = pool[int(rng.integers(len(pool)))]
    return new.lower() if text.strip().islower() else new


#: list kinds whose members stand in for each other: a bank for a bank, a shop chain for a shop chain
_FIRM_KINDS = ("bank", "retailer")


@cache
def _listed_firms() -> dict[str, tuple[str, tuple[str, ...]]]:
    """folded whole form → (its list kind, every form of that kind), for the firm kinds of ``firms.tsv``."""
    by_kind: dict[str, list[str]] = {}
    for form, kind in name_list("firms"):
        if kind.strip().lower() in _FIRM_KINDS:
            by_kind.setdefault(kind.strip().lower(), []).append(form.strip())
    return {" ".join(fold(f).split()): (kind, tuple(forms)) for kind, forms in by_kind.items() for f in forms}


def listed_firm_kind(text: str) -> str | None:
    """"bank" or "retailer" for a mention that is one listed firm whole ("CaixaBank", "mercadona"), else None."""
    found = _listed_firms().get(" ".join(fold(text).split()))
    return found[0] if found else None


def _squeezed(text: str) -> str:
    return re.sub(r"[\W_]+", "", fold(text))


def other_listed_firm(text: str, rng, avoid: frozenset[str]) -> str | None:
    """Another listed bank or shop chain for a mention that is one whole ("CaixaBank" → "Unicaja", "mercadona" →
    "carrefour"; a bank came out a dance school), never one sharing a word with it ("La Caixa" for "CaixaBank",
    "Caja Laboral" for "Laboral Kutxa") nor a folded ``avoid``; in the original's case. None for other mentions."""
    found = _listed_firms().get(" ".join(fold(text).split()))
    if found is None:
        return None
    own = {w for w in re.findall(r"\w{3,}", fold(text))} | {_squeezed(text)}
    pool = [f for f in found[1] if fold(f) not in avoid and _squeezed(f) not in own
            and not own & set(re.findall(r"\w{3,}", fold(f))) and not any(w in _squeezed(f) for w in own)]
    if not pool:
        return None
    new = pool[int(rng.integers(len(pool)))]
    return new.lower() if text.strip().islower() else new.upper() if text.strip().isupper() and len(text.strip()) > 4 else new
