"""Loaders for the DiSMed randomizer databases (MIT licence), in DiSMed's own CSV layout.

DiSMed stored postal codes as integers, so ``04001`` became ``4001``: every postal code is restored to
five digits here. A few cells are junk (``address.csv`` has ``uel,`` where a code belongs): with
``junk="drop"`` (default) such rows are left out, with ``junk="raise"`` they raise :class:`LoaderError`.
Its names and surnames are INE counts without sex or accents (``JOSE``); they are title-cased by default
(``case="keep"`` leaves them alone).
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Literal

import polars as pl

from ..table import Gazetteer, Provenance
from .casing import proper_case
from .generic import (
    LoaderError,
    existing,
    parse_counts,
    read_text_table,
    require_columns,
    require_values,
)
from .ine import CasePolicy, natural_order

DISMED_LICENCE = "MIT"
DISMED_URL = "https://github.com/PlanTL-GOB-ES/DiSMed"
_FIRST_LINE = 2  # every DiSMed CSV has a one-line header


def _provenance(path: Path, what: str) -> Provenance:
    return Provenance(source=f"DiSMed randomizer database ({what}): {path.name}", licence=DISMED_LICENCE,
                      url=DISMED_URL)


JunkPolicy = Literal["drop", "raise"]


def restore_postal_codes(path: Path, codes: pl.Series, junk: JunkPolicy = "raise") -> pl.Series:
    """``4001`` → ``04001``. A code that is not 4–5 digits with a province prefix (01–52) raises
    :class:`LoaderError` with its line (``junk="raise"``) or becomes null (``junk="drop"``)."""
    text = codes.cast(pl.String).str.strip_chars()
    padded = text.str.zfill(5)
    prefix = padded.str.slice(0, 2).cast(pl.Int32, strict=False)
    ok = (text.str.contains(r"^\d{4,5}$") & (prefix >= 1) & (prefix <= 52)).fill_null(False)
    if not ok.all() and junk == "raise":
        i = int((~ok).arg_true()[0])
        raise LoaderError(path, f"postal code {text[i]!r} is not a Spanish postal code", line=_FIRST_LINE + i)
    return pl.Series("postal_code", [c if k else None for c, k in zip(padded.to_list(), ok.to_list())],
                     dtype=pl.String)


def _drop_junk(frame: pl.DataFrame, junk: JunkPolicy) -> pl.DataFrame:
    return frame.filter(pl.col("postal_code").is_not_null()) if junk == "drop" else frame


def _title(series: pl.Series, case: CasePolicy, *, surname: bool = False, keep_roman: bool = False) -> pl.Series:
    series = series.str.strip_chars()
    if case == "keep":
        return series
    return series.map_elements(lambda s: proper_case(s, surname=surname, keep_roman=keep_roman),
                               return_dtype=pl.String)


def _read(path: str | Path, columns: list[str]) -> tuple[Path, pl.DataFrame]:
    path = existing(path)
    frame = read_text_table(path)
    require_columns(path, frame, columns)
    return path, frame


def names(path: str | Path, *, case: CasePolicy = "title") -> Gazetteer:
    """``names.csv`` (``Nombre,Frecuencia``): value, weight. No sex column: DiSMed merged both lists."""
    path, frame = _read(path, ["Nombre", "Frecuencia"])
    require_values(path, frame, "Nombre", first_line=_FIRST_LINE)
    out = pl.DataFrame({
        "value": _title(frame["Nombre"], case),
        "weight": parse_counts(path, frame, "Frecuencia", first_line=_FIRST_LINE),
    })
    return Gazetteer("first_names", out, _provenance(path, "INE first names, sexes merged"))


def surnames(path: str | Path, *, case: CasePolicy = "title") -> Gazetteer:
    """``surnames.csv`` (``Apellido,Total``): value, weight (first-surname count)."""
    path, frame = _read(path, ["Apellido", "Total"])
    require_values(path, frame, "Apellido", first_line=_FIRST_LINE)
    out = pl.DataFrame({
        "value": _title(frame["Apellido"], case, surname=True),
        "weight": parse_counts(path, frame, "Total", first_line=_FIRST_LINE),
    })
    return Gazetteer("surnames", out, _provenance(path, "INE surnames"))


def municipalities(path: str | Path) -> Gazetteer:
    """``PoblacionMunicipios.csv`` (``NOMBRE,POB19``): value (natural order), name_ine, weight (population 2019).

    DiSMed kept no province, so this table has none (use the INE loader for province-aware sampling).
    """
    path, frame = _read(path, ["NOMBRE", "POB19"])
    require_values(path, frame, "NOMBRE", first_line=_FIRST_LINE)
    raw = frame["NOMBRE"].str.strip_chars()
    out = pl.DataFrame({
        "value": raw.map_elements(natural_order, return_dtype=pl.String),
        "name_ine": raw,
        "weight": parse_counts(path, frame, "POB19", first_line=_FIRST_LINE),
    })
    prov = _provenance(path, "INE municipal population")
    return Gazetteer("municipalities", out, Provenance(prov.source, "2019-01-01", prov.licence, prov.url))


def hospitals(path: str | Path, *, case: CasePolicy = "title", junk: JunkPolicy = "drop") -> Gazetteer:
    """``hospitals.csv``: value (hospital name), address, municipality, province, postal_code; uniform weight."""
    path, frame = _read(path, ["NOMBRE", "DIRECCION", "MUNICIPIOS", "PROVINCIAS", "CODPOSTAL"])
    require_values(path, frame, "NOMBRE", first_line=_FIRST_LINE)
    out = pl.DataFrame({
        "value": _title(frame["NOMBRE"], case, keep_roman=True),
        "facility_class": pl.Series(["hospital"] * frame.height, dtype=pl.String),
        "address": frame["DIRECCION"].str.strip_chars(),
        "municipality": frame["MUNICIPIOS"].str.strip_chars().map_elements(natural_order, return_dtype=pl.String),
        "province": _title(frame["PROVINCIAS"], case),
        "postal_code": restore_postal_codes(path, frame["CODPOSTAL"], junk),
    })
    return Gazetteer("hospitals", _drop_junk(out, junk), _provenance(path, "hospitals"))


_CENTRE_CLASS = {"CENTRO SALUD": "health_centre", "CONSULTORIO LOCAL": "surgery"}


def health_centres(path: str | Path, *, case: CasePolicy = "title", junk: JunkPolicy = "drop") -> Gazetteer:
    """``CentrosSalud.csv``: value (centre name), facility_class ("health_centre" | "surgery"),
    centre_type (as published), address, municipality, province, postal_code; uniform weight."""
    path, frame = _read(path, ["PROVINCIAS", "MUNICIPIO", "TIPOCENTRO", "NOMBRE", "DIRECCION", "CP"])
    require_values(path, frame, "NOMBRE", first_line=_FIRST_LINE)
    kind = frame["TIPOCENTRO"].str.strip_chars()
    out = pl.DataFrame({
        "value": _title(frame["NOMBRE"], case, keep_roman=True),
        "facility_class": kind.replace_strict(_CENTRE_CLASS, default="other", return_dtype=pl.String),
        "centre_type": kind,
        "address": frame["DIRECCION"].str.strip_chars(),
        "municipality": frame["MUNICIPIO"].str.strip_chars().map_elements(natural_order, return_dtype=pl.String),
        "province": _title(frame["PROVINCIAS"], case),
        "postal_code": restore_postal_codes(path, frame["CP"], junk),
    })
    return Gazetteer("health_centres", _drop_junk(out, junk), _provenance(path, "health centres and local surgeries"))


def addresses(path: str | Path, *, case: CasePolicy = "title", junk: JunkPolicy = "drop") -> Gazetteer:
    """``address.csv`` (town-hall addresses): value ("Plaza de España, 3"), street_type, street,
    postal_code, municipality, province; uniform weight.

    The file repeats the ``n_mun`` header; the first one (the full, sometimes bilingual name) is used.
    """
    path, frame = _read(path, ["n_mun", "dir_tipo_via", "Dir_Via", "dir_cp", "N_PROV"])
    require_values(path, frame, "Dir_Via", first_line=_FIRST_LINE)
    street_type = frame["dir_tipo_via"].str.strip_chars().fill_null("")
    street = frame["Dir_Via"].str.strip_chars()
    value = (street_type + " " + street).str.strip_chars()
    out = pl.DataFrame({
        "value": value,
        "street_type": street_type,
        "street": street,
        "postal_code": restore_postal_codes(path, frame["dir_cp"], junk),
        "municipality": frame["n_mun"].str.strip_chars().map_elements(natural_order, return_dtype=pl.String),
        "province": _title(frame["N_PROV"], case),
    })
    return Gazetteer("addresses", _drop_junk(out, junk), _provenance(path, "town-hall addresses"))


FILES: dict[str, tuple[str, Callable[[Path], Gazetteer]]] = {
    "first_names": ("names.csv", names),
    "surnames": ("surnames.csv", surnames),
    "municipalities": ("PoblacionMunicipios.csv", municipalities),
    "hospitals": ("hospitals.csv", hospitals),
    "health_centres": ("CentrosSalud.csv", health_centres),
    "addresses": ("address.csv", addresses),
}


def load_directory(directory: str | Path) -> dict[str, Gazetteer]:
    """Every DiSMed table present in ``directory``, keyed by gazetteer name."""
    d = Path(directory)
    return {name: load(d / file) for name, (file, load) in FILES.items() if (d / file).is_file()}
