"""Translating span labels between label schemas (MEDDOCAN → Galén, MEDDOCAN → DisMed).

Backends and the evaluation speak MEDDOCAN natively; a user who works with the 8 Galén types or the
DisMed types asks for ``--schema galen`` and gets spans (or scores) in that schema. Labels with no
counterpart (ages, sex, dates in Galén, ...) are dropped: the target schema does not annotate them.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..model import Span
from ..schemas import LabelSchema, as_schema
from .base import BackendError

# Galén (Moreno-Barea et al.) has 8 types and no dates, ages, sex, kinship or professions.
MEDDOCAN_TO_GALEN: Mapping[str, str] = {
    "NOMBRE_SUJETO_ASISTENCIA": "PERSON",
    "NOMBRE_PERSONAL_SANITARIO": "PERSON",
    "CALLE": "ADDRESS",
    "TERRITORIO": "LOCATION",
    "PAIS": "LOCATION",
    "HOSPITAL": "CENTER",
    "CENTRO_SALUD": "CENTER",
    "INSTITUCION": "CENTER",
    "NUMERO_TELEFONO": "CONTACT",
    "NUMERO_FAX": "CONTACT",
    "CORREO_ELECTRONICO": "CONTACT",
    "URL_WEB": "CONTACT",
    "DIREC_PROT_INTERNET": "CONTACT",
    "ID_SUJETO_ASISTENCIA": "HISTORY",  # the clinical history number (NHC)
    "ID_CONTACTO_ASISTENCIAL": "REFERENCE",  # episode / admission reference
    "ID_ASEGURAMIENTO": "IDENT",
    "ID_TITULACION_PERSONAL_SANITARIO": "IDENT",
    "ID_EMPLEO_PERSONAL_SANITARIO": "IDENT",
    "NUMERO_BENEF_PLAN_SALUD": "IDENT",
    "IDENTIF_VEHICULOS_NRSERIE_PLACAS": "IDENT",
    "IDENTIF_DISPOSITIVOS_NRSERIE": "IDENT",
    "IDENTIF_BIOMETRICOS": "IDENT",
    "OTRO_NUMERO_IDENTIF": "IDENT",
}

# DisMed (Pérez-Díez et al.) puts every identifying number or code, contacts included, in NUM.
MEDDOCAN_TO_DISMED: Mapping[str, str] = {
    "NOMBRE_SUJETO_ASISTENCIA": "NAME",
    "NOMBRE_PERSONAL_SANITARIO": "NAME",
    "CALLE": "DIR",
    "TERRITORIO": "LOC",
    "PAIS": "LOC",
    "FECHAS": "FECHA",
    "HOSPITAL": "INST",
    "CENTRO_SALUD": "INST",
    "INSTITUCION": "INST",
    **{
        label: "NUM"
        for label in (
            "NUMERO_TELEFONO", "NUMERO_FAX", "CORREO_ELECTRONICO", "URL_WEB", "DIREC_PROT_INTERNET",
            "ID_SUJETO_ASISTENCIA", "ID_CONTACTO_ASISTENCIAL", "ID_ASEGURAMIENTO",
            "ID_TITULACION_PERSONAL_SANITARIO", "ID_EMPLEO_PERSONAL_SANITARIO", "NUMERO_BENEF_PLAN_SALUD",
            "IDENTIF_VEHICULOS_NRSERIE_PLACAS", "IDENTIF_DISPOSITIVOS_NRSERIE", "IDENTIF_BIOMETRICOS",
            "OTRO_NUMERO_IDENTIF",
        )
    },
}

BUILTIN_MAPS: Mapping[tuple[str, str], Mapping[str, str]] = {
    ("meddocan", "galen"): MEDDOCAN_TO_GALEN,
    ("meddocan", "dismed"): MEDDOCAN_TO_DISMED,
}


class LabelMapper:
    """Maps labels of ``source`` onto ``target``; ``None`` from :meth:`map` means "not in the target"."""

    def __init__(self, source: str, target: str, table: Mapping[str, str] | None) -> None:
        self.source, self.target = source, target
        self._table = table  # None = identity

    @property
    def is_identity(self) -> bool:
        return self._table is None

    def map(self, label: str) -> str | None:
        return label if self._table is None else self._table.get(label)

    def map_spans(self, spans: Sequence[Span]) -> list[Span]:
        """Relabel and renumber spans, dropping the ones the target schema does not annotate."""
        if self._table is None:
            return list(spans)
        out = []
        for sp in spans:
            label = self._table.get(sp.label)
            if label is not None:
                out.append(Span.from_fragments(f"T{len(out) + 1}", label, sp.fragments))
        return out


def _schema(name_or_schema: str | LabelSchema) -> LabelSchema:
    return as_schema(name_or_schema)


def label_mapper(source: str | LabelSchema, target: str | LabelSchema) -> LabelMapper:
    """How to express ``source`` labels in ``target``: identity, a built-in table, or an error.

    A user schema is accepted as a target when it declares every source label (identity).
    """
    if isinstance(source, str) and isinstance(target, str) and source == target:
        return LabelMapper(source, target, None)
    src, dst = _schema(source), _schema(target)
    if src.name == dst.name or set(src.labels) <= set(dst.labels):
        return LabelMapper(src.name, dst.name, None)
    table = BUILTIN_MAPS.get((src.name, dst.name))
    if table is None:
        raise BackendError(
            f"labels of schema {src.name!r} cannot be expressed in schema {dst.name!r} "
            f"(known translations: {', '.join(f'{a}->{b}' for a, b in BUILTIN_MAPS)})"
        )
    return LabelMapper(src.name, dst.name, table)
