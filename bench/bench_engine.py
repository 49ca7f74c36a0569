"""Engine speed on MEDDOCAN train, as ratios against Presidio+Faker measured in the same run.

Baseline: Presidio's ``AnonymizerEngine`` with Faker (es_ES) custom operators on the same gold spans — the tool
a team would otherwise reach for — so both sides do only the replacement work. Printed (median of 3 unless
``--quick``):

- one pass: ``Engine.apply(doc, seed=i)`` over every document, fresh ``Engine`` warmed on one dev document;
- ×10 document-major: ``apply(doc, seed=k)`` for k = 1…10 per document (same warm-up);
- the same two loops with ``profile="mask"``: the engine's skeleton (layout, overlaps, guard set-up, surgery,
  result) drawing no surrogate, the floor under any replacer work;
- start-up: a fresh interpreter's imports, ``Engine()`` and first document (wall time of the child process);
- ``surrogate apply`` on train as a command against a floor command (Python start, read BRAT, same-length
  surgery, write), and the command's peak memory;
- peak memory of a process that runs the one pass and the ×10 loop.

Run: python bench/bench_engine.py [--quick] [--per-kind] [MEDDOCAN_DIR]   (MEDDOCAN_DIR holds train/ and dev/)
Against another checkout: run from outside the repo with PYTHONPATH=/that/checkout.
"""
from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.append(str(REPO))  # appended: PYTHONPATH=/other/checkout must win

from augment.brat import read_brat_corpus  # noqa: E402
from surrogate import Engine, EngineConfig  # noqa: E402

_STARTUP_CHILD = """
import json, sys
from surrogate import Document, Engine, EngineConfig, Span
d = json.loads(sys.stdin.read())
doc = Document(d["id"], d["text"], tuple(Span(i, lab, s, e, tuple(map(tuple, fr))) for i, lab, s, e, fr in d["spans"]))
Engine(EngineConfig(), schema="meddocan").apply(doc, seed=1)
"""

_MEMORY_CHILD = """
import sys
from augment.brat import read_brat_corpus
from surrogate import Engine, EngineConfig
docs = list(read_brat_corpus(sys.argv[1]))
engine = Engine(EngineConfig(), schema="meddocan")
for i, doc in enumerate(docs):
    engine.apply(doc, seed=i)
for doc in docs:
    for k in range(1, 11):
        engine.apply(doc, seed=k)
"""

# The floor: what any tool must do to surrogate a BRAT corpus as a command.
_FLOOR_CHILD = r"""
import sys
from pathlib import Path
src, dst = Path(sys.argv[1]), Path(sys.argv[2])
dst.mkdir()
for txt in sorted(src.glob("*.txt")):
    text = txt.read_text(encoding="utf-8")
    ann = txt.with_suffix(".ann").read_text(encoding="utf-8")
    spans, lines = [], []
    for line in ann.splitlines():
        if line.startswith("T"):
            tid, mid, _ = line.split("\t", 2)
            label, offs = mid.split(" ", 1)
            frags = [tuple(map(int, f.split())) for f in offs.split(";")]
            spans.extend(frags)
            lines.append((tid, mid, frags))
    out, last = [], 0
    for s, e in sorted(spans):
        if s >= last:
            out.append(text[last:s]); out.append("x" * (e - s)); last = e
    out.append(text[last:])
    new = "".join(out)
    (dst / txt.name).write_text(new, encoding="utf-8")
    (dst / (txt.stem + ".ann")).write_text(
        "".join(f"{t}\t{m}\t{' '.join(new[s:e] for s, e in fr)}\n" for t, m, fr in lines), encoding="utf-8")
"""


def _child(args: list[str], stdin: str | None = None, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one child process."""
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=err,
                                cwd=tempfile.gettempdir(), env=env)
        proc.stdin.write((stdin or "").encode())
        proc.stdin.close()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            err.seek(0)
            raise SystemExit(f"child failed: {' '.join(args[:3])}: {err.read()[-2000:].decode()}")
    return wall, usage.ru_maxrss / 1024  # KB → MB on Linux


def _fresh_engine(warm_doc, profile: str = "surrogate") -> Engine:
    engine = Engine(EngineConfig(profile=profile), schema="meddocan")
    engine.apply(warm_doc, seed=0)
    return engine


def _one_pass(docs, warm_doc, profile: str = "surrogate") -> float:
    engine = _fresh_engine(warm_doc, profile)
    t0 = time.perf_counter()
    for i, doc in enumerate(docs):
        engine.apply(doc, seed=i)
    return time.perf_counter() - t0


def _times_ten(docs, warm_doc, profile: str = "surrogate") -> float:
    engine = _fresh_engine(warm_doc, profile)
    t0 = time.perf_counter()
    for doc in docs:
        for k in range(1, 11):
            engine.apply(doc, seed=k)
    return time.perf_counter() - t0


def _presidio(docs):
    try:
        from faker import Faker
        from presidio_anonymizer import AnonymizerEngine
        from presidio_anonymizer.entities import OperatorConfig, RecognizerResult
    except ImportError:
        return None
    fake = Faker("es_ES")
    Faker.seed(0)
    generators = {
        "NOMBRE_SUJETO_ASISTENCIA": fake.name, "NOMBRE_PERSONAL_SANITARIO": fake.name,
        "FECHAS": lambda: fake.date(pattern="%d/%m/%Y"), "CALLE": fake.street_address,
        "TERRITORIO": fake.city, "PAIS": fake.country, "CORREO_ELECTRONICO": fake.email,
        "NUMERO_TELEFONO": fake.phone_number, "NUMERO_FAX": fake.phone_number, "HOSPITAL": fake.company,
        "INSTITUCION": fake.company, "PROFESION": fake.job,
    }
    engine = AnonymizerEngine()
    operators = {
        label: OperatorConfig("custom", {"lambda": (lambda gen: (lambda _x: gen()))(gen)})
        for label, gen in generators.items()
    }
    operators["DEFAULT"] = OperatorConfig("replace", {"new_value": "<PHI>"})

    def run() -> float:
        t0 = time.perf_counter()
        for doc in docs:
            results = [RecognizerResult(sp.label, sp.start, sp.end, 1.0) for sp in doc.spans]
            engine.anonymize(text=doc.text, analyzer_results=results, operators=operators)
        return time.perf_counter() - t0
    return run


def _per_kind_rates(docs, engine) -> dict[str, tuple[int, float]]:
    """Spans and entities/s per kind: surrogate each kind's spans on their own."""
    by_kind: dict[str, list] = defaultdict(list)
    for doc in docs:
        for sp in doc.spans:
            by_kind[engine.schema.kind_of(sp.label) or "unknown"].append((doc, sp))
    rates = {}
    for kind, items in sorted(by_kind.items()):
        groups = defaultdict(list)
        for doc, sp in items:
            groups[doc.id].append(sp)
        docs_k = [type(d)(d.id, d.text, tuple(groups[d.id]), d.meta) for d in docs if d.id in groups]
        t0 = time.perf_counter()
        for i, d in enumerate(docs_k):
            engine.apply(d, seed=i)
        rates[kind] = (len(items), len(items) / max(time.perf_counter() - t0, 1e-9))
    return rates


def _surrogate_command() -> list[str]:
    exe = shutil.which("surrogate") or str(Path(sys.executable).with_name("surrogate"))
    return [exe]


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    repeats = 1 if "--quick" in sys.argv else 3
    # absolute: the children run in the temp directory, where a relative path would not resolve
    root = (Path(args[0]) if args else REPO.parent / "shared" / "data" / "meddocan").resolve()
    train_dir, dev_dir = root / "train", root / "dev"
    docs = list(read_brat_corpus(train_dir))
    warm_doc = next(iter(read_brat_corpus(dev_dir)))
    n = sum(len(d.spans) for d in docs)
    import surrogate
    print(f"code: {Path(surrogate.__file__).parent.parent}")
    print(f"MEDDOCAN train: {len(docs)} documents, {n} entities; median of {repeats}; load {os.getloadavg()[0]:.2f}")

    presidio_run = _presidio(docs)
    med = statistics.median
    # interleave the systems so a burst of load on the shared machine hits both
    t_presidio, t_one, t_ten, t_mask_one, t_mask_ten = [], [], [], [], []
    for _ in range(repeats):
        if presidio_run:
            t_presidio.append(presidio_run())
        t_one.append(_one_pass(docs, warm_doc))
        t_ten.append(_times_ten(docs, warm_doc))
        # the engine with no surrogate drawn (every span masked): layout, overlaps, leak guard's set-up, surgery
        # and the result, i.e. the floor under any replacer work
        t_mask_one.append(_one_pass(docs, warm_doc, "mask"))
        t_mask_ten.append(_times_ten(docs, warm_doc, "mask"))
    one, ten = n / med(t_one), 10 * n / med(t_ten)
    mask_one, mask_ten = n / med(t_mask_one), 10 * n / med(t_mask_ten)
    if presidio_run:
        base = n / med(t_presidio)
        print(f"presidio+faker : {base:10.0f} entities/s")
        print(f"one pass       : {one:10.0f} entities/s  = {one / base:5.2f}× Presidio+Faker   (target ≥ 1.0)")
        print(f"×10 doc-major  : {ten:10.0f} entities/s  = {ten / base:5.2f}× Presidio+Faker   (target ≥ 2.0)")
        print(f"skeleton, one  : {mask_one:10.0f} entities/s  = {mask_one / base:5.2f}× Presidio+Faker   "
              f"(--profile mask: the engine drawing no surrogate)")
        print(f"skeleton, ×10  : {mask_ten:10.0f} entities/s  = {mask_ten / base:5.2f}× Presidio+Faker")
    else:
        print("presidio       : not installed (pip install -e '.[bench]')")
        print(f"one pass       : {one:10.0f} entities/s")
        print(f"×10 doc-major  : {ten:10.0f} entities/s")
        print(f"skeleton       : {mask_one:10.0f} / {mask_ten:.0f} entities/s one pass / ×10 (--profile mask)")

    py = sys.executable
    sample = {"id": warm_doc.id, "text": warm_doc.text,
              "spans": [[s.id, s.label, s.start, s.end, s.fragments] for s in warm_doc.spans]}
    # one untimed run that may write the bytecode caches (PYTHONDONTWRITEBYTECODE=1 would have every timed child
    # compile the package's sources again, which no installed package does: pip compiles them at install)
    _child([py, "-c", _STARTUP_CHILD], json.dumps(sample),
           env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"})
    starts = [_child([py, "-c", _STARTUP_CHILD], json.dumps(sample))[0] for _ in range(repeats)]
    print(f"start-up       : {med(starts):6.3f} s  (fresh interpreter: imports, Engine(), first document, bytecode "
          f"cached; target ≤ 0.5)")

    with tempfile.TemporaryDirectory() as tmp:
        cmd, floor, cmd_rss = [], [], 0.0
        for r in range(repeats):
            floor.append(_child([py, "-c", _FLOOR_CHILD, str(train_dir), f"{tmp}/floor{r}"])[0])
            wall, cmd_rss = _child(_surrogate_command() + ["apply", str(train_dir), f"{tmp}/out{r}", "--seed", "1"])
            cmd.append(wall)
    print(f"command        : surrogate apply {med(cmd):6.3f} s, floor {med(floor):6.3f} s = "
          f"{med(cmd) / med(floor):5.2f}× floor   (target ≤ 3.0)")
    _, rss = _child([py, "-c", _MEMORY_CHILD, str(train_dir)])
    print(f"peak memory    : {rss:6.0f} MB in a process running the one pass and the ×10 loop; "
          f"{cmd_rss:.0f} MB for the command   (target ≤ 200)")

    if "--per-kind" in sys.argv:
        print("\nentities/s per kind (each kind alone):")
        rates = _per_kind_rates(docs, _fresh_engine(warm_doc))
        for kind, (count, rate) in sorted(rates.items(), key=lambda kv: -kv[1][1]):
            print(f"  {kind:<14} {count:6d} spans  {rate:10.0f} entities/s")


if __name__ == "__main__":
    main()
