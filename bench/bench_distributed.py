"""The Ray engine against the local one on a synthetic corpus made by augmenting MEDDOCAN train.

Prints: Ray start-up time; documents/s of ``surrogate apply`` (JSONL in and out) with Ray at 1 and 2
workers and with the local engine at 1 and 2 workers; each Ray worker's peak memory once it has done 10 %
of its share and at the end (flat = streaming); the ratios the issue asks for.

    pip install -e ".[ray]"
    python bench/bench_distributed.py                  # MEDDOCAN train ×200 = 100k documents (slow: ~1 h on 2 cores)
    python bench/bench_distributed.py --times 20       # ×20 = 10k documents

The corpus is written once to ``--corpus`` (default /tmp/surrogate-bench-ray-xN) and reused.
"""
from __future__ import annotations

import argparse
import logging
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import ray  # noqa: E402

from augment import ray_runner  # noqa: E402
from augment.generator import apply_corpus, augment_corpus  # noqa: E402

TRAIN = REPO.parent / "shared" / "data" / "meddocan" / "train"


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def cpu_seconds(who: int = resource.RUSAGE_SELF) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


class MeasuredBatch(ray_runner.CopyBatch):
    """The real worker, logging (documents done, peak RSS) after each batch. Defined in __main__, so Ray
    ships it by value; ``log_dir`` travels with the class."""

    log_dir = ""

    def __init__(self, job):
        super().__init__(job)
        self.done = 0
        self.log = Path(self.log_dir) / f"{os.getpid()}-{id(self)}.tsv"

    def __call__(self, docs):
        out = super().__call__(docs)
        self.done += len(docs)
        with open(self.log, "a") as fh:
            fh.write(f"{self.done}\t{peak_rss_mib():.1f}\t{cpu_seconds():.2f}\n")
        return out


def make_corpus(times: int, folder: Path) -> Path:
    corpus = folder / "corpus.jsonl"
    if not corpus.exists():
        started = time.perf_counter()
        augment_corpus(TRAIN, folder, times=times, seed=1, out_format="jsonl", workers=2, progress=False)
        print(f"corpus: MEDDOCAN train ×{times} in {time.perf_counter() - started:.0f} s → {corpus}")
    return corpus


def run_apply(corpus: Path, engine: str, workers: int) -> tuple[float, float]:
    """Wall seconds, and CPU seconds of this process plus (local engine) its worker processes."""
    out = Path(tempfile.mkdtemp(prefix="bench-ray-")) / "out"
    cpu = cpu_seconds() + cpu_seconds(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    apply_corpus(corpus, out, seed=3, in_format="jsonl", out_format="jsonl", workers=workers, engine=engine,
                 progress=False)
    seconds = time.perf_counter() - started
    cpu = cpu_seconds() + cpu_seconds(resource.RUSAGE_CHILDREN) - cpu
    shutil.rmtree(out.parent)
    return seconds, cpu


def worker_profile(log_dir: Path) -> list[tuple[int, float, float, float]]:
    """Per Ray worker: (documents done, peak MiB at 10 % of them, peak MiB at the end, CPU seconds)."""
    rows = []
    for log in sorted(log_dir.glob("*.tsv")):
        points = [tuple(map(float, line.split("\t"))) for line in log.read_text().splitlines()]
        total = points[-1][0]
        early = next(mib for done, mib, _ in points if done >= total / 10)
        rows.append((int(total), early, points[-1][1], points[-1][2]))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=200, help="copies of MEDDOCAN train (200 → 100k documents)")
    parser.add_argument("--corpus", type=Path, default=None)
    parser.add_argument("--skip-local-1", action="store_true", help="skip the local engine at 1 worker")
    args = parser.parse_args()
    if not TRAIN.is_dir():
        sys.exit(f"MEDDOCAN train not found at {TRAIN}")
    corpus = make_corpus(args.times, args.corpus or Path(f"/tmp/surrogate-bench-ray-x{args.times}"))
    n_docs = sum(1 for _ in open(corpus, encoding="utf-8"))
    print(f"documents: {n_docs}   cores: {os.cpu_count()}   load: {os.getloadavg()[0]:.1f}")

    started = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.WARNING)
    print(f"Ray start-up: {time.perf_counter() - started:.1f} s")

    ray_runner.CopyBatch = MeasuredBatch
    # CPU seconds are reported beside wall time: on a shared machine they say what the work cost, whatever
    # else ran at the same time (Ray's own daemons are not counted: they are not this process's children).
    rates: dict[tuple[str, int], float] = {}
    cpu: dict[tuple[str, int], float] = {}
    profiles: dict[int, list] = {}
    for workers in (1, 2):
        MeasuredBatch.log_dir = tempfile.mkdtemp(prefix="bench-ray-mem-")
        seconds, driver_cpu = run_apply(corpus, "ray", workers)
        profiles[workers] = worker_profile(Path(MeasuredBatch.log_dir))
        rates["ray", workers] = n_docs / seconds
        cpu["ray", workers] = driver_cpu + sum(row[3] for row in profiles[workers])
        print(f"ray   {workers} worker(s): {seconds:7.1f} s  {rates['ray', workers]:7.1f} docs/s   "
              f"CPU: driver {driver_cpu:6.1f} s + workers {cpu['ray', workers] - driver_cpu:6.1f} s", flush=True)
    ray.shutdown()
    for workers in (2,) if args.skip_local_1 else (1, 2):
        seconds, cpu["local", workers] = run_apply(corpus, "local", workers)
        rates["local", workers] = n_docs / seconds
        print(f"local {workers} worker(s): {seconds:7.1f} s  {rates['local', workers]:7.1f} docs/s   "
              f"CPU: {cpu['local', workers]:6.1f} s", flush=True)

    print("\nper Ray worker: documents, peak RSS MiB at 10 % of them and at the end, CPU s, documents per CPU s")
    for workers, rows in profiles.items():
        for done, early, end, seconds in rows:
            print(f"  {workers} worker(s): {done:7d} docs  {early:6.0f} → {end:6.0f} MiB (×{end / early:.2f})  "
                  f"{seconds:6.1f} s  {done / seconds:6.1f} docs/CPU-s")
    print(f"driver peak RSS: {peak_rss_mib():.0f} MiB (it reads and validates the whole input, as the local engine)")
    print(f"\nray 2 workers / 1 worker, wall: {rates['ray', 2] / rates['ray', 1]:.2f}× (target ≥ 1.7)")
    print(f"ray / local CPU seconds at 2 workers: {cpu['ray', 2] / cpu['local', 2]:.2f}×")
    print(f"ray / local wall time at 2 workers, Ray started: {rates['local', 2] / rates['ray', 2]:.2f}× (target ≤ 1.3)")
    print(f"load average now: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
