"""Label schemas: which replacer kind handles each annotation label.

Built-in schemas are TOML files next to this module (``meddocan``, ``galen``, ``dismed``). A user schema
is a TOML or JSON file of the same shape::

    name = "my-schema"
    [labels.PATIENT]
    kind = "person_name"        # a registered replacer kind
    tag = "NOMBRE"              # placeholder for the tag profile (default: the label)
    options = { role = "patient" }
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Mapping

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

BUILTIN_DIR = Path(__file__).resolve().parent


class SchemaError(ValueError):
    """A schema file that cannot be used (the message names the file)."""


@dataclass(frozen=True)
class LabelSpec:
    kind: str
    tag: str
    options: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class LabelSchema:
    name: str
    labels: Mapping[str, LabelSpec]

    def spec(self, label: str) -> LabelSpec | None:
        return self.labels.get(label)

    def kind_of(self, label: str) -> str | None:
        spec = self.labels.get(label)
        return spec.kind if spec else None


def builtin_schemas() -> list[str]:
    return sorted(p.stem for p in BUILTIN_DIR.glob("*.toml"))


def load_schema(name_or_path: str | Path) -> LabelSchema:
    """A built-in schema by name, or a user TOML/JSON file by path."""
    path = Path(name_or_path)
    if not path.suffix and (BUILTIN_DIR / f"{name_or_path}.toml").exists():
        path = BUILTIN_DIR / f"{name_or_path}.toml"
    if not path.exists():
        raise SchemaError(f"no schema named {str(name_or_path)!r}: not one of {builtin_schemas()} and no such file")
    try:
        raw = path.read_text(encoding="utf-8")
        data = json.loads(raw) if path.suffix == ".json" else tomllib.loads(raw)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise SchemaError(f"{path}: cannot parse schema ({exc})") from None
    return schema_from_mapping(data, source=str(path))


@lru_cache(maxsize=None)
def _builtin(name: str) -> LabelSchema:
    return load_schema(name)


@lru_cache(maxsize=1)
def _builtin_names() -> frozenset[str]:
    return frozenset(builtin_schemas())


def as_schema(schema: LabelSchema | str | Path) -> LabelSchema:
    """``schema`` itself, or the schema it names; built-in schemas are parsed once per process."""
    if isinstance(schema, LabelSchema):
        return schema
    if isinstance(schema, str) and schema in _builtin_names():
        return _builtin(schema)
    return load_schema(schema)


def schema_from_mapping(data: Mapping[str, object], source: str = "<mapping>") -> LabelSchema:
    labels = data.get("labels")
    if not isinstance(labels, Mapping) or not labels:
        raise SchemaError(f"{source}: a schema needs a non-empty [labels] table")
    specs: dict[str, LabelSpec] = {}
    for label, entry in labels.items():
        if isinstance(entry, str):
            entry = {"kind": entry}
        if not isinstance(entry, Mapping) or not isinstance(entry.get("kind"), str):
            raise SchemaError(f"{source}: label {label!r} needs a 'kind'")
        specs[label] = LabelSpec(
            kind=entry["kind"], tag=str(entry.get("tag", label)), options=dict(entry.get("options", {}))
        )
    return LabelSchema(name=str(data.get("name", Path(source).stem)), labels=specs)
