"""Person names: token by token, keeping structure, sex, case, accents and consistency in the document.

Policy (docs/replacers/people.md):
- each given name / surname token becomes another frequency-weighted census draw of the same role (a given
  name of the person's sex; a surname weighted for its first or second position); particles, honorifics and
  separators stay; initials become other initials of the same shape; a particle keeps its kind of tail
  ("de la Torre" → "de la Fuente", "María del Carmen" → "Ana del Pilar");
- one token map per document (folded token + role), so "GARCÍA", "García" and "Dr. García" share a surrogate
  and "Inés Contreras" reuses the parts of "Inés Contreras Saenz";
- one sex per person: mentions are grouped into persons before any is replaced, and the sex comes from the
  context (the patient's sex annotation or ``Sexo:`` field, honorifics, "la paciente") before the census;
- one origin per family (persons who share a surname): the given name and both surnames come from one origin
  (:mod:`.origin`), foreign with the share fitted on the corpus, so no "Zheng Morales";
- no drawn token equals any name token of the document's original spans.

This module holds the replacer: the document pass (each person's sex, each family's origin, the accent style of
a group's names) and one span rendered piece by piece. What the document says of its people, before any draw,
is :mod:`.mentions`; each token's draw through the token map is :mod:`.token_draws`.
"""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

import numpy as np

from gazetteers.sex import SexLookup
from gazetteers.text import fold

from ...leak_guard import words_of
from ...rng import keyed_rng
from ...textcase import apply_case, mimic
from ..base import CannotReplace, DocumentState, Replacer, SpanContext
from ..registry import register
from .accents import ROLES, accent_votes, draw_style, other_role
from .logins import camel, login_surrogate, read_camel, read_login
from .mentions import (
    NAME_WORD,
    DocMemo,
    analyse_names,
    field_hint,
    original_words,
    sex_plan,
)
from .nicknames import hypocorism_sex
from .origin import SPANISH, draw_origins, families, foreign_share
from .parse import (
    GIVEN,
    SURNAME,
    ParseCache,
    ParsedName,
    diminutive_of,
    parse_name,
    person_words,
)
from .pools import MIN_SHARE, NamePools
from .token_draws import TokenDraws
from .tokens import (
    ABBREVIATIONS,
    ARTICLES,
    CONJUNCTIONS,
    HONORIFICS,
    PARTICLES,
    token_key,
)

#: the abbreviations of María (Mª, M.ª, typewriter M.a, Mº): kept beside other name words, which are replaced
_MARIA = frozenset({"mª", "m.ª", "m.a", "mº"})


class _Census(NamedTuple):
    """Per document, draw-free (``PersonNameReplacer._census``): by mention key, its census sex and accent votes."""

    own: dict[tuple[str, int], list[str]]
    split: frozenset[int]  # persons whose mentions name census given names of both sexes
    votes: dict[tuple[str, int], dict[str, list[bool]]]


#: redraws of a span whose surrogate spelt a whole name of another document of the corpus (``NamePrior``)
_CORPUS_NAME_REDRAWS = 3


@register
class PersonNameReplacer(TokenDraws, Replacer):
    kind = "person_name"
    # titles a name keeps, every honorific included ("Dª" was masked: its fold is "da"), and its particles,
    # articles and conjunctions ("van der Berg" came out "XXX XXX Steen")
    kept_words = words_of("san santa sor fray don doña", HONORIFICS, PARTICLES, ARTICLES, CONJUNCTIONS)

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self._pools: NamePools | None = None
        self._parses: ParseCache | None = None

    # -- lazy census ---------------------------------------------------------------------------------
    @property
    def pools(self) -> NamePools:
        if self._pools is None:
            self._pools = NamePools.of(self.gazetteers, self.config.top_k,
                                       float(self.options.get("min_name_share", MIN_SHARE)), self.config.name_prior)
        return self._pools

    @property
    def parses(self) -> ParseCache:
        """First-pass parses of the names this engine has seen (names recur across documents)."""
        if self._parses is None:
            self._parses = ParseCache(self.pools)
        return self._parses

    @property
    def sex_lookup(self) -> SexLookup:
        return self.pools.sex

    # -- the document pass -----------------------------------------------------------------------------
    def begin_document(self, state: DocumentState, rng: np.random.Generator) -> None:
        # ×N copies of one document: parse once
        memo = state.analysis(self.kind, lambda st: analyse_names(st, self.kind, lambda: self.pools,
                                                                  lambda: self.parses)).fresh_copy()
        state.memo_for(self.kind)["doc"] = memo
        if memo.mentions:
            self._decide_sex(memo, state, rng)
            if not self.config.key:  # keyed mode draws every token on its own: Spanish names only
                share = self.options.get("foreign_name_share")
                draw_origins(memo.mentions.values(), self.pools, rng, memo.surname_origin,
                             foreign_share(self.fitted) if share is None else float(share),
                             state.analysis("person_name:families", lambda _: families(memo.mentions.values())))
            self._draw_accent_style(memo, rng)

    def _decide_sex(self, memo: DocMemo, state: DocumentState, rng: np.random.Generator) -> None:
        """Each person's sex: read from the document once per content (``_sex_plan``); a person the document
        leaves undecided draws one, in person order, on every apply."""
        priority = self.options.get("sex_priority", "census")
        for keys, sex, names in state.analysis("person_name:sex",
                                               lambda st: sex_plan(memo, st, self._census_sex, priority)):
            if not sex:
                draw_rng = keyed_rng(self.config.key, "person_name:sex", names) if self.config.key else rng
                sex = "F" if draw_rng.random() < 0.5 else "M"
            for k in keys:
                memo.mentions[k].sex = sex

    def _census_sex(self, parsed: ParsedName) -> list[str]:
        """Census sex of a mention: its first given name, or a given-name abbreviation (``Mª``)."""
        for u in parsed.units:
            if u.role != GIVEN:
                continue
            text = parsed.pieces[u.parts[0]].text
            if u.is_initial:
                abbr = ABBREVIATIONS.get(token_key(text))
                if abbr:
                    return [abbr[1]]
                continue
            sex = (self.sex_lookup.sex_of(text) or self.sex_lookup.sex_of(diminutive_of(text, self.pools) or "")
                   or hypocorism_sex(text))  # "Mari Paz": the census knows "Mari" as a surname only
            return [sex] if sex else []
        return []

    def _census(self, memo: DocMemo) -> _Census:
        """Each mention's census sex and accent votes, and the persons whose mentions carry census-known given
        names of both sexes: draw-free, kept per document (``state.analysis``)."""
        own = {k: self._census_sex(m.parsed) for k, m in memo.mentions.items()}
        sexes: dict[int, set[str]] = {}
        for k, m in memo.mentions.items():
            sexes.setdefault(m.person, set()).update(own[k])
        votes = {k: accent_votes(self.pools, m.parsed) for k, m in memo.mentions.items()}
        return _Census(own, frozenset(p for p, found in sexes.items() if len(found) > 1), votes)

    def _draw_accent_style(self, memo: DocMemo, rng: np.random.Generator) -> None:
        """A (group, role) whose names show no accent style draws one with the share fitted for it given the
        other role's style as the document shows it."""
        shown = dict(memo.plain)
        for group in (True, False):
            mentions = [m for m in memo.mentions.values() if m.patient == group]
            if not mentions:
                continue
            names = person_words(m.parsed for m in mentions) if self.config.key else ""
            for role in ROLES:
                if shown[(group, role)] is not None:
                    continue
                draw_rng = rng
                if self.config.key:  # the same names draw the same style in every document
                    draw_rng = keyed_rng(self.config.key, "person_name:accents", f"{group}\x1f{role}\x1f{names}")
                memo.plain[(group, role)] = draw_style(group, role, shown[(group, other_role(role))], draw_rng,
                                                      self.fitted)

    # -- one span ------------------------------------------------------------------------------------
    def replace(self, original: str, ctx: SpanContext) -> str:
        memo_root = ctx.state.memo_for(self.kind)
        memo: DocMemo | None = memo_root.get("doc")
        if memo is None:  # not built per span: ``begin_document`` has set it
            memo = memo_root["doc"] = DocMemo()  # no person-name span: a name inside another (kinship) span
            memo.exclude.update(original_words(ctx.state.document))
            memo.originals = frozenset(memo.exclude)
        hints = ctx.state.sex_hints
        mention = memo.mentions.get((ctx.span.id, ctx.start))
        if (login := read_login(original, self.pools)) is not None:  # "acabellof": the surrogate person's
            return login_surrogate(self, login, ctx, memo)
        if (login := read_camel(original, self.pools)) is not None:  # "MPuig" came out "MOret"
            return camel(login_surrogate(self, login, ctx, memo), bool(login[2]))
        votes = None
        if mention is not None and mention.parsed.original == original:
            parsed, sex, person, patient = mention.parsed, mention.sex, mention.person, mention.patient
            origin = mention.origin
            census = ctx.state.analysis("person_name:census", lambda _: self._census(memo))
            own, votes = census.own[(ctx.span.id, ctx.start)], census.votes[(ctx.span.id, ctx.start)]
            if own and own[0] != sex and not parsed.honorific_sex and not mention.context \
                    and person in census.split:
                # the person's mentions name given names of both sexes: several people merged (three patients
                # in one table: "Amparo Soler Climent" came out "Roberto Sivianes Mas"); each keeps its own
                sex = own[0]
        else:  # a name inside another span (kinship delegates "madre Teresa Rodriguez")
            hint = field_hint(ctx.text, ctx.start, ctx.end) if ctx.text[ctx.start:ctx.end] == original else ""
            if not hint and original in ctx.state.given_names:
                hint = GIVEN  # "su hijo Pelayo"
            parsed = parse_name(original, self.pools, hint=hint, doc_roles=memo.roles)  # "Josele" in quotes
            memo.exclude.update(fold(w) for w in NAME_WORD.findall(original))
            sex = hints.get(original) or parsed.honorific_sex or next(iter(self._census_sex(parsed)), "") \
                or next((hs for w in parsed.words(GIVEN) if (hs := hypocorism_sex(w))), "")  # "Moncho", "Mari Carmen"
            if not sex:
                sex = "F" if self._rng(ctx, "sex", original).random() < 0.5 else "M"
            person, patient = -1, False
            # a name inside another span joins the family of a surname it shares ("madre Wang Li")
            origin = next((memo.surname_origin[fold(w)] for w in parsed.words(SURNAME) if fold(w) in memo.surname_origin),
                          SPANISH)
        if not parsed.units:
            raise CannotReplace("no name token to replace")

        if not self.config.key and origin == SPANISH:  # keyed mode: a token's surrogate depends on it alone
            self._draw_compounds(parsed, sex, ctx, memo)
        plain = self._plain(parsed, patient, memo, ctx, votes)
        prior = self.config.name_prior
        known = len(memo.tokens)  # the token map only grows here: what this span draws comes after these
        new = self._render(parsed, sex, person, origin, plain, ctx, memo)
        for _ in range(_CORPUS_NAME_REDRAWS if prior is not None else 0):
            if not self._spells_corpus_name(new):
                break
            # the draw spelt a whole name of another document: redraw the words this span drew, never those
            # the document's other mentions already use
            drawn = list(memo.tokens)[known:]
            if not drawn:
                break
            for k in drawn:
                del memo.tokens[k]
            new = self._render(parsed, sex, person, origin, plain, ctx, memo)
        if fold(new) == fold(original):
            raise CannotReplace("nothing in the name could be replaced")
        if prior is not None and self._spells_corpus_name(new):
            raise CannotReplace("the draw is a name of another document of the corpus")
        return new

    def _spells_corpus_name(self, new: str) -> bool:
        """``new`` is a whole name of another document of the corpus, surname included (a compound given name
        such as "José Luis" names no one)."""
        if not self.config.name_prior.is_corpus_name(new):
            return False
        return any((self.pools.given_probability(w) or 0.0) < 0.5 for w in NAME_WORD.findall(new)
                   if fold(w) not in self.kept_words)

    def _render(self, parsed: ParsedName, sex: str, person: int, origin: str, plain: dict[str, bool],
                ctx: SpanContext, memo: DocMemo) -> str:
        """The span's surrogate, piece by piece, through the document's token map."""
        unit_of = parsed.unit_of_piece()
        # the first word or initial after any honorifics: an initial there must not read as one ("D.")
        leading = next((i for i, p in enumerate(parsed.pieces) if p.kind in ("word", "initial")), -1)
        out: list[str] = []
        kept_maria: list[tuple[int, int]] = []  # (position in out, piece index) of a kept "Mª"
        for idx, piece in enumerate(parsed.pieces):
            abbreviated = self._surname_abbreviation(parsed.pieces, idx, ctx, memo)
            if abbreviated is not None:
                out.append(abbreviated)
            elif piece.kind == "word":
                unit = unit_of[idx]
                new = self._word(piece.text, unit, unit.parts.index(idx), sex, ctx, memo, origin)
                out.append(mimic(piece.text, new) if plain.get(unit.role, False) else apply_case(piece.text, new))
            elif piece.kind == "initial" and token_key(piece.text) in _MARIA and len(parsed.units) > 1:
                kept_maria.append((len(out), idx))
                out.append(piece.text)  # "Mª José": María, the commonest given name, abbreviated; "Lª" is no name
            elif piece.kind == "initial":
                out.append(self._initial(piece.text, unit_of[idx], sex, person, ctx, memo, leading=idx == leading,
                                         origin=origin))
            elif piece.kind == "digits":
                out.append("".join(str(d) for d in self._rng(ctx, "digits", piece.text).integers(0, 10, len(piece.text))))
            else:
                out.append(piece.text)
        if kept_maria and "maria" in {fold(w) for w in out}:  # "Mª María": the abbreviation becomes Josefa's, the
            for at, idx in kept_maria:  # other given name abbreviated so ("F.ª María", "B.ª María" abbreviate none)
                text = parsed.pieces[idx].text
                out[at] = ("J" if text[0].isupper() else "j") + text[1:]
        return "".join(out)

    def _plain(self, parsed: ParsedName, patient: bool, memo: DocMemo, ctx: SpanContext,
               by_role: dict[str, list[bool]] | None = None) -> dict[str, bool]:
        """Whether the span's given names / surnames drop their accents: the span's own words decide (a tie
        follows the first), else the document's style for the group and role. ``by_role``: the parse's
        ``accent_votes``, if kept."""
        out = {}
        for role, votes in (accent_votes(self.pools, parsed) if by_role is None else by_role).items():
            plain = Counter(votes).most_common(1)[0][0] if votes else memo.plain.get((patient, role))
            if plain is None:  # a name inside another span in a document whose group shows no style
                other = memo.plain.get((patient, other_role(role)))
                plain = memo.plain[(patient, role)] = draw_style(patient, role, other, self._rng(ctx, "accents", role),
                                                                 self.fitted)
            out[role] = plain
        return out
