"""From sub-word probabilities to word labels to character spans (the transformers backend's pure-numpy half).

A text is cut into words (:func:`surrogate.ner.tokenize.tokens`), the words go through the model in
overlapping windows, and every sub-word of every window yields a probability vector over the model's
tags. :class:`WordVotes` pools those vectors per word; :func:`decode_tags` turns the words' tags
(BIO, or BIOES/BILOU) into ``(start, end, label)`` candidates with the words' exact offsets.

No torch here: the pooling and decoding are tested on hand-made probabilities.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from .tokenize import Token

AGGREGATIONS = ("max", "average", "first")

_BEGIN = {"B", "S", "U"}  # a tag that always opens a span
_SINGLE = {"S", "U"}  # opens and closes it
_LAST = {"E", "L"}  # continues and closes it
_PREFIXES = {"B", "I", "E", "S", "L", "U"}


@dataclass(frozen=True, slots=True)
class Tag:
    """A model tag split into its position prefix (``B``, ``I``, ...; ``O`` for outside) and entity type."""

    prefix: str
    label: str | None

    @classmethod
    def parse(cls, tag: str) -> "Tag":
        """``B-FECHAS`` → (B, FECHAS); ``O`` → (O, None); an unprefixed ``FECHAS`` (IO tagging) → (I, FECHAS)."""
        if tag in ("O", ""):
            return cls("O", None)
        head, sep, rest = tag.partition("-")
        if sep and head.upper() in _PREFIXES and rest:
            return cls(head.upper(), rest)
        return cls("I", tag)


def entity_types(tags: Sequence[str]) -> list[str]:
    """The entity types a tag set can produce, sorted."""
    return sorted({t.label for t in map(Tag.parse, tags) if t.label is not None})


class WordVotes:
    """Pools per-sub-word probability vectors into one vector per word.

    ``max`` (the default, as in the paper): a word's score for a tag is the highest probability any of its
    sub-words gives that tag, in any window; the word takes the tag with the highest score. ``average``
    averages the vectors instead; ``first`` keeps the first sub-word of the word's first window (the
    usual training convention). A word no window covers gets no vote and is tagged ``O``.
    """

    def __init__(self, n_words: int, n_tags: int, aggregation: str = "max") -> None:
        if aggregation not in AGGREGATIONS:
            raise ValueError(f"aggregation must be one of {', '.join(AGGREGATIONS)}")
        self.aggregation = aggregation
        self.scores = np.zeros((n_words, n_tags), dtype=np.float64)
        self.count = np.zeros(n_words, dtype=np.int64)

    def add(self, word_ids: np.ndarray, probs: np.ndarray) -> None:
        """``word_ids[i]`` is the word of sub-word ``i`` (or -1 for special/padding tokens); ``probs[i]`` its vector."""
        keep = word_ids >= 0
        ids, vecs = word_ids[keep], probs[keep]
        if not len(ids):
            return
        if self.aggregation == "max":
            np.maximum.at(self.scores, ids, vecs)
        elif self.aggregation == "average":
            np.add.at(self.scores, ids, vecs)
        else:
            unseen = self.count[ids] == 0
            ids, vecs = ids[unseen], vecs[unseen]
            first = np.unique(ids, return_index=True)[1]  # the first sub-word of each new word
            self.scores[ids[first]] = vecs[first]
        np.add.at(self.count, word_ids[keep], 1)

    def best(self, outside: int) -> np.ndarray:
        """Index of each word's winning tag; ``outside`` (the ``O`` tag) for words without a vote."""
        best = self.scores.argmax(axis=1) if self.scores.shape[1] else np.zeros(len(self.count), dtype=np.int64)
        best[self.count == 0] = outside
        return best


def decode_tags(words: Sequence[Token], tags: Sequence[Tag]) -> list[tuple[int, int, str]]:
    """Character spans from word tags.

    ``B``/``S`` open a span; ``I``/``E`` extend the open span of the same type, or open one (an ``I`` after
    ``O`` or after another type is read as a beginning, as conlleval does); ``E``/``S`` close it.
    Spans run from the first word's start to the last word's end, so they carry the words' exact offsets.
    """
    out: list[list] = []
    current: list | None = None
    for word, tag in zip(words, tags):
        if tag.label is None:
            current = None
            continue
        if tag.prefix in _BEGIN or current is None or current[2] != tag.label:
            current = [word.start, word.end, tag.label]
            out.append(current)
        else:
            current[1] = word.end
        if tag.prefix in _SINGLE or tag.prefix in _LAST:
            current = None
    return [(s, e, label) for s, e, label in out]
