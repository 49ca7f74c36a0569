"""What a place mention is, and the per-document address-block plan that keeps places coherent.

An *address block* is a chain of adjacent location spans (addresses, territories, countries) separated only by
spaces, punctuation, parentheses, line breaks or ``Label:`` headers, e.g. ``c/ del Abedul 5-7, 2º dcha 28036
Madrid España`` or ``Localidad/ Provincia: Madrid.\\nCP: 28016.``. Each Spanish block gets one *block province*
(a vote of its postal codes, provinces and towns); every member is then surrogated inside the surrogate of that
province, so the postal-code prefix, the town and the province agree. Planning is structural (no randomness):
the replacers draw later, from the province mapping kept in the plan. A postal code also remembers the town of
its block, so its surrogate is one of that town's surrogate's real codes.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from gazetteers import fold

from ...model import Document, Span
from ...rng import keyed_rng
from ..base import DocumentState
from .country_index import CountryIndex
from .index import PlaceIndex
from .world_towns import world_towns

#: kinds whose spans can form an address block
LOCATION_KINDS = frozenset({"address", "territory", "country", "location"})

_POSTAL = re.compile(r"^(?P<pre>[Ee][-\s]?)?(?P<code>\d{5})$")
_LABEL = re.compile(r"\n[ \t]*[^\n:]{1,40}:[ \t]*")
_CP_WORD = re.compile(r"(?<![^\W\d_])(?:C\.\s?P\.|C\.?P\b\.?|[Cc]ódigo [Pp]ostal|[Cc]\.?p\b\.?)")
_PUNCT_ONLY = re.compile(r"^[\s,.;:()\[\]\-–—/]*$")
_EDGE = " \t\r\n.,;:()[]\"'«»“”"


@dataclass(frozen=True)
class PlaceClass:
    """kind: cp | digits | province | town | community | island | foreign | country | unknown."""

    kind: str
    codes: tuple[str, ...] = ()  # candidate province codes
    iso2: str | None = None
    capital_of: str | None = None  # the province whose capital this is
    what: str = "cities"  # foreign: cities | regions


def split_edges(text: str) -> tuple[str, str, str]:
    """(leading punctuation, core, trailing punctuation); abbreviations such as ``D.F.`` keep their dot
    when the core would otherwise be unrecognisable, which the caller checks."""
    core = text.strip(_EDGE)
    if not core:
        return "", text, ""
    start = text.index(core)
    return text[:start], core, text[start + len(core):]


def classify_place(core: str, places: PlaceIndex, countries: CountryIndex) -> PlaceClass:
    m = _POSTAL.match(core)
    if m:
        prefix = m.group("code")[:2]
        return PlaceClass("cp", (prefix,)) if "01" <= prefix <= "52" else PlaceClass("digits")
    if any(c.isdigit() for c in core):
        return PlaceClass("digits")
    key = fold(core)
    if key in places.province_names:
        code = places.province_names[key]
        return PlaceClass("province", (code,), capital_of=places.capitals.get(key))
    if key in places.capitals:
        code = places.capitals[key]
        return PlaceClass("town", (code,), capital_of=code)
    if key in places.towns:
        return PlaceClass("town", places.towns[key])
    island = places.island_province(core)
    if island:
        return PlaceClass("island", (island,))
    if key in places.communities:
        return PlaceClass("community", places.communities[key])
    for k in (key, fold(core + ".")):
        if k in places.foreign:
            iso, what = places.foreign[k]
            return PlaceClass("foreign", iso2=iso, what=what)
    cf = countries.classify(core)
    if cf is not None:
        return PlaceClass("country", iso2=cf.iso2)
    abroad = world_towns().country(core)  # a town abroad the hand-written lists lack ("Lviv", "Funchal")
    if abroad is not None:
        return PlaceClass("foreign", iso2=abroad, what="cities")
    return PlaceClass("unknown")


def joins(gap: str) -> bool:
    """True when the text between two location spans keeps them in one address block."""
    if len(gap) > 80:
        return False
    g = _CP_WORD.sub(" ", _LABEL.sub(" ", gap))
    return bool(_PUNCT_ONLY.match(g))


def find_blocks(doc: Document, kind_of) -> list[list[tuple[Span, str]]]:
    """Chains of adjacent location spans, in document order, as (span, kind) pairs."""
    blocks: list[list[tuple[Span, str]]] = []
    cur: list[tuple[Span, str]] = []
    prev: Span | None = None
    for sp in sorted(doc.spans, key=lambda s: (s.start, s.end)):
        kind = kind_of(sp.label)
        if kind in LOCATION_KINDS:
            if cur and prev is cur[-1][0] and joins(doc.text[prev.end:sp.start]):
                cur.append((sp, kind))
            else:
                if cur:
                    blocks.append(cur)
                cur = [(sp, kind)]
        prev = sp
    if cur:
        blocks.append(cur)
    return blocks


@dataclass
class TerritoryPlan:
    """The per-document plan (``DocumentState.place_plan``): the analysis (province_of, foreign_of,
    foreign_countries, order; shared by every apply of one document, never mutated) and the draws.

    province_of    folded mention → the original province whose surrogate it must belong to
    foreign_of     folded mention → ISO country of its (foreign) block, or None when unknown
    country_of_block  folded foreign country mention → its iso2 (for country coherence)
    town_of        folded postal code → the town mention of its block (the code is drawn from that town's codes)
    sigma          original province code → surrogate province code (drawn lazily or in begin_document)
    chosen         folded mention → surrogate (so case variants of one place share it)
    used           folded surrogates already given to other places (non-keyed mode keeps them distinct)
    """

    province_of: dict[str, str] = field(default_factory=dict)
    foreign_of: dict[str, str | None] = field(default_factory=dict)
    foreign_countries: dict[str, str] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    town_of: dict[str, str] = field(default_factory=dict)
    real_towns: set[str] = field(default_factory=set)  # the town_of values that are towns, not provinces
    sigma: dict[str, str] = field(default_factory=dict)
    country_target: dict[str, str] = field(default_factory=dict)  # original iso2 → surrogate iso2
    chosen: dict[str, str] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    postal: dict[str, str] = field(default_factory=dict)  # original 5-digit code → surrogate code
    #: the provinces where the document's co-official language is written, when its places are written in one
    #: ("Carrer Major", "Centro de Saúde", "Nagusia kalea"): a province of that area stays in it (``language_area``)
    region: frozenset[str] = frozenset()

    def fresh(self) -> "TerritoryPlan":
        """The same analysis with no draws yet."""
        return TerritoryPlan(self.province_of, self.foreign_of, self.foreign_countries, self.order, self.town_of,
                             self.real_towns, region=self.region)


def build_plan(doc: Document, kind_of, places: PlaceIndex, countries: CountryIndex,
               classify: Callable[[str], PlaceClass] | None = None) -> TerritoryPlan:
    """``classify(core)``: ``classify_place`` against these tables (a caller's cached one)."""
    classify = classify or (lambda core: classify_place(core, places, countries))
    plan = TerritoryPlan(region=language_area(doc, kind_of))
    blocks = find_blocks(doc, kind_of)
    # Multi-span blocks first: a town's block context beats a lone mention of it.
    for block in sorted(blocks, key=lambda b: (len(b) < 2, b[0][0].start)):
        members = []
        for sp, kind in block:
            if kind == "address":
                continue
            _, core, _ = split_edges(doc.span_text(sp))
            members.append((core, classify(core)))
        _plan_block(plan, members, places)
    return plan


def _plan_block(plan: TerritoryPlan, members: list[tuple[str, PlaceClass]], places: PlaceIndex) -> None:
    foreign_iso = next((c.iso2 for _, c in members if c.kind == "country" and c.iso2 != "ES"), None)
    has_spain = any(c.kind == "country" and c.iso2 == "ES" for _, c in members)
    spanish_names = any(c.kind in ("province", "community", "island") for _, c in members)
    foreign_names = [c.iso2 for _, c in members if c.kind == "foreign"]
    is_foreign = (foreign_iso is not None or (foreign_names and not spanish_names)) and not has_spain
    if is_foreign:
        iso = foreign_iso or (foreign_names[0] if foreign_names else None)
        for core, cls in members:
            key = fold(core)
            if cls.kind == "country":
                if cls.iso2 != "ES":
                    plan.foreign_countries.setdefault(key, cls.iso2 or "")
                continue
            plan.foreign_of.setdefault(key, iso)
        return

    votes: Counter[str] = Counter()
    for _, cls in members:
        if cls.kind in ("cp", "province", "town", "island") or (cls.kind == "community" and len(cls.codes) == 1):
            votes.update(cls.codes)
    block_province = None
    if votes:
        top = max(votes.values())
        tied = {c for c, n in votes.items() if n == top}
        # Ties go first to what will be written as a town (a town, a province named like its capital: a header
        # "Madrid" beats a postal code that disagrees with it), then to the postal code, then to other names
        # ("La Rioja" + 31224 → the postal code's province).
        def rank(cls: PlaceClass) -> int:
            if cls.kind == "town" or (cls.kind == "province" and cls.capital_of):
                return 0
            return 1 if cls.kind == "cp" else 2
        ordered = sorted((cls for _, cls in members), key=rank)
        for cls in ordered:
            hit = [c for c in cls.codes if c in tied]
            if hit:
                block_province = places.main_province(tuple(hit))
                break
    for core, cls in members:
        key = fold(core)
        if key in plan.province_of or key in plan.foreign_of:
            continue
        if cls.kind in ("province", "island"):
            plan.province_of[key] = cls.codes[0]
        elif cls.kind in ("cp", "town", "unknown", "foreign"):
            own = places.main_province(cls.codes)
            target = block_province or own
            if target:
                plan.province_of[key] = target
            elif cls.kind == "foreign":
                plan.foreign_of[key] = cls.iso2
        elif cls.kind == "community" and block_province in cls.codes:
            plan.province_of[key] = block_province
        if key in plan.province_of and plan.province_of[key] not in plan.order:
            plan.order.append(plan.province_of[key])
    town, real = _block_town(members, block_province)
    if town is not None:
        for core, cls in members:
            if cls.kind == "cp" and (real or fold(core) not in plan.town_of):
                # a real town beats "Localidad/ Provincia: Toledo" for a code that recurs ("45600 Talavera")
                if real and plan.town_of.get(fold(core)) in plan.real_towns:
                    continue
                plan.town_of[fold(core)] = town
                if real:
                    plan.real_towns.add(town)


def _block_town(members: list[tuple[str, PlaceClass]], province: str | None) -> tuple[str | None, bool]:
    """The mention that will be written as the block's town, and whether it is a town: a town of the block's
    province, else a province named like its capital ("Madrid", written as the surrogate capital)."""
    for core, cls in members:
        if cls.kind == "town" and (province is None or province in cls.codes):
            return core, True
    for core, cls in members:
        if cls.kind == "province" and cls.capital_of and cls.codes[0] == province:
            return core, False
    return None, False


def territory_plan_of(state: DocumentState) -> TerritoryPlan | None:
    """The document's place plan when the territory replacer made one (read-only lookup: it never creates
    one). Other kinds (phones) use it to stay coherent with the document's surrogate provinces."""
    return state.place_plan


#: provinces where each co-official language is written (Catalan: Catalonia, the Balearics, the Valencian
#: Community; Basque: the Basque Country and Navarre), and the words that show a place written in it
LANGUAGE_AREAS = {
    "ca": frozenset({"08", "17", "25", "43", "07", "03", "12", "46"}),
    "gl": frozenset({"15", "27", "32", "36"}),
    "eu": frozenset({"01", "20", "48", "31"}),
}
_AREA_WORDS = {
    "ca": re.compile(r"(?i)^(?:carrer|avinguda|passeig|pla[çc]a|cam[ií]|rambla|passatge|ronda)\b|\b(?:CAP|Centre "
                     r"d[e']\s?(?:Salut|Atenci[oó])|Consultori|Hospital Universitari|Resid[eè]ncia)\b"),
    "gl": re.compile(r"(?i)^(?:r[úu]a|praza|estrada|travesa|avenida d[ao]s?)\b|\b(?:Centro de Sa[úu]de|Complexo|"
                     r"Hospitalario Universitario d[ae] (?!la\b)|Doutor)\b"),
    "eu": re.compile(r"(?i)\b(?:kalea|etorbidea|hiribidea|Osasun Zentroa|Ospitalea|Anbulatorioa)\b"),
}
_AREA_KINDS = frozenset({"address", "facility", "institution"})


def language_area(doc: Document, kind_of) -> frozenset[str]:
    """The provinces of the co-official language the document's addresses and facilities are written in, or
    none (no such words, or words of two languages). A Catalan note from Lleida whose places were all drawn
    from Madrid read "Carrer Major ... San Sebastián de los Reyes", "Centre de Salut de Benamargosa"."""
    found = set()
    for sp in doc.spans:
        if kind_of(sp.label) in _AREA_KINDS:
            text = doc.span_text(sp)
            found.update(lang for lang, words in _AREA_WORDS.items() if words.search(text))
    return LANGUAGE_AREAS[found.pop()] if len(found) == 1 else frozenset()


def surrogate_province(plan: TerritoryPlan, code: str, places: PlaceIndex, rng: np.random.Generator,
                       key: bytes | None = None) -> str:
    """σ(code): the document's surrogate for province ``code``, drawn once and shared by every place and
    phone of the document. Keyed mode derives it from the key alone (same map in every document);
    otherwise surrogates are distinct and never a province the document itself mentions."""
    if code not in plan.sigma:
        if key:
            plan.sigma[code] = places.draw_province(keyed_rng(key, "territory:province", code), like=code, exclude={code})
        else:
            # a document that names (nearly) every province, a long record, leaves none unnamed: the surrogate
            # may then be a province it names, and at last one already used (the leak guard still refuses to
            # write another original, so only such a province's own mention is masked, never its towns)
            used = set(plan.sigma.values()) | {code}
            # a province of the area whose language the document's places are written in stays in that area
            outside = set(places.provinces) - plan.region if code in plan.region else set()
            tries = (used | set(plan.order), used, {code})
            for exclude in (*(e | outside for e in tries[:2] if outside), *tries):
                try:
                    plan.sigma[code] = places.draw_province(rng, like=code, exclude=exclude)
                    break
                except LookupError:
                    continue
            else:
                raise LookupError("no province to draw")
    return plan.sigma[code]
