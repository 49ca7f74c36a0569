"""Person names and kinship phrases, written the ways Spanish clinical reports write them (ages: ``_ages``).

- ``given_names(sex=None)``: census first names of one sex (single and compound, "María José",
  "María del Carmen"), as spelt, UPPER, lower or without their accents.
- ``full_names()``: given names and one or two surnames, with particles ("de la Fuente", "y"), hyphens
  ("García-Lorca"), initials ("J.", "M. J.", "Mª"), honorifics ("Dr.", "Dra.", "Sr.") and the inverted
  "GARCÍA LÓPEZ, Juan".
- ``kinship_phrases()``: relatives from the ``kinship`` table, alone or with a possessive, a count, a side
  ("abuela materna"), a rank ("hermano mayor"), an age ("madre de 34 años") or a name ("madre Teresa Ruiz").

Names come from the ``first_names`` and ``surnames`` tables of ``gazetteers.default_set("es")`` (or of the
``gazetteers=`` set you pass), most frequent first, so hypothesis shrinks towards everyday names. Only
names whose role is clear are used: a given name that is seldom a surname, a surname that is seldom a given
name, so a falsifying example is never about an ambiguous census word. The tables are read on the first
draw, not at import.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from hypothesis import strategies as st

from gazetteers import GazetteerSet, default_set
from gazetteers.sex import SexLookup
from gazetteers.text import fold

from ...textcase import drop_accents
from ..values import PHIValue
from ._forms import PHRASE_CASES, cased, check_forms, form_label

GIVEN, SURNAME = "given", "surname"
SEXES = ("F", "M")

# -- surface variants -------------------------------------------------------------------------------------------
NAME_CASES = ("as_spelt", "upper", "lower", "unaccented")
GIVEN_FORMS = ("single", "compound")
FULL_NAME_FORMS = (
    "given_surname", "given_two_surnames", "compound_given", "particle_surname", "conjunction", "hyphenated",
    "initials", "honorific", "surname_first",
)
KINSHIP_FORMS = ("term", "possessive", "count", "sided", "rank", "with_age", "with_name")

# A name is used only when the census rarely gives it the other role: a given name borne as a surname by
# at most a quarter as many people (and the converse), so the expected role of every part is clear.
_ROLE_MARGIN = 4.0
# A given name is used for a sex only when this share of its bearers have that sex (names both sexes bear
# in number are left out, so the sex a test expects is the one any census reader would give).
_SEX_SHARE = 0.95
_TOP_GIVEN, _TOP_COMPOUND, _TOP_SURNAMES, _TOP_PARTICLE_SURNAMES = 600, 150, 1500, 40
_PARTICLES = frozenset("de del la las los y e i da das do dos san santa van von".split())

HONORIFICS = {"F": ("Dra.", "Sra.", "Dña.", "Doña"), "M": ("Dr.", "Sr.", "D.", "Don")}


class NameSample(NamedTuple):
    """A generated name with what a reader knows about it: the role of each unit (a word with its
    particles and hyphenated parts, or one initial, as the name replacer cuts a name) and the sex."""

    text: str
    roles: tuple[str, ...]
    sex: str
    form: str


class _NameTables(NamedTuple):
    given: dict[str, tuple[str, ...]]  # sex → single given names, most frequent first
    compound: dict[str, tuple[str, ...]]  # sex → census compounds ("María José", "María del Carmen")
    surnames: tuple[str, ...]
    particle_surnames: tuple[str, ...]  # "de la Fuente", "del Río"


@lru_cache(maxsize=1)
def _default_gazetteers() -> GazetteerSet:
    return default_set("es")


def _resolve(gazetteers: GazetteerSet | None) -> GazetteerSet:
    return gazetteers if gazetteers is not None else _default_gazetteers()


def _is_plain_word(word: str) -> bool:
    return len(word) > 1 and word.isalpha() and word[0].isupper() and word[1:].islower()


def _build_name_tables(gazetteers: GazetteerSet) -> _NameTables:
    first = gazetteers["first_names"].frame
    last = gazetteers["surnames"].frame
    sex_of = SexLookup.of(gazetteers["first_names"]).sex_of

    given_weight: dict[str, float] = defaultdict(float)  # folded single word → bearers as a given name
    by_sex: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    spelling: dict[str, tuple[float, str]] = {}
    for value, weight, sex in zip(first["value"].to_list(), first["weight"].to_list(), first["sex"].to_list()):
        if not value or not weight:
            continue
        key = fold(value)
        by_sex[key][sex or ""] += float(weight)
        if key not in spelling or weight > spelling[key][0]:
            spelling[key] = (float(weight), value.strip())
        if " " not in key:
            given_weight[key] += float(weight)
    surname_weight: dict[str, float] = defaultdict(float)
    surname_rows: list[tuple[float, str]] = []
    for value, weight in zip(last["value"].to_list(), last["weight"].to_list()):
        if value and weight:
            surname_weight[fold(value)] += float(weight)
            surname_rows.append((float(weight), value.strip()))

    def clearly_given(word: str) -> bool:
        key = fold(word)
        return given_weight.get(key, 0.0) >= _ROLE_MARGIN * surname_weight.get(key, 0.0) and key not in _PARTICLES

    def clearly_surname(word: str) -> bool:
        key = fold(word)
        return surname_weight.get(key, 0.0) >= _ROLE_MARGIN * given_weight.get(key, 0.0) and key not in _PARTICLES

    given: dict[str, list[tuple[float, str]]] = {"F": [], "M": []}
    compound: dict[str, list[tuple[float, str]]] = {"F": [], "M": []}
    for key, per_sex in by_sex.items():
        total = sum(per_sex.values())
        weight, value = spelling[key]
        sex = sex_of(value)
        if sex not in given or per_sex.get(sex, 0.0) < _SEX_SHARE * total:
            continue
        words = value.split()
        if len(words) == 1:
            if _is_plain_word(value) and clearly_given(value):
                given[sex].append((total, value))
        elif all(_is_plain_word(w) or w in _PARTICLES for w in words) and _is_plain_word(words[0]) \
                and _is_plain_word(words[-1]) and all(clearly_given(w) for w in words if w not in _PARTICLES) \
                and sex_of(words[0]) == sex:
            compound[sex].append((total, value))
    surnames = [v for w, v in sorted(surname_rows, reverse=True) if _is_plain_word(v) and clearly_surname(v)]
    # "de los Reyes" is also the tail of "María de los Reyes": such surnames are left out as ambiguous
    given_tails = {fold(" ".join(_units_of(v)[1:])) for _, v in spelling.values() if len(_units_of(v)) > 1}
    particle_surnames = [
        v for w, v in sorted(surname_rows, reverse=True)
        if v.split()[0] in ("de", "del") and len(v.split()) >= 2 and all(x in _PARTICLES for x in v.split()[:-1])
        and _is_plain_word(v.split()[-1]) and fold(v) not in given_tails
    ]

    def top(rows: list[tuple[float, str]], n: int) -> tuple[str, ...]:
        return tuple(v for _, v in sorted(rows, key=lambda r: (-r[0], r[1]))[:n])

    return _NameTables(
        given={s: top(given[s], _TOP_GIVEN) for s in SEXES},
        compound={s: top(compound[s], _TOP_COMPOUND) for s in SEXES},
        surnames=tuple(surnames[:_TOP_SURNAMES]),
        particle_surnames=tuple(particle_surnames[:_TOP_PARTICLE_SURNAMES]),
    )


def _name_tables(gazetteers: GazetteerSet | None) -> _NameTables:
    gaz = _resolve(gazetteers)
    tables = gaz.derived("surrogate.testing.people.names", _build_name_tables)
    for sex in SEXES:
        if not tables.given[sex]:
            raise ValueError(f"the first_names table has no given name of clear sex {sex!r} to draw")
    if not tables.surnames:
        raise ValueError("the surnames table has no surname to draw")
    return tables


def _units_of(value: str) -> list[str]:
    """"María del Carmen" → ["María", "del Carmen"]: a word with the particles before it."""
    units, pending = [], []
    for word in value.split():
        if fold(word) in _PARTICLES:
            pending.append(word)
        else:
            units.append(" ".join([*pending, word]))
            pending = []
    return units


def _initial_of(name: str) -> str:
    return drop_accents(name[:1]).upper() + "."


# -- given names --------------------------------------------------------------------------------------------------
@st.composite
def _given_samples(draw, sex: str | None, forms: tuple[str, ...], cases: tuple[str, ...],
                   gazetteers: GazetteerSet | None) -> NameSample:
    tables = _name_tables(gazetteers)
    chosen_sex = sex or draw(st.sampled_from(SEXES))
    form = draw(st.sampled_from(forms))
    compound = form == "compound" and tables.compound[chosen_sex]
    value = draw(st.sampled_from(tables.compound[chosen_sex] if compound else tables.given[chosen_sex]))
    case = draw(st.sampled_from(cases))
    return NameSample(cased(value, case), (GIVEN,) * len(_units_of(value)), chosen_sex, form_label(form, case))


def given_name_samples(sex: str | None = None, *, forms: Iterable[str] | None = None,
                       cases: Iterable[str] | None = None,
                       gazetteers: GazetteerSet | None = None) -> st.SearchStrategy[NameSample]:
    """Given names with their sex and roles (for tests that need to know what a name should parse to)."""
    if sex not in (None, *SEXES):
        raise ValueError(f"sex must be 'F', 'M' or None, not {sex!r}")
    return _given_samples(sex, check_forms(forms, GIVEN_FORMS, "given-name"),
                          check_forms(cases, NAME_CASES, "name case"), gazetteers)


def given_names(sex: str | None = None, *, forms: Iterable[str] | None = None, cases: Iterable[str] | None = None,
                gazetteers: GazetteerSet | None = None) -> st.SearchStrategy[PHIValue]:
    """Census first names of ``sex`` ("F", "M", or either): "Lucía", "José Luis", "María del Carmen",
    "JAVIER", "jose". ``forms``: "single", "compound"; ``cases``: "as_spelt", "upper", "lower", "unaccented"."""
    return given_name_samples(sex, forms=forms, cases=cases, gazetteers=gazetteers).map(
        lambda s: PHIValue(s.text, kind="person_name", form=f"given_{s.form}"))


# -- full names ---------------------------------------------------------------------------------------------------
_INITIAL_STYLES = ("one", "two", "two_glued", "initial_and_name", "name_and_initial", "abbreviated_maria")


@st.composite
def _full_name_samples(draw, forms: tuple[str, ...], cases: tuple[str, ...],
                       gazetteers: GazetteerSet | None) -> NameSample:
    tables = _name_tables(gazetteers)
    sex = draw(st.sampled_from(SEXES))
    form = draw(st.sampled_from(forms))
    case = draw(st.sampled_from(cases))

    def given() -> str:
        return draw(st.sampled_from(tables.given[sex]))

    def surname() -> str:
        return draw(st.sampled_from(tables.surnames))

    # each item of givens and surnames is one unit as the name replacer cuts a name
    givens: list[str] = [given()]
    surnames: list[str] = [surname(), surname()] if draw(st.integers(0, 3)) else [surname()]
    glue = " "  # between the given-name units
    honorific = ""
    if form == "given_surname":
        surnames = [surname()]
    elif form == "given_two_surnames":
        surnames = [surname(), surname()]
    elif form == "compound_given":
        givens = _units_of(draw(st.sampled_from(tables.compound[sex] or tables.given[sex])))
    elif form == "particle_surname" and tables.particle_surnames:
        particle = draw(st.sampled_from(tables.particle_surnames))
        surnames = draw(st.sampled_from([[particle], [surname(), particle], [particle, surname()]]))
    elif form == "conjunction":
        surnames = [surname(), "y " + surname()]
    elif form == "hyphenated":
        surnames = [surname() + "-" + surname()] + ([surname()] if draw(st.booleans()) else [])
    elif form == "initials":
        # a leading "D." reads as Don, not as an initial: names in D never give the first initial
        first = draw(st.sampled_from(tables.given[sex]).filter(lambda n: not fold(n).startswith("d")))
        style = draw(st.sampled_from(_INITIAL_STYLES))
        givens = {
            "one": lambda: [_initial_of(first)],
            "two": lambda: [_initial_of(first), _initial_of(given())],
            "two_glued": lambda: [_initial_of(first), _initial_of(given())],  # "J.L. García"
            "initial_and_name": lambda: [_initial_of(first), given()],
            "name_and_initial": lambda: [first, _initial_of(given())],
            "abbreviated_maria": lambda: [draw(st.sampled_from(("Mª", "M.ª"))),
                                          draw(st.sampled_from(tables.given["F"]))],
        }[style]()
        sex = "F" if style == "abbreviated_maria" else sex
        glue = "" if style == "two_glued" else " "
    elif form == "honorific":
        honorific = draw(st.sampled_from(HONORIFICS[sex]))
    given_roles = (GIVEN,) * len(givens)
    surname_roles = (SURNAME,) * sum(len(_units_of(s)) for s in surnames)
    given_text, surname_text = glue.join(givens), " ".join(surnames)
    if form == "surname_first":  # "García López, Juan", or "GARCÍA LÓPEZ, Juan" as hospital lists write it
        if case in ("as_spelt", "unaccented") and draw(st.booleans()):
            text = f"{cased(surname_text, case).upper()}, {cased(given_text, case)}"
        else:
            text = _cased_name(f"{surname_text}, {given_text}", case)
        return NameSample(text, surname_roles + given_roles, sex, form_label(form, case))
    text = " ".join(filter(None, (honorific, given_text, surname_text)))
    return NameSample(_cased_name(text, case), given_roles + surname_roles, sex, form_label(form, case))


def _cased_name(text: str, case: str) -> str:
    """A case variant; lower case leaves initials and honorifics as written ("J. garcía", "Dr. ruiz")."""
    if case != "lower":
        return cased(text, case)
    return " ".join(w if w.endswith((".", "ª")) or (len(w) == 1 and w.isupper()) else w.lower()
                    for w in text.split(" "))


def full_name_samples(*, forms: Iterable[str] | None = None, cases: Iterable[str] | None = None,
                      gazetteers: GazetteerSet | None = None) -> st.SearchStrategy[NameSample]:
    """Full names with the role of each unit and the sex (for tests that check a parser's reading)."""
    return _full_name_samples(check_forms(forms, FULL_NAME_FORMS, "full-name"),
                              check_forms(cases, NAME_CASES, "name case"), gazetteers)


def full_names(*, forms: Iterable[str] | None = None, cases: Iterable[str] | None = None,
               gazetteers: GazetteerSet | None = None) -> st.SearchStrategy[PHIValue]:
    """Full names: "Juan García López", "María José Ruiz del Río", "Dra. Elena Ortega-Martín",
    "J. L. García", "Mª Teresa Gómez", "GARCÍA LÓPEZ, Juan", "Ana Ramón y Cajal".

    ``forms``: any of :data:`FULL_NAME_FORMS`; ``cases``: "as_spelt", "upper", "lower", "unaccented"."""
    return full_name_samples(forms=forms, cases=cases, gazetteers=gazetteers).map(
        lambda s: PHIValue(s.text, kind="person_name", form=s.form))


# -- kinship ------------------------------------------------------------------------------------------------------
class KinshipSample(NamedTuple):
    text: str
    term: str  # the kinship-table value inside the phrase
    form: str


class _KinTerm(NamedTuple):
    value: str
    sex: str
    number: str


# Everyday relatives first, so hypothesis shrinks towards "madre" rather than "tatarabuela".
_EVERYDAY = ("madre", "padre", "padres", "hijo", "hija", "hijos", "hermano", "hermana", "hermanos", "abuelo",
             "abuela", "tío", "tía", "primo", "prima", "esposa", "marido", "pareja", "nieto", "nieta")
# Relatives that take a side ("abuela materna").
_SIDED = frozenset({"abuelo", "abuela", "abuelos", "abuelas", "bisabuelo", "bisabuela", "tío", "tía", "tíos",
                    "tías", "primo", "prima", "primos", "primas", "tío abuelo", "tía abuela"})
_RANKED = frozenset({"hermano", "hermana", "hijo", "hija", "hermanos", "hermanas", "hijos", "hijas"})


def _build_kin_terms(gazetteers: GazetteerSet) -> tuple[_KinTerm, ...]:
    frame = gazetteers["kinship"].frame
    terms = {v.strip().lower(): _KinTerm(v.strip().lower(), s or "", n)
             for v, s, n in zip(frame["value"].to_list(), frame["sex"].to_list(), frame["number"].to_list()) if v}
    order = [t for t in _EVERYDAY if t in terms] + sorted(set(terms) - set(_EVERYDAY))
    return tuple(terms[t] for t in order)


def _kin_terms(gazetteers: GazetteerSet | None) -> tuple[_KinTerm, ...]:
    terms = _resolve(gazetteers).derived("surrogate.testing.people.kinship", _build_kin_terms)
    if not terms:
        raise ValueError("the kinship table is empty")
    return terms


def _adjective(stem: str, term: _KinTerm) -> str:
    ending = "a" if term.sex == "F" else "o"
    return stem + ending + ("s" if term.number == "pl" else "")


@st.composite
def _kinship_samples(draw, forms: tuple[str, ...], cases: tuple[str, ...],
                     gazetteers: GazetteerSet | None) -> KinshipSample:
    terms = _kin_terms(gazetteers)
    form = draw(st.sampled_from(forms))
    eligible = {
        "sided": [t for t in terms if t.value in _SIDED],
        "rank": [t for t in terms if t.value in _RANKED],
        "count": [t for t in terms if t.number == "pl" or t.sex in SEXES],
        "with_name": [t for t in terms if t.number == "sg" and t.sex in SEXES],
    }.get(form, list(terms))
    if not eligible:  # a user's table without sided or ranked relatives: the relative alone
        form, eligible = "term", list(terms)
    term = draw(st.sampled_from(eligible))
    text = term.value
    if form == "possessive":
        text = ("sus " if term.number == "pl" else "su ") + text
    elif form == "count":
        if term.number == "pl":
            text = f"{draw(st.sampled_from(('dos', 'tres', 'cuatro', '2', '3')))} {text}"
        else:
            text = ("una " if term.sex == "F" else "un ") + text
    elif form == "sided":
        text = f"{text} {_adjective(draw(st.sampled_from(('matern', 'patern'))), term)}"
    elif form == "rank":
        rank = draw(st.sampled_from(("mayor", "menor")))
        text = f"{text} {rank + 'es' if term.number == 'pl' else rank}"
    elif form == "with_age":
        age = draw(st.integers(1, 95))
        text = f"{text} de {age} {'año' if age == 1 else 'años'}"
    elif form == "with_name":
        tables = _name_tables(gazetteers)
        text = f"{text} {draw(st.sampled_from(tables.given[term.sex]))} {draw(st.sampled_from(tables.surnames))}"
    case = draw(st.sampled_from(cases))
    return KinshipSample(cased(text, case), term.value, form_label(form, case))


def kinship_samples(*, forms: Iterable[str] | None = None, cases: Iterable[str] | None = None,
                    gazetteers: GazetteerSet | None = None) -> st.SearchStrategy[KinshipSample]:
    """Kinship phrases with the table term they hold."""
    return _kinship_samples(check_forms(forms, KINSHIP_FORMS, "kinship"),
                            check_forms(cases, PHRASE_CASES, "kinship case"), gazetteers)


def kinship_phrases(*, forms: Iterable[str] | None = None, cases: Iterable[str] | None = None,
                    gazetteers: GazetteerSet | None = None) -> st.SearchStrategy[PHIValue]:
    """Relatives: "madre", "hermanos", "su hija", "dos hermanas", "abuela materna", "Tío paterno",
    "hermano mayor", "madre de 34 años", "padre Juan García", "MADRE".

    ``forms``: any of :data:`KINSHIP_FORMS`; ``cases``: "as_spelt", "capitalised", "upper"."""
    return kinship_samples(forms=forms, cases=cases, gazetteers=gazetteers).map(
        lambda s: PHIValue(s.text, kind="kinship", form=s.form))
