"""NER evaluation: strict and exact matching, micro/macro/per type, MUC-style counts, MEDDOCAN scores.

Two matching modes, as in SemEval'13 / nervaluate:

* **strict**: a prediction is correct when its label and its offsets both equal a gold span's;
* **exact**: a prediction is correct when its offsets equal a gold span's, whatever its label.

Per document, gold and predicted spans are first deduplicated (a set of ``(label, fragments)`` in strict
mode, of ``fragments`` in exact mode, as the official MEDDOCAN script does). Correct pairs are matched
first (COR). Then each remaining gold span, left to right, is paired with the remaining prediction that
overlaps it most: that pair is incorrect (INC). Gold spans left unpaired are missed (MIS); predictions
left unpaired are spurious (SPU). So ``POS = COR + INC + MIS`` is the number of gold spans and
``ACT = COR + INC + SPU`` the number of predictions, and

    precision = COR / ACT      recall = COR / POS      F1 = 2PR / (P + R)

Micro scores pool every span; macro scores average P, R and F1 over the types present in gold. Per type
T, COR/INC/MIS count the gold spans labelled T and SPU the predictions labelled T; precision uses the
predictions labelled T that are correct (in exact mode a prediction labelled X exactly on a gold T span
counts as correct for X's precision and T's recall).

The strict micro scores equal the official MEDDOCAN "NER" subtrack, and the exact micro scores its
"SPANS (strict)" subtrack; ``meddocan["spans_merged"]`` reproduces its "SPANS (merged)" score. A document
missing from the predictions counts as all missed (the official script would skip it).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .model import Document, Fragment, Span

MODES = ("strict", "exact")


@dataclass
class Counts:
    """MUC-style counts. ``cor_pred`` is the number of correct predictions (equal to ``cor`` in micro)."""

    cor: int = 0
    inc: int = 0
    mis: int = 0
    spu: int = 0
    cor_pred: int = 0
    act: int = 0

    @property
    def pos(self) -> int:
        return self.cor + self.inc + self.mis

    @property
    def precision(self) -> float:
        return self.cor_pred / self.act if self.act else 0.0

    @property
    def recall(self) -> float:
        return self.cor / self.pos if self.pos else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def add(self, other: Counts) -> None:
        self.cor += other.cor
        self.inc += other.inc
        self.mis += other.mis
        self.spu += other.spu
        self.cor_pred += other.cor_pred
        self.act += other.act

    def to_dict(self) -> dict[str, float | int]:
        return {
            "COR": self.cor, "INC": self.inc, "MIS": self.mis, "SPU": self.spu, "POS": self.pos, "ACT": self.act,
            "precision": self.precision, "recall": self.recall, "f1": self.f1,
        }


@dataclass
class ModeScores:
    micro: Counts = field(default_factory=Counts)
    per_type: dict[str, Counts] = field(default_factory=dict)

    def type_counts(self, label: str) -> Counts:
        return self.per_type.setdefault(label, Counts())

    @property
    def macro(self) -> dict[str, float]:
        types = [c for c in self.per_type.values() if c.pos]
        if not types:
            return {"precision": 0.0, "recall": 0.0, "f1": 0.0}
        n = len(types)
        return {
            "precision": sum(c.precision for c in types) / n,
            "recall": sum(c.recall for c in types) / n,
            "f1": sum(c.f1 for c in types) / n,
        }

    def to_dict(self) -> dict[str, object]:
        return {
            "micro": self.micro.to_dict(),
            "macro": self.macro,
            "per_type": {label: self.per_type[label].to_dict() for label in sorted(self.per_type)},
        }


@dataclass
class EvaluationReport:
    strict: ModeScores
    exact: ModeScores
    meddocan: dict[str, dict[str, float]]
    documents: int
    missing_predictions: list[str]
    extra_predictions: list[str]
    schema: str = "meddocan"

    def to_dict(self) -> dict[str, object]:
        return {
            "schema": self.schema,
            "documents": self.documents,
            "missing_predictions": self.missing_predictions,
            "extra_predictions": self.extra_predictions,
            "strict": self.strict.to_dict(),
            "exact": self.exact.to_dict(),
            "meddocan": self.meddocan,
        }

    def format(self) -> str:
        """A plain-text report: micro and macro per mode, then the per-type table."""
        out = [f"{self.documents} documents, schema {self.schema}"]
        if self.missing_predictions:
            out.append(f"{len(self.missing_predictions)} gold documents have no prediction (counted as missed)")
        if self.extra_predictions:
            out.append(f"{len(self.extra_predictions)} predicted documents have no gold (counted as spurious)")
        out.append("")
        out.append(f"{'':13}{'P':>8}{'R':>8}{'F1':>8}{'COR':>7}{'INC':>7}{'MIS':>7}{'SPU':>7}{'POS':>7}{'ACT':>7}")
        for mode in MODES:
            scores: ModeScores = getattr(self, mode)
            m = scores.micro
            out.append(
                f"{mode + ' micro':<13}"
                f"{m.precision:8.4f}{m.recall:8.4f}{m.f1:8.4f}{m.cor:7d}{m.inc:7d}{m.mis:7d}{m.spu:7d}{m.pos:7d}{m.act:7d}"
            )
            mac = scores.macro
            out.append(f"{mode + ' macro':<13}{mac['precision']:8.4f}{mac['recall']:8.4f}{mac['f1']:8.4f}")
        out.append("")
        med = self.meddocan
        out.append("MEDDOCAN official definitions (micro):")
        for key in ("ner", "spans", "spans_merged"):
            s = med[key]
            out.append(f"  {key:<13}P {s['precision']:.4f}  R {s['recall']:.4f}  F1 {s['f1']:.4f}")
        out.append("")
        width = max([len(t) for t in self.strict.per_type] + [4])
        out.append(f"{'type':<{width}}  {'strict P':>8}{'R':>8}{'F1':>8}  {'exact P':>8}{'R':>8}{'F1':>8}{'POS':>7}{'ACT':>7}")
        for label in sorted(self.strict.per_type):
            s, e = self.strict.per_type[label], self.exact.per_type.get(label, Counts())
            out.append(
                f"{label:<{width}}  {s.precision:8.4f}{s.recall:8.4f}{s.f1:8.4f}  "
                f"{e.precision:8.4f}{e.recall:8.4f}{e.f1:8.4f}{s.pos:7d}{s.act:7d}"
            )
        return "\n".join(out)


# ------------------------------------------------------------------------------------------ matching

_Item = tuple[str, tuple[Fragment, ...]]  # (label, fragments)


def _overlap(a: tuple[Fragment, ...], b: tuple[Fragment, ...]) -> int:
    return sum(max(0, min(e1, e2) - max(s1, s2)) for s1, e1 in a for s2, e2 in b)


def _dedupe(items: Iterable[_Item], exact: bool) -> list[_Item]:
    seen: dict[object, _Item] = {}
    for label, frags in sorted(items, key=lambda it: (it[1], it[0])):
        key = frags if exact else (label, frags)
        seen.setdefault(key, (label, frags))
    return list(seen.values())


def _score_document(gold: list[_Item], pred: list[_Item], exact: bool, scores: ModeScores) -> None:
    gold, pred = _dedupe(gold, exact), _dedupe(pred, exact)
    key = (lambda it: it[1]) if exact else (lambda it: it)
    pred_by_key = {key(p): i for i, p in enumerate(pred)}
    gold_outcome: list[str] = [""] * len(gold)
    pred_outcome: list[str] = [""] * len(pred)
    for gi, g in enumerate(gold):
        pi = pred_by_key.get(key(g))
        if pi is not None:
            gold_outcome[gi] = pred_outcome[pi] = "COR"
    free = [pi for pi in range(len(pred)) if not pred_outcome[pi]]
    for gi in sorted((gi for gi in range(len(gold)) if not gold_outcome[gi]), key=lambda i: gold[i][1]):
        best, best_overlap = None, 0
        for pi in free:
            ov = _overlap(gold[gi][1], pred[pi][1])
            if ov > best_overlap:
                best, best_overlap = pi, ov
        if best is None:
            gold_outcome[gi] = "MIS"
        else:
            gold_outcome[gi] = pred_outcome[best] = "INC"
            free.remove(best)
    for pi in free:
        pred_outcome[pi] = "SPU"

    doc = Counts()
    for (label, _), outcome in zip(gold, gold_outcome):
        per = scores.type_counts(label)
        for c in (doc, per):
            if outcome == "COR":
                c.cor += 1
            elif outcome == "INC":
                c.inc += 1
            else:
                c.mis += 1
    for (label, _), outcome in zip(pred, pred_outcome):
        per = scores.type_counts(label)
        for c in (doc, per):
            c.act += 1
            if outcome == "COR":
                c.cor_pred += 1
            elif outcome == "SPU":
                c.spu += 1
    scores.micro.add(doc)


# --------------------------------------------------------------------------- official MEDDOCAN scores


def _prf(tp: int, fp: int, fn: int) -> dict[str, float]:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return {"precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0}


def _merge_spans(spans: list[tuple[int, int]], text: str) -> list[tuple[int, int]]:
    """The official script's merged spans: neighbours joined when only non-alphanumerics lie between."""
    merged: list[tuple[int, int]] = []
    for s, e in sorted(spans):
        if merged and all(not ch.isalnum() for ch in text[merged[-1][1]:s]):
            merged[-1] = (merged[-1][0], e)
        else:
            merged.append((s, e))
    return merged


def _contained(span: tuple[int, int], container: Iterable[tuple[int, int]]) -> bool:
    return any(span[0] >= s and span[1] <= e for s, e in container)


class _Official:
    """Accumulates the three micro scores of the official MEDDOCAN evaluation script."""

    def __init__(self) -> None:
        self.ner = [0, 0, 0]
        self.spans = [0, 0, 0]
        self.merged = [0, 0, 0]

    def add(self, gold: Sequence[_Item], pred: Sequence[_Item], text: str) -> None:
        g_ner = {(lab, fr[0][0], fr[-1][1]) for lab, fr in gold}
        p_ner = {(lab, fr[0][0], fr[-1][1]) for lab, fr in pred}
        for acc, g, p in ((self.ner, g_ner, p_ner), (self.spans, {x[1:] for x in g_ner}, {x[1:] for x in p_ner})):
            acc[0] += len(g & p)
            acc[1] += len(p - g)
            acc[2] += len(g - p)
        g_strict, p_strict = {x[1:] for x in g_ner}, {x[1:] for x in p_ner}
        g_merged, p_merged = set(_merge_spans(list(g_strict), text)), set(_merge_spans(list(p_strict), text))
        intersection = (g_strict & p_strict) | (g_merged & p_merged)
        fp = {t for t in p_strict - g_strict if not _contained(t, intersection)}
        fn = {t for t in g_strict - p_strict if not _contained(t, intersection)}
        self.merged[0] += len(intersection)
        self.merged[1] += len(fp)
        self.merged[2] += len(fn)

    def result(self) -> dict[str, dict[str, float]]:
        return {"ner": _prf(*self.ner), "spans": _prf(*self.spans), "spans_merged": _prf(*self.merged)}


# ---------------------------------------------------------------------------------------- entry point

LabelMap = Callable[[str], "str | None"]


def _items(spans: Iterable[Span], label_map: LabelMap | None) -> list[_Item]:
    out = []
    for sp in spans:
        label = label_map(sp.label) if label_map else sp.label
        if label is not None:
            out.append((label, tuple(sp.fragments)))
    return out


def evaluate(
    gold: Mapping[str, Document],
    pred: Mapping[str, Sequence[Span]],
    *,
    label_map: LabelMap | None = None,
    schema: str = "meddocan",
) -> EvaluationReport:
    """Score predicted spans against gold documents (both keyed by document id).

    ``label_map`` relabels gold and predicted spans before scoring (returning None drops a span), e.g.
    MEDDOCAN labels into the 8 Galén types. Gold documents without a prediction count as all missed;
    predictions for documents without gold count as spurious.
    """
    strict, exact, official = ModeScores(), ModeScores(), _Official()
    missing = sorted(set(gold) - set(pred))
    extra = sorted(set(pred) - set(gold))
    for doc_id in sorted(set(gold) | set(pred)):
        g = _items(gold[doc_id].spans, label_map) if doc_id in gold else []
        p = _items(pred.get(doc_id, ()), label_map)
        _score_document(g, p, False, strict)
        _score_document(g, p, True, exact)
        official.add(g, p, gold[doc_id].text if doc_id in gold else "")
    return EvaluationReport(strict, exact, official.result(), len(gold), missing, extra, schema)
