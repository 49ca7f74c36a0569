"""Decide which tokens of a name are given names and which are surnames.

Spanish order is given names first, then (usually two) surnames. A name is cut into *units* (a word with
its particles and hyphenated parts: "de la Torre", "Martín-Navarro"), each unit gets the census
probability of being a given name, and the split point k (the first k units are given names) that best
explains the units under a prior over name shapes wins. Context can force it: "Apellidos:" right before
the span means surnames only, "García, Juan" is inverted, and roles seen elsewhere in the same document
("Contreras" inside "Inés Contreras Saenz") override the census for a lone re-mention.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from gazetteers.text import fold

from .nicknames import diminutive_stems, is_hypocorism
from .pools import NamePools
from .tokens import (
    ABBREVIATIONS,
    HONORIFICS,
    WEAK_HONORIFICS,
    Piece,
    classify,
    token_key,
    tokenize,
)

GIVEN, SURNAME = "given", "surname"
_UNKNOWN_WORD = 0.4  # a word no table knows is a little more often a (rare or foreign) surname
_UNKNOWN_TAIL = 0.1  # "de" + an unknown word is nearly always a surname
_INITIAL = 0.75  # "J. García": initials mostly stand for given names
_HYPHENS = {"-", "‐", "‑", "–"}
# Prior over k (number of leading given names); more than two surnames or three given names is rare.
_PRIOR_K = {0: 0.05, 1: 0.5, 2: 0.3, 3: 0.05}


@dataclass
class Unit:
    parts: list[int]  # piece indices of the word/initial pieces (hyphenated parts)
    particle: str = ""  # folded particle prefix, e.g. "de la"
    role: str = ""
    position: int = 0  # order among the units of the same role (0 = first surname)
    is_initial: bool = False


@dataclass
class ParsedName:
    original: str
    pieces: list[Piece]
    units: list[Unit] = field(default_factory=list)
    honorific_sex: str = ""  # "M" / "F" from an honorific inside the span
    honorific_weak: bool = False
    hint: str = ""
    comma_at: int | None = None

    def words(self, role: str) -> list[str]:
        """Folded full words (not initials) of a role, in order."""
        return [fold(self.pieces[i].text) for u in self.units if u.role == role and not u.is_initial for i in u.parts]

    def unit_of_piece(self) -> dict[int, Unit]:
        return {i: u for u in self.units for i in u.parts}

    def copy(self) -> "ParsedName":
        """A copy whose units may be reassigned (pieces are immutable and shared)."""
        return ParsedName(self.original, self.pieces,
                          [Unit(list(u.parts), u.particle, u.role, u.position, u.is_initial) for u in self.units],
                          self.honorific_sex, self.honorific_weak, self.hint, self.comma_at)


def _units(pieces: list[Piece]) -> tuple[list[Unit], int | None]:
    """Group word pieces into units; also return the unit index a comma precedes (inverted order)."""
    units: list[Unit] = []
    pending: list[str] = []
    sep = ""
    comma_at: int | None = None
    for i, p in enumerate(pieces):
        if p.kind == "sep":
            sep += p.text
            continue
        if p.kind == "particle":
            pending.append(fold(p.text))
            sep = ""
            continue
        if p.kind not in ("word", "initial"):
            continue
        if "," in sep and units and comma_at is None:
            comma_at = len(units)
        if units and not pending and sep in _HYPHENS and not units[-1].is_initial and p.kind == "word":
            units[-1].parts.append(i)
        else:
            units.append(Unit([i], " ".join(pending), is_initial=p.kind == "initial"))
        pending = []
        sep = ""
    return units, comma_at


def _given_probability(unit: Unit, pieces: list[Piece], pools: NamePools, doc_roles: Mapping[str, str]) -> float:
    if unit.is_initial:
        return 0.95 if token_key(pieces[unit.parts[0]].text) in ABBREVIATIONS else _INITIAL
    probs = []
    for i in unit.parts:
        word = pieces[i].text
        known = doc_roles.get(fold(word))
        if known:
            probs.append(0.97 if known == GIVEN else 0.03)
        elif unit.particle:
            p = pools.tail_given_probability(unit.particle, word)
            probs.append(_UNKNOWN_TAIL if p is None else p)
        else:
            p = pools.given_probability(word)
            if p is None and (base := diminutive_of(word, pools)) is not None:
                p = pools.given_probability(base)
            if is_hypocorism(word):  # "Paco", "Conchi": a nickname (the census has "Paco" as a surname too)
                p = max(p or 0.0, _HYPOCORISM)
            probs.append(_UNKNOWN_WORD if p is None else p)
    return min(0.98, max(0.02, sum(probs) / len(probs)))


#: the probability that a known hypocorism is a given name in a name span
_HYPOCORISM = 0.9
#: Spanish diminutive endings of given names, longest first ("Ramoncito", "Pablito", "Juanillo", "Xoaquiño")
_DIMINUTIVES = ("cito", "cita", "illo", "illa", "ito", "ita", "iño", "iña")


def diminutive_of(word: str, pools: NamePools) -> str | None:
    """The given name a word no table knows is the diminutive of ("Huguito" of Hugo, "Jaimito" of Jaime,
    "Ramoncito" of Ramon), or None: such a word was drawn as a surname ("Huguito" -> "Delgado")."""
    key = fold(word)
    if pools.given_probability(key) is not None:
        return None
    for ending in _DIMINUTIVES:
        stem = key[: -len(ending)]
        if not key.endswith(ending) or len(stem) < 2:
            continue
        vowel = "a" if ending.endswith("a") else "o"  # "Ramoncito" is Ramón's, not Ramona's
        found = [base for st in sorted(diminutive_stems(stem)) for base in (st + vowel, st, st + "e")
                 if (p := pools.given_probability(base)) is not None and p >= 0.5]
        if found:
            return found[0]
    return None


def _prior(k: int, n: int, hint: str) -> float:
    if n == 1:
        base = 0.5
    else:
        base = _PRIOR_K.get(k, 0.01) * (0.1 ** max(0, n - k - 2))
        if k == n:
            base *= 0.3
    if hint == GIVEN and k == n:
        base *= 20
    if hint == GIVEN and k == 0:
        base = 1e-9  # after "Nombre:" the first word is a given name
    return base


#: the prior of a name written surnames first without a comma ("ruiz ortega pilar"), against the usual orders
_INVERTED_PRIOR = 0.02


def assign_roles(units: list[Unit], pieces: list[Piece], pools: NamePools, *, hint: str = "",
                 comma_at: int | None = None, doc_roles: Mapping[str, str] | None = None) -> None:
    n = len(units)
    if not n:
        return
    capitals = _capitals_first(units, pieces) if not hint and comma_at is None else None
    if hint == SURNAME:
        k = 0
    elif comma_at is not None:
        k = -1  # inverted: surnames, comma, given names
    elif capitals is not None:  # "ZHANG Wei", "GARCÍA LÓPEZ Pedro": the surnames in capitals, then the given names
        k, comma_at = -1, capitals
    else:
        probs = [_given_probability(u, pieces, pools, doc_roles or {}) for u in units]
        given = [math.log(p) for p in probs]  # each unit's logs once, summed per cut as before (same floats)
        surname = [math.log(1 - p) for p in probs]
        best, k = -math.inf, 0
        for cut in range(n + 1):
            score = math.log(_prior(cut, n, hint))
            score += sum(given[:cut]) + sum(surname[cut:])
            if score > best:
                best, k = score, cut
        # two surnames before one or two given names with no comma, as a log line types them ("ruiz ortega pilar"
        # came out "pedro gual expósito", the surname read as a given name): rarer, so it must win by the census
        if 3 <= n <= 4 and not hint and math.log(_INVERTED_PRIOR) + sum(surname[:2]) + sum(given[2:]) > best:
            k, comma_at = -1, 2
    counters = {GIVEN: 0, SURNAME: 0}
    for idx, u in enumerate(units):
        if k == -1:
            u.role = SURNAME if idx < comma_at else GIVEN
        else:
            u.role = GIVEN if idx < k else SURNAME
        u.position = counters[u.role]
        counters[u.role] += 1


def _capitals_first(units: list[Unit], pieces: list[Piece]) -> int | None:
    """How many units lead in capitals before units in Title case ("ZHANG Wei", "GARCÍA LÓPEZ Pedro": a form's
    convention for surnames first), or None when the name is not written so. "GARCÍA Pedro" came out "ANTONIO
    Jesús" and "ZHANG Wei" "JURADO Huacon": the census read the capitals as given names, or the unknown given
    name as a surname."""
    if len(units) < 2 or any(u.is_initial for u in units):
        return None
    texts = [" ".join(pieces[i].text for i in u.parts) for u in units]
    capital = [sum(c.isalpha() for c in t) >= 2 and t.isupper() for t in texts]
    lead = capital.index(False) if False in capital else len(capital)
    titled = all(t[:1].isupper() and any(c.islower() for c in t) for t in texts[lead:])
    return lead if 0 < lead < len(units) and titled else None


def parse_name(text: str, pools: NamePools, *, hint: str = "",
               doc_roles: Mapping[str, str] | None = None) -> ParsedName:
    """Pieces, units and roles of one name span. ``hint`` is "given", "surname" or ""."""
    pieces = classify(tokenize(text), pools.is_known)
    parsed = ParsedName(text, pieces)
    for p in pieces:
        if p.kind == "honorific" and HONORIFICS.get(token_key(p.text)):
            key = token_key(p.text)
            parsed.honorific_sex = HONORIFICS[key]
            parsed.honorific_weak = key in WEAK_HONORIFICS
            break
    parsed.units, parsed.comma_at = _units(pieces)
    parsed.hint = hint
    assign_roles(parsed.units, pieces, pools, hint=hint, comma_at=parsed.comma_at, doc_roles=doc_roles)
    return parsed


class ParseCache:
    """``parse_name(text, pools, hint=hint)`` without document roles, by (text, hint): an engine sees the same
    names in many documents. Bounded (emptied when full); each call returns its own copy, since a document
    reassigns the roles of its parses."""

    def __init__(self, pools: NamePools, size: int = 4096) -> None:
        self.pools, self.size = pools, size
        self._parses: dict[tuple[str, str], ParsedName] = {}

    def __call__(self, text: str, hint: str = "") -> ParsedName:
        parsed = self._parses.get((text, hint))
        if parsed is None:
            if len(self._parses) >= self.size:
                self._parses.clear()
            parsed = self._parses[(text, hint)] = parse_name(text, self.pools, hint=hint)
        return parsed.copy()


def reassign_roles(parsed: ParsedName, pools: NamePools, doc_roles: Mapping[str, str]) -> None:
    """Decide the roles again with the document's roles (only if one of its words has a known role)."""
    if any(fold(parsed.pieces[i].text) in doc_roles for u in parsed.units if not u.is_initial for i in u.parts):
        assign_roles(parsed.units, parsed.pieces, pools, hint=parsed.hint, comma_at=parsed.comma_at,
                     doc_roles=doc_roles)


def person_words(names: Iterable[ParsedName]) -> str:
    """The given names and surnames of one person's mentions, sorted and joined: what a keyed draw about the
    person (its sex, its accent style) depends on, so the same names draw alike in every document."""
    return " ".join(sorted({w for parsed in names for w in parsed.words(GIVEN) + parsed.words(SURNAME)}))
