"""Gazetteer benchmark: cold load of the default set, and draw throughput against baselines.

Run: ``python bench/bench_gazetteers.py`` (needs the ``bench`` extra for Faker).

1. Cold load: a fresh interpreter imports ``gazetteers`` and loads every table of the default set
   (``--runs`` times, median reported). Time and peak RSS growth are printed against the targets
   (≤ 0.3 s, ≤ 150 MB).
2. Throughput: weighted first-name draws per second of our sampler, batched and one at a time, as
   ratios against ``numpy.random.Generator.choice(p=...)`` (per draw and batched) and Faker es_ES
   ``first_name()``, all measured in this run on the same table.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import numpy as np

REPO = Path(__file__).resolve().parents[1]
SHARED_INE = REPO.parent / "shared" / "data" / "ine"
LOAD_TARGET_S = 0.3
MEMORY_TARGET_MB = 150.0

_CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, {repo!r})

def rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB

t0 = time.perf_counter()
import gazetteers
t1 = time.perf_counter(); rss_import = rss_mb()
gs = gazetteers.default_set("es")
tables = {{name: gs[name] for name in gs.names()}}
t2 = time.perf_counter(); rss_loaded = rss_mb()
for gaz in tables.values():
    gaz.sampler()
t3 = time.perf_counter(); rss_samplers = rss_mb()
print(json.dumps({{
    "import_s": t1 - t0, "load_s": t2 - t1, "samplers_s": t3 - t2,
    "rss_import_mb": rss_import, "rss_loaded_mb": rss_loaded, "rss_samplers_mb": rss_samplers,
    "tables": len(tables), "rows": sum(len(g) for g in tables.values()),
}}))
"""


def cold_load(runs: int) -> dict[str, float] | None:
    """Median of ``runs`` fresh-interpreter loads, or None when the embedded tables are missing."""
    if not (REPO / "gazetteers" / "data" / "es" / "first_names.parquet").is_file():
        return None
    results = []
    for _ in range(runs):
        proc = subprocess.run([sys.executable, "-c", _CHILD.format(repo=str(REPO))],
                              capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise SystemExit(f"cold-load child failed:\n{proc.stderr.strip().splitlines()[-1]}")
        results.append(json.loads(proc.stdout))
    return {key: statistics.median(r[key] for r in results) for key in results[0]}


def first_names_table() -> tuple[str, list[str], np.ndarray]:
    """The embedded first names if built, else the INE lists under ../shared/data."""
    try:
        from gazetteers import default_set

        gaz = default_set("es")["first_names"]
        where = "embedded default first_names"
    except FileNotFoundError:
        from gazetteers.loaders import ine

        gaz = ine.first_names(SHARED_INE / "nombres_hombres_2021.csv", SHARED_INE / "nombres_mujeres_2021.csv")
        where = "INE first names (embedded table not built)"
    return where, gaz.values, gaz.frame["weight"].to_numpy().astype(np.float64)


def rate(fn: Callable[[int], object], n: int, repeat: int = 3) -> float:
    """Best draws/second over ``repeat`` runs of ``fn(n)``."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn(n)
        best = min(best, time.perf_counter() - t)
    return n / best


def throughput(batch: int, single: int) -> tuple[str, int, dict[str, float]]:
    from gazetteers import Sampler

    where, values, weights = first_names_table()
    sampler = Sampler(values, weights)
    p = weights / weights.sum()
    k = len(values)
    rng = np.random.default_rng(0)

    def numpy_per_draw(n: int) -> list[str]:
        return [values[rng.choice(k, p=p)] for _ in range(n)]

    def numpy_batched(n: int) -> list[str]:
        return [values[i] for i in rng.choice(k, size=n, p=p)]

    def ours_batched(n: int) -> list[str]:
        return sampler.draw_many(rng, n)

    def ours_per_draw(n: int) -> list[str]:
        return [sampler.draw(rng) for _ in range(n)]

    def ours_per_draw_excluding(n: int) -> list[str]:
        return [sampler.draw(rng, exclude=("María",)) for _ in range(n)]

    rates = {
        "ours, batched draw_many": rate(ours_batched, batch),
        "ours, one draw() per entity": rate(ours_per_draw, single),
        "ours, draw() excluding the original": rate(ours_per_draw_excluding, single),
        "numpy Generator.choice(p=...), batched": rate(numpy_batched, batch),
        "numpy Generator.choice(p=...), per draw": rate(numpy_per_draw, max(single // 10, 200)),
    }
    try:
        from faker import Faker

        fake = Faker("es_ES")
        fake.seed_instance(0)
        rates["Faker es_ES first_name(), per draw"] = rate(lambda n: [fake.first_name() for _ in range(n)], single)
    except ImportError:
        pass
    return where, k, rates


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh-interpreter cold loads (median)")
    parser.add_argument("--batch", type=int, default=1_000_000, help="draws per batched measurement")
    parser.add_argument("--single", type=int, default=20_000, help="draws per one-at-a-time measurement")
    args = parser.parse_args()

    print("== Cold load of the default gazetteer set (fresh interpreter, median of "
          f"{args.runs} runs) ==")
    load = cold_load(args.runs)
    if load is None:
        print("  SKIPPED: gazetteers/data/es/*.parquet not built (python -m gazetteers.build.build_es)")
    else:
        grow = load["rss_loaded_mb"] - load["rss_import_mb"]
        print(f"  tables: {int(load['tables'])}, rows: {int(load['rows']):,}")
        print(f"  import gazetteers (numpy, polars): {load['import_s']:.3f} s, "
              f"peak RSS {load['rss_import_mb']:.0f} MB")
        verdict = "OK" if load["load_s"] <= LOAD_TARGET_S else "OVER"
        print(f"  load all tables:   {load['load_s']:.3f} s   target ≤ {LOAD_TARGET_S} s   {verdict}")
        verdict = "OK" if grow <= MEMORY_TARGET_MB else "OVER"
        print(f"  peak RSS growth:   {grow:.1f} MB   target ≤ {MEMORY_TARGET_MB:.0f} MB   {verdict}"
              f"   (process peak {load['rss_loaded_mb']:.0f} MB)")
        print(f"  + one sampler per table: {load['samplers_s']:.3f} s, process peak {load['rss_samplers_mb']:.0f} MB")

    where, k, rates = throughput(args.batch, args.single)
    print(f"\n== Draw throughput: {where}, {k:,} weighted values ==")
    base_batched = rates["numpy Generator.choice(p=...), batched"]
    base_single = rates["numpy Generator.choice(p=...), per draw"]
    faker = rates.get("Faker es_ES first_name(), per draw")
    header = f"  {'method':<42} {'draws/s':>14} {'× numpy batched':>16} {'× numpy per draw':>17}"
    print(header + (f" {'× Faker':>9}" if faker else ""))
    for name, r in rates.items():
        line = f"  {name:<42} {r:>14,.0f} {r / base_batched:>16.2f} {r / base_single:>17.1f}"
        print(line + (f" {r / faker:>9.1f}" if faker else ""))
    if faker is None:
        print("  (Faker not installed: pip install 'surrogate[bench]')")
    return 0


if __name__ == "__main__":
    sys.exit(main())
