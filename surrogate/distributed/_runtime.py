"""Ray plumbing shared by ``surrogate.distributed`` and the ``--engine ray`` commands.

Ray is imported here, lazily, and nowhere else: ``import surrogate`` never pulls it in. Actor pools rely on
Ray Data's restart policy for actors (``max_restarts=-1``, ``max_task_retries=-1``): a worker that dies is
restarted and its batch is run again, and since each document's randomness depends only on (seed, document
id, copy), the rerun gives the same output.
"""
from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

INSTALL_HINT = "the Ray engine needs Ray Data: pip install 'surrogate[ray]'"
BATCHES_PER_WORKER = 8  # enough batches in flight to balance uneven documents, few enough to amortise calls
MAX_BATCH = 32
# A worker holds a few input and output blocks at a time, so a block's size, not the corpus's, bounds its
# memory: blocks never grow past this many items however large the input.
MAX_BLOCK_ITEMS = 256


def import_ray() -> Any:
    try:
        import ray
        import ray.data  # noqa: F401  (Ray Data is a separate part of the ray package)
    except ImportError:
        raise ImportError(INSTALL_HINT) from None
    return ray


def start(address: str | None = None, num_cpus: int | None = None) -> bool:
    """Join the cluster at ``address``, or start a local Ray with ``num_cpus`` cores, unless Ray already runs
    in this process. Returns True when this call started it (the caller shuts it down again).

    Worker output is not forwarded to the driver (``log_to_driver=False``): Ray's own logs carry ids and
    counts, never document text, and nothing a worker prints reaches the terminal."""
    ray = import_ray()
    if ray.is_initialized():
        return False
    options: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.WARNING}
    if address:
        ray.init(address=address, **options)
    else:
        ray.init(num_cpus=num_cpus, include_dashboard=False, **options)
    return True


def cluster_cpus() -> int:
    ray = import_ray()
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


@contextmanager
def session(address: str | None, workers: int | None) -> Iterator[int]:
    """Ray running for the block; yields the number of workers to use (``workers``, or every CPU of the cluster)."""
    started = start(address, workers)
    try:
        yield workers or cluster_cpus()
    finally:
        if started:
            import_ray().shutdown()


def quiet_data_context(*, preserve_order: bool = False) -> Any:
    """The current Ray Data context without progress bars; ``preserve_order`` keeps the input order."""
    import_ray()
    from ray.data import DataContext

    logging.getLogger("ray.data").setLevel(logging.ERROR)  # no per-run banners; errors still show
    ctx = DataContext.get_current()
    ctx.enable_progress_bars = False
    if preserve_order:
        ctx.execution_options.preserve_order = True
    return ctx


def actor_pool(workers: int) -> Any:
    import_ray()
    from ray.data import ActorPoolStrategy

    return ActorPoolStrategy(size=workers)


def batch_size(items: int, workers: int) -> int:
    return max(1, min(MAX_BATCH, items // (workers * BATCHES_PER_WORKER)))


def block_count(items: int, workers: int) -> int:
    """Blocks of at most ``MAX_BLOCK_ITEMS`` items, and enough of them to keep every worker busy."""
    return max(1, min(items, max(workers * BATCHES_PER_WORKER, -(-items // MAX_BLOCK_ITEMS))))


class JsonBatches:
    """A Ray Data callable class around ``factory(*args)``, a callable that maps a list of items to a
    list of results (one per item, errors returned as values): built once per actor, never per batch.

    Items and results are plain data (records in the JSONL schema, manifest lines, strings, numbers) and
    travel as JSON text in an Arrow string column: no Python object is pickled on their way."""

    def __init__(self, factory: Callable[..., Callable[[list], list]], args: tuple) -> None:
        self.fn = factory(*args)

    def __call__(self, batch: Any) -> Any:
        import pyarrow as pa

        items = [json.loads(s) for s in batch.column("item").to_pylist()]
        results = self.fn(items)
        return pa.table({"result": pa.array([json.dumps(r, ensure_ascii=False) for r in results], pa.string())})


def ordered_map(
    items: Iterable[Any], factory: Callable[..., Callable[[list], list]], args: tuple, *, workers: int
) -> Iterator[Any]:
    """``factory(*args)(batch)`` over ``items`` (JSON values, or an iterator of them: each is serialised as
    it comes, so the driver never holds them all as objects) on a pool of ``workers`` Ray actors; results
    in input order, streamed (the driver holds one result at a time, Ray Data applies backpressure)."""
    ray = import_ray()
    quiet_data_context(preserve_order=True)
    rows = [{"item": json.dumps(x, ensure_ascii=False)} for x in items]
    if not rows:
        return
    n_items = len(rows)
    ds = ray.data.from_items(rows, override_num_blocks=block_count(n_items, workers))
    del rows
    out = ds.map_batches(
        JsonBatches, fn_constructor_args=(factory, args), compute=actor_pool(workers),
        batch_size=batch_size(n_items, workers), batch_format="pyarrow",
    )
    for row in out.iter_rows():
        yield json.loads(row["result"])
