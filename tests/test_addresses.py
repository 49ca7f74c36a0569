"""Address (CALLE) replacer: parts parsed, via type kept verbatim, numbers reshaped, style kept, no leaks.

Generated addresses and the "same format" check come from surrogate.testing (strategies.addresses,
assert_same_format); test_testing_places.py tests those tools themselves."""
from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from place_gazetteers import doc_with, require_default, small_set

from gazetteers import fold
from surrogate.config import EngineConfig
from surrogate.engine import Engine
from surrogate.replacers.places.address_parse import KEPT_WORDS, VIA_FORMS, parse_address
from surrogate.testing import PHIValue, assert_same_format
from surrogate.testing.strategies import addresses

GAZ = small_set()
STREETS = {"Mayor", "de la Paz", "del Sol", "Real", "de los Olivos", "Nueva"}


def replace(text: str, seed: int = 0, **cfg) -> str:
    eng = Engine(EngineConfig(**cfg), schema="meddocan", gazetteers=GAZ, strict=True)
    res = eng.apply(doc_with(f"Domicilio: {text}.", ("CALLE", text)), seed=seed)
    assert res.replacements[0].action == "surrogate"
    return res.replacements[0].surrogate


@pytest.mark.parametrize("text, via, name, tail", [
    ("c/ del Abedul 5-7, 2º dcha", "c/", "del Abedul", " 5-7, 2º dcha"),
    ("C/. Mimendi, 14, 2.º B", "C/.", "Mimendi", ", 14, 2.º B"),
    ("c/Santa Soria, 22", "c/", "Santa Soria", ", 22"),
    ("Avda. Valdecilla, s/n", "Avda.", "Valdecilla", ", s/n"),
    ("Pº Castellana 261", "Pº", "Castellana", " 261"),
    ("Carrer de la Boqueria, 23, 6, A", "Carrer", "de la Boqueria", ", 23, 6, A"),
    ("Ctra. de Colmenar Viejo, Km 9,100", "Ctra.", "de Colmenar Viejo", ", Km 9,100"),
    ("Av. Pío XII, nº 36", "Av.", "Pío XII", ", nº 36"),
    ("C/ Principe de Vergara94, 5, E", "C/", "Principe de Vergara", "94, 5, E"),
    ("Hermanos Falcó, s/n", "", "Hermanos Falcó", ", s/n"),
    ("Calle 25 no 1g-89", "Calle", "", "25 no 1g-89"),
    ("Calle, General Yagüe, 28", "Calle", "General Yagüe", ", 28"),
    ("Av. Ruben Dario 1976, #4598 AD", "Av.", "Ruben Dario", " 1976, #4598 AD"),
    ("Paseo. Av. Vall d´Hebron, 119-129", "Paseo.", "Av. Vall d´Hebron", ", 119-129"),
    ("Cra. 8a #99-55", "Cra.", "", "8a #99-55"),
    ("Carrera 3 # 49-00", "Carrera", "", "3 # 49-00"),
    ("Ada. Nuestra Señora de Gracia, 6, 2, A", "Ada.", "Nuestra Señora de Gracia", ", 6, 2, A"),
    ("callejon del Gato 3", "callejon", "del Gato", " 3"),
    ("POLIGONO INDUSTRIAL NORTE 7", "POLIGONO", "INDUSTRIAL NORTE", " 7"),
    ("c/ Camino de Eros n º 4", "c/", "Camino de Eros", " n º 4"),
    ("RAMBLA ALTA NÚMERO 1", "RAMBLA", "ALTA", " NÚMERO 1"),
    ("Calle Alta Numero 1", "Calle", "Alta", " Numero 1"),
])
def test_parse_address(text, via, name, tail):
    parts = parse_address(text)
    assert (parts.via, parts.name, parts.tail) == (via, name, tail)
    assert parts.join() == text


@pytest.mark.parametrize("text", [
    "c/ del Abedul 5-7, 2º dcha", "C/. Mimendi, 14, 2.º B", "Avda. Valdecilla, s/n", "Pº Castellana 261",
    "Carrer de la Boqueria, 23, 6, A", "Rúa do Auñón #324", "Travesía Choupana s/n", "Glorieta del Ejército 1",
    "Urb. El Arco, 16", "Plaça de Llevant, 16, 6D", "Av/ Pintor Baeza 18", "Ronda del Sur, 10", "Camino Real 4",
    "P.º de la Castellana 100", "Pza. Mayor 1", "Passeig de Sant Joan, 2, 10 A", "Gran Vía, 85",
])
def test_via_type_kept_verbatim_and_shape_of_numbers_kept(text):
    for seed in range(5):
        new = replace(text, seed)
        orig, repl = parse_address(text), parse_address(new)
        assert new.startswith(orig.via) and repl.via == orig.via
        assert fold(new) != fold(text)
        # digit runs keep their count and length; punctuation (commas, "/", "-", ".") stays as it was
        assert [len(d) for d in re.findall(r"\d+", orig.tail)] == [len(d) for d in re.findall(r"\d+", repl.tail)]
        assert re.sub(r"[\w\s]", "", new) == re.sub(r"[\w\s]", "", text)
        assert_same_format(text, new, "address")


def test_street_name_comes_from_the_gazetteer_and_floor_words_stay():
    new = replace("Calle Miguel Benitez 90, Bajo A", 1)
    m = re.fullmatch(r"Calle (.+) (\d\d), Bajo ([A-H])", new)
    assert m and fold(m.group(1)) in {fold(s) for s in STREETS}


def test_range_stays_increasing_and_floor_stays_low():
    for seed in range(20):
        new = replace("c/ del Abedul 5-7, 2º dcha", seed)
        a, b, floor = map(int, re.search(r"(\d)-(\d+), (\d)º (?:dcha|izda)$", new).groups())
        assert a < b and 1 <= floor <= 9


def test_case_and_missing_accents_follow_the_original():
    upper = replace("CALLE MIGUEL BENITEZ 90", 2)
    assert upper.isupper()
    assert_same_format("CALLE MIGUEL BENITEZ 90", upper, "address")
    low = replace("calle fermin caballero 18, 3B", 2)
    name = parse_address(low).name
    assert low.startswith("calle ") and name == name.lower() and re.search(r"\d[A-H]$", low)
    assert not re.search(r"[áéíóú]", low)
    assert_same_format("calle fermin caballero 18, 3B", low, "address")


def test_galician_via_gets_galician_particles():
    seen = {replace("Rúa da Senra, 7", s).split(",")[0] for s in range(30)}
    assert any(" do " in v or " da " in v or " dos " in v for v in seen)
    assert not any(" del " in v or " de la " in v for v in seen)


def test_mislabelled_email_is_not_rebuilt_as_a_street():
    eng = Engine(EngineConfig(), schema="meddocan", gazetteers=GAZ)
    res = eng.apply(doc_with("Dirección: juan@x.es.", ("CALLE", "juan@x.es")), seed=0)
    assert "@" in res.replacements[0].surrogate or res.replacements[0].action != "surrogate"


def _keeps_via_numbers_and_format(text: str, via_and_sep: str, seed: int) -> None:
    new = replace(text, seed)
    assert new.startswith(via_and_sep)
    assert fold(new) != fold(text)
    assert len(re.findall(r"\d+", new)) == len(re.findall(r"\d+", text))
    assert_same_format(text, new, "address")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=addresses(gazetteers=GAZ), seed=st.integers(0, 2**32))
def test_addresses_of_every_via_form_keep_their_via_and_format_and_never_leak(value, seed):
    parts = parse_address(value)
    # the separator after the via is kept too; "Gran Vía, 85" becomes "Gran Vía de X, NN"
    _keeps_via_numbers_and_format(value, parts.via + (parts.sep if parts.name else " "), seed)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(via=st.sampled_from([v for v in VIA_FORMS if not v.startswith("Apartado")]),
       rest=addresses(forms="no_via", gazetteers=GAZ), seed=st.integers(0, 2**32))
def test_every_via_the_parser_knows_is_kept_and_never_leaks(via, rest, seed):
    _keeps_via_numbers_and_format(PHIValue(f"{via} {rest}", kind="address"), via + " ", seed)


def _nothing_an_address_surrogate_changes(text: str) -> bool:
    """An e-mail (handed to the e-mail replacer, which cannot always build one), or an address made only of
    number/floor/door words and marks ("s/n", "SN", "s/n, bajo"): no part of it is drawn anew, so the engine
    masks it (fail closed) rather than returning it unchanged."""
    runs = re.findall(r"[^\W_]+", text)
    return "@" in text or all(fold(r) in KEPT_WORDS or r in ("º", "ª", "°", "o", "O") for r in runs)


@pytest.mark.parametrize("text", ["SN", "s/n", "S/N", "s/n, bajo", "@ɭ"])
def test_an_address_with_nothing_to_replace_is_masked_not_passed_through(text):
    eng = Engine(EngineConfig(), schema="meddocan", gazetteers=GAZ, strict=True)
    res = eng.apply(doc_with(f"[{text}]", ("CALLE", text)), seed=0)
    (r,) = res.replacements
    assert r.action == "fallback-mask" and fold(r.surrogate) != fold(text) and res.document.text == f"[{r.surrogate}]"


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40),
       seed=st.integers(0, 2**32))
def test_any_text_is_replaced_without_crash_or_leak(text, seed):
    assume(any(c.isalnum() for c in text))  # whitespace or punctuation alone hides nothing to rebuild
    eng = Engine(EngineConfig(), schema="meddocan", gazetteers=GAZ, strict=True)
    res = eng.apply(doc_with(f"[{text}]", ("CALLE", text)), seed=seed)
    new = res.replacements[0].surrogate
    assert res.replacements[0].action == "surrogate" or (
        res.replacements[0].action == "fallback-mask" and _nothing_an_address_surrogate_changes(text))
    assert fold(new) != fold(text) and res.document.text == f"[{new}]"


# -- MEDDOCAN-wide -------------------------------------------------------------------------------------
@pytest.mark.parametrize("split", ["train", "dev"])
def test_meddocan_every_via_type_is_kept(split, request):
    require_default("street_names", "neighbourhoods", "provinces", "municipalities", "countries")
    docs = request.getfixturevalue(f"meddocan_{split}")
    eng = Engine(EngineConfig(), schema="meddocan", strict=True)
    via_mentions = kept = 0
    for doc in docs:
        for r in eng.apply(doc, seed=5).replacements:
            if r.label != "CALLE":
                continue
            assert fold(r.surrogate) != fold(r.original)
            via = parse_address(r.original).via
            if via:
                via_mentions += 1
                kept += r.surrogate.startswith(via)
    assert via_mentions > 300 and kept == via_mentions
