"""Fitted realistic details (issue 13, parts 2–3): house numbers, floors and doors as MEDDOCAN writes them,
collegiate numbers in the surrogate province, switchboard phones that keep their trailing zeros."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from place_gazetteers import doc_with, require_default, small_set

from gazetteers.fitted import FITTED_PATH, detail_shares, draw_detail
from surrogate import Engine, EngineConfig
from surrogate.replacers.contacts.phones import PhoneReplacer
from surrogate.replacers.identifiers.identifiers import IdentifierReplacer
from surrogate.replacers.places.address_parse import parse_address, street_class, tail_roles, tail_tokens
from surrogate.replacers.shape import shape_of

REPO = Path(__file__).resolve().parents[1]
MEDDOCAN = REPO.parent / "shared" / "data" / "meddocan"
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SMALL = small_set()


def _roles(address: str) -> dict[str, list[str]]:
    toks = tail_tokens(parse_address(address).tail)
    out: dict[str, list[str]] = {}
    for tok, role in zip(toks, tail_roles(toks)):
        if role:
            out.setdefault(role, []).append(tok)
    return out


# -- reading an address's tail ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("address, roles", [
    ("Calle Carmen Romero, 23, 1D", {"number": ["23"], "floor": ["1"], "door": ["D"]}),
    ("C/ Beniardá, 3, 8, A", {"number": ["3"], "floor": ["8"], "door": ["A"]}),
    ("C/ Colón, 28-1º", {"number": ["28"], "floor": ["1"]}),
    ("Travessera de les Corts, 279 4D", {"number": ["279"], "floor": ["4"], "door": ["D"]}),
    ("Calle Pedro Gonu, 28, Bajo A", {"number": ["28"], "door": ["A"]}),
    ("Ctra. De Colmenar Viejo, km. 9,100", {"km": ["9", "100"]}),
    ("Avda. del Puerto, 119-129", {"number": ["119"]}),  # the range's end is no floor
    ("Calle Mayor 214 piso 3", {"number": ["214"], "floor": ["3"]}),
    ("114 y 31", {"number": ["114"], "floor": ["31"]}),  # "y" is no door
    ("C/ Magdalena, 13, 2o A", {"number": ["13"], "floor": ["2"], "door": ["A"]}),
])
def test_tail_roles(address, roles):
    assert _roles(address) == roles


@pytest.mark.parametrize("name, cls", [
    ("Doctor Fleming", "titled"), ("del Doctor Fleming", "titled_de"), ("Dr. Esquerdo", "titled"),
    ("San Juan Bosco", "saint"), ("de Santa Engracia", "saint_de"), ("Virgen de la Paloma", "virgin"),
    ("Río Sil", "river"), ("de la Paz", "other_de"), ("d'Aragó", "other_de"), ("Sandoval", "other"),
    ("Rioja", "other"), ("Delicias", "other"),
])
def test_street_class(name, cls):
    assert street_class(name) == cls


# -- the fitted table ------------------------------------------------------------------------------------------------
def test_fitted_table_holds_counts_only():
    lines = [ln for ln in FITTED_PATH.read_text(encoding="utf-8").splitlines() if ln and not ln.startswith("#")]
    assert lines[0] == "detail,value,count"
    for line in lines[1:]:
        detail, value, count = line.split(",")
        assert re.fullmatch(r"[a-z_0-9]+", detail) and re.fullmatch(r"\w{1,10}", value) and count.isdigit(), line


def test_draw_detail_follows_the_shares_and_respects_allowed():
    rng = np.random.default_rng(0)
    values, probs = detail_shares("door")
    draws = Counter(draw_detail("door", rng) for _ in range(4000))
    for value, p in zip(values, probs):
        assert abs(draws[value] / 4000 - p) < 0.03, value
    assert {draw_detail("floor", rng, frozenset({"10", "11"})) for _ in range(200)} == {"10", "11"}
    with pytest.raises(LookupError):
        draw_detail("floor", rng, frozenset({"99"}))


@pytest.mark.skipif(not (MEDDOCAN / "train").is_dir(), reason="MEDDOCAN not available")
def test_shipped_table_is_the_fit_of_meddocan_train_and_dev(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("fit_details", REPO / "bench" / "fit_details.py")
    fit_details = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fit_details)
    out = tmp_path / "fitted.csv"
    assert fit_details.main([str(MEDDOCAN / "train"), str(MEDDOCAN / "dev"), "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == FITTED_PATH.read_text(encoding="utf-8")


# -- addresses --------------------------------------------------------------------------------------------------------
def _address_surrogates(originals: list[str], seeds: range) -> list[str]:
    require_default("street_names", "neighbourhoods")
    engine = Engine(EngineConfig(), schema="meddocan", strict=True)
    out = []
    for seed in seeds:
        for text in originals:
            res = engine.apply(doc_with(f"Domicilio: {text}.", ("CALLE", text)), seed=seed)
            out.append(res.replacements[0].surrogate)
    return out


def test_address_numbers_floors_and_doors_look_like_real_ones():
    originals = ["Calle Mayor, 23, 4 B", "C/ del Prado 214, 3º A", "Av. Sapporo, 3, 5º-B", "Calle Ibarra, 12, 6D",
                 "Calle Aranda, 7, 2 E"]  # a door "E" is a door, not the conjunction "e" kept as a word
    surrogates = _address_surrogates(originals, range(150))
    roles = [_roles(s) for s in surrogates]
    floors = [int(f) for r in roles for f in r["floor"]]
    doors = [d for r in roles for d in r["door"]]
    numbers = [int(r["number"][0]) for r in roles if len(r["number"][0]) == 3]
    assert len(floors) == len(doors) == len(surrogates)  # every one keeps its floor and door
    # MEDDOCAN: floors 6–9 16%, doors E–H 12%, three-digit house numbers above 300 26%; uniform draws gave
    # 44%, 50% and 78%
    assert sum(6 <= f <= 9 for f in floors) / len(floors) < 0.25
    assert sum(d in "EFGH" for d in doors) / len(doors) < 0.2
    assert sum(n > 300 for n in numbers) / len(numbers) < 0.4
    assert all(1 <= f <= 9 for f in floors)  # one-digit floors stay one digit


def test_street_particle_follows_the_original():
    with_particle = _address_surrogates(["Calle de la Reina, 4"], range(60))
    without = _address_surrogates(["Calle Carmen Romero, 23"], range(60))
    particle = re.compile(r"^Calle (?:de|del|d')\b", re.I)
    assert sum(bool(particle.match(s)) for s in with_particle) >= 55
    assert sum(bool(particle.match(s)) for s in without) <= 5


def test_saints_and_titled_street_names_are_as_rare_as_in_real_addresses():
    surrogates = _address_surrogates(["Calle Carmen Romero, 23", "Avda. Valdecilla, 25"], range(200))
    classes = Counter(street_class(parse_address(s).name) for s in surrogates)
    total = sum(classes.values())
    # MEDDOCAN: saints 4%, titled 6%, virgins 1%, rivers 0.2% (the table alone: 12%, 18%, 5%, 3%)
    assert classes["saint"] / total < 0.09 and classes["titled"] / total < 0.12
    assert (classes["virgin"] + classes["river"]) / total < 0.04


# -- collegiate numbers ---------------------------------------------------------------------------------------------
@FAST
@given(seed=st.integers(0, 2**32 - 1), number=st.from_regex(r"[1-9]\d{4}", fullmatch=True),
       sep=st.sampled_from([" ", "-"]), key=st.sampled_from([None, b"k" * 32]))
def test_collegiate_prefix_is_the_surrogate_province_code(seed, number, sep, key):
    collegiate = f"28{sep}28{sep}{number}"
    text = f"Domicilio: C/ Mayor 5, 28036 Madrid. Médico: Dra. Ruiz, n.º col. {collegiate}."
    doc = doc_with(text, ("CALLE", "C/ Mayor 5"), ("TERRITORIO", "28036"), ("TERRITORIO", "Madrid"),
                   ("ID_TITULACION_PERSONAL_SANITARIO", collegiate))
    res = Engine(EngineConfig(key=key), schema="meddocan", gazetteers=SMALL, strict=True).apply(doc, seed=seed)
    new = {r.span_id: r.surrogate for r in res.replacements}
    province = new["T2"][:2]
    assert province != "28"
    assert new["T4"] == f"{province}{sep}{province}{sep}{new['T4'][6:]}"
    assert shape_of(new["T4"]) == shape_of(collegiate) and new["T4"] != collegiate


@FAST
@given(seed=st.integers(0, 2**32 - 1), number=st.from_regex(r"[1-9]\d{4}", fullmatch=True),
       layout=st.sampled_from(["2828{}", "28/28{}"]))
def test_a_collegiate_number_with_its_codes_glued_takes_the_surrogate_province(seed, number, layout):
    # "282849173" and "28/2855107" (session 22) drew random digits: "597897462" has no province at all
    collegiate = layout.format(number)
    text = f"Domicilio: 28036 Madrid. Médico: Dra. Ruiz, n.º col. {collegiate}."
    doc = doc_with(text, ("TERRITORIO", "28036"), ("TERRITORIO", "Madrid"),
                   ("ID_TITULACION_PERSONAL_SANITARIO", collegiate))
    res = Engine(EngineConfig(), schema="meddocan", gazetteers=SMALL, strict=True).apply(doc, seed=seed)
    new = {r.span_id: r.surrogate for r in res.replacements}
    province = new["T1"][:2]
    assert province != "28"
    assert new["T3"].replace("/", "")[:4] == province * 2 and shape_of(new["T3"]) == shape_of(collegiate)


def test_collegiate_without_places_keeps_real_equal_codes_and_one_province_per_document():
    text = "Dr. A, col. 08 08 12345. Dra. B, col. 08 08 67890."
    doc = doc_with(text, ("ID_TITULACION_PERSONAL_SANITARIO", "08 08 12345"),
                   ("ID_TITULACION_PERSONAL_SANITARIO", "08 08 67890"))
    engine = Engine(EngineConfig(), schema="meddocan", gazetteers=SMALL, strict=True)
    for seed in range(30):
        new = [r.surrogate for r in engine.apply(doc, seed=seed).replacements]
        codes = {s[:2] for s in new} | {s[3:5] for s in new}
        assert len(codes) == 1 and codes != {"08"} and "01" <= codes.pop() <= "52"


def test_generate_without_context_draws_a_real_code():
    rep = IdentifierReplacer(SMALL, EngineConfig())
    rng = np.random.default_rng(3)
    for _ in range(50):
        new = rep.generate("28 28 54718", rng, hint="collegiate")
        assert new[:2] == new[3:5] != "28" and "01" <= new[:2] <= "52"
    assert rep.generate("28 28 54718", rng, hint="collegiate", province=lambda code: "46")[:5] == "46 46"


# -- switchboard phones ---------------------------------------------------------------------------------------------
def _digits(s: str) -> str:
    return re.sub(r"\D", "", s)


@FAST
@given(seed=st.integers(0, 2**32 - 1),
       phone=st.sampled_from(["967 597 100", "913 368 000", "93 416 97 00", "915 86 80 00", "34 945007000",
                              "948 255 400", "55304000", "+34 981 33 40 00", "600 123 400"]))
def test_switchboard_numbers_keep_their_trailing_zeros(seed, phone):
    new = PhoneReplacer(SMALL, EngineConfig()).generate(phone, np.random.default_rng(seed))
    zeros = len(_digits(new)) - len(_digits(new).rstrip("0"))
    assert 2 <= zeros <= 4
    assert shape_of(new) == shape_of(phone) and _digits(new) != _digits(phone)
    national = PhoneReplacer.national_number(phone)
    if national is not None:  # the class and the area/service prefix survive the zeros
        assert PhoneReplacer.describe(new) == PhoneReplacer.describe(phone)


@FAST
@given(seed=st.integers(0, 2**32 - 1), phone=st.sampled_from(["967 597 135", "926232991", "956 013 060"]))
def test_other_numbers_get_random_endings(seed, phone):
    rng = np.random.default_rng(seed)
    rep = PhoneReplacer(SMALL, EngineConfig())
    endings = Counter(_digits(rep.generate(phone, rng))[-2:] == "00" for _ in range(50))
    assert endings[True] <= 6  # by chance 1 in 100


def test_switchboard_zeros_follow_the_fitted_shares():
    rep = PhoneReplacer(SMALL, EngineConfig())
    rng = np.random.default_rng(0)
    counts = Counter()
    for _ in range(3000):
        d = _digits(rep.generate("967 597 100", rng))
        counts[len(d) - len(d.rstrip("0"))] += 1
    values, probs = detail_shares("phone_zeros")
    switchboard = {int(v): p for v, p in zip(values, probs) if int(v) >= 2}
    total = sum(switchboard.values())
    for zeros, p in switchboard.items():
        assert abs(counts[zeros] / 3000 - p / total) < 0.03, zeros


# -- MEDDOCAN dev, end to end ---------------------------------------------------------------------------------------
@pytest.mark.skipif(not (MEDDOCAN / "dev").is_dir(), reason="MEDDOCAN not available")
def test_meddocan_dev_collegiate_provinces_and_switchboards():
    require_default("provinces", "municipalities", "street_names")
    from augment.brat import read_brat_corpus

    engine = Engine(EngineConfig(), schema="meddocan", strict=True)
    agree = kept = switchboards = 0
    agreeing = 0
    for doc in read_brat_corpus(MEDDOCAN / "dev"):
        res = engine.apply(doc, seed=1)
        new = {r.span_id: r.surrogate for r in res.replacements}
        labels = {sp.id: sp.label for sp in doc.spans}
        texts = {sp.id: doc.span_text(sp) for sp in doc.spans}
        cps = Counter(t[:2] for i, t in texts.items() if labels[i] == "TERRITORIO" and re.fullmatch(r"\d{5}", t))
        new_cps = Counter(new[i][:2] for i, t in texts.items() if labels[i] == "TERRITORIO"
                          and re.fullmatch(r"\d{5}", t) and re.fullmatch(r"\d{5}", new.get(i, "")))
        for i, t in texts.items():
            if labels[i] == "ID_TITULACION_PERSONAL_SANITARIO" and re.match(r"\d\d \d\d", t) and cps and new_cps:
                if t[:2] == cps.most_common(1)[0][0]:
                    agreeing += 1
                    agree += new[i][:2] == new_cps.most_common(1)[0][0]
            if labels[i] in ("NUMERO_TELEFONO", "NUMERO_FAX") and _digits(t).endswith("00"):
                switchboards += 1
                kept += _digits(new[i]).endswith("00")
    assert agreeing >= 150 and agree / agreeing >= 0.95, (agree, agreeing)  # 5 of 212 before
    assert switchboards >= 10 and kept == switchboards


# -- identifier digits ----------------------------------------------------------------------------------------------
@FAST
@given(seed=st.integers(0, 2**32 - 1), template=st.from_regex(r"[0-9]{1,14}", fullmatch=True))
def test_typed_digits_keep_length_and_first_digit_class(seed, template):
    from surrogate.replacers.identifiers.digits import typed_digits

    new = typed_digits(np.random.default_rng(seed), template)
    assert len(new) == len(template) and new.isdigit()
    assert (new[0] == "0") == (template[0] == "0")


def test_identifier_digits_step_as_meddocan_does():
    from surrogate.replacers.identifiers.digits import typed_digits

    rng = np.random.default_rng(0)
    runs = [typed_digits(rng, "12345678") for _ in range(2000)]
    pairs = [(int(a), int(b)) for run in runs for a, b in zip(run, run[1:])]
    ascending = sum(b - a == 1 for a, b in pairs) / len(pairs)
    repeated = sum(a == b for a, b in pairs) / len(pairs)
    # MEDDOCAN's typed IDs: 22% ascending steps and 3% repeats, against 10% and 10% for uniform digits
    assert ascending > 0.17 and repeated < 0.06
    # and the schemes still validate: a DNI drawn this way keeps its control letter
    rep = IdentifierReplacer(SMALL, EngineConfig())
    from stdnum.es import dni

    for _ in range(50):
        assert dni.is_valid(rep.generate("12345678Z", rng))


# -- the fitted details are a table of the gazetteer set: a user refits them without touching the code ----------------
def _fitted_csv(tmp_path: Path, rows: list[tuple[str, str, float]]) -> Path:
    path = tmp_path / "my_fitted.csv"
    path.write_text("# my corpus\ndetail,value,count\n" + "".join(f"{d},{v},{c:g}\n" for d, v, c in rows),
                    encoding="utf-8")
    return path


def _with_fitted(path: Path):
    from gazetteers.fitted import load_fitted_details

    return SMALL.override("fitted_details", lambda: load_fitted_details(path))


def test_a_set_without_the_table_draws_from_the_shipped_one():
    from gazetteers.fitted import default_details, fitted_details

    assert "fitted_details" not in SMALL
    assert fitted_details(SMALL) is default_details()


def test_the_shipped_table_read_as_a_gazetteer_keeps_every_count_in_file_order():
    from gazetteers.fitted import default_details, read_fitted_csv

    rows = read_fitted_csv(FITTED_PATH)
    assert {d: default_details().counts(d) for d in default_details().details()} == \
        {d: dict(pairs) for d, pairs in rows.items()}
    assert all(list(default_details().counts(d)) == [v for v, _ in pairs] for d, pairs in rows.items())


def test_my_own_identifier_digit_steps_drive_identifier_digits(tmp_path):
    sevens = _fitted_csv(tmp_path, [("id_first", "7", 1e12), ("id_next", "77", 1e12)]
                         + [("id_next", f"{a}7", 1e12) for a in range(10) if a != 7])
    rep = IdentifierReplacer(_with_fitted(sevens), EngineConfig())
    rng = np.random.default_rng(3)
    assert rep.generate("547853", rng) == "777777"  # a generic number: shape kept, digits from the chain
    dni = rep.generate("12345678Z", rng)  # a DNI keeps a valid check letter over the chain's digits
    assert dni[:8] == "77777777" and dni[8].isalpha() and dni != "12345678Z"
    default = IdentifierReplacer(SMALL, EngineConfig()).generate("547853", np.random.default_rng(3))
    assert default != "777777"


def test_my_own_door_letters_and_switchboard_zeros_are_drawn_the_rest_is_shipped(tmp_path):
    from gazetteers import default_set
    from gazetteers.fitted import fitted_details, load_fitted_details

    require_default("street_names", "municipalities")
    mine = _fitted_csv(tmp_path, [("door", "K", 1e12), ("phone_zeros", "3", 1e12)])
    gaz = default_set("es").override("fitted_details", lambda: load_fitted_details(mine))
    assert fitted_details(gaz).counts("floor") == fitted_details(default_set("es")).counts("floor")
    engine = Engine(gazetteers=gaz)
    doc = doc_with("Domicilio: Calle Mayor 12, 3º B. Teléfono: 915 234 100.",
                   ("CALLE", "Calle Mayor 12, 3º B"), ("NUMERO_TELEFONO", "915 234 100"))
    for seed in range(5):
        out = engine.apply(doc, seed=seed).document
        address, phone = (out.span_text(sp) for sp in out.spans)
        assert address.endswith("K")
        assert re.fullmatch(r"\d{3} \d{2}[1-9] 000", phone)


@pytest.mark.parametrize("body, line", [
    ("detail,value\ndoor,A\n", 2),
    ("detail,value,count\ndoor,A,12\ndoor,B,many\n", 4),
    ("detail,value,count\n,A,3\n", 3),
    ("detail,value,count\ndoor,A,-1\n", 3),
])
def test_a_malformed_fitted_table_names_its_file_and_line(tmp_path, body, line):
    from gazetteers.fitted import load_fitted_details

    path = tmp_path / "bad.csv"
    path.write_text("# mine\n" + body, encoding="utf-8")
    with pytest.raises(ValueError, match=rf"bad\.csv, line {line}:"):
        load_fitted_details(path)


def test_my_own_days_of_the_month_steer_the_date_shift(tmp_path):
    """A corpus whose dates fall in the second half of the month: the document shift favours shifts that write such
    days (MEDDOCAN's 13th, 15th and 21st; a uniform shift wrote the calendar's days, and a classifier told
    surrogates by them). The shift is drawn among three that keep the date in shape, so the prior steers, not
    dictates."""
    late = _fitted_csv(tmp_path, [("date_day", str(d), 1e9 if d >= 16 else 0) for d in range(1, 32)])
    (tmp_path / "flat").mkdir()
    flat = _fitted_csv(tmp_path / "flat", [("date_day", str(d), 1e9) for d in range(1, 32)])

    def late_days(path) -> int:
        engine = Engine(EngineConfig(), schema="meddocan", gazetteers=_with_fitted(path), strict=True)
        doc = doc_with("Ingreso el 05/03/2014.", ("FECHAS", "05/03/2014"))
        days = [int(engine.apply(doc, seed=seed).document.text[11:13]) for seed in range(60)]
        return sum(d >= 16 for d in days)

    assert late_days(late) >= 46  # of 60: 1 - (15/30)^3 of the draws could reach one
    assert late_days(flat) <= 42  # about half


def test_the_day_prior_weighs_only_dates_written_in_digits():
    from gazetteers.fitted import FittedDetails
    from surrogate.replacers.dates.day_prior import DayPrior

    prior = DayPrior.of(FittedDetails({"date_day": {str(d): (10.0 if d == 15 else 1.0) for d in range(1, 32)}}))
    assert prior.weight(["15/03/2014"]) > 5 * prior.weight(["16/03/2014"])
    assert prior.weight(["marzo de 2014", "2014"]) == 1.0
    assert DayPrior.of(FittedDetails({"floor": {"1": 1.0}})) is None  # no days fitted: the shift stays uniform
