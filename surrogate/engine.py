"""The document engine: decide each span's action, run the replacers, guard against leaks, cut the text.

Flow for one document::

    spans ──► action per span (profile, schema) ──► replacers in dependency order (per-document state,
    consistency cache, leak guard, fail-closed mask) ──► surgery (exact realignment) ──► SurrogateResult

The first step, the same for every seed, is the document's layout (:mod:`.layout`: plans, overlaps, leak
guard, run order); the draw loop through the guard is :mod:`.guarded_draws`, heads that must carry their
nested spans :mod:`.nested_heads`. Here: the per-seed pass and the result's assembly.
"""
from __future__ import annotations

import logging
from collections.abc import Callable

import numpy as np

from gazetteers import GazetteerSet, default_set
from gazetteers.text import fold

from . import overlaps, profiles, variation
from .config import EngineConfig
from .guarded_draws import ENGINE_MEMO, GuardedDraws
from .layout import Layout, Layouts, Plan
from .leak_guard import Vocabulary, in_words
from .model import Document, Replacement, Span, SurrogateResult
from .nested_heads import NestedHeads
from .normal_form import NfcView
from .replacers.analysis import AnalysisCache
from .replacers.base import CannotReplace, DocumentState, Replacer, SpanContext
from .replacers.registry import get_replacer_class
from .rng import derive_rng, keyed_rng
from .schemas import LabelSchema, LabelSpec, as_schema
from .surgery import carry_span
from .textcase import drop_accents, has_accent_marks, like_spacing, omits_accents

log = logging.getLogger(__name__)


class Engine(GuardedDraws, NestedHeads, Layouts):
    """Surrogates documents according to a config and a label schema.

    Build one engine and reuse it: replacers (and their gazetteers) load on first use and stay cached.
    """

    def __init__(
        self,
        config: EngineConfig | None = None,
        schema: LabelSchema | str = "meddocan",
        gazetteers: GazetteerSet | None = None,
        *,
        strict: bool = False,
        strict_dates: bool = False,
    ) -> None:
        self.config = config or EngineConfig()
        self.schema = as_schema(schema)
        gaz = gazetteers or default_set(self.config.locale)
        self.gazetteers = gaz.with_blocklist(self.config.blocklist) if self.config.blocklist else gaz
        self.strict = strict  # re-raise replacer bugs instead of masking (tests use it)
        # mask a shifted date that holds another original (deid: released text); apply/augment keep the
        # documented exemption, since one shift per document often maps a date onto another mention
        self.strict_dates = strict_dates
        self._blocked = frozenset(fold(b) for b in self.config.blocklist)
        self._replacers: dict[str, Replacer | None] = {}
        self._orders: dict[frozenset[str], list[str]] = {}
        self._analyses = AnalysisCache()  # per document content: replacers' draw-free analyses, the leak guard
        self._vocabulary: Vocabulary | None = None
        self._rules: dict[str, tuple[str, str, LabelSpec | None]] = {}  # label -> its plan's (kind, action, spec)
        self._kept: dict[str, Callable[[str], bool]] = {}  # kind -> its kept-words test (``_kept_words``)
        # the leak guards' (folded original, kept-words test) -> protected, shared by every document's guard
        self._verdicts: dict[tuple[str, Callable[[str], bool]], bool] = {}
        # the last document checked and whether it needs its NFC view: a Document is frozen, so the same object
        # again (each seed of a loop) is checked already
        self._checked: tuple[Document, bool] | None = None

    # -- replacers -----------------------------------------------------------------------------------
    def replacer(self, kind: str) -> Replacer | None:
        if kind not in self._replacers:
            cls = get_replacer_class(kind)
            if cls is None:
                log.warning("no replacer registered for kind %r: its spans are masked", kind)
            self._replacers[kind] = cls(self.gazetteers, self.config) if cls else None
        return self._replacers[kind]

    # -- applying ----------------------------------------------------------------------------------------
    def apply(self, doc: Document, *, seed: int = 0, rng: np.random.Generator | None = None,
              vary: np.random.Generator | None = None) -> SurrogateResult:
        """Surrogate one document. ``rng`` wins over ``seed``; the default stream derives from (seed, doc id).

        Overlapping and nested spans are accepted: each cluster is replaced as one edit (``overlaps``).
        ``vary`` (``augment --vary-formats``): each span's surrogate is rendered in another surface form of its
        kind (``surrogate.variation``), drawn from this stream only; the leak guard checks the varied form too.
        """
        checked = self._checked
        if checked is None or checked[0] is not doc:
            doc.check_alignment()
            checked = self._checked = (doc, NfcView.needed(doc))
        if checked[1]:  # accents as combining marks: surrogated as the NFC view, then put back
            view = NfcView(doc)
            return view.restore(self._apply(view.view, seed, rng, vary))
        return self._apply(doc, seed, rng, vary)

    def _apply(self, doc: Document, seed: int, rng: np.random.Generator | None,
               vary: np.random.Generator | None) -> SurrogateResult:
        rng = rng if rng is not None else derive_rng(seed, doc.id)
        state = DocumentState(document=doc, schema=self.schema, analyses=self._analyses.of(doc))
        layout: Layout = state.analysis("engine:layout", lambda _: self._layout(doc))
        plans, res, edits, guard, active = layout.plans, layout.resolution, layout.edits, layout.guard, layout.active
        # A surrogate equal to *another* original of the document would put that PHI back in the text.
        state.originals = guard.originals
        memo = state.memo_for(ENGINE_MEMO)
        memo["guard"], memo["guarded"], memo["parts"] = guard, {}, {}
        memo["vary"], memo["varied"] = vary, {}  # --vary-formats: its stream, each varied surrogate
        memo["annotated"] = layout.annotated
        for kind in self._begin_document(active, state, rng):
            edits = [Plan(p.span, p.kind, "fallback-mask", p.spec) if p.kind == kind else p for p in edits]

        new_fragments: dict[str, list[str]] = {}
        actions: dict[str, str] = {}
        parts: dict[str, list[list[tuple[str, str]]]] = {}  # per edit, per fragment: delegated (piece, new)
        text, nested = doc.text, layout.nested
        for i in layout.order:
            plan = edits[i]
            span_id, frags = plan.span.id, plan.span.fragments
            if len(frags) == 1:  # nearly every span: no set of actions to gather
                (s, e), = frags
                new, action, pieces = self._replace_fragment(plan, text[s:e], s, e, state, rng)
                texts, span_parts = [new], [pieces]
            else:
                texts, acts, span_parts = [], set(), []
                for s, e in frags:
                    new, action, pieces = self._replace_fragment(plan, text[s:e], s, e, state, rng)
                    texts.append(new)
                    acts.add(action)
                    span_parts.append(pieces)
                action = acts.pop() if len(acts) == 1 else "fallback-mask"
            if action == "surrogate" and span_id in nested:
                self._carry_nested(plan, nested[span_id], texts, span_parts, plans, state, rng)
            new_fragments[span_id], parts[span_id], actions[span_id] = texts, span_parts, action

        edit_doc = Document(doc.id, doc.text, layout.edit_spans)
        # --vary-formats: a postal code and its town, two spans side by side, may trade places
        swaps = [] if vary is None else variation.order.pairs(doc.text, [
            p.span for p in edits if p.kind == "territory" and actions[p.span.id] == "surrogate"
            and not p.span.is_discontinuous and all(c.edit.id != p.span.id for c in res.clusters)
        ], new_fragments, vary)
        new_text, aligned = variation.order.cut(edit_doc, new_fragments, swaps)
        # Last line of the guard: an original formed across a surrogate's edge, or inside a surrogate the
        # replacer loop could not see whole. Such spans are masked (same length: nothing else moves). Dates are
        # exempt (one shift per document) unless ``strict_dates`` (deid: "1994" -> "1993" beside an original
        # "1993", or "mayo y julio de 2002" holding an original "julio de 2002", is masked).
        hits = guard.other_originals_in(new_text, around=[
            f for p in edits if actions[p.span.id] == "surrogate" for f in aligned[p.span.id].fragments])
        masked = [] if not hits else [  # nearly always no hit: no test per edit
            p for p in edits if actions[p.span.id] == "surrogate"
            and _overlaps(aligned[p.span.id].fragments, hits)  # a cheap test first: most edits lie apart
            and any(s < ae and as_ < e and not in_words(new_text[s:e], doc.span_text(p.span))
                    and (self.strict_dates or self._avoids_others(p))
                    for s, e in hits for as_, ae in aligned[p.span.id].fragments)
        ]
        for p in masked:
            new_fragments[p.span.id] = [profiles.mask(doc.text[s:e]) for s, e in p.span.fragments]
            actions[p.span.id] = "fallback-mask"
            memo["guarded"][p.span.id] = "masked"
        if masked:
            new_text, aligned = variation.order.cut(edit_doc, new_fragments, swaps)

        outcomes: dict[str, str] = {}
        reps: dict[str, Replacement] = {}
        originals = layout.texts
        for p in edits:
            span_id, new = p.span.id, new_fragments[p.span.id]
            reps[span_id] = Replacement(span_id, p.span.label, p.kind, originals[span_id],
                                        new[0] if len(new) == 1 else " ".join(new), actions[span_id])
        for cluster in res.clusters:
            head = cluster.edit
            for member in cluster.nested + cluster.crossing:
                kind = plans[member.id].kind
                placed = None
                if member.fragments == head.fragments:  # the same characters twice: the head's new span
                    placed = Span.from_fragments(member.id, member.label, aligned[head.id].fragments)
                elif member in cluster.nested:
                    known = self._known_surrogate(plans[member.id], doc, state, rng)
                    placed = overlaps.place_nested(doc, member, head, new_fragments[head.id], parts[head.id],
                                                   actions[head.id], new_text, aligned[head.id], known)
                if placed is not None:
                    aligned[member.id] = placed
                    outcomes[member.id] = "realigned"
                    surrogate, action = placed.text_in(new_text), actions[head.id]
                else:
                    merged = member in cluster.crossing or member.label == head.label
                    outcomes[member.id] = "merged" if merged else "dropped"
                    surrogate, action = "", actions[head.id]
                reps[member.id] = Replacement(member.id, member.label, kind, doc.span_text(member), surrogate, action)
        for sp in res.kept:
            aligned[sp.id] = carry_span(sp, edit_doc, new_fragments, new_text)
            outcomes[sp.id] = "realigned"
            reps[sp.id] = Replacement(sp.id, sp.label, plans[sp.id].kind, doc.span_text(sp),
                                      aligned[sp.id].text_in(new_text), "keep")

        new_doc = Document(doc.id, new_text, tuple(aligned[sp.id] for sp in doc.spans if sp.id in aligned), doc.meta)
        return SurrogateResult(new_doc, aligned, tuple(reps[sp.id] for sp in doc.spans),
                               overlaps=outcomes, guarded=dict(memo["guarded"]))

    def _avoids_others(self, plan: Plan) -> bool:
        replacer = self.replacer(plan.kind) if plan.action == "surrogate" else None
        return replacer is None or replacer.avoid_other_originals

    def _known_surrogate(self, plan: Plan, doc: Document, state: DocumentState, rng: np.random.Generator) -> str | None:
        """The surrogate the document gives a nested span's text under its own kind (consistency cache, else
        its replacer, through the guard), or None: a head built from the same plan holds it ("Calamocha" in
        an address rendered with the territory plan)."""
        if plan.action != "surrogate" or plan.span.is_discontinuous or plan.span.start == plan.span.end:
            return None
        s, e = plan.span.fragments[0]
        cached = state.surrogates.get((plan.kind, doc.text[s:e]))
        if cached is not None:
            return cached
        new, action, _ = self._replace_fragment(plan, doc.text[s:e], s, e, state, rng)
        return new if action == "surrogate" else None

    def _begin_document(self, kinds: list[str], state: DocumentState, rng: np.random.Generator) -> list[str]:
        """Let each replacer prepare the document; return the kinds that failed (their spans get masked)."""
        failed = []
        for kind in kinds:
            try:
                self.replacer(kind).begin_document(state, rng)
            except Exception as exc:  # fail closed, as for a single span
                if self.strict:
                    raise
                log.warning("doc %s: replacer %r could not prepare (%s); its spans are masked",
                            state.document.id, kind, type(exc).__name__)
                failed.append(kind)
        return failed

    def _replace_fragment(
        self, plan: Plan, original: str, start: int, end: int, state: DocumentState, rng: np.random.Generator
    ) -> tuple[str, str, list[tuple[str, str]]]:
        """(new text, action, the (piece, surrogate) pairs the replacer delegated) for one fragment."""
        if not original:
            return "", "keep", []  # an empty span hides nothing
        action = plan.action
        if action == "keep":
            return original, "keep", []
        if action in ("mask", "fallback-mask"):
            return profiles.mask(original), action, []
        if action == "redact":
            return profiles.redact(original), "redact", []
        if action == "tag":
            tag_name = plan.spec.tag if plan.spec else plan.span.label
            new = profiles.tag(plan.span.label, tag_name, self.config.tag_format)
            if self._leaks(original, new, state):
                return profiles.mask(original), "fallback-mask", []
            return new, "tag", []

        parts: list[tuple[str, str]] = []
        ctx = self._context(plan, original, start, end, state, rng, parts)
        try:
            new = self._run_replacer(plan.kind, original, ctx, parts, vary=True)
        finally:
            ctx.delegate = None  # see ``_context``
        if new is None:
            return profiles.mask(original), "fallback-mask", []
        if not new.isascii() and state.analysis(_UNACCENTED, _omits_accents) and not has_accent_marks(original):
            # a note typed without accents gets surrogates without them ("leganés" stood out in "cuarte de huerva")
            new, parts = drop_accents(new), [(p, drop_accents(n)) for p, n in parts]
        if " " not in original and not original.isspace():  # its spaces written as the original writes them
            return like_spacing(original, new), "surrogate", [(p, like_spacing(original, n)) for p, n in parts]
        return new, "surrogate", parts

    def _context(self, plan: Plan, original: str, start: int, end: int, state: DocumentState,
                 rng: np.random.Generator, parts: list[tuple[str, str]]) -> SpanContext:
        """The context a replacer sees for ``original`` at ``start:end``; what it delegates goes to ``parts``.

        Its ``delegate`` closes over the context itself: the caller sets it to None once the span is done, or
        every span would leave a reference cycle (holding the document's state) for the cyclic GC to find."""
        span_rng = keyed_rng(self.config.key, plan.kind, original) if self.config.key else rng
        ctx = SpanContext(
            span=plan.span, start=start, end=end, label=plan.span.label,
            options=plan.spec.options if plan.spec else {}, rng=span_rng, state=state, config=self.config,
        )
        ctx.delegate = lambda kind, text: self._delegate(kind, text, ctx, parts)
        return ctx

    def _delegate(self, kind: str, original: str, ctx: SpanContext, parts: list[tuple[str, str]] | None = None) -> str:
        """Surrogate part of a span with another kind's replacer (shares the document's cache and guard)."""
        if self.replacer(kind) is None:
            raise CannotReplace(f"no replacer for kind {kind!r}")
        new = self._run_replacer(kind, original, ctx, parts)
        if new is None:
            raise CannotReplace(f"delegated kind {kind!r} failed")
        if parts is not None:
            parts.append((original, new))
        return new


_UNACCENTED = "engine:omits_accents"


def _omits_accents(state: DocumentState) -> bool:
    return omits_accents(state.document.text)


def _overlaps(fragments: tuple[tuple[int, int], ...], hits: list[tuple[int, int]]) -> bool:
    """Some hit overlaps some fragment."""
    for as_, ae in fragments:
        for s, e in hits:
            if s < ae and as_ < e:
                return True
    return False


def surrogate_document(doc: Document, *, seed: int = 0, config: EngineConfig | None = None,
                       schema: LabelSchema | str = "meddocan") -> SurrogateResult:
    """One-shot convenience; build an :class:`Engine` yourself to surrogate many documents."""
    return Engine(config, schema).apply(doc, seed=seed)
