"""Real hospitals (Catálogo Nacional de Hospitales 2024) and health centres (DiSMed) by province.

Only the name, the class, the dependency, the municipality and the province are read: the catalogue's
phones, e-mails, addresses and bed counts never enter a table. Names are tidied the way reports write them
("Hospital Universitario Virgen de La Arrixaca" → "… de la Arrixaca", "Clinica" → "Clínica"); a catalogue
row whose name carries a company suffix, a dash or a bracket ("Clínica La Luz, S.L.", "Fundacio Puigvert -
Iuna") is left out, since no report names a hospital that way. Complex names ("Complejo Hospitalario
Universitario de Albacete") become rows of their own, in the province of their first member hospital.

``category`` is what the facility replacer keeps: university, general, clinic (a private general hospital
called Clínica/Policlínica/Sanatorio/Centro Médico), mental_health, long_stay, specialised, other.
"""
from __future__ import annotations

import csv
import re
from pathlib import Path

import polars as pl

from ..text import fold
from .places import front_article

SHARED_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
CNH_PATH = SHARED_DATA / "ministerio" / "CNH_2024.xlsx"
DISMED_CENTRES = SHARED_DATA / "dismed" / "CentrosSalud.csv"

CNH_CLASSES = {"C11": "general", "C12": "specialised", "C13": "long_stay", "C14": "mental_health",
               "C190": "other"}
#: CNH "Cód. Dep. Funcional" → dependency: public bodies 1–8, then private, mutual insurers, NGOs
DEPENDENCIES = {"20": "private", "21": "mutual", "22": "ngo"}
_CLINIC_HEADS = ("clinica", "policlinica", "sanatorio", "centro medico")
_COMPANY = re.compile(r",|\(|\)| - |\bS\.?L\.?U?\.?$|\bS\.?A\.?$|\bSlu?\b|\.$|\bGrupo\b", re.I)
_ACCENTS = {"Clinica": "Clínica", "Clinico": "Clínico", "Medico": "Médico", "Rio": "Río",
            "Psiquiatrico": "Psiquiátrico", "Psiquiatrica": "Psiquiátrica", "Policlinica": "Policlínica",
            "Quironsalud": "Quirónsalud", "Maria": "María", "Jose": "José", "Angeles": "Ángeles",
            "Geriatrico": "Geriátrico", "Catala": "Català", "Catalá": "Català", "Deu": "Déu", "Hm": "HM",
            "Publico": "Público", "Publica": "Pública"}
_LOWER_AFTER_DE = frozenset({"La", "Las", "Los", "El", "Les", "Els"})
_LOWER = frozenset({"De", "Del", "Y", "I", "E", "Do", "Da", "Dos", "Das"})


def tidy_name(name: str) -> str:
    """CNH/DiSMed capitalisation as reports write it: connectors in lower case, accents restored."""
    words = re.sub(r"\s+", " ", name.replace(" - Infantil", "-Infantil")).strip().split(" ")
    out: list[str] = []
    for i, w in enumerate(words):
        w = _ACCENTS.get(w, w)
        prev = out[-1] if out else ""
        if i and (w in _LOWER or (w in _LOWER_AFTER_DE and prev in ("de", "De"))):
            w = w.lower()
        elif i and w[:2] in ("D'", "D´") and len(w) > 2:
            w = "d'" + w[2:]
        out.append(w)
    return " ".join(out)


def category(name: str, cnh_class: str, dependency: str) -> str:
    key = fold(name)
    if cnh_class != "general":
        return cnh_class
    if "universit" in key:
        return "university"
    if dependency != "public" and key.startswith(_CLINIC_HEADS):
        return "clinic"
    return "general"


def _read_cnh(path: Path) -> list[tuple[str, ...]]:
    try:
        import openpyxl
    except ImportError as exc:  # the `build` extra
        raise ImportError("reading the hospital catalogue needs openpyxl (pip install 'surrogate[build]')") from exc
    if not path.exists():
        raise ValueError(f"hospital catalogue not found: {path}")
    book = openpyxl.load_workbook(path, read_only=True)
    rows = list(book["DIRECTORIO DE HOSPITALES"].iter_rows(values_only=True))
    book.close()
    header = [str(c) for c in rows[0]]
    col = {name: header.index(name) for name in (
        "Nombre Centro", "Municipio", "Cód. Provincia", "Cód. Clase de Centro", "Cód. Dep. Funcional",
        "Nombre del Complejo")}
    return [tuple("" if r[col[c]] is None else str(r[col[c]]).strip() for c in col) for r in rows[1:]]


def hospitals(path: Path = CNH_PATH) -> pl.DataFrame:
    """value (name), weight 1, province_code, municipality, cnh_class, dependency, category."""
    rows: dict[tuple[str, str], tuple[str, str, str, str]] = {}
    for name, town, prov, cls, dep, complex_name in _read_cnh(path):
        if cls not in CNH_CLASSES:
            raise ValueError(f"CNH: unknown class code {cls!r}")
        dependency = DEPENDENCIES.get(dep, "public")
        municipality = front_article(town.split("/")[0])
        for raw in (name, complex_name):
            if not raw or _COMPANY.search(raw):
                continue
            value = tidy_name(raw)
            key = (fold(value), prov.zfill(2))
            if key not in rows:
                rows[key] = (value, municipality, CNH_CLASSES[cls], dependency)
    ordered = sorted(rows.items(), key=lambda item: (item[0][1], item[0][0]))
    return pl.DataFrame(
        {"value": [v[0] for _, v in ordered], "weight": [1.0] * len(ordered),
         "province_code": [k[1] for k, _ in ordered], "municipality": [v[1] for _, v in ordered],
         "cnh_class": [v[2] for _, v in ordered], "dependency": [v[3] for _, v in ordered],
         "category": [category(v[0], v[2], v[3]) for _, v in ordered]},
        schema={"value": pl.String, "weight": pl.Float64, "province_code": pl.String, "municipality": pl.String,
                "cnh_class": pl.String, "dependency": pl.String, "category": pl.String})


#: village surgeries ("CONSULTORIO LOCAL") stay with the patterns: "Consultorio Local de {municipio}"
_CENTRE_TYPES = {"CENTRO SALUD": ("health_centre", "Centro de Salud")}


def _title(name: str) -> str:
    """DiSMed writes names in capitals: "NICOLÁS SALMERÓN" → "Nicolás Salmerón" (roman numerals kept), and
    "ÁGUILAS/NORTE" → "Águilas/Norte" (it came out "Águilas/norte")."""
    words = []
    for w in name.split():
        if re.fullmatch(r"[IVXL]+", w) and len(w) > 1:
            words.append(w)
        else:
            words.append("-".join("/".join(q[:1].upper() + q[1:].lower() for q in p.split("/")) for p in w.split("-")))
    return tidy_name(" ".join(words))


def health_centres(path: Path = DISMED_CENTRES) -> pl.DataFrame:
    """value ("Centro de Salud Nicolás Salmerón"), weight 1, province_code (from the postal code),
    municipality, centre_type (health_centre)."""
    if not path.exists():
        raise ValueError(f"DiSMed health centres not found: {path}")
    rows: dict[tuple[str, str], tuple[str, str, str]] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for line_no, rec in enumerate(csv.DictReader(handle), start=2):
            kind = _CENTRE_TYPES.get((rec.get("TIPOCENTRO") or "").strip())
            name, cp = (rec.get("NOMBRE") or "").strip(), (rec.get("CP") or "").strip()
            if kind is None or not name or not cp.isdigit():
                continue
            prov = cp.zfill(5)[:2]
            if not "01" <= prov <= "52":
                continue
            value = f"{kind[1]} {_title(name)}"
            if _COMPANY.search(value) or any(c.isdigit() for c in value):
                continue
            key = (fold(value), prov)
            if key not in rows:
                rows[key] = (value, front_article((rec.get("MUNICIPIO") or "").strip()), kind[0])
    ordered = sorted(rows.items())
    return pl.DataFrame(
        {"value": [v[0] for _, v in ordered], "weight": [1.0] * len(ordered),
         "province_code": [k[1] for k, _ in ordered], "municipality": [v[1] for _, v in ordered],
         "centre_type": [v[2] for _, v in ordered]},
        schema={"value": pl.String, "weight": pl.Float64, "province_code": pl.String, "municipality": pl.String,
                "centre_type": pl.String})
