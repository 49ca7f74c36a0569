"""User names built from a person's name: "acabellof" (Ana Cabello Fernández), "pgarcia" (P. García).

Such a login came out a surname in lower case, accents and all ("acabellof" -> "garcía"): it now becomes the
login of the surrogate person, built the same way (given-name initial, first surname, second surname's
initial), from the same draws as the person's other mentions ("Ana Cabello Fernández" -> "Sandra Moreno
Trafach": "smorenot"); a login that names no one in the document gets a surname drawn as any other and new
initials.
"""
from __future__ import annotations

import re
import string
from typing import TYPE_CHECKING

from gazetteers.text import fold

from ..base import SpanContext
from .mentions import DocMemo
from .parse import GIVEN, SURNAME, Unit

if TYPE_CHECKING:
    from .names import PersonNameReplacer

_LOGIN = re.compile(r"[a-z]{5,24}")
_LETTERS = string.ascii_lowercase

#: (given-name initial, first surname, second surname's initial or "") of a login
Login = tuple[str, str, str]


#: a login or signature written in camel case: the initial and the surname's capital ("MPuig", "MPuigF")
_CAMEL = re.compile(r"[A-Z][A-Z][a-zñç]{3,22}[A-Z]?")


def read_camel(text: str, pools) -> Login | None:
    """The parts of a camel-case signature ("MPuig": M. Puig), as :func:`read_login` reads them lower-cased."""
    return read_login(fold(text), pools) if _CAMEL.fullmatch(text) else None


def camel(login: str, tail: bool) -> str:
    """A login written back in camel case: its initial, its surname capitalised, its last initial."""
    head, body = login[:1].upper(), login[1:]
    if tail and len(body) > 1:
        return head + body[:-1].capitalize() + body[-1].upper()
    return head + body.capitalize()


def read_login(text: str, pools) -> Login | None:
    """The parts of a login: lower-case letters, no census name as a whole, a census surname after one initial,
    maybe followed by another initial. None when ``text`` reads as none."""
    if not _LOGIN.fullmatch(text) or pools.is_known(text):
        return None
    initial, rest = text[0], text[1:]
    for surname, tail in ((rest, ""), (rest[:-1], rest[-1])):
        p = pools.given_probability(surname) if len(surname) >= 4 else None
        if p is not None and p < 0.5:
            return initial, surname, tail
    return None


def login_surrogate(replacer: PersonNameReplacer, login: Login, ctx: SpanContext, memo: DocMemo) -> str:
    """The login of the person's surrogate (see the module)."""
    initial, surname, tail = login
    given = second = None
    sex, origin, position = "", None, 0
    for m in memo.mentions.values():  # the person it names: a mention with that surname and those initials
        surnames, givens = m.parsed.words(SURNAME), m.parsed.words(GIVEN)
        if surname not in surnames:
            continue
        position = surnames.index(surname)
        after = surnames[position + 1] if position + 1 < len(surnames) else None
        if givens and givens[0][:1] == initial and (not tail or (after or "")[:1] == tail):
            given, second, sex, origin = givens[0], after if tail else None, m.sex, m.origin
            break
    kwargs = {} if origin is None else {"origin": origin}

    def word(text: str, role: str, at: int) -> str:
        return fold(replacer._word(text, Unit([0], role=role, position=at), 0, sex, ctx, memo, **kwargs))

    def letter(original: str) -> str:
        others = [c for c in _LETTERS if c != original]
        return others[int(replacer._rng(ctx, "login", surname, original).integers(len(others)))]

    new_surname = word(surname, SURNAME, position)
    first = word(given, GIVEN, 0)[:1] if given else letter(initial)
    last = (word(second, SURNAME, position + 1)[:1] if second else letter(tail)) if tail else ""
    return "".join(c for c in first + new_surname + last if c in _LETTERS)
