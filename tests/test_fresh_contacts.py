"""Contacts in layouts MEDDOCAN does not have: URLs in capitals, private IP addresses, several phone numbers in
one span. Over seeds: nothing masked or re-drawn by the guard, the layout kept."""
from __future__ import annotations

import re

import pytest
from fresh_layouts import surrogate_matching, surrogates
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from surrogate.replacers.contacts.phones import PhoneReplacer

SEEDS = st.integers(1, 10**6)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("written, layout", [
    ("HTTP://WWW.HOSPITAL.ES", r"HTTP://WWW\.[A-Z]+\.ES"),
    ("Www.Hospital-Norte.Es/Citas", r"Www\.[A-Z][a-z]+-[A-Z][a-z]+\.Es/[A-Z][a-z]+"),
])
@SETTINGS
@given(seed=SEEDS)
def test_url_in_capitals_keeps_scheme_www_and_suffix(written, layout, seed):
    surrogate_matching(f"Web: [[URL_WEB|{written}]].", layout, seed)


@pytest.mark.parametrize("written, network", [("192.168.1.45", "192.168."), ("10.0.12.7", "10.")])
@SETTINGS
@given(seed=SEEDS)
def test_private_ip_keeps_its_network_and_valid_octets(written, network, seed):
    new = surrogates(f"Acceso desde [[DIREC_PROT_INTERNET|{written}]].", seed)["T1"]
    octets = new.split(".")
    assert new.startswith(network) and len(octets) == 4 and all(0 <= int(o) <= 255 for o in octets), new


@pytest.mark.parametrize("written, separator", [
    ("612 34 56 78 / 91 234 56 78", " / "), ("976 12 34 56 - 976 65 43 21", " - "),
    ("912345678, 612345678", ", "), ("976 123 456 y 676 543 210", " y "),
])
@SETTINGS
@given(seed=SEEDS)
def test_listed_phone_numbers_are_each_a_number_of_their_class(written, separator, seed):
    new = surrogates(f"Teléfonos: [[NUMERO_TELEFONO|{written}]].", seed)["T1"]
    old_parts, new_parts = written.split(separator), new.split(separator)
    assert len(new_parts) == len(old_parts), new
    for old, part in zip(old_parts, new_parts):
        assert re.sub(r"\d", "9", part) == re.sub(r"\d", "9", old)
        assert PhoneReplacer.describe(part) == PhoneReplacer.describe(old) != "foreign", (old, part)


@pytest.mark.parametrize("written", ["943 65 11 80 luz. 4", "945 00 70 00 luzapena 213"])
@SETTINGS
@given(seed=SEEDS)
def test_a_basque_extension_is_kept_after_a_new_number(written, seed):
    # a Basque note's "943 65 11 80 luz. 4" came out "108 02 59 15 XXX. 6": no extension read, "luz" masked
    new = surrogates(f"Deitu [[NUMERO_TELEFONO|{written}]] zenbakira.", seed)["T1"]
    assert re.sub(r"\d", "9", new) == re.sub(r"\d", "9", written), new
    assert PhoneReplacer.describe(new) == "landline", new


@SETTINGS
@given(seed=SEEDS)
def test_several_extensions_after_one_number(seed):
    written = "91 234 56 78 ext. 2345 / 2346"
    new = surrogates(f"Teléfono: [[NUMERO_TELEFONO|{written}]].", seed)["T1"]
    assert re.sub(r"\d", "9", new) == re.sub(r"\d", "9", written)
    assert PhoneReplacer.describe(new) == "landline", new


@pytest.mark.parametrize("written, phone", [
    ("Tel. 912345678", True), ("91 234 56 78 ext. 2345 / 2346", True), ("612 34 56 78 / 91 234 56 78", True),
    ("912345678 (ext. 214)", True), ("NHC 123456 / 654321", False),
])
def test_dismed_number_reads_labelled_listed_and_extended_phones(written, phone):
    from surrogate.replacers.dispatch import is_phone_shaped

    assert is_phone_shaped(written) is phone


@SETTINGS
@given(seed=SEEDS)
def test_dismed_number_with_extensions_is_a_phone(seed):
    from fresh_layouts import marked

    from surrogate import Engine, EngineConfig
    from surrogate.testing import assert_no_leak

    doc = marked("fresh", "Teléfono [[NUM|91 234 56 78 ext. 2345 / 2346]].")
    result = Engine(EngineConfig(), schema="dismed", strict=True).apply(doc, seed=seed)
    assert_no_leak(doc, result, schema="dismed")
    new = result.document.text[result.document.spans[0].start:result.document.spans[0].end]
    assert re.fullmatch(r"9\d \d{3} \d\d \d\d ext\. \d{4} / \d{4}", new), new
    assert PhoneReplacer.describe(new) == "landline", new


@given(seed=SEEDS)
@SETTINGS
def test_a_city_suffix_is_no_way_back_to_the_note_s_town(seed):
    # "www.comunidad.madrid" kept ".madrid" in a note from Madrid: the surrogate named the document's town
    # again, so the guard masked the URL on every seed (9e632b0)
    new = surrogates("Vive en [[TERRITORIO|Madrid]]. Cita previa en "
                     "[[URL_WEB|https://www.comunidad.madrid/servicios/salud/cita-hospital]].", seed)["T2"]
    assert re.fullmatch(r"https://www\.[a-z]+\.es/servicios/salud/[a-z]+-hospital", new), new
