"""Surrogation of data that already lives in Ray: ``apply``, ``augment`` and ``deid`` on a ``ray.data.Dataset``.

Input rows are records ``{id, text, spans}`` (``{id, text}`` for ``deid``), for instance from
``ray.data.read_json`` or ``ray.data.read_parquet``; each function returns a lazy Dataset of records in the
JSONL schema of ``--out-format jsonl`` (``{id, text, spans: [{id, label, start, end, text, fragments}]}``),
ready for ``write_parquet``/``write_json``. Work streams through a pool of actors, each holding one Engine
(and one NER model for ``deid``); nothing is collected on the driver. A record's output depends only on
(seed, record id, copy), so it is the same on any cluster, in any order, after any retry.

Needs ``pip install 'surrogate[ray]'``; Ray is imported when a function is called, not on import.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..config import EngineConfig
from ..schemas import LabelSchema
from ._runtime import actor_pool, import_ray, quiet_data_context, start
from ._workers import CopyWorker, DeidWorker, record_schema

if TYPE_CHECKING:  # pragma: no cover
    from ray.data import Dataset

__all__ = ["apply", "augment", "deid", "record_schema", "start"]
DEFAULT_BATCH = 16


def augment(
    ds: Dataset, *, times: int, seed: int = 0, schema: str | Path | LabelSchema = "meddocan",
    profile: str | None = None, config: EngineConfig | None = None, keep_original: bool = False,
    concurrency: int = 1, batch_size: int = DEFAULT_BATCH,
) -> Dataset:
    """``times`` surrogate copies of every record (ids ``D_aug{k}``; ``keep_original`` adds ``D`` first);
    a copy identical to an earlier copy of its record is dropped. Copy k equals ``surrogate augment``'s."""
    return _copies(ds, times=times, seed=seed, schema=schema, profile=profile, config=config,
                   keep_original=keep_original, apply=False, concurrency=concurrency, batch_size=batch_size)


def apply(
    ds: Dataset, *, seed: int = 0, schema: str | Path | LabelSchema = "meddocan", profile: str | None = None,
    config: EngineConfig | None = None, concurrency: int = 1, batch_size: int = DEFAULT_BATCH,
) -> Dataset:
    """One surrogate copy per record, under the record's own id and span ids (as ``surrogate apply``)."""
    return _copies(ds, times=1, seed=seed, schema=schema, profile=profile, config=config, keep_original=False,
                   apply=True, concurrency=concurrency, batch_size=batch_size)


def deid(
    ds: Dataset, *, backend: str = "rules", model: str | Path | None = None, schema: str | None = None,
    backend_options: Mapping[str, Any] | None = None, profile: str = "surrogate", seed: int = 0,
    propagate: bool = True, concurrency: int = 1, num_gpus: float | None = None, batch_size: int = 32,
) -> Dataset:
    """Find PHI in ``{id, text}`` records with an NER backend, then surrogate it (as ``surrogate deid``).

    ``num_gpus`` (e.g. 1 for the transformers backend, with ``backend_options={"device": "cuda"}``)
    reserves that many GPUs per actor; ``concurrency`` actors load the model once each."""
    import_ray()
    quiet_data_context()
    gpu = {"num_gpus": num_gpus} if num_gpus else {}
    args = (backend, str(model) if model is not None else None, schema, dict(backend_options or {}), profile,
            seed, propagate)
    return ds.map_batches(DeidWorker, fn_constructor_args=args, compute=actor_pool(concurrency),
                          batch_size=batch_size, batch_format="pyarrow", **gpu)


def _copies(ds: Dataset, *, times: int, seed: int, schema: str | Path | LabelSchema, profile: str | None,
            config: EngineConfig | None, keep_original: bool, apply: bool, concurrency: int, batch_size: int) -> Dataset:
    import dataclasses

    if times < 1:
        raise ValueError(f"times must be at least 1, not {times}")
    import_ray()
    quiet_data_context()
    base = config or EngineConfig()
    engine_config = dataclasses.replace(base, profile=profile or base.profile)
    label_schema = schema if isinstance(schema, LabelSchema) else str(schema)
    args = (engine_config, label_schema, times, seed, keep_original, apply)
    return ds.map_batches(CopyWorker, fn_constructor_args=args, compute=actor_pool(concurrency),
                          batch_size=batch_size, batch_format="pyarrow")
