"""Experiment (issue 13, names realism): do census name draws shaped like the corpus's rank-frequency profile
fool the realism classifier more often?

    python bench/experiment_name_profile.py ../shared/data/meddocan/dev --train ../shared/data/meddocan/train

Fits on ``--train`` only (dev measures): the share of draws (distinct document × token pairs, since a name
token is drawn once per document) taken by the k-th most frequent given name (per census sex) and surname.
Each variant reshapes the census samplers' weights at pool build time (names stay census names), runs
``apply_corpus`` on dev for seeds 1-3 in a fresh process, and prints the names AUC per seed, the mean, and the
mean of the other kinds (realism.py's classifier). Prints numbers only, never corpus text. Needs scikit-learn.

A variant is a chain of steps separated by commas, applied in order to each sampler's weights:
- ``quantile``: census rank k gets the corpus's rank-k share, for the ranks the corpus shows ``MIN_COUNT`` times or
  more; the census tail shares what is left, census-shaped, never above the last head share;
- ``cap`` / ``cap2`` / ``cap:X``: no value above the corpus's rank-1 share / twice it / X; the excess goes to the
  others in proportion;
- ``trunc``: only the census's top K values, K such that as many draws as the corpus's show as many distinct
  values as the corpus does (about 89% of the census mass: 453 female, 262 male given names, 5,976 surnames);
  ``captrunc``: cap, then trunc; ``mass:X``: the top values holding X of the census mass;
- ``age`` / ``age+``: given names (and compounds) reweighted so the mean age of their bearers (INE name lists,
  2021) falls in 5-year bins as the corpus's given names do;
- ``rake`` / ``rake:F+F...``: surface margins instead of frequency: iterative proportional fitting of each census
  sampler so the shares of its values' surface classes (``first`` letter, ``first2`` letters, ``len`` 4..9+,
  ``end`` -ez / vowel / n-s-l-r / other; default ``first+len+end``) match the corpus's (document × token) shares,
  numbers only;
- ``oracle:X``: NOT SHIPPABLE, a ceiling: X of each pool's mass moved onto the corpus's own names (train's
  token counts, held in memory only), to see how much the vocabulary itself, not the profile, is worth.

Measured on MEDDOCAN dev (fitted on train), 2026-11-26, names AUC per seed and the 3-seed mean; other kinds
unchanged except contacts (e-mails are built from the names; base .571 on seeds 1-3):

| variant | seeds 1, 2, 3 | mean | contacts |
|---|---|---:|---:|
| base | .716 .690 .735 | .714 | .571 |
| quantile | .702 .705 .736 | .714 | .597 |
| cap | .716 .684 .716 | .705 | .581 |
| cap2 | .716 .690 .735 | .714 | .571 |
| trunc | .699 .711 .690 | .700 | .611 |
| captrunc | .710 .717 .725 | .717 | .602 |
| mass:0.8 | .719 .709 .722 | .717 | .606 |
| mass:0.65 | .741 .758 .761 | .753 | .632 |
| mass:0.5 | .832 .832 .838 | .834 | .674 |
| cap:0.01 | .735 .733 .731 | .733 | .590 |
| cap:0.005 | .768 .742 .764 | .758 | .593 |
| cap:0.0025 | .801 .809 .804 | .805 | .608 |
| age | .710 .699 .723 | .711 | .569 |
| age+ | .707 .709 .732 | .716 | .571 |
| age,trunc | .709 .693 .716 | .706 | .611 |
| age,cap | .715 .706 .717 | .713 | .570 |
| oracle:0.5 (not shippable) | .677 .686 .693 | .685 | .581 |

Surface margins (2026-11-26, HEAD 945df58; its base on seeds 1-3 is .716 .690 .735, other kinds unchanged but for
contacts): ``rake`` .728 .701 .718 (mean .716), ``rake:first`` .717 .714 .706 (.712), ``rake:first2`` .724 .698
.696 (.706), ``rake:first2+len+end`` .731 .706 .710 (.716); seeds 4-6: base .711 .722 .710 (.714), ``rake:first2``
.704 .686 .691 (.694). Over six seeds ``rake:first2`` gains .014 (.700 vs .714), under the .02 bar; fitted on dev and measured on train
(seeds 1-2) it loses .014 (base .705 .703, ``rake:first2`` .715 .721): noise or overfitting, none ships. Read side by side (the classifier
of realism.py fitted on dev's name mentions, its heaviest n-grams per class, and counts over the mentions), the
surrogates show no surface give-away: word counts match span by span, characters per mention 16.2 vs 15.9,
accented mentions .354 vs .328, ñ .034 vs .047, particles, hyphens, initials, "Dr."-like pieces and case patterns
are kept as written, -ez surnames .129/.126 of tokens vs .128/.111, letters k/x/y/z/j/h/v/b/q/ch/rr/gu/ll within
the noise of three seeds. The heaviest features are whole-word pieces of names the corpus repeats (a staff name
in 5 of dev's 250 documents, 8 staff tokens in 10 or more) against census names it lacks; only ~45% of the
original tokens occur among the surrogates' (and of the surrogates' among the originals'). That is vocabulary,
which only the corpus's own names would give (``oracle``, and the real-name donor of names_realism_floor.py).

Seeds 4-6 (a check of the two best): base .711 .722 .710 (mean .714), trunc .716 .734 .684 (.711), cap .713 .713
.707 (.711): their gains on seeds 1-3 were noise. No variant reaches the bar (-.02 on the 3-seed mean), so none
ships. Flattening the head (``cap:X``) or dropping the tail (``mass:X``) makes the surrogates easier to tell apart:
the census's head names are the corpus's too, and those draws share n-grams with the originals. What separates
the classes is the vocabulary: the originals repeat names across documents that the census ranks low (the
corpus's own choices), which a profile cannot reproduce; even moving half of each pool onto the corpus's own
names gains only .029. Per label (``bench/names_realism_floor.py``, seed 1): patient .606, staff .847 (staff
names are written twice per document and their twins are memorised whatever the generator), distinct strings
.554: the names themselves are nearly indistinguishable.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
NAME_LABELS = ("NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO")
MIN_COUNT = 3
VARIANTS = ("base", "quantile", "cap", "cap2", "trunc", "captrunc")


def name_mentions(d: Path):
    for ann in sorted(d.glob("*.ann")):
        for line in ann.read_text(encoding="utf-8").splitlines():
            if line.startswith("T") and line.count("\t") >= 2:
                _tid, middle, text = line.split("\t", 2)
                if middle.split(" ", 1)[0] in NAME_LABELS:
                    yield ann.stem, text


def fit_profile(train: Path) -> dict[str, list[int]]:
    """Sorted counts (descending) of distinct (document, token) pairs, per pool group: given F, given M, surname."""
    return {g: sorted(c.values(), reverse=True) for g, c in fit_tokens(train).items()}


def fit_tokens(train: Path) -> dict[str, Counter]:
    """Distinct (document, token) pairs per folded token, per pool group (in memory only: never printed)."""
    from gazetteers.registry import default_set
    from surrogate.replacers.people.parse import GIVEN, SURNAME, parse_name
    from surrogate.replacers.people.pools import NamePools

    pools = NamePools(default_set("es"))  # not NamePools.of: the variant's pools are built (and cached) later
    seen: dict[str, set[tuple[str, str]]] = {"F": set(), "M": set(), "surname": set()}
    for doc, text in name_mentions(train):
        parsed = parse_name(text, pools)
        for word in parsed.words(GIVEN):
            sex = pools.sex.sex_of(word)
            if sex in ("F", "M"):
                seen[sex].add((doc, word))
        for word in parsed.words(SURNAME):
            seen["surname"].add((doc, word))
    return {g: Counter(w for _, w in pairs) for g, pairs in seen.items()}


INE = ROOT.parent / "shared" / "data" / "ine"
AGE_BIN = 5


def name_ages() -> dict[tuple[str, str], float]:
    """(sex, folded given name) → the mean age of its bearers (INE padrón 2021 name lists)."""
    import csv

    from gazetteers.text import fold

    out = {}
    for sex, fname in (("M", "nombres_hombres_2021.csv"), ("F", "nombres_mujeres_2021.csv")):
        with open(INE / fname, encoding="utf-8") as f:
            for row in csv.reader(f):
                if len(row) >= 4 and row[0].isdigit():
                    out[(sex, fold(row[1]))] = float(row[3].replace(",", "."))
    return out


def fit_ages(train: Path, ages: dict) -> dict[str, Counter]:
    """Per sex, given-name draws of the corpus (distinct document × token) by the mean-age bin of the name."""
    from gazetteers.registry import default_set
    from surrogate.replacers.people.parse import GIVEN, parse_name
    from surrogate.replacers.people.pools import NamePools

    pools = NamePools(default_set("es"))
    seen: set[tuple[str, str, str]] = set()
    for doc, text in name_mentions(train):
        for word in parse_name(text, pools).words(GIVEN):
            sex = pools.sex.sex_of(word)
            if (sex, word) in ages:
                seen.add((doc, sex, word))
    out: dict[str, Counter] = {"M": Counter(), "F": Counter()}
    for _, sex, word in seen:
        out[sex][int(ages[(sex, word)] // AGE_BIN)] += 1
    return out


def age_weights(values: list[str], w: np.ndarray, sex: str, ages: dict, fitted: dict[str, Counter]) -> np.ndarray:
    """Census weights times corpus share / census share of each value's mean-age bin (add-one smoothed)."""
    from gazetteers.text import fold

    p = np.asarray(w, dtype=np.float64) / w.sum()
    sexes = [sex] if sex else ["F", "M"]
    bins = []
    for v in values:
        age = next((ages[(s, fold(v))] for s in sexes if (s, fold(v)) in ages), None)
        bins.append(-1 if age is None else int(age // AGE_BIN))
    bins = np.array(bins)
    counts = Counter()
    for s in sexes:
        counts.update(fitted[s])
    known = bins >= 0
    all_bins = sorted(set(bins[known].tolist()))
    corpus = np.array([counts[b] + 1.0 for b in all_bins])
    corpus /= corpus.sum()
    census = np.array([p[bins == b].sum() for b in all_bins])
    census /= census.sum()
    factor = dict(zip(all_bins, corpus / census))
    out = p.copy()
    mass = p[known].sum()
    out[known] = p[known] * np.array([factor[b] for b in bins[known]])
    out[known] *= mass / out[known].sum()
    return out / out.sum()


def quantile_weights(w: np.ndarray, counts: list[int], min_count: int = MIN_COUNT) -> np.ndarray:
    """Census rank k → the corpus's rank-k share (ranks with ``min_count`` or more); the rest census-shaped."""
    p = np.asarray(w, dtype=np.float64) / w.sum()
    total = float(sum(counts))
    head = np.array([c / total for c in counts if c >= min_count])
    order = np.argsort(-p, kind="stable")
    n = min(len(head), len(p))
    out = np.empty_like(p)
    out[order[:n]] = head[:n]
    rest = order[n:]
    if len(rest):
        tail = p[rest] * (1.0 - head[:n].sum()) / p[rest].sum()
        out[rest] = np.minimum(tail, head[n - 1] if n else tail)
    return out / out.sum()


def capped_weights(w: np.ndarray, cap: float) -> np.ndarray:
    """No share above ``cap``; the excess spread over the others in proportion (repeated until none exceeds)."""
    p = np.asarray(w, dtype=np.float64) / w.sum()
    for _ in range(50):
        over = p > cap
        if not over.any():
            break
        excess = float((p[over] - cap).sum())
        p[over] = cap
        free = ~over & (p < cap)
        p[free] += excess * p[free] / p[free].sum()
    return p / p.sum()


def expected_distinct(p: np.ndarray, n: int) -> float:
    """Expected number of distinct values in ``n`` draws from shares ``p``."""
    return float((1.0 - (1.0 - p) ** n).sum())


def truncated_weights(w: np.ndarray, counts: list[int]) -> np.ndarray:
    """Only the census's top K values (K the smallest whose ``n`` draws show as many distinct values as the
    corpus's ``n`` draws do), the rest at zero."""
    p = np.asarray(w, dtype=np.float64) / w.sum()
    n, distinct = sum(counts), len(counts)
    order = np.argsort(-p, kind="stable")
    lo, hi = 1, len(p)
    while lo < hi:
        mid = (lo + hi) // 2
        q = p[order[:mid]]
        if expected_distinct(q / q.sum(), n) >= distinct:
            hi = mid
        else:
            lo = mid + 1
    out = np.zeros_like(p)
    out[order[:lo]] = p[order[:lo]]
    return out / out.sum()


GROUP_OF = {("given", "F"): "F", ("given", "M"): "M", ("surname_first", None): "surname",
            ("surname_second", None): "surname"}


def surface_classes(word: str) -> dict[str, str]:
    """Surface classes a char n-gram classifier reads: first two letters, first letter, length, ending."""
    from gazetteers.text import fold

    w = fold(word)
    end = "ez" if w.endswith("ez") else ("v" if w[-1:] in "aeiou" else ("nslr" if w[-1:] in "nslr" else "c"))
    return {"first": w[:1], "first2": w[:2], "len": str(min(max(len(w), 4), 9)), "end": end}


def surface_margins(counts: Counter) -> dict[str, Counter]:
    """Per surface feature, the corpus's (document × token) counts of each class (numbers only)."""
    out: dict[str, Counter] = {}
    for word, n in counts.items():
        for feat, cls in surface_classes(word).items():
            out.setdefault(feat, Counter())[cls] += n
    return out


def raked_weights(values: list[str], w: np.ndarray, margins: dict[str, Counter], feats: str,
                  rounds: int = 8, smooth: float = 0.5) -> np.ndarray:
    """Iterative proportional fitting: census weights rescaled per class so each feature's class shares match
    the corpus's (shrunk toward the census's share by ``smooth`` draws' worth where the corpus is thin)."""
    p = np.asarray(w, dtype=np.float64) / w.sum()
    cls = [surface_classes(v) for v in values]
    for _ in range(rounds):
        for feat in feats.split("+"):
            labels = np.array([c[feat] for c in cls])
            total = sum(margins[feat].values())
            for label in np.unique(labels):
                mask = labels == label
                have = p[mask].sum()
                if have <= 0:
                    continue
                want = (margins[feat].get(label, 0) + smooth * have) / (total + smooth)
                p[mask] *= want / have
            p /= p.sum()
    return p


def install(variant: str, profile: dict[str, list[int]], train: Path) -> None:
    """Patch the pools so every build of the samplers reshapes their weights first: ``variant`` is a chain of
    steps separated by commas, applied in order (``age,trunc``)."""
    from surrogate.replacers.people import pools as pools_mod

    original = pools_mod.NamePools._use
    steps = [] if variant == "base" else variant.split(",")
    ages = fitted_ages = None
    if any(step.startswith("age") for step in steps):
        ages = name_ages()
        fitted_ages = fit_ages(train, ages)
    oracle_tokens = fit_tokens(train) if any(step.startswith("oracle") for step in steps) else None
    rake_targets = {g: surface_margins(c) for g, c in fit_tokens(train).items()} \
        if any(step.startswith("rake") for step in steps) else None

    def reshape(step: str, key, values: list[str], w: np.ndarray) -> np.ndarray:
        if step.startswith("age"):  # given names (and compounds with "age+") by the mean age of their bearers
            if key[0] == "given" or (step == "age+" and key[0] == "compound"):
                return age_weights(values, w, key[1], ages, fitted_ages)
            return w
        if key not in GROUP_OF:
            return w
        if step.startswith("oracle:"):  # not shippable (the corpus's own names): how far vocabulary goes
            from gazetteers.text import fold

            tokens = oracle_tokens[GROUP_OF[key]]
            q = np.array([tokens.get(fold(v), 0) for v in values], dtype=np.float64)
            x = float(step[7:])
            return (1 - x) * w / w.sum() + x * q / q.sum()
        if step.startswith("rake"):  # surface margins (first letters, length, ending) as the corpus's
            return raked_weights(values, w, rake_targets[GROUP_OF[key]], step[5:] or "first+len+end")
        counts = profile[GROUP_OF[key]]
        top = counts[0] / sum(counts)
        if step == "quantile":
            return quantile_weights(w, counts)
        if step == "cap":
            return capped_weights(w, top)
        if step == "cap2":
            return capped_weights(w, 2 * top)
        if step == "trunc":
            return truncated_weights(w, counts)
        if step.startswith("cap:"):  # no value above this share
            return capped_weights(w, float(step[4:]))
        if step.startswith("mass:"):  # the census's top values holding this share of its mass
            p = np.asarray(w, dtype=np.float64) / w.sum()
            order = np.argsort(-p, kind="stable")
            k = int(np.searchsorted(np.cumsum(p[order]), float(step[5:]))) + 1
            out = np.zeros_like(p)
            out[order[:k]] = p[order[:k]]
            return out / out.sum()
        if step == "captrunc":
            return truncated_weights(capped_weights(w, top), counts)
        raise ValueError(f"unknown step {step!r}")

    def _use(self, tables, top_k, blocklist):
        if steps:
            samplers = {}
            for key, (values, w) in tables["samplers"].items():
                w = np.asarray(w, dtype=np.float64)
                for step in steps:
                    w = reshape(step, key, values, w)
                samplers[key] = (values, w)
            tables = {**tables, "samplers": samplers}
        return original(self, tables, top_k, blocklist)

    pools_mod.NamePools._use = _use


def realism(orig: Path, out: Path) -> dict[str, float]:
    res = subprocess.run([sys.executable, str(ROOT.parent / "shared" / "tools" / "realism.py"), str(orig), str(out)],
                         capture_output=True, text=True, check=True)
    return {k: v["auc"] for k, v in json.loads(res.stdout).items()}


def run_variant(variant: str, dev: Path, train: Path, seeds: list[int]) -> dict:
    from augment.generator import apply_corpus

    profile = fit_profile(train)
    install(variant, profile, train)
    from gazetteers.registry import default_set
    from surrogate.replacers.people.pools import NamePools

    built = NamePools.of(default_set("es"))
    tops = {k: (round(float(s.weights.max() / s.weights.sum()), 4), int((s.weights > 0).sum())) for k, s in
            [("F", built.given["F"]), ("M", built.given["M"]), ("s1", built.surname_first)]}
    print(f"{variant}: top shares {tops}", file=sys.stderr)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds:
            out = Path(tmp) / f"s{seed}"
            apply_corpus(dev, out, seed=seed, workers=1, progress=False)
            rows.append(realism(dev, out))
    return {"variant": variant, "seeds": seeds, "auc": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dev", type=Path)
    parser.add_argument("--train", type=Path, required=True)
    parser.add_argument("--variant", action="append", help=f"{', '.join(VARIANTS)} or mass:X")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # child: run one variant here
    parser.add_argument("--profile", action="store_true", help="print the fitted profile's figures and stop")
    args = parser.parse_args(argv)
    if args.profile:
        for group, counts in fit_profile(args.train).items():
            total = sum(counts)
            print(f"{group}: draws {total}, distinct {len(counts)}, top counts {counts[:8]}, "
                  f">= {MIN_COUNT}: {sum(c >= MIN_COUNT for c in counts)} ranks "
                  f"({sum(c for c in counts if c >= MIN_COUNT) / total:.3f} of draws), singletons {counts.count(1)}")
        return 0
    if args.one:
        print(json.dumps(run_variant(args.variant[0], args.dev, args.train, args.seeds)))
        return 0
    kinds = None
    for variant in args.variant or VARIANTS:
        res = subprocess.run([sys.executable, __file__, str(args.dev), "--train", str(args.train), "--one",
                              "--variant", variant, "--seeds", *map(str, args.seeds)],
                             check=False, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        if res.returncode:
            last = res.stderr.strip().splitlines()[-1:] or [""]
            print(f"{variant}: failed ({last[0][:200]})", file=sys.stderr)
            continue
        rows = json.loads(res.stdout.strip().splitlines()[-1])["auc"]
        kinds = kinds or [k for k in rows[0] if k != "names"]
        names = [r["names"] for r in rows]
        others = " ".join(f"{k} {np.mean([r[k] for r in rows]):.3f}" for k in kinds)
        print(f"{variant:10s} names {' '.join(f'{v:.3f}' for v in names)} mean {np.mean(names):.3f} | {others}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
