"""PAIS: the locale's own country stays; any other is replaced by a country written in the same form.

- "España" / "Spain" stay as they are (issue 13): the country of nearly every patient identifies no one, and a
  Spanish address must not end in "(Portugal)". Its demonyms ("española") still change.
- Spanish name → Spanish name, drawn as residents' nationalities are distributed (the ``countries`` weights:
  Spain ≈ 87 %), never the original nor a country another mention of the document names; every mention of
  one country in a document ("Marruecos", "marroquí") becomes the same country.
- English name → English name ("Spain" → "France"); acronym → acronym in the same dotting and spacing
  ("EE.UU." → "R.U.", "USA" → "UK"); "República de X"/"República Argentina" → "República de Y".
- ISO 3166 code in capitals → another country's code of the same kind ("UKR" → "MAR", "IE" → "RO"; CLDR's
  alpha-3 codes through babel), drawn like the names.
- demonym → demonym of the same gender and number ("peruano" → "rumano", "colombianas" → "marroquíes").
- a mention that is not a country (mislabelled "Barcelona", "32 años") goes to the territory replacer or keeps
  its shape with new digits.
Case and missing accents follow the original (``textcase.mimic``).
"""
from __future__ import annotations

import numpy as np

from gazetteers import fold
from gazetteers.locales.languages import co_official

from ...leak_guard import words_of
from ...textcase import render_like
from . import facts
from ..base import CannotReplace, Replacer, SpanContext
from .countries_co_official import co_official_country, co_official_name, document_language
from .country_index import CountryForm, CountryIndex, country_index, render_acronym
from .index import place_index
from .plan import split_edges
from ..registry import register


_OWN_COUNTRY = {"es": "ES"}  # a bare language code's country ("es" → Spain)
_OWN_FORMS = ("name_es", "name_en")  # "España", "Spain"; not "español", "ES", "República de España"
_COUNTRY_KINDS = ("country", "location")  # labels that name a country (location: a dispatcher sent it here)


def own_iso(locale: str) -> str:
    """The iso2 of a locale's own country: "es" and "es_ES" → "ES"."""
    return locale.split("_")[-1].upper() if "_" in locale else _OWN_COUNTRY.get(locale, "")


def is_own_country(index: CountryIndex, original: str, locale: str) -> bool:
    """Does ``original`` name the locale's own country ("España", "Spain"), which may stay as it is?"""
    form = index.classify(split_edges(original)[1])
    return form is not None and form.iso2 == own_iso(locale) and form.form in _OWN_FORMS


@register
class CountryReplacer(Replacer):
    kind = "country"
    kept_words = words_of("república rep reino estados unidos federación principado")  # a state's form, not its name
    after = ("territory",)  # a foreign block's country was chosen with its cities

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self._index: CountryIndex | None = None

    @property
    def index(self) -> CountryIndex:
        if self._index is None:
            self._index = country_index(self.gazetteers)
        return self._index

    def keeps(self, word: str) -> bool:
        return word in self.kept_words or word in self._own_words  # a kept "Spain" copies its own word

    @property
    def _own_words(self) -> frozenset[str]:
        idx = self.index
        return words_of(n for n in (idx.names.get(self._own), idx.english.get(self._own)) if n)

    def may_keep(self, original: str, ctx: SpanContext) -> bool:
        """The locale's own country by name, labelled as a country ("España", "Spain"; a Galén LOCATION too);
        its demonyms and acronyms change, and so does a TERRITORIO "España" (its label says it is no country)."""
        return ctx.state.schema.kind_of(ctx.label) in _COUNTRY_KINDS and is_own_country(
            self.index, original, self.config.locale)

    @property
    def _own(self) -> str:
        return own_iso(self.config.locale)

    def replace(self, original: str, ctx: SpanContext) -> str:
        core = original.strip()
        lead, trail = original[: original.index(core)] if core else "", original[len(original.rstrip()):]
        form = self.index.classify(core)  # with its dots first: "EE.UU.", "U.S.A."
        if form is None:
            lead, core, trail = split_edges(original)
            form = self.index.classify(core) or self.index.classify_code(core)
        if form is None:
            return lead + self._not_a_country(core, ctx) + trail
        if form.iso2 == self._own and form.form in _OWN_FORMS:
            # the engine accepts it through may_keep; labelled as something else (a TERRITORIO "España") it may
            # not stay, and is masked rather than given a foreign country the document's PAIS would then share
            return original
        planned = ctx.state.country_plan.get(fold(core))
        target = planned if planned and planned != form.iso2 and self._writable(planned, form.form) else None
        if target is None:
            target = self._target(form, ctx)
        return lead + self.render(target, form, core, ctx.rng) + trail

    def _target(self, form: CountryForm, ctx: SpanContext) -> str:
        """The document's surrogate country for ``form.iso2`` (one per country, whatever the wording)."""
        memo = ctx.state.memo_for(self.kind)
        named = memo.get("__named__")
        if named is None:  # countries the document's originals name: none may be drawn
            named = memo["__named__"] = {f.iso2 for o in ctx.state.originals if (f := self.index.classify(o))}
            language = document_language(ctx.state, self.config.locale)
            named |= {found[0] for o in ctx.state.originals if language in co_official(self.config.locale)
                      and not self.index.classify(o) and (found := co_official_country(o, self.config.locale, language))}
        target = memo.get(form.iso2)
        if target is None or not self._writable(target, form.form):
            try:
                target = self.index.draw(ctx.rng, form.form, exclude=named | {form.iso2})
            except LookupError:
                target = self.index.draw(ctx.rng, form.form, exclude={form.iso2})
            memo.setdefault(form.iso2, target)
        return target

    def _writable(self, iso: str, form: str) -> bool:
        idx = self.index
        if form == "name_en":
            return iso in idx.english
        if form.startswith("demonym_"):
            return iso in idx.demonyms.get(form, {})
        if form == "acronym":
            return iso in facts.ACRONYMS_BY_ISO
        if form == "iso3":
            return iso in idx.iso3
        return iso in idx.names

    def render(self, iso: str, form: CountryForm, template: str, rng: np.random.Generator) -> str:
        idx = self.index
        if form.form == "acronym":
            options = facts.ACRONYMS_BY_ISO[iso]
            letters = options[int(rng.integers(len(options)))]
            return render_acronym(letters, template)
        if form.form == "name_en":
            return render_like(template, idx.english[iso], self._canonical(form))
        if form.form.startswith("demonym_"):
            return render_like(template, idx.demonyms[form.form][iso], self._canonical(form))
        if form.form == "iso2":
            return iso
        if form.form == "iso3":
            return idx.iso3[iso]
        if form.form == "republic":
            word = template.split()[0]
            return word + " de " + render_like(template, idx.names[iso], None)
        return render_like(template, idx.names[iso], self._canonical(form))

    def _canonical(self, form: CountryForm) -> str | None:
        """How the original country is spelt in the tables (to tell a dropped accent from none)."""
        idx = self.index
        if form.form == "name_en":
            return idx.english.get(form.iso2)
        if form.form.startswith("demonym_"):
            return idx.demonyms.get(form.form, {}).get(form.iso2)
        return idx.names.get(form.iso2)

    def _not_a_country(self, core: str, ctx: SpanContext) -> str:
        if any(c.isdigit() for c in core) or not any(c.isalpha() for c in core):
            # mislabelled ages ("32 años") and the like: new digits, same words
            if not any(c.isalnum() for c in core):
                raise CannotReplace("country mention without letters or digits")
            digits = iter(str(int(d)) for d in ctx.rng.integers(1, 10, len(core)))
            return "".join(next(digits) if c.isdigit() or (c.isalnum() and not c.isalpha()) else c for c in core)
        if place_index(self.gazetteers).is_spanish_place(core) and ctx.delegate is not None:
            return ctx.delegate("territory", core)
        language = document_language(ctx.state, self.config.locale)
        found = co_official_country(core, self.config.locale, language) if language in co_official(
            self.config.locale) else None
        if found is not None:  # "Marroc", "Suíza": the document's surrogate country, in the note's language
            iso, language = found
            if iso == self._own:  # "Espanya" is still Spain: its name in the locale's language, which may stay
                return render_like(core, self.index.names[iso])
            target = self._target(CountryForm(iso, "name_es"), ctx)
            return render_like(core, co_official_name(target, language, self.config.locale) or self.index.names[target])
        # an unknown or misspelt country ("Chie"): a Spanish country name in the original's case
        iso = self.index.draw(ctx.rng, "name_es", exclude=set())
        return render_like(core, self.index.names[iso])
