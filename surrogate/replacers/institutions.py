"""INSTITUCION: companies, universities, public bodies and the like, replaced within their kind.

The kind is read from the wording (``Universidad``/``Facultad`` → university; ``Juzgado``, ``Instituto de
Medicina Legal``, ``Servicio ... de Salud``, ``Ministerio`` → public body; ``Fundación``/``Asociación`` → ngo;
``Residencia`` → care home; ``Colegio`` → school; ``S.A.``, ``S.L.``, ``Laboratorios``, ``Inc.`` or an unknown
brand-like name → company) and a value of that kind is drawn from the ``institutions`` table. An acronym
(``MSD``, ``IVML``, ``SAMUR``) becomes a plausible acronym of the same length and case; a trailing
``(ACRONYM)`` is rebuilt from the new name's initials when they fit, else drawn alike.
"""
from __future__ import annotations

import re

from gazetteers import Sampler, fold

from .base import CannotReplace, Replacer, SpanContext
from .facility_acronyms import acronym_like
from .facility_parse import is_acronym
from ..textcase import render_like
from .registry import register

_KIND_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple((kind, re.compile(rx, re.I)) for kind, rx in (
    ("university", r"\b(?:universi|facultad|facultat|faculty|escuela universitaria|escola universit|college|"
                   r"campus|ciudad universitaria|udelar)"),
    ("public_body", r"\b(?:juzgado|juzgados|justicia|tribunal|fiscal[ií]a|ministerio|consejer[ií]a|conseller|"
                    r"ayuntamiento|diputaci[oó]n|gobierno|servicio\b.*\bsalud|servei\b.*\bsalut|"
                    r"instituto (?:vasco |nacional )?de (?:medicina legal|toxicolog)|institut de medicina legal|"
                    r"medicina legal|m[eé]dico[- ]forense|\biml\b|penitenciari|polic[ií]a|guardia civil|samur|"
                    r"centro nacional|instituto nacional|agencia|consejo|nato|otan|seguridad social|"
                    r"transfusi[oó]n|emergencias|112)"),
    ("care_home", r"\b(?:residencia|centro de d[ií]a|hogar|geri[aá]tric)"),
    ("school", r"\b(?:colegio|instituto de educaci|escuela infantil|academia|conservatorio|ies\b)"),
    ("ngo", r"\b(?:fundaci[oó]n|fundaci[oó]|asociaci[oó]n|associaci[oó]|sociedad|cruz roja|c[aá]ritas|once\b|"
            r"plataforma|liga\b|federaci[oó]n)"),
    ("company", r"(?:\bs\.?\s?a\.?$|\bs\.?\s?l\.?$|\bsl\b|\bsa\b|\bco\b|\binc\b|\bltd\b|\bgmbh\b|corporation|"
                r"\bcorp\b|laboratori|pharma|farmac|medical|scientific|instruments?|healthcare|®|technolog)"),
    ("public_body", r"\b(?:instituto|institut|centro|centre|servicio|servei|red)\b"),  # public health bodies
))
_TRAILING_ACRONYM = re.compile(r"^(?P<main>.+?)(?P<sep>\s*\(\s*)(?P<acr>[A-ZÁÉÍÓÚÑ0-9.\-]{2,})(?P<close>\s*\))$")
_PARTICLES = frozenset("de del la las los el y e i d' para en".split())


def institution_kind(text: str) -> str:
    for kind, rx in _KIND_RULES:
        if rx.search(text):
            return kind
    return "company"  # MEDDOCAN's unmarked institutions are mostly firms (Allergan, Septodont, Merck)


@register
class InstitutionReplacer(Replacer):
    kind = "institution"
    priority = 38

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self._samplers: dict[str, Sampler] = {}

    def _sampler(self, kind: str) -> Sampler:
        if kind not in self._samplers:
            gaz = self.gazetteers["institutions"]
            kinds = set(gaz.frame["institution_kind"].to_list())
            self._samplers[kind] = gaz.sampler(institution_kind=kind) if kind in kinds else gaz.sampler()
        return self._samplers[kind]

    def replace(self, original: str, ctx: SpanContext) -> str:
        text = original.strip()
        if not text:
            raise CannotReplace("empty institution")
        lead, trail = original[: original.find(text)], original[original.find(text) + len(text):]
        if is_acronym(text):
            return lead + acronym_like(text, ctx.rng, keep_first=False) + trail
        m = _TRAILING_ACRONYM.match(text)
        if m:  # "Instituto Universitario de Oftalmobiología Aplicada (IOBA)"
            main = self._draw(m.group("main"), ctx)
            acr = _initials(main)
            if len(acr) != len(m.group("acr")) or fold(acr) == fold(m.group("acr")):
                acr = acronym_like(m.group("acr"), ctx.rng, keep_first=False)
            return lead + main + m.group("sep") + acr + m.group("close") + trail
        return lead + self._draw(text, ctx) + trail

    def _draw(self, text: str, ctx: SpanContext) -> str:
        new = self._sampler(institution_kind(text)).draw(ctx.rng, exclude=[text])
        return render_like(text, new)


def _initials(name: str) -> str:
    return "".join(w[0].upper() for w in re.findall(r"[^\W\d_]+", name) if w.casefold() not in _PARTICLES)
