"""Drawing one surrogate through the leak guard: the engine's inner loop.

A replacer's draw is accepted only if it is not its original, not a blocked string, not another original of
the document and holds none at word boundaries (:meth:`GuardedDraws._leak`), and copies no run of its
original that the replacer's format policy does not keep (``DocumentGuard.passed_through``). A refused draw is
redrawn; at the last try a copied run is re-surrogated by the kind its shape says, or masked (``_repair``);
a draw that never passes fails closed (None: the engine masks the span). Accepted draws are cached per
document, so a mention written twice gets one surrogate.
"""
from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any

from gazetteers.text import fold

from . import case_variants, profiles, variation
from .leak_guard import DocumentGuard, repair_kind, words_of
from .model import Span
from .replacers.base import CannotReplace, DocumentState, Replacer, SpanContext
from .surgery import splice
from .textcase import render_like

log = logging.getLogger("surrogate.engine")

RETRIES = 6
ENGINE_MEMO = "engine"  # the engine's own corner of DocumentState.memo: leak guard, guard outcomes, delegated parts


class GuardedDraws:
    """The guarded draw loop of :class:`surrogate.engine.Engine` (a mixin: it needs the engine's
    ``replacer(kind)``, ``_plan(span)``, ``strict`` and ``_blocked``)."""

    strict: bool  # re-raise a replacer's bug instead of masking its span
    _blocked: frozenset[str]  # folded strings no surrogate may be (a held-out split's)
    replacer: "Callable[[str], Replacer | None]"
    _plan: "Callable[[Span], Any]"  # the span's plan: its kind decides whose format policy a draw keeps

    def _run_replacer(
        self, kind: str, original: str, ctx: SpanContext, parts: list[tuple[str, str]] | None = None,
        *, repair: bool = True, vary: bool = False,
    ) -> str | None:
        """Replacer output that passed the leak guard (cached per document), or None to fail closed.

        A draw that holds another original is redrawn; one that copies a run of its original that the
        replacer's format policy does not keep is redrawn too, and at the last try that run is re-surrogated
        by the kind its shape says (or masked) instead.
        """
        state = ctx.state
        memo = state.memo_for(ENGINE_MEMO)
        cached = state.surrogates.get((kind, original))
        if cached is not None:
            if parts is not None:
                parts.extend(memo["parts"].get((kind, original), ()))
            return memo["varied"].get((kind, original), cached) if vary else cached
        replacer = self.replacer(kind)
        if replacer.case_variants_agree:
            variant = case_variants.variant_of(state, kind, original)
            if variant is not None:
                return self._in_case_of_variant(kind, original, variant, ctx, parts, repair, vary)
        guard: DocumentGuard = memo["guard"]
        annotated = memo["annotated"].get(ctx.span.id)
        if annotated and kind != self._plan(ctx.span).kind:  # a delegated part keeps its own policy
            annotated = None
        keeps = (lambda w: replacer.keeps(w) and w not in annotated) if annotated else replacer.keeps
        folded, others = fold(original), replacer.avoid_other_originals  # the same for every draw
        start = len(parts) if parts is not None else 0
        copied: tuple[str, list[tuple[int, int]], list[tuple[str, str]]] | None = None
        new_guard = False  # the last refusal came from the guard's newer rules (containment, pass-through)
        for _ in range(RETRIES):
            if parts is not None:
                del parts[start:]  # a refused draw's delegated parts are not this surrogate's
            try:
                new = replacer.replace(original, ctx)
            except CannotReplace as exc:
                log.info("span %s in doc %s: %s; masked", ctx.span.id, state.document.id, exc)
                return None
            except Exception as exc:  # fail closed: a replacer bug must not pass PHI through
                if self.strict:
                    raise
                log.warning(
                    "span %s in doc %s: replacer %r failed (%s); masked",
                    ctx.span.id, state.document.id, kind, type(exc).__name__,
                )
                return None
            if not isinstance(new, str) or not new:
                continue
            key = fold(new)
            kept = key == folded and replacer.may_keep(original, ctx)  # identifies no one
            leak = None if kept else self._why(key, folded, new, original, state, guard, others)
            if leak:
                new_guard = leak == "contains"
                continue
            runs = guard.passed_through(original, new, _or_delegated(keeps, parts, start))
            if not runs:
                shown = self._varied(kind, original, new, ctx, keeps, parts, start) \
                    if vary and memo["vary"] is not None else new
                return self._accept(kind, original, shown, state, parts, start, new)
            new_guard = True
            if copied is not None and copied[0] == new:
                break  # the replacer copies the same way every time: repair now
            copied = (new, runs, parts[start:] if parts is not None else [])
        if copied is None or not repair:
            if new_guard:
                memo["guarded"].setdefault(ctx.span.id, "masked")
            return None
        if parts is not None:
            parts[start:] = copied[2]
        new = self._repair(copied[0], copied[1], ctx)
        if new is None or self._leaks(original, new, state, replacer.avoid_other_originals) \
                or guard.passed_through(original, new, keeps):
            memo["guarded"][ctx.span.id] = "masked"
            return None
        memo["guarded"].setdefault(ctx.span.id, "repaired")
        return self._accept(kind, original, new, state, parts, start)

    def _in_case_of_variant(self, kind: str, original: str, span: Span, ctx: SpanContext,
                            parts: list[tuple[str, str]] | None, repair: bool, vary: bool) -> str | None:
        """The surrogate of ``span``'s text (the same mention in another case), drawn where that span stands and
        written in ``original``'s case. It folds as that surrogate does, which passed the guard for a text folding
        as ``original``."""
        own: list[tuple[str, str]] = []
        at = dataclasses.replace(ctx, span=span, start=span.start, end=span.end, label=span.label)
        at.delegate = lambda kind_, text: self._delegate(kind_, text, at, own)
        variant = ctx.state.document.span_text(span)
        try:
            new = self._run_replacer(kind, variant, at, own, repair=repair, vary=vary)
        finally:
            at.delegate = None  # no reference cycle (see ``Engine._context``)
        if new is None:
            return None
        if parts is not None:  # delegated pieces, where the original writes them in its case
            parts.extend((p2, render_like(original, n, variant)) for p, n in own
                         if (p2 := render_like(original, p, variant)) in original)
        return render_like(original, new, variant)

    @staticmethod
    def _accept(kind: str, original: str, new: str, state: DocumentState,
                parts: list[tuple[str, str]] | None, start: int, plain: str | None = None) -> str:
        # other replacers read the replacer's own form (an e-mail built from a name); the text gets ``new``
        state.surrogates[(kind, original)] = plain or new
        if plain and plain != new:
            state.memo_for(ENGINE_MEMO)["varied"][(kind, original)] = new
        if parts is not None and len(parts) > start:
            state.memo_for(ENGINE_MEMO)["parts"][(kind, original)] = tuple(parts[start:])
        return new

    def _varied(self, kind: str, original: str, new: str, ctx: SpanContext, keeps,
                parts: list[tuple[str, str]] | None, start: int) -> str:
        """``--vary-formats``: a draw the guard accepted, in another surface form of its kind
        (``surrogate.variation``) when the guard accepts that form too, else as drawn. Only the copy's own
        stream is drawn from: the replacers' draws, and the guard's verdicts on them, are a plain copy's."""
        memo = ctx.state.memo_for(ENGINE_MEMO)
        if memo["vary"] is None:
            return new
        replacer = self.replacer(kind)
        varied = variation.vary(kind, new, memo["vary"], ctx, replacer)
        if varied == new or self._leaks(original, varied, ctx.state, replacer.avoid_other_originals) \
                or memo["guard"].passed_through(original, varied, _or_delegated(keeps, parts, start)):
            return new
        return varied

    def _repair(self, new: str, runs: list[tuple[int, int]], ctx: SpanContext) -> str | None:
        """``new`` with each copied run re-surrogated by the kind its shape says, or masked."""
        pieces = []
        for s, e in runs:
            run = new[s:e]
            kind = repair_kind(run)
            replacement = None
            if kind is not None and self.replacer(kind) is not None:
                replacement = self._run_replacer(kind, run, ctx, repair=False)
            pieces.append((s, e, replacement if replacement is not None else profiles.mask(run)))
        return splice(new, pieces)

    def _leaks(self, original: str, new: str, state: DocumentState, other_originals: bool = True) -> bool:
        return self._leak(original, new, state, other_originals) is not None

    def _leak(self, original: str, new: str, state: DocumentState, other_originals: bool = True) -> str | None:
        """Why the surrogate may not be used: it reads as its original ("self") or a blocked string
        ("blocked"), it is another original ("other") or holds one at word boundaries ("contains"); else None."""
        guard: DocumentGuard = state.memo_for(ENGINE_MEMO)["guard"]
        return self._why(fold(new), fold(original), new, original, state, guard, other_originals)

    def _why(self, key: str, folded: str, new: str, original: str, state: DocumentState, guard: DocumentGuard,
             other_originals: bool) -> str | None:
        """``_leak`` given ``fold(new)``, ``fold(original)`` and the document's guard (the draw loop has them)."""
        if key == folded:
            return "self"
        if key in self._blocked:
            return "blocked"
        if not other_originals:
            return None
        if key in state.originals:
            return "other"
        return "contains" if guard.other_original_in(new, original) is not None else None


def _or_delegated(keeps, parts: list[tuple[str, str]] | None, start: int):
    """``keeps``, or a word that a delegated replacer wrote (its output passed the guard under its own
    policy: "abuelo materno" handed to kinship by the ``other`` replacer keeps its "materno")."""
    if not parts or len(parts) <= start:
        return keeps
    written = words_of(new for _, new in parts[start:])
    return lambda word: keeps(word) or word in written
