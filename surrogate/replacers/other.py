"""Other identifying details (kind ``other``): OTROS_SUJETO_ASISTENCIA, biometric identifiers, devices...

These spans are free text of any shape ("tatuaje en la región pectoral", "modelo PARA Nº 50-63"), so no
realistic generator exists. Option ``policy`` (``EngineConfig.options["other"]["policy"]``):

- ``shape`` (default): keep the shape: digits re-drawn (leading zero kept), words become pseudo-words with
  the same consonant/vowel pattern and case, short function words (de, la, en...) and punctuation stay;
- ``mask``: every letter and digit becomes ``X`` (the mask profile's rule).
"""
from __future__ import annotations

import numpy as np

from gazetteers.text import fold

from .. import profiles
from .base import CannotReplace, Replacer, SpanContext
from .registry import register
from .shape import pseudo_word, random_digits, refuse_unchanged, shape_runs

POLICIES = ("shape", "mask")


@register
class OtherReplacer(Replacer):
    kind = "other"

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self.policy = str(self.options.get("policy", "shape"))
        if self.policy not in POLICIES:
            raise ValueError(f"options.other.policy must be one of {', '.join(POLICIES)}, not {self.policy!r}")

    def replace(self, original: str, ctx: SpanContext) -> str:
        if not any(c.isalnum() for c in original):
            raise CannotReplace("span without letters or digits")
        if self.policy == "mask":
            return profiles.mask(original)
        return shape_words(original, ctx.rng)


def shape_words(original: str, rng: np.random.Generator) -> str:
    """Shape-kept text: pseudo-words for words, random codes for upper-case codes, digits re-drawn."""
    new = shape_runs(original, rng, is_code=lambda run: run.isupper() and len(run) <= 4)
    if fold(new) == fold(original):  # only function words or 0s: re-draw everything
        new = "".join(
            pseudo_word(rng, c) if c.isalpha() else random_digits(rng, 1, first_nonzero=True) if c.isdigit() else c
            for c in original
        )
    return refuse_unchanged(original, new)
