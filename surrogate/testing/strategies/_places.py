"""Strategies for places: street addresses, postal codes, towns and provinces.

Values come from a gazetteer set (the default Spanish one unless ``gazetteers=`` is given): street names from
``street_names``, towns from ``municipalities``, provinces and postal prefixes from ``provinces``. Tables load
on the first draw (cached with the set), never when a strategy is built.

Kinds: ``address`` for :func:`addresses`; ``territory`` for :func:`postal_codes`, :func:`towns` and
:func:`provinces`. Forms: the via class of an address (``calle``, ``avenida``… ``no_via``), ``postal_code``,
``postal_code_e`` (``E-28015``), ``town``, ``province``, ``province_official`` (INE names: ``Araba/Álava``,
``Coruña, A``) and ``province_variant`` (other spellings people write: ``Vizcaya``, ``Gerona``, ``La Coruña``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from hypothesis import strategies as st

from gazetteers import GazetteerSet, default_set
from gazetteers.text import strip_accents

from ..values import PHIValue
from ._forms import cased, check_forms

__all__ = ["ADDRESS_FORMS", "CASES", "POSTAL_FORMS", "PROVINCE_FORMS", "TOWN_FORMS", "VIA_SURFACES", "addresses",
           "postal_codes", "provinces", "towns"]

#: Via class → the surface forms clinical texts write it in (MEDDOCAN's, plus the usual abbreviations).
VIA_SURFACES: dict[str, tuple[str, ...]] = {
    "calle": ("Calle", "calle", "C/", "c/", "C/.", "C.", "Cl.", "Carrer", "Rúa", "Rua"),
    "avenida": ("Avenida", "Avda.", "Avda", "Avd.", "Av.", "Av", "Av/", "Ada.", "Avinguda"),
    "paseo": ("Paseo", "Pº", "P.º", "Pso.", "Passeig"),
    "plaza": ("Plaza", "Pza.", "Plza.", "Pz.", "Plaça", "Praza"),
    "carretera": ("Carretera", "Ctra.", "Ctra", "Crta.", "Crt."),
    "travesia": ("Travesía", "Trav."),
    "ronda": ("Ronda", "Rda.", "Rondilla"),
    "glorieta": ("Glorieta", "Gta."),
    "camino": ("Camino", "Cno."),
    "urbanizacion": ("Urbanización", "Urb."),
    "pasaje": ("Pasaje", "Pje."),
    "rambla": ("Rambla",),
    "callejon": ("Callejón",),
    "bulevar": ("Bulevar",),
    "gran_via": ("Gran Vía",),
    "carrera": ("Carrera", "Cra."),  # the Latin American street (MEDDOCAN has a few)
    "apartado": ("Apartado de Correos", "Apdo."),
    "no_via": ("",),
}
ADDRESS_FORMS: tuple[str, ...] = tuple(VIA_SURFACES)
POSTAL_FORMS: tuple[str, ...] = ("postal_code", "postal_code_e")
TOWN_FORMS: tuple[str, ...] = ("town",)
PROVINCE_FORMS: tuple[str, ...] = ("province", "province_official", "province_variant")
#: How a place name is written: as the gazetteer spells it, in capitals, in lower case, without accents.
CASES: tuple[str, ...] = ("as_spelt", "upper", "lower", "unaccented")

_CATALAN = frozenset({"Carrer", "Avinguda", "Passeig", "Plaça"})
_GALICIAN = frozenset({"Rúa", "Rua", "Praza"})
_GALICIAN_PARTICLES = ((re.compile(r"^del "), "do "), (re.compile(r"^de la "), "da "),
                       (re.compile(r"^de los "), "dos "), (re.compile(r"^de las "), "das "))
_CATALAN_PARTICLES = ((re.compile(r"^de los "), "dels "), (re.compile(r"^de las "), "de les "),
                      (re.compile(r"^de ([AEIOUÁÉÍÓÚaeiou])"), r"d'\1"))
_LEADING_PARTICLE = re.compile(r"^(?:de la|de las|de los|del|de)\s+")
# Words that read as a via at the start of an address: a street name without a via must not start with one
# ("de la Plaza" without its particle would be "Plaza, 3").
_VIA_WORDS = sorted({v for vs in VIA_SURFACES.values() for v in vs if v} | {
    "Cuesta", "Barrio", "Polígono", "Rondilla", "Calla", "Kalea", "Etorbidea", "Apartado", "Cl", "C", "Pz", "Pl.",
    "Pg.", "P/", "R/"}, key=len, reverse=True)
_STARTS_WITH_VIA = re.compile("(?:" + "|".join(map(re.escape, _VIA_WORDS)) + r")(?:[\s,]|$)", re.I)

#: INE official province names that differ from the usual one (bilingual, postposed article) → INE code.
_OFFICIAL_PROVINCES: dict[str, str] = {
    "Araba/Álava": "01", "Alicante/Alacant": "03", "Balears, Illes": "07", "Castellón/Castelló": "12",
    "Coruña, A": "15", "Rioja, La": "26", "Palmas, Las": "35", "Valencia/València": "46",
}
#: Other spellings in use: traditional Castilian names and the co-official single forms → INE code.
_PROVINCE_VARIANTS: dict[str, str] = {
    "Araba": "01", "Alacant": "03", "Baleares": "07", "Islas Baleares": "07", "Castelló": "12",
    "La Coruña": "15", "Gerona": "17", "Guipúzcoa": "20", "Lérida": "25", "Nafarroa": "31", "Orense": "32",
    "València": "46", "Vizcaya": "48",
}

# -- house numbers, floors and doors, written the ways MEDDOCAN writes them ---------------------------------
_house = st.one_of(st.integers(1, 99), st.integers(100, 399), st.integers(1000, 2999)).map(str)
_floor = st.integers(1, 12).map(str)
_door_letter = st.sampled_from("ABCDEFGH")
_side = st.sampled_from(["dcha", "izda", "Dcha.", "Izda.", "dcha.", "izq.", "Der.", "Izq.", "derecha",
                         "izquierda", "Dcha", "Izq"])
_number_part = st.one_of(
    st.tuples(st.sampled_from([", ", " ", ", nº ", " nº ", ", n.º ", " número "]), _house).map("".join),
    st.tuples(st.integers(1, 97), st.sampled_from([2, 4, 10])).map(lambda t: f", {t[0]}-{t[0] + t[1]}"),
)
_s_n = st.sampled_from([", s/n", " s/n", ", S/N", " s/n."])
_floor_door = st.one_of(
    st.just(""),
    st.tuples(_floor, _door_letter).map(lambda t: f", {t[0]}º {t[1]}"),
    st.tuples(_floor, _door_letter).map(lambda t: f", {t[0]}.º {t[1]}"),
    st.tuples(_floor, _door_letter).map(lambda t: f", {t[0]}º-{t[1]}"),
    st.tuples(_floor, _side).map(lambda t: f", {t[0]}º {t[1]}"),
    st.tuples(_floor, _side).map(lambda t: f", {t[0]} {t[1]}"),
    st.tuples(st.sampled_from(["bajo", "Bajo"]), st.one_of(_side, _door_letter)).map(lambda t: f", {t[0]} {t[1]}"),
    st.tuples(st.sampled_from([", ", " ", ". "]), _floor, _door_letter).map("".join),  # "63. 1A", "20 3A"
    st.tuples(_floor, _door_letter).map(lambda t: f", {t[0]} {t[1]}"),
    st.tuples(_floor, _door_letter).map(lambda t: f", {t[0]}, {t[1]}"),
    st.tuples(_floor, st.integers(1, 4)).map(lambda t: f", piso {t[0]}, puerta {t[1]}"),
    st.tuples(_floor, st.integers(1, 4)).map(lambda t: f", {t[0]}º {t[1]}ª"),
    st.tuples(st.integers(1, 3), _floor, _door_letter).map(lambda t: f", esc. {t[0]}, {t[1]}º {t[2]}"),
    st.sampled_from([", ático", ", Ático B", ", Bajo"]),
)
_km = st.tuples(st.sampled_from([", km ", " km ", ", Km ", " Km. "]), st.integers(1, 120),
                st.sampled_from(["", ",500", ",100", ",8"])).map(lambda t: f"{t[0]}{t[1]}{t[2]}")


@dataclass(frozen=True)
class _PlaceTables:
    streets: tuple[str, ...]
    streets_without_via: tuple[str, ...]  # particle dropped, and none that reads as a via ("Camino Real")
    towns: tuple[str, ...]
    big_towns: tuple[str, ...]
    provinces: tuple[str, ...]
    official_provinces: tuple[str, ...]
    province_variants: tuple[str, ...]
    postal_prefixes: tuple[str, ...]


def _build_tables(gaz: GazetteerSet) -> _PlaceTables:
    muni = gaz["municipalities"].frame
    by_weight = muni.sort("weight", descending=True) if "weight" in muni.columns else muni
    towns = tuple(dict.fromkeys(muni["value"].to_list()))
    prov = gaz["provinces"].frame
    codes_col = "postal_prefix" if "postal_prefix" in prov.columns else "code" if "code" in prov.columns else None
    codes = tuple(sorted({str(c).zfill(2) for c in prov[codes_col].to_list()})) if codes_col else ()
    inner = {str(c).zfill(2) for c in prov["code"].to_list()} if "code" in prov.columns else set()
    streets = tuple(gaz["street_names"].frame["value"].to_list())
    return _PlaceTables(
        streets=streets,
        streets_without_via=tuple(n for n in map(_without_via, streets) if not _STARTS_WITH_VIA.match(n)),
        towns=towns,
        big_towns=tuple(dict.fromkeys(by_weight["value"].head(200).to_list())),
        provinces=tuple(prov["value"].to_list()),
        official_provinces=tuple(n for n, c in _OFFICIAL_PROVINCES.items() if c in inner),
        province_variants=tuple(n for n, c in _PROVINCE_VARIANTS.items() if c in inner),
        postal_prefixes=tuple(p for p in codes if "01" <= p <= "52"),
    )


def _tables(gazetteers: GazetteerSet | None) -> _PlaceTables:
    gaz = gazetteers if gazetteers is not None else default_set("es")
    return gaz.derived("surrogate.testing.places", _build_tables)


def _apply_first(rules, name: str) -> str:
    for pattern, repl in rules:
        new = pattern.sub(repl, name, count=1)
        if new != name:
            return new
    return name


# -- addresses -----------------------------------------------------------------------------------------
def _without_via(name: str) -> str:
    """Without a via type a street name does not start with "de la" ("Hermanos Falcó, s/n")."""
    return _LEADING_PARTICLE.sub("", name) or name


def _street(via: str, name: str) -> str:
    if via in _GALICIAN:
        return _apply_first(_GALICIAN_PARTICLES, name)
    if via in _CATALAN:
        return _apply_first(_CATALAN_PARTICLES, name)
    return name


@st.composite
def _address(draw, form: str, tables: _PlaceTables) -> PHIValue:
    via = draw(st.sampled_from(VIA_SURFACES[form]))
    if form == "apartado":  # a post-office box: a number only
        return PHIValue(f"{via} {draw(st.integers(1, 9999))}", kind="address", form=form)
    if form == "gran_via":  # the via is the street's name: "Gran Vía, 85"
        head = via
    else:
        if form == "carretera":
            name = "de " + draw(st.sampled_from(tables.big_towns))
        else:
            name = (_street(via, draw(st.sampled_from(tables.streets))) if via
                    else draw(st.sampled_from(tables.streets_without_via)))
        if via.endswith("/") and draw(st.booleans()):
            sep = ""  # "c/Santa Soria"
        else:
            sep = draw(st.sampled_from([" ", " ", " ", ", "])) if via else ""
        head = f"{via}{sep}{name}"
    if form == "carretera":
        tail = draw(st.one_of(_km, _s_n, _number_part))
    else:
        tail = draw(st.one_of(_s_n, st.tuples(_number_part, _floor_door).map("".join)))
    case = draw(st.sampled_from(("as_spelt", "as_spelt", "upper", "lower", "unaccented")))
    if case == "upper":
        text = (head + tail).upper()
    elif case in ("lower", "unaccented"):  # "calle fermin caballero 18, 3B": the name in lower case
        name_part = head[len(via):].lower()
        text = via.lower() + (strip_accents(name_part) if case == "unaccented" else name_part) + tail
    else:
        text = head + tail
    return PHIValue(text, kind="address", form=form)


def addresses(*, forms=None, gazetteers: GazetteerSet | None = None) -> st.SearchStrategy[PHIValue]:
    """Spanish street addresses: every via class in its written forms (``Calle``, ``C/``, ``Avda.``, ``Pº``,
    ``Ctra.``, ``Carrer``, ``Rúa``…) or none, a street name from ``street_names``, a house number (``, 63``,
    ``nº 3``, ``s/n``, ``km 12,500``, ``5-7``) and floor/door forms (``3º B``, ``2º dcha``, ``bajo izda``,
    ``1A``, ``piso 4, puerta 2``), in title, upper or lower case. ``forms`` restricts the via classes
    (:data:`ADDRESS_FORMS`); the value's ``form`` is its via class."""
    chosen = check_forms(forms, ADDRESS_FORMS, "address")

    def build() -> st.SearchStrategy[PHIValue]:
        tables = _tables(gazetteers)
        if not tables.streets:
            raise ValueError("the gazetteer set has an empty street_names table")
        return st.sampled_from(chosen).flatmap(lambda form: _address(form, tables))

    return st.deferred(build)


# -- postal codes --------------------------------------------------------------------------------------
_postal_tail = st.one_of(
    st.integers(1, 99).map(lambda n: f"0{n:02d}"),  # a capital's district: 28036
    st.integers(1, 9).map(lambda n: f"{n}00"),  # a town's code: 28500
    st.integers(10, 99).map(lambda n: f"{n}0"),  # 28940
    st.integers(1, 999).map(lambda n: f"{n:03d}"),
)


def postal_codes(*, forms=None, gazetteers: GazetteerSet | None = None) -> st.SearchStrategy[PHIValue]:
    """Spanish postal codes: a real province prefix (01–52, from the ``provinces`` table) and three digits
    in the patterns real codes follow (``28036`` in a capital, ``28500`` in a town). Form ``postal_code`` is
    the bare code, ``postal_code_e`` the ``E-28015``/``E 28015`` spelling. The codes are plausible, not
    checked against the Correos list."""
    chosen = check_forms(forms, POSTAL_FORMS, "postal code")

    def build() -> st.SearchStrategy[PHIValue]:
        prefixes = _tables(gazetteers).postal_prefixes
        if not prefixes:
            raise ValueError("the provinces table has no postal prefix in 01–52")
        code = st.tuples(st.sampled_from(prefixes), _postal_tail).map("".join)

        def spell(form: str) -> st.SearchStrategy[PHIValue]:
            if form == "postal_code_e":
                return st.tuples(st.sampled_from(["E-", "E "]), code).map(
                    lambda t: PHIValue(t[0] + t[1], kind="territory", form=form))
            return code.map(lambda c: PHIValue(c, kind="territory", form=form))

        return st.sampled_from(chosen).flatmap(spell)

    return st.deferred(build)


# -- towns and provinces -------------------------------------------------------------------------------
def _names(pools: dict[str, st.SearchStrategy[str]], chosen: tuple[str, ...], case_list: tuple[str, ...],
           what: str):
    usable = [f for f in chosen if f in pools]
    if not usable:
        raise ValueError(f"the gazetteer set has no {what} of forms {list(chosen)}")
    return st.sampled_from(usable).flatmap(
        lambda form: st.tuples(pools[form], st.sampled_from(case_list)).map(
            lambda t: PHIValue(cased(t[0], t[1], strip_accents), kind="territory", form=form)))


def towns(*, forms=None, cases=None, gazetteers: GazetteerSet | None = None) -> st.SearchStrategy[PHIValue]:
    """Municipality names from the ``municipalities`` table (``A Coruña``, ``L'Hospitalet de Llobregat``,
    ``Castelló de la Plana``; bilingual municipalities under each of their names and under the INE official
    name of the table's ``official_name`` column, ``Elx/Elche``), half of them from the 200 most populous.
    Written as spelt, in capitals, in lower case or without accents (:data:`CASES`, restricted by ``cases``)."""
    chosen = check_forms(forms, TOWN_FORMS, "town")
    case_list = check_forms(cases, CASES, "case")

    def official_names(gaz: GazetteerSet) -> tuple[str, ...]:
        muni = gaz["municipalities"].frame
        if "official_name" not in muni.columns:
            return ()
        return tuple(dict.fromkeys(o for v, o in zip(muni["value"].to_list(), muni["official_name"].to_list())
                                   if o and o != v))

    def build() -> st.SearchStrategy[PHIValue]:
        t = _tables(gazetteers)
        gaz = gazetteers if gazetteers is not None else default_set("es")
        official = gaz.derived("surrogate.testing.places.official_towns", official_names)
        pools: dict[str, st.SearchStrategy[str]] = {}
        if t.towns:
            every = st.sampled_from(t.towns + official) if official else st.sampled_from(t.towns)
            pools["town"] = st.one_of(st.sampled_from(t.big_towns), every)
        return _names(pools, chosen, case_list, "towns")

    return st.deferred(build)


def provinces(*, forms=None, cases=None, gazetteers: GazetteerSet | None = None) -> st.SearchStrategy[PHIValue]:
    """Province names: the ``provinces`` table's (``A Coruña``, ``Illes Balears``, ``Bizkaia``), the INE
    official ones (``Araba/Álava``, ``Balears, Illes``) and other spellings in use (``Vizcaya``, ``Gerona``,
    ``La Coruña``), for the provinces the table has. Cases as in :func:`towns`."""
    chosen = check_forms(forms, PROVINCE_FORMS, "province")
    case_list = check_forms(cases, CASES, "case")

    def build() -> st.SearchStrategy[PHIValue]:
        t = _tables(gazetteers)
        pools = {form: st.sampled_from(values) for form, values in (
            ("province", t.provinces), ("province_official", t.official_provinces),
            ("province_variant", t.province_variants)) if values}
        return _names(pools, chosen, case_list, "provinces")

    return st.deferred(build)
