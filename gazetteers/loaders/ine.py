"""Loaders for INE's published formats (Fuente: INE).

- first names by sex (``nombres_hombres_2021.csv``, ``nombres_mujeres_2021.csv``);
- surnames (``apellidos_frecuencia_2021_min100.csv``, ``..._20a99.csv``);
- municipal population (``pobmun24.xlsx``);
- postal code ↔ municipality (``codigos_postales_municipios.csv``).

Each returns a :class:`~gazetteers.Gazetteer` with the column contract of the embedded default tables.
"""
from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Literal, Sequence

import polars as pl

from ..table import Gazetteer, Provenance
from .casing import SpellingRestorer, proper_case
from .generic import (
    LoaderError,
    existing,
    header_at,
    parse_counts,
    read_sheet,
    read_text_table,
    require_columns,
    require_values,
)

INE_LICENCE = "INE: reuse permitted citing the source (Fuente: INE)"
INE_URL = "https://www.ine.es"
CasePolicy = Literal["title", "keep"]

# INE postposes articles: "Coruña, A", "Rozas de Madrid, Las", "Alfàs del Pi, l'", "Pinós, el/Pinoso".
# "Illes" is no article, but INE postposes it the same way: "Balears, Illes" → "Illes Balears".
_ARTICLES = frozenset(
    "el la los las lo l' a o os as es sa ses so sos els les s' en na illes".split()
)
_POSTPOSED = re.compile(r"^(?P<base>.+?), (?P<article>[^\s,]+)$")


def natural_order(name: str) -> str:
    """INE's postposed article rendered as people write it: ``Coruña, A`` → ``A Coruña``.

    Bilingual names are handled part by part (``Pinós, el/Pinoso`` → ``el Pinós/Pinoso``); an elided
    article joins without a space (``Alfàs del Pi, l'`` → ``l'Alfàs del Pi``). A comma that is not
    followed by a known article is left alone.
    """
    parts = []
    for part in name.split("/"):
        part = part.strip()
        m = _POSTPOSED.match(part)
        if m and m.group("article").lower() in _ARTICLES:
            article = m.group("article")
            sep = "" if article.endswith("'") else " "
            part = f"{article}{sep}{m.group('base')}"
        parts.append(part)
    return "/".join(parts)


def _ine_csv(path: Path, header_start: str) -> tuple[pl.DataFrame, int]:
    """Skip INE's title lines: find the line starting with ``header_start`` and read from there.

    Returns the frame and the 1-based line of its first data row.
    """
    with path.open(encoding="utf-8", newline="") as f:
        for i, row in enumerate(csv.reader(f)):
            if row and row[0].strip().lstrip("\ufeff") == header_start:
                break
            if i > 50:
                raise LoaderError(path, f"no INE header row starting with {header_start!r} in the first 50 lines")
        else:
            raise LoaderError(path, f"no INE header row starting with {header_start!r}")
    frame = read_text_table(path, skip_rows=i)
    # Footnotes after the data ("Fuente: INE", "(*) ..."): the rank column is then not a number.
    ranks = frame[frame.columns[0]].cast(pl.String).str.strip_chars()
    numeric = ranks.str.contains(r"^\d+$").fill_null(False)
    if not numeric.all():
        first_bad = int((~numeric).arg_true()[0])
        if numeric.slice(first_bad).any():  # a non-numeric rank in the middle of the data
            raise LoaderError(path, f"rank {ranks[first_bad]!r} is not a number", line=i + 2 + first_bad)
        frame = frame.slice(0, first_bad)
    return frame, i + 2


def _cased(values: pl.Series, case: CasePolicy, spellings: SpellingRestorer | None, *, surname: bool) -> pl.Series:
    out = values.str.strip_chars()
    if case == "title":
        out = out.map_elements(lambda s: proper_case(s, surname=surname), return_dtype=pl.String)
    if spellings is not None:
        out = out.map_elements(spellings.restore, return_dtype=pl.String)
    return out.alias("value")


def first_names_one_sex(
    path: str | Path,
    sex: Literal["M", "F"],
    *,
    case: CasePolicy = "title",
    spellings: SpellingRestorer | None = None,
) -> pl.DataFrame:
    """One INE first-name list as a frame: value, weight (people), sex, mean_age (years)."""
    path = existing(path)
    frame, first = _ine_csv(path, "Orden")
    require_columns(path, frame, ["Nombre", "Frecuencia"])
    require_values(path, frame, "Nombre", first_line=first)
    weight = parse_counts(path, frame, "Frecuencia", first_line=first)
    age_col = next((c for c in frame.columns if c.startswith("Edad")), None)
    age = (
        frame[age_col].str.strip_chars().str.replace(",", ".", literal=True).cast(pl.Float64, strict=False)
        if age_col else pl.Series([None] * frame.height, dtype=pl.Float64)
    )
    return pl.DataFrame({
        "value": _cased(frame["Nombre"], case, spellings, surname=False),
        "weight": weight,
        "sex": pl.Series([sex] * frame.height, dtype=pl.String),
        "mean_age": age,
    })


def first_names(
    men: str | Path,
    women: str | Path,
    *,
    case: CasePolicy = "title",
    spellings: SpellingRestorer | None = None,
    reference_date: str = "2021-01-01",
) -> Gazetteer:
    """INE first names of both sexes: value, weight, sex ("M" | "F"), mean_age.

    A name on both lists (Andrea, Cruz, ...) has one row per sex, each with its own count; that is what
    :class:`gazetteers.sex.SexLookup` needs. ``case="title"`` writes ``MARIA DEL CARMEN`` as
    ``Maria del Carmen``; pass ``spellings`` to restore accents (INE publishes none).
    """
    frame = pl.concat([
        first_names_one_sex(men, "M", case=case, spellings=spellings),
        first_names_one_sex(women, "F", case=case, spellings=spellings),
    ])
    return Gazetteer("first_names", frame, Provenance(
        source=f"INE, Estadística del Padrón Continuo: {Path(men).name}, {Path(women).name}",
        reference_date=reference_date, licence=INE_LICENCE, url=INE_URL,
    ))


def surnames(
    *paths: str | Path,
    case: CasePolicy = "title",
    spellings: SpellingRestorer | None = None,
    reference_date: str = "2021-01-01",
) -> Gazetteer:
    """INE surname frequencies from one or more files (e.g. ``..._min100.csv`` and ``..._20a99.csv``).

    Columns: value, weight_first, weight_second, weight_both and weight = weight_first + weight_second
    (how often the surname is written, in either position). INE's ``..`` (count withheld) becomes 0.
    A surname listed in two files raises :class:`LoaderError`.
    """
    if not paths:
        raise TypeError("surnames() needs at least one INE surname file")
    frames = []
    for p in paths:
        path = existing(p)
        frame, first = _ine_csv(path, "Orden")
        # Header: Orden,Apellido,Total,Total,Total under "Apellido 1º","Apellido 2º","Ambos apellidos".
        if frame.width < 5:
            raise LoaderError(path, f"expected 5 columns (Orden, Apellido, 1º, 2º, ambos), found {frame.width}",
                              line=first - 1)
        frame = frame.select(frame.columns[:5])
        frame.columns = ["rank", "name", "first", "second", "both"]
        require_values(path, frame, "name", first_line=first)
        frames.append(pl.DataFrame({
            "value": _cased(frame["name"], case, spellings, surname=True),
            "weight_first": parse_counts(path, frame, "first", first_line=first, suppressed=[".."]),
            "weight_second": parse_counts(path, frame, "second", first_line=first, suppressed=[".."]),
            "weight_both": parse_counts(path, frame, "both", first_line=first, suppressed=[".."]),
            "_raw": frame["name"].str.strip_chars(),
            "_file": pl.Series([str(path)] * frame.height, dtype=pl.String),
        }))
    frame = pl.concat(frames)
    dup = frame["_raw"].is_duplicated()
    if dup.any():
        row = frame.filter(dup).row(0, named=True)
        raise LoaderError(row["_file"], f"surname {row['_raw']!r} is listed in more than one input file")
    frame = frame.drop("_raw", "_file").with_columns(
        (pl.col("weight_first") + pl.col("weight_second")).alias("weight")
    ).select("value", "weight", "weight_first", "weight_second", "weight_both")
    return Gazetteer("surnames", frame, Provenance(
        source="INE, Estadística del Padrón Continuo: " + ", ".join(Path(p).name for p in paths),
        reference_date=reference_date, licence=INE_LICENCE, url=INE_URL,
    ))


_POBMUN_COLUMNS = ("CPRO", "PROVINCIA", "CMUN", "NOMBRE")


def municipalities(
    path: str | Path,
    *,
    sheet: str | int | None = None,
    reference_date: str = "",
) -> Gazetteer:
    """INE municipal population (``pobmun24.xlsx`` and its yearly siblings).

    Columns: value (natural order: ``A Coruña``), name_ine (as published), code (5-digit INE code),
    province_code ("01".."52"), province (natural order), weight (population), men, women.
    The population column is the one named ``POB..``; ``sheet`` defaults to the first sheet.
    """
    path = existing(path)
    raw = read_sheet(path, sheet)
    frame, first = header_at(path, raw, _POBMUN_COLUMNS)
    pop_col = next((c for c in frame.columns if re.fullmatch(r"POB\d{2,4}", c)), None)
    if pop_col is None:
        raise LoaderError(path, f"no population column POByy beside {', '.join(_POBMUN_COLUMNS)}", line=first - 1)
    # Trailing notes or blank rows below the table: stop at the first row without a province code.
    cpro = frame["CPRO"].cast(pl.String).str.strip_chars()
    is_code = cpro.str.contains(r"^\d{1,2}$").fill_null(False)
    if not is_code.all():
        frame = frame.slice(0, int((~is_code).arg_true()[0]))
    require_values(path, frame, "NOMBRE", first_line=first)
    cmun = frame["CMUN"].cast(pl.String).str.strip_chars()
    bad = ~cmun.str.contains(r"^\d{1,3}$").fill_null(False)
    if bad.any():
        i = int(bad.arg_true()[0])
        raise LoaderError(path, f"CMUN {cmun[i]!r} is not a municipality code", line=first + i)
    province_code = frame["CPRO"].str.strip_chars().str.zfill(2)
    names = frame["NOMBRE"].str.strip_chars()
    out = pl.DataFrame({
        "value": names.map_elements(natural_order, return_dtype=pl.String),
        "name_ine": names,
        "code": province_code + cmun.str.zfill(3),
        "province_code": province_code,
        "province": frame["PROVINCIA"].str.strip_chars().map_elements(natural_order, return_dtype=pl.String),
        "weight": parse_counts(path, frame, pop_col, first_line=first),
    })
    for col, alias in (("HOMBRES", "men"), ("MUJERES", "women")):
        if col in frame.columns:
            out = out.with_columns(parse_counts(path, frame, col, first_line=first, dtype=pl.Int64).alias(alias))
    year = pop_col[3:]
    return Gazetteer("municipalities", out, Provenance(
        source=f"INE, Cifras oficiales de población de los municipios españoles: {path.name}",
        reference_date=reference_date or (f"20{year}-01-01" if len(year) == 2 else f"{year}-01-01"),
        licence=INE_LICENCE, url=INE_URL,
    ))


JunkPolicy = Literal["drop", "flag"]


def postal_codes(
    path: str | Path,
    *,
    junk: JunkPolicy = "drop",
    reference_date: str = "2022",
) -> Gazetteer:
    """Postal code ↔ municipality (INE electoral street map: ``codigo_postal,municipio_id,municipio_nombre``).

    Columns: value (5-digit postal code, a string), municipality_code, municipality (natural order),
    province_code; uniform weight. A row is *junk* when its code is not five digits, its prefix is not a
    province (01–52), or its prefix is not the province of its municipality (``00043`` for La Pobla de
    Massaluca, Tarragona). ``junk="drop"`` (default) removes those rows, so every code agrees with its
    town's province; ``junk="flag"`` keeps them with a boolean ``valid`` column. A few real cross-border
    codes (Condado de Treviño, Burgos, is served from Álava's 01xxx) are dropped by that rule too: a
    surrogate must be coherent with its town's province more than it must be exhaustive.
    """
    if junk not in ("drop", "flag"):
        raise ValueError(f"junk must be 'drop' or 'flag', not {junk!r}")
    path = existing(path)
    frame = read_text_table(path)
    require_columns(path, frame, ["codigo_postal", "municipio_id", "municipio_nombre"])
    first = 2
    mun = frame["municipio_id"].str.strip_chars()
    bad = ~mun.str.contains(r"^\d{5}$").fill_null(False)
    if bad.any():
        i = int(bad.arg_true()[0])
        raise LoaderError(path, f"municipio_id {mun[i]!r} is not a 5-digit INE code", line=first + i)
    require_values(path, frame, "codigo_postal", first_line=first)
    code = frame["codigo_postal"].str.strip_chars()
    prefix = code.str.slice(0, 2)
    prefix_num = prefix.cast(pl.Int32, strict=False)
    valid = (
        code.str.contains(r"^\d{5}$").fill_null(False)
        & (prefix_num >= 1).fill_null(False) & (prefix_num <= 52).fill_null(False)
        & (prefix == mun.str.slice(0, 2))
    )
    out = pl.DataFrame({
        "value": code,
        "municipality_code": mun,
        "municipality": frame["municipio_nombre"].str.strip_chars().map_elements(natural_order,
                                                                                 return_dtype=pl.String),
        "province_code": mun.str.slice(0, 2),
        "valid": valid,
    })
    out = out.filter(pl.col("valid")).drop("valid") if junk == "drop" else out
    return Gazetteer("postal_codes", out, Provenance(
        source=f"INE, callejero del censo electoral: {path.name}",
        reference_date=reference_date, licence="PDDL / Fuente: INE", url=INE_URL,
    ))


def load_directory(directory: str | Path) -> dict[str, Gazetteer]:
    """Every INE table found in a directory laid out like ``shared/data/ine``, keyed by gazetteer name."""
    d = Path(directory)
    out: dict[str, Gazetteer] = {}
    men, women = d / "nombres_hombres_2021.csv", d / "nombres_mujeres_2021.csv"
    if men.is_file() and women.is_file():
        out["first_names"] = first_names(men, women)
    surname_files: Sequence[Path] = sorted(d.glob("apellidos_frecuencia_*.csv"))
    if surname_files:
        out["surnames"] = surnames(*surname_files)
    pobmun = sorted(d.glob("pobmun*.xlsx"))
    if pobmun:
        out["municipalities"] = municipalities(pobmun[-1])
    if (d / "codigos_postales_municipios.csv").is_file():
        out["postal_codes"] = postal_codes(d / "codigos_postales_municipios.csv")
    return out
