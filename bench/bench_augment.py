"""×N augmentation of MEDDOCAN train: wall time, documents/s, entities/s and peak memory at 1 and 2 workers.

Each configuration runs in a fresh Python process, so the figures include everything a user waits for:
reading and validating the corpus, starting the workers (each builds its own Engine and loads its
gazetteers), surrogating, writing the BRAT files and the manifest, and the final rename.

Baseline, measured in the same run: the bare engine in one process (the same N copies per document with
``Engine.apply``, nothing read back or written, engine warmed up first). The report prints the generator's
overhead against it and the speed-up of 2 workers against 1. Target: ≤ 10 s wall for ×10 on 2 cores.

Run: python bench/bench_augment.py [MEDDOCAN_TRAIN_DIR] [--times 10] [--workers 1 2]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_TRAIN = REPO.parent / "shared" / "data" / "meddocan" / "train"
TARGET_SECONDS = 10.0


def _maxrss_mib(who: int) -> float:
    return resource.getrusage(who).ru_maxrss / 1024  # Linux reports KiB


def _cpu_seconds(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def _child_augment(train: str, times: int, workers: int) -> dict:
    sys.path.insert(0, str(REPO))
    from augment.generator import augment_corpus

    with tempfile.TemporaryDirectory(prefix="bench-augment-") as tmp:
        t0 = time.perf_counter()
        summary = augment_corpus(train, Path(tmp) / "out", times=times, seed=1, workers=workers, progress=False)
        wall = time.perf_counter() - t0
        files = sum(1 for _ in (Path(tmp) / "out").iterdir())
    return {
        "wall": wall, "documents": summary.documents, "copies": summary.copies, "duplicates": summary.duplicates,
        "entities_in": summary.spans, "entities_out": sum(summary.actions.values()), "files": files,
        "fallback_masks": summary.fallback_masks,
        "rss_main_mib": _maxrss_mib(resource.RUSAGE_SELF), "rss_worker_mib": _maxrss_mib(resource.RUSAGE_CHILDREN),
        "cpu": _cpu_seconds(resource.RUSAGE_SELF) + _cpu_seconds(resource.RUSAGE_CHILDREN),
    }


def _child_engine(train: str, times: int) -> dict:
    sys.path.insert(0, str(REPO))
    import numpy as np

    from augment.corpus import read_corpus
    from augment.generator import copy_seed
    from surrogate import Engine, EngineConfig

    docs = list(read_corpus(train))
    engine = Engine(EngineConfig(), "meddocan")
    for doc in docs[:5]:  # warm-up: gazetteers, samplers and name pools load outside the timing
        engine.apply(doc, seed=0)
    t0, c0 = time.perf_counter(), _cpu_seconds(resource.RUSAGE_SELF)
    entities = 0
    for doc in docs:
        for k in range(1, times + 1):
            result = engine.apply(doc, rng=np.random.default_rng(copy_seed(1, doc.id, k)))
            entities += len(result.replacements)
    return {"wall": time.perf_counter() - t0, "cpu": _cpu_seconds(resource.RUSAGE_SELF) - c0,
            "documents": len(docs), "entities_out": entities,
            "rss_main_mib": _maxrss_mib(resource.RUSAGE_SELF)}


def _run_child(*args: str) -> dict:
    proc = subprocess.run([sys.executable, __file__, "--child", *args], check=False, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        raise SystemExit(f"child run {args} failed")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("train", nargs="?", default=str(DEFAULT_TRAIN))
    parser.add_argument("--times", type=int, default=10)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.child:
        kind, *rest = args.child
        if kind == "engine":
            print(json.dumps(_child_engine(args.train, args.times)))
        else:
            print(json.dumps(_child_augment(args.train, args.times, int(rest[0]))))
        return

    if not Path(args.train).is_dir():
        raise SystemExit(f"MEDDOCAN train not found at {args.train}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"MEDDOCAN train ×{args.times}: {args.train}  (cores: {os.cpu_count()}, load average {load:.1f})")
    base = _run_child("engine")
    print(f"baseline  bare engine, 1 process, warm: {base['wall']:6.2f} s ({base['cpu']:.1f} s CPU)   "
          f"{base['documents'] * args.times / base['wall']:7.0f} copies/s   "
          f"{base['entities_out'] / base['wall']:8.0f} entities/s   peak RSS {base['rss_main_mib']:.0f} MiB")
    results = {}
    for w in args.workers:
        r = results[w] = _run_child("augment", str(w))
        print(
            f"augment   --workers {w}: {r['wall']:6.2f} s wall ({r['cpu']:.1f} s CPU, all processes)   "
            f"{r['documents'] / r['wall']:6.1f} documents/s   "
            f"{r['copies'] / r['wall']:6.0f} copies/s   {r['entities_out'] / r['wall']:8.0f} entities/s   "
            f"peak RSS main {r['rss_main_mib']:.0f} MiB, largest worker {r['rss_worker_mib']:.0f} MiB"
        )
    first = results[args.workers[0]]
    print(f"output: {first['copies']} copies ({first['duplicates']} duplicates dropped), {first['files']} files, "
          f"{first['entities_out']} entities, {first['fallback_masks']} fallback masks")
    if 1 in results:
        print(f"ratio     augment --workers 1 / bare engine: ×{results[1]['wall'] / base['wall']:.2f} "
              "(generator overhead: start-up, validation, writing)")
    if 1 in results and 2 in results:
        print(f"ratio     --workers 2 vs --workers 1: ×{results[1]['wall'] / results[2]['wall']:.2f} faster")
    for w, r in results.items():
        print(f"cpu       --workers {w}: {r['cpu']:.1f} s CPU in all processes; wall if each worker had a free core "
              f"≈ {r['cpu'] / w:.1f} s (compare with the measured wall when the load average exceeds the cores)")
    if 2 in results:
        verdict = "meets" if results[2]["wall"] <= TARGET_SECONDS else "misses"
        print(f"target    ≤ {TARGET_SECONDS:.0f} s wall on 2 workers: {results[2]['wall']:.2f} s, {verdict} the target")


if __name__ == "__main__":
    main()
