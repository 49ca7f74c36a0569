"""E-mail addresses (kind ``email``): the local part follows the person's surrogate, the domain its kind.

Runs after person names (``after = ("person_name",)``) so it can read their surrogates from the document state:

1. If the local part embeds a name of the same document (``nnavcu`` ← Ignacio Navarro Cuéllar, found by
   :mod:`.email_names`), it is rebuilt from that name's surrogate in the same style: same prefix
   lengths, initials, whole tokens, separators and case; digits and free letters are re-drawn.
2. Otherwise the local part is made plausible: letter runs that are (concatenations of) known first names
   or surnames get other names, the rest becomes pseudo-words; digits are re-drawn; words such as ``dr``
   or ``info`` stay.
3. The domain is a real one of the original's kind, public suffix and country (:mod:`.domains`): webmail →
   a provider drawn by its share in the corpus era, hospital / health service → a real health domain,
   university → a real university; ``.es`` stays ``.es``.
4. Several addresses in one span are replaced one by one, text around them kept. A span without ``@``
   that reads like a name goes to the name replacer (same surrogate as the name elsewhere); any other
   malformed span is only shape-kept.
"""
from __future__ import annotations

import re
from typing import Sequence

import numpy as np

from gazetteers.text import fold

from ...leak_guard import words_of

from ..base import CannotReplace, Replacer, SpanContext
from .domains import DomainChooser, DomainRow, classify, generate_host
from .email_names import (
    KEEP_WORDS,
    Alignment,
    best_person,
    case_like,
    fold_keep_length,
    name_tokens,
    segment_lexicon,
    token_map,
)
from .lexicons import ascii_word, name_sampler, optional_table
from .lexicons import lexicons as name_lexicons
from ..registry import register
from ..shape import RUNS, digits_like, pseudo_word, refuse_unchanged, shape_keep

#: local@domain inside a span; the domain ends at the last letter or digit (a final "." is punctuation),
#: one space after the "@" is tolerated ("x@ juntadeandalucia.es").
_ADDRESS = re.compile(r"(?P<local>[^@\s]+)@(?P<gap> ?)(?P<domain>[^@\s]*[^\W_])")
_NAME_LIKE = re.compile(r"[^\W\d_][^\W\d_'’.]*(?:[\s\-]+[^\W\d_][^\W\d_'’.]*)+")
_PERSON_KIND = "person_name"
_NEUTRAL_DOMAIN = "gmail.com"  # a webmail of no country: drawn from when the original's suffix names an original


@register
class EmailReplacer(Replacer):
    kind = "email"
    kept_words = words_of("es com org net cat eus gal edu gob info")  # top-level domains
    after = ("person_name",)  # the local part is rebuilt from the person's surrogate

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self._chooser: DomainChooser | None = None
        self._lexicons: dict[str, frozenset[str]] | None = None

    # -- entry point -------------------------------------------------------------------------------------
    def replace(self, original: str, ctx: SpanContext) -> str:
        matches = list(_ADDRESS.finditer(original))
        if not matches:
            return self._not_an_address(original, ctx)
        people = ctx.state.surrogates_of_kind(_PERSON_KIND).items()
        out, pos = [], 0
        for m in matches:  # usually one; "a@x.es b@y.es" or "autor: a@x.es" also occur
            out.append(original[pos : m.start()])
            out.append(self.address(m.group("local"), m.group("gap"), m.group("domain"), people, ctx.rng,
                                    avoid=ctx.state.originals))
            pos = m.end()
        out.append(original[pos:])
        return "".join(out)

    def address(self, local: str, gap: str, domain: str, people, rng: np.random.Generator,
                avoid: frozenset[str] = frozenset()) -> str:
        """A surrogate of ``local@domain``; no label of its domain is one of ``avoid`` (the document's folded
        originals): "….co.uk" beside a PAIS "UK" was masked whole by the leak guard, so it takes a ".com"."""
        new_local = self.local_part(local, people, rng)
        new_domain = self.chooser().replace(rng, domain)
        if avoid and any(label in avoid for label in fold(new_domain).split(".")):
            new_domain = self.chooser().replace(rng, _NEUTRAL_DOMAIN)
        if fold(new_local) == fold(local) and fold(new_domain) == fold(domain):
            # "info@hospital.es": nothing personal to change, but the address must not survive
            new_domain = generate_host(rng, classify(domain), force=True)
            if fold(new_local + new_domain) == fold(local + domain):
                raise CannotReplace("an address with nothing this replacer can change")
        return f"{new_local}@{gap}{new_domain}"

    def _not_an_address(self, original: str, ctx: SpanContext) -> str:
        """No ``@``: a mislabelled name goes to the name replacer (same surrogate as elsewhere), the rest
        is shape-kept."""
        if not any(c.isalnum() for c in original):
            raise CannotReplace("e-mail span without letters or digits")
        if _NAME_LIKE.fullmatch(original) and ctx.delegate is not None:
            try:
                return ctx.delegate(_PERSON_KIND, original)
            except CannotReplace:
                pass
        return refuse_unchanged(original, shape_keep(ctx.rng, original, words=True))

    # -- local part ------------------------------------------------------------------------------------------
    def local_part(self, local: str, people, rng: np.random.Generator) -> str:
        found = best_person(local, people)
        if found is not None:
            original_name, surrogate_name, alignment = found
            new = rebuild(local, alignment, name_tokens(original_name), name_tokens(surrogate_name), rng)
            if fold(new) != fold(local):
                return new
        words = re.findall(r"[^\W\d_]+", local)
        only_keep_words = bool(words) and all(fold(w) in KEEP_WORDS for w in words) and not any(c.isdigit() for c in local)
        for _ in range(4):
            new = self.plausible(local, rng)
            if fold(new) != fold(local) or only_keep_words:  # "info" may stay: the domain changes
                return new
        return shape_keep(rng, local, words=True)

    def plausible(self, local: str, rng: np.random.Generator) -> str:
        """A local part of the same style whose names (if any are recognisable) are other names."""
        lex = self.lexicons()
        out = []
        for m in RUNS.finditer(local):
            run = m.group()
            if run[0].isdigit():
                out.append(digits_like(rng, run))
            elif not run[0].isalpha():
                out.append(run)
            elif fold_keep_length(run) in KEEP_WORDS:
                out.append(run)
            else:
                folded = fold_keep_length(run)
                for s, e, is_word in segment_lexicon(folded, lex["all"]):
                    piece = run[s:e]
                    if is_word:
                        table = "first_names" if folded[s:e] in lex["first_names"] else "surnames"
                        out.append(case_like(piece, self._draw_name(table, folded[s:e], rng)))
                    else:
                        out.append(pseudo_word(rng, piece))
        return "".join(out)

    # -- lazy resources --------------------------------------------------------------------------------------
    def chooser(self) -> DomainChooser:
        if self._chooser is None:
            rows = None
            gaz = optional_table(self.gazetteers, "email_domains")
            if gaz is not None and "domain_kind" in gaz.column_names:
                rows = [DomainRow(str(v), str(k), str(c), float(w))
                        for v, k, c, w in zip(gaz.column("value"), gaz.column("domain_kind"),
                                              gaz.column("country", "es"), gaz.column("weight"))]
            self._chooser = DomainChooser(rows)
        return self._chooser

    def lexicons(self) -> dict[str, frozenset[str]]:
        if self._lexicons is None:
            self._lexicons = name_lexicons(self.gazetteers)  # shipped for the default tables
        return self._lexicons

    def _draw_name(self, table: str, exclude: str, rng: np.random.Generator) -> str:
        if optional_table(self.gazetteers, table) is None:
            return pseudo_word(rng, exclude)
        sampler = name_sampler(self.gazetteers, table, self.config.top_k)
        for _ in range(8):
            word = ascii_word(sampler.draw(rng, exclude=[exclude]))
            if word and word != exclude:
                return word
        return pseudo_word(rng, exclude)


def rebuild(
    local: str,
    alignment: Alignment,
    original_tokens: Sequence[str],
    surrogate_tokens: Sequence[str],
    rng: np.random.Generator,
) -> str:
    """The local part re-made from the surrogate's tokens, piece by piece, in the original's style."""
    mapping = token_map(original_tokens, surrogate_tokens)
    out = []
    for p in alignment.pieces:
        text = local[p.start : p.end]
        if p.kind == "name" and mapping:
            tok = surrogate_tokens[mapping[p.token]]
            new = tok if p.full else tok[: p.end - p.start]
            out.append(case_like(text, new))
        elif p.kind == "digits":
            out.append(digits_like(rng, text))
        elif p.kind == "sep":
            out.append(text)
        elif fold_keep_length(text) in KEEP_WORDS:
            out.append(text)
        else:
            out.append(pseudo_word(rng, text))
    return "".join(out)


