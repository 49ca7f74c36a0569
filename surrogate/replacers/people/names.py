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
"""
from __future__ import annotations

import dataclasses
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from gazetteers.sampler import ExhaustedError, Sampler
from gazetteers.sex import SexLookup
from gazetteers.text import fold

from ...rng import keyed_rng
from ...leak_guard import words_of
from ...textcase import apply_case, case_pattern, mimic
from ..base import CannotReplace, DocumentState, Replacer, SpanContext
from .accents import ROLES, accent_votes, draw_style, group_style, other_role
from .parse import GIVEN, SURNAME, ParsedName, Unit, parse_name, person_words, reassign_roles
from .origin import SPANISH, draw_origins
from .pools import MIN_SHARE, NamePools
from .tokens import ABBREVIATIONS, HONORIFIC_LETTERS, HONORIFICS, reads_as_honorific, token_key
from .sex import honorific_before, patient_context, person_sex
from ..registry import register

_FIELD_BEFORE = re.compile(
    r"(nombre\s+y\s+apellidos?|apellidos?\s*,?\s+y?\s*nombre|apellidos?|nombre)\s*:\s*$", re.IGNORECASE
)
_WORD_OF_SPAN = re.compile(r"[^\W\d_]{2,}")
_UPPER_LETTERS = "ABCDEFGHIJKLMNOPRSTUVZ"
# Census surnames that are honorifics too ("Doña", "Don"): drawn first in "GARCÍA, Juan" they read as a title
_HONORIFIC_WORDS = frozenset(HONORIFICS)


def field_hint(text: str, start: int) -> str:
    """"surname" after ``Apellidos:``, "given" after ``Nombre:``, else ""."""
    line_start = text.rfind("\n", 0, start) + 1
    m = _FIELD_BEFORE.search(text[max(line_start, start - 40) : start])
    if not m:
        return ""
    label = fold(m.group(1))
    if "nombre" in label and "apellido" in label:
        return ""
    return SURNAME if "apellido" in label else GIVEN


@dataclass
class _Mention:
    parsed: ParsedName
    patient: bool
    context: tuple[str, int] | None  # (sex, strength) from an honorific right before the span
    sex: str = ""
    person: int = -1
    origin: str = SPANISH


class _DocMemo:
    """What the replacer remembers about one document (lives in ``state.memo_for("person_name")``)."""

    def __init__(self) -> None:
        self.mentions: dict[tuple[str, int], _Mention] = {}
        self.person_given: dict[int, list[str]] = {}
        self.roles: dict[str, str] = {}
        #: accents dropped, by (patient or not, role): from the names' evidence, drawn when they show none
        self.plain: dict[tuple[bool, str], bool | None] = {(g, r): None for g in (True, False) for r in ROLES}
        self.tokens: dict[tuple, str] = {}
        self.exclude: set[str] = set()
        self.surname_origin: dict[str, str] = {}  # folded surname word of a person → the person's origin

    def fresh_copy(self) -> "_DocMemo":
        """The analysis with fresh per-run state: draws (tokens, sexes) start empty, parses are shared."""
        new = _DocMemo()
        new.mentions = {k: dataclasses.replace(m, sex="", origin=SPANISH) for k, m in self.mentions.items()}
        new.person_given = {k: list(v) for k, v in self.person_given.items()}
        new.roles = dict(self.roles)
        new.plain = dict(self.plain)
        new.exclude = set(self.exclude)
        return new


@register
class PersonNameReplacer(Replacer):
    kind = "person_name"
    kept_words = words_of("san santa sor fray don doña")  # titles a name keeps

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self._pools: NamePools | None = None
        self._sex: SexLookup | None = None

    # -- lazy census ---------------------------------------------------------------------------------
    @property
    def pools(self) -> NamePools:
        if self._pools is None:
            self._pools = NamePools.of(
                self.gazetteers, self.config.top_k, float(self.options.get("min_name_share", MIN_SHARE)))
        return self._pools

    @property
    def sex_lookup(self) -> SexLookup:
        if self._sex is None:
            self._sex = SexLookup.of(self.gazetteers["first_names"])
        return self._sex

    # -- the document pass -----------------------------------------------------------------------------
    def begin_document(self, state: DocumentState, rng: np.random.Generator) -> None:
        memo = state.analysis(self.kind, self._analyse).fresh_copy()  # ×N copies of one document: parse once
        state.memo_for(self.kind)["doc"] = memo
        if memo.mentions:
            self._decide_sex(memo, state, rng)
            if not self.config.key:  # keyed mode draws every token on its own: Spanish names only
                share = self.options.get("foreign_name_share")
                draw_origins(memo.mentions.values(), self.pools, rng, memo.surname_origin,
                             None if share is None else float(share))
            self._draw_accent_style(memo, rng)

    def _analyse(self, state: DocumentState) -> _DocMemo:
        """What depends on the document alone (no draws): mentions, roles, persons and accent style."""
        memo = _DocMemo()
        doc = state.document
        for sp in doc.spans:  # no surrogate token may reproduce a name-like word of any original span
            memo.exclude.update(fold(w) for w in _WORD_OF_SPAN.findall(doc.span_text(sp)))

        found: list[tuple[tuple[str, int], str, str, bool]] = []
        for sp in doc.spans:
            spec = state.schema.spec(sp.label)
            if spec is None or spec.kind != self.kind:
                continue
            patient = spec.options.get("role") == "patient"
            for s, e in sp.fragments:
                if e > s:
                    found.append(((sp.id, s), doc.text[s:e], field_hint(doc.text, s), patient))
        if not found:
            return memo
        pools = self.pools
        # Pass 1: roles that multi-word names (and "Apellidos:" fields) make clear.
        votes: dict[str, Counter] = defaultdict(Counter)
        first_pass = [parse_name(text, pools, hint=hint) for _, text, hint, _ in found]
        for parsed in first_pass:
            if len(parsed.units) >= 2 or parsed.hint:
                for u in parsed.units:
                    if not u.is_initial and not u.particle:
                        for i in u.parts:
                            votes[fold(parsed.pieces[i].text)][u.role] += 1
        memo.roles = {w: c.most_common(1)[0][0] for w, c in votes.items() if len(c) == 1}
        # Pass 2: parse every mention with the document's roles.
        for (key, _, _, patient), parsed in zip(found, first_pass):
            reassign_roles(parsed, pools, memo.roles)
            memo.mentions[key] = _Mention(parsed, patient, honorific_before(doc.text[max(0, key[1] - 12) : key[1]]))
        self._group_persons(memo)
        self._accent_style(memo)
        return memo

    def _group_persons(self, memo: _DocMemo) -> None:
        """Union mentions of one person: all patient mentions; others that share a surname with compatible
        given names, or a lone given name / surname that matches a fuller mention."""
        keys = list(memo.mentions)
        parent = {k: k for k in keys}

        def find(k):
            while parent[k] != k:
                parent[k] = parent[parent[k]]
                k = parent[k]
            return k

        def union(a, b):
            parent[find(a)] = find(b)

        patients = [k for k in keys if memo.mentions[k].patient]
        for k in patients[1:]:
            union(k, patients[0])
        others = [k for k in keys if not memo.mentions[k].patient]
        info = {k: (set(memo.mentions[k].parsed.words(SURNAME)), memo.mentions[k].parsed.words(GIVEN)) for k in others}
        for i, a in enumerate(others):
            sa, ga = info[a]
            for b in others[i + 1 :]:
                sb, gb = info[b]
                givens_agree = not ga or not gb or ga[0] == gb[0]
                if (sa & sb and givens_agree) or ((not sa or not sb) and ga and gb and ga[0] == gb[0]):
                    union(a, b)
        ids: dict[tuple[str, int], int] = {}
        for k in keys:
            person = ids.setdefault(find(k), len(ids))
            memo.mentions[k].person = person
            givens = memo.person_given.setdefault(person, [])
            givens.extend(w for w in memo.mentions[k].parsed.words(GIVEN) if w not in givens)

    def _decide_sex(self, memo: _DocMemo, state: DocumentState, rng: np.random.Generator) -> None:
        """Each person's sex: read from the document once per content (``_sex_plan``); a person the document
        leaves undecided draws one, in person order, on every apply."""
        for keys, sex, names in state.analysis("person_name:sex", lambda st: self._sex_plan(memo, st)):
            if not sex:
                draw_rng = keyed_rng(self.config.key, "person_name:sex", names) if self.config.key else rng
                sex = "F" if draw_rng.random() < 0.5 else "M"
            for k in keys:
                memo.mentions[k].sex = sex

    def _sex_plan(self, memo: _DocMemo, state: DocumentState) -> list[tuple[tuple, str, str]]:
        doc = state.document
        patient_ctx: Counter = Counter()
        if any(m.patient for m in memo.mentions.values()):
            patient_ctx = patient_context(doc.text, [doc.span_text(sp) for sp in state.spans_of_kind("sex")])
        by_person: dict[int, list[tuple]] = defaultdict(list)
        for k, m in memo.mentions.items():
            by_person[m.person].append(k)
        return [(tuple(keys), *person_sex([memo.mentions[k] for k in keys], patient_ctx, self._census_sex,
                                          self.options.get("sex_priority", "census")))
                for _, keys in sorted(by_person.items())]

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
            sex = self.sex_lookup.sex_of(text)
            return [sex] if sex else []
        return []

    def _accent_style(self, memo: _DocMemo) -> None:
        votes: dict[tuple[bool, str], list[bool]] = {k: [] for k in memo.plain}
        for m in memo.mentions.values():
            for role, v in accent_votes(self.pools, m.parsed).items():
                votes[(m.patient, role)].extend(v)
        for key, v in votes.items():
            memo.plain[key] = group_style(v)

    def _draw_accent_style(self, memo: _DocMemo, rng: np.random.Generator) -> None:
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
                memo.plain[(group, role)] = draw_style(group, role, shown[(group, other_role(role))], draw_rng)

    # -- one span ------------------------------------------------------------------------------------
    def replace(self, original: str, ctx: SpanContext) -> str:
        memo_root = ctx.state.memo_for(self.kind)
        memo: _DocMemo = memo_root.setdefault("doc", _DocMemo())
        hints = ctx.state.sex_hints
        mention = memo.mentions.get((ctx.span.id, ctx.start))
        if mention is not None and mention.parsed.original == original:
            parsed, sex, person, patient = mention.parsed, mention.sex, mention.person, mention.patient
            origin = mention.origin
        else:  # a name inside another span (kinship delegates "madre Teresa Rodriguez")
            parsed = parse_name(original, self.pools, doc_roles=memo.roles)
            memo.exclude.update(fold(w) for w in _WORD_OF_SPAN.findall(original))
            sex = hints.get(original) or parsed.honorific_sex or next(iter(self._census_sex(parsed)), "")
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
        plain = self._plain(parsed, patient, memo, ctx)
        unit_of = parsed.unit_of_piece()
        # the first word or initial after any honorifics: an initial there must not read as one ("D.")
        leading = next((i for i, p in enumerate(parsed.pieces) if p.kind in ("word", "initial")), -1)
        out: list[str] = []
        for idx, piece in enumerate(parsed.pieces):
            if piece.kind == "word":
                unit = unit_of[idx]
                new = self._word(piece.text, unit, unit.parts.index(idx), sex, ctx, memo, origin)
                out.append(mimic(piece.text, new) if plain.get(unit.role, False) else apply_case(piece.text, new))
            elif piece.kind == "initial":
                out.append(self._initial(piece.text, unit_of[idx], sex, person, ctx, memo, leading=idx == leading,
                                         origin=origin))
            elif piece.kind == "digits":
                out.append("".join(str(d) for d in self._rng(ctx, "digits", piece.text).integers(0, 10, len(piece.text))))
            else:
                out.append(piece.text)
        new = "".join(out)
        if fold(new) == fold(original):
            raise CannotReplace("nothing in the name could be replaced")
        return new

    def _plain(self, parsed: ParsedName, patient: bool, memo: _DocMemo, ctx: SpanContext) -> dict[str, bool]:
        """Whether the span's given names / surnames drop their accents: the span's own words decide (a tie
        follows the first), else the document's style for the group and role."""
        out = {}
        for role, votes in accent_votes(self.pools, parsed).items():
            plain = Counter(votes).most_common(1)[0][0] if votes else memo.plain.get((patient, role))
            if plain is None:  # a name inside another span in a document whose group shows no style
                other = memo.plain.get((patient, other_role(role)))
                plain = memo.plain[(patient, role)] = draw_style(patient, role, other, self._rng(ctx, "accents", role))
            out[role] = plain
        return out

    # -- tokens ----------------------------------------------------------------------------------------
    def _rng(self, ctx: SpanContext, *parts: str) -> np.random.Generator:
        if self.config.key:
            return keyed_rng(self.config.key, "person_name", "\x1f".join(parts))
        return ctx.rng

    def _word(self, word: str, unit: Unit, part: int, sex: str, ctx: SpanContext, memo: _DocMemo,
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
        if found is None:
            # Keyed mode excludes only this span's words, so the draw is the same in every document;
            # otherwise every name word of the document and every surrogate already used is excluded.
            exclude = {fold(w) for w in _WORD_OF_SPAN.findall(ctx.text[ctx.start:ctx.end])} if self.config.key \
                else memo.exclude
            rng = self._rng(ctx, *map(str, key))
            banned = exclude | {key_word} | _HONORIFIC_WORDS
            found = self._draw(samplers, rng, banned)
            # a typo's mixed case ("VIdal") cannot show on a two-letter name: "Xu" reads as Title, "XU" as an acronym
            for _ in range(8 if case_pattern(word) == "mixed" else 0):
                if sum(c.isalpha() for c in found) > 2:
                    break
                banned = banned | {fold(found)}
                found = self._draw(samplers, rng, banned)
            memo.tokens[key] = found
            memo.exclude.add(fold(found))
        return found

    def _draw_compounds(self, parsed: ParsedName, sex: str, ctx: SpanContext, memo: _DocMemo) -> None:
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
                        parts = sampler.draw(rng, exclude=memo.exclude).split()
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
                return sampler.draw(rng, exclude=exclude)
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

    def _initial(self, text: str, unit: Unit, sex: str, person: int, ctx: SpanContext, memo: _DocMemo,
                 leading: bool = False, origin: str = SPANISH) -> str:
        """Other capital letters in the same shape: ``J.`` → ``P.``, ``Mª`` → ``Aª``, ``JG`` → ``MR``.

        A given-name initial of a person whose full given name also occurs takes that name's surrogate's
        initial ("J. García" after "Juan García" → "P. López" if Juan became Pedro). An initial that leads
        the name never reads as an honorific ("J. Castro" → "D. Palomo" would read as Don Palomo): its
        first letter is then drawn again among the letters no honorific starts with."""
        out = []
        letters = [i for i, c in enumerate(text) if c.isupper()] or [0]
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

