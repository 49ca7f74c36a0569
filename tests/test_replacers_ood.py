"""Replacers on text that does not look like MEDDOCAN (fictional snippets, in the manner of the notes of
tests/data/ood and tests/data/layouts): what a reader would find wrong in a surrogate, fixed generically."""
from __future__ import annotations

import re
from functools import cache

import numpy as np
import pytest

from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig, Span


@cache
def engine() -> Engine:
    return Engine(EngineConfig(), "meddocan")


def _doc(*pieces: tuple[str, str | None]) -> Document:
    """A document from (text, label) pieces; label None is plain text."""
    text, spans = "", []
    for piece, label in pieces:
        if label is not None:
            spans.append(Span(f"T{len(spans) + 1}", label, len(text), len(text) + len(piece)))
        text += piece
    return Document("d", text, tuple(spans))


def _shape(s: str) -> str:
    return re.sub(r"[a-z]", "a", re.sub(r"[A-Z]", "A", re.sub(r"\d", "9", s)))


# -- identifiers: a letter prefix that stands alone ------------------------------------------------------------
@pytest.mark.parametrize("label, value", [
    ("ID_CONTACTO_ASISTENCIAL", "URG-2023-0088172"),
    ("ID_CONTACTO_ASISTENCIAL", "URG/24/0319552"),
    ("ID_SUJETO_ASISTENCIA", "HUC-554120"),
    ("IDENTIF_DISPOSITIVOS_NRSERIE", "MHK-24-0991"),
    ("IDENTIF_DISPOSITIVOS_NRSERIE", "LOT 22K0418"),
    ("ID_ASEGURAMIENTO", "TRV-88-4410295"),
    ("ID_EMPLEO_PERSONAL_SANITARIO", "SG-77120"),
])
def test_an_identifier_prefix_standing_alone_is_redrawn_not_masked(label, value):
    """'URG-2023-0088172' came out 'XXX-7636-0564334': the replacer kept 'URG', which the leak guard then masked."""
    doc = _doc(("Episodio: ", None), (value, label), (".", None))
    for seed in range(8):
        result = engine().apply(doc, seed=seed)
        rep = result.replacements[0]
        assert rep.action == "surrogate" and "T1" not in result.guarded, (rep.surrogate, result.guarded)
        assert "XX" not in rep.surrogate and _shape(rep.surrogate) == _shape(value), rep.surrogate
        assert rep.surrogate.split("-")[0].split("/")[0].split()[0] != value.split("-")[0].split("/")[0].split()[0]


def test_a_label_word_prefix_and_a_glued_prefix_stay():
    for value, kept in (("NHC-0781563", "NHC-"), ("RX24-0098213", "RX")):
        doc = _doc(("Ref. ", None), (value, "ID_SUJETO_ASISTENCIA"))
        new = engine().apply(doc, seed=3).replacements[0].surrogate
        assert new.startswith(kept) and new != value, new


# -- augment --vary-formats: Roman months -----------------------------------------------------------------------
def test_vary_formats_reads_a_roman_month():
    """augment --vary-formats stopped with an internal error on any date written with a Roman month."""
    doc = _doc(("Ingreso el ", None), ("19-III-24", "FECHAS"), (" y alta el ", None), ("2-IV-2024", "FECHAS"), (".", None))
    seen = set()
    for k in range(12):
        result = engine().apply(doc, rng=np.random.default_rng(k), vary=np.random.default_rng(100 + k))
        assert all(r.action == "surrogate" for r in result.replacements)
        seen.add(result.replacements[0].surrogate)
    assert any(not re.search(r"-[IVX]+-", s) for s in seen), seen  # some copies are written another way


# -- dates: a day named by its weekday alone --------------------------------------------------------------------
@pytest.mark.parametrize("value", ["jueves 16", "lunes 11", "dijous 4", "el martes 05"])
def test_a_weekday_and_its_day_stay_a_day_of_the_month(value):
    """'jueves 16' came out 'jueves 75' (its digits drawn at random: no month to parse). Its weekday moves as the
    same weekday written alone does (round 20: "jueves 13" kept its "jueves" while "el jueves" became "domingo")."""
    weekday = value.rsplit(" ", 1)[0].split()[-1]
    doc = _doc(("Revisado el ", None), ("3 de marzo de 2024", "FECHAS"), (". Vuelve el ", None), (value, "FECHAS"),
               (". Llamó el ", None), (weekday, "FECHAS"), (".", None))
    for seed in range(10):
        reps = engine().apply(doc, seed=seed).replacements
        new, alone = reps[1].surrogate, reps[2].surrogate
        head, day = new.rsplit(" ", 1)
        assert head.split()[-1] == alone != weekday, (new, alone)
        assert head.split()[:-1] == value.rsplit(" ", 1)[0].split()[:-1]  # "el" stays
        assert 1 <= int(day) <= 31 and len(day) == len(value.rsplit(" ", 1)[1])
        assert new != value



# -- places: a note written in a co-official language keeps its places in that language's area ------------------
_AREAS = {"ca": {"08", "17", "25", "43", "07", "03", "12", "46"}, "gl": {"15", "27", "32", "36"},
          "eu": {"01", "20", "48", "31"}}


@pytest.mark.parametrize("lang, street, town, code", [
    ("ca", "Carrer de les Moreres 12, 2n 1a", "Lleida", "25002"),
    ("gl", "Rúa das Flores, 8, baixo", "Ourense", "32005"),
    ("eu", "Lorategi kalea 5, 2. esk.", "Zarautz", "20800"),
])
def test_a_province_written_in_its_co_official_language_stays_in_that_area(lang, street, town, code):
    """A Catalan note from Lleida came out 'Carrer Major 45 ... San Sebastián de los Reyes' (Madrid)."""
    doc = _doc(("Domicili: ", None), (street, "CALLE"), (", ", None), (code, "TERRITORIO"), (" ", None),
               (town, "TERRITORIO"), (".", None))
    for seed in range(12):
        new_code = engine().apply(doc, seed=seed).replacements[1].surrogate
        assert new_code[:2] in _AREAS[lang] and new_code[:2] != code[:2], (lang, new_code)


def test_a_province_outside_the_notes_language_area_is_drawn_anywhere():
    doc = _doc(("Domicili: ", None), ("Carrer de les Moreres 12", "CALLE"), (", ", None), ("28004", "TERRITORIO"),
               (" ", None), ("Madrid", "TERRITORIO"), (".", None))
    codes = {engine().apply(doc, seed=seed).replacements[1].surrogate[:2] for seed in range(30)}
    assert codes - _AREAS["ca"], codes


# -- names: conventional abbreviations ------------------------------------------------------------------------
def test_a_dotted_given_name_abbreviation_becomes_another_one():
    """'Fco. Javier Rubio' came out 'Jco. Pablo Acejo'."""
    doc = _doc(("Firma: Dr. ", None), ("Fco. Javier Rubio", "NOMBRE_PERSONAL_SANITARIO"), (".", None))
    for seed in range(8):
        result = engine().apply(doc, seed=seed)
        new = result.replacements[0].surrogate
        assert new.split()[0] in ("Fco.", "Ant.") and "T1" not in result.guarded, new
        assert new.split()[1] != "Javier"


@pytest.mark.parametrize("name, abbreviation", [
    ("Fdez. Carrasco, Eva", "Fdez."), ("Dra. Mtnez. Soler", "Mtnez."), ("Juan Glez. Ruiz", "Glez."),
    ("Gª Pérez, Luis", "Gª"), ("RGUEZ. LÓPEZ, ANA", "RGUEZ."),
])
def test_a_surname_abbreviation_becomes_another_one(name, abbreviation):
    """'Fdez. Carrasco, Eva' came out 'Canales. Liñán, Rosario': a surname drawn for 'Fdez', keeping its dot."""
    forms = {"Fdez.", "Glez.", "Hdez.", "Rguez.", "Mtnez.", "Gtez.", "Dguez."}
    doc = _doc(("Firma: ", None), (name, "NOMBRE_PERSONAL_SANITARIO"), (". Fin", None))
    at = name.split().index(abbreviation)
    for seed in range(8):
        result = engine().apply(doc, seed=seed)
        new = result.replacements[0].surrogate.split()
        assert new[at] in {f.upper() if abbreviation.isupper() else f for f in forms}, new
        assert new[at].rstrip(".").lower() not in abbreviation.lower() and "T1" not in result.guarded, new


@pytest.mark.parametrize("nickname", ["Huguito", "Jaimito", "Ramoncito", "Manolito"])
def test_a_diminutive_of_a_given_name_becomes_a_given_name_of_its_sex(nickname):
    """'Huguito' (no census row) was read as a surname: 'Hugo Alcalá Fajardo ... Huguito' came out
    '... Delgado', and alone it drew either sex."""
    doc = _doc(("Lactante. ", None), (nickname, "NOMBRE_SUJETO_ASISTENCIA"), (" llora al explorarlo.", None))
    replacer = engine().replacer("person_name")
    for seed in range(10):
        new = engine().apply(doc, seed=seed).replacements[0].surrogate
        assert replacer.pools.given_probability(new) > 0.5 and replacer.sex_lookup.sex_of(new) != "F", new


def test_a_login_becomes_the_login_of_the_surrogate_person():
    """'usuario acabellof' (Ana Cabello Fernández) came out 'garcía': a surname, accent and all."""
    doc = _doc(("Validado: ", None), ("Ana Cabello Fernández", "NOMBRE_PERSONAL_SANITARIO"), (" · usuario ", None),
               ("acabellof", "NOMBRE_PERSONAL_SANITARIO"), (" · técnico ", None), ("pgarcia", "NOMBRE_PERSONAL_SANITARIO"))
    for seed in range(10):
        name, login, other = (r.surrogate for r in engine().apply(doc, seed=seed).replacements)
        given, first, second = (fold(w) for w in name.split())
        assert login == given[0] + re.sub(r"[^a-z]", "", first) + second[0], (name, login)
        assert re.fullmatch(r"[a-z]{4,}", other) and other != "pgarcia" and not other.endswith("garcia"), other


def test_a_camel_case_signature_becomes_the_surrogate_person_s():
    """A CAP nurse signs "MPuig" (Montse Puig): it came out "BErmúdez", a surname under the signature's case."""
    doc = _doc(("Inf. ", None), ("Montse Puig", "NOMBRE_PERSONAL_SANITARIO"), (". Signat: ", None),
               ("MPuig", "NOMBRE_PERSONAL_SANITARIO"), (" / ", None), ("JGarciaL", "NOMBRE_PERSONAL_SANITARIO"))
    for seed in range(10):
        name, signature, other = (r.surrogate for r in engine().apply(doc, seed=seed).replacements)
        given, surname = name.split()
        assert signature == given[0] + re.sub(r"[^A-Za-z]", "", fold(surname)).capitalize(), (name, signature)
        assert re.fullmatch(r"[A-Z][A-Z][a-z]{3,}[A-Z]", other) and "Garcia" not in other, other


def test_a_maria_abbreviation_before_a_new_maria_becomes_another_abbreviation():
    """'ARRANZ DEL OLMO, M.ª Teresa' came out 'GUERRERO DEL CAMPO, B.ª María': 'B.ª' abbreviates no name; the
    other one given names are abbreviated with (Josefa, 'J.ª') stands in."""
    doc = _doc(("Paciente: ", None), ("ARRANZ DEL OLMO, M.ª Teresa", "NOMBRE_SUJETO_ASISTENCIA"), (".", None))
    given = [engine().apply(doc, seed=seed).replacements[0].surrogate.split(", ")[1] for seed in range(40)]
    assert any(fold(g).endswith("maria") for g in given)  # the case arises among these seeds
    for g in given:
        assert re.fullmatch(r"M\.ª \w+|J\.ª Mar[ií]a", g), g


def test_a_nickname_in_quotes_becomes_a_given_name():
    """'Vicenta Bellés Segarra ("Tica")' came out '... ("Jimenez")', 'pareja (José Antonio, "Josele")' '... ("Robayna")':
    a word no census reads as a given name was drawn as a surname."""
    doc = _doc(("Pacient: ", None), ("Vicenta Bellés Segarra", "NOMBRE_SUJETO_ASISTENCIA"), (' ("', None),
               ("Tica", "NOMBRE_SUJETO_ASISTENCIA"), ('"). Acompañante: pareja (', None),
               ("José Antonio", "FAMILIARES_SUJETO_ASISTENCIA"), (', "', None), ("Josele", "FAMILIARES_SUJETO_ASISTENCIA"),
               ('").', None))
    replacer = engine().replacer("person_name")
    for seed in range(10):
        reps = engine().apply(doc, seed=seed).replacements
        for nickname in (reps[1].surrogate, reps[3].surrogate):  # a given name: the census gives it a sex
            assert replacer.sex_lookup.sex_of(nickname) or replacer.pools.given_probability(nickname) > 0.5, nickname
        assert replacer.sex_lookup.sex_of(reps[1].surrogate) != "M", reps[1].surrogate  # Vicenta's


# -- names: a form's "Dr./Dra." says no sex --------------------------------------------------------------------
def test_a_forms_either_sex_honorific_does_not_override_the_given_name():
    """'Dr./Dra. ESTRADA' ... 'Dr. Iván Estrada Suárez' came out 'Carlota González Citores' ('Dra' read as a
    feminine honorific after the slash, and a strong honorific outvotes the census of 'Iván')."""
    doc = _doc(("DECLARO que el/la Dr./Dra. ", None), ("ESTRADA", "NOMBRE_PERSONAL_SANITARIO"),
               (" me ha explicado la prueba.\nFdo.: Dr. ", None), ("Iván Estrada Suárez", "NOMBRE_PERSONAL_SANITARIO"))
    sex = engine().replacer("person_name").sex_lookup
    for seed in range(10):
        given = engine().apply(doc, seed=seed).replacements[1].surrogate.split()[0]
        assert sex.sex_of(given) != "F", given


# -- dates: a numeric date written unpadded stays unpadded -------------------------------------------------------
@pytest.mark.parametrize("value", ["16/3/24", "7/11/2022", "17.3.2024"])
def test_a_date_with_an_unpadded_field_pads_none(value):
    """'16/3/24' came out '07/4/24' (a two-digit day read as padded beside a one-digit month)."""
    doc = _doc(("Visto el ", None), (value, "FECHAS"), (".", None))
    for seed in range(20):
        new = engine().apply(doc, seed=seed).replacements[0].surrogate
        assert not re.search(r"(?<!\d)0\d", new), new
        assert _shape(new) == _shape(value), new  # the shift keeps the mention's shape


# -- addresses: two vias in one span ------------------------------------------------------------------------------
@pytest.mark.parametrize("address, first, second", [("Bda. La Constancia, c/ Sol 9", "Bda. ", "c/ "),
                                                    ("Urb. Los Pinos, calle Olmo 3", "Urb. ", "calle ")])
def test_a_neighbourhood_and_its_street_keep_both_vias(address, first, second):
    """'Bda. La Constancia, c/ Sol 9' came out 'Clara Campoamor 3': one street name for both."""
    doc = _doc(("Domicilio: ", None), (address, "CALLE"), (".", None))
    for seed in range(8):
        new = engine().apply(doc, seed=seed).replacements[0].surrogate
        m = re.fullmatch(rf"{re.escape(first)}([^,\d]+), {re.escape(second)}([^,\d]+) \d+", new)
        assert m and fold(m[1]) not in fold(address) and fold(m[2]) not in fold(address), new


# -- identifiers: a year among other numbers stays a year -----------------------------------------------------
@pytest.mark.parametrize("value", ["URG-2023-0088172", "2025/0012877", "50-2024-HMS-011873", "2024-004417-PL",
                                   "SAAD-50/2024/018832"])
def test_a_year_inside_an_identifier_stays_a_nearby_year(value):
    """'2025/0012877' came out '4573/0390747'; 'SAAD-50/2024/018832' (four letters and twelve digits, read as a
    CIP) 'UQYE-31/5946/748646'."""
    year = re.search(r"(?<!\d)20\d\d(?!\d)", value)
    doc = _doc(("Episodio ", None), (value, "ID_CONTACTO_ASISTENCIAL"), (".", None))
    for seed in range(10):
        new = engine().apply(doc, seed=seed).replacements[0].surrogate
        got = int(new[year.start():year.end()])
        assert 1 <= abs(got - int(year.group())) <= 3 and _shape(new) == _shape(value), new


# -- facilities: co-official kind words, a saint's name that is a town -------------------------------------------
def test_a_catalan_surgery_keeps_its_kind_word():
    """"Consultori Auxiliar d'Albocàsser" came out "Barrio de la Luz Auxiliar de ..." ('Consultori' was read as
    the name proper)."""
    doc = _doc(("Certifica el metge del ", None), ("Consultori Auxiliar d'Albocàsser", "CENTRO_SALUD"), (".", None))
    for seed in range(8):
        new = engine().apply(doc, seed=seed).replacements[0].surrogate
        assert new.startswith("Consultori ") and new != doc.text[24:-1], new


def test_a_primary_care_zone_acronym_stays():
    doc = _doc(("Enfermera de la ", None), ("ZBS Bargas", "CENTRO_SALUD"), (".", None))
    for seed in range(8):
        new = engine().apply(doc, seed=seed).replacements[0].surrogate
        assert new.startswith("ZBS ") and "Bargas" not in new, new


def test_a_saints_name_replaced_by_a_town_gets_its_de():
    """'Hospital Materno-Infantil Santa Brígida' (a saint, and a town) came out 'Hospital Materno-Infantil Logroño'."""
    doc = _doc(("Trasladada al ", None), ("Hospital Materno-Infantil Santa Brígida", "HOSPITAL"), (".", None))
    for seed in range(12):
        new = engine().apply(doc, seed=seed).replacements[0].surrogate
        rest = new[len("Hospital Materno-Infantil "):]
        assert new.startswith("Hospital Materno-Infantil ") and (
            rest.split()[0] == "de" or rest.split()[0] in ("San", "Santa", "Santo", "Sant", "Virgen")), new


# -- professions: no word of the original comes back (to be masked) ---------------------------------------------
@pytest.mark.parametrize("value", ["auxiliar de enfermería", "estudiante de enfermería"])
def test_a_profession_draw_repeats_no_word_of_the_original(value):
    """'auxiliar de enfermería' came out 'XXXXXXXX de geriatría' / 'auxiliar de XXXXXXXXXX'."""
    doc = _doc(("Trabaja como ", None), (value, "PROFESION"), (".", None))
    for seed in range(30):
        result = engine().apply(doc, seed=seed)
        new = result.replacements[0].surrogate
        assert "X" not in new and "T1" not in result.guarded, new


# -- kinship: Catalan "dona" (wife) ----------------------------------------------------------------------------
def test_catalan_wife_is_a_kinship_word():
    """'la seva dona' was masked ('XXXX'): the Catalan word for wife was no known relative term."""
    doc = _doc(("Ve acompanyat de la seva ", None), ("dona", "FAMILIARES_SUJETO_ASISTENCIA"), (", ", None),
               ("Montserrat", "FAMILIARES_SUJETO_ASISTENCIA"), (".", None))
    for seed in range(5):
        reps = engine().apply(doc, seed=seed).replacements
        assert reps[0].action == "surrogate" and reps[0].surrogate == "dona"
        assert reps[1].action == "surrogate" and reps[1].surrogate != "Montserrat"


# -- dates: an abbreviated weekday follows the shifted date ----------------------------------------------------
def test_an_abbreviated_weekday_names_the_shifted_dates_day():
    """'mié 13/03/2024' came out 'mié 03/06/2023' (a Saturday): the abbreviation was no day name."""
    import datetime as dt
    names = ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"]
    doc = _doc(("Ingreso: ", None), ("mié 13/03/2024", "FECHAS"), (".", None))
    for seed in range(10):
        new = engine().apply(doc, seed=seed).replacements[0].surrogate
        wd, date = new.split()
        d, m, y = map(int, date.split("/"))
        assert wd == names[dt.date(y, m, d).weekday()], new


# -- names: several patients in one table keep each their own sex ----------------------------------------------
def test_patients_of_a_table_keep_each_their_own_sex():
    """Three patients in one admissions table ('Leandro Vidal Orts', 'Amparo Soler Climent', 'Dimitri Volkov') were
    one patient to the sex vote: 'Amparo Soler Climent' came out 'Roberto Sivianes Mas'."""
    sex = engine().replacer("person_name").sex_lookup
    doc = _doc(("| 401-A | ", None), ("Leandro Vidal Orts", "NOMBRE_SUJETO_ASISTENCIA"), (" | 58 |\n| 402-B | ", None),
               ("Amparo Soler Climent", "NOMBRE_SUJETO_ASISTENCIA"), (" | 64 |\n| 405-A | ", None),
               ("Dimitri Volkov", "NOMBRE_SUJETO_ASISTENCIA"), (" | 41 |\n- Sr. ", None),
               ("Volkov", "NOMBRE_SUJETO_ASISTENCIA"), (": intérprete.\n", None))
    for seed in range(10):
        reps = engine().apply(doc, seed=seed).replacements
        assert sex.sex_of(reps[1].surrogate.split()[0]) != "M", reps[1].surrogate
        assert sex.sex_of(reps[0].surrogate.split()[0]) != "F", reps[0].surrogate


# -- institutions: a court "en funciones de guardia" -----------------------------------------------------------
def test_a_duty_court_keeps_its_standard_wording_around_a_nested_town():
    """'JUZGADO ... DE MÁLAGA (EN FUNCIONES DE GUARDIA)' with the town annotated inside came out
    '... DE MADRID (EN XXXXXXXXX DE GUARDIA)'."""
    head = "JUZGADO DE INSTRUCCIÓN Nº 3 DE MÁLAGA (EN FUNCIONES DE GUARDIA)"
    start = len("Al ")
    town = head.index("MÁLAGA")
    doc = Document("d", f"Al {head}.", (Span("T1", "INSTITUCION", start, start + len(head)),
                                          Span("T2", "TERRITORIO", start + town, start + town + 6)))
    for seed in range(6):
        result = engine().apply(doc, seed=seed)
        new = result.replacements[0].surrogate
        assert "XX" not in new and "T1" not in result.guarded and "MÁLAGA" not in new, new
