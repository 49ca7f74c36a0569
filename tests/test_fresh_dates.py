"""Dates in layouts MEDDOCAN does not have: parts of a period, holidays, ordinals, Roman months, apostrophe
years, day ranges, compact ISO dates and time stamps. Over seeds: nothing masked or re-drawn by the leak guard,
the words around the date kept, the date moved by the document's one shift."""
from __future__ import annotations

import datetime as dt
import re

import pytest
from fresh_layouts import surrogate_matching, surrogates
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from surrogate import Engine, EngineConfig

SEEDS = st.integers(1, 10**6)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
           "noviembre", "diciembre")
_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")


def _words(text: str) -> list[str]:
    """The letter words that are no month name."""
    return [w for w in re.findall(r"[^\W\d_]+", text) if w.lower() not in _MONTHS]


@pytest.mark.parametrize("original", [
    "finales de 2023", "principios de 2020", "mediados de 2018", "1er trimestre 2024", "2º semestre de 2019",
    "la 2ª quincena de marzo", "Navidad de 2023", "el pasado 3 de mayo", "el 12 de marzo pasado", "hace 3 años",
])
@SETTINGS
@given(seed=SEEDS)
def test_period_words_and_ordinals_stay_around_a_moved_date(original, seed):
    new = surrogates(f"Ingreso a [[FECHAS|{original}]] por disnea.", seed)["T1"]
    assert _words(new) == _words(original)  # "finales", "trimestre", "Navidad", "er", "º" kept, not masked
    assert re.findall(r"\d+(?:er|º|ª)", new) == re.findall(r"\d+(?:er|º|ª)", original)  # the ordinal too
    assert new != original


@SETTINGS
@given(seed=SEEDS)
def test_roman_month_moves_with_the_document_shift(seed):
    new = surrogates("Nacida el [[FECHAS|3-IV-1957]]; consta también [[FECHAS|03/04/1957]].", seed)
    m = re.fullmatch(r"(\d{1,2})-([IVX]+)-(\d{4})", new["T1"])
    assert m, new["T1"]
    d, mo, y = re.fullmatch(r"(\d\d)/(\d\d)/(\d{4})", new["T2"]).groups()
    assert (int(m.group(1)), _ROMAN.index(m.group(2)) + 1, m.group(3)) == (int(d), int(mo), y)


@SETTINGS
@given(seed=SEEDS)
def test_apostrophe_year_moves_by_at_most_a_year(seed):
    new = surrogates("Fumador desde el [[FECHAS|'24]].", seed)["T1"]
    m = re.fullmatch(r"'(\d\d)", new)
    assert m and abs(int(m.group(1)) - 24) == 1, new


@SETTINGS
@given(seed=SEEDS)
def test_day_range_moves_both_days_with_the_document_shift(seed):
    new = surrogates("Ingresada del [[FECHAS|12-15/03/2024]] (alta el [[FECHAS|15/03/2024]]).", seed)
    m = re.fullmatch(r"(\d\d)-(\d\d)/(\d\d)/(\d{4})", new["T1"])
    assert m, new["T1"]
    assert int(m.group(2)) - int(m.group(1)) == 3
    assert f"{m.group(2)}/{m.group(3)}/{m.group(4)}" == new["T2"]


_CATALAN_MONTHS = ("gener", "febrer", "març", "abril", "maig", "juny", "juliol", "agost", "setembre", "octubre",
                   "novembre", "desembre")


def _spanish_date(written: str) -> dt.date:
    d, month, y = re.fullmatch(r"(\d{1,2}) de ([a-z]+) de (\d{4})", written).groups()
    return dt.date(int(y), _MONTHS.index(month) + 1, int(d))


@SETTINGS
@given(first=st.integers(1, 27), length=st.integers(1, 10), month=st.integers(1, 12), seed=SEEDS)
def test_first_day_of_a_range_annotated_alone_keeps_its_place_in_the_range(first, length, month, seed):
    """Each day of "del 10 al 14 de marzo de 2025" annotated on its own: the bare "10" moves with the document
    shift like its partner, so the range keeps its length (it came out random digits: "del 71 al 12 de abril")."""
    last = min(first + length, 28)
    new = surrogates(f"Semana del [[FECHAS|{first}]] al [[FECHAS|{last} de {_MONTHS[month - 1]} de 2025]]. "
                     f"Ingreso el [[FECHAS|{last} de {_MONTHS[month - 1]} de 2025]].", seed)
    end = _spanish_date(new["T2"])
    assert new["T1"] == str((end - dt.timedelta(days=last - first)).day), new


@SETTINGS
@given(seed=SEEDS)
def test_a_list_of_bare_days_moves_with_its_month(seed):
    new = surrogates("Sesiones los días [[FECHAS|3]], [[FECHAS|4]] y [[FECHAS|5 de mayo de 2024]]; "
                     "fisioterapia els dies [[FECHAS|10]] i [[FECHAS|12 de març de 2024]].", seed)
    end = _spanish_date(new["T3"])
    assert (new["T1"], new["T2"]) == (str((end - dt.timedelta(days=2)).day), str((end - dt.timedelta(days=1)).day))
    d, month, y = re.fullmatch(r"(\d{1,2}) (?:de |d')(\w+) de (\d{4})", new["T5"]).groups()
    assert new["T4"] == str((dt.date(int(y), _CATALAN_MONTHS.index(month) + 1, int(d)) - dt.timedelta(days=2)).day)


@SETTINGS
@given(seed=SEEDS)
def test_a_bare_day_without_a_partner_stays_a_day_of_its_width(seed):
    new = surrogates("Revisión el [[FECHAS|14]] por la mañana; cita previa [[FECHAS|3/2/2025]].", seed)
    assert re.fullmatch(r"1\d|2[0-8]", new["T1"]), new


@SETTINGS
@given(seed=SEEDS)
def test_compact_iso_date_is_a_date(seed):
    new = surrogates("Registro [[FECHAS|20240312]]; ingreso el [[FECHAS|12/03/2024]].", seed)
    d, m, y = new["T2"].split("/")
    assert new["T1"] == y + m + d


@SETTINGS
@given(seed=SEEDS)
@example(seed=13)  # the shift gives back the day "12": "12T10" used to be copied, then re-drawn as an identifier
@example(seed=51)
def test_iso_time_stamp_keeps_its_time(seed):
    new = surrogates("Registro electrónico [[FECHAS|2024-03-12T10:00]] del sistema.", seed)["T1"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT10:00", new), new


@pytest.mark.parametrize("written, separator", [("2023/2024", "/"), ("2023-2024", "-")])
@SETTINGS
@given(seed=SEEDS)
def test_year_pair_moves_as_two_years(written, separator, seed):
    new = surrogates(f"Curso escolar [[FECHAS|{written}]] sin incidencias.", seed)["T1"]
    first, second = (int(y) for y in new.split(separator))
    assert second == first + 1 and abs(first - 2023) == 1, new


@pytest.mark.parametrize("written, layout", [
    ("los años 80", r"los años [4-9]0"), ("finales de los 90", r"finales de los [4-9]0"), ("día 12", r"día (?:1\d|2\d|30)"),
    ("hace 3 años", r"hace [2-9] años"),  # never "hace 1 años"
])
@SETTINGS
@given(seed=SEEDS)
def test_decades_and_days_of_the_month_stay_what_they_are(written, layout, seed):
    surrogate_matching(f"Fumador desde [[FECHAS|{written}]].", layout, seed)


@pytest.mark.parametrize("written, choices", [
    ("anteayer", {"ayer", "anoche", "hoy"}), ("Ayer", {"Anteayer", "Anoche", "Hoy"}),
    ("el mes pasado", {"la semana pasada", "la semana anterior", "el mes anterior", "el año pasado", "el año anterior"}),
])
@SETTINGS
@given(seed=SEEDS)
def test_relative_date_without_number_gets_another(written, choices, seed):
    assert surrogates(f"Visto [[FECHAS|{written}]] en consulta.", seed)["T1"] in choices


@pytest.mark.parametrize("original, roman", [("15-V-2024", r"[IVX]+"), ("12/III/2024", r"[IVX]+"), ("3.v.57", r"[ivx]+")])
def test_a_roman_month_keeps_its_case_whatever_its_length(original, roman):
    # a one-letter "V" read as Title case: "15-V-2024" came out "14-Iv-2025"
    shape = re.sub(r"[IVXivx]+", roman, re.sub(r"\d+", r"\\d+", re.escape(original)))
    for seed in range(1, 30):
        new = surrogates(f"Consulta el [[FECHAS|{original}]].", seed)["T1"]
        assert re.fullmatch(shape, new), new


_ENGLISH_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                   "November", "December")


@SETTINGS
@given(month=st.integers(1, 12), day=st.integers(1, 28), seed=SEEDS)
def test_english_dates_of_a_referral_move_with_the_document_shift(month, day, seed):
    """A foreign patient's referral writes "March 11, 2025" and "Apr 15, 2025": the English month was masked
    ("XXXXX 11, 2026") and "11" read as a two-digit year. Now the month is read in English and written back in
    English, and the date moves with the numeric one beside it."""
    name = _ENGLISH_MONTHS[month - 1]
    new = surrogates(f"Seen on [[FECHAS|{name} {day}, 2025]] ([[FECHAS|{day:02d}/{month:02d}/2025]]), next visit "
                     f"[[FECHAS|{name[:3]} {day}, 2025]].", seed)
    m = re.fullmatch(r"([A-Z][a-z]+) (\d{1,2}), (\d{4})", new["T1"])
    assert m and m.group(1) in _ENGLISH_MONTHS, new
    d, mo, y = new["T2"].split("/")
    assert (int(m.group(2)), _ENGLISH_MONTHS.index(m.group(1)) + 1, m.group(3)) == (int(d), int(mo), y), new
    assert new["T3"] == f"{m.group(1)[:3]} {m.group(2)}, {m.group(3)}", new


@SETTINGS
@given(seed=SEEDS)
def test_basque_month_of_a_year_in_the_locative_moves(seed):
    """"2017ko ekainean" (in June 2017): the locative month was masked ("2018ko XXXXXXXX")."""
    new = surrogates("Ebakuntza [[FECHAS|2017ko ekainean]] egin zitzaion.", seed)["T1"]
    assert re.fullmatch(r"\d{4}e?ko [a-z]+(?:ean|an)", new), new
    assert new != "2017ko ekainean"


@pytest.mark.parametrize("first, second", [("2025-03-11", "12 de marzo de 2025"), ("11/03/2025", "12.03.2025")])
@SETTINGS
@given(seed=SEEDS)
def test_no_shift_moves_a_date_onto_another_mentions_day(first, second, seed):
    """With shifts of one or two days allowed, 11 March may not move onto 12 March, which the note writes in
    another layout (augment --vary-formats wrote the moved date in that layout: "12 de marzo de 2025" came back)."""
    from fresh_layouts import marked

    doc = marked("d", f"Vacuna [[FECHAS|{first}]]; control [[FECHAS|{second}]].")
    new = Engine(EngineConfig(date_shift_days=(1, 2)), schema="meddocan").apply(doc, seed=seed).document
    assert {s.id: new.span_text(s) for s in new.spans}["T2"] in ("14 de marzo de 2025", "14.03.2025")


@SETTINGS
@given(seed=SEEDS)
def test_no_shift_moves_a_date_into_a_month_another_mention_names(seed):
    """Shifts of 85 to 120 days move 19 May 2024 into August or September; the note names "septiembre de 2024"
    alone, so September is no fit ("16 de septiembre de 2024" held that original)."""
    from fresh_layouts import marked

    doc = marked("d", "Cirugía el [[FECHAS|19 de mayo de 2024]]; revisión en [[FECHAS|septiembre de 2024]].")
    new = Engine(EngineConfig(date_shift_days=(85, 120)), schema="meddocan").apply(doc, seed=seed).document
    moved = {s.id: new.span_text(s) for s in new.spans}["T1"]
    assert re.fullmatch(r"\d{2} de agosto de 2024", moved), moved


_ABBREVIATED_DAYS = {  # babel's abbreviated day names (Monday first) of the languages Spanish notes quote
    "en": ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
    "gl": ("luns", "mar", "mér", "xov", "ven", "sáb", "dom"),
    "ca": ("dl.", "dt.", "dc.", "dj.", "dv.", "ds.", "dg."),
}


@pytest.mark.parametrize("lang, template, day_first", [
    ("en", "{wd} {d:02d}-{mon}-{y}", True),   # an English billing sheet: "Tue 08-Jul-2025"
    ("gl", "{wd} {d}-{roman}-{yy}", True),    # a Galician route sheet: "xov 13-III-25"
    ("ca", "{wd} {d}-{roman}-{yy}", True),    # a Catalan nursing sheet: "dv. 7-II-25" (two letters and a period)
])
@SETTINGS
@given(day=st.dates(dt.date(2018, 1, 1), dt.date(2027, 12, 31)), seed=SEEDS)
def test_an_abbreviated_weekday_of_another_language_agrees_with_the_moved_date(lang, template, day_first, day, seed):
    """English and Galician abbreviated weekdays were masked ("XXX 03-Oct-2024"): only Spanish ones were read.
    Now the weekday is written back abbreviated, in its language, for the moved date. Catalan's two-letter ones
    ("dv.") were masked until 04c9356 ("XX. 5/03"): they are read with their period only."""
    names = _ABBREVIATED_DAYS[lang]
    wd = names[day.weekday()]
    if lang == "gl" and wd in ("mar", "luns", "sáb", "dom"):  # a month, a wide name, Spanish abbreviations too
        return
    original = template.format(wd=wd, d=day.day, mon=_ENGLISH_MONTHS[day.month - 1][:3], y=day.year,
                               roman=_ROMAN[day.month - 1], yy=f"{day.year % 100:02d}")
    new = surrogates(f"Visita [[FECHAS|{original}]] sin incidencias.", seed)["T1"]
    head, _, rest = new.partition(" ")
    if lang == "en":
        d, mon, y = rest.split("-")  # "May" is the wide name as well: a shift out of May may write "March"
        month = [m[:3] for m in _ENGLISH_MONTHS].index(mon) if len(mon) == 3 else _ENGLISH_MONTHS.index(mon)
        moved = dt.date(int(y), month + 1, int(d))
    else:
        d, roman, yy = rest.split("-")
        moved = dt.date(2000 + int(yy), _ROMAN.index(roman) + 1, int(d))
    assert head == names[moved.weekday()], (original, new)


@pytest.mark.parametrize("n, words", [
    (1, "uno"), (21, "veintiuno"), (31, "treinta y uno"), (100, "cien"), (1941, "mil novecientos cuarenta y uno"),
    (1999, "mil novecientos noventa y nueve"), (2000, "dos mil"), (2025, "dos mil veinticinco"),
    (2101, "dos mil ciento uno"),
])
def test_numbers_of_a_date_are_written_as_spanish_says_them(n, words):
    from surrogate.replacers.dates.date_words import cardinal, to_digits

    assert cardinal(n) == words
    assert to_digits(f"el {words}") == (f"el {n}", [words])


@SETTINGS
@given(day=st.dates(dt.date(1930, 1, 1), dt.date(2030, 12, 31)), seed=SEEDS)
def test_a_date_dictated_in_words_moves_with_the_document_shift_and_stays_in_words(day, seed):
    """A speech-recognition discharge dictates "doce de marzo de mil novecientos cuarenta y uno": the month moved
    and the day and year words were masked ("XXXX de febrero de XXX XXXXXXXXXXX XXXXXXXX y uno"). Now the date is
    read, moved by the document's one shift (the same as a numeric date of the same day) and said in words."""
    from surrogate.replacers.dates.date_words import cardinal, to_digits

    spoken = f"{cardinal(day.day)} de {_MONTHS[day.month - 1]} de {cardinal(day.year)}"
    new = surrogates(f"Nacido el [[FECHAS|{spoken}]] ([[FECHAS|{day:%d/%m/%Y}]]).", seed)
    assert not re.search(r"\d|X", new["T1"]), new
    digits, _ = to_digits(new["T1"])
    d, _, month, _, year = digits.split(" ")
    assert f"{int(d):02d}/{_MONTHS.index(month) + 1:02d}/{year}" == new["T2"], new


@SETTINGS
@given(day=st.dates(dt.date(2010, 1, 1), dt.date(2030, 12, 31)), seed=SEEDS)  # "del diez" … "del treinta"
def test_a_dictated_numeric_date_moves_and_stays_spoken(day, seed):
    """"el cuatro del tres del veinticinco" (4/3/25) was masked; it moves as "4/3/25" would."""
    from surrogate.replacers.dates.date_words import cardinal, to_digits

    spoken = f"{cardinal(day.day)} del {cardinal(day.month)} del {cardinal(day.year % 100)}"
    new = surrogates(f"Control el [[FECHAS|{spoken}]] y el [[FECHAS|{day:%d/%m/%Y}]].", seed)
    digits, _ = to_digits(new["T1"])
    d, _, m, _, yy = digits.split(" ")
    assert f"{int(d):02d}/{int(m):02d}/{int(yy):02d}" == new["T2"][:6] + new["T2"][-2:], new


@SETTINGS
@given(stamp=st.datetimes(dt.datetime(2000, 1, 1), dt.datetime(2030, 12, 31)), seconds=st.booleans(), seed=SEEDS)
def test_a_compact_timestamp_moves_its_date_and_keeps_its_time(stamp, seconds, seed):
    """An HL7 or DICOM field writes "20250318093512": it was not read as a date, and its fourteen digits were
    redrawn at random ("04173957514041", no date at all). Its date now moves with the document shift (as the
    numeric date beside it) and the time of day stays as written."""
    fmt = "%Y%m%d%H%M%S" if seconds else "%Y%m%d%H%M"
    new = surrogates(f"MSH|^~\\&|HIS|[[FECHAS|{stamp:{fmt}}]]|ADT^A01 fecha [[FECHAS|{stamp:%d/%m/%Y}]].", seed)
    assert re.fullmatch(r"\d{14}" if seconds else r"\d{12}", new["T1"]), new
    moved = dt.datetime.strptime(new["T1"], fmt)
    assert f"{moved:%d/%m/%Y}" == new["T2"], new
    assert new["T1"][8:] == f"{stamp:{fmt}}"[8:], new


@pytest.mark.parametrize("original", ["dv. 7/02", "Dj. 4 de maig", "dg. 12/01"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_catalan_two_letter_weekday_is_the_moved_day_s(original, seed):
    names = _ABBREVIATED_DAYS["ca"]
    new = surrogates(f"Visita [[FECHAS|{original}]] sense incidències.", seed)["T1"]
    head = new.split(" ")[0]
    assert head.lower() in names and "X" not in new, new
    assert head[0].isupper() == original[0].isupper()


def test_a_two_letter_word_without_its_period_is_no_weekday():
    # "al" is Basque Monday's abbreviation ("al.") and a Spanish word: a range keeps it
    new = surrogates("Baja [[FECHAS|del 3 al 5 de mayo]] por gripe.", 1)["T1"]
    assert " al " in new


@pytest.mark.parametrize("seed", range(1, 7))
def test_a_basque_day_of_the_month_moves_with_its_case_ending(seed):
    # "hilaren 18an" (on the 18th of the month) came out "XXXXXXX 76an" (9e632b0)
    new = surrogates("Hurrengo bisita [[FECHAS|hilaren 18an]].", seed)["T1"]
    m = re.fullmatch(r"hilaren (\d{1,2})(an|ean|n)", new)
    assert m and 1 <= int(m.group(1)) <= 31 and m.group(1) != "18", new
    day = int(m.group(1))
    consonant = (day % 10 in (1, 5) and day not in (11, 31)) or day in (10, 30)
    assert m.group(2) == ("ean" if consonant else "n" if day in (11, 31) else "an"), new


_WEEKDAYS = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"]


@pytest.mark.parametrize("written", ["lunes", "Jueves", "martes pasado"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_weekday_alone_moves_by_the_document_shift(written, seed):
    # a weekday alone was masked ("XXXXX", 9e632b0); beside a full date it moves as that date does
    new = surrogates(f"Vino el [[FECHAS|{written}]]; ingreso el [[FECHAS|12/03/2024]].", seed)
    day, month, year = map(int, new["T2"].split("/"))
    shift = (dt.date(year, month, day) - dt.date(2024, 3, 12)).days
    head = written.split()[0]
    moved = _WEEKDAYS[(_WEEKDAYS.index(head.lower()) + (shift % 7 or 1)) % 7]
    assert new["T1"] == written.replace(head, moved.capitalize() if head[0].isupper() else moved), new


@SETTINGS
@given(seed=SEEDS)
def test_a_range_of_days_before_its_month_moves_with_the_document(seed):
    # a football club's week "10-16/3" came out random digits ("55-59/1", "24-97/6")
    new = surrogates("Semana [[FECHAS|10-16/3]]; final el [[FECHAS|16/3]].", seed)
    m = re.fullmatch(r"(\d{1,2})-(\d{1,2})/(\d{1,2})", new["T1"])
    assert m, new
    first, last, month = map(int, m.groups())
    day, moved_month = map(int, new["T2"].split("/"))
    assert last - first == 6 and (last, month) == (day, moved_month), new  # ends on the moved 16/3


@pytest.mark.parametrize("written, day", [("mierc 6/3", "mié"), ("juev 14/11", "jue"), ("dimec 6/3", "dc")])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_weekday_typed_short_moves_with_its_date(written, day, seed):
    # a dialysis rota's "mierc 6/3" came out "XXXXX 5/9": a weekday cut after four letters or more was no weekday
    new = surrogates(f"Sesion [[FECHAS|{written}]] y alta [[FECHAS|14/11/2024]].", seed)["T1"]
    assert "X" not in new and new.split()[0] != written.split()[0], new


@pytest.mark.parametrize("written, article", [("los sábados", "los "), ("los jueves", "los "), ("domingos", ""),
                                              ("els diumenges", "els "), ("os sábados", "os ")])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_weekday_of_every_week_stays_plural(written, article, seed):
    # "los sábados" (every Saturday) was masked; moved, a Sunday or a Saturday takes its plural "s"
    new = surrogates(f"Acude [[FECHAS|{written}]] al centro; ingreso [[FECHAS|14/11/2024]].", seed)["T1"]
    assert new.startswith(article) and new != written and "X" not in new, new
    assert new.endswith("s"), new  # lunes … viernes, sábados, domingos, dilluns … dissabtes, diumenges
    if article:  # the article before the span: "acude los | jueves" came out "los sábado"
        new = surrogates(f"Acude {article}[[FECHAS|{written[len(article):]}]]; ingreso [[FECHAS|14/11/2024]].", seed)
        assert new["T1"].endswith("s"), new


@pytest.mark.parametrize("days", [("jueves", "lunes"), ("lunes", "martes", "viernes"), ("sábado", "domingo")])
@SETTINGS
@given(seed=SEEDS)
def test_no_moved_weekday_is_another_weekday_said_alone(days, seed):
    """A nursing note says "los jueves", "el viernes 16" and "el lunes": a shift of four days wrote "lunes" for
    the Thursday and "viernes" for the Monday, each another mention's original; the shift keeps clear of them."""
    alone = " ".join(f"el [[FECHAS|{d}]]," for d in days)
    new = surrogates(f"Grupo {alone} cita el [[FECHAS|viernes 16]], ingreso [[FECHAS|14/02/2024]].", seed)
    written = {w for t in new.values() for w in re.findall(r"[^\W\d_]+", t.lower())}
    assert not written & set(days), new


@pytest.mark.parametrize("written, stems", [("ostiraletik", ("tik", "etik")), ("asteartean", ("an", "ean"))])
def test_a_basque_weekday_alone_keeps_its_case_ending(written, stems):
    basque = ("astelehen", "astearte", "asteazken", "ostegun", "ostiral", "larunbat", "igande")
    for seed in range(1, 5):
        new = surrogates(f"Etorri zen [[FECHAS|{written}]].", seed)["T1"]
        assert any(new.startswith(b) and new[len(b):] in stems for b in basque) and new != written, new


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_basque_weekday_stem_after_a_date_agrees_with_the_moved_date(seed):
    # "2024/03/05 astearte" (the stem without its article) came out "2024/08/05 XXXXXXXX"
    stems = ("astelehen", "astearte", "asteazken", "ostegun", "ostiral", "larunbat", "igande")
    new = surrogates("Etorri zen [[FECHAS|2024/03/05 astearte]].", seed)["T1"]
    date, stem = new.split()
    assert stem == stems[dt.date(*map(int, date.split("/"))).weekday()], new


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_basque_month_in_the_ergative_keeps_its_case(seed):
    # a Basque home visit's "astelehena, martxoak 4" came out "astelehena, XXXXXXXX 6"
    basque = ("urtarrila", "otsaila", "martxoa", "apirila", "maiatza", "ekaina", "uztaila", "abuztua", "iraila",
              "urria", "azaroa", "abendua")
    new = surrogates("Etorri zen [[FECHAS|astelehena, martxoak 4]].", seed)["T1"]
    month = new.split(", ")[1].split()[0]
    assert month.endswith("k") and month[:-1] in basque and month != "martxoak", new


@pytest.mark.parametrize("written, part", [("primera quinzena de juliol", "primera quinzena de "),
                                           ("finais de 2023", "finais de ")])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_catalan_or_galician_part_of_a_period_stays(written, part, seed):
    # "quinzena" was masked ("primera XXXXXXXX de juny", 9e632b0)
    new = surrogates(f"Revisió la [[FECHAS|{written}]].", seed)["T1"]
    assert new.startswith(part) and new != written and "X" not in new, new


_SPANISH_DAYS = ("lun", "mar", "mié", "jue", "vie", "sáb", "dom")
_SPANISH_MONTHS = ("ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic")


@pytest.mark.parametrize("template", ["{wd} {d}/{m}", "{wd} {d}/{m}/{yy}", "{wd} {d} {mon}", "{WD} {d:02d}-{m:02d}-{y}"])
@SETTINGS
@given(day=st.integers(0, 520).map(lambda k: dt.date(2018, 1, 2) + dt.timedelta(weeks=k)), seed=SEEDS)  # Tuesdays
def test_mar_before_a_day_and_month_is_tuesday_not_march(template, day, seed):
    """"mar 15/10" (martes, typed fast) was read as March with a day and a year and came out "may 15/15", a 15th
    month. "mar" names the weekday when the mention's numbers make a day and month without it, or when it names
    its month elsewhere ("mar 15 oct"); it is written back as the moved date's weekday."""
    original = template.format(wd="mar", WD="MAR", d=day.day, m=day.month, yy=f"{day.year % 100:02d}", y=day.year,
                               mon=_SPANISH_MONTHS[day.month - 1])
    full = f"{day:%d/%m/%Y}"
    new = surrogates(f"Control [[FECHAS|{original}]] (cita del [[FECHAS|{full}]]).", seed)
    shift = (dt.datetime.strptime(new["T2"], "%d/%m/%Y").date() - day).days
    head, _, rest = new["T1"].partition(" ")
    assert head.lower() == _SPANISH_DAYS[(1 + shift) % 7] and head.isupper() == original[0].isupper(), new
    numbers = [int(n) for n in re.findall(r"\d+", rest)]
    month = numbers[1] if len(numbers) > 1 else [m[:3] for m in _SPANISH_MONTHS].index(rest.split(" ")[1][:3]) + 1
    # the date moved by the shift (a day and month with no year may cross a 29 February the full date does not)
    moved = [day + dt.timedelta(shift + k) for k in (-1, 0, 1)]
    assert any((m.day, m.month) == (numbers[0], month) for m in moved), new


@pytest.mark.parametrize("seed", range(1, 13))
def test_no_moved_date_holds_another_date_mention(seed):
    # a methadone dispensing log (session 23): "mie 15-5" moved to "sáb 18-1", which holds the note's "sab 18"
    # (another mention): a shift whose dates hold another mention's words is a misfit now. Shifts of 2 to 4 days:
    # 3 writes "sáb 18-5"
    from gazetteers.text import fold
    from surrogate import Document, Span

    text = "mie 15-5 dispensado. sab 18 no viene. jue 20-5 ok."
    spans = (Span("T1", "FECHAS", 0, 8), Span("T2", "FECHAS", 21, 27), Span("T3", "FECHAS", 38, 46))
    engine = Engine(EngineConfig(date_shift_days=(2, 4)), schema="meddocan")
    new = {r.span_id: r.surrogate for r in engine.apply(Document("d", text, spans), seed=seed).replacements}
    for span in ("T1", "T3"):
        assert "sab 18" not in fold(new[span]).replace("-", " "), new
