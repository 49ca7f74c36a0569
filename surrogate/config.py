"""Engine configuration: one immutable value object, picklable, so worker processes rebuild the engine."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Mapping

if TYPE_CHECKING:
    from .replacers.people.corpus_prior import NamePrior

PROFILES = ("surrogate", "mask", "tag", "redact")


@dataclass(frozen=True)
class EngineConfig:
    """How documents are surrogated.

    profile          surrogate | mask | tag | redact
    locale           gazetteer set and language of month names
    key              secret for corpus-wide consistency (HMAC of the normalised original); None = per document
    tag_format       placeholder for the tag profile; ``{tag}`` is the schema's tag, ``{label}`` the raw label
    date_shift_days  (min, max) range of the per-document date shift; 0 is never drawn
    day_first        how ambiguous numeric dates are read (01/02/2003 = 1 February)
    age_delta        (min, max) non-zero perturbation of adult ages, in years
    minor_age_delta  the same for ages under 18
    cap_age          ages at or above this are written as this value (HIPAA uses 90); None = no cap
    top_k            restrict name draws to the k most frequent (HitzalMed uses 100); None = all
    blocklist        strings no surrogate may equal (entity strings of a held-out split)
    unknown_label    what to do with a label the schema does not know: "mask" (default) or "tag"
    options          per-kind options for replacers, e.g. {"identifier": {"unknown": "mask"}}; {"kinship":
                     {"policy": "replace"}} changes relatives within sex and generation (default "keep")
    name_prior       a share of name draws follows the input corpus's own name words (``NamePrior``, built
                     from the corpus); None = the census alone
    """

    profile: str = "surrogate"
    locale: str = "es"
    key: bytes | None = None
    tag_format: str = "[{tag}]"
    date_shift_days: tuple[int, int] = (-365, 365)
    day_first: bool = True
    age_delta: tuple[int, int] = (-5, 5)
    minor_age_delta: tuple[int, int] = (-2, 2)
    cap_age: int | None = None
    top_k: int | None = None
    blocklist: frozenset[str] = frozenset()
    unknown_label: str = "mask"
    options: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    name_prior: NamePrior | None = None

    def __post_init__(self) -> None:
        if self.profile not in PROFILES:
            raise ValueError(f"unknown profile {self.profile!r}; choose one of {', '.join(PROFILES)}")
        if self.unknown_label not in ("mask", "tag"):
            raise ValueError("unknown_label must be 'mask' or 'tag'")
        lo, hi = self.date_shift_days
        if lo > hi or (lo == 0 and hi == 0):
            raise ValueError("date_shift_days must be a range that contains a non-zero value")

    def kind_options(self, kind: str) -> Mapping[str, object]:
        return self.options.get(kind, {})
