"""The document engine: decide each span's action, run the replacers, guard against leaks, cut the text.

Flow for one document::

    spans ──► action per span (profile, schema) ──► replacers in dependency order (per-document state,
    consistency cache, leak guard, fail-closed mask) ──► surgery (exact realignment) ──► SurrogateResult
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np

from gazetteers import GazetteerSet, default_set
from gazetteers.text import fold

from . import profiles
from .config import EngineConfig
from .model import Document, Replacement, Span, SurrogateResult
from .replacers.analysis import AnalysisCache
from .replacers.base import CannotReplace, DocumentState, Replacer, SpanContext
from .replacers.registry import get_replacer_class, run_order
from .rng import derive_rng, keyed_rng
from .schemas import LabelSchema, LabelSpec, as_schema
from .surgery import apply_edits, check_no_overlap

log = logging.getLogger(__name__)

_RETRIES = 6
_ALWAYS_KEPT = {"keep"}  # section headers and other non-PHI labels
_KEPT_IN_SURROGATE = {"sex"}  # changing the sex would break grammatical agreement elsewhere


@dataclass(frozen=True)
class _Plan:
    span: Span
    kind: str
    action: str  # surrogate | mask | tag | redact | keep | fallback-mask
    spec: LabelSpec | None


class Engine:
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
    ) -> None:
        self.config = config or EngineConfig()
        self.schema = as_schema(schema)
        gaz = gazetteers or default_set(self.config.locale)
        self.gazetteers = gaz.with_blocklist(self.config.blocklist) if self.config.blocklist else gaz
        self.strict = strict  # re-raise replacer bugs instead of masking (tests use it)
        self._blocked = frozenset(fold(b) for b in self.config.blocklist)
        self._replacers: dict[str, Replacer | None] = {}
        self._orders: dict[frozenset[str], list[str]] = {}
        self._analyses = AnalysisCache()  # per document content: replacers' draw-free analyses, the leak guard

    # -- replacers -----------------------------------------------------------------------------------
    def replacer(self, kind: str) -> Replacer | None:
        if kind not in self._replacers:
            cls = get_replacer_class(kind)
            if cls is None:
                log.warning("no replacer registered for kind %r: its spans are masked", kind)
            self._replacers[kind] = cls(self.gazetteers, self.config) if cls else None
        return self._replacers[kind]

    def _run_order(self, kinds: frozenset[str]) -> list[str]:
        """Active kinds, each after the kinds its replacer declares in ``after`` (ties by kind name)."""
        order = self._orders.get(kinds)
        if order is None:
            order = self._orders[kinds] = run_order(kinds)
        return order

    # -- planning --------------------------------------------------------------------------------------
    def _plan(self, span: Span) -> _Plan:
        spec = self.schema.spec(span.label)
        profile = self.config.profile
        if spec is None:
            return _Plan(span, "unknown", self.config.unknown_label, None)
        if spec.kind in _ALWAYS_KEPT or (profile == "surrogate" and spec.kind in _KEPT_IN_SURROGATE):
            return _Plan(span, spec.kind, "keep", spec)
        if profile != "surrogate":
            return _Plan(span, spec.kind, profile, spec)
        if self.replacer(spec.kind) is None:
            return _Plan(span, spec.kind, "mask", spec)
        return _Plan(span, spec.kind, "surrogate", spec)

    # -- applying ----------------------------------------------------------------------------------------
    def apply(self, doc: Document, *, seed: int = 0, rng: np.random.Generator | None = None) -> SurrogateResult:
        """Surrogate one document. ``rng`` wins over ``seed``; the default stream derives from (seed, doc id)."""
        doc.check_alignment()
        check_no_overlap(doc)
        rng = rng if rng is not None else derive_rng(seed, doc.id)
        plans = [self._plan(sp) for sp in doc.spans]
        # A surrogate equal to *another* original of the document would put that PHI back in the text.
        originals = frozenset(fold(doc.text[s:e]) for p in plans if p.action == "surrogate" for s, e in p.span.fragments)
        state = DocumentState(document=doc, schema=self.schema, originals=originals - {""},
                              analyses=self._analyses.of(doc))

        active = self._run_order(frozenset(p.kind for p in plans if p.action == "surrogate"))
        for kind in self._begin_document(active, state, rng):
            plans = [_Plan(p.span, p.kind, "fallback-mask", p.spec) if p.kind == kind else p for p in plans]
        priority = {k: i for i, k in enumerate(active)}
        order = sorted(range(len(plans)), key=lambda i: (priority.get(plans[i].kind, -1), plans[i].span.start))

        new_fragments: dict[str, list[str]] = {}
        replacements: dict[str, Replacement] = {}
        for i in order:
            plan = plans[i]
            texts, actions = [], set()
            for s, e in plan.span.fragments:
                original = doc.text[s:e]
                new, action = self._replace_fragment(plan, original, s, e, state, rng)
                texts.append(new)
                actions.add(action)
            new_fragments[plan.span.id] = texts
            action = actions.pop() if len(actions) == 1 else "fallback-mask"
            replacements[plan.span.id] = Replacement(
                plan.span.id, plan.span.label, plan.kind, doc.span_text(plan.span), " ".join(texts), action
            )

        new_text, aligned = apply_edits(doc, new_fragments)
        new_doc = Document(doc.id, new_text, tuple(aligned[sp.id] for sp in doc.spans), doc.meta)
        return SurrogateResult(new_doc, aligned, tuple(replacements[sp.id] for sp in doc.spans))

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
        self, plan: _Plan, original: str, start: int, end: int, state: DocumentState, rng: np.random.Generator
    ) -> tuple[str, str]:
        if not original:
            return "", "keep"  # an empty span hides nothing
        action = plan.action
        if action == "keep":
            return original, "keep"
        if action in ("mask", "fallback-mask"):
            return profiles.mask(original), action
        if action == "redact":
            return profiles.redact(original), "redact"
        if action == "tag":
            tag_name = plan.spec.tag if plan.spec else plan.span.label
            new = profiles.tag(plan.span.label, tag_name, self.config.tag_format)
            return (new, "tag") if not self._leaks(original, new, state) else (profiles.mask(original), "fallback-mask")

        span_rng = keyed_rng(self.config.key, plan.kind, original) if self.config.key else rng
        ctx = SpanContext(
            span=plan.span, start=start, end=end, label=plan.span.label,
            options=plan.spec.options if plan.spec else {}, rng=span_rng, state=state, config=self.config,
        )
        ctx.delegate = lambda kind, text: self._delegate(kind, text, ctx)
        new = self._run_replacer(plan.kind, original, ctx)
        if new is None:
            return profiles.mask(original), "fallback-mask"
        return new, "surrogate"

    def _delegate(self, kind: str, original: str, ctx: SpanContext) -> str:
        """Surrogate part of a span with another kind's replacer (shares the document's cache)."""
        if self.replacer(kind) is None:
            raise CannotReplace(f"no replacer for kind {kind!r}")
        new = self._run_replacer(kind, original, ctx)
        if new is None:
            raise CannotReplace(f"delegated kind {kind!r} failed")
        return new

    def _run_replacer(self, kind: str, original: str, ctx: SpanContext) -> str | None:
        """Replacer output that passed the leak guard (cached per document), or None to fail closed."""
        state = ctx.state
        cached = state.surrogates.get((kind, original))
        if cached is not None:
            return cached
        replacer = self.replacer(kind)
        for _ in range(_RETRIES):
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
            if isinstance(new, str) and new and not self._leaks(original, new, state, replacer.avoid_other_originals):
                state.surrogates[(kind, original)] = new
                return new
        return None

    def _leaks(self, original: str, new: str, state: DocumentState, other_originals: bool = True) -> bool:
        """The surrogate reads as its original, as another original of the document, or as a blocked string."""
        key = fold(new)
        return key == fold(original) or key in self._blocked or (other_originals and key in state.originals)


def surrogate_document(doc: Document, *, seed: int = 0, config: EngineConfig | None = None,
                       schema: LabelSchema | str = "meddocan") -> SurrogateResult:
    """One-shot convenience; build an :class:`Engine` yourself to surrogate many documents."""
    return Engine(config, schema).apply(doc, seed=seed)
