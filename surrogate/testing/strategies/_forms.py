"""What the strategy modules share: checking the forms a caller asks for, labelling a sample's form, case."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ...textcase import drop_accents

#: the case variants of lower-case phrases (ages, kinship)
PHRASE_CASES = ("as_spelt", "capitalised", "upper")


def check_forms(forms: str | Iterable[str] | None, known: Sequence[str], what: str) -> tuple[str, ...]:
    """The forms asked for (one name, several, or None for all of ``known``); ValueError on an unknown one."""
    chosen = tuple(known if forms is None else [forms] if isinstance(forms, str) else forms)
    unknown = [f for f in chosen if f not in known]
    if unknown or not chosen:
        raise ValueError(f"unknown {what} forms {unknown}; known: {list(known)}")
    return chosen


def form_label(form: str, case: str) -> str:
    """"initials", "initials/upper": the surface family, and the case variant when it is not the spelling."""
    return form if case == "as_spelt" else f"{form}/{case}"


def cased(text: str, case: str, unaccent: Callable[[str], str] = drop_accents) -> str:
    """``text`` in a case variant: "upper", "lower", "capitalised", "unaccented" (``unaccent``: by default ñ is
    kept, as unaccented Spanish writing keeps it), or as spelt."""
    if case == "upper":
        return text.upper()
    if case == "lower":
        return text.lower()
    if case == "capitalised":
        return text[:1].upper() + text[1:]
    if case == "unaccented":
        return unaccent(text)
    return text
