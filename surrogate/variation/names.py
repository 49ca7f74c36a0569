"""Person names in another surface form: ``APELLIDOS, Nombre`` order, capitals, initials, titles.

``Ernesto Rivera Bueno`` → ``RIVERA BUENO, ERNESTO`` | ``RIVERA BUENO, Ernesto`` | ``Rivera Bueno, Ernesto`` |
``ERNESTO RIVERA BUENO`` | ``E. Rivera Bueno``; ``García, Juan`` → ``Juan García``; ``Sr. Rivera`` → ``Rivera``.
Which forms a label draws, and how often, is :data:`WEIGHTS` (a staff name: capitals only). A title is dropped but
never added: MEDDOCAN-style annotation leaves titles outside name spans, and the text outside a span is
not ours to write. The surrogate is split with the name replacer's own parser (:func:`parse_name`, the
census pools of the replacer), so given names and surnames are told apart as the replacer tells them.
"""
from __future__ import annotations

import numpy as np

from ..replacers.base import Replacer, SpanContext
from ..replacers.people.mentions import field_hint
from ..replacers.people.parse import GIVEN, SURNAME, ParsedName, parse_name
from .common import pick


def _bounds(parsed: ParsedName) -> list[tuple[int, int]]:
    out, pos = [], 0
    for p in parsed.pieces:
        out.append((pos, pos + len(p.text)))
        pos += len(p.text)
    return out


def _unit_start(parsed: ParsedName, unit, bounds) -> int:
    """Where a unit starts in the text, its particles included ("de la Torre")."""
    first = unit.parts[0]
    i = first - 1
    while i >= 0 and parsed.pieces[i].kind in ("particle", "sep") and parsed.pieces[i].text.strip(" ") != ",":
        if parsed.pieces[i].kind == "particle":
            first = i
        i -= 1
    return bounds[first][0]


def _title_case(text: str) -> str:
    words = text.split(" ")
    return " ".join(w if w.lower() in ("de", "del", "la", "las", "los", "y") else w[:1] + w[1:].lower() for w in words)


def tagged_forms(text: str, parsed: ParsedName) -> list[tuple[str, str]]:
    """Other forms of a parsed name, each with its tag (a key of :data:`WEIGHTS`' tables)."""
    if any(p.kind == "digits" for p in parsed.pieces) or not parsed.units:
        return []
    bounds = _bounds(parsed)
    honorifics = [i for i, p in enumerate(parsed.pieces) if p.kind == "honorific"]
    body_start = _unit_start(parsed, parsed.units[0], bounds)
    body_end = bounds[parsed.units[-1].parts[-1]][1]
    head, body, tail = text[:body_start], text[body_start:body_end], text[body_end:]
    out: list[tuple[str, str]] = [("capitals", head + body.upper() + tail)]
    if body.isupper():
        out.append(("title_case", head + _title_case(body) + tail))
    if honorifics:
        out.append(("untitled", body + tail))  # without the title
    given = [u for u in parsed.units if u.role == GIVEN]
    surnames = [u for u in parsed.units if u.role == SURNAME]
    if given and surnames:
        first_surname = _unit_start(parsed, surnames[0], bounds)
        if parsed.comma_at is None and given[-1] is parsed.units[len(given) - 1]:
            given_text = text[body_start:bounds[given[-1].parts[-1]][1]]
            surname_text = text[first_surname:body_end]
            out.append(("surnames_first", f"{surname_text}, {given_text}"))
            out.append(("surnames_first_capitals", f"{surname_text.upper()}, {given_text}"))
            out.append(("surnames_first_all_capitals", f"{surname_text.upper()}, {given_text.upper()}"))
            if all(not u.is_initial for u in given):
                initials = " ".join(parsed.pieces[i].text[0].upper() + "." for u in given for i in u.parts)
                out.append(("initials", f"{head}{initials} {surname_text}"))
        elif parsed.comma_at is not None and surnames[-1] is parsed.units[len(surnames) - 1]:
            given_start = _unit_start(parsed, given[0], bounds)
            surname_text = text[body_start:bounds[surnames[-1].parts[-1]][1]]
            out.append(("given_first", f"{head}{text[given_start:body_end]} {surname_text}"))
    return out


def forms(text: str, parsed: ParsedName) -> list[str]:
    """Other forms of a parsed name."""
    return [form for _, form in tagged_forms(text, parsed)]


#: per label, how often each form (a tag of :func:`tagged_forms`) is drawn, relative to 1 (a tag not listed
#: weighs 1; a label not listed draws every form alike). A patient's name heads admission papers and reports
#: as ``APELLIDOS, NOMBRE`` in capitals; a signature or "Dr. X" keeps the name in order, at most in capitals
#: (a staff name varied to ``Apellidos, Nombre`` taught a CRF that this order means staff)
WEIGHTS: dict[str, dict[str, float]] = {
    "NOMBRE_SUJETO_ASISTENCIA": {"surnames_first_all_capitals": 3, "capitals": 2, "initials": 0.2},
    "NOMBRE_PERSONAL_SANITARIO": {"surnames_first": 0, "surnames_first_capitals": 0,
                                  "surnames_first_all_capitals": 0, "initials": 0},
}


def vary(text: str, rng: np.random.Generator, ctx: SpanContext, replacer: Replacer | None = None) -> str | None:
    pools = getattr(replacer, "pools", None)
    if pools is None:
        return None
    parsed = parse_name(text, pools, hint=field_hint(ctx.text, ctx.start))
    table = WEIGHTS.get(ctx.label, {})
    return pick(text, [(form, table.get(tag, 1.0)) for tag, form in tagged_forms(text, parsed)], rng)
