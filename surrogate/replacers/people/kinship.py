"""Kinship mentions (``FAMILIARES_SUJETO_ASISTENCIA``): a kinship word identifies no one, so it stays; only
the names and ages inside the mention change.

"madre" → "madre", "madre sana de 25 años" → "madre sana de 27 años" (the age goes to the age replacer),
"hija Encarna" → "hija Lucía" (the name goes to the name replacer, told the relative's sex), "65 años" alone →
the age replacer, "Juan" alone → the name replacer. A mention that would come back unchanged although it is
not bare (digits: "4 hermanos") changes its relative as ``policy = "replace"`` does.

Option ``policy`` (``EngineConfig.options["kinship"]["policy"]`` or a schema label's options): ``"keep"``
(default) or ``"replace"``: another relative of the same sex, generation and number ("madre" → "tía" or
"suegra", never "abuela"; "hermanos" → "primos"; "tío materno" → "padre"…); quantifiers and other words
("dos de los", "de primer grado") stay, adjectives that agree with the noun (materno, gemelo, primera)
follow the new noun's gender, and a lone side adjective ("antecedente materno") swaps sides. Collective
words ("familia", "familiares") stay under both policies. Anything else is refused (the engine masks it).
Policy and examples: ``docs/replacers/people.md``. The relatives are :mod:`.kinship_lexicon` (and
:mod:`.kinship_co_official`), the words that stay around them and agree with them :mod:`.kinship_words`,
ages and counts :mod:`.kinship_numbers`.
"""
from __future__ import annotations

import re

import numpy as np

from gazetteers.sampler import ExhaustedError
from gazetteers.text import fold

from ...leak_guard import STOPWORDS, words_of
from ...rng import keyed_rng
from ..base import CannotReplace, Replacer, SpanContext
from ..registry import register
from .kinship_co_official import (
    _BASQUE_CASE,
    _CO_OFFICIAL_SOCIAL,
    _CO_OFFICIAL_SPELLINGS,
    CO_OFFICIAL_WORDS,
    co_official_sex,
    is_co_official_kin,
)
from .kinship_names import RelativeNames
from .kinship_lexicon import (
    _KEPT_TERMS,
    _SIDE_WORDS,
    CHILD,
    KEPT_CLASSES,
    NON_FAMILY_WORDS,
    KinshipLexicon,
    Term,
)
from .kinship_numbers import AGE_IN, AGE_ONLY, reads_as_age, recount
from .kinship_words import (
    AGREEING,
    FORM_OF,
    KINSHIP_MODIFIERS,
    NOT_NAMES,
    OPENERS,
    STATE_WORDS,
    agree,
    other_side,
)
from .pools import NamePools
from .wording import render_noun

_WORD = re.compile(r"[^\W\d_]+")
_NAME_SPLIT = re.compile(r"\s*,\s*|\s+y\s+|\s+e\s+")

POLICIES = ("keep", "replace")



def is_bare(text: str) -> bool:
    """No digit and no capitalised word after the first: a kinship word that may stay (check_surrogates' rule)."""
    return not any(c.isdigit() for c in text) and not any(w[:1].isupper() for w in text.split()[1:])


@register
class KinshipReplacer(RelativeNames, Replacer):
    kind = "kinship"
    # never a name: modifiers, sides, counts, and the adjectives and words of a relative's state ("padre
    # fallecido hace 2 años", "abuelo materno difunto"), which were masked as copied runs
    kept_words = words_of(KINSHIP_MODIFIERS, _SIDE_WORDS, NOT_NAMES, _KEPT_TERMS, "políticos políticas familia",
                          *AGREEING.values(), STATE_WORDS)
    after = ("person_name",)  # a relative's name reuses the person map
    avoid_other_originals = False  # "madre" → "abuela" beside another "abuela" reveals no one

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self._lexicon: KinshipLexicon | None = None
        self.policy = self._checked_policy(self.options.get("policy", "keep"))

    @staticmethod
    def _checked_policy(policy: object) -> str:
        if policy not in POLICIES:
            raise ValueError(f"options.kinship.policy must be one of {', '.join(POLICIES)}, not {policy!r}")
        return str(policy)

    def may_keep(self, original: str, ctx: SpanContext) -> bool:
        """A bare mention ("madre", "su hermano mayor": no digit, no capitalised word after the first) names no
        one and may come back as it is; one with a name or a number must change."""
        return is_bare(original)

    def keeps(self, word: str) -> bool:
        return (word in self.kept_words or word in self.lexicon.words  # "medio" of a kept "medio hermano"
                or word in CO_OFFICIAL_WORDS or is_co_official_kin(word))

    def named_parts(self, original: str) -> list[str]:
        """The runs of capitalised words that are no relation, modifier or determiner ("Jaume" in "hijo Jaume",
        "Encarna Ruiz" in "su hija Encarna Ruiz"): a relative's name, which a drawn "Hospital Sant Jaume" put
        back in the text while only "hijo Jaume" was protected."""
        parts: list[str] = []
        start = end = None
        for m in _WORD.finditer(original):
            w = m.group()
            if w[:1].isupper() and not self.keeps(fold(w)):
                if start is not None and original[end:m.start()].isspace():
                    end = m.end()
                    continue
                if start is not None:
                    parts.append(original[start:end])
                start, end = m.start(), m.end()
            elif start is not None:
                parts.append(original[start:end])
                start = None
        if start is not None:
            parts.append(original[start:end])
        return parts

    @property
    def lexicon(self) -> KinshipLexicon:
        if self._lexicon is None:
            rows: list[tuple[str, str, str, str, float]] = []
            if "kinship" in self.gazetteers:
                table = self.gazetteers["kinship"]
                cols = [table.column(c) for c in ("value", "sex", "generation", "number", "weight")]
                rows = [(v, s or "", g, n, float(w or 1.0)) for v, s, g, n, w in zip(*cols) if v]
            self._lexicon = KinshipLexicon(rows, self.gazetteers.blocklist)
        return self._lexicon

    def _rng(self, ctx: SpanContext, *parts: str) -> np.random.Generator:
        if self.config.key:
            return keyed_rng(self.config.key, self.kind, "\x1f".join(parts))
        return ctx.rng

    def replace(self, original: str, ctx: SpanContext) -> str:
        core = original.strip()
        if not core:
            raise CannotReplace("empty kinship mention")
        lead, trail = original[: len(original) - len(original.lstrip())], original[len(original.rstrip()) :]
        if AGE_ONLY.fullmatch(core):  # "65 años": a relative's age
            return lead + ctx.delegate("age", core) + trail
        words = [(m.group(0), m.start(), m.end()) for m in _WORD.finditer(core)]
        if not words:
            raise CannotReplace("no word in the kinship mention")
        lex = self.lexicon
        texts = [w for w, _, _ in words]
        if len(texts) >= 2 and is_co_official_kin(texts[-1]) and lex.match(texts, len(texts) - 1) is None \
                and not any(is_co_official_kin(w) or fold(w) in CO_OFFICIAL_WORDS or fold(w) in STOPWORDS
                            or fold(w) in NOT_NAMES or lex.match(texts, i) for i, w in enumerate(texts[:-1])):
            # "iñaki semea", "Chidi anaia": a Basque relative written after the name (it was masked, or taken for
            # a second given name); the name changes, in the relative's sex, and the word stays
            name = core[: words[-1][1]].rstrip()
            return lead + self._names(name, None, ctx, after_term=True, sex=co_official_sex(texts[-1])) \
                + core[len(name):] + trail
        named = self._name_before_term(texts, not any(c.isupper() for c in core))
        if named is None and (
                (lex.match(texts, 0) is None and texts[0][:1].isupper() and fold(texts[0]) not in FORM_OF
                 and not is_co_official_kin(texts[0])
                 and not (fold(texts[0]) in OPENERS and any(lex.match(texts, i) for i in range(1, len(texts))))
                 # "His son", "La seva mare": a determiner of the other languages before their relative
                 and not (fold(texts[0]) in CO_OFFICIAL_WORDS and any(is_co_official_kin(w) for w in texts[1:])))
                or self._surname_not_relation(texts) or self._lower_case_name_alone(core, texts, ctx)
                or (("person_name", core) in ctx.state.surrogates  # "vega" alone, named earlier ("hermana vega")
                    and not any(lex.match(texts, i) for i in range(len(texts))))):
            # "su hermano Juan": the span is a name ("Su hija", "Dos hermanos" open a relative instead)
            self._hint_name_sex(ctx, core, self._sex_before(ctx))
            return lead + ctx.delegate("person_name", core) + trail
        policy = self._checked_policy(ctx.options.get("policy", self.policy))
        if ctx.state.schema.kind_of(ctx.label) != self.kind:
            policy = "replace"  # handed over from another label ("Mujer" as an ID): it may not stay as it is
        if self._co_official(texts):  # "a súa amiga", "veciña": never rewritten into Spanish ("a súa vecina")
            policy = "co-official"
        new = self._rewrite(core, words, ctx, named, replace_terms=policy == "replace")
        if new == core and not is_bare(core) and policy == "keep":  # "4 hermanos" cannot stay as it is
            new = self._rewrite(core, words, ctx, named, replace_terms=True)
        if new == core and not is_bare(core):  # "2 hijos" with no other descendants of that number: recount
            new = recount(core, self._rng(ctx, "count", fold(core)))
        return lead + new + trail

    # -- the general case ------------------------------------------------------------------------------
    def _rewrite(self, core: str, words: list[tuple[str, int, int]], ctx: SpanContext,
                 named: tuple[int, int] | None, *, replace_terms: bool) -> str:
        """The mention with its relations, the names in it and its ages rewritten; ``named``: the name before the
        relation (``_name_before_term``), read by the caller."""
        lex = self.lexicon
        texts = [w for w, _, _ in words]
        edits: list[tuple[int, int, str]] = []
        last: tuple[Term, Term] | None = None  # (original term, new term) that adjectives agree with
        name_from: int | None = None
        after_term = -1  # index of the word right after the last term
        co_official = False  # a Catalan, Galician or Basque relative ("seu fill Jordi"): kept, the name changes
        co_sex = ""  # that relative's sex, which the name takes ("his brother Chidi")
        lower_case = not any(c.isupper() for c in core)  # a note typed in lower case: names are not capitalised
        i = 0
        if named is not None:  # "Teresa Bernabeu (esposa)": the name first, its relation after it (it was masked)
            n, k = named
            term = lex.match(texts, k)[0]  # type: ignore[index]
            edits.append((words[0][1], words[n - 1][2], self._names(core[words[0][1]:words[n - 1][2]], (term, term), ctx)))
            i = k
        while i < len(words):
            word, s, e = words[i]
            found = lex.match(texts, i)
            if found and last and found[0].generation == CHILD and i == after_term:
                found = None  # "hijo varón", "hermanos varones": an apposition, kept
            if found and found[0].value in _KEPT_TERMS:
                found = None  # "Primo de rama paterna": the branch is no relative
            if found:
                term, n = found
                end = words[i + n - 1][2]
                follower = fold(texts[i + n]) if i + n < len(texts) else ""
                new = self._term(term, core[s:end], follower, ctx) if replace_terms else term
                # a kept relative is written as it stands: "veciña" folds like "vecina" but is Galician
                edits.append((s, end, core[s:end] if new is term else render_noun(core[s:end], term.value, new.value)))
                last = (term, new)
                i += n
                after_term = i
                continue
            if fold(word) in FORM_OF and last is not None:
                if last[0].gram != last[1].gram and last[1].gram:
                    edits.append((s, e, agree(word, last[1].gram, last[0].number)))
                i += 1
                continue
            if is_co_official_kin(word):
                co_official = True
                co_sex = co_official_sex(word) or co_sex
            if ((last is not None or co_official) and i > 0 and fold(word) not in NOT_NAMES
                    and (word[:1].isupper() or (lower_case and self._lower_case_name(texts, i)))):
                name_from = s
                break
            i += 1
        if name_from is not None:
            name_end = self._name_end(core, name_from)
            edits.append((name_from, name_end, self._names(core[name_from:name_end], last, ctx, after_term=True,
                                                           sex=co_sex)))
        for m in AGE_IN.finditer(core):
            if not any(s < m.end() and m.start() < e for s, e, _ in edits) and reads_as_age(core, m):
                edits.append((m.start(), m.end(), ctx.delegate("age", m.group(0))))
        if not edits:
            return core if co_official else self._lone_adjective(core, texts, swap=replace_terms)
        out, pos = [], 0
        for s, e, new in sorted(edits):
            out.append(core[pos:s])
            out.append(new)
            pos = e
        out.append(core[pos:])
        return "".join(out)

    def _co_official(self, texts: list[str]) -> bool:
        """A word of the mention is Catalan, Galician or Basque and no Spanish word ("súa", "seva", "veciña"; not
        "amiga" or "la", which Spanish shares)."""
        spanish = self.lexicon.spellings
        return any(w.lower() in _CO_OFFICIAL_SPELLINGS and w.lower() not in spanish
                   and fold(w) not in NOT_NAMES for w in texts)

    def _surname_not_relation(self, texts: list[str]) -> bool:
        """A capitalised friend or neighbour word the census knows as a name, alone or before another
        capitalised word ("Vecino", "Laguna Ruiz"): read as a surname, which must change, not as a relation."""
        first = texts[0]
        stem = _BASQUE_CASE.sub("", fold(first))
        if not first[:1].isupper() or (fold(first) not in NON_FAMILY_WORDS and fold(first) not in _CO_OFFICIAL_SOCIAL
                                       and stem not in _CO_OFFICIAL_SOCIAL):
            return False
        if len(texts) > 1 and not (texts[1][:1].isupper() and fold(texts[1]) not in NOT_NAMES):
            return False
        return NamePools.of(self.gazetteers, self.config.top_k).is_known(first)

    def _term(self, term: Term, text: str, follower: str, ctx: SpanContext) -> Term:
        """One new term per original term and document (case-insensitive)."""
        memo = ctx.state.memo_for(self.kind)
        key = (fold(text), follower in _SIDE_WORDS)
        found = memo.get(key)
        if found is not None:
            return found
        rng = self._rng(ctx, *map(str, key))
        lex = self.lexicon
        if term.generation in KEPT_CLASSES:  # "familia", "cuidadora": no relation to change
            new = term
        else:
            # never the same relation again: no candidate that shares a word with the original term
            exclude = [v for v in lex.values_sharing_words(term.value)] + [text]
            # after "materno" only a relative that takes a side ("padre materno" is none)
            sampler = lex.samplers.get((term.sex, term.group, term.number, key[1]))
            try:
                value = sampler.draw(rng, exclude=exclude) if sampler is not None else None
            except ExhaustedError:
                value = None
            # none of the same sex, generation and number ("tío abuelo", "tío materno"): the term stays, as by default
            new = term if value is None else lex.terms[fold(value)]
        memo[key] = new
        return new

    def _names(self, text: str, last: tuple[Term, Term] | None, ctx: SpanContext, after_term: bool = False,
               sex: str = "") -> str:
        """"Teresa Rodriguez" after "madre", or "Ana Vidal y Nicolás Garrido" after "padres"; ``after_term``: the
        names follow their kinship word, so one word alone is a given name ("su hijo Pelayo", not "García (hijo)");
        ``sex``: that of a relative of another language, when no Spanish term came before ("his brother")."""
        sex = last[0].sex if last and last[0].number == "sg" else sex
        out, pos = [], 0
        for m in _NAME_SPLIT.finditer(text):
            out.append(self._one_name(text[pos : m.start()], sex, ctx, after_term))
            out.append(m.group(0))
            pos = m.end()
        out.append(self._one_name(text[pos:], sex, ctx, after_term))
        return "".join(out)

    def _one_name(self, name: str, sex: str, ctx: SpanContext, after_term: bool = False) -> str:
        if not name.strip():
            return name
        self._hint_name_sex(ctx, name, sex)
        if after_term and len(name.split()) == 1:
            ctx.state.given_names.add(name)
        return ctx.delegate("person_name", name)

    @staticmethod
    def _hint_name_sex(ctx: SpanContext, name: str, sex: str) -> None:
        # The name replacer reads this hint for names that are not its own spans.
        if sex:
            ctx.state.sex_hints[name] = sex

    def _sex_before(self, ctx: SpanContext) -> str:
        """Sex of the relative named by a kinship noun right before the span ("su hermano Juan")."""
        term = self._term_before(ctx)
        if term is None:  # "khoya [Chidi]", "his brother [Chidi]": a relative of another language
            before = _WORD.findall(ctx.before(30))[-1:]
            return co_official_sex(before[0]) if before else ""
        return term.sex if term.number == "sg" else ""

    def _term_before(self, ctx: SpanContext) -> Term | None:
        """The kinship term right before the span (its last one or two words), if any."""
        before = _WORD.findall(ctx.before(30))[-3:]
        for n in (2, 1):
            if len(before) >= n:
                if before[-1][:1].isupper() and len(before) > n and before[-n - 1][:1].isupper():
                    continue  # "María del Carmen Ruiz Nieto («Mari Carmen»)": a surname, no grandson
                found = self.lexicon.terms.get(fold(" ".join(before[-n:])))
                if found is not None:
                    return found
        return None

    def _lone_adjective(self, core: str, texts: list[str], *, swap: bool) -> str:
        """"materno" alone ("antecedente materno") stays, or becomes "paterno" with ``swap``; anything else
        cannot be replaced."""
        other = other_side(texts[0]) if len(texts) == 1 else None
        if other is None:
            raise CannotReplace("kinship mention without a known relative term")
        return core.replace(texts[0], other) if swap else core

