"""The identifier strategies and the ``identifier`` format check of surrogate.testing.

Strategies: every value validates with python-stdnum or the library's own NSS validator and is read by the
identifier replacer as the scheme it was drawn as. Format check: it names each broken property on hand-made
broken surrogates, passes good ones, and passes what the engine makes of strategy values.
"""
from __future__ import annotations

import re

import numpy as np
import pytest
from format_cases import expect_broken
from hypothesis import HealthCheck, Phase, assume, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample
from stdnum import iban as std_iban
from stdnum.es import cif as std_cif
from stdnum.es import dni as std_dni
from stdnum.es import iban as std_es_iban
from stdnum.es import nie as std_nie
from stdnum.es import nif as std_nif

from gazetteers import GazetteerSet
from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig, Span, load_schema
from surrogate.replacers.identifiers.identifiers import schemes as id_schemes
from surrogate.replacers.identifiers.identifiers import IdentifierReplacer
from surrogate.testing import PHIValue, assert_same_format, format_problems
from surrogate.testing.formats.identifiers import scheme_of
from surrogate.testing.strategies._identifiers import (
    COLLEGIATE_LAYOUTS,
    DNI_LAYOUTS,
    IBAN_LAYOUTS,
    IDENTIFIER_FORMS,
    NASS_LAYOUTS,
    NIE_LAYOUTS,
    NIF_LAYOUTS,
    PROVINCE_CODES,
    RECORD_LAYOUTS,
    collegiate_numbers,
    dnis,
    ibans,
    identifiers,
    nass_numbers,
    nies,
    nifs,
    nss_control,
    record_numbers,
)

EMPTY = GazetteerSet({})
REPLACER = IdentifierReplacer(EMPTY, EngineConfig())
ENGINE = Engine(EngineConfig(), "meddocan", gazetteers=EMPTY, strict=True)
SCHEMA = load_schema("meddocan")
ID_LABELS = sorted(label for label in SCHEMA.labels if SCHEMA.spec(label).kind == "identifier")
#: the label whose scheme hint a form needs (the others are read from the value alone)
HINTED_LABEL = {"nass": "ID_ASEGURAMIENTO", "collegiate": "ID_TITULACION_PERSONAL_SANITARIO"}
HINT = {"nass": "insurance", "collegiate": "collegiate"}
LABEL_WORD = re.compile(r"^(?:DNI|D\.N\.I\.|NIE|NIF|CIF|NASS|NSS|NAF|Nº SS)(?: nº)?:? ")
PROPERTIES = {"shape", "check_digits", "province_code", "province_pair", "label", "zero_padding"}
OFTEN = settings(max_examples=200, deadline=None)
FIRST_FIND = settings(database=None, max_examples=2000, phases=[Phase.generate])


def compact(value: str) -> str:
    """Letters and digits of the value after its label word, upper case."""
    return re.sub(r"[^0-9A-Za-z]", "", LABEL_WORD.sub("", value)).upper()


# -- strategies: valid, and read as what they were drawn as ---------------------------------------------------
@OFTEN
@given(st.one_of(dnis(), dnis(labelled=True)))
def test_dnis_validate_and_read_as_dni(value: PHIValue) -> None:
    assert (value.kind, value.form) == ("identifier", "dni")
    assert std_dni.is_valid(compact(value))
    assert REPLACER.classify(value) == "dni"


@OFTEN
@given(st.one_of(nies(), nies(lowercase=True), nies(labelled=True)))
def test_nies_validate_and_read_as_nie(value: PHIValue) -> None:
    assert std_nie.is_valid(compact(value)) and value.form == "nie"
    assert REPLACER.classify(value) == "nie"


@OFTEN
@given(nifs())
def test_nifs_validate_and_read_as_their_series(value: PHIValue) -> None:
    number = compact(value)
    assert std_nif.is_valid(number) and value.form == "nif"
    if number[0] in "KLM":
        assert REPLACER.classify(value) == "nif_klm"
    else:
        assert std_cif.is_valid(number) and number[1:3] in PROVINCE_CODES
        if number[0] in "ABEH":  # companies: a control digit
            assert number[-1].isdigit()
        if number[0] in "NPQRSW":  # public bodies, foreign entities: a control letter
            assert number[-1].isalpha()
        # dashed or glued, an entity NIF is read whole: the "N" of "N-1234567X" is no "Nº" label
        assert REPLACER.classify(value) == REPLACER.classify(value.replace("-", "")) == "cif"


@OFTEN
@given(st.one_of(nass_numbers(), nass_numbers(labelled=True)))
def test_nass_numbers_pass_the_librarys_mod97_and_read_as_nss(value: PHIValue) -> None:
    digits = compact(value)
    assert id_schemes.nss_is_valid(digits) and digits[:2] in PROVINCE_CODES
    assert REPLACER.classify(value, hint="insurance") == "nss"
    if re.search(r"\d\D+\d", value):  # separated groups say it is one: no hint needed
        assert REPLACER.classify(value) == "nss"


@given(province=st.sampled_from(PROVINCE_CODES), number=st.from_regex(r"\A\d{7,8}\Z"))
def test_nss_control_agrees_with_the_librarys_and_the_published_example(province: str, number: str) -> None:
    assert nss_control(province, number) == id_schemes.nss_control(province, number)
    assert nss_control("28", "1234567") == "42"  # "28/1234567/42": 281234567 mod 97 = 42


@OFTEN
@given(ibans())
def test_ibans_validate_and_read_as_iban(value: PHIValue) -> None:
    assert std_es_iban.is_valid(compact(value)) and value.form == "iban"
    assert REPLACER.classify(value) == "iban"


@OFTEN
@given(collegiate_numbers())
def test_collegiate_numbers_have_real_codes_and_read_as_collegiate(value: PHIValue) -> None:
    codes = re.findall(r"\d+", value)
    assert codes[0] in PROVINCE_CODES
    if len(codes) == 3 or len(codes[1]) == 2:
        assert codes[1] in PROVINCE_CODES
    assert REPLACER.classify(value, hint="collegiate") == "collegiate"


@OFTEN
@given(record_numbers())
def test_record_numbers_have_no_scheme(value: PHIValue) -> None:
    if not value.startswith("E-"):  # "E-" + 8 digits may be a valid CIF
        assert scheme_of(value) is None
    if re.fullmatch(r"\d\d \d{4,10}( \d\d)?", value):  # grouped like a NASS: read by shape, no check required
        assert REPLACER.classify(value) in ("generic", "nss")
    elif not re.fullmatch(r"E-\d{8}", value):
        assert REPLACER.classify(value) == "generic"


def test_an_unmistakable_label_is_never_read_as_a_cif_letter() -> None:
    # "N70034921" validates as a CIF, but "Nº" is the number label; a dashed "N-" is still an entity letter
    assert std_cif.is_valid("N70034921")
    assert REPLACER.classify("Nº 70034921") == REPLACER.classify("N.º 70034921") == "generic"
    assert REPLACER.classify("N-70034921") == "cif"


#: (strategy factory, layout) → the shape every value of that layout has
LAYOUT_SHAPES = {
    (dnis, "compact"): r"\d{8}[A-Za-z]", (dnis, "dash"): r"\d{8}-[A-Za-z]", (dnis, "space"): r"\d{8} [A-Za-z]",
    (dnis, "dotted_dash"): r"\d\d\.\d{3}\.\d{3}-[A-Za-z]", (dnis, "dotted_space"): r"\d\d\.\d{3}\.\d{3} [A-Za-z]",
    (dnis, "dotted"): r"\d\d\.\d{3}\.\d{3}[A-Za-z]",
    (nies, "compact"): r"[XYZ]\d{7}[A-Z]", (nies, "dashes"): r"[XYZ]-\d{7}-[A-Z]",
    (nies, "spaces"): r"[XYZ] \d{7} [A-Z]", (nies, "dash"): r"[XYZ]\d{7}-[A-Z]",
    (nifs, "compact"): r"[A-Z]\d{7}[0-9A-Z]", (nifs, "dash"): r"[A-Z]-\d{7}[0-9A-Z]",
    (nass_numbers, "spaced"): r"\d\d \d{8} \d\d", (nass_numbers, "slashed"): r"\d\d/\d{8}/\d\d",
    (nass_numbers, "dashed"): r"\d\d-\d{8}-\d\d", (nass_numbers, "compact"): r"\d{12}",
    (nass_numbers, "old_slashed"): r"\d\d/\d{7}/\d\d", (nass_numbers, "old_spaced"): r"\d\d \d{7} \d\d",
    (nass_numbers, "old_dashed"): r"\d\d-\d{7}-\d\d", (nass_numbers, "old_compact"): r"\d{11}",
    (ibans, "grouped"): r"ES\d\d( \d{4}){5}", (ibans, "compact"): r"ES\d{22}",
    (collegiate_numbers, "spaced"): r"\d\d \d\d \d{3,6}", (collegiate_numbers, "slashed"): r"\d\d/\d\d/\d{3,6}",
    (collegiate_numbers, "dashed"): r"\d\d-\d\d-\d{3,6}", (collegiate_numbers, "dotted"): r"\d\d\.\d\d\.\d{3,6}",
    (collegiate_numbers, "pair"): r"\d\d \d\d", (collegiate_numbers, "single"): r"\d\d \d{3,6}",
    (collegiate_numbers, "glued"): r"\d{4}/\d{3,6}",
    (record_numbers, "bare"): r"\d{4,10}", (record_numbers, "nhc"): r"NHC \d{4,10}",
    (record_numbers, "nhc_colon"): r"NHC: \d{4,10}", (record_numbers, "nhc_lower"): r"nhc-\d{4,10}",
    (record_numbers, "episode"): r"E-\d{4,10}", (record_numbers, "numero"): r"Nº \d{4,10}",
    (record_numbers, "copy"): r"\d{4,10}/\d", (record_numbers, "control"): r"\d{4,10}/\d{2,3}",
    (record_numbers, "grouped"): r"\d\d \d{4,10} \d\d", (record_numbers, "prefixed"): r"\d\d \d{4,10}",
}


def test_every_layout_has_a_shape_here() -> None:
    tables = {dnis: DNI_LAYOUTS, nies: NIE_LAYOUTS, nifs: NIF_LAYOUTS, nass_numbers: NASS_LAYOUTS,
              ibans: IBAN_LAYOUTS, collegiate_numbers: COLLEGIATE_LAYOUTS, record_numbers: RECORD_LAYOUTS}
    assert set(LAYOUT_SHAPES) == {(f, name) for f, table in tables.items() for name in table}


@pytest.mark.parametrize("factory, layout", sorted(LAYOUT_SHAPES, key=lambda k: (k[0].__name__, k[1])),
                         ids=lambda x: getattr(x, "__name__", x))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_layouts_restrict_the_shape(factory, layout: str, data) -> None:
    value = data.draw(factory(layouts=[layout]))
    assert re.fullmatch(LAYOUT_SHAPES[factory, layout], value)


@pytest.mark.parametrize("form", IDENTIFIER_FORMS)
def test_identifiers_draws_every_form_and_forms_restricts(form: str) -> None:
    value = find(identifiers(), lambda v: v.form == form, settings=FIRST_FIND)
    assert value.kind == "identifier"
    only = find(identifiers(forms=[form]), lambda v: True, settings=FIRST_FIND)
    assert only.form == form


def test_glued_collegiate_layout_only_on_request() -> None:
    with pytest.raises(NoSuchExample):
        find(collegiate_numbers(), lambda v: re.fullmatch(r"\d{4}/\d+", v) is not None,
             settings=settings(FIRST_FIND, max_examples=300))


@pytest.mark.parametrize("call", [lambda: dnis(layouts=["nope"]), lambda: nifs(series=["x"]),
                                  lambda: identifiers(forms=["passport"]), lambda: ibans(layouts=[])])
def test_unknown_option_names_are_refused(call) -> None:
    with pytest.raises(ValueError):
        call()


def test_the_package_exports_the_strategy_not_its_submodule() -> None:
    from surrogate.testing import strategies

    for _ in range(2):
        assert strategies.identifiers is identifiers


# -- the format check: names what broke, passes what is good -----------------------------------------------------
def _dni(number: str) -> str:
    return number + std_dni.calc_check_digit(number)


def _dotted(dni: str, sep: str = "-") -> str:
    return f"{dni[:2]}.{dni[2:5]}.{dni[5:8]}{sep}{dni[8:]}"


def _cif(entity: str, digits: str, letter: bool = False) -> str:
    return entity + digits + std_cif.calc_check_digits(entity + digits)[1 if letter else 0]


def _nss(province: str, number: str, sep: str = " ") -> str:
    control = (int(province) * 10 ** len(number) + int(number)) % 97  # numbers here have no leading zero
    return f"{province}{sep}{number}{sep}{control:02d}"


def _iban(ccc: str) -> str:
    return "ES" + std_iban.calc_check_digits("ES00" + ccc) + ccc


GOOD = [
    ("12345678Z", _dni("87654321")),
    ("12.345.678-z", _dotted(_dni("40180119")).lower()),
    ("X1234567L", "Y7654321" + std_nie.calc_check_digit("Y7654321")),
    ("DNI: 12345678-Z", "DNI: " + _dni("55555555")[:8] + "-" + _dni("55555555")[8]),
    ("K1234567L", "M7654321" + std_dni.calc_check_digit("7654321")),
    (_cif("B", "5881850"), _cif("B", "4048278")),
    (std_iban.format(_iban("21000418450200051332")), std_iban.format(_iban("82327842570210749238"))),
    (_nss("28", "12345678"), _nss("33", "93734444")),
    (_nss("28", "1234567", "/"), _nss("13", "2103261", "/")),
    ("28 28 57910", "01 01 14995"),
    ("13-87-71356", "19-17-15150"),
    ("28 28", "01 01"),
    ("nhc-0781563", "nhc-0346561"),
    ("4960926", "2906003"),
    ("78956135/2", "65121421/2"),
    ("Lactante", "Senputve"),
    ("raza caucásica", "nuti toadémeze"),
]


@pytest.mark.parametrize("original, surrogate", GOOD)
def test_good_surrogates_pass(original: str, surrogate: str) -> None:
    assert format_problems(original, surrogate, "identifier") == []
    assert_same_format(original, surrogate, "identifier")


BROKEN = [
    ("4960926", "496092", "shape"),
    ("nhc-0781563", "nhc 0781563", "shape"),
    ("12345678Z", "12345678z", "shape"),
    ("12345678Z", "87654321Z", "check_digits"),
    ("X1234567L", "X7654321L", "check_digits"),
    ("K1234567L", "K7654321L", "check_digits"),
    (_cif("B", "5881850"), "B" + "4048278" + str((int(_cif("B", "4048278")[-1]) + 1) % 10), "check_digits"),
    (_iban("21000418450200051332"), _iban("21000418450200051332")[:-1] + "3", "check_digits"),
    (_nss("28", "12345678"), _nss("28", "12345678")[:-1] + "9", "check_digits"),
    (_nss("28", "12345678"), _nss("99", "12345678"), "province_code"),
    (_cif("B", "2881850"), _cif("B", "9981850"), "province_code"),
    ("28 28 57910", "77 77 57910", "province_code"),
    ("28 28 57910", "01 02 57910", "province_pair"),
    ("13 08 71356", "19 19 15150", "province_pair"),
    ("NHC 4960926", "XYZ 2906003", "label"),
    ("DNI: 12345678-Z", "ABC: " + _dni("55555555")[:8] + "-" + _dni("55555555")[8], "label"),
    ("D.N.I. 12345678-Z", "X.Y.Z. " + _dni("55555555")[:8] + "-" + _dni("55555555")[8], "label"),
    (PHIValue("2828/12345", kind="identifier", form="collegiate"), "7777/12345", "province_code"),
    (PHIValue("2828/12345", kind="identifier", form="collegiate"), "0102/12345", "province_pair"),
    ("07815635", "17815635", "zero_padding"),
    ("nhc-4960926", "nhc-0960926", "zero_padding"),
]


@pytest.mark.parametrize("original, surrogate, prop", BROKEN)
def test_broken_surrogates_name_the_property(original: str, surrogate: str, prop: str) -> None:
    expect_broken(original, surrogate, "identifier", prop, PROPERTIES)


def test_a_bare_glued_number_is_not_held_to_collegiate_codes() -> None:
    # without the form, "2828/12345" reads as any record number ("1234/5678" is one)
    assert format_problems("2828/12345", "7777/12345", "identifier") == []
    assert format_problems(PHIValue("2828/12345", kind="identifier", form="collegiate"), "0303/12345",
                           "identifier") == []


def test_each_property_has_a_broken_example() -> None:
    assert {prop for _, _, prop in BROKEN} == PROPERTIES


def _corrupt_last(value: str, rng: np.random.Generator) -> str:
    """The value with its last letter or digit (part of every check) changed to another of its class."""
    i = max(k for k, c in enumerate(value) if c.isalnum())
    c = value[i]
    pool = "0123456789" if c.isdigit() else ("ABCDEFGHJKLMNPQRSTVWXYZ" if c.isupper() else "abcdefghjklmnpqrstvwxyz")
    new = pool[int(rng.integers(0, len(pool)))]
    assume(new.upper() != c.upper())
    return value[:i] + new + value[i + 1 :]


@OFTEN
@given(value=st.one_of(dnis(), nies(), nifs(), ibans(), nass_numbers(), dnis(labelled=True)),
       seed=st.integers(0, 2**32 - 1))
def test_a_wrong_check_character_is_caught(value: PHIValue, seed: int) -> None:
    assert format_problems(value, value, "identifier") == []
    broken = _corrupt_last(value, np.random.default_rng(seed))
    assert format_problems(value, broken, "identifier") == ["check_digits"]


# -- the engine's surrogates of strategy values keep the format --------------------------------------------------
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=st.one_of(identifiers(), dnis(labelled=True), nies(labelled=True), nass_numbers(labelled=True),
                       nifs(labelled=True), collegiate_numbers(layouts=["glued"])),
       label=st.sampled_from(ID_LABELS), seed=st.integers(0, 2**32 - 1))
def test_engine_surrogates_of_strategy_values_keep_the_format(value: PHIValue, label: str, seed: int) -> None:
    label = HINTED_LABEL.get(value.form, label)
    text = f"Nº identificación: {value}."
    start = text.index(str(value))
    doc = Document("d1", text, (Span("T1", label, start, start + len(value)),))
    (replacement,) = ENGINE.apply(doc, seed=seed).replacements
    assert replacement.action == "surrogate"
    assert fold(replacement.surrogate) != fold(value)
    assert_same_format(value, replacement.surrogate)


# -- gaps the toolkit found in the identifier replacer (fixed; kept as regressions) --------------------------------
def _generate(original: str, hint: str = "", draws: int = 20) -> list[str]:
    rng = np.random.default_rng(0)
    return [REPLACER.generate(original, rng, hint=hint) for _ in range(draws)]


def test_glued_collegiate_numbers_keep_real_province_codes() -> None:
    for new in _generate("2828/12345", hint="collegiate"):
        assert new[:2] in PROVINCE_CODES and new[2:4] in PROVINCE_CODES


def test_an_iban_label_is_kept_and_the_iban_stays_valid() -> None:
    original = "IBAN " + std_iban.format(_iban("21000418450200051332"))
    for new in _generate(original):
        assert format_problems(original, new, "identifier") == []


def test_a_dotted_dni_label_is_kept_and_the_letter_stays_valid() -> None:
    original = "D.N.I. 12345678-Z"
    for new in _generate(original):
        assert format_problems(original, new, "identifier") == []


def test_an_entity_nif_with_a_dash_after_n_stays_valid() -> None:
    original = "N-" + _cif("N", "4900281", letter=True)[1:]
    assert std_cif.is_valid(original.replace("-", ""))
    for new in _generate(original):
        assert format_problems(original, new, "identifier") == []


def test_an_episode_number_that_is_no_valid_cif_stays_generic() -> None:
    assert not std_cif.is_valid("E90214044")
    assert REPLACER.classify("E-90214044") == "generic"
