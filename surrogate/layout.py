"""A document's layout: what the engine works out from a document alone, once per document content, and every
seed reuses (``DocumentState.analysis("engine:layout")``).

- each span's plan: its kind (from the label schema), its action (from the profile: surrogate, mask, tag,
  redact or keep; mask where no replacer is registered for the kind; an unknown label's ``unknown_label``)
  and its label spec;
- the overlap resolution (:mod:`.overlaps`): the edits, the spans nested in or crossing one, the kept spans;
- the document's leak guard: each original being replaced with its replacer's kept words, and the names
  inside originals (a relative's name in a kinship mention) with the name replacer's;
- the order of the edits: by kind, each after the kinds its replacer declares in ``after``, then by position.

:class:`Layouts` is a mixin of :class:`surrogate.engine.Engine` (it needs the engine's config, schema,
gazetteers, replacers and caches).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from gazetteers import GazetteerSet

from . import overlaps
from .config import EngineConfig
from .leak_guard import DocumentGuard, Vocabulary, locale_vocabulary, words_of
from .model import Document, Span
from .replacers.base import Replacer
from .replacers.registry import get_replacer_class, run_order
from .schemas import LabelSchema, LabelSpec

_ALWAYS_KEPT = {"keep"}  # section headers and other non-PHI labels
_KEPT_IN_SURROGATE = {"sex"}  # changing the sex would break grammatical agreement elsewhere
_VERDICTS_KEPT = 1 << 14  # the guards' verdicts an engine keeps before it starts afresh (memory stays flat)


class Plan(NamedTuple):  # a tuple: built for every span of every document, far cheaper than a dataclass
    span: Span
    kind: str
    action: str  # surrogate | mask | tag | redact | keep | fallback-mask
    spec: LabelSpec | None


@dataclass(frozen=True)
class Layout:
    """A document's plans, overlap resolution, leak guard and run order: the same for every seed."""
    plans: dict[str, Plan]
    resolution: overlaps.Resolution
    edits: list[Plan]
    guard: DocumentGuard
    annotated: dict[str, frozenset[str]]
    active: list[str]
    nested: dict[str, tuple[Span, ...]]  # head id -> its nested spans, for heads with some
    order: list[int]  # indices of ``edits`` in the order they are replaced: by run order of kind, then start
    edit_spans: tuple[Span, ...]  # the spans of ``edits``, as the text is cut
    texts: dict[str, str]  # span id -> its original text (each edit's and each overlapping member's)


class Layouts:
    """Plans and layouts for :class:`surrogate.engine.Engine` (a mixin: the engine makes the caches below)."""

    config: EngineConfig
    schema: LabelSchema
    gazetteers: GazetteerSet
    replacer: Callable[[str], Replacer | None]
    _orders: dict[frozenset[str], list[str]]
    _vocabulary: Vocabulary | None
    _rules: dict[str, tuple[str, str, LabelSpec | None]]
    _kept: dict[str, Callable[[str], bool]]
    _verdicts: dict[tuple[str, Callable[[str], bool]], bool]

    @property
    def _neutral(self) -> Vocabulary:
        """Words any surrogate may repeat (built on first use: it reads the kinship gazetteer)."""
        if self._vocabulary is None:
            kin = self.gazetteers["kinship"].column("value") if "kinship" in self.gazetteers else []
            self._vocabulary = locale_vocabulary(self.config.locale, kin)
        return self._vocabulary

    def _run_order(self, kinds: frozenset[str]) -> list[str]:
        """Active kinds, each after the kinds its replacer declares in ``after`` (ties by kind name)."""
        order = self._orders.get(kinds)
        if order is None:
            order = self._orders[kinds] = run_order(kinds)
        return order

    def _plan(self, span: Span) -> Plan:
        rule = self._rules.get(span.label)
        if rule is None:
            rule = self._rules[span.label] = self._rule(span.label)
        return Plan(span, *rule)

    def _rule(self, label: str) -> tuple[str, str, LabelSpec | None]:
        """(kind, action, spec) of every span with this label: the same for the engine's lifetime."""
        spec = self.schema.spec(label)
        profile = self.config.profile
        if spec is None:
            return "unknown", self.config.unknown_label, None
        if spec.kind in _ALWAYS_KEPT or (profile == "surrogate" and spec.kind in _KEPT_IN_SURROGATE):
            return spec.kind, "keep", spec
        if profile != "surrogate":
            return spec.kind, profile, spec
        if self.replacer(spec.kind) is None:
            return spec.kind, "mask", spec
        return spec.kind, "surrogate", spec

    def _layout(self, doc: Document) -> Layout:
        """What the engine works out from the document alone, once per document (every seed reuses it)."""
        plans = {sp.id: self._plan(sp) for sp in doc.spans}
        res = overlaps.resolve(doc.spans, kept=lambda sp: plans[sp.id].action == "keep")
        replaced = [p for p in plans.values() if p.action != "keep"]
        if len(self._verdicts) > _VERDICTS_KEPT:  # bounded: start afresh rather than grow with the corpus
            self._verdicts.clear()
        guard = DocumentGuard(
            [*((doc.text[s:e], self._kept_words(p.kind)) for p in replaced for s, e in p.span.fragments),
             *self._named_parts(doc, replaced)], self._neutral, self._verdicts,
        )
        # a head may not keep, as its own format policy's word, what a span inside it annotates ("Izq" as TERRITORIO)
        annotated = {
            c.head.id: words_of(doc.text[s:e] for m in c.nested + c.crossing if plans[m.id].action != "keep"
                                for s, e in m.fragments) - self._neutral.words
            for c in res.clusters
        }
        # every kind being surrogated prepares the document, nested spans' kinds too (their surrogates may be
        # asked for when they are realigned inside their cluster's head)
        active = self._run_order(frozenset(p.kind for p in plans.values() if p.action == "surrogate"))
        edits = [plan if (plan := plans[e.id]).span is e else Plan(e, plan.kind, plan.action, plan.spec)
                 for e in res.edits]
        nested = {c.edit.id: c.nested for c in res.clusters if c.nested}
        priority = {k: i for i, k in enumerate(active)}
        order = sorted(range(len(edits)), key=lambda i: (priority.get(edits[i].kind, -1), edits[i].span.start))
        texts = {sp.id: doc.span_text(plans[sp.id].span) for sp in doc.spans}
        return Layout(plans, res, edits, guard, annotated, active, nested, order, tuple(p.span for p in edits), texts)

    def _named_parts(self, doc: Document, replaced: list[Plan]) -> list[tuple[str, Callable[[str], bool]]]:
        """The parts of the originals being surrogated that are originals of their own (``Replacer.named_parts``:
        a relative's name inside a kinship mention), each with the name replacer's kept words."""
        names = self._kept_words("person_name")
        return [(part, names) for p in replaced if p.action == "surrogate" and get_replacer_class(p.kind) is not None
                for s, e in p.span.fragments for part in self.replacer(p.kind).named_parts(doc.text[s:e])]

    def _kept_words(self, kind: str):
        """The words (not the predicate: a year is a date's number, yet "1993" alone is PHI) that make an
        original of this kind name no one when it holds nothing else ("Hospital General"). One callable per
        kind, so the guard's verdict cache finds it again."""
        kept = self._kept.get(kind)
        if kept is None:
            replacer = self.replacer(kind) if get_replacer_class(kind) is not None else None
            words = replacer.kept_words if replacer is not None else frozenset()
            kept = self._kept[kind] = words.__contains__
        return kept
