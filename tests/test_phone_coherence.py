"""Landline prefixes follow the document's surrogate province (issue 4, "Coherence within a document")."""
from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from place_gazetteers import PROVINCES, doc_with, require_default, small_set

from gazetteers import default_set
from gazetteers.text import fold
from surrogate import Engine, EngineConfig
from surrogate.replacers.contacts import phone_plan as plan
from surrogate.replacers.contacts.phones import PhoneReplacer
from surrogate.replacers.places.country_index import country_index
from surrogate.replacers.places.index import place_index
from surrogate.replacers.places.plan import classify_place, split_edges
from surrogate.replacers.shape import shape_of

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SMALL = small_set()
SMALL_CODES = sorted(c for c, *_ in PROVINCES)


def _engine(key: bytes | None = None, gazetteers=SMALL) -> Engine:
    return Engine(EngineConfig(key=key), schema="meddocan", gazetteers=gazetteers, strict=True)


def _national(phone: str) -> str:
    national = PhoneReplacer.national_number(phone)
    assert national is not None, "a Spanish number must stay Spanish"
    return national


def _phone_provinces(phone: str) -> set[str]:
    prefix = plan.geographic_prefix(_national(phone))
    assert prefix is not None, "a landline must stay a landline"
    return set(plan.provinces_of_prefix(prefix))


def _surrogates(result) -> dict[str, str]:
    return {r.span_id: r.surrogate for r in result.replacements}


# -- the numbering-plan tables ---------------------------------------------------------------------------------------
def test_every_province_code_has_a_prefix_and_prefixes_map_back():
    assert sorted(plan.PREFIXES_BY_CODE) == [f"{i:02d}" for i in range(1, 53)]
    for code, prefixes in plan.PREFIXES_BY_CODE.items():
        for p in prefixes:
            assert code in plan.provinces_of_prefix(p) and code in plan.provinces_of_prefix("8" + p[1:])
    assert plan.provinces_of_prefix("956") == ("11", "51")  # Cádiz first, then Ceuta
    assert plan.provinces_of_prefix("852") == ("29", "52")  # 8 range: Málaga, Melilla
    assert plan.prefixes_of_province("28", "8") == ("81",) and plan.prefixes_of_province("99") == ()


def test_province_codes_agree_with_the_default_gazetteer():
    require_default("provinces", "municipalities")
    places = place_index(default_set("es"))
    for name, code in plan.PROVINCE_CODES.items():
        assert fold(places.provinces[code].name) == fold(name)


# -- documents with an address block ---------------------------------------------------------------------------------
def test_phone_and_fax_follow_the_postal_code_of_the_block():
    text = "Correspondencia: C/ Mayor 5, 28036 Madrid. Tel.: 91 123 45 67. Fax: 913 45 67 89."
    doc = doc_with(text, ("CALLE", "C/ Mayor 5"), ("TERRITORIO", "28036"), ("TERRITORIO", "Madrid"),
                   ("NUMERO_TELEFONO", "91 123 45 67"), ("NUMERO_FAX", "913 45 67 89"))
    engine = _engine()
    for seed in range(20):
        res = engine.apply(doc, seed=seed)
        new = _surrogates(res)
        new_province = new["T2"][:2]
        assert new_province != "28"
        for sid, original in (("T4", "91 123 45 67"), ("T5", "913 45 67 89")):
            assert shape_of(new[sid]) == shape_of(original)
            assert new_province in _phone_provinces(new[sid]), (seed, new[sid], new["T2"])
        # one original prefix, one new prefix: phone and fax of the same switchboard stay alike
        assert plan.geographic_prefix(_national(new["T4"])) == plan.geographic_prefix(_national(new["T5"]))


@st.composite
def block_and_phone(draw):
    code = draw(st.sampled_from([c for c in SMALL_CODES if c != "52"]))
    prefix = draw(st.sampled_from(plan.prefixes_of_province(code, draw(st.sampled_from("98")))))
    number = prefix + "".join(draw(st.lists(st.sampled_from("0123456789"), min_size=9 - len(prefix),
                                            max_size=9 - len(prefix))))
    groups = draw(st.sampled_from([(9,), (3, 3, 3), (3, 2, 2, 2), (2, 3, 2, 2), (3, 6)]))
    sep = draw(st.sampled_from([" ", "-", "."]))
    country = draw(st.sampled_from(["", "+34 ", "(+34) ", "0034 "]))
    parts, i = [], 0
    for g in groups:
        parts.append(number[i:i + g])
        i += g
    return code, country + sep.join(parts)


@FAST
@given(case=block_and_phone(), seed=st.integers(0, 2**32 - 1), keyed=st.booleans())
def test_any_landline_matches_the_surrogate_province_of_its_block(case, seed, keyed):
    code, phone = case
    cp = f"{code}0{seed % 10}{seed % 7}"
    text = f"Dirección: {cp} Ciudad. Teléfono {phone}."
    doc = doc_with(text, ("TERRITORIO", cp), ("NUMERO_TELEFONO", phone))
    res = _engine(b"k" if keyed else None).apply(doc, seed=seed)
    new = _surrogates(res)
    assert shape_of(new["T2"]) == shape_of(phone)
    assert re.sub(r"\d", "", new["T2"]) == re.sub(r"\d", "", phone)  # separators and their places kept
    assert new["T1"][:2] in _phone_provinces(new["T2"])
    assert _national(new["T2"])[0] == _national(phone)[0]  # the 8 range stays 8, the 9 range 9
    assert code not in _phone_provinces(new["T2"])


def test_prefix_length_may_change_but_digits_and_grouping_stay():
    # capitals map to capitals: Madrid (91) and Sevilla (954) go to Barcelona (93), Sevilla/Madrid, Valencia (96x)
    for phone, cp in (("954 29 65 00", "41008"), ("91-123-45-67", "28040")):
        lengths = set()
        for seed in range(30):
            doc = doc_with(f"CP {cp}. Tel {phone}", ("TERRITORIO", cp), ("NUMERO_TELEFONO", phone))
            new = _surrogates(_engine().apply(doc, seed=seed))["T2"]
            assert shape_of(new) == shape_of(phone) and re.sub(r"\d", "", new) == re.sub(r"\d", "", phone)
            lengths.add(len(plan.geographic_prefix(_national(new))))
        assert lengths == {2, 3}, phone  # 2 ↔ 3 digits happens both ways; the subscriber part absorbs it


def test_without_places_the_prefix_keeps_its_length_as_before():
    doc = doc_with("Tel. 91 123 45 67", ("NUMERO_TELEFONO", "91 123 45 67"))
    engine = _engine()
    prefixes = {plan.geographic_prefix(_national(_surrogates(engine.apply(doc, seed=s))["T1"])) for s in range(40)}
    assert prefixes <= {"91", "93"} and len(prefixes) == 2  # drawn among the 2-digit prefixes, as before


def test_a_province_the_places_do_not_mention_joins_the_map():
    text = "CP 08036 Barcelona. Tel 948 29 65 00, 948 29 65 01. Fax 93 227 54 00."
    doc = doc_with(text, ("TERRITORIO", "08036"), ("TERRITORIO", "Barcelona"),
                   ("NUMERO_TELEFONO", "948 29 65 00"), ("NUMERO_TELEFONO", "948 29 65 01"),
                   ("NUMERO_FAX", "93 227 54 00"))
    for seed in range(15):
        new = _surrogates(_engine().apply(doc, seed=seed))
        navarra_1, navarra_2 = _phone_provinces(new["T3"]), _phone_provinces(new["T4"])
        assert navarra_1 == navarra_2 and "31" not in navarra_1  # one σ(Navarra), never Navarra itself
        assert new["T1"][:2] in _phone_provinces(new["T5"])  # Barcelona's fax follows the block
        assert new["T1"][:2] not in navarra_1  # σ stays injective without a key


def test_mobiles_and_service_numbers_ignore_the_places():
    text = "CP 28036. Móvil 612 345 678. Información 902 123 456."
    doc = doc_with(text, ("TERRITORIO", "28036"), ("NUMERO_TELEFONO", "612 345 678"),
                   ("NUMERO_TELEFONO", "902 123 456"))
    for seed in range(10):
        new = _surrogates(_engine().apply(doc, seed=seed))
        assert plan.number_class(_national(new["T2"])) == "mobile" and new["T2"][0] == "6"
        assert new["T3"].startswith("902 ")


def test_keyed_mode_maps_a_phone_alike_with_or_without_places():
    key = b"corpus-key"
    phone = "91 123 45 67"
    docs = [
        doc_with(f"C/ Mayor 5, 28036 Madrid. Tel. {phone}", ("TERRITORIO", "28036"), ("TERRITORIO", "Madrid"),
                 ("NUMERO_TELEFONO", phone)),
        doc_with(f"Tel. {phone}", ("NUMERO_TELEFONO", phone)),
        doc_with(f"Vive en Getafe (28901). Tel. {phone}", ("TERRITORIO", "Getafe"), ("TERRITORIO", "28901"),
                 ("NUMERO_TELEFONO", phone)),
    ]
    outs = [_surrogates(_engine(key).apply(d, seed=i)) for i, d in enumerate(docs)]
    phones = {o[[s.id for s in d.spans if s.label == "NUMERO_TELEFONO"][0]] for o, d in zip(outs, docs)}
    assert len(phones) == 1
    assert outs[0]["T1"][:2] in _phone_provinces(phones.pop())


def test_ceuta_numbers_follow_a_planned_ceuta():
    require_default("provinces", "municipalities")
    doc = doc_with("51001 Ceuta. Tel 956 51 23 45", ("TERRITORIO", "51001"), ("TERRITORIO", "Ceuta"),
                   ("NUMERO_TELEFONO", "956 51 23 45"))
    engine = _engine(gazetteers=default_set("es"))
    for seed in range(10):
        new = _surrogates(engine.apply(doc, seed=seed))
        assert new["T1"][:2] in _phone_provinces(new["T3"])


# -- MEDDOCAN ---------------------------------------------------------------------------------------------------------
def _original_province(text: str, places, countries) -> str | None:
    _, core, _ = split_edges(text)
    cls = classify_place(core, places, countries)
    if cls.kind in ("cp", "province", "island"):
        return cls.codes[0]
    if cls.kind == "town":
        return places.main_province(cls.codes)
    return None


def _surrogate_provinces(text: str, places, countries) -> set[str]:
    _, core, _ = split_edges(text)
    cls = classify_place(core, places, countries)
    return set(cls.codes) if cls.kind in ("cp", "province", "island", "town") else set()


@pytest.mark.parametrize("key", [None, b"meddocan-key"], ids=["seeded", "keyed"])
def test_meddocan_landlines_follow_the_surrogate_province(meddocan_train, meddocan_dev, key):
    """Every MEDDOCAN document with a landline and a Spanish place: the landline's new prefix belongs to the
    surrogate province of the places that shared its original province (read back from the output)."""
    require_default("provinces", "municipalities", "street_names")
    gaz = default_set("es")
    places, countries = place_index(gaz), country_index(gaz)
    engine = Engine(EngineConfig(key=key), schema="meddocan", strict=True)
    phones = matched = coherent = 0
    for doc in meddocan_train + meddocan_dev:
        kinds = {engine.schema.kind_of(sp.label) for sp in doc.spans}
        if "phone" not in kinds:
            continue
        res = engine.apply(doc, seed=7)
        new_text = {r.span_id: r.surrogate for r in res.replacements}
        assert all(res.document.span_text(sp) == new_text[sp.id] for sp in res.document.spans)
        places_seen = [(_original_province(r.original, places, countries),
                        _surrogate_provinces(r.surrogate, places, countries))
                       for r in res.replacements if r.kind == "territory"]
        for r in res.replacements:
            if r.kind != "phone":
                continue
            phones += 1
            assert shape_of(r.surrogate) == shape_of(r.original), f"span {r.span_id} in doc {doc.id}"
            assert fold(r.surrogate) != fold(r.original)
            if PhoneReplacer.describe(r.original) != "landline":
                continue
            prefix = plan.geographic_prefix(_national(r.original))
            same = [new for old, new in places_seen if old in plan.provinces_of_prefix(prefix)]
            if not same:
                continue
            matched += 1
            coherent += bool(_phone_provinces(r.surrogate) & set().union(*same))
    assert phones >= 100 and matched >= 80
    assert coherent / matched >= 0.95, (coherent, matched)
