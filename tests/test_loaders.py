"""Loaders for the official formats, run on the real files under ../shared/data.

Row counts are computed here independently of the loaders (csv module, or the xlsx XML read with
zipfile), so a loader that drops or invents rows fails.
"""
from __future__ import annotations

import csv
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import polars as pl
import pytest

from gazetteers import Gazetteer, Provenance, fold
from gazetteers.loaders import (
    LoaderError,
    SpellingRestorer,
    dismed,
    ine,
    load_table,
    ministry,
    natural_order,
)
from gazetteers.loaders.casing import proper_case

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
INE, DISMED, MINISTRY = DATA / "ine", DATA / "dismed", DATA / "ministerio"


def need(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"real data not found: {path}")
    return path


def csv_rows(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.reader(f))


def ine_data_rows(path: Path) -> list[list[str]]:
    """INE CSV rows whose first cell is a rank (the data rows, not titles or header)."""
    return [r for r in csv_rows(path) if r and r[0].strip().isdigit()]


def xlsx_rows(path: Path, sheet: str) -> list[list[str]]:
    """The cell texts of one sheet, read from the xlsx XML (no spreadsheet library involved)."""
    ns = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
          "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships"}
    with zipfile.ZipFile(path) as z:
        book = ElementTree.fromstring(z.read("xl/workbook.xml"))
        rid = next(s.get(f"{{{ns['r']}}}id") for s in book.iter(f"{{{ns['m']}}}sheet") if s.get("name") == sheet)
        rels = ElementTree.fromstring(z.read("xl/_rels/workbook.xml.rels"))
        target = next(r.get("Target") for r in rels if r.get("Id") == rid).lstrip("/")
        target = target if target.startswith("xl/") else f"xl/{target}"
        shared = []
        if "xl/sharedStrings.xml" in z.namelist():
            for si in ElementTree.fromstring(z.read("xl/sharedStrings.xml")).iter(f"{{{ns['m']}}}si"):
                shared.append("".join(t.text or "" for t in si.iter(f"{{{ns['m']}}}t")))
        rows = []
        for row in ElementTree.fromstring(z.read(target)).iter(f"{{{ns['m']}}}row"):
            cells = []
            for c in row.iter(f"{{{ns['m']}}}c"):
                v = c.find("m:v", ns)
                text = "".join(t.text or "" for t in c.iter(f"{{{ns['m']}}}t")) if v is None else (v.text or "")
                cells.append(shared[int(text)] if c.get("t") == "s" else text)
            if any(x.strip() for x in cells):
                rows.append(cells)
        return rows


# --- INE ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def first_names() -> Gazetteer:
    return ine.first_names(need(INE / "nombres_hombres_2021.csv"), need(INE / "nombres_mujeres_2021.csv"))


def test_ine_first_names_row_counts_and_weights(first_names: Gazetteer) -> None:
    men = ine_data_rows(INE / "nombres_hombres_2021.csv")
    women = ine_data_rows(INE / "nombres_mujeres_2021.csv")
    frame = first_names.frame
    assert frame.filter(pl.col("sex") == "M").height == len(men)
    assert frame.filter(pl.col("sex") == "F").height == len(women)
    assert frame["weight"].filter(frame["sex"] == "M").sum() == sum(int(r[2]) for r in men)
    assert set(frame.columns) >= {"value", "weight", "sex"}
    assert first_names.provenance.licence and "INE" in first_names.provenance.source


def test_ine_first_names_are_title_cased_and_match_the_file(first_names: Gazetteer) -> None:
    women = ine_data_rows(INE / "nombres_mujeres_2021.csv")
    values = first_names.frame.filter(pl.col("sex") == "F")["value"].to_list()
    assert [fold(v) for v in values[:100]] == [fold(r[1]) for r in women[:100]]
    assert values[0] == "Maria Carmen"
    assert "Maria Angeles" in values  # INE drops particles: "MARIA ANGELES"


def test_ine_first_names_with_spellings_restore_accents() -> None:
    restorer = SpellingRestorer(["José", "María", "Ángeles", "Jesús"])
    gaz = ine.first_names(need(INE / "nombres_hombres_2021.csv"), need(INE / "nombres_mujeres_2021.csv"),
                          spellings=restorer)
    values = set(gaz.values)
    assert {"José", "María", "María José", "María Ángeles", "José María", "Jesús"} <= values


@pytest.fixture(scope="module")
def surnames() -> Gazetteer:
    return ine.surnames(need(INE / "apellidos_frecuencia_2021_min100.csv"),
                        need(INE / "apellidos_frecuencia_2021_20a99.csv"))


def test_ine_surnames_row_counts_and_weights(surnames: Gazetteer) -> None:
    rows = (ine_data_rows(INE / "apellidos_frecuencia_2021_min100.csv")
            + ine_data_rows(INE / "apellidos_frecuencia_2021_20a99.csv"))
    frame = surnames.frame
    assert frame.height == len(rows)

    def count(cell: str) -> int:
        return 0 if cell.strip() == ".." else int(cell)

    assert frame["weight_first"].sum() == sum(count(r[2]) for r in rows)
    assert frame["weight_second"].sum() == sum(count(r[3]) for r in rows)
    assert frame["weight_both"].sum() == sum(count(r[4]) for r in rows)
    garcia = frame.row(by_predicate=pl.col("value") == "Garcia", named=True)
    assert (garcia["weight_first"], garcia["weight_second"], garcia["weight_both"]) == (1455085, 1474331, 77030)
    assert garcia["weight"] == garcia["weight_first"] + garcia["weight_second"]


def test_ine_surnames_keep_particles_lower_case(surnames: Gazetteer) -> None:
    values = set(surnames.values)
    assert {"de la Fuente", "del Rio", "San Jose", "O'Brien", "da Silva", "de los Santos"} <= values


def test_ine_surname_in_two_files_is_an_error(tmp_path: Path) -> None:
    src = need(INE / "apellidos_frecuencia_2021_min100.csv")
    with pytest.raises(LoaderError, match="GARCIA"):
        ine.surnames(src, src)


@pytest.fixture(scope="module")
def municipalities() -> Gazetteer:
    return ine.municipalities(need(INE / "pobmun24.xlsx"))


def test_ine_municipalities_row_counts(municipalities: Gazetteer) -> None:
    rows = xlsx_rows(INE / "pobmun24.xlsx", "dic24")
    header = next(i for i, r in enumerate(rows) if r[:1] == ["CPRO"])
    data = rows[header + 1:]
    assert municipalities.frame.height == len(data) == 8132
    assert municipalities.frame["weight"].sum() == sum(int(float(r[4])) for r in data)
    assert municipalities.frame["province_code"].n_unique() == 52
    assert municipalities.provenance.reference_date == "2024-01-01"


def test_ine_municipalities_natural_order_and_codes(municipalities: Gazetteer) -> None:
    by_code = dict(zip(municipalities.frame["code"], municipalities.frame["value"]))
    assert by_code["15030"] == "A Coruña"
    assert by_code["28127"] == "Las Rozas de Madrid"
    assert by_code["01001"] == "Alegría-Dulantzi"
    assert all(len(c) == 2 and c.isdigit() for c in municipalities.frame["province_code"])
    provinces = set(municipalities.frame["province"])
    assert {"A Coruña", "Illes Balears", "Las Palmas", "La Rioja"} <= provinces
    assert not any(re.search(r", (La|El|Los|Las|A|O)$", v) for v in municipalities.values)


@pytest.mark.parametrize("ine_name, natural", [
    ("Coruña, A", "A Coruña"),
    ("Rozas de Madrid, Las", "Las Rozas de Madrid"),
    ("Alfàs del Pi, l'", "l'Alfàs del Pi"),
    ("Pinós, el/Pinoso", "el Pinós/Pinoso"),
    ("Balears, Illes", "Illes Balears"),
    ("Madrid", "Madrid"),
    ("Castell-Platja d'Aro, Platja d'Aro i s'Agaró", "Castell-Platja d'Aro, Platja d'Aro i s'Agaró"),
])
def test_natural_order(ine_name: str, natural: str) -> None:
    assert natural_order(ine_name) == natural


def test_ine_postal_codes_drop_junk() -> None:
    path = need(INE / "codigos_postales_municipios.csv")
    rows = csv_rows(path)[1:]

    def valid(code: str, mun: str) -> bool:
        return len(code) == 5 and code.isdigit() and 1 <= int(code[:2]) <= 52 and code[:2] == mun[:2]

    kept = [r for r in rows if valid(r[0], r[1])]
    assert len(rows) - len(kept) == 52  # the junk rows the data README announces
    gaz = ine.postal_codes(path)
    assert gaz.frame.height == len(kept)
    assert "00043" not in set(gaz.values)
    assert gaz.values[0] == "01001"  # a string: the leading zero is kept
    assert (gaz.frame["value"].str.slice(0, 2) == gaz.frame["province_code"]).all()

    flagged = ine.postal_codes(path, junk="flag")
    assert flagged.frame.height == len(rows)
    assert (~flagged.frame["valid"]).sum() == len(rows) - len(kept)
    assert flagged.frame.filter(pl.col("value") == "00043")["valid"].to_list() == [False]


# --- DiSMed ------------------------------------------------------------------------------------------

def _cp_ok(cell: str) -> bool:
    cell = cell.strip()
    return bool(re.fullmatch(r"\d{4,5}", cell)) and 1 <= int(cell.zfill(5)[:2]) <= 52


@pytest.mark.parametrize("name, file, cp_column", [
    ("first_names", "names.csv", None),
    ("surnames", "surnames.csv", None),
    ("municipalities", "PoblacionMunicipios.csv", None),
    ("hospitals", "hospitals.csv", "CODPOSTAL"),
    ("health_centres", "CentrosSalud.csv", "CP"),
    ("addresses", "address.csv", "dir_cp"),
])
def test_dismed_row_counts(name: str, file: str, cp_column: str | None) -> None:
    path = need(DISMED / file)
    header, *rows = csv_rows(path)
    expected = rows if cp_column is None else [r for r in rows if _cp_ok(r[header.index(cp_column)])]
    _, load = dismed.FILES[name]
    gaz = load(path)
    assert gaz.frame.height == len(expected)
    assert gaz.provenance.licence == "MIT"
    if cp_column is not None:
        codes = gaz.frame["postal_code"]
        assert codes.str.contains(r"^\d{5}$").all()
        assert codes.to_list() == [r[header.index(cp_column)].strip().zfill(5) for r in expected]


def test_dismed_postal_codes_get_their_leading_zero_back() -> None:
    gaz = dismed.hospitals(need(DISMED / "hospitals.csv"))
    first = gaz.frame.row(0, named=True)
    assert first["postal_code"] == "01009"  # DiSMed wrote 1009
    assert first["value"] == "Hospital Universitario de Araba"


def test_dismed_junk_postal_code_raises_when_asked() -> None:
    path = need(DISMED / "address.csv")
    header, *rows = csv_rows(path)
    first_bad = next(i for i, r in enumerate(rows) if not _cp_ok(r[header.index("dir_cp")]))
    with pytest.raises(LoaderError) as err:
        dismed.addresses(path, junk="raise")
    assert str(path) in str(err.value)
    assert err.value.line == first_bad + 2  # 1-based, after the header line


def test_dismed_load_directory_finds_every_table() -> None:
    tables = dismed.load_directory(need(DISMED))
    assert set(tables) == set(dismed.FILES)
    centre_kinds = set(tables["health_centres"].frame["facility_class"])
    assert centre_kinds == {"health_centre", "surgery"}


# --- Ministry ----------------------------------------------------------------------------------------

def test_cnh_hospitals_row_count_and_no_contact_data() -> None:
    path = need(MINISTRY / "CNH_2024.xlsx")
    rows = xlsx_rows(path, "DIRECTORIO DE HOSPITALES")
    header, data = rows[0], rows[1:]
    gaz = ministry.hospitals(path)
    assert gaz.frame.height == len(data) == 840
    assert set(gaz.frame["value"]) == {r[header.index("Nombre Centro")].strip() for r in data}
    for column in ("Teléfono", "Email", "Dirección"):
        assert column not in gaz.frame.columns
    # No cell of the gazetteer holds a phone number or an e-mail address from the catalogue.
    phones = {r[header.index("Teléfono")].strip() for r in data} - {""}
    emails = {r[header.index("Email")].strip() for r in data if len(r) > header.index("Email")} - {""}
    cells = {str(c) for col in gaz.frame.columns for c in gaz.frame[col].to_list() if c is not None}
    assert emails and phones
    assert not cells & (phones | emails)
    assert not any("@" in c for c in cells)


def test_cnh_hospitals_attributes() -> None:
    gaz = ministry.hospitals(need(MINISTRY / "CNH_2024.xlsx"))
    row = gaz.frame.row(0, named=True)
    assert row["municipality_code"] == "31097" and row["province_code"] == "31"
    assert set(gaz.frame["cnh_class"]) == {"C11", "C12", "C13", "C14", "C190"}
    assert gaz.frame["postal_code"].str.contains(r"^\d{5}$").all()
    draws = gaz.sampler(cnh_class="C14").draw_many(np.random.default_rng(0), 20)
    mental = set(gaz.frame.filter(pl.col("cnh_class") == "C14")["value"])
    assert set(draws) <= mental


# --- generic tables ----------------------------------------------------------------------------------

def test_load_table_csv_with_mapping_keeps_leading_zeros(tmp_path: Path) -> None:
    path = tmp_path / "towns.csv"
    path.write_text("NOMBRE,POB,CPRO,EXTRA\nÁvila,58000,05,x\nCádiz,110000,11,y\n", encoding="utf-8")
    prov = Provenance(source="test", licence="CC0")
    gaz = load_table(path, value="NOMBRE", weight="POB", columns={"province_code": "CPRO"},
                     name="towns", provenance=prov)
    assert gaz.name == "towns" and gaz.provenance is prov
    assert gaz.frame.columns == ["value", "weight", "province_code"]
    assert gaz.frame["province_code"].to_list() == ["05", "11"]
    assert gaz.frame["weight"].to_list() == [58000.0, 110000.0]


def test_load_table_tsv_and_parquet_agree(tmp_path: Path) -> None:
    tsv = tmp_path / "names.tsv"
    tsv.write_text("nombre\tsexo\tn\nAna\tF\t3\nLuis\tM\t5\n", encoding="utf-8")
    pq = tmp_path / "names.parquet"
    pl.DataFrame({"nombre": ["Ana", "Luis"], "sexo": ["F", "M"], "n": [3, 5]}).write_parquet(pq)
    a = load_table(tsv, value="nombre", weight="n", columns={"sex": "sexo"})
    b = load_table(pq, value="nombre", weight="n", columns={"sex": "sexo"})
    assert a.frame.to_dicts() == b.frame.to_dicts()
    assert a.name == "names" and "names.tsv" in a.provenance.source


def test_load_table_without_weight_is_uniform(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("v,kind\na,x\nb,y\n", encoding="utf-8")
    gaz = load_table(path, value="v", columns=["kind"])
    assert gaz.frame["weight"].to_list() == [1.0, 1.0]
    assert gaz.frame["kind"].to_list() == ["x", "y"]


@pytest.mark.parametrize("content, message, line", [
    ("v,w\na,1\nb,x\n", "'x' is not a non-negative number", 3),
    ("v,w\na,1\nb,-2\n", "not a non-negative number", 3),
    ("v,w\na,1\n,2\n", "'v' is empty", 3),
    ("name,w\na,1\n", "missing column", None),
])
def test_load_table_errors_name_file_and_line(tmp_path: Path, content: str, message: str, line: int | None) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(LoaderError, match=message) as err:
        load_table(path, value="v", weight="w")
    assert err.value.path == str(path) and err.value.line == line
    assert str(err.value).startswith(f"{path}:{line}:" if line else f"{path}:")


def test_load_table_missing_file_names_it(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="nope.csv"):
        load_table(tmp_path / "nope.csv", value="v")


def test_load_table_unreadable_parquet_is_a_loader_error(tmp_path: Path) -> None:
    path = tmp_path / "x.parquet"
    path.write_bytes(b"not parquet at all")
    with pytest.raises(LoaderError, match="x.parquet"):
        load_table(path, value="v")


# --- malformed official files ------------------------------------------------------------------------

INE_NAMES_HEAD = (
    '"Frecuencias de nombres masculinos",,,\n,,,\n'
    'Orden,Nombre,Frecuencia,"Edad Media (*)"\n'
)


def test_ine_names_bad_count_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "nombres.csv"
    path.write_text(INE_NAMES_HEAD + '1,ANTONIO,640854,"57,1"\n2,MANUEL,muchos,"55,7"\n', encoding="utf-8")
    with pytest.raises(LoaderError, match="muchos") as err:
        ine.first_names_one_sex(path, "M")
    assert err.value.line == 5 and err.value.path == str(path)


def test_ine_names_without_header_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "nombres.csv"
    path.write_text("Nombre,Frecuencia\nANTONIO,1\n", encoding="utf-8")
    with pytest.raises(LoaderError, match="no INE header row"):
        ine.first_names_one_sex(path, "M")


def test_ine_names_footnotes_after_the_data_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "nombres.csv"
    path.write_text(INE_NAMES_HEAD + '1,ANTONIO,640854,"57,1"\n2,MANUEL,562798,"55,7"\n'
                    '"Fuente: INE",,,\n', encoding="utf-8")
    frame = ine.first_names_one_sex(path, "M")
    assert frame["value"].to_list() == ["Antonio", "Manuel"]
    assert frame["mean_age"].to_list() == [57.1, 55.7]


def test_ine_postal_codes_bad_municipality_code(tmp_path: Path) -> None:
    path = tmp_path / "cp.csv"
    path.write_text("codigo_postal,municipio_id,municipio_nombre\n01001,01059,Vitoria-Gasteiz\n01002,1059,X\n",
                    encoding="utf-8")
    with pytest.raises(LoaderError, match="municipio_id") as err:
        ine.postal_codes(path)
    assert err.value.line == 3


def test_xlsx_without_expected_header_is_an_error(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    path = tmp_path / "pob.xlsx"
    book = openpyxl.Workbook()
    book.active.append(["Cifras"])
    book.active.append(["A", "B", "C"])
    book.save(path)
    with pytest.raises(LoaderError, match="CPRO") as err:
        ine.municipalities(path)
    assert "pob.xlsx" in str(err.value)


# --- casing ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("raw, surname, cased", [
    ("MARIA DEL CARMEN", False, "Maria del Carmen"),
    ("MARIA DE LOS ANGELES", False, "Maria de los Angeles"),
    ("DE LA FUENTE", True, "de la Fuente"),
    ("EL FADLI", True, "El Fadli"),
    ("O'BRIEN", True, "O'Brien"),
    ("HOSPITAL LA PAZ", False, "Hospital La Paz"),
    ("SANT JOAN DE L'HEURA", False, "Sant Joan de l'Heura"),
])
def test_proper_case(raw: str, surname: bool, cased: str) -> None:
    assert proper_case(raw, surname=surname) == cased


def test_proper_case_keeps_roman_numerals_when_asked() -> None:
    assert proper_case("HOSPITAL JUAN XXIII", keep_roman=True) == "Hospital Juan XXIII"


def test_spelling_restorer_keeps_case_pattern() -> None:
    restorer = SpellingRestorer(["María", "Ángeles", "Núñez", "Maria"])
    assert restorer.restore("Maria de los Angeles") == "María de los Ángeles"
    assert restorer.restore("NUÑEZ") == "NÚÑEZ"
    assert restorer.restore("Xyzzy") == "Xyzzy"


@pytest.mark.parametrize("content, line", [
    (b"v,w\na,1\nb,2,extra\nc,3\n", 3),          # a row with more fields than the header
    (b"v,w\na,1\nb,2\n\xff\xfe,3\n", 4),           # not UTF-8
])
def test_unreadable_text_names_file_and_line(tmp_path: Path, content: bytes, line: int) -> None:
    path = tmp_path / "broken.csv"
    path.write_bytes(content)
    with pytest.raises(LoaderError) as err:
        load_table(path, value="v", weight="w")
    assert err.value.path == str(path) and err.value.line == line
