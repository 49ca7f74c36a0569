"""Derive the INE fact tables from the official files: ``python -m gazetteers.build.ine_facts [INE_DIR]``.

Writes two CSV files into ``gazetteers/facts/`` (committed, so rebuilding the gazetteers needs no INE file):

- ``ine_municipalities.csv``: every municipality of ``pobmun24.xlsx`` (INE code, name as INE publishes it,
  population at 1-1-2024). Fuente: INE.
- ``ine_postal_codes.csv``: postal code ↔ municipality code from ``codigos_postales_municipios.csv``
  (INE, electoral street map, PDDL), without the junk rows whose code is not of the municipality's province.

Rows are sorted and written with ``\\n`` line ends, so running it twice gives byte-identical files.
INE_DIR defaults to ``../shared/data/ine`` beside the repository.
"""
from __future__ import annotations

import argparse
import csv
import io
import sys
from pathlib import Path

from ..loaders import ine
from ..loaders.generic import LoaderError
from .facts import FACTS_DIR

DEFAULT_INE_DIR = FACTS_DIR.parent.parent.parent / "shared" / "data" / "ine"
POPULATION_FILE = "pobmun24.xlsx"
POSTAL_FILE = "codigos_postales_municipios.csv"

_MUNICIPALITY_HEADER = """\
# Población de los 8.132 municipios a 1 de enero de 2024 (Fuente: INE, Cifras oficiales de población de los
# municipios españoles: Revisión del Padrón municipal, fichero pobmun24.xlsx). Reutilización con cita de la fuente.
# Generado por python -m gazetteers.build.ine_facts; no editar a mano.
# code: código INE del municipio (provincia + municipio, 5 cifras); name_ine: denominación tal como la publica
# el INE (artículo pospuesto, formas cooficiales separadas por "/"); population: habitantes.
"""
_POSTAL_HEADER = """\
# Códigos postales de cada municipio (Fuente: INE, callejero del censo electoral, fichero
# codigos_postales_municipios.csv; licencia PDDL). Se quitan las filas cuyo código no es de la provincia del
# municipio (00043, 00085...). Generado por python -m gazetteers.build.ine_facts; no editar a mano.
# postal_code: código postal (5 cifras); municipality_code: código INE del municipio (ver ine_municipalities.csv).
"""


def _csv(header: str, columns: list[str], rows: list[tuple]) -> str:
    out = io.StringIO()
    out.write(header)
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows(rows)
    return out.getvalue()


def municipality_rows(ine_dir: Path) -> list[tuple[str, str, int]]:
    frame = ine.municipalities(ine_dir / POPULATION_FILE).frame.sort("code")
    if frame["code"].n_unique() != frame.height:
        raise ValueError(f"{POPULATION_FILE}: a municipality code is listed twice")
    return [(c, n, int(p)) for c, n, p in frame.select("code", "name_ine", "weight").iter_rows()]


def postal_rows(ine_dir: Path, municipality_codes: set[str]) -> list[tuple[str, str]]:
    frame = ine.postal_codes(ine_dir / POSTAL_FILE, junk="drop").frame
    rows = sorted(set(frame.select("value", "municipality_code").iter_rows()))
    unknown = sorted({m for _, m in rows} - municipality_codes)
    if unknown:
        raise ValueError(f"{POSTAL_FILE}: municipality codes not in {POPULATION_FILE}: {unknown[:5]}")
    return rows


def write_facts(ine_dir: Path, out_dir: Path = FACTS_DIR) -> dict[str, int]:
    """Write both fact files; returns the row count of each."""
    municipalities = municipality_rows(ine_dir)
    postal = postal_rows(ine_dir, {c for c, _, _ in municipalities})
    texts = {
        "ine_municipalities": _csv(_MUNICIPALITY_HEADER, ["code", "name_ine", "population"], municipalities),
        "ine_postal_codes": _csv(_POSTAL_HEADER, ["postal_code", "municipality_code"], postal),
    }
    for name, text in texts.items():
        path = out_dir / f"{name}.csv"
        tmp = path.with_suffix(".csv.tmp")
        tmp.write_bytes(text.encode("utf-8"))
        tmp.replace(path)
    return {"ine_municipalities": len(municipalities), "ine_postal_codes": len(postal)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ine_dir", type=Path, nargs="?", default=DEFAULT_INE_DIR,
                        help=f"folder with {POPULATION_FILE} and {POSTAL_FILE} (default {DEFAULT_INE_DIR})")
    parser.add_argument("--out", type=Path, default=FACTS_DIR, help=f"output folder (default {FACTS_DIR})")
    args = parser.parse_args(argv)
    try:
        counts = write_facts(args.ine_dir, args.out)
    except (ValueError, LoaderError, OSError) as exc:
        print(f"ine_facts: {exc}", file=sys.stderr)
        return 1
    for name, n in counts.items():
        print(f"{name}.csv: {n} rows", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
