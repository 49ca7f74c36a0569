"""People outside header fields: after an honorific."""
from __future__ import annotations

from . import patterns as P
from .common import STRUCTURED, Candidate


class NameRules:
    """Mixin of :class:`~surrogate.ner.rules.backend.RulesBackend`: person names in running text."""

    def _honorific_names(self, text: str) -> list[Candidate]:
        out = []
        for h in P.HONORIFIC.finditer(text):
            span = self._grab_name(text, h.end(), len(text), max_words=6)
            if span:
                label = "NOMBRE_PERSONAL_SANITARIO" if P.STAFF_HONORIFIC.match(h.group()) else "NOMBRE_SUJETO_ASISTENCIA"
                out.append(Candidate(span[0], span[1], label, STRUCTURED))
        return out
