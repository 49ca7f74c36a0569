"""The input corpus's own name words as a share of the name draws, so that surrogates hide in plain sight.

Names drawn from the national census alone stand apart from a corpus whose names follow a region (Basque,
Galician or Catalan surnames) or a hospital's staff: a reader, or a classifier, can tell the surrogates from
the real names that detection missed. With a :class:`NamePrior`, a ``share`` of every given-name and surname
draw follows how many documents of the corpus name someone with each word; the rest follows the census.

What keeps the prior from spreading anyone's name:

- it only reweights words the census pools already hold, each borne by at least ``MIN_CENSUS_SHARE`` of its
  pool's population (a few hundred people in Spain); it never adds a word;
- a word counts only where at least ``min_documents`` documents name someone with it: a patient's surname
  written in one note is never spread to another;
- a surrogate never equals a whole name of two or more words written in any document of the corpus
  (:meth:`NamePrior.is_corpus_name`), so a recurring doctor's name never turns up in another note.
"""
from __future__ import annotations

import functools
import hashlib
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from gazetteers.text import fold

from ...model import Document
from ...schemas import LabelSchema
from .mentions import NAME_WORD
from .tokens import ARTICLES, CONJUNCTIONS, PARTICLES

#: share of each name draw that follows the corpus (the rest follows the census); on MEDDOCAN dev, names
#: realism AUC (``../shared/tools/realism.py``) .72 with the census alone, .66 at 0.3, .62 at 0.5
DEFAULT_SHARE = 0.5
#: a word names someone in at least this many documents before it counts
MIN_DOCUMENTS = 2
#: a census word is boosted only if its pool's population bears it at least this often (about 240 of the
#: 24 million given names of one sex): rarer words could point at one family
MIN_CENSUS_SHARE = 1e-5
_NOT_NAME_WORDS = frozenset(fold(w) for w in PARTICLES | ARTICLES | CONJUNCTIONS)


@dataclass(frozen=True)
class NamePrior:
    """How many documents of a corpus name someone with each (folded) word, and the corpus's whole names.

    Build it with :meth:`from_documents`; pass it as ``EngineConfig(name_prior=...)``. It is a plain value:
    picklable for worker processes, and the same corpus gives the same prior whatever the worker count."""

    counts: tuple[tuple[str, int], ...]
    full_names: frozenset[str] = frozenset()
    share: float = DEFAULT_SHARE

    def __post_init__(self) -> None:
        if not 0.0 <= self.share <= 1.0:
            raise ValueError(f"a name prior's share must be between 0 and 1, not {self.share}")

    @classmethod
    def from_documents(cls, documents: Iterable[Document], is_name_label: Callable[[str], bool], *,
                       share: float = DEFAULT_SHARE, min_documents: int = MIN_DOCUMENTS) -> NamePrior:
        """The prior of ``documents``' person-name spans (labels for which ``is_name_label`` is true)."""
        in_documents: Counter[str] = Counter()
        full_names: set[str] = set()
        for doc in documents:
            words: set[str] = set()
            for span in doc.spans:
                if not is_name_label(span.label):
                    continue
                text = " ".join(doc.text[s:e] for s, e in span.fragments)  # a discontinuous name: its pieces only
                found = [fold(w) for w in NAME_WORD.findall(text)]
                found = [w for w in found if len(w) > 1 and w not in _NOT_NAME_WORDS]
                words.update(found)
                if len(found) > 1:
                    full_names.add(" ".join(found))
            in_documents.update(words)
        counts = tuple(sorted((w, n) for w, n in in_documents.items() if n >= min_documents))
        return cls(counts, frozenset(full_names), share)

    @classmethod
    def from_schema(cls, documents: Iterable[Document], schema: LabelSchema, **options: float | int) -> NamePrior:
        """The prior of ``documents``' spans whose label ``schema`` reads as a person's name."""
        return cls.from_documents(documents, lambda label: schema.kind_of(label) == "person_name", **options)

    @functools.cached_property
    def _count_of(self) -> dict[str, int]:
        return dict(self.counts)

    @functools.cached_property
    def digest(self) -> str:
        """Identifies the prior in caches keyed by content (name pools)."""
        h = hashlib.sha256(repr((self.share, self.counts)).encode("utf-8"))
        for name in sorted(self.full_names):
            h.update(name.encode("utf-8") + b"\x1f")
        return h.hexdigest()[:16]

    def reweight(self, values: Sequence[str], weights: np.ndarray) -> np.ndarray:
        """Census ``weights`` of a pool's ``values`` mixed with the corpus's counts of the same values:
        ``(1 - share) · census + share · corpus``; unchanged where the corpus counts none of them."""
        census = np.asarray(weights, dtype=np.float64)
        total = census.sum()
        if total <= 0 or not self.counts or self.share == 0.0:
            return census
        census = census / total
        count_of = self._count_of
        corpus = np.fromiter((count_of.get(fold(v), 0) for v in values), dtype=np.float64, count=len(values))
        corpus[census < MIN_CENSUS_SHARE] = 0.0
        if corpus.sum() <= 0:
            return census
        return (1.0 - self.share) * census + self.share * corpus / corpus.sum()

    def is_corpus_name(self, name: str) -> bool:
        """True if ``name`` is, word for word, a name of two or more words of the corpus."""
        words = [w for w in (fold(x) for x in NAME_WORD.findall(name)) if len(w) > 1 and w not in _NOT_NAME_WORDS]
        return len(words) > 1 and " ".join(words) in self.full_names
