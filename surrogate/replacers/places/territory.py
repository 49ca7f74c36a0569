"""TERRITORIO: postal codes, towns, provinces, islands, communities and foreign places, kept coherent.

Policy (docs/replacers/places-facilities.md):
- every mention is classified and replaced within its class (postal code → postal code, capital → capital,
  town → town weighted by population, province → province, island → island, community → community,
  foreign → foreign of the same shape);
- one document-level map σ sends each original province to another province (of the same naming class, so
  "Madrid" as town and as province gets one answer); a town becomes a municipality of σ(its province), drawn
  by population, and a Spanish postal code becomes a real code of its block's surrogate town (or, with no town
  in the block, a code of σ(prefix) weighted by the population it serves), so address blocks stay coherent
  (see :mod:`.plan`);
- in keyed mode σ(province) and each town's surrogate come from the key, so they map alike across documents.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable

import numpy as np

from gazetteers import fold

from ...leak_guard import STOPWORDS, words_of
from ...rng import keyed_rng
from ...textcase import render_like
from ..base import CannotReplace, DocumentState, Replacer, SpanContext
from ..registry import register
from .countries import is_own_country
from .country_index import country_index
from .index import PlaceIndex, place_index
from .plan import (
    PlaceClass,
    TerritoryPlan,
    build_plan,
    classify_place,
    split_edges,
    surrogate_province,
)
from .regions import other_community, other_island
from .world_towns import world_towns

_CLASSES_KEPT = 8192  # place mentions whose class is kept (bounded: a worker's memory must not grow per document)
_POSTAL = re.compile(r"^(?P<pre>[Ee][-\s]?)?(?P<code>\d{5})$")
_PARTS = re.compile(r"(\s*[,(/]\s*|\)\s*|\.\s+)")
# a postal code and its town in one span, either order ("08017 Barcelona", "Logroño, 26001")
_CODED_TOWN = re.compile(r"^(?:(?P<code>(?:[Ee][-\s]?)?\d{5})(?P<gap>\s*[-,]?\s+)(?P<town>\D+)"
                         r"|(?P<town2>\D+?)(?P<gap2>\s*[-,]?\s*)(?P<code2>(?:[Ee][-\s]?)?\d{5}))$")
# a place named with its kind ("la provincia de Cuenca", "el municipio de Mayorga"): the frame stays
_FRAMED = re.compile(
    r"^(?P<p>(?:(?:la|el|las|los)\s+)?(?:provincia|comarca|municipio|ciudad|localidad|villa|pueblo|isla|región|"
    r"comunidad autónoma)\s+(?:de\s+(?:la\s+|las\s+|los\s+)?|del\s+))(?P<rest>\S.*)$", re.IGNORECASE)
_CP_LABEL = re.compile(r"^(?P<p>(?:C\.\s?P\.?|CP|Código [Pp]ostal)[:.]?\s*)(?P<code>\d{5})$")
_SAINT_ABBREVIATION = re.compile(r"\b(Sta|Sto|Stgo|S)\.\s*(?=[A-ZÁÉÍÓÚ])")  # "Sta. Cruz", "S. Sebastián"
_SAINTS = {"sta": "Santa ", "sto": "Santo ", "stgo": "Santiago ", "s": "San "}
#: a landform named after a place ("Sierra de la Demanda", "Embalse de La Viñuela", "Lagunas de Neila"); its word
#: stays, so a mountain or a reservoir is no town (a town named so, "Puerto Real", is a municipality, read before)
_LANDFORM_WORDS = ("sierra montes monte pico picos alto cerro collado cuerda puerto valle barranco arroyo embalse "
                   "pantano laguna lagunas lago playa cala cabo ría paraje")
_LANDFORM = re.compile(rf"(?i)^(?P<w>{'|'.join(_LANDFORM_WORDS.split())})\s+(?:de(?:l|\s+la|\s+las|\s+los)?|d['’])\s*(?P<rest>\S.*)$")
_DISTRICT = re.compile(
    r"^(?P<p>(?:Col\.|Colonia|Delegación|Barrio|Barriada|Bda\.?|Bº|Distrito|Municipio|Partido|Comuna|Departamento|"
    r"Estado de|Provincia de|Región|Urb\.|Urbanización)\s+)(?P<rest>.+)$", re.IGNORECASE)


#: Basque case endings of a place name, as written after a vowel and after a consonant (and after n/l)
_BASQUE_PLACE_CASES = {"in": ("n", "en"), "of": ("ko", "go"), "from": ("tik", "dik"), "to": ("ra", "era")}


def basque_place_case(place: str, case: str) -> str:
    """The ending of ``case`` after ``place``: "Bilbon", "Gasteizen"; "Bilboko", "Madrilgo"; "Bilbotik",
    "Madrildik"; "Bilbora", "Gasteizera"."""
    last = fold(place)[-1:]
    after_vowel, after_consonant = _BASQUE_PLACE_CASES[case]
    if last in ("a", "e", "i", "o", "u"):
        return after_vowel
    if case in ("of", "from"):
        return after_consonant if last in ("n", "l") else after_vowel
    return after_consonant


def random_like(text: str, rng: np.random.Generator) -> str:
    """Same shape: each digit → a random digit, each letter → a random letter of the same case."""
    out = []
    for c in text:
        if c.isdigit():
            out.append(str(int(rng.integers(10))))
        elif c.isalpha():
            letter = chr(ord("a") + int(rng.integers(26)))
            out.append(letter.upper() if c.isupper() else letter)
        else:
            out.append(c)
    return "".join(out)


def foreign_postal(code: str, rng: np.random.Generator) -> str:
    """A foreign postal code of the same shape; a 5-digit one keeps its first digit (its region) and, when
    its prefix is in 01–52, a prefix in that range too."""
    if re.fullmatch(r"\d{5}", code):
        first = code[0]
        if "01" <= code[:2] <= "52":
            lo, hi = (1, 9) if first == "0" else (0, 2 if first == "5" else 9)
            second = str(int(rng.integers(lo, hi + 1)))
        else:
            second = str(int(rng.integers(10)))
        return first + second + "".join(str(int(d)) for d in rng.integers(0, 10, 3))
    return random_like(code, rng)


def postal_tail(original_tail: str, rng: np.random.Generator) -> str:
    """Three digits in the pattern of the original: zeros stay zeros (``036`` → ``0xy``: a capital's
    district code; ``500`` → ``x00``), other digits become 1–9, so codes look like real ones."""
    return "".join("0" if d == "0" else str(int(rng.integers(1, 10))) for d in original_tail)


@register
class TerritoryReplacer(Replacer):
    kind = "territory"
    # what kind of place: "Comunidad de Madrid" → "Comunidad Valenciana" keeps its type word
    kept_words = words_of("isla islas illa provincia comarca municipio ciudad pueblo villa valle sierra comunidad "
                          "comunitat región principado foral autónoma localidad barrio barriada bda bº distrito colonia urbanización urb "
                          "delegación partido comuna departamento estado " + _LANDFORM_WORDS)

    def __init__(self, gazetteers, config) -> None:
        super().__init__(gazetteers, config)
        self._places: PlaceIndex | None = None
        self._stand_ins: tuple[list[str], np.ndarray] | None = None
        # a mention's class depends on its text and the fixed tables only: read once, then reused by the plan,
        # every mention and every seed
        self.classify: Callable[[str], PlaceClass] = functools.lru_cache(maxsize=_CLASSES_KEPT)(
            lambda core: classify_place(core, self.places, self.countries))

    # -- lazy tables -------------------------------------------------------------------------------------
    @property
    def places(self) -> PlaceIndex:
        if self._places is None:
            self._places = place_index(self.gazetteers)
        return self._places

    @property
    def countries(self):
        return country_index(self.gazetteers)

    # -- per document ------------------------------------------------------------------------------------
    def _plan(self, state: DocumentState) -> TerritoryPlan:
        """The document's place plan (``state.place_plan``): blocks analysed once per document content, the
        draws (σ, chosen surrogates) fresh for every apply."""
        plan = state.place_plan
        if plan is None:
            analysed = state.analysis(self.kind, self._analyse)
            plan = state.place_plan = analysed.fresh()
        return plan

    def _analyse(self, state: DocumentState) -> TerritoryPlan:
        return build_plan(state.document, state.schema.kind_of, self.places, self.countries, self.classify)

    def begin_document(self, state: DocumentState, rng: np.random.Generator) -> None:
        plan = self._plan(state)
        for code in plan.order:  # the surrogate province is picked first, then towns and codes follow it
            self.sigma(plan, code, rng)
        if not self.config.key:
            self._plan_countries(state, plan, rng)

    def _plan_countries(self, state: DocumentState, plan: TerritoryPlan, rng: np.random.Generator) -> None:
        """Foreign blocks: pick the surrogate country now so its cities come from it ("Rosario, Argentina"
        → "Arequipa, Perú"); the country replacer reads ``state.country_plan``."""
        if not plan.foreign_countries:
            return
        if self._stand_ins is None:  # the countries whose cities can stand in, and their weights: fixed tables
            listed = [iso for iso, lists in self.places.foreign_lists.items() if lists.get("cities")]
            self._stand_ins = (listed, np.array([self.countries.weights.get(iso, 1.0) for iso in listed],
                                              dtype=np.float64))
        listed, weights = self._stand_ins
        country_plan = state.country_plan
        named = set(plan.foreign_countries.values())  # a target the document names would be refused as a leak
        for key, iso in plan.foreign_countries.items():
            if iso not in plan.country_target:
                used = set(plan.country_target.values()) | {iso}
                for banned in (named | used, used, {iso}):  # relaxed only when a long record names them all
                    w = np.where(np.isin(listed, list(banned)), 0.0, weights)
                    if w.sum() > 0:
                        break
                else:
                    continue
                pick = int(np.searchsorted(np.cumsum(w / w.sum()), rng.random(), side="right"))
                plan.country_target[iso] = listed[min(pick, len(listed) - 1)]
            country_plan[key] = plan.country_target[iso]

    def sigma(self, plan: TerritoryPlan, code: str, rng: np.random.Generator) -> str:
        """The surrogate of province ``code`` in this document (drawn once)."""
        return surrogate_province(plan, code, self.places, rng, self.config.key)

    # -- per mention -------------------------------------------------------------------------------------
    def replace(self, original: str, ctx: SpanContext) -> str:
        plan = self._plan(ctx.state)
        core = original.strip()
        cls = self.classify(core)  # "México D.F." keeps its final dot
        lead, trail = original[: original.find(core)], original[original.find(core) + len(core):]
        if cls.kind == "unknown":
            lead, core, trail = split_edges(original)
            cls = self.classify(core)
        if cls.kind == "unknown":
            inflected = self._basque_case(core, plan, ctx)
            if inflected is not None:
                return lead + inflected + trail
        if cls.kind in ("unknown", "digits"):
            framed = self._framed(core, plan, ctx)
            if framed is not None:
                return lead + framed + trail
        if cls.kind == "unknown" and not _DISTRICT.match(core) and _PARTS.search(core):
            return lead + self._replace_parts(core, plan, ctx) + trail
        return lead + self._replace_core(core, cls, plan, ctx) + trail

    def _basque_case(self, core: str, plan: TerritoryPlan, ctx: SpanContext) -> str | None:
        """A town with a Basque case ending ("Getxon" in Getxo, "Bilboko" of Bilbao, "Gasteizera" to Vitoria): the
        town changes and takes the ending as its last sound asks ("Zizur Nagusian", "Madrilgo"); it was drawn
        whole as another town, the ending lost ("Getxon" -> "Zizur Nagusia"). None when it is none."""
        for case, ending in sorted(((c, e) for c, forms in _BASQUE_PLACE_CASES.items() for e in forms),
                                   key=lambda ce: -len(ce[1])):
            base = core[: -len(ending)]
            if not fold(core).endswith(ending) or len(base) < 3:
                continue
            cls = self.classify(base)
            if cls.kind in ("town", "province"):
                new = self._replace_core(base, cls, plan, ctx).split(" (")[0]  # "Noáin (Valle de Elorz)"
                new_ending = basque_place_case(new, case)
                return new + (new_ending.upper() if core[len(base):].isupper() else new_ending)  # "N" is no Title
        return None

    def _framed(self, core: str, plan: TerritoryPlan, ctx: SpanContext) -> str | None:
        """A town with its postal code, or a place after its kind: each part on its own, the frame kept; None
        when the parts are no known place."""
        m = _CODED_TOWN.match(core)
        if m:
            town = m.group("town") or m.group("town2")
            code = m.group("code") or m.group("code2")
            cls = self.classify(town)
            if cls.kind in ("town", "province") and self.classify(code).kind == "cp":
                new_code = self._postal(code, plan, ctx, town)  # first: it draws the town of its block
                new_town = self._replace_core(town, cls, plan, ctx)
                if m.group("code"):
                    return new_code + m.group("gap") + new_town
                return new_town + m.group("gap2") + new_code
        m = _CP_LABEL.match(core)
        if m and self.classify(m.group("code")).kind == "cp":  # "C.P. 28013": the label stays
            return m.group("p") + self._postal(m.group("code"), plan, ctx)
        saint = _SAINT_ABBREVIATION.sub(lambda w: _SAINTS[w.group(1).casefold()], core)
        if saint != core and self.classify(saint).kind not in ("unknown", "digits"):
            return self._replace_core(saint, self.classify(saint), plan, ctx)  # "Sta. Cruz de Tenerife"
        m = _FRAMED.match(core)
        if m:
            cls = self.classify(m.group("rest"))
            if cls.kind not in ("unknown", "digits", "cp", "country"):
                return m.group("p") + self._replace_core(m.group("rest"), cls, plan, ctx)
        return None

    def _replace_parts(self, core: str, plan: TerritoryPlan, ctx: SpanContext) -> str:
        """"Distrito Federal, México", "Capital Federal. Buenos Aires": each part on its own."""
        pieces = _PARTS.split(core)
        out = []
        for i, piece in enumerate(pieces):
            if i % 2 or not piece.strip():
                out.append(piece)
                continue
            cls = self.classify(piece)
            if cls.kind == "country" and is_own_country(self.countries, piece, self.config.locale):
                out.append(piece)  # "Madrid (España)": the town changes, the country it is in stays
                continue
            out.append(self._replace_core(piece, cls, plan, ctx))
        return "".join(out)

    def _replace_core(self, core: str, cls: PlaceClass, plan: TerritoryPlan, ctx: SpanContext) -> str:
        key = fold(core)
        if key in plan.chosen and cls.kind not in ("cp", "digits"):
            return render_like(core, plan.chosen[key], self.places.canonical.get(key))
        rng = ctx.rng
        places = self.places
        if cls.kind == "country":
            if ctx.delegate is None:
                raise CannotReplace("country inside a territory span and no delegate")
            return ctx.delegate("country", core)
        if cls.kind == "digits":
            return random_like(core, rng)
        if cls.kind == "cp":
            return self._postal(core, plan, ctx)
        if key in plan.foreign_of:
            base = self._foreign(core, cls, plan.foreign_of[key], plan, rng, ctx.state.originals)
        elif cls.kind == "province":
            base = places.provinces[self.sigma(plan, cls.codes[0], rng)].name
        elif cls.kind == "community":
            own = {w for w in words_of(core) if w not in STOPWORDS and not self.keeps(w)}
            # a lone community takes the region of the document's own province in it ("Castilla y León" in a
            # letterhead, "Valladolid" in the address, came out "País Vasco" beside a surrogate Madrid)
            home = plan.province_of.get(key) or next((c for c in plan.order if c in cls.codes), None)
            base = other_community(places, core, cls.codes, home,
                                   lambda code: self.sigma(plan, code, rng), own, rng)
        elif cls.kind == "island":
            base = other_island(places, core, lambda code: self.sigma(plan, code, rng), ctx.state.originals, rng)
        elif cls.kind == "foreign" and key not in plan.province_of:
            base = self._foreign(core, cls, cls.iso2, plan, rng, ctx.state.originals)
        else:
            m = _DISTRICT.match(core)
            if m and cls.kind == "unknown":
                rest = m.group("rest")
                new = self.gazetteers["neighbourhoods"].sampler().draw(rng, exclude=[rest])
                if fold(new).startswith(fold(m.group("p"))):  # "Barrio de San José" after "Barrio": said once
                    return render_like(core, new)
                return m.group("p") + render_like(rest, new)
            landform = _LANDFORM.match(core) if cls.kind == "unknown" else None
            named = landform.group("rest") if landform else ""
            if landform and places.is_spanish_place(named):  # "Lagunas de Neila" beside "Neila": one town
                town = self._replace_core(named, classify_place(named, places, self.countries), plan, ctx)
            else:
                town = self._town(core, cls, plan, rng, ctx.state.originals)
            # "Sierra de la Demanda" came out "Torrent": a landform stays one, named after a town
            base = f"{landform.group('w')} de {town}" if landform else town
        self._remember(plan, key, base)
        return render_like(core, base, places.canonical.get(key))

    def _remember(self, plan: TerritoryPlan, key: str, base: str) -> None:
        plan.chosen[key] = base
        if not self.config.key:
            plan.used.add(fold(base))

    def _postal(self, core: str, plan: TerritoryPlan, ctx: SpanContext, town_core: str | None = None) -> str:
        """A real code of the block's surrogate town; ``town_core``: the town written in the same span."""
        m = _POSTAL.match(core)
        assert m is not None
        key = fold(core)
        code = m.group("code")
        if key in plan.foreign_of:
            return (m.group("pre") or "") + foreign_postal(code, ctx.rng)
        if code not in plan.postal:
            target = plan.province_of.get(key) or plan.province_of.get(fold(code)) or code[:2]
            if target not in self.places.provinces:
                target = code[:2]
            prefix = self.sigma(plan, target, ctx.rng)
            town = self._block_town(town_core or plan.town_of.get(key), code, prefix, plan, ctx.rng,
                                    ctx.state.originals)
            if town is None and self.places.is_capital_code(code):  # a capital's district stays a capital's
                town = self.places.provinces[prefix].capital
            new = self.places.draw_postal(ctx.rng, prefix, town, like=code)
            plan.postal[code] = new or prefix + postal_tail(code[2:], ctx.rng)  # no postal table: the old pattern
        return (m.group("pre") or "") + plan.postal[code]

    def _block_town(self, core: str | None, code: str, province: str, plan: TerritoryPlan,
                    rng: np.random.Generator, held: frozenset[str] = frozenset()) -> str | None:
        """The surrogate of the town the block of postal code ``code`` names (drawn now when the code comes
        first, and remembered for the town's own mention), or None when it will not be a town of ``province``."""
        if core is None:
            return None
        cls = self.classify(core)
        key = fold(core)
        if cls.kind == "province" and cls.capital_of:  # "Madrid" as a province is written as σ's capital
            # ... and is the town only when the code is the capital's ("Localidad/ Provincia: Toledo. CP: 45600")
            return self.places.provinces[province].capital if self.places.is_capital_code(code) else None
        if cls.kind != "town":
            return None
        if key not in plan.chosen:
            home = plan.province_of.get(key) or self.places.main_province(cls.codes)
            if home is None or self.sigma(plan, home, rng) != province:
                return None
            self._remember(plan, key, self._town(core, cls, plan, rng, held))
        return plan.chosen[key]

    def _town(self, core: str, cls: PlaceClass, plan: TerritoryPlan, rng: np.random.Generator,
              held: frozenset[str] = frozenset()) -> str:
        places = self.places
        key = fold(core)
        home = plan.province_of.get(key) or places.main_province(cls.codes)
        if self.config.key:  # the same town maps alike whichever mention (town or postal code) draws it first
            rng = keyed_rng(self.config.key, "territory:town", key)
        if home is None and plan.order and not self.config.key:  # alone: a town of the document's first province
            home = plan.order[0]
        # a word of the original the leak guard would mask in the surrogate ("Frontera", "San")
        avoid = frozenset(w for w in words_of(core) if len(w) > 1 and w not in STOPWORDS and not self.keeps(w))
        if home is None:  # nor any other Spanish place in the document: any municipality
            return places.draw_town(rng, None, [core, *self._used(plan)], avoid, held)
        target = self.sigma(plan, home, rng)
        if cls.capital_of == home:
            return places.provinces[target].capital
        return places.draw_town(rng, target, [core, *self._used(plan)], avoid, held)

    def _used(self, plan: TerritoryPlan) -> list[str]:
        return [] if self.config.key else sorted(plan.used)

    def _foreign(self, core: str, cls: PlaceClass, block_iso: str | None, plan: TerritoryPlan,
                 rng: np.random.Generator, originals: Iterable[str] = ()) -> str:
        own = block_iso or cls.iso2
        iso = plan.country_target.get(own or "", None) or own  # a country the document names moves its towns too
        what = cls.what if cls.kind == "foreign" else "cities"
        towns = world_towns()
        # never another place of the note: the first draw is remembered, so one the leak guard refuses ("Dakar"
        # for "Ziguinchor" beside "Dakar") would come back at every retry, and the span was masked
        avoid = plan.used | {fold(o) for o in originals} | words_of(originals)  # "de Ziguinchor" in a hospital
        new = towns.draw(rng, iso, core, avoid) if what == "cities" and iso else None
        if new is None or (iso in self.places.foreign_lists and rng.random() < 0.5):
            listed = self.places.draw_foreign(rng, iso, what, core)  # the hand-written lists' towns too
            if listed is not None and not towns.same_town(listed, core) and fold(listed) not in avoid:
                new = listed  # not "Járkov" for "Kharkiv"
        if new is None:
            raise CannotReplace("no foreign place to draw")
        return new
