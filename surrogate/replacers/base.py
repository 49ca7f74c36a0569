"""The replacer contract: one small class per kind, one injected RNG, no text surgery, no I/O."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterator, Mapping, TypeVar

import numpy as np

from gazetteers import GazetteerSet
from gazetteers.fitted import FittedDetails, fitted_details

from ..config import EngineConfig
from ..model import Document, Span

if TYPE_CHECKING:  # pragma: no cover
    from ..schemas import LabelSchema
    from .places.plan import TerritoryPlan

T = TypeVar("T")


class CannotReplace(Exception):
    """Raised by a replacer that cannot handle a span; the engine then masks it (fail closed).

    The message must not contain the span's text.
    """


@dataclass
class DocumentState:
    """Per-document memory shared by all replacers (consistency, date shift, people's sex).

    ``memo`` is a replacer's own scratch space, keyed by its kind; state that one replacer prepares for
    another is a typed field below. ``surrogates`` records every finished (kind, original) → surrogate pair
    so later kinds (e-mail after names) can build on them. ``analyses`` holds what replacers worked out from
    the document alone (no draws): the engine keeps it across applies of the same content, so it is shared
    and must be treated as read-only.
    """

    document: Document
    schema: "LabelSchema"
    date_shift_days: int | None = None
    #: folded texts of every span being surrogated: no surrogate may reproduce any of them
    originals: frozenset[str] = frozenset()
    memo: dict[str, dict[str, Any]] = field(default_factory=dict)
    surrogates: dict[tuple[str, str], str] = field(default_factory=dict)
    #: territory → phones, addresses: the document's place plan and its surrogate provinces
    place_plan: "TerritoryPlan | None" = None
    #: territory → country: folded foreign country mention → the surrogate country (iso2) its block uses
    country_plan: dict[str, str] = field(default_factory=dict)
    #: kinship → person_name: a relative's name → the sex its kinship term gives ("su madre Ana")
    sex_hints: dict[str, str] = field(default_factory=dict)
    #: kinship → person_name: a relative's one-word name right after its kinship word ("su hijo Pelayo"), a given
    #: name whatever the census says of it as a surname (it came out "su hijo tapia")
    given_names: set[str] = field(default_factory=set)
    analyses: dict[str, Any] = field(default_factory=dict)

    def memo_for(self, kind: str) -> dict[str, Any]:
        return self.memo.setdefault(kind, {})

    def analysis(self, name: str, build: Callable[["DocumentState"], T]) -> T:
        """``build(self)`` once per document content (cached by the engine across seeds); never mutate it."""
        try:
            return self.analyses[name]
        except KeyError:
            value = self.analyses[name] = build(self)
            return value

    def spans_of_kind(self, kind: str) -> Iterator[Span]:
        for sp in self.document.spans:
            if self.schema.kind_of(sp.label) == kind:
                yield sp

    def surrogates_of_kind(self, kind: str) -> dict[str, str]:
        return {orig: sur for (k, orig), sur in self.surrogates.items() if k == kind}


@dataclass
class SpanContext:
    """Everything a replacer may look at for one span (or one fragment of a discontinuous span)."""

    span: Span
    start: int  # offsets of the text being replaced (a fragment for discontinuous spans)
    end: int
    label: str
    options: Mapping[str, object]
    rng: np.random.Generator
    state: DocumentState
    config: EngineConfig
    #: ``delegate(kind, text)`` surrogates a piece of this span with another kind's replacer (a name inside
    #: a kinship mention, an e-mail inside a contact); same cache and leak guard; raises CannotReplace.
    delegate: Callable[[str, str], str] | None = None

    @property
    def document(self) -> Document:
        return self.state.document

    @property
    def text(self) -> str:
        return self.state.document.text

    def before(self, n: int = 60) -> str:
        return self.text[max(0, self.start - n) : self.start]

    def after(self, n: int = 60) -> str:
        return self.text[self.end : self.end + n]


class Replacer:
    """Base class. Subclasses set ``kind`` and implement :meth:`replace`.

    ``__init__`` runs once per engine: load gazetteers, build samplers and compile regexes there, never in
    :meth:`replace`. ``begin_document`` may precompute per-document state (address blocks, the date shift).
    """

    kind: ClassVar[str] = ""
    #: kinds whose spans must be replaced first because this replacer reads their state (e-mails reuse the
    #: names' surrogates: ``after = ("person_name",)``). The engine orders kinds by these, then by name.
    after: ClassVar[tuple[str, ...]] = ()
    #: refuse surrogates that equal another original of the document. Dates opt out: one shift per document
    #: maps "2014" to "2015" while "2015" (shifted in turn) may be another mention; refusing would break it.
    avoid_other_originals: ClassVar[bool] = True
    #: folded words of an original that this replacer's format policy may copy into its surrogate (labels such
    #: as "dr" or "c", via types, facility-type words). Anything else it copies is re-surrogated or masked by
    #: the engine's leak guard (``surrogate.leak_guard``); stop-words, month names and kinship terms are always
    #: allowed.
    kept_words: ClassVar[frozenset[str]] = frozenset()
    #: a mention the document also writes in another case ("HOSPITAL LA FE" in the header, "Hospital La Fe" in
    #: the text) takes that mention's surrogate in its own case; the engine draws the one whose case says most
    #: (mixed, then lower, then capitals: "DRASSANES" alone reads as an acronym). Names and places agree
    #: through their own analyses.
    case_variants_agree: ClassVar[bool] = False

    def __init__(self, gazetteers: GazetteerSet, config: EngineConfig) -> None:
        self.gazetteers = gazetteers
        self.config = config
        self.options = config.kind_options(self.kind)

    @functools.cached_property
    def fitted(self) -> FittedDetails:
        """The gazetteer set's fitted details (``fitted_details`` table: door letters, floors, digit steps…),
        looked up once per replacer: draws read it per entity."""
        return fitted_details(self.gazetteers)

    def begin_document(self, state: DocumentState, rng: np.random.Generator) -> None:
        """Called once per document before any span of this kind is replaced."""

    def replace(self, original: str, ctx: SpanContext) -> str:
        raise NotImplementedError

    def keeps(self, word: str) -> bool:
        """May a (folded) word of the original reappear in the surrogate? Override for a predicate."""
        return word in self.kept_words

    def named_parts(self, original: str) -> list[str]:
        """Parts of an original that are originals of their own (a relative's name inside a kinship mention):
        the leak guard protects them like whole spans, so no other surrogate of the document holds them."""
        return []

    def may_keep(self, original: str, ctx: SpanContext) -> bool:
        """May ``original`` come back unchanged? Only for values that identify no one (the locale's own country,
        a bare kinship word); the engine refuses any other surrogate that reads as its original."""
        return False
