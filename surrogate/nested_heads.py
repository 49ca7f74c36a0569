"""Heads that must carry their nested spans: the engine's rewrite of a head whose surrogate lost one.

A corpus that annotates a town inside an address, or a person inside a hospital's name, expects both
annotations back. When the head's replacer draws a surrogate with no place for a nested span's (a whole
catalogue hospital, an address without the town), the head is written again from its own text
(``overlaps.compose_head``): each nested span's surrogate in its place; the words before the first one
rewritten by the head's replacer when they hold anything it would not keep ("C/ Mayor 12" of
"C/ Mayor 12, 28013 Madrid" becomes another street); the words it keeps ("Hospital", "Doña") as written; any
other run masked. docs/engine.md, "Overlapping spans", rule 3.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import numpy as np

from . import overlaps, profiles
from .guarded_draws import ENGINE_MEMO
from .layout import Plan
from .model import Document, Span
from .replacers.base import DocumentState, Replacer, SpanContext

#: what may stand between a head's opening words and its first nested span: separators and connectors
#: ("C/ Mayor 12, |28013", "Residencia Virgen de las Nieves de |Zafra", "Consultori Auxiliar d'|Albocàsser")
_CONNECTORS = re.compile(r"(?:[\s,;:(/-]|\b(?:de|del|la|las|el|los|en|y|i|e|da|do|das|dos)\b|\b[dl]['’])*\Z",
                         re.IGNORECASE)


class NestedHeads:
    """A mixin of :class:`surrogate.engine.Engine` (it needs the engine's replacers, draw loop and guard)."""

    replacer: Callable[[str], Replacer | None]
    _run_replacer: Callable[..., str | None]
    _leaks: Callable[..., bool]
    _known_surrogate: Callable[..., str | None]
    _context: Callable[..., SpanContext]

    def _carry_nested(self, plan: Plan, members: tuple[Span, ...], texts: list[str],
                      parts: list[list[tuple[str, str]]], plans: dict[str, Plan], state: DocumentState,
                      rng: np.random.Generator) -> None:
        """Rewrite, in place, each fragment of a head whose surrogate has no place for a nested span's."""
        doc, memo = state.document, state.memo_for(ENGINE_MEMO)
        replacer, guard = self.replacer(plan.kind), memo["guard"]
        assert replacer is not None  # the head was surrogated
        annotated = memo["annotated"].get(plan.span.id)
        keeps = (lambda w: replacer.keeps(w) and w not in annotated) if annotated else replacer.keeps
        for k, (hs, he) in enumerate(plan.span.fragments):
            inside = overlaps.outermost(m for m in members if hs <= m.start and m.end <= he)
            # a span the head's replacer delegated is placed; the others need their own surrogate to be found
            unplaced = [m for m in inside if not overlaps.find_carried(doc.text[m.start:m.end], texts[k], parts[k], None)]
            known = {m.id: self._known_surrogate(plans[m.id], doc, state, rng) for m in unplaced}
            if all(overlaps.find_carried(doc.text[m.start:m.end], texts[k], parts[k], known[m.id]) for m in unplaced):
                continue
            original = doc.text[hs:he]

            def copied(new: str, head: str = original) -> list[tuple[int, int]]:
                return guard.passed_through(head, new, keeps)

            pieces = [(m.start - hs, m.end - hs, self._nested_piece(plans[m.id], known.get(m.id), parts[k], doc))
                      for m in inside]
            lead = self._lead(plan, original, min((s for s, _, _ in pieces), default=0), hs, copied, state, rng)
            composed, carried, masked = overlaps.compose_head(original, pieces, copied, profiles.mask, lead)
            if self._leaks(original, composed, state, replacer.avoid_other_originals):
                continue  # the nested spans are dropped: the head keeps its own surrogate
            texts[k], parts[k] = composed, carried
            if masked:
                memo["guarded"][plan.span.id] = "repaired"
            if len(plan.span.fragments) == 1:  # a later mention of the same text gets the same surrogate
                state.surrogates[(plan.kind, original)] = composed
                memo["parts"][(plan.kind, original)] = tuple(carried)

    def _lead(self, plan: Plan, original: str, first: int, start: int, copied: Callable[[str], list[Any]],
              state: DocumentState, rng: np.random.Generator) -> tuple[int, str] | None:
        """(end, new) for the head's words before its first nested span, rewritten by the head's replacer when
        they hold a run it would not keep; None to leave them to ``compose_head`` (kept words stay, others are
        masked)."""
        words = original[:first]
        end = len(words) - len(_CONNECTORS.search(words).group())  # type: ignore[union-attr]
        if end <= 0 or not copied(words[:end]):
            return None
        ctx = self._context(plan, words[:end], start, start + end, state, rng, [])
        try:
            new = self._run_replacer(plan.kind, words[:end], ctx, repair=False)
        finally:
            ctx.delegate = None  # no reference cycle left behind (``Engine._context``)
        return (end, new) if new else None

    @staticmethod
    def _nested_piece(plan: Plan, known: str | None, parts: list[tuple[str, str]], doc: Document) -> str:
        """What a nested span becomes inside a composed head: its surrogate (the one the head's replacer
        delegated for it, else its own), its text when its kind is kept, else its mask."""
        original = doc.span_text(plan.span)
        delegated = next((new for piece, new in reversed(parts) if piece == original and new), None)
        if delegated is not None or known is not None:
            return delegated or known  # type: ignore[return-value]
        return original if plan.action == "keep" else profiles.mask(original)
