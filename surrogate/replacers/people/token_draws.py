"""One name token's surrogate, drawn through the document's token map (``DocMemo.tokens``), so that a token
gets one surrogate per document whatever its case ("GARCÍA", "García", "Dr. García").

- a word: a census draw of its role (a given name of the person's sex; a surname weighted for its first or
  second position), of the family's origin, or of a particle's kind of tail ("de la Torre" → "de la Fuente");
  a nickname or hypocorism gets one of its new name; never a word of the document's original names;
- two given names in a row ("María José") become a compound of the census ("Ana Isabel");
- an initial: other capital letters in the same shape, the initial of the full name's surrogate where the
  person's full given name occurs too, never a letter that reads as an honorific where it leads the name;
- a conventional abbreviation ("Fco.", "Fdez.") another of its kind ("Ant.", "Glez.").

:class:`TokenDraws` is a mixin of :class:`~.names.PersonNameReplacer`, which renders a span piece by piece
with it.
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from gazetteers.sampler import ExhaustedError, Sampler
from gazetteers.text import fold

from ...config import EngineConfig
from ...rng import keyed_rng
from ...textcase import apply_case, case_pattern
from ..base import CannotReplace, SpanContext
from .mentions import NAME_WORD, DocMemo
from .nicknames import nickname_surrogate, nicknamed, with_hypocorism
from .origin import SPANISH
from .parse import GIVEN, ParsedName, Unit
from .pools import NamePools
from .tokens import HONORIFIC_LETTERS, HONORIFICS, reads_as_honorific, token_key

_UPPER_LETTERS = "ABCDEFGHIJKLMNOPRSTUVZ"
#: dotted given-name abbreviations that stand in for each other ("Fco. Javier" came out "Jco. Pablo": a new
#: capital on the same letters reads as no name)
_DOTTED_ABBREVIATIONS = {"fco": "Ant", "ant": "Fco"}
#: conventional surname abbreviations, by surname: another stands in ("Fdez. Carrasco" came out "Canales. Liñán")
_SURNAME_ABBREVIATIONS = {"fdez": "fernandez", "fdz": "fernandez", "glez": "gonzalez", "gzlez": "gonzalez",
                          "hdez": "hernandez", "hdz": "hernandez", "rguez": "rodriguez", "rodz": "rodriguez",
                          "rdguez": "rodriguez", "mtnez": "martinez", "mnez": "martinez", "gtez": "gutierrez",
                          "dguez": "dominguez", "gª": "garcia", "g.ª": "garcia"}
_SURNAME_ABBREVIATION_FORMS = ("Fdez", "Glez", "Hdez", "Rguez", "Mtnez", "Gtez", "Dguez")
# Census surnames that are honorifics too ("Doña", "Don"): drawn first in "GARCÍA, Juan" they read as a title
_HONORIFIC_WORDS = frozenset(fold(h) for h in HONORIFICS)  # folded: draws take the set as it is


class TokenDraws:
    """The token draws of :class:`~.names.PersonNameReplacer` (a mixin: it needs the replacer's census pools
    and config)."""

    pools: NamePools
    config: EngineConfig

    def _rng(self, ctx: SpanContext, *parts: str) -> np.random.Generator:
        if self.config.key:
            return keyed_rng(self.config.key, "person_name", "\x1f".join(parts))
        return ctx.rng

    def _word(self, word: str, unit: Unit, part: int, sex: str, ctx: SpanContext, memo: DocMemo,
              origin: str = SPANISH) -> str:
        key_word = fold(word)
        pools = self.pools
        if origin != SPANISH and not unit.particle:  # a foreign family: every token of its origin
            if unit.role == GIVEN:
                key = ("g", key_word, sex, origin)
                samplers = [pools.given_origin_pool.get((sex, origin)), pools.given.get(sex)]
            else:
                key = ("s", key_word, origin)
                samplers = [pools.surname_origin_pool.get(origin), pools.surname_first]
        elif unit.role == GIVEN:
            if unit.particle:
                key = ("gt", unit.particle, key_word, sex)
                samplers = [pools.given_tail.get((unit.particle, sex)), pools.given.get(sex)]
            else:
                key = ("g", key_word, sex)
                samplers = [pools.given.get(sex), pools.given.get("")]
        else:
            position = unit.position + part
            if unit.particle:
                key = ("st", unit.particle, key_word)
                samplers = [pools.surname_tail.get(unit.particle), pools.surname_first]
            else:
                key = ("s", key_word)
                samplers = [pools.surname_first if position == 0 else pools.surname_second, pools.surname_first]
        found = memo.tokens.get(key)
        if found is None and key[0] == "g" and len(key) == 3 and not self.config.key:
            found = nickname_surrogate(key_word, sex, memo, lambda full: self._word(full, unit, 0, sex, ctx, memo), ctx.rng)
            if found is not None:
                memo.tokens[key] = found
                memo.exclude.add(fold(found))
        if found is None:
            # Keyed mode excludes only this span's words, so the draw is the same in every document;
            # otherwise every name word of the document and every surrogate already used is excluded.
            exclude = {fold(w) for w in NAME_WORD.findall(ctx.text[ctx.start:ctx.end])} if self.config.key \
                else memo.exclude
            rng = self._rng(ctx, *map(str, key))
            banned = exclude | {key_word} | _HONORIFIC_WORDS
            found = self._draw(samplers, rng, banned)
            if key[0] == "g" and len(key) == 3 and not self.config.key and nicknamed(key_word, sex, memo.originals):
                found = with_hypocorism(found, sex, lambda more: self._draw(samplers, rng, banned | more))
            # a typo's mixed case ("VIdal") cannot show on a two-letter name: "Xu" reads as Title, "XU" as an acronym
            for _ in range(8 if case_pattern(word) == "mixed" else 0):
                if sum(c.isalpha() for c in found) > 2:
                    break
                banned = banned | {fold(found)}
                found = self._draw(samplers, rng, banned)
            memo.tokens[key] = found
            memo.exclude.add(fold(found))
        return found

    def _draw_compounds(self, parsed: ParsedName, sex: str, ctx: SpanContext, memo: DocMemo) -> None:
        """Two given names in a row ("María José") become a compound of the census ("Ana Isabel") when
        neither has a surrogate yet; otherwise each is drawn on its own."""
        sampler = self.pools.compound.get(sex)
        if sampler is None:
            return
        run: list[str] = []
        for u in parsed.units + [Unit([], role="")]:
            simple = u.role == GIVEN and not u.particle and not u.is_initial and len(u.parts) == 1
            if simple:
                run.append(fold(parsed.pieces[u.parts[0]].text))
                continue
            if len(run) == 2 and run[0] != run[1] and not any(("g", w, sex) in memo.tokens for w in run):
                rng = self._rng(ctx, "compound", *run, sex)
                for _ in range(8):
                    try:
                        parts = sampler.draw(rng, exclude=memo.exclude, folded=True).split()
                    except ExhaustedError:
                        break
                    if len(parts) == 2 and not ({fold(p) for p in parts} & (memo.exclude | set(run))):
                        for w, p in zip(run, parts):
                            memo.tokens[("g", w, sex)] = p
                            memo.exclude.add(fold(p))
                        break
            run = []

    @staticmethod
    def _draw(samplers: Iterable[Sampler | None], rng: np.random.Generator, exclude: set[str]) -> str:
        for sampler in samplers:
            if sampler is None:
                continue
            try:
                return sampler.draw(rng, exclude=exclude, folded=True)
            except ExhaustedError:
                continue
        raise CannotReplace("no census value left to draw")

    def _draw_letter(self, unit: Unit, sex: str, rng: np.random.Generator, exclude: list[str]) -> str:
        """A capital initial of the unit's role (census-weighted) that is none of ``exclude``."""
        sampler = self.pools.given_initial.get(sex) if unit.role == GIVEN else self.pools.surname_initial
        if sampler is None:
            sampler = Sampler(list(_UPPER_LETTERS))
        try:
            return sampler.draw(rng, exclude=exclude)
        except ExhaustedError:
            banned = {fold(c).upper() for c in exclude}
            return next(c for c in _UPPER_LETTERS if c not in banned)

    def _initial(self, text: str, unit: Unit, sex: str, person: int, ctx: SpanContext, memo: DocMemo,
                 leading: bool = False, origin: str = SPANISH) -> str:
        """Other capital letters in the same shape: ``J.`` → ``P.``, ``Mª`` → ``Aª``, ``JG`` → ``MR``.

        A given-name initial of a person whose full given name also occurs takes that name's surrogate's
        initial ("J. García" after "Juan García" → "P. López" if Juan became Pedro). An initial that leads
        the name never reads as an honorific ("J. Castro" → "D. Palomo" would read as Don Palomo): its
        first letter is then drawn again among the letters no honorific starts with."""
        conventional = _conventional(text)
        if conventional is not None:
            return conventional
        out = []
        # each capital is an initial; initials typed in lower case ("mgo", "j.") are each of their letters
        letters = [i for i, c in enumerate(text) if c.isupper()] or [i for i, c in enumerate(text)
                                                                      if c.lower() != c.upper()] or [0]
        givens = memo.person_given.get(person, [])
        for n, i in enumerate(letters):
            original = text[i]
            letter = None
            if unit.role == GIVEN and n == 0 and len(letters) == 1:
                full = next((w for w in givens if w[:1] == fold(original)), None)
                if full is not None:
                    surrogate = self._word(full, Unit([0], role=GIVEN), 0, sex, ctx, memo, origin)
                    if fold(surrogate[:1]) != fold(original):
                        letter = fold(surrogate[:1]).upper()
            if letter is None:
                key = ("i", unit.role, fold(original), sex if unit.role == GIVEN else "")
                letter = memo.tokens.get(key)
                if letter is None:
                    letter = self._draw_letter(unit, sex, self._rng(ctx, *key), [original])
                    memo.tokens[key] = letter
            out.append((i, letter if original.isupper() else letter.lower()))
        chars = list(text)
        for i, letter in out:
            chars[i] = letter
        if leading and reads_as_honorific("".join(chars)):
            first = letters[0]
            key = ("i-lead", unit.role, fold(text[first]), sex if unit.role == GIVEN else "")
            letter = memo.tokens.get(key)
            if letter is None:
                letter = self._draw_letter(unit, sex, self._rng(ctx, *key), [text[first], *HONORIFIC_LETTERS])
                memo.tokens[key] = letter
            chars[first] = letter if text[first].isupper() else letter.lower()
        return "".join(chars)

    def _surname_abbreviation(self, pieces: list, idx: int, ctx: SpanContext, memo: DocMemo) -> str | None:
        """Another conventional abbreviation, of another surname, for a surname's ("Fdez." -> "Glez."), or None."""
        text = pieces[idx].text
        key = token_key(text)
        full = _SURNAME_ABBREVIATIONS.get(key)
        dotted = idx + 1 < len(pieces) and pieces[idx + 1].text.startswith(".")
        if full is None or not (dotted or "ª" in key) or not text[:1].isupper():
            return None
        found = memo.tokens.get(("sa", key))
        if found is None:
            forms = [f for f in _SURNAME_ABBREVIATION_FORMS if _SURNAME_ABBREVIATIONS[fold(f)] != full
                     and fold(f) not in memo.exclude] or [f for f in _SURNAME_ABBREVIATION_FORMS
                                                          if _SURNAME_ABBREVIATIONS[fold(f)] != full]
            found = memo.tokens[("sa", key)] = forms[int(self._rng(ctx, "sa", key).integers(len(forms)))]
        return apply_case(text, found) + ("" if dotted else ".")  # "Gª" has no dot: the new one brings its own


def _conventional(text: str) -> str | None:
    """A dotted given-name abbreviation ("Fco.") as another of its sex ("Ant."), or None (initials: "J.", "Mª")."""
    other = _DOTTED_ABBREVIATIONS.get(token_key(text))
    if other is not None:
        return apply_case(text, other)
    return None
