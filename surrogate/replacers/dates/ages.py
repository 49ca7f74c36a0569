"""Ages: a non-zero perturbation that keeps the unit, the wording and the surface of the mention.

"45 años" → "48 años", "sesenta y tres años" → "sesenta años", "35 A" → "38 A", "3 años y 8 meses" →
"5 años y 8 meses", "un mes y medio" → "dos meses y medio", "cuarto mes" → "quinto mes",
"Recién nacida" → "Neonata". One document maps each (unit, value) to one new value, so the header's
"35 A" and the narrative's "35 años" tell the same age; in keyed mode that value depends only on the key.
An age that the document's birth and admission dates fix is read off the shifted dates instead (within a
year, never the original: ``age_anchor``); other ages move within ``age_delta``, weighted by how old
patients or relatives are (``age_roles``). A mention is read by ``age_parse``; policy details:
``docs/replacers/dates-ages.md``.
"""
from __future__ import annotations

import functools
from bisect import bisect_right

import numpy as np

from gazetteers.text import fold, has_accents, strip_accents

from ...leak_guard import words_of
from ...rng import keyed_rng
from ...textcase import apply_case
from ..base import CannotReplace, DocumentState, Replacer, SpanContext
from ..registry import register
from . import age_numbers_co_official as co_official_numbers
from .age_anchor import AgeAnchor, anchored_age, find_anchor
from .age_numbers import is_number_word, ordinal, to_words
from .age_parse import (
    ABBREVIATIONS,
    CATALAN_UNIT_FORMS,
    FORMS,
    UNIT_PAIRS,
    UNITS,
    YEARS,
    Quantity,
    numbers_in,
    read_mention,
    unit_of,
    years_in,
)
from .age_roles import PATIENT, RELATIVE, age_priors
from .formats import date_grammar

ADULT = 18

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


@register
class AgeReplacer(Replacer):
    kind = "age"
    kept_words = words_of([f for _, sg, pl in UNIT_PAIRS for f in (sg, pl)], list(ABBREVIATIONS), "medio media y",
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
        tokens, quantities, bare_unit, unaccented = read_mention(original)
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
    def _perturbed(self, tokens: list[str], quantities: list[Quantity], ctx: SpanContext,
                   unaccented: bool) -> str:
        rank = max(UNITS[q.unit][0] for q in quantities)
        main = [q for q in quantities if UNITS[q.unit][0] == rank]
        first = main[0]
        new_first = self._new_value(first, ctx)
        delta = new_first - first.value
        new_values: dict[int, int] = {id(first): new_first}
        memo = ctx.state.memo_for(self.kind)
        stated = ctx.state.analysis("age:years", _stated_years)
        previous = new_first
        for q in main[1:]:  # "25 a los 33 años", "4 y 6 meses": one delta keeps the interval
            key = (q.unit, q.value, q.style == "ordinal")
            v = memo.get(key, q.value + delta)
            # an end another mention states ("17-19 años" beside "19 años") takes that mention's surrogate, and a
            # shifted end never lands on an age the note states ("15-17 años" held the original "17 años")
            ok = v >= 1 and (self.config.cap_age is None or q.unit != YEARS or v < self.config.cap_age) \
                and (key in memo or q.unit != YEARS or v not in stated) and (v > previous) == (q.value > first.value)
            new_values[id(q)] = v if ok else self._new_value(q, ctx)
            memo.setdefault(key, new_values[id(q)])
            previous = new_values[id(q)]
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

    def _new_value(self, q: Quantity, ctx: SpanContext) -> int:
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
            else:  # avoid numbers that other mentions of the document already hold ("34" → "31" beside "31"),
                # and at least the ages they state: the guard refuses those on every retry of a pinned value
                memo[key] = self._draw(q, rng, avoid=taken, role=role, stated=years)
        return memo[key]

    def _from_dates(self, q: Quantity, state: DocumentState, rng: np.random.Generator,
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

    def _draw(self, q: Quantity, rng: np.random.Generator, avoid: frozenset[int] = frozenset(),
              role: str = PATIENT, stated: frozenset[int] = frozenset()) -> int:
        value, cap = q.value, self.config.cap_age
        if q.unit == YEARS and cap is not None and value >= cap:
            return cap
        cands, cum = self._choices(value, q.unit, q.style, avoid, role, stated)
        if q.unit != YEARS:
            return cands[int(rng.integers(len(cands)))]
        return cands[min(bisect_right(cum, rng.random()), len(cands) - 1)]

    def _read_choices(self, value: int, unit: str, style: str, avoid: frozenset[int],
                      role: str, stated: frozenset[int] = frozenset()) -> tuple[list[int], list[float]]:
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
        # a minor's few neighbours may all be numbers of the note ("17a" beside "15a", "16:00", "18a"): an age no
        # other mention states still beats one that is an original age, which the guard would refuse (masked)
        free = [c for c in cands if unit != YEARS or c not in stated]
        cands = [c for c in free if c not in avoid] or free or cands
        if unit != YEARS:
            return cands, []
        priors = age_priors(self.fitted)  # how old patients (relatives) are
        weights = np.array([priors.weight(c, role) for c in cands])
        return cands, np.cumsum(weights / weights.sum()).tolist()

    def _render_number(self, tokens: list[str], q: Quantity, new: int, unaccented: bool) -> str:
        template = "".join(tokens[q.first : q.last + 1])
        if q.style == "digits":
            return str(new).zfill(len(template)) if template.startswith("0") else str(new)
        feminine = UNITS[q.unit][3] if q.unit_token is not None else False
        language = q.language
        if language == "es" and q.unit_token is not None and fold(tokens[q.unit_token]) in CATALAN_UNIT_FORMS:
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
        unit = unit_of(tokens[ut], last=True)
        q = Quantity(ut, ut, 1, "ordinal", unit, ut)
        new = self._new_value(q, ctx)
        word = ordinal(new, feminine=UNITS[unit][3])
        word = strip_accents(word) if unaccented else word
        out = list(tokens)
        out[ut] = apply_case(tokens[ut], word) + " " + tokens[ut].lower()
        return "".join(out)


def _taken_numbers(state: DocumentState) -> frozenset[int]:
    return numbers_in(state.originals)


def _stated_years(state: DocumentState) -> frozenset[int]:
    return years_in(state.originals)


def _agree_unit(word: str, singular: bool) -> str:
    """The unit noun in the number the new value needs ("mes" → "meses"); abbreviations are left alone."""
    key = fold(word)
    found = FORMS.get(key)
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
