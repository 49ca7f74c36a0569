"""How low can the names realism AUC go? The classifier of ``../shared/tools/realism.py`` on person names, split
into what it reads from the names and what it memorises from repeated strings.

    python bench/names_realism_floor.py ../shared/data/meddocan/dev --donor ../shared/data/meddocan/train OUT...

For each surrogate folder OUT (``surrogate apply`` output of ORIG) it prints the names AUC as realism.py computes
it (char 1-4-gram logistic regression, 5-fold, every mention), the AUC per label (patient, staff), and the AUC
on distinct strings (each string once per class: nothing to memorise). With ``--donor``, the same figures for a
*real-name* generator: every name string of a document becomes, consistently within the document, a name string
of the same label and word count from the donor corpus (another split of the same corpus, so the same names),
never one that shares a word with the document's names. Two donors: ``with`` replacement draws each string
independently (what a generator that draws every document on its own does, like ``surrogate``); ``without``
replacement uses each donor string once, so the surrogates' name counts copy the donor corpus's.

On MEDDOCAN dev (donor: train, seeds 0-2; 2026-11-25) the ``with`` donor scores .726 and the ``without`` one .652;
``surrogate apply`` scores .714 (seeds 1-3). Staff names, written twice per document ("Médico:" and the signature),
score .76-.86 in every condition: the classifier memorises a string whose twin is in its training folds.
Prints numbers only, never corpus text. Needs scikit-learn.
"""
from __future__ import annotations

import argparse
import random
from collections import defaultdict
from pathlib import Path

NAME_LABELS = ("NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO")


def spans(ann: Path) -> dict[str, tuple[str, str]]:
    """T id → (label, text) of the name spans of one .ann file."""
    out = {}
    if ann.exists():
        for line in ann.read_text(encoding="utf-8").splitlines():
            if line.startswith("T") and line.count("\t") >= 2:
                tid, middle, text = line.split("\t", 2)
                label = middle.split(" ", 1)[0]
                if label in NAME_LABELS:
                    out[tid] = (label, text)
    return out


def auc(originals: list[str], surrogates: list[str]) -> float:
    """realism.py's classifier and cross-validation."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold, cross_val_score
    from sklearn.pipeline import make_pipeline

    pipe = make_pipeline(TfidfVectorizer(analyzer="char_wb", ngram_range=(1, 4), lowercase=False, min_df=1),
                         LogisticRegression(max_iter=2000, C=1.0))
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
    y = [0] * len(originals) + [1] * len(surrogates)
    return float(cross_val_score(pipe, originals + surrogates, y, cv=cv, scoring="roc_auc").mean())


def figures(pairs: list[tuple[str, str, str]]) -> dict[str, float]:
    """(label, original, surrogate) → AUC of all mentions, per label, and of distinct strings."""
    out = {"names": auc([o for _, o, _ in pairs], [s for _, _, s in pairs])}
    for label in NAME_LABELS:
        sub = [(o, s) for lab, o, s in pairs if lab == label]
        out[label] = auc([o for o, _ in sub], [s for _, s in sub])
    a = list(dict.fromkeys(o for _, o, _ in pairs))
    b = list(dict.fromkeys(s for _, _, s in pairs))
    n = min(len(a), len(b))
    rnd = random.Random(0)
    out["distinct"] = auc(rnd.sample(a, n), rnd.sample(b, n))
    return out


def surrogate_pairs(orig: Path, out: Path) -> list[tuple[str, str, str]]:
    pairs = []
    for ann in sorted(orig.glob("*.ann")):
        new = spans(out / ann.name)
        for tid, (label, text) in spans(ann).items():
            if tid in new:
                pairs.append((label, text, new[tid][1]))
    return pairs


def donor_pairs(orig: Path, donor: Path, seed: int, replace: bool = False) -> list[tuple[str, str, str]]:
    """Each distinct name string of a document becomes a donor string of the same label and word count, drawn
    without replacement (a donor document's string once) until the donor runs out, so that no donor string
    repeats across documents more than the donor's own strings do. Like the replacer, a donor string that
    shares a word with a name of the document is passed over."""
    pool: dict[tuple[str, int], list[str]] = defaultdict(list)
    for ann in sorted(donor.glob("*.ann")):
        for label, text in set(spans(ann).values()):
            pool[(label, len(text.split()))].append(text)
    rnd = random.Random(seed)
    left: dict[tuple[str, int], list[str]] = {}
    pairs = []
    for ann in sorted(orig.glob("*.ann")):
        chosen: dict[str, str] = {}
        names = spans(ann).values()
        banned = {w.casefold() for _, text in names for w in text.split()}
        for label, text in names:
            if text not in chosen:
                key = (label, len(text.split())) if (label, len(text.split())) in pool else (label, 2)
                for _ in range(50):
                    if replace:
                        left[key] = [rnd.choice(pool[key])]
                    elif not left.get(key):
                        left[key] = rnd.sample(pool[key], len(pool[key]))
                    chosen[text] = left[key].pop()
                    if not banned & {w.casefold() for w in chosen[text].split()}:
                        break
                banned |= {w.casefold() for w in chosen[text].split()}
            pairs.append((label, text, chosen[text]))
    return pairs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("orig", type=Path, help="BRAT folder of the originals")
    parser.add_argument("outs", nargs="*", type=Path, help="surrogate apply outputs of ORIG")
    parser.add_argument("--donor", type=Path, help="BRAT folder of another split: real names as surrogates")
    parser.add_argument("--donor-seeds", type=int, default=3)
    args = parser.parse_args(argv)
    rows = [(str(out), surrogate_pairs(args.orig, out)) for out in args.outs]
    if args.donor:
        for replace in (True, False):
            rows += [(f"donor {'with' if replace else 'without'} replacement, seed {s}",
                      donor_pairs(args.orig, args.donor, s, replace)) for s in range(args.donor_seeds)]
    print(f"{'surrogates':40} {'names':>6} {'patient':>8} {'staff':>6} {'distinct':>9}")
    for name, pairs in rows:
        f = figures(pairs)
        print(f"{name[-40:]:40} {f['names']:6.3f} {f[NAME_LABELS[0]]:8.3f} {f[NAME_LABELS[1]]:6.3f} "
              f"{f['distinct']:9.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
