"""Phones, e-mails, URLs/IPs and the "other" kind: numbering plan, layout, name coherence, formats."""
from __future__ import annotations

import ipaddress
import re
from collections import Counter

import numpy as np
import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gazetteers import Gazetteer, GazetteerSet
from gazetteers.text import fold
from surrogate import CannotReplace, Document, Engine, EngineConfig, Span, load_schema
from surrogate.replacers.contacts import phone_plan as plan
from surrogate.replacers.base import DocumentState, SpanContext
from surrogate.replacers.contacts.domains import PUBLIC_HEALTH, WEBMAIL, classify
from surrogate.replacers.contacts.email_names import best_person, name_tokens, token_map
from surrogate.replacers.contacts.emails import EmailReplacer
from surrogate.replacers.other import OtherReplacer
from surrogate.replacers.contacts.phones import PhoneReplacer
from surrogate.replacers.registry import get_replacer_class
from surrogate.replacers.shape import shape_keep
from surrogate.replacers.contacts.urls import UrlReplacer
from surrogate.testing import assert_same_format, format_problems
from surrogate.testing.formats.common import char_shape
from surrogate.testing.formats.contacts import read_phone
from surrogate.testing.strategies._contacts import phones

EMPTY = GazetteerSet({})
FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SCHEMA = load_schema("meddocan")


def _ctx(text: str, label: str, *, surrogates=None, config=None, seed: int = 0, delegate=None) -> SpanContext:
    doc = Document("d", text, (Span("T1", label, 0, len(text)),))
    state = DocumentState(document=doc, schema=SCHEMA, surrogates=dict(surrogates or {}))
    return SpanContext(
        span=doc.spans[0], start=0, end=len(text), label=label, options=SCHEMA.spec(label).options,
        rng=np.random.default_rng(seed), state=state, config=config or EngineConfig(), delegate=delegate,
    )


# -- phones ------------------------------------------------------------------------------------------------------
@FAST
@given(original=phones(classes=["mobile", "landline", "service"]), seed=st.integers(0, 2**32 - 1))
def test_spanish_phone_keeps_class_layout_prefix_and_extension(original, seed):
    new = PhoneReplacer(EMPTY, EngineConfig()).generate(original, np.random.default_rng(seed))
    assert char_shape(new) == char_shape(original)
    assert re.sub(r"\d", "", new) == re.sub(r"\d", "", original)  # separators, country prefix, extension words
    # the toolkit's independent reading: grouping, country code, mobile/landline/service, 8/9 range, service prefix
    assert_same_format(original, new)
    (code, old_national), (new_code, national) = read_phone(original), read_phone(new)
    assert new_code == code and national is not None and len(national) == 9
    assert plan.number_class(national) == original.form
    if original.form == "landline":
        old_prefix, new_prefix = plan.geographic_prefix(old_national), plan.geographic_prefix(national)
        assert new_prefix is not None and len(new_prefix) == len(old_prefix) and new_prefix[0] == old_prefix[0]
    elif original.form == "mobile":
        assert national[0] in "67"
    else:
        assert national[:3] == old_national[:3]


def test_country_prefix_glued_to_number_is_recognised():
    rep = PhoneReplacer(EMPTY, EngineConfig())
    rng = np.random.default_rng(1)
    for _ in range(50):
        new = rep.generate("34679802102", rng)
        assert new.startswith("346") and len(new) == 11
        assert rep.generate("34- 963864175", rng).startswith("34- 9")


def test_service_numbers_keep_their_service_prefix():
    rep = PhoneReplacer(EMPTY, EngineConfig())
    new = rep.generate("901 598 663", np.random.default_rng(0))
    assert new.startswith("901 ") and new != "901 598 663"


@FAST
@given(
    original=st.from_regex(r"\A(\+\d{2} )?[1-9]\d{1,3}\) ?\d{3}-\d{4}\Z|\A[1-5]\d{7}\Z"), seed=st.integers(0, 2**16)
)
def test_foreign_numbers_keep_their_shape(original, seed):
    new = PhoneReplacer(EMPTY, EngineConfig()).generate(original, np.random.default_rng(seed))
    assert char_shape(new) == char_shape(original)
    if original.startswith("+"):
        assert new[:3] == original[:3]  # the country code stays


def test_prefix_table_covers_every_province_once_per_range():
    provinces = set(plan.PROVINCE_PREFIXES_9)
    assert len(provinces) == 50  # Ceuta and Melilla share 956/952 with Cádiz/Málaga
    assert plan.GEOGRAPHIC["91"] == "Madrid" and plan.GEOGRAPHIC["81"] == "Madrid"
    assert plan.GEOGRAPHIC["848"] == plan.GEOGRAPHIC["948"] == "Navarra"
    assert all(len(p) in (2, 3) and p[0] in "89" for p in plan.GEOGRAPHIC)


# -- e-mail: name coherence -------------------------------------------------------------------------------------------
def test_local_part_rebuilt_from_surrogate_in_same_style():
    rep = EmailReplacer(EMPTY, EngineConfig())
    people = {("person_name", "Ignacio Navarro Cuéllar"): "Pedro Gómez Sanz",
              ("person_name", "Josep Rubio Palau"): "Jordi Ferrer Soler"}
    new = rep.replace("nnavcu@hotmail.com", _ctx("nnavcu@hotmail.com", "CORREO_ELECTRONICO", surrogates=people))
    local, domain = new.split("@")
    assert local[1:] == "gomsa" and len(local) == 6  # nav+cu ← Navarro Cuéllar, 3+2 letters of Gómez Sanz
    assert domain in WEBMAIL  # a provider names no one: hotmail.com may come back
    new = rep.replace("jrubiopalau@yahoo.es", _ctx("jrubiopalau@yahoo.es", "CORREO_ELECTRONICO", surrogates=people))
    assert new.split("@")[0] == "jferrersoler"
    new = rep.replace("J.Rubio@yahoo.es", _ctx("J.Rubio@yahoo.es", "CORREO_ELECTRONICO", surrogates=people))
    assert new.split("@")[0] == "J.Ferrer"  # case and separators kept


def test_token_roles_survive_different_name_lengths():
    # "José Antonio Toribio García" → "Pedro Ruiz Gil": given names map to the given name, surnames to surnames
    assert token_map(name_tokens("José Antonio Toribio García"), name_tokens("Pedro Ruiz Gil")) == [0, 0, 1, 2]
    found = best_person("jatoribio", [("José Antonio Toribio García", "Pedro Ruiz Gil")])
    assert found is not None
    assert best_person("sguga66", [("Javier Casasola Chamorro", "Pedro Ruiz Gil")]) is None


@pytest.mark.parametrize(
    "domain, kind",
    [("gmail.com", "webmail"), ("yahoo.com.mx", "webmail"), ("telefonica.net", "webmail"),
     ("sergas.es", "public_health"), ("salud.madrid.org", "public_health"), ("hmdc.sacyl.es", "hospital"),
     ("usal.es", "other")],
)
def test_domain_kind_and_suffix_are_kept(domain, kind):
    rep = EmailReplacer(EMPTY, EngineConfig())
    assert classify(domain).kind == kind
    rng = np.random.default_rng(4)
    for _ in range(30):
        new = rep.chooser().replace(rng, domain)
        assert new.rsplit(".", 1)[-1] == domain.rsplit(".", 1)[-1]
        if kind == "webmail":
            assert classify(new).kind == "webmail"
        if kind == "hospital":  # built-in lists only: a real health service, never the original's own
            assert new in PUBLIC_HEALTH and not new.endswith("sacyl.es")


def test_email_domains_gazetteer_is_preferred():
    table = pl.DataFrame({"value": ["sanidad-demo.es"], "weight": [1.0], "domain_kind": ["public_health"], "tld": ["es"]})
    gaz = GazetteerSet({"email_domains": lambda: Gazetteer("email_domains", table)})
    rep = EmailReplacer(gaz, EngineConfig())
    assert rep.chooser().replace(np.random.default_rng(0), "sergas.es") == "sanidad-demo.es"


def test_plausible_local_part_uses_name_gazetteers():
    names = pl.DataFrame({"value": ["Pablo", "Lucía"], "weight": [1.0, 1.0], "sex": ["M", "F"]})
    surnames = pl.DataFrame({"value": ["Sánchez", "Ortega"], "weight": [1.0, 1.0]})
    gaz = GazetteerSet({"first_names": lambda: Gazetteer("first_names", names),
                        "surnames": lambda: Gazetteer("surnames", surnames)})
    rep = EmailReplacer(gaz, EngineConfig())
    new = rep.local_part("pablosanchez_84", [], np.random.default_rng(0))
    assert new.startswith("lucia") and "ortega_" in new and re.fullmatch(r"luciaortega_\d\d", new)


def test_malformed_and_special_addresses():
    rep = EmailReplacer(EMPTY, EngineConfig())
    out = rep.replace("vtomicic@alemana", _ctx("vtomicic@alemana", "CORREO_ELECTRONICO"))
    assert "@" in out and fold(out) != fold("vtomicic@alemana") and "alemana" not in out
    out = rep.replace("info@hospital.es", _ctx("info@hospital.es", "CORREO_ELECTRONICO"))
    assert out.startswith("info@") and out != "info@hospital.es"
    two = "a.perez@uam.es r.caja@ild.es"
    out = rep.replace(two, _ctx(two, "CORREO_ELECTRONICO"))
    assert out.count("@") == 2 and " " in out
    out = rep.replace("xx-yy 77", _ctx("xx-yy 77", "CORREO_ELECTRONICO"))
    assert char_shape(out) == char_shape("xx-yy 77")


def test_name_in_an_email_span_goes_to_the_name_replacer():
    rep = EmailReplacer(EMPTY, EngineConfig())
    ctx = _ctx("Carmen Blanco-Rivera", "CORREO_ELECTRONICO", delegate=lambda kind, text: "Flavia Martín")
    assert rep.replace("Carmen Blanco-Rivera", ctx) == "Flavia Martín"


@FAST
@given(text=st.text(min_size=1, max_size=40), seed=st.integers(0, 2**16))
def test_contact_replacers_change_the_text_or_refuse_it(text, seed):
    """Within the engine's six attempts a replacer returns something else, or raises CannotReplace."""
    for cls, label in ((EmailReplacer, "CORREO_ELECTRONICO"), (PhoneReplacer, "NUMERO_TELEFONO"),
                       (UrlReplacer, "URL_WEB"), (OtherReplacer, "OTROS_SUJETO_ASISTENCIA")):
        rep, ctx = cls(EMPTY, EngineConfig()), _ctx(text, label, seed=seed)
        try:
            outs = [rep.replace(text, ctx) for _ in range(6)]
        except CannotReplace:
            continue
        assert all(isinstance(o, str) for o in outs)
        assert any(fold(o) != fold(text) for o in outs) or not fold(text), cls.__name__


@pytest.mark.parametrize("original", ["È", "e", "a", "0", "7", "Ü-1"])
def test_a_tiny_span_is_shape_kept_as_something_else(original):
    # one vowel draws itself 3 times in 10 (the random exploration once drew "È" six times in a row)
    rng = np.random.default_rng(0)
    same = sum(fold(shape_keep(rng, original, words=True)) == fold(original) for _ in range(2000))
    assert same == 0


# -- e-mail coherence on MEDDOCAN ------------------------------------------------------------------------------------
def test_meddocan_email_local_parts_follow_the_persons_surrogate(meddocan_train, meddocan_dev):
    if get_replacer_class("person_name") is None:
        pytest.skip("no person_name replacer registered")
    engine = Engine(EngineConfig(), schema="meddocan", strict=True)
    stats = Counter()
    for doc in meddocan_train + meddocan_dev:
        result = engine.apply(doc, seed=99)
        names = {r.original: r.surrogate for r in result.replacements if r.kind == "person_name"}
        for r in result.replacements:
            if r.kind in ("email", "phone"):  # the toolkit's format check
                stats[f"{r.kind}_checked"] += 1
                stats[f"{r.kind}_format_ok"] += not format_problems(r.original, r.surrogate, r.kind)
            if r.kind != "email" or "@" not in r.original:
                continue
            stats["emails"] += 1
            local, new_local = r.original.split("@")[0], fold(r.surrogate.split("@")[0])
            # independent check: a whole name token (≥ 4 letters) in the local part
            for original, surrogate in names.items():
                o_tokens, s_tokens = name_tokens(original), name_tokens(surrogate)
                whole = [i for i, t in enumerate(o_tokens) if len(t) >= 4 and t in fold(local)]
                if whole and len(o_tokens) == len(s_tokens) and len(o_tokens) >= 2:
                    stats["whole_token"] += 1
                    stats["whole_token_ok"] += any(s_tokens[i] in new_local for i in whole)
                    break
            found = best_person(local, names.items())
            if found is None:
                continue
            stats["derived"] += 1
            original, surrogate, alignment = found
            o_tokens, s_tokens = name_tokens(original), name_tokens(surrogate)
            mapping = token_map(o_tokens, s_tokens)
            expected = [
                s_tokens[mapping[p.token]] if p.full else s_tokens[mapping[p.token]][: p.end - p.start]
                for p in alignment.name_pieces
            ]
            stats["derived_ok"] += all(piece in new_local for piece in expected)
    assert stats["emails"] > 650
    assert stats["derived"] / stats["emails"] >= 0.70, stats
    assert stats["derived_ok"] == stats["derived"], stats
    assert stats["whole_token"] > 300 and stats["whole_token_ok"] >= 0.98 * stats["whole_token"], stats
    assert stats["phone_checked"] > 100 and stats["phone_format_ok"] == stats["phone_checked"], stats
    assert stats["email_checked"] > 650 and stats["email_format_ok"] == stats["email_checked"], stats


# -- URLs and IP addresses -------------------------------------------------------------------------------------------
@FAST
@given(octets=st.tuples(*[st.integers(0, 255)] * 4), seed=st.integers(0, 2**16))
def test_ipv4_stays_a_valid_quad_of_the_same_class(octets, seed):
    original = ".".join(map(str, octets))
    new = UrlReplacer(EMPTY, EngineConfig()).generate(original, np.random.default_rng(seed))
    addr = ipaddress.IPv4Address(new)  # raises if not a valid dotted quad
    assert [len(g) for g in new.split(".")] == [len(g) for g in original.split(".")]
    old = ipaddress.IPv4Address(original)
    for net in map(ipaddress.IPv4Network, ("10.0.0.0/8", "127.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16")):
        if old in net:  # RFC 1918 and loopback: same network
            assert addr in net
    if octets[0] not in (0, 10, 127, 169, 172, 192) and octets[0] < 224:
        assert addr.is_global


def test_url_keeps_scheme_structure_and_suffix():
    rep = UrlReplacer(EMPTY, EngineConfig())
    rng = np.random.default_rng(0)
    original = "http://www.hospitalclinic.org/es/servicios/urologia/index.html?id=123"
    new = rep.generate(original, rng)
    assert new.startswith("http://www.") and ".org/es/servicios/" in new and new.endswith("/index.html?id=" + new[-3:])
    assert "hospitalclinic" not in new and "urologia" not in new and new[-3:].isdigit()
    new = rep.generate("https://scielo.isciii.es/pdf/v59n9/a01.pdf", rng)
    assert new.startswith("https://") and ".es/pdf/" in new and new.endswith(".pdf")
    assert char_shape(rep.generate("2001:db8::8a2e:370:7334", rng)) == char_shape("2001:db8::8a2e:370:7334")


# -- other -------------------------------------------------------------------------------------------------------------
def test_other_policy_words_and_mask():
    # words of no category the gazetteers know are masked, never scrambled (tests/test_open_kinds.py: the rest)
    words = OtherReplacer(EMPTY, EngineConfig())
    text = "tatuaje en la región pectoral izquierda"
    with pytest.raises(CannotReplace):
        words.replace(text, _ctx(text, "OTROS_SUJETO_ASISTENCIA"))
    masked = OtherReplacer(EMPTY, EngineConfig(options={"other": {"policy": "mask"}}))
    assert masked.replace("modelo PARA Nº 50-63", _ctx("x", "OTROS_SUJETO_ASISTENCIA")) == "XXXXXX XXXX XX XX-XX"
    with pytest.raises(ValueError):
        OtherReplacer(EMPTY, EngineConfig(options={"other": {"policy": "keep"}}))


@pytest.mark.parametrize("address", ["autorizaciones@asb-mutua-ficticia.es", "citaciones@hcsc-ficticio.es",
                                     "admision.urgencias@hcsc-ficticio.es"])
def test_a_department_mailbox_keeps_its_department(address):
    # "autorizaciones@asb-mutua-ficticia.es" came out "pedrocastillopdailab@upcomillas.es": a person's handle
    rep = EmailReplacer(EMPTY, EngineConfig())
    local = address.split("@")[0]
    out = rep.replace(address, _ctx(address, "CORREO_ELECTRONICO"))
    assert out.startswith(local + "@") and out != address, out


def test_a_short_path_word_of_a_url_is_redrawn_so_a_nickname_in_it_does_not_mask_the_url():
    # "Lu" is the caller's nickname and part of her story's URL: a path word of two letters was copied, the guard
    # then found the nickname in the surrogate URL and masked the whole URL
    text = "Me dicen Lu. Mi historia: https://www.instagram.com/stories/lu.gracia_03/ ya la han visto."
    url = "https://www.instagram.com/stories/lu.gracia_03/"
    doc = Document("d", text, (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 9, 11), Span("T2", "URL_WEB", text.index(url), text.index(url) + len(url))))
    engine = Engine(EngineConfig(), schema="meddocan")
    for seed in range(1, 6):
        new = {r.span_id: r for r in engine.apply(doc, seed=seed).replacements}["T2"]
        assert new.action == "surrogate" and "XXX" not in new.surrogate
        assert not re.search(r"(?i)(?<![^\W_])lu(?![^\W_])", new.surrogate)
