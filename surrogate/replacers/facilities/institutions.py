"""INSTITUCION: companies, universities, public bodies and the like, replaced within their kind.

The kind is read from the wording (``institution_kinds.institution_kind``: ``Laboratorios``/``Pharma``/
``Medical``/``Dental`` or an unmarked brand → company_health; ``Mutua``/``Seguros`` → insurer;
``Investigación`` → research; ``Clínica``/``Centro Médico``/``Hemodiálisis`` → clinic; ``Residencia`` →
care_home; ``Fundación``/``Asociación``/``ONCE`` → ngo; ``Colegio`` → school; ``Universidad``/``Facultad`` →
university; ``Juzgado``/``Medicina Legal``/``Servicio … de Salud``/``Ministerio``/``SAMUR`` → public_body;
``Transportes``/``Hotel``… → company) and a value of that kind is drawn from the ``institutions`` table (a custom
table without that kind: the nearest kind that it has, else any row). An acronym (``MSD``, ``IVML``, ``SAMUR``)
becomes the initials of a drawn name of its kind, in the same length and case where the name has enough words;
a trailing ``(ACRONYM)`` is rebuilt from the new name's initials.
"""
from __future__ import annotations

import re

from gazetteers import Sampler

from ...textcase import render_like
from ..base import CannotReplace, Replacer, SpanContext
from .acronyms import acronym_like
from .parse import is_acronym
from ...leak_guard import words_of
from .parse import TYPE_WORDS
from .institution_kinds import FALLBACK_KINDS, institution_kind
from ..registry import register

_TRAILING_ACRONYM = re.compile(r"^(?P<main>.+?)(?P<sep>\s*\(\s*)(?P<acr>[A-ZÁÉÍÓÚÑ0-9.\-]{2,})(?P<close>\s*\))$")
INSTITUTION_WORDS = (
    "universidad universitat facultad escuela colegio asociación fundación federación sociedad instituto servicio "
    "consejería conselleria departamento ministerio ayuntamiento diputación junta gobierno generalitat xunta "
    "consejo consorcio mutua centro salud social sociales residencia investigación investigaciones sanidad "
    "sanitaria sanitario sanitarias biomédica biomédicas biomedicina ciencias ciencia médica médicas pública "
    "públicas servicios bienestar consumo trabajo justicia educación igualdad empleo tribunal juzgado guardia"
)


@register
class InstitutionReplacer(Replacer):
    kind = "institution"
    kept_words = words_of(TYPE_WORDS, INSTITUTION_WORDS)  # what kind of body it is, never its name

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self._samplers: dict[str, Sampler] = {}

    def _sampler(self, kind: str) -> Sampler:
        if kind not in self._samplers:
            gaz = self.gazetteers["institutions"]
            kinds = set(gaz.frame["institution_kind"].to_list()) if "institution_kind" in gaz.frame.columns else set()
            have = next((k for k in (kind, *FALLBACK_KINDS.get(kind, ())) if k in kinds), None)
            self._samplers[kind] = gaz.sampler(institution_kind=have) if have else gaz.sampler()
        return self._samplers[kind]

    def replace(self, original: str, ctx: SpanContext) -> str:
        text = original.strip()
        if not text:
            raise CannotReplace("empty institution")
        lead, trail = original[: original.find(text)], original[original.find(text) + len(text):]
        if is_acronym(text):
            return lead + acronym_like(text, ctx.rng, self._names(text, ctx)) + trail
        m = _TRAILING_ACRONYM.match(text)
        if m:  # "Instituto Universitario de Oftalmobiología Aplicada (IOBA)": the new name's initials
            main = self._draw(m.group("main"), ctx)
            acr = acronym_like(m.group("acr"), ctx.rng, self._names(m.group("main"), ctx), own=main)
            return lead + main + m.group("sep") + acr + m.group("close") + trail
        return lead + self._draw(text, ctx) + trail

    def _names(self, text: str, ctx: SpanContext):
        """Names of the same kind that a lone acronym takes its initials from."""
        sampler = self._sampler(institution_kind(text))
        return (sampler.draw(ctx.rng, exclude=[text]) for _ in range(32))

    def _draw(self, text: str, ctx: SpanContext) -> str:
        new = self._sampler(institution_kind(text)).draw(ctx.rng, exclude=[text])
        return render_like(text, new)

