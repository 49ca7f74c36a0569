"""Ages: a non-zero perturbation that keeps the unit, the wording and the surface of the mention.

"45 años" → "48 años", "sesenta y tres años" → "sesenta años", "35 A" → "38 A", "3 años y 8 meses" →
"5 años y 8 meses", "un mes y medio" → "dos meses y medio", "cuarto mes" → "quinto mes",
"Recién nacida" → "Neonata". One document maps each (unit, value) to one new value, so the header's
"35 A" and the narrative's "35 años" tell the same age; in keyed mode that value depends only on the key.
An age that the document's birth and admission dates fix is read off the shifted dates instead (within a
year, never the original: ``age_anchor``); other ages move within ``age_delta``, weighted by how old
patients or relatives are (``age_roles``). Policy details: ``docs/replacers/dates-ages.md``.
"""
from __future__ import annotations

import functools
import re
from bisect import bisect_right
from dataclasses import dataclass

import numpy as np

from gazetteers.text import fold, has_accents, strip_accents

from ...leak_guard import words_of
from ...rng import keyed_rng
from ...textcase import apply_case
from ..base import CannotReplace, DocumentState, Replacer, SpanContext
from ..registry import register
from . import age_numbers_co_official as co_official_numbers
from .age_anchor import AgeAnchor, anchored_age, find_anchor
from .age_numbers import (
    ACCENTED_WORDS,
    is_number_word,
    ordinal,
    parse_ordinal,
    parse_words,
    to_words,
)
from .age_roles import PATIENT, RELATIVE, age_priors
from .formats import date_grammar

_TOKEN = re.compile(r"[0-9]+|[^\W\d_]+|(?:(?![0-9])[\W\d_])+")
ADULT = 18

# unit → (rank, singular, plural, feminine noun); the largest unit of a mention is the one perturbed
YEARS, MONTHS, WEEKS, DAYS, HOURS, MINUTES = "years", "months", "weeks", "days", "hours", "minutes"
_UNITS = {
    YEARS: (5, "año", "años", False), MONTHS: (4, "mes", "meses", False), WEEKS: (3, "semana", "semanas", True),
    DAYS: (2, "día", "días", False), HOURS: (1, "hora", "horas", True), MINUTES: (0, "minuto", "minutos", False),
}
# the same units in Catalan, Galician and Basque ("67 anys", "45 urte"): read, kept and agreed in their own
# language; Basque writes the noun unchanged after a number. Where a spelling is also Spanish ("mes", "dia",
# Galician "anos" = folded "años") the Spanish pair comes first.
CO_OFFICIAL_UNITS = (
    (YEARS, "any", "anys"), (YEARS, "ano", "anos"), (YEARS, "urte", "urte"),
    (MONTHS, "mes", "mesos"), (MONTHS, "hilabete", "hilabete"),
    (WEEKS, "setmana", "setmanes"), (WEEKS, "aste", "aste"),
    (DAYS, "dia", "dies"), (DAYS, "egun", "egun"),
    (HOURS, "hora", "hores"), (HOURS, "ordu", "ordu"),
    (MINUTES, "minut", "minuts"), (MINUTES, "minutu", "minutu"),
)
# English units, in referrals of tourists ("45-year-old", "6 months old"): "year" and "old" were masked as copied
# words ("43-XXXX-XXX"); a unit inside a hyphenated adjective stays singular ("2-year-old")
QUOTED_UNITS = (
    (YEARS, "year", "years"), (MONTHS, "month", "months"), (WEEKS, "week", "weeks"), (DAYS, "day", "days"),
    (HOURS, "hour", "hours"), (MINUTES, "minute", "minutes"),
)
_UNIT_PAIRS = [(u, sg, pl) for u, (_, sg, pl, _) in _UNITS.items()] + list(CO_OFFICIAL_UNITS) + list(QUOTED_UNITS)
#: folded form → (unit, singular, plural of its language); the first pair that writes a form wins
_FORMS = {fold(form): pair for pair in reversed(_UNIT_PAIRS) for form in reversed(pair[1:])}
_FULL_FORMS = {key: unit for key, (unit, _, _) in _FORMS.items()}
_ABBREVIATIONS = {"a": YEARS, "m": MONTHS, "sem": WEEKS, "s": WEEKS, "d": DAYS, "h": HOURS, "min": MINUTES}

# age-group words with no number: a neighbouring group of the same grammatical gender
_DESCRIPTORS = {
    "recien nacido": "neonato", "recien nacida": "neonata", "neonato": "recién nacido",
    "neonata": "recién nacida", "lactante": "bebé", "bebe": "lactante", "adolescente": "joven",
    "joven": "adolescente", "mediana edad": "edad avanzada", "edad avanzada": "mediana edad",
}
# the first word of a decade of life, with what follows kept ("quinta década de la vida", "sexagenaria"): the
# decade before or after, drawn (a fixed neighbour would give the original back), in the same gender and number
_DECADE_WORDS = ("tercera", "cuarta", "quinta", "sexta", "séptima", "octava", "novena")
_DECADE_NOUNS = ("cuadragenari", "quincuagenari", "sexagenari", "septuagenari", "octogenari", "nonagenari")


def _neighbours(ladder: tuple[str, ...], i: int, end: str = "") -> tuple[str, ...]:
    return tuple(ladder[j] + end for j in (i - 1, i + 1) if 0 <= j < len(ladder))


_NEIGHBOURS = {
    **{fold(w): _neighbours(_DECADE_WORDS, i) for i, w in enumerate(_DECADE_WORDS)},
    **{stem + end: _neighbours(_DECADE_NOUNS, i, end) for i, stem in enumerate(_DECADE_NOUNS)
       for end in ("o", "a", "os", "as")},
}


@dataclass
class _Quantity:
    first: int  # token range [first, last] holding the number
    last: int
    value: int
    style: str  # digits | words | ordinal
    unit: str | None = None
    unit_token: int | None = None
    language: str = "es"  # of a number in words: "ca" or "gl" for "nou anys", "corenta anos"


@register
class AgeReplacer(Replacer):
    kind = "age"
    kept_words = words_of([f for _, sg, pl in _UNIT_PAIRS for f in (sg, pl)], list(_ABBREVIATIONS), "medio media y",
                          "década decada vida edad",  # "quinta década de la vida": only the decade moves
                          "old aged")  # "45 years old"
    after = ("date",)  # an age the dates fix follows the document's date shift
    _DATE_KIND = "date"

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self.grammar = date_grammar(config.locale, config.day_first)  # the date replacer's: its parse cache
        self._choices = functools.lru_cache(maxsize=4096)(self._read_choices)  # ages recur across seeds

    def _anchor(self, state: DocumentState) -> AgeAnchor | None:
        return state.analysis("age:anchor", lambda st: find_anchor(st, self._DATE_KIND, self.grammar))

    def keeps(self, word: str) -> bool:
        """Units, and the numbers of a compound age that are not perturbed ("1 mes y 29 días": only the
        largest unit moves); a whole age copied is refused by the engine as equal to its original."""
        return (word in self.kept_words or (word.isdigit() and len(word) <= 3) or is_number_word(word)
                or word in co_official_numbers.WORDS)

    def replace(self, original: str, ctx: SpanContext) -> str:
        tokens, quantities, bare_unit, unaccented = _read(original)
        if not quantities:
            if bare_unit is not None:  # "al [mes] de vida" → "al [segundo mes] de vida"
                return self._bare_unit(tokens, bare_unit, ctx, unaccented)
            descriptor = _DESCRIPTORS.get(fold(original))
            core = original.strip()
            if descriptor is None:
                first = core.split()[0] if core else ""
                neighbours = _NEIGHBOURS.get(fold(first))
                if neighbours is None:
                    raise CannotReplace("no age found in the span")
                neighbour = neighbours[int(ctx.rng.integers(len(neighbours)))]
                new = apply_case(first, strip_accents(neighbour) if unaccented else neighbour)
                return original.replace(first, new, 1)
            core = original.strip()
            new = apply_case(core, strip_accents(descriptor) if unaccented else descriptor)
            return original.replace(core, new, 1)  # surrounding spaces stay
        return self._perturbed(tokens, quantities, ctx, unaccented)

    # -- numbers -------------------------------------------------------------------------------------------
    def _perturbed(self, tokens: list[str], quantities: list[_Quantity], ctx: SpanContext,
                   unaccented: bool) -> str:
        rank = max(_UNITS[q.unit][0] for q in quantities)
        main = [q for q in quantities if _UNITS[q.unit][0] == rank]
        first = main[0]
        new_first = self._new_value(first, ctx)
        delta = new_first - first.value
        new_values: dict[int, int] = {id(first): new_first}
        for q in main[1:]:  # "25 a los 33 años", "4 y 6 meses": one delta keeps the interval
            v = q.value + delta
            ok = v >= 1 and (self.config.cap_age is None or q.unit != YEARS or v < self.config.cap_age)
            new_values[id(q)] = v if ok else self._new_value(q, ctx)
        if all(new_values[id(q)] == q.value for q in main):
            raise CannotReplace("age at the cap cannot change")  # "90 años" with cap_age=90: masked

        out = list(tokens)
        drop: set[int] = set()
        for q in main:
            new = new_values[id(q)]
            out[q.first] = self._render_number(tokens, q, new, unaccented)
            drop.update(range(q.first + 1, q.last + 1))
        for ut in {q.unit_token for q in main if q.unit_token is not None}:
            sharing = [q for q in quantities if q.unit_token == ut]
            singular = all(q.style == "ordinal" or new_values.get(id(q), q.value) == 1 for q in sharing)
            if tokens[ut + 1:ut + 2] != ["-"]:  # "2-year-old" keeps its singular
                out[ut] = _agree_unit(tokens[ut], singular)
        return "".join(t for i, t in enumerate(out) if i not in drop)

    def _new_value(self, q: _Quantity, ctx: SpanContext) -> int:
        """The document's surrogate value for (unit, value): drawn once, then reused by every mention."""
        memo = ctx.state.memo_for(self.kind)
        key = (q.unit, q.value, q.style == "ordinal")
        if key not in memo:
            rng = keyed_rng(self.config.key, self.kind, f"{q.unit}:{q.value}") if self.config.key else ctx.rng
            # the originals' numbers depend on the document alone: worked out once per content, not per draw
            taken = ctx.state.analysis("age:taken", _taken_numbers)
            years = ctx.state.analysis("age:years", _stated_years)
            fixed = self._from_dates(q, ctx.state, rng, years)
            role = RELATIVE if ctx.state.schema.kind_of(ctx.label) != self.kind else PATIENT  # via kinship
            if fixed is not None:
                memo[key] = fixed
            elif self.config.key:  # the same age maps the same way in every document
                memo[key] = self._draw(q, rng, role=role)
            else:  # avoid numbers that other mentions of the document already hold ("34" → "31" beside "31")
                memo[key] = self._draw(q, rng, avoid=taken, role=role)
        return memo[key]

    def _from_dates(self, q: _Quantity, state: DocumentState, rng: np.random.Generator,
                    avoid: frozenset[int]) -> int | None:
        """The age the shifted birth and reference dates give, for a number of years they agree with."""
        cap = self.config.cap_age
        if q.unit != YEARS or q.style == "ordinal" or state.date_shift_days is None \
                or (cap is not None and q.value >= cap):
            return None
        anchor = self._anchor(state)
        if anchor is None:
            return None
        new = anchored_age(q.value, anchor, state.date_shift_days, rng, avoid)
        return new if new is not None and (cap is None or new < cap) else None

    def _draw(self, q: _Quantity, rng: np.random.Generator, avoid: frozenset[int] = frozenset(),
              role: str = PATIENT) -> int:
        value, cap = q.value, self.config.cap_age
        if q.unit == YEARS and cap is not None and value >= cap:
            return cap
        cands, cum = self._choices(value, q.unit, q.style, avoid, role)
        if q.unit != YEARS:
            return cands[int(rng.integers(len(cands)))]
        return cands[min(bisect_right(cum, rng.random()), len(cands) - 1)]

    def _read_choices(self, value: int, unit: str, style: str, avoid: frozenset[int],
                      role: str) -> tuple[list[int], list[float]]:
        """The admissible new values of an age and, for years, their cumulative prior weights (a list:
        ``bisect`` finds what ``np.searchsorted(side="right")`` finds): draw-free, so read once per age."""
        cap = self.config.cap_age
        adult = unit == YEARS and value >= ADULT
        lo, hi = self.config.age_delta if adult else self.config.minor_age_delta
        cands = [value + d for d in range(lo, hi + 1) if d != 0 and value + d >= 1]
        if unit == YEARS:
            cands = [c for c in cands if (c >= ADULT) == adult and (cap is None or c < cap)]
        if style == "ordinal":
            cands = [c for c in cands if c <= 12]
        if style == "digits":  # a 2-digit age stays 2-digit when it can
            same = [c for c in cands if len(str(c)) == len(str(value))]
            cands = same or cands
        if not cands:
            raise CannotReplace("no admissible perturbation for this age")
        cands = [c for c in cands if c not in avoid] or cands
        if unit != YEARS:
            return cands, []
        priors = age_priors(self.fitted)  # how old patients (relatives) are
        weights = np.array([priors.weight(c, role) for c in cands])
        return cands, np.cumsum(weights / weights.sum()).tolist()

    def _render_number(self, tokens: list[str], q: _Quantity, new: int, unaccented: bool) -> str:
        template = "".join(tokens[q.first : q.last + 1])
        if q.style == "digits":
            return str(new).zfill(len(template)) if template.startswith("0") else str(new)
        feminine = _UNITS[q.unit][3] if q.unit_token is not None else False
        language = q.language
        if language == "es" and q.unit_token is not None and fold(tokens[q.unit_token]) in _CATALAN_UNIT_FORMS:
            language = "ca"  # "dos anys": a number Spanish spells alike, said again in Catalan ("tres", not "cinco")
        if q.style == "ordinal":
            words = ordinal(new, feminine=feminine, before_noun=q.unit_token is not None)
        elif language != "es":
            if new > 199:
                raise CannotReplace("age too large to write in words")
            words = co_official_numbers.to_words(new, language, feminine=feminine)
        else:
            if new >= 200:
                raise CannotReplace("age too large to write in words")
            words = to_words(new, feminine=feminine, before_noun=q.unit_token is not None)
        return apply_case(template, strip_accents(words) if unaccented else words)

    def _bare_unit(self, tokens: list[str], ut: int, ctx: SpanContext, unaccented: bool) -> str:
        unit = _unit_of(tokens[ut], last=True)
        q = _Quantity(ut, ut, 1, "ordinal", unit, ut)
        new = self._new_value(q, ctx)
        word = ordinal(new, feminine=_UNITS[unit][3])
        word = strip_accents(word) if unaccented else word
        out = list(tokens)
        out[ut] = apply_case(tokens[ut], word) + " " + tokens[ut].lower()
        return "".join(out)


# -- parsing ------------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def _read(original: str) -> tuple[list[str], list[_Quantity], int | None, bool]:
    """Tokens, quantities, bare unit and accent style of a mention: its text alone decides them, so they are
    read once and shared by every seed (never modified)."""
    tokens = _TOKEN.findall(original)
    if "".join(tokens) != original:  # cannot happen with this pattern; fail closed if it ever does
        raise CannotReplace("age span could not be tokenised")
    quantities, bare_unit = _parse(tokens)
    return tokens, quantities, bare_unit, _unaccented_writer(tokens)


_SHORT_NUMBER = re.compile(r"\b\d{1,3}\b")


def _taken_numbers(state: DocumentState) -> frozenset[int]:
    return _numbers_in(state.originals)


def _stated_years(state: DocumentState) -> frozenset[int]:
    return _years_in(state.originals)


def _numbers_in(texts: frozenset[str]) -> frozenset[int]:
    return frozenset(int(n) for t in texts if not t.isalpha() for n in _SHORT_NUMBER.findall(t))


# a year unit word ("años", "a") in a folded ASCII original: only such originals (or bare numbers) can state
# an age in years, so the others (names, places: most of a document) skip the parse
_YEAR_UNIT = re.compile(r"(?<![a-z])(?:anos?|anys?|urte|years?|a)(?![a-z])", re.IGNORECASE)


def _years_in(texts: frozenset[str]) -> frozenset[int]:
    """Ages in years that the originals state, "4 años" or a bare "61" (a surrogate "61 años" would hold that
    original); not the numbers of a date ("04/06/2018")."""
    years: set[int] = set()
    for t in texts:
        years.update(_years_of(t))
    return frozenset(years)


@functools.lru_cache(maxsize=8192)
def _years_of(t: str) -> tuple[int, ...]:
    """The ages in years one original states (originals recur across documents: "45 años")."""
    bare = t.strip()
    if bare.isascii() and bare.isdigit():  # a bare number reads as years: what _parse would find
        return (int(bare),)
    if not t.isascii() or _YEAR_UNIT.search(t) or bare.isdigit():
        return tuple(q.value for q in _parse(_TOKEN.findall(t))[0]
                     if q.unit == YEARS and (q.unit_token is not None or bare.isdigit()))
    return ()


def _parse(tokens: list[str]) -> tuple[list[_Quantity], int | None]:
    """Numbers with their units; a unit with no number before it is returned as ``bare_unit``."""
    words = [i for i, t in enumerate(tokens) if t[0].isalpha()]
    last_word = words[-1] if words else None
    quantities: list[_Quantity] = []
    pending: list[_Quantity] = []
    bare_unit = None
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if "0" <= t[0] <= "9":
            q = _Quantity(i, i, int(t), "digits")
            quantities.append(q)
            pending.append(q)
            i += 1
            continue
        if not t[0].isalpha():
            i += 1
            continue
        unit = _unit_of(t, last=i == last_word)
        if unit is not None and (pending or _previous_word_is_ordinal(tokens, i)):
            if not pending:
                j = _previous_word(tokens, i)
                q = _Quantity(j, j, parse_ordinal(tokens[j]), "ordinal")
                quantities.append(q)
                pending.append(q)
            for q in pending:
                q.unit, q.unit_token = unit, i
            pending = []
            i += 1
            continue
        if unit is not None and fold(t) == fold(_UNITS[unit][1]) and bare_unit is None:
            bare_unit = i  # a singular unit alone: "al [mes] de vida"
        if is_number_word(t):
            run = _word_run(tokens, i)
            parsed = parse_words([tokens[j] for j in run])
            if parsed:
                value, n = parsed
                q = _Quantity(i, run[n - 1], value, "words")
                quantities.append(q)
                pending.append(q)
                i = run[n - 1] + 1
                continue
        elif (found := _co_official_number(tokens, i)) is not None:  # "nou anys", "vint-i-dos anys"
            language, value, last = found
            q = _Quantity(i, last, value, "words", language=language)
            quantities.append(q)
            pending.append(q)
            i = last + 1
            continue
        i += 1
    if pending:  # "45", "4 y 6": a number with no unit after it takes the last unit seen, else years
        last_unit = next((q.unit for q in reversed(quantities) if q.unit), YEARS)
        for q in pending:
            q.unit = last_unit
    return quantities, bare_unit if not quantities else None


#: unit forms only Catalan writes (Galician "anos" folds like Spanish "años")
_CATALAN_UNIT_FORMS = frozenset(("any", "anys", "mesos", "setmana", "setmanes", "dies", "hores", "minut", "minuts"))


def _co_official_number(tokens: list[str], i: int) -> tuple[str, int, int] | None:
    """(language, value, last token) of the longest Catalan or Galician number starting at token ``i``."""
    for j in range(min(len(tokens), i + co_official_numbers.MAX_TOKENS), i, -1):
        if tokens[j - 1][0].isalpha() and (found := co_official_numbers.parse("".join(tokens[i:j]))) is not None:
            return found[0], found[1], j - 1
    return None


def _unit_of(word: str, *, last: bool) -> str | None:
    key = fold(word)
    if key in _FULL_FORMS:
        return _FULL_FORMS[key]
    # one-letter abbreviations ("35 A", "70 a") only at the end: "de los 25 a los 33 años" has a preposition
    if key in _ABBREVIATIONS and (last or len(key) > 1):
        return _ABBREVIATIONS[key]
    return None


def _previous_word(tokens: list[str], i: int) -> int:
    j = i - 1
    while j >= 0 and tokens[j].isspace():
        j -= 1
    return j


def _previous_word_is_ordinal(tokens: list[str], i: int) -> bool:
    j = _previous_word(tokens, i)
    return j >= 0 and tokens[j][0].isalpha() and parse_ordinal(tokens[j]) is not None


def _word_run(tokens: list[str], i: int) -> list[int]:
    """Indices of the letter tokens from ``i`` on, joined by plain spaces ("sesenta", "y", "tres")."""
    run = [i]
    j = i + 1
    while j + 1 < len(tokens) and tokens[j].isspace() and tokens[j + 1][0].isalpha():
        run.append(j + 1)
        j += 2
    return run


def _agree_unit(word: str, singular: bool) -> str:
    """The unit noun in the number the new value needs ("mes" → "meses"); abbreviations are left alone."""
    key = fold(word)
    found = _FORMS.get(key)
    if found is None:
        return word
    _, sg, pl = found
    want = sg if singular else pl
    if key == fold(want):
        return word
    canonical = sg if fold(sg) == key else pl
    if has_accents(canonical) and not has_accents(word):  # "dias" → "dia", not "día"
        want = strip_accents(want)
    return apply_case(word, want)


def _unaccented_writer(tokens: list[str]) -> bool:
    """True when a word of the span that should carry an accent is written without one ("dieciseis")."""
    return any(fold(t) in ACCENTED_WORDS and not has_accents(t) for t in tokens if t[0].isalpha())
