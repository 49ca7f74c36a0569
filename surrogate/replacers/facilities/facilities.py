"""HOSPITAL, CENTRO_SALUD, Galén CENTER, DiSMed INST: a facility name with its type kept and its name replaced.

- The words that say what the facility is (Hospital, H., Hptal., Universitario, Clínico, Complejo Hospitalario,
  Complexo, Universitari, Clínica, Centro de Salud, C.S., CAP, Consultorio, Servicio, Planta...) stay verbatim,
  with the punctuation and quotes around them: extra structure such as "Servicio de X del Hospital Y" survives.
- Each name segment is replaced within its class:
  a Spanish place ("de Navarra") → the document's surrogate of that place (the territory replacer, so the
  hospital and the address block agree); an acronym (HULP, CHUVI, HU12O) → a plausible acronym of the same
  length and case, digits staying digits; "de X" → "de <municipality>"; any other name → an advocation
  (hospitals, clinics) or a neighbourhood (health centres, surgeries).
- A name with no segment ("Hospital General") is completed from a ``facility_patterns`` pattern of its class
  that starts with it ("Hospital General de {municipio}"), preferring patterns that add no type word. The
  pattern's ``municipality_size`` picks the town: ``city`` → a municipality weighing ≥ 20,000 (a university
  hospital is in a city), ``small`` → one below (a "Consultorio Local" is in a village), ``any`` or missing →
  any municipality.
- A whole hospital or clinic name ("Hospital Universitario La Paz", "Clínica San Miguel") becomes a *real*
  hospital of the document's surrogate province from the Catálogo Nacional de Hospitales (``hospitals``), of
  the same category and a saint's name only where the original has one, written with the original's own type
  words ("Hospital Universitario Virgen Macarena" for "Hospital Universitario La Paz"); a "Centro de Salud X"
  becomes a real health centre of that province (``health_centres``, DiSMed). See :mod:`.catalogue`.
- The surrogate province is σ(P) of the document's place plan, P being the province the name itself names
  ("de Navarra", or the catalogue hospital it is: La Paz → Madrid), else the document's first planned
  province; a document without places draws one province, once, and a document whose places are all foreign
  gets no real Spanish hospital (its names are rebuilt segment by segment).
- Patterns and segments (the fallback when the catalogue has nothing fitting) take their towns from that
  province, at least ``CITY_MIN_WEIGHT`` inhabitants unless the pattern asks for a small town (:mod:`.towns`),
  and never use a flagship's advocation ("La Fe") outside its own province.
"""
from __future__ import annotations

import functools
import re

import numpy as np

from gazetteers import Sampler, fold
from gazetteers.name_lists import name_list

from ...textcase import render_like
from ...leak_guard import words_of
from ..base import CannotReplace, DocumentState, Replacer, SpanContext
from .acronyms import acronym_like, initials
from .parse import (TYPE_PHRASES, TYPE_WORDS, Segment, infer_class, is_acronym, segments, split_at_spans, tokens,
                    word_class)
from ..places.country_index import country_index
from ..places.index import PlaceIndex, place_index
from ..places.world_towns import world_towns
from ..places.plan import TerritoryPlan, surrogate_province, territory_plan_of
from .catalogue import SAINT_SHARE, catalogue, is_saint
from . import short_names
from .listed_bodies import is_listed_hospital_acronym
from .towns import draw_town
from ..registry import register

#: the type words a listed acronym's name starts with ("Complejo Asistencial Universitario de León")
_ACRONYM_TYPES = frozenset("hospital complejo complexo hospitalario asistencial universitario universitari general "
                           "clinico clinic".split())
_SLOT = re.compile(r"\{(\w+)\}")
_LAST_DE = re.compile(r"^(?P<head>.+?)\s+(?P<de>de|del)\s+(?P<tail>[^\s].*)$")
_WHOLE_NAME = re.compile(r"^[^\W\d_][^,;:\n/()]*$")  # one name: no list, address or bracket in it
#: titles a facility name keeps before its patron ("Hospital Virgen de ...", "San ...")
ADVOCATION_TITLES = "san santa santo sant virgen nuestra señora nostra senyora"
#: the part of a town a facility's name may add after it ("Centro de Salud Lorca Sur", "CAP Terrassa Nord",
#: "… Cartagena Casco Antiguo"): it names no one, so it stays after the new town (ca, gl, eu forms too)
GENERIC_ZONES = words_of("norte sur este oeste centro nord sud est oest centre leste ipar hego casco antiguo "
                         "histórico viejo vell vello ensanche eixample")


def _place_named(original: str, places: PlaceIndex) -> str | None:
    """The first Spanish place a facility name holds (a segment, or what follows its last "de")."""
    for seg in segments(tokens(original)):
        m = _LAST_DE.match(seg.text)
        for text in (seg.text, m.group("tail") if m else ""):
            if text and places.is_spanish_place(text):
                return text
    return None


def _folded_originals(state: DocumentState) -> frozenset[str]:
    """The document's originals as the catalogue compares names (per document content, not per mention)."""
    return frozenset(fold(o) for o in state.originals)


@register
class FacilityReplacer(Replacer):
    kind = "facility"
    case_variants_agree = True  # "HOSPITAL LA FE" in a header, "Hospital La Fe" in the text: one surrogate
    # and a centre's number ("C.S. ⟦Delicias⟧ II": the "II" of a name rewritten around its nested town was masked)
    kept_words = words_of(TYPE_WORDS, " ".join(w for p in TYPE_PHRASES for w in p), ADVOCATION_TITLES,
                          "ii iii iv vi vii viii") | GENERIC_ZONES
    after = ("territory",)  # place names inside facility names reuse the place surrogates

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self._samplers: dict[str, Sampler] = {}
        self._acronyms_by_province: dict[str, list[str]] | None = None  # read on the first listed acronym
        self._acronym_names: dict[str, str] = {}  # folded listed acronym → the name it stands for
        self._patterns: dict[str, list[tuple[str, float, str]]] | None = None
        # the text and the fixed place tables decide it: read once per original, not on every seed
        self._place_named = functools.lru_cache(maxsize=4096)(
            lambda original: _place_named(original, place_index(self.gazetteers)))

    def _sampler(self, table: str) -> Sampler:
        if table not in self._samplers:
            self._samplers[table] = self.gazetteers[table].sampler()
        return self._samplers[table]

    def _patterns_of(self, facility_class: str) -> list[tuple[str, float, str]]:
        """(pattern, weight, municipality size) of a class; a table without the size column means "any"."""
        if self._patterns is None:
            table = self.gazetteers["facility_patterns"]
            sizes = table.column("municipality_size", "any")
            pats: dict[str, list[tuple[str, float, str]]] = {}
            for v, c, w, size in zip(table.column("value"), table.column("facility_class"), table.column("weight"),
                                     sizes):
                pats.setdefault(c, []).append((v, float(w), size or "any"))
            self._patterns = pats
        return self._patterns.get(facility_class) or self._patterns.get("hospital", [])

    # -- replace -----------------------------------------------------------------------------------------
    def replace(self, original: str, ctx: SpanContext) -> str:
        full = short_names.full_mention(ctx.state, original) if ctx.delegate is not None else None
        if full is not None:  # "San Pedro" after "Hospital San Pedro": the name of that one's surrogate
            name = short_names.name_proper(ctx.delegate(self.kind, full))
            if name is not None and short_names.written_like(original, name).casefold() != original.casefold():
                return short_names.written_like(original, name)
        facility_class = str(ctx.options.get("facility_class") or self.options.get("facility_class")
                             or infer_class(original))
        inferred = infer_class(original)
        if (facility_class == "hospital" and inferred != "hospital") or (
                facility_class == "health_centre" and inferred == "surgery"):
            facility_class = inferred  # a clinic annotated as HOSPITAL stays a clinic, a surgery stays a surgery
        if _DE_AFTER.match(ctx.after(8)) and not segments(tokens(original)):
            # "Hosp. Clínico | de Valencia": type words only, the place written after the span
            return _other_generic(original, ctx.rng)
        if _named_by_its_adjective(original):
            return self._other_named(original, facility_class, ctx)
        province = self._province(original, ctx)
        real = (self._listed_acronym(original, province, ctx)
                or self._from_catalogue(original, facility_class, province, ctx))
        if real is not None:
            return real
        toks = tokens(original)
        segs = split_at_spans(toks, segments(toks), _nested_offsets(original, ctx))
        values = catalogue(self.gazetteers).provinces_of_value
        for _ in range(_ANOTHER_PROVINCE_TRIES):
            result = self._rewritten(toks, segs, facility_class, ctx, province)
            # never another province's real hospital ("Hospital Universitario" + a drawn "Reina Sofía" in Segovia
            # is Córdoba's): the names are drawn again
            if not values.get(fold(result), {province}) - {province}:
                break
        if not segs or fold(result) == fold(original):
            return self._from_pattern(original, facility_class, ctx.rng, province)
        return result

    def _other_named(self, original: str, facility_class: str, ctx: SpanContext) -> str:
        """"el Clínico", "Hospital Civil": type words only, but a town has one such hospital, so the adjective names
        it, and completing it ("Hospital Civil de Lorca") wrote the original whole. Another adjective instead, then
        a real hospital of the province with it, or a pattern; never one that holds the original's words."""
        key = f" {fold(original.strip())} "
        province = self._province(original, ctx)
        body = original.rstrip()
        words = body.split()
        first = len(words)
        while first > 0 and _swappable(fold(words[first - 1]).rstrip(".")):
            first -= 1  # the run of adjectives: "Hospital | Clínico Universitario" → "Hospital | General"
        head = body[: body.rfind(words[first])] if first else original[: len(original) - len(original.lstrip())]
        run = {fold(w).rstrip(".") for w in words[first:]}
        for _ in range(_OTHER_NAMED_TRIES):
            adjective = _other_adjective(run, ctx.rng)
            stem = head + render_like(words[first].rstrip("."), adjective) + original[len(body):]
            new = (self._from_catalogue(stem, facility_class, province, ctx)
                   or self._from_pattern(stem, facility_class, ctx.rng, province))
            if key not in f" {fold(new.strip())} ":
                return new
        raise CannotReplace("no other name of the facility's kind")

    def _rewritten(self, toks: list[str], segs: list[Segment], facility_class: str, ctx: SpanContext,
                   province: str | None) -> str:
        """The name with each segment rewritten (acronyms last, from the surrogate's own words)."""
        out = list(toks)
        acronyms = []
        for seg in segs:
            if seg.joiner is not None and words_of(seg.text) <= GENERIC_ZONES:
                continue  # "Lorca Sur" → "Móstoles Sur"
            first, new = self._segment(seg, facility_class, ctx, province)
            if new is None:  # an acronym: built last, from the surrogate's own words
                acronyms.append(seg)
                continue
            out[first:seg.end] = [new] + [""] * (seg.end - first - 1)
        for seg in acronyms:
            own = "".join(t for i, t in enumerate(out) if not seg.start <= i < seg.end)
            names = (self._random_name(facility_class, ctx.rng, province) for _ in range(32))
            out[seg.start:seg.end] = [acronym_like(seg.text, ctx.rng, names, own=own)] + [""] * (seg.end - seg.start - 1)
        return "".join(out)

    # -- the real catalogue and the document's province ---------------------------------------------------
    def _province(self, original: str, ctx: SpanContext) -> str | None:
        """σ(P) for the province P the facility is in (see the module docstring); None without place tables."""
        places = place_index(self.gazetteers)
        if not places.provinces:
            return None
        memo = ctx.state.memo_for(self.kind)
        plan = territory_plan_of(ctx.state)
        if plan is None:
            plan = memo.setdefault("plan", TerritoryPlan())
        code = (self._named_province(original, plan) or catalogue(self.gazetteers).province_of(original)
                or (plan.order[0] if plan.order else None))
        try:
            if code is not None:
                return surrogate_province(plan, code, places, ctx.rng, self.config.key)
            if plan.foreign_of or plan.foreign_countries:  # a document set abroad: no Spanish hospital
                return None
            if "province" not in memo:
                memo["province"] = places.draw_province(ctx.rng, like=None, exclude=set(plan.sigma.values()))
            return memo["province"]
        except LookupError:  # every province taken (a tiny custom table)
            return None

    def _listed_acronym(self, original: str, province: str | None, ctx: SpanContext) -> str | None:
        """A lone listed hospital acronym ("HUCA", "chuac") → a listed acronym of a hospital of the surrogate
        province, else the initials of a real hospital of it ("Hospital Universitario de Getafe" → HUG), in the
        original's case ("HUCA" came out "HQFG", letters of a pattern's name); None for a document abroad."""
        stem = original.strip()
        if province is None or not is_listed_hospital_acronym(stem):
            return None
        cat = catalogue(self.gazetteers)
        if self._acronyms_by_province is None:
            by: dict[str, list[str]] = {}
            for form, name in name_list("hospital_acronyms"):
                code = cat.province_of(name)
                self._acronym_names.setdefault(fold(form), name)
                if code is not None and form not in by.get(code, []):
                    by.setdefault(code, []).append(form)
            self._acronyms_by_province = by
        avoid = ctx.state.analysis("facility:originals", _folded_originals)
        pool = [a for a in self._acronyms_by_province.get(province, []) if fold(a) not in avoid]
        if pool:
            new = pool[int(ctx.rng.integers(len(pool)))]
        else:
            full = self._acronym_names.get(fold(stem), "Hospital Universitario").split()
            # its type words only: "Central" of "Hospital Universitario Central de Asturias" is that one's name
            kind = " ".join(w for i, w in enumerate(full) if all(fold(v) in _ACRONYM_TYPES for v in full[: i + 1]))
            real = cat.draw_hospital(ctx.rng, province, kind or "Hospital", set(avoid))
            new = initials(real) if real else ""
            if len(new) < 2 or fold(new) in avoid:
                return None
        new = new.lower() if stem.islower() else new
        return original[: original.find(stem)] + new + original[original.find(stem) + len(stem):]

    def _named_province(self, original: str, plan: TerritoryPlan) -> str | None:
        places = place_index(self.gazetteers)
        text = self._place_named(original)
        if text is None:
            return None
        return (plan.province_of.get(fold(text)) or places.province_of_name(text)
                or places.main_province(places.town_provinces(text))
                or places.island_province(text)
                or places.main_province(places.community_provinces(text)))

    def _from_catalogue(self, original: str, facility_class: str, province: str | None,
                        ctx: SpanContext) -> str | None:
        """A real hospital / health centre of ``province`` for a mention that is one whole name."""
        stem = original.strip()
        if province is None or not _WHOLE_NAME.match(stem) or len(stem.split()) > 12 or _holds_a_span(ctx):
            return None
        memo = ctx.state.memo_for(self.kind)
        avoid = memo.setdefault("given", set()) | ctx.state.analysis("facility:originals", _folded_originals)
        cat = catalogue(self.gazetteers)
        if facility_class in ("hospital", "clinic"):
            new = cat.draw_hospital(ctx.rng, province, stem, avoid)
        elif facility_class == "health_centre" and fold(stem).startswith("centro de salud "):
            new = cat.draw_centre(ctx.rng, province, stem, avoid)
        else:
            new = None
        if new is None:
            return None
        memo["given"].add(fold(new))  # two hospitals of one document stay two hospitals
        lead, trail = original[: original.find(stem)], original[original.find(stem) + len(stem):]
        return lead + render_like(stem, new) + trail

    def _segment(self, seg: Segment, facility_class: str, ctx: SpanContext,
                 province: str | None = None) -> tuple[int, str | None]:
        """(first token index to overwrite, new text): the connector is rewritten when the name's kind
        changes its grammar ("de la Princesa" → "de Lorca"); None for an acronym (see :meth:`replace`)."""
        text, rng = seg.text, ctx.rng
        places = place_index(self.gazetteers)
        letters = [c for c in text if c.isalpha()]
        if not letters:  # "Planta 11": numbers keep their length
            return seg.start, "".join(str(int(rng.integers(10))) if c.isdigit() else c for c in text)
        if len(letters) == 1 and len(text.strip()) <= 2:  # "s/n", a lone initial
            return seg.start, text
        if _ROMAN_NUMBER.fullmatch(text):  # "CS Elda II": another number of centre ("CS Petrer CF" came out)
            others = [r for r in _ROMAN_NUMBERS if r != text.upper()]
            new = others[int(rng.integers(len(others)))]
            return seg.start, new if text.isupper() else new.lower()
        if places.is_spanish_place(text):
            new = self._place(text, ctx, province)
            if not seg.connector and seg.start > 0 and is_saint(text) and not is_saint(new):
                new = ("DE " if text.isupper() else "de ") + new  # "Materno-Infantil Santa Brígida": a saint's
            elif fold(seg.connector.strip()) in _CONTRACTIONS:  # name that is a town too; its town needs "de"
                # "da Coruña" holds the article of "A Coruña": another town takes a plain "de" ("da Lugo" came out)
                return seg.connector_start, f"{render_like(seg.connector.strip(), 'de')} {new}"
            return seg.start, new
        if ctx.delegate is not None and world_towns().country(text) is not None:
            try:  # a town abroad stays in its country ("hôpital régional de ziguinchor" came out "… de sabadell")
                return seg.start, ctx.delegate("territory", text)
            except CannotReplace:
                pass
        if (country_index(self.gazetteers).classify(text) is not None and ctx.delegate is not None
                and not is_saint(text)):  # "Santa Lucía" is a saint here, not the island state
            return seg.start, ctx.delegate("country", text)  # "Clínica Universidad de Chile"
        if is_acronym(text) or is_listed_hospital_acronym(text):
            return seg.start, None
        if seg.joiner in ("-", "/"):  # "Alcantarilla-Sangonera": a part of the town before it, a neighbourhood
            return seg.start, render_like(text, self._sampler("neighbourhoods").draw(rng, exclude=[text]))
        m = _LAST_DE.match(text)
        if m and places.is_spanish_place(m.group("tail")):  # "San Cecilio de Granada"
            head = self._name(m.group("head"), facility_class, rng, province)
            de = render_like(m.group("de"), "de")  # "del Prado" held the place's article: "de Puertollano"
            return seg.start, f"{head} {de} {self._place(m.group('tail'), ctx, province)}"
        if seg.connector and fold(seg.connector).split()[0] in ("de", "del", "d'", "do", "da"):
            town = draw_town(self.gazetteers, rng, province, "city", [text])
            conn = "de" if seg.connector[:1].islower() else "De"
            return seg.connector_start, f"{conn} {render_like(text, town)}"
        return seg.start, self._name(text, facility_class, rng, province)

    def _random_name(self, facility_class: str, rng: np.random.Generator, province: str | None = None) -> str:
        """A whole name of the class from a weighted pattern (the words a lone acronym is built from)."""
        patterns = self._patterns_of(facility_class)
        weights = np.array([w for _, w, _ in patterns], dtype=np.float64)
        pattern, _, size = patterns[int(rng.choice(len(patterns), p=weights / weights.sum()))]
        return _SLOT.sub(lambda m: self._fill(m.group(1), rng, size, province), pattern)

    def _name(self, text: str, facility_class: str, rng: np.random.Generator, province: str | None = None) -> str:
        if facility_class in ("hospital", "clinic"):
            cat = catalogue(self.gazetteers)
            real = cat.draw_name_part(rng, province, text) if facility_class == "hospital" else None
            return render_like(text, real or self._advocation(rng, province, is_saint(text), [text]))
        return render_like(text, self._sampler("neighbourhoods").draw(rng, exclude=[text]))

    def _advocation(self, rng: np.random.Generator, province: str | None, saint: bool | None,
                    exclude: list[str]) -> str:
        """An advocation allowed in ``province`` (no flagship elsewhere), a saint's or not as asked (None:
        a saint with the corpus's probability)."""
        if saint is None:
            saint = bool(rng.random() < SAINT_SHARE)
        cat, sampler = catalogue(self.gazetteers), self._sampler("advocations")
        barred = [v for v in sampler.values if not cat.allowed_advocation(v, province)]
        other = [v for v in sampler.values if is_saint(v) != saint]
        for extra in (other, []):
            try:
                return sampler.draw(rng, exclude=[*exclude, *barred, *extra])
            except LookupError:
                continue
        return sampler.draw(rng, exclude=exclude)

    def _place(self, text: str, ctx: SpanContext, province: str | None = None) -> str:
        places = place_index(self.gazetteers)
        originals = {fold(o) for o in ctx.state.originals}
        if province is not None and fold(text) not in originals and places.province_of_name(text) is None:
            # a town named only by the hospital: a town of the surrogate province big enough for a hospital
            town = draw_town(self.gazetteers, ctx.rng, province, "city", [text, *ctx.state.originals])
            return render_like(text, town)
        if province is not None and fold(text) not in originals and territory_plan_of(ctx.state) is None:
            # a province named only by the hospital, in a document without places: σ was drawn in this
            # replacer's own plan, which the territory replacer does not share ("… Reina Sofía (Córdoba)")
            return render_like(text, places.provinces[province].name)
        if ctx.delegate is not None:
            try:
                return ctx.delegate("territory", text)
            except CannotReplace:  # the place itself gets masked: the facility still keeps its type words
                pass
        exclude = [text, *ctx.state.originals]  # not another place of the document either
        return render_like(text, place_index(self.gazetteers).draw_town(ctx.rng, None, exclude))

    def _from_pattern(self, original: str, facility_class: str, rng: np.random.Generator,
                      province: str | None = None) -> str:
        """Complete a name that has no name part ("Hospital General" → "Hospital General de Lorca")."""
        stem = original.strip()
        lead, trail = original[: original.find(stem)], original[original.find(stem) + len(stem):]
        key = fold(stem)
        candidates = [(p, w, size) for p, w, size in self._patterns_of(facility_class)
                      if fold(p.split("{")[0]).startswith(key + " ") and fold(p) != key]
        # Prefer patterns that only add a name: "Centro de Salud" should not become "Centro de Salud Mental X".
        same_type = [c for c in candidates if not _adds_type_words(c[0], len(stem))]
        candidates = same_type or candidates
        if candidates:
            weights = np.array([w for _, w, _ in candidates], dtype=np.float64)
            idx = int(np.searchsorted(np.cumsum(weights / weights.sum()), rng.random(), side="right"))
            pattern, _, size = candidates[min(idx, len(candidates) - 1)]
            filled = stem + pattern[len(stem):]  # the original's own spelling of the type words
        else:
            filled, size = stem + " de {municipio}", "any"
        filled = _SLOT.sub(lambda m: self._fill(m.group(1), rng, size, province), filled)
        if fold(filled) == key:
            raise CannotReplace("facility name could not be changed")
        return lead + render_like(stem, filled) + trail

    def _fill(self, slot: str, rng: np.random.Generator, size: str = "any", province: str | None = None) -> str:
        if slot.startswith("advoc"):
            return self._advocation(rng, province, None, [])
        if slot.startswith("barrio") or slot.startswith("neigh"):
            return self._sampler("neighbourhoods").draw(rng)
        return draw_town(self.gazetteers, rng, province, size, [])


def _other_generic(original: str, rng: np.random.Generator) -> str:
    """A name of type words only, with its place written after the span ("Hospital Comarcal de la zona"):
    another such name instead of a completed one ("Hospital Comarcal de Lorca de la zona"): its last
    generic adjective swapped, or one added ("Hospital" → "Hospital Provincial")."""
    stem = original.rstrip()
    words = stem.split()
    last = fold(words[-1]).rstrip(".") if words else ""
    new = _other_adjective({fold(w).rstrip(".") for w in words}, rng)  # never "Hospital Clínico Clínico"
    if _swappable(last):
        body = stem[: len(stem) - len(words[-1])] + render_like(words[-1].rstrip("."), new)
    else:
        body = stem + " " + (new if not stem.isupper() else new.upper())
    return body + original[len(stem):]


_ROMAN_NUMBERS = ("I", "II", "III", "IV", "V", "VI")
_ROMAN_NUMBER = re.compile(r"I{1,3}|IV|VI{0,3}|IX|X|i{1,3}|iv|vi{0,3}|ix|x")
#: "de" fused with the article of the place after it (Galician "da Coruña", "do Porriño"; "del Ejido", "dels Hostalets")
_CONTRACTIONS = frozenset({"da", "do", "das", "dos", "del", "dels"})
_DE_AFTER = re.compile(r"\s+(?:de|del|d')\b", re.I)
_ANOTHER_PROVINCE_TRIES = 8
_OTHER_NAMED_TRIES = 4
#: with how often Spanish hospital names carry each (the catalogue's: General and Universitario lead)
_GENERIC_ADJECTIVES = {"General": 3.0, "Universitario": 2.0, "Clínico": 1.5, "Provincial": 1.0, "Comarcal": 1.0,
                       "Regional": 0.5}
_GENERIC_KEYS = frozenset(fold(a) for a in _GENERIC_ADJECTIVES)


#: adjectives that name one hospital of a town but are drawn for none ("el Civil", "el Militar")
_OTHER_NAMING_ADJECTIVES = frozenset({"civil", "militar", "materno", "maternal", "infantil"})


def _swappable(last: str) -> bool:
    """Whether a mention's folded last word is a generic adjective ("clinico", "clínic", "hosp. gral"), or adjectives
    joined by a hyphen ("materno-infantil": it was kept, so "Hospital Materno-Infantil" stayed as written)."""
    if "-" in last.strip("-"):
        return all(_swappable(part) for part in last.split("-") if part)
    return (last in _GENERIC_KEYS or last in _OTHER_NAMING_ADJECTIVES
            or (len(last) > 2 and any(key.startswith(last) for key in _GENERIC_KEYS)))


def _other_adjective(words: set[str], rng: np.random.Generator) -> str:
    """A generic adjective, at its weight, that none of the folded ``words`` is or begins (Catalan "Clínic" is no other
    adjective than "Clínico"; a word of one or two letters, "h", "de", begins none)."""
    pool = [(a, w) for a, w in _GENERIC_ADJECTIVES.items()
            if not any(fold(a) == x or len(x) > 2 and fold(a).startswith(x) for x in words)]
    weights = np.array([w for _, w in pool])
    return pool[int(rng.choice(len(pool), p=weights / weights.sum()))][0]


def _named_by_its_adjective(original: str) -> bool:
    """Type words only, the last a generic adjective: "Hospital Civil", "el clinico", "H. Clínic"."""
    words = original.split()
    return bool(words) and not segments(tokens(original)) and _swappable(fold(words[-1]).rstrip("."))


def _adds_type_words(pattern: str, stem_length: int) -> bool:
    """Whether the pattern's text after the stem has words that say what the facility is ("Mental")."""
    return any(word_class(t) == "type" for t in tokens(_SLOT.sub("", pattern[stem_length:])))


def _nested_offsets(original: str, ctx: SpanContext) -> list[tuple[int, int]]:
    """Where the spans nested in this mention lie in ``original`` (none for a mention written in fragments)."""
    doc = ctx.state.document
    if not 0 <= ctx.start < ctx.end <= len(doc.text) or doc.text[ctx.start:ctx.end] != original:
        return []
    return [(sp.start - ctx.start, sp.end - ctx.start) for sp in doc.spans
            if ctx.start <= sp.start and sp.end <= ctx.end and sp.id != ctx.span.id]


def _holds_a_span(ctx: SpanContext) -> bool:
    """The mention holds another annotated span ("Lleida" as TERRITORIO inside "Hospital … de Lleida"): a
    catalogue name would drop it, so the mention is rewritten part by part (the place delegated to its own
    replacer), and the nested span is found again in the surrogate."""
    return any(ctx.start <= sp.start and sp.end <= ctx.end and sp.id != ctx.span.id
               for sp in ctx.state.document.spans)
