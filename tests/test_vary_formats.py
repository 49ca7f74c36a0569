"""augment --vary-formats (surrogate.variation): each copy renders its mentions in another surface form of their
kind, with exact offsets, seeded per copy, checked by the leak guard, and never touching the replacers' draws."""
from __future__ import annotations

import datetime as dt
import json
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from augment.cli import main
from augment.corpus import read_corpus
from augment.errors import UserError
from augment.example import EXAMPLE_DIR
from augment.generator import apply_corpus, augment_corpus
from gazetteers.text import fold
from surrogate import variation
from surrogate.config import EngineConfig
from surrogate.engine import Engine
from surrogate.model import Document, Span
from surrogate.replacers.base import DocumentState, SpanContext
from surrogate.replacers.dates.formats import DateGrammar
from surrogate.replacers.identifiers.layout import compact
from surrogate.schemas import as_schema
from surrogate.testing import assert_aligned, assert_no_leak
from surrogate.variation import (
    addresses,
    ages,
    dates,
    identifiers,
    names,
    phones,
    territory,
)
from surrogate.variation.common import pick, shape

SCHEMA = as_schema("meddocan")
GRAMMAR = DateGrammar("es")


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(EngineConfig(), "meddocan")


@pytest.fixture(scope="module")
def example() -> list[Document]:
    return list(read_corpus(EXAMPLE_DIR))


def context(text: str, label: str, before: str = "", options: dict | None = None) -> SpanContext:
    """A SpanContext for ``text`` written after ``before`` in a one-span document."""
    doc = Document("d", before + text, (Span("T1", label, len(before), len(before) + len(text)),))
    spec = SCHEMA.spec(label)
    return SpanContext(span=doc.spans[0], start=len(before), end=len(doc.text), label=label,
                       options=options if options is not None else dict(spec.options), rng=np.random.default_rng(0),
                       state=DocumentState(document=doc, schema=SCHEMA), config=EngineConfig())


def all_forms(vary, text: str, ctx: SpanContext, replacer=None, draws: int = 60) -> set[str]:
    """Every form ``vary`` gives ``text`` over many seeds (None dropped)."""
    out = {vary(text, np.random.default_rng(s), ctx, replacer) for s in range(draws)}
    return out - {None}


WEEKDAYS = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"]
WEEKDAY = re.compile(r"(?i)(lunes|martes|miércoles|jueves|viernes|sábado|domingo),? ")


def date_of(text: str) -> tuple[int | None, int | None, int | None]:
    weekday = WEEKDAY.match(text)  # "martes, 21 de febrero de 2023": the weekday must be the date's
    if weekday:
        fields = date_of(text[weekday.end():])
        assert fields[0] is not None and WEEKDAYS[dt.date(*fields).weekday()] == weekday.group(1).lower()
        return fields
    roman = re.search(r"(?<=[-./])([IVX]+)(?=[-./])", text)  # "24.VI.2023": the grammar reads no numerals
    if roman:
        text = text[:roman.start()] + str(dates.ROMAN.index(roman.group())) + text[roman.end():]
    parsed = GRAMMAR.parse(text)
    assert parsed is not None, "a varied date no longer reads as a date"
    fields = dates._fields(parsed)
    assert fields is not None
    return fields


# ------------------------------------------------------------------------------------------------- dates

DAYS = st.dates(dt.date(1930, 1, 1), dt.date(2029, 12, 31))


@given(DAYS, st.integers(0, 50), st.integers(0, 2**32))
def test_a_varied_date_reads_back_as_the_same_date_in_another_layout(day, which, seed):
    source = [f for f in dates.layouts(day.year, day.month, day.day, GRAMMAR, yearless=False)
              if not re.search("[IVX]", f) and not WEEKDAY.match(f)]
    text = source[which % len(source)]  # a drawn date in any layout the grammar reads (no Roman month, no weekday)
    new = dates.vary(text, np.random.default_rng(seed), context(text, "FECHAS"))
    assert new is not None and shape(new) != shape(text)
    assert date_of(text) == (day.year, day.month, day.day)
    weekday = WEEKDAY.match(new)
    if weekday and GRAMMAR.parse(new[weekday.end():]) and date_of(new[weekday.end():])[0] is None:
        # written without its year ("miércoles 12 de marzo"): the weekday is still the full date's
        assert WEEKDAYS[day.weekday()] == weekday.group(1).lower()
        new = new[weekday.end():]
    assert date_of(new) in ((day.year, day.month, day.day), (None, day.month, day.day))


def test_a_full_date_may_be_written_without_its_year():
    forms = all_forms(dates.vary, "12/03/2014", context("12/03/2014", "FECHAS"), draws=3000)
    assert {"12 de marzo", "12/03", "miércoles 12 de marzo"} <= forms  # 2014-03-12 was a Wednesday
    forms = all_forms(dates.vary, "03/2014", context("03/2014", "FECHAS"), draws=500)
    assert not any(re.fullmatch(r"(?i)[a-zé]+|\d\d?", f) for f in forms)  # a month and year never lose the year


@given(DAYS, st.integers(0, 2**32))
def test_a_month_and_year_stay_a_month_and_year(day, seed):
    text = f"{day.month:02d}/{day.year}"
    new = dates.vary(text, np.random.default_rng(seed), context(text, "FECHAS"))
    assert new is not None and date_of(new) == (day.year, day.month, None)


def test_date_layouts_include_the_issue_examples():
    forms = all_forms(dates.vary, "12/03/2014", context("12/03/2014", "FECHAS"), draws=3000)
    assert {"12-03-14", "12 de marzo de 2014", "2014-03-12", "12.III.2014", "12 mar. 2014"} <= forms
    assert {"miércoles 12 de marzo de 2014", "Miércoles, 12 de marzo de 2014"} <= forms  # 2014-03-12 was a Wednesday


def test_two_digit_years_only_inside_the_reading_window():
    forms = all_forms(dates.vary, "12/03/1925", context("12/03/1925", "FECHAS"), draws=200)
    assert forms and not any(re.fullmatch(r"\d\d-\d\d-\d\d|\d\d/\d\d/\d\d", f) for f in forms)


@pytest.mark.parametrize("text", ["10:30 12/03/2014", "febrero y abril de 2002", "verano de 2003", "2014"])
def test_dates_with_more_than_one_date_or_a_time_keep_their_layout(text):
    assert dates.vary(text, np.random.default_rng(1), context(text, "FECHAS")) is None


# ------------------------------------------------------------------------------------------------ phones

NATIONAL = st.from_regex(r"\A[6-9][0-9]{8}\Z")


@given(NATIONAL, st.integers(0, 200), st.integers(0, 2**32))
def test_a_varied_phone_keeps_its_nine_digits(national, which, seed):
    source = phones.forms(national)
    text = source[which % len(source)]
    new = phones.vary(text, np.random.default_rng(seed), context(text, "NUMERO_TELEFONO"))
    assert new is not None and shape(new) != shape(text)
    digits = re.sub(r"\D", "", new)
    assert digits in (national, "34" + national, "0034" + national)


def test_phone_forms_add_and_drop_the_country_code():
    forms = all_forms(phones.vary, "913 908 121", context("913 908 121", "NUMERO_TELEFONO"), draws=300)
    assert any(f.startswith("+34") for f in forms) and any(f.startswith("0034") for f in forms)
    assert "913908121" in forms and "91 390 81 21" in forms
    back = all_forms(phones.vary, "+34 913 908 121", context("+34 913 908 121", "NUMERO_TELEFONO"), draws=300)
    assert "913 908 121" in back and "913908121" in back  # the prefix dropped


def test_phone_forms_with_dashed_prefix_and_single_first_digit():
    forms = set(phones.forms("655312087"))
    assert {"0034-655-31-20-87", "+34-655-31-20-87", "6 55 31 20 87", "+34 655-31-20-87"} <= forms
    assert "0034-655 31 20 87" not in forms  # a dashed prefix only before dashes


def test_common_phone_layouts_are_drawn_more_often_than_rare_ones():
    ctx = context("913908121", "NUMERO_TELEFONO")
    drawn = Counter(phones.vary("913908121", np.random.default_rng(s), ctx) for s in range(3000))
    assert drawn["913 908 121"] > 3 * drawn["(+34) 913 908 121"] > 0  # weights 4·2·3 against 0.5·2·3


@pytest.mark.parametrize("text", ["913 908 121 ext. 23", "+44 20 7946 0958", "9139081"])
def test_foreign_or_extended_phones_keep_their_layout(text):
    assert phones.vary(text, np.random.default_rng(1), context(text, "NUMERO_TELEFONO")) is None


# ------------------------------------------------------------------------------------------- identifiers

GROUPS = st.lists(st.from_regex(r"\A[0-9A-Za-z]{1,8}\Z"), min_size=1, max_size=4)


@given(GROUPS, st.sampled_from([" ", "-", "/", "."]), st.integers(0, 2**32))
def test_a_varied_identifier_keeps_its_characters(groups, sep, seed):
    text = sep.join(groups)  # an episode number: a label with no other identifier system
    new = identifiers.vary(text, np.random.default_rng(seed), context(text, "ID_CONTACTO_ASISTENCIAL"))
    if new is None:  # nothing to vary: one run of digits outside 6-8 digits (or with a leading zero)
        assert len(groups) == 1 and groups[0].isdigit()
        return
    assert shape(new) != shape(text)
    assert compact(new).upper() == compact(text).upper()


def test_identifier_forms_of_the_issue():
    ctx = context("12345678A", "ID_SUJETO_ASISTENCIA")
    assert {"12345678-A", "12345678a", "12345678 A", "12.345.678-A", "12 345 678 A"} <= all_forms(
        identifiers.vary, "12345678A", ctx)
    ctx = context("08 26908567 15", "ID_ASEGURAMIENTO")
    assert {"082690856715", "08-26908567-15"} <= all_forms(identifiers.vary, "08 26908567 15", ctx)
    ctx = context("7036902", "ID_CONTACTO_ASISTENCIAL")
    assert all_forms(identifiers.vary, "7036902", ctx) == {"7.036.902", "7 036 902"}


def test_patient_and_insurance_identifiers_also_come_out_in_other_systems():
    """MEDDOCAN writes record and NASS numbers, all digits; notes elsewhere write DNIs, NIEs and health-card codes."""
    from stdnum.es import dni, nie

    patient = all_forms(identifiers.vary, "4471209", context("4471209", "ID_SUJETO_ASISTENCIA"), draws=200)
    systems = {compact(f).upper() for f in patient if any(c.isalpha() for c in f)}
    assert any(dni.is_valid(v) for v in systems) and any(nie.is_valid(v) for v in systems)
    assert systems <= {v for v in systems if dni.is_valid(v) or nie.is_valid(v)}  # every letter is a check letter
    assert {"4.471.209", "4 471 209"} <= patient  # the record number's own layouts stay common
    insurance = all_forms(identifiers.vary, "08 26908567 15", context("08 26908567 15", "ID_ASEGURAMIENTO"),
                          draws=200)
    cards = {compact(f).upper() for f in insurance if any(c.isalpha() for c in f)}
    assert any(re.fullmatch(r"[A-Z]{4}\d{10}", c) for c in cards)
    assert any(re.fullmatch(r"AN\d{10}", c) for c in cards)
    assert all(re.fullmatch(r"[A-Z]{4}\d{10}|[A-Z]{4}\d{12}|AN\d{10}", c) for c in cards)
    assert "082690856715" in insurance


def test_a_label_prefix_stays_as_written():
    ctx = context("NHC-0781/5635", "ID_SUJETO_ASISTENCIA")
    forms = all_forms(identifiers.vary, "NHC-0781/5635", ctx)
    assert forms and all(f.startswith("NHC-") for f in forms) and "NHC-07815635" in forms


# ------------------------------------------------------------------------------------------------- names


def test_name_forms_of_the_issue(engine):
    replacer = engine.replacer("person_name")
    ctx = context("Ernesto Rivera Bueno", "NOMBRE_SUJETO_ASISTENCIA", before="Paciente: ")
    forms = all_forms(names.vary, "Ernesto Rivera Bueno", ctx, replacer, draws=300)
    assert {"RIVERA BUENO, Ernesto", "RIVERA BUENO, ERNESTO", "Rivera Bueno, Ernesto", "E. Rivera Bueno",
            "ERNESTO RIVERA BUENO"} <= forms
    assert not any(f.startswith(("Dr", "Sr")) for f in forms)  # titles stay outside name spans: never added


def test_staff_names_keep_their_order(engine):
    """A signature keeps the name in order (names.WEIGHTS): a staff name is varied to capitals only."""
    replacer = engine.replacer("person_name")
    ctx = context("Ernesto Rivera Bueno", "NOMBRE_PERSONAL_SANITARIO", before="Médico: ")
    assert all_forms(names.vary, "Ernesto Rivera Bueno", ctx, replacer, draws=100) == {"ERNESTO RIVERA BUENO"}


def test_names_back_in_order_and_titles_dropped(engine):
    replacer = engine.replacer("person_name")
    inverted = all_forms(names.vary, "García López, Juan", context("García López, Juan", "NOMBRE_SUJETO_ASISTENCIA"),
                         replacer)
    assert "Juan García López" in inverted
    untitled = all_forms(names.vary, "Dr. Pedro Sanz", context("Dr. Pedro Sanz", "NOMBRE_PERSONAL_SANITARIO"),
                         replacer)
    assert "Pedro Sanz" in untitled


@given(st.sampled_from(["Ernesto Rivera Bueno", "María José de la Torre Ruiz", "ANA GIL", "Luis Moyano Calvo",
                        "Raquel Santesteban Muruzábal", "Josep Rubio Palau"]), st.integers(0, 2**32))
def test_a_varied_name_keeps_its_words(engine, name, seed):
    ctx = context(name, "NOMBRE_SUJETO_ASISTENCIA")
    new = names.vary(name, np.random.default_rng(seed), ctx, engine.replacer("person_name"))
    assert new is not None and shape(new) != shape(name)
    words = Counter(w for w in re.findall(r"[^\W\d_]+", fold(name)))
    new_words = Counter(w for w in re.findall(r"[^\W\d_]+", fold(new)))
    if new_words != words:  # initials: each given name written as its first letter
        assert all(new_words[w] == c for w, c in words.items() if len(w) > 1 and new_words[w])
        assert sum(new_words.values()) == sum(words.values())


# --------------------------------------------------------------------------------------- places


def test_via_abbreviations_keep_name_and_number():
    forms = all_forms(addresses.vary, "Calle Mayor 3, 2º A", context("Calle Mayor 3, 2º A", "CALLE"))
    assert {"C/ Mayor 3, 2º A", "c/ Mayor 3, 2º A"} <= forms
    assert all(f.endswith(" Mayor 3, 2º A") or f.startswith("Calle Mayor 3") for f in forms)  # via or tail
    avenue = all_forms(addresses.vary, "Avda. de América 12", context("Avda. de América 12", "CALLE"))
    assert {"Avenida de América 12", "Av. de América 12"} <= avenue
    assert "Pza. Mayor 1" in all_forms(addresses.vary, "Plaza Mayor 1", context("Plaza Mayor 1", "CALLE"))
    assert addresses.vary("Irunlarrea, 3", np.random.default_rng(0), context("Irunlarrea, 3", "CALLE")) is None
    capitals = all_forms(addresses.vary, "CALLE MAYOR 3", context("CALLE MAYOR 3", "CALLE"))
    assert "C/ MAYOR 3" in capitals and not any(f[0].islower() or f.startswith("Calle") for f in capitals)
    assert not any(f.startswith("CALLE") for f in forms)  # capitals only with a name in capitals


def test_floor_and_door_in_another_layout_keep_number_floor_and_door():
    forms = all_forms(addresses.vary, "Calle Losada Martí 23, 5 B", context("Calle Losada Martí 23, 5 B", "CALLE"),
                      draws=400)
    assert {"Calle Losada Martí 23, 5º B", "Calle Losada Martí 23, 5ºB", "Calle Losada Martí 23, piso 5, puerta B"} <= forms
    doors = all_forms(addresses.vary, "Calle Correo 29, 5,1", context("Calle Correo 29, 5,1", "CALLE"), draws=400)
    assert "Calle Correo 29, 5º 1ª" in doors and "Calle Correo 29, 5º1ª" not in doors
    assert "Calle Fuego 91, 1º" in all_forms(addresses.vary, "Calle Fuego 91, 1", context("Calle Fuego 91, 1", "CALLE"),
                                             draws=200)
    for text in ("Calle X 23-25", "Carretera de Toledo km 12,500", "Calle Y 15, 20134", "Plaza Z 32 P1 2B"):
        assert addresses.tail_forms(addresses.parse_address(text).tail) == []  # a range, a kilometre, a code


@given(st.sampled_from(["Calle Mayor", "Avda. de la Paz", "Rúa Nova", "Plaza España"]), st.integers(1, 999),
       st.integers(0, 20), st.sampled_from(["", " A", "B", ", C", " 2", ", 1", "-D"]),
       st.sampled_from([", ", " ", ". "]), st.integers(0, 2**32))
def test_a_varied_tail_keeps_its_number_floor_and_door(street, number, floor, door, sep, seed):
    text = f"{street} {number}{sep}{floor}{door}"
    new = addresses.vary(text, np.random.default_rng(seed), context(text, "CALLE"))
    assert new is not None
    digits = lambda t: re.findall(r"\d+", t)
    letters = lambda t: re.findall(r"(?<![A-Za-z])[A-D](?![A-Za-z])", t)
    old_parts, new_parts = addresses.parse_address(text), addresses.parse_address(new)
    assert digits(new) == digits(text) and letters(new_parts.tail) == letters(old_parts.tail)
    assert new_parts.name == old_parts.name


def test_postal_code_and_town_in_one_span_change_order():
    forms = all_forms(territory.vary, "28036 Madrid", context("28036 Madrid", "TERRITORIO"))
    assert "Madrid 28036" in forms and "Madrid (28036)" in forms
    assert "28036 Madrid" in all_forms(territory.vary, "Madrid (28036)", context("Madrid (28036)", "TERRITORIO"))


def test_postal_code_and_town_spans_trade_places(engine):
    text = "Domicilio: Calle Mayor 3, 28036 Madrid. Tel. 913 908 121."
    doc = Document("d", text, (Span("T1", "CALLE", 11, 24), Span("T2", "TERRITORIO", 26, 31),
                               Span("T3", "TERRITORIO", 32, 38)))
    orders = Counter()
    for seed in range(12):
        result = engine.apply(doc, rng=np.random.default_rng(seed), vary=np.random.default_rng(seed))
        assert_aligned(result)
        new = result.document
        code, town = new.span_text(result.alignment["T2"]), new.span_text(result.alignment["T3"])
        assert re.fullmatch(r"\d{5}", code) and not any(c.isdigit() for c in town)  # each span its own kind
        swapped = result.alignment["T2"].start > result.alignment["T3"].start
        orders[swapped] += 1
        gap = new.text[min(result.alignment["T2"].end, result.alignment["T3"].end):
                       max(result.alignment["T2"].start, result.alignment["T3"].start)]
        assert gap == " "
    assert orders[True] and orders[False]


# ---------------------------------------------------------------------------------- engine, whole documents


def outside(doc: Document) -> list[str]:
    """The text between spans, in the order it is read (a swapped pair keeps the text between them)."""
    pieces, pos = [], 0
    for s, e in sorted(f for sp in doc.spans for f in sp.fragments):
        if s >= pos:
            pieces.append(doc.text[pos:s])
        pos = max(pos, e)
    return pieces + [doc.text[pos:]]


VARIED_KINDS = ("person_name", "identifier", "phone", "address")
#: kinds whose surrogate may equal its original (issue 13: own country, kinship words, ages the dates fix)
KEPT_AS_THEY_ARE = ("PAIS", "FAMILIARES_SUJETO_ASISTENCIA", "EDAD_SUJETO_ASISTENCIA")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 12), st.integers(0, 2**32), st.integers(0, 2**32))
def test_varied_copies_are_exact_and_leak_nothing(engine, example, which, seed, vary_seed):
    doc = example[which % len(example)]
    result = engine.apply(doc, rng=np.random.default_rng(seed), vary=np.random.default_rng(vary_seed))
    assert_aligned(result)
    assert_no_leak(doc, result, kept_labels=KEPT_AS_THEY_ARE)
    assert outside(result.document) == outside(doc)
    originals = {fold(doc.span_text(sp)) for sp in doc.spans if SCHEMA.kind_of(sp.label) in VARIED_KINDS}
    for rep in result.replacements:
        if rep.kind in VARIED_KINDS and rep.action == "surrogate":
            padded = " " + " ".join(re.findall(r"[^\W_]+", fold(rep.surrogate))) + " "
            for o in originals - {fold(rep.original)}:
                key = " ".join(re.findall(r"[^\W_]+", o))
                assert len(key) < 4 or f" {key} " not in padded, f"span {rep.span_id} holds another original"


@pytest.mark.parametrize("written", ["28 12345678 90", "4763954", "NHC 4763954"])
def test_the_leak_guard_checks_the_varied_text(engine, monkeypatch, written):
    """A varied form that is another original, its own original or holds a run copied from it is refused:
    the span keeps the replacer's own draw (which the guard passed)."""
    text = "NHC: 4763954. NASS: 28 12345678 90."
    doc = Document("d", text, (Span("T1", "ID_SUJETO_ASISTENCIA", 5, 12), Span("T2", "ID_ASEGURAMIENTO", 20, 34)))
    plain = engine.apply(doc, rng=np.random.default_rng(1))
    monkeypatch.setattr(variation, "SHARE", 1.0)  # every mention varied
    monkeypatch.setitem(variation.VARIERS, "identifier", lambda new, rng, ctx, rep: written)
    result = engine.apply(doc, rng=np.random.default_rng(1), vary=np.random.default_rng(1))
    assert_aligned(result)
    assert result.document.text == plain.document.text
    assert plain.replacements[0].action == "surrogate" and written not in result.document.text
    monkeypatch.setitem(variation.VARIERS, "identifier", lambda new, rng, ctx, rep: new + "-B")
    accepted = engine.apply(doc, rng=np.random.default_rng(1), vary=np.random.default_rng(1))
    assert accepted.replacements[0].surrogate == plain.replacements[0].surrogate + "-B"  # the hook is live


def test_varying_draws_nothing_from_the_replacers_stream(engine, example):
    """Same copy seed with and without variation: every kind with no varier gets the very same surrogate,
    and every varied date the same date."""
    unvaried = set(variation.VARIERS) | {"territory"}
    for seed in range(3):
        for doc in example:
            plain = engine.apply(doc, rng=np.random.default_rng(seed))
            varied = engine.apply(doc, rng=np.random.default_rng(seed), vary=np.random.default_rng(seed + 100))
            for a, b in zip(plain.replacements, varied.replacements):
                if a.kind == "date" and a.action == b.action == "surrogate":
                    parsed = GRAMMAR.parse(a.surrogate)
                    if parsed is not None and dates._fields(parsed) is not None:
                        assert date_of(a.surrogate) == date_of(b.surrogate)
                    else:  # several dates, a time, a season: nothing to vary
                        assert a.surrogate == b.surrogate
                elif a.kind not in unvaried and b.span_id not in varied.guarded:
                    assert a.surrogate == b.surrogate, f"span {a.span_id} of {doc.id}"


def test_formats_actually_change(engine, example):
    changed, total, plain_changed = Counter(), Counter(), Counter()

    def fmt(s: str) -> str:
        return re.sub(r"[^\W\d_]+", lambda m: "A" if m.group().isupper() and len(m.group()) > 1 else "a",
                      re.sub(r"\d", "9", s))

    for seed in range(3):
        for doc in example:
            varied = engine.apply(doc, rng=np.random.default_rng(seed), vary=np.random.default_rng(seed))
            plain = engine.apply(doc, rng=np.random.default_rng(seed))
            for v, p in zip(varied.replacements, plain.replacements):
                if v.action == "surrogate" and v.kind in ("date", "phone", "identifier", "person_name", "address"):
                    total[v.kind] += 1
                    changed[v.kind] += fmt(v.surrogate) != fmt(v.original)
                    plain_changed[v.kind] += fmt(p.surrogate) != fmt(p.original)
    for kind in ("date", "phone", "person_name", "address", "identifier"):
        assert changed[kind] / total[kind] >= 0.25, kind
    for kind in ("date", "person_name", "identifier"):  # kinds whose plain copies keep the format
        assert changed[kind] / total[kind] <= 0.75, kind  # about variation.SHARE of them
    assert changed["phone"] / total["phone"] <= 0.95  # variation.SHARES: most phones, not every one
    assert plain_changed["date"] / total["date"] < 0.1 and plain_changed["phone"] == 0


# ---------------------------------------------------------------------------------------- corpus and CLI


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_copies_are_seeded_per_copy_whatever_the_workers(tmp_path):
    augment_corpus(EXAMPLE_DIR, tmp_path / "w1", times=2, seed=3, workers=1, vary_formats=True)
    augment_corpus(EXAMPLE_DIR, tmp_path / "w2", times=2, seed=3, workers=2, vary_formats=True)
    augment_corpus(EXAMPLE_DIR, tmp_path / "plain", times=2, seed=3, workers=1)
    one, two, plain = (folder_bytes(tmp_path / n) for n in ("w1", "w2", "plain"))
    assert one == two
    assert one.keys() == plain.keys() and one != plain
    assert json.loads(one["manifest.jsonl"].splitlines()[0])["vary_formats"] is True
    assert b"vary_formats" not in plain["manifest.jsonl"]
    for name in one:
        if name.endswith(".ann"):
            text = (tmp_path / "w1" / name).with_suffix(".txt").read_text(encoding="utf-8")
            for line in one[name].decode("utf-8").splitlines():
                tid, mid, span_text = line.split("\t", 2)
                frags = [tuple(map(int, f.split())) for f in mid.split(" ", 1)[1].split(";")]
                assert " ".join(text[s:e] for s, e in frags) == span_text, f"{name} {tid}"


def test_only_augment_varies_formats(tmp_path, capsys):
    with pytest.raises(TypeError):
        apply_corpus(EXAMPLE_DIR, tmp_path / "a", vary_formats=True)
    with pytest.raises(UserError):
        augment_corpus(EXAMPLE_DIR, tmp_path / "b", naming="apply", vary_formats=True)
    with pytest.raises(SystemExit) as exc:
        main(["apply", str(EXAMPLE_DIR), str(tmp_path / "c"), "--vary-formats"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        main(["deid", str(EXAMPLE_DIR), str(tmp_path / "d"), "--backend", "rules", "--vary-formats"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit):
        main(["augment", "--help"])
    assert "--vary-formats" in capsys.readouterr().out
    assert main(["augment", str(EXAMPLE_DIR), str(tmp_path / "e"), "--times", "1", "--vary-formats"]) == 0
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


# ------------------------------------------------------------------------------------------------- ages

@given(st.integers(1, 110), st.sampled_from(["{n} años", "{n} a.", "{n}a", "{n} AÑOS"]), st.integers(0, 2**32))
def test_a_varied_age_keeps_its_number_of_years(n, layout, seed):
    text = layout.format(n=n).replace("1 años", "1 año") if n == 1 else layout.format(n=n)
    new = ages.vary(text, np.random.default_rng(seed), context(text, "EDAD_SUJETO_ASISTENCIA"))
    assert new is not None and shape(new) != shape(text)
    m = re.fullmatch(r"(\d+) ?(años|año|AÑOS|AÑO|a\.|a)", new)
    assert m is not None and int(m.group(1)) == n
    assert m.group(2).lower() != "años" or n != 1  # "1 año", never "1 años"


@pytest.mark.parametrize("text", ["7 meses", "3 años y 2 meses", "treinta años", "15 días", "58"])
def test_ages_in_other_units_or_words_keep_their_form(text):
    assert ages.vary(text, np.random.default_rng(1), context(text, "EDAD_SUJETO_ASISTENCIA")) is None


# -------------------------------------------------------------------------------------------- the pick

def test_pick_draws_in_proportion_to_the_weights_and_never_a_zero_weight():
    drawn = Counter(pick("1", [("a", 3.0), ("b", 1.0), ("c", 0.0), ("1", 5.0)], np.random.default_rng(s))
                    for s in range(4000))
    assert set(drawn) == {"a", "b"}  # "c" weighs 0; "1" has the text's own shape
    assert 0.70 < drawn["a"] / 4000 < 0.80


def test_a_label_share_overrides_the_default_share(engine, example, monkeypatch):
    """variation.SHARES: a label at 0 is never varied, while the others still are."""
    monkeypatch.setattr(variation, "SHARES", {"FECHAS": 0.0})
    changed = Counter()
    for seed in range(3):
        for doc in example:
            plain = engine.apply(doc, rng=np.random.default_rng(seed))
            varied = engine.apply(doc, rng=np.random.default_rng(seed), vary=np.random.default_rng(seed))
            for a, b in zip(plain.replacements, varied.replacements):
                changed[a.label] += a.surrogate != b.surrogate
    assert changed["FECHAS"] == 0 and sum(changed.values()) > 0
