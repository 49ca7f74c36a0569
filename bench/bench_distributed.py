"""The Ray engine against the local one on a synthetic corpus made by augmenting MEDDOCAN train.

Prints: Ray start-up time; documents/s of ``surrogate apply`` (JSONL in and out) with Ray at 1 and 2
workers and with the local engine at 1 and 2 workers; each Ray worker's peak memory once it has done 10 %
of its share and at the end (flat = streaming); the ratios the issue asks for.

    pip install -e ".[ray]"
    python bench/bench_distributed.py                  # MEDDOCAN train ×200 = 100k documents (slow: ~1 h on 2 cores)
    python bench/bench_distributed.py --times 20       # ×20 = 10k documents
    python bench/bench_distributed.py --rate-docs 10000 --corpus-workers 14 --memory-workers 8
        # a many-core machine: rates on the first 10k documents, then per-worker memory of 8 Ray workers
        # over those 10k and over all 100k

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


def private_mib() -> float:
    """This process's own (anonymous) resident memory now. Peak RSS also counts the pages of Ray's shared
    object store that a worker has written its output blocks into; those belong to the store, whose size
    Ray bounds separately, not to the worker."""
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("RssAnon:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(who: int = resource.RUSAGE_SELF) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


class MeasuredBatch(ray_runner.CopyBatch):
    """The real worker, logging (documents done, peak RSS) after each batch. Defined in __main__, so Ray
    ships it by value; ``log_dir`` travels with the class."""

    log_dir = ""

    def __init__(self, job):
        super().__init__(job)
        self.done, self.private_peak = 0, 0.0
        self.log = Path(self.log_dir) / f"{os.getpid()}-{id(self)}.tsv"

    def __call__(self, docs):
        out = super().__call__(docs)
        self.done += len(docs)
        self.private_peak = max(self.private_peak, private_mib())
        with open(self.log, "a") as fh:
            fh.write(f"{self.done}\t{peak_rss_mib():.1f}\t{cpu_seconds():.2f}\t{self.private_peak:.1f}\n")
        return out


def make_corpus(train: Path, times: int, folder: Path, workers: int) -> Path:
    corpus = folder / "corpus.jsonl"
    if not corpus.exists():
        started = time.perf_counter()
        augment_corpus(train, folder, times=times, seed=1, out_format="jsonl", workers=workers, progress=False)
        print(f"corpus: MEDDOCAN train ×{times} in {time.perf_counter() - started:.0f} s → {corpus}")
    return corpus


def head_of(corpus: Path, n_docs: int) -> Path:
    """The corpus's first ``n_docs`` documents, as a corpus of its own."""
    head = corpus.with_name(f"head-{n_docs}.jsonl")
    if not head.exists():
        with open(corpus, encoding="utf-8") as src, open(head, "w", encoding="utf-8") as dst:
            for _, line in zip(range(n_docs), src):
                dst.write(line)
    return head


def count_docs(corpus: Path) -> int:
    with open(corpus, encoding="utf-8") as fh:
        return sum(1 for _ in fh)


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


def worker_profile(log_dir: Path) -> list[tuple[int, float, float, float, float, float]]:
    """Per Ray worker: (documents done, peak RSS MiB at 10 % of them and at the end, CPU seconds, peak
    private MiB at 10 % of them and at the end)."""
    rows = []
    for log in sorted(log_dir.glob("*.tsv")):
        points = [tuple(map(float, line.split("\t"))) for line in log.read_text().splitlines()]
        total, end_rss, end_cpu, end_private = points[-1]
        early = next(point for point in points if point[0] >= total / 10)
        rows.append((int(total), early[1], end_rss, end_cpu, early[3], end_private))
    return rows


def worker_line(row: tuple[int, float, float, float, float, float]) -> str:
    done, early_rss, end_rss, seconds, early_private, end_private = row
    return (f"{done:7d} docs  private {early_private:5.0f} → {end_private:5.0f} MiB "
            f"(×{end_private / early_private:.2f})  RSS {early_rss:5.0f} → {end_rss:5.0f} MiB  "
            f"{seconds:6.1f} s  {done / seconds:6.1f} docs/CPU-s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=200, help="copies of MEDDOCAN train (200 → 100k documents)")
    parser.add_argument("--corpus", type=Path, default=None)
    parser.add_argument("--skip-local-1", action="store_true", help="skip the local engine at 1 worker")
    parser.add_argument("--train", type=Path, default=TRAIN, help="the BRAT corpus to augment (MEDDOCAN train)")
    parser.add_argument("--corpus-workers", type=int, default=2, help="local workers that make the corpus")
    parser.add_argument("--rate-docs", type=int, default=None,
                        help="measure documents/s on the corpus's first N documents; Ray at --memory-workers "
                             "then also runs the whole corpus, for per-worker memory at both sizes")
    parser.add_argument("--memory-workers", type=int, default=2,
                        help="Ray workers for the per-worker memory at both sizes (with --rate-docs)")
    parser.add_argument("--memory-only", action="store_true",
                        help="with --rate-docs: only the per-worker memory at both sizes, no rates")
    args = parser.parse_args()
    if not args.train.is_dir():
        sys.exit(f"MEDDOCAN train not found at {args.train}")
    whole = make_corpus(args.train, args.times, args.corpus or Path(f"/tmp/surrogate-bench-ray-x{args.times}"),
                        args.corpus_workers)
    n_whole = count_docs(whole)
    corpus = head_of(whole, args.rate_docs) if args.rate_docs and args.rate_docs < n_whole else whole
    n_docs = count_docs(corpus)
    print(f"documents: {n_docs} for rates, {n_whole} in all   cores: {os.cpu_count()}   "
          f"load: {os.getloadavg()[0]:.1f}")

    started = time.perf_counter()
    ray.init(num_cpus=max(2, args.memory_workers), include_dashboard=False, log_to_driver=False,
             logging_level=logging.WARNING)
    print(f"Ray start-up: {time.perf_counter() - started:.1f} s")

    ray_runner.CopyBatch = MeasuredBatch
    # CPU seconds are reported beside wall time: on a shared machine they say what the work cost, whatever
    # else ran at the same time (Ray's own daemons are not counted: they are not this process's children).
    rates: dict[tuple[str, int], float] = {}
    cpu: dict[tuple[str, int], float] = {}
    profiles: dict[int, list] = {}
    for workers in () if args.memory_only else (1, 2):
        MeasuredBatch.log_dir = tempfile.mkdtemp(prefix="bench-ray-mem-")
        seconds, driver_cpu = run_apply(corpus, "ray", workers)
        profiles[workers] = worker_profile(Path(MeasuredBatch.log_dir))
        rates["ray", workers] = n_docs / seconds
        cpu["ray", workers] = driver_cpu + sum(row[3] for row in profiles[workers])
        print(f"ray   {workers} worker(s): {seconds:7.1f} s  {rates['ray', workers]:7.1f} docs/s   "
              f"CPU: driver {driver_cpu:6.1f} s + workers {cpu['ray', workers] - driver_cpu:6.1f} s", flush=True)
    whole_profile = small_profile = None
    if corpus != whole:
        small_profile = profiles.get(args.memory_workers)
        if small_profile is None:  # the same workers over the rate corpus, for the small size
            MeasuredBatch.log_dir = tempfile.mkdtemp(prefix="bench-ray-mem-")
            run_apply(corpus, "ray", args.memory_workers)
            small_profile = worker_profile(Path(MeasuredBatch.log_dir))
        # the same workers over the whole corpus: does a worker's memory grow with it?
        MeasuredBatch.log_dir = tempfile.mkdtemp(prefix="bench-ray-mem-")
        seconds, _ = run_apply(whole, "ray", args.memory_workers)
        whole_profile = worker_profile(Path(MeasuredBatch.log_dir))
        print(f"ray   {args.memory_workers} worker(s), all {n_whole} documents: {seconds:7.1f} s  "
              f"{n_whole / seconds:7.1f} docs/s", flush=True)
    ray.shutdown()
    for workers in () if args.memory_only else (2,) if args.skip_local_1 else (1, 2):
        seconds, cpu["local", workers] = run_apply(corpus, "local", workers)
        rates["local", workers] = n_docs / seconds
        print(f"local {workers} worker(s): {seconds:7.1f} s  {rates['local', workers]:7.1f} docs/s   "
              f"CPU: {cpu['local', workers]:6.1f} s", flush=True)

    print("\nper Ray worker: documents; private MiB and peak RSS MiB (store pages included) at 10 % of them and "
          "at the end; CPU s; documents per CPU s")
    for workers, rows in profiles.items():
        for row in rows:
            print(f"  {workers} worker(s): {worker_line(row)}")
    if whole_profile is not None:
        for what, column in (("private memory", 5), ("peak RSS", 2)):
            small = max(row[column] for row in small_profile)
            large = max(row[column] for row in whole_profile)
            print(f"\nper-worker {what} at {args.memory_workers} workers: {n_docs} documents {small:.0f} MiB, "
                  f"{n_whole} documents {large:.0f} MiB (×{large / small:.2f}; flat = streaming)")
        for label, rows in ((n_docs, small_profile), (n_whole, whole_profile)):
            for row in rows:
                print(f"  {label} documents: {worker_line(row)}")
    print(f"driver peak RSS: {peak_rss_mib():.0f} MiB (it reads and validates the whole input, as the local engine)")
    if args.memory_only:
        return
    print(f"\nray 2 workers / 1 worker, wall: {rates['ray', 2] / rates['ray', 1]:.2f}× (target ≥ 1.7)")
    print(f"ray / local CPU seconds at 2 workers: {cpu['ray', 2] / cpu['local', 2]:.2f}×")
    print(f"ray / local wall time at 2 workers, Ray started: {rates['local', 2] / rates['ray', 2]:.2f}× (target ≤ 1.3)")
    print(f"load average now: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
