"""The replacer contract: one small class per kind, one injected RNG, no text surgery, no I/O."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterator, Mapping

import numpy as np

from gazetteers import GazetteerSet

from ..config import EngineConfig
from ..model import Document, Span

if TYPE_CHECKING:  # pragma: no cover
    from ..schemas import LabelSchema


class CannotReplace(Exception):
    """Raised by a replacer that cannot handle a span; the engine then masks it (fail closed).

    The message must not contain the span's text.
    """


@dataclass
class DocumentState:
    """Per-document memory shared by all replacers (consistency, date shift, people's sex).

    ``memo`` is a scratch space keyed by replacer kind; ``surrogates`` records every finished
    (kind, original) → surrogate pair so later kinds (e-mail after names) can build on them.
    """

    document: Document
    schema: "LabelSchema"
    date_shift_days: int | None = None
    #: folded texts of every span being surrogated: no surrogate may reproduce any of them
    originals: frozenset[str] = frozenset()
    memo: dict[str, dict[str, Any]] = field(default_factory=dict)
    surrogates: dict[tuple[str, str], str] = field(default_factory=dict)

    def memo_for(self, kind: str) -> dict[str, Any]:
        return self.memo.setdefault(kind, {})

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
    #: lower runs earlier; e-mails run after names so they can reuse the names' surrogates
    priority: ClassVar[int] = 50
    #: refuse surrogates that equal another original of the document. Dates opt out: one shift per document
    #: maps "2014" to "2015" while "2015" (shifted in turn) may be another mention; refusing would break it.
    avoid_other_originals: ClassVar[bool] = True

    def __init__(self, gazetteers: GazetteerSet, config: EngineConfig) -> None:
        self.gazetteers = gazetteers
        self.config = config
        self.options = config.kind_options(self.kind)

    def begin_document(self, state: DocumentState, rng: np.random.Generator) -> None:
        """Called once per document before any span of this kind is replaced."""

    def replace(self, original: str, ctx: SpanContext) -> str:
        raise NotImplementedError
