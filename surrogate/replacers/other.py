"""Other identifying details (kind ``other``): OTROS_SUJETO_ASISTENCIA, biometric identifiers, devices...

Option ``policy`` (``EngineConfig.options["other"]["policy"]``):

- ``words`` (default; ``shape`` is its old name): a span with digits is a code (:func:`code_like`: digits
  re-drawn, labels kept, words real words); a span of words gets a real value of the same category (nationality, marital
  status, ethnicity, kinship, occupation, condition... see :mod:`.open_words`), or is masked when it is no
  category we know ("tatuaje", "raza negra" → "raza blanca", "fusil de pesca submarina" → masked);
- ``mask``: every letter and digit becomes ``X`` (the mask profile's rule).
"""
from __future__ import annotations

import re

import numpy as np

from gazetteers.text import fold

from .. import profiles
from . import open_words
from .base import CannotReplace, Replacer, SpanContext
from .registry import register
from .shape import refuse_unchanged, shape_runs

POLICIES = ("words", "shape", "mask")
#: words that label a code and stay ("modelo X Nº 50-63", "lote 12"): they say what follows, not whose it is
CODE_LABELS = frozenset(fold(w) for w in "nº n.º no núm num número nro ref modelo mod serie lote marca tipo talla".split())
_VOWEL = re.compile(r"[aeiouáéíóúü]", re.IGNORECASE)


@register
class OtherReplacer(Replacer):
    kind = "other"

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self.policy = str(self.options.get("policy", "words"))
        if self.policy not in POLICIES:
            raise ValueError(f"options.other.policy must be one of {', '.join(POLICIES)}, not {self.policy!r}")

    def keeps(self, word: str) -> bool:
        """Frame words ("raza", "origen") and the words of the category table's values ("piel", "cicatriz")
        describe no one: a drawn value may repeat them."""
        return word in CODE_LABELS or word in open_words.kept_words(self.gazetteers)

    def replace(self, original: str, ctx: SpanContext) -> str:
        if not any(c.isalnum() for c in original):
            raise CannotReplace("span without letters or digits")
        if self.policy == "mask":
            return profiles.mask(original)
        if any(c.isdigit() for c in original):
            return code_like(original, ctx.rng)
        return open_words.surrogate(self.gazetteers, original, ctx)


def code_like(original: str, rng: np.random.Generator) -> str:
    """A code with words ("modelo PARA Nº 50-63"): digits re-drawn, labels and function words kept, letter
    runs of one or two letters or without a vowel (a code's letters) re-drawn, other words real words."""
    new = shape_runs(original, rng, is_code=lambda run: len(run) <= 2 or not _VOWEL.search(run),
                     keep=lambda run: fold(run) in CODE_LABELS)
    return refuse_unchanged(original, new)
