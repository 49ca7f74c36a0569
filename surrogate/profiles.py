"""The non-natural profiles: mask, tag and redact. Each is a pure function of the original."""
from __future__ import annotations

from gazetteers.text import fold

MASK_CHAR = "X"
_FALLBACK_CHAR = "*"


def mask(original: str) -> str:
    """Every letter or digit becomes X; spaces and punctuation stay.

    If that would read the same as the original (it has no letters or digits, or is already "XXX"), every
    non-space character is masked with ``*`` instead, so the output never equals the input.
    """
    out = "".join(MASK_CHAR if c.isalnum() else c for c in original)
    if fold(out) == fold(original) and fold(original):
        out = "".join(c if c.isspace() else _FALLBACK_CHAR for c in original)
        if fold(out) == fold(original):  # the original was asterisks already
            out = MASK_CHAR * len(original)
    return out


def tag(label: str, tag_name: str, template: str = "[{tag}]") -> str:
    """A placeholder such as ``[NOMBRE]`` or ``#PERSONA#`` (template fields: ``{tag}``, ``{label}``)."""
    return template.format(tag=tag_name, label=label)


def redact(original: str) -> str:
    return ""
