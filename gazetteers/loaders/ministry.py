"""Loader for the Ministry of Health's Catálogo Nacional de Hospitales (``CNH_2024.xlsx``).

The catalogue holds real institutional phone numbers, e-mail addresses and street addresses. They are
dropped on load and never reach the gazetteer, so no sampler can emit them as a surrogate.
"""
from __future__ import annotations

from pathlib import Path

import polars as pl

from ..table import Gazetteer, Provenance
from .generic import existing, header_at, parse_counts, read_sheet, require_values
from .ine import natural_order

SHEET = "DIRECTORIO DE HOSPITALES"
CNH_LICENCE = "Ministerio de Sanidad: public catalogue, reuse citing the source"
CNH_URL = "https://www.sanidad.gob.es/ciudadanos/prestaciones/centrosServiciosSNS/hospitales/home.htm"

# File column → gazetteer column. Anything not listed (Teléfono, Email, Dirección, ...) is dropped.
_KEEP = {
    "Nombre Centro": "value",
    "CODCNH": "cnh_code",
    "Cód. Clase de Centro": "cnh_class",
    "Clase de Centro": "hospital_class",
    "Dependencia Funcional": "dependency",
    "Municipio": "municipality",
    "Cód. Municipio": "municipality_code",
    "Provincia": "province",
    "Cód. Provincia": "province_code",
    "CCAA": "community",
    "Código Postal": "postal_code",
    "Nombre del Complejo": "complex",
}
NEVER_EXPOSED = ("Teléfono", "Email", "Dirección")


def hospitals(path: str | Path, *, sheet: str = SHEET, reference_date: str = "2024") -> Gazetteer:
    """CNH hospitals: value (name), cnh_code, cnh_class ("C11"...), hospital_class, dependency,
    municipality, municipality_code (5-digit INE code), province, province_code, community, postal_code,
    complex, beds; uniform weight. Phone, e-mail and street address are never loaded into the table."""
    path = existing(path)
    raw = read_sheet(path, sheet)
    frame, first = header_at(path, raw, ["Nombre Centro", "Clase de Centro", "Municipio", "Provincia"])
    frame = frame.filter(pl.any_horizontal(pl.all().is_not_null()))  # blank rows at the end of the sheet
    require_values(path, frame, "Nombre Centro", first_line=first)
    present = {src: dst for src, dst in _KEEP.items() if src in frame.columns}
    out = frame.select([pl.col(src).cast(pl.String).str.strip_chars().alias(dst) for src, dst in present.items()])
    if "municipality_code" in out.columns:
        # The CNH appends INE's control digit: "310977" is municipality 31097.
        out = out.with_columns(pl.col("municipality_code").str.slice(0, 5))
    if "province_code" in out.columns:
        out = out.with_columns(pl.col("province_code").str.zfill(2))
    for col in ("municipality", "province"):
        if col in out.columns:
            out = out.with_columns(pl.col(col).map_elements(natural_order, return_dtype=pl.String))
    if "CAMAS" in frame.columns:
        out = out.with_columns(
            parse_counts(path, frame.with_columns(pl.col("CAMAS").fill_null("0")), "CAMAS",
                         first_line=first, dtype=pl.Int64).alias("beds"))
    return Gazetteer("hospitals", out, Provenance(
        source=f"Ministerio de Sanidad, Catálogo Nacional de Hospitales: {path.name}",
        reference_date=reference_date, licence=CNH_LICENCE, url=CNH_URL,
    ))
