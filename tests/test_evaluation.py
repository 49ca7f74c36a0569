"""NER evaluation: hand-counted cases, agreement with the official MEDDOCAN definitions, the CLI."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from augment.cli import main
from surrogate.evaluation import evaluate
from surrogate.model import Document, Span
from surrogate.ner.labelmap import MEDDOCAN_TO_GALEN

TEXT = "Juan vive en Madrid desde 2010 y trabaja en Toledo con Ana."
#       0123456789012345678901234567890123456789012345678901234567


def doc(spans, text=TEXT, doc_id="d1"):
    return Document(doc_id, text, tuple(Span(f"T{i}", lab, s, e) for i, (s, e, lab) in enumerate(spans, 1)))


def spans(items):
    return [Span(f"T{i}", lab, s, e) for i, (s, e, lab) in enumerate(items, 1)]


# ------------------------------------------------------------------------------------- hand counts

def test_strict_and_exact_counts_by_hand():
    gold = {"d1": doc([(0, 4, "PER"), (13, 19, "LOC"), (26, 30, "DATE")])}
    pred = {"d1": spans([
        (0, 4, "PER"),      # correct
        (13, 19, "PER"),    # right span, wrong type
        (26, 28, "DATE"),   # overlaps the date, wrong boundary
        (44, 50, "LOC"),    # spurious
    ])}
    rep = evaluate(gold, pred)
    s, e = rep.strict.micro, rep.exact.micro
    assert (s.cor, s.inc, s.mis, s.spu, s.pos, s.act) == (1, 2, 0, 1, 3, 4)
    assert (e.cor, e.inc, e.mis, e.spu, e.pos, e.act) == (2, 1, 0, 1, 3, 4)
    assert s.precision == pytest.approx(1 / 4) and s.recall == pytest.approx(1 / 3)
    assert s.f1 == pytest.approx(2 * (1 / 4) * (1 / 3) / (1 / 4 + 1 / 3))
    assert e.precision == pytest.approx(2 / 4) and e.recall == pytest.approx(2 / 3)
    # per type: LOC gold is INC in strict (typed PER), COR in exact; the PER prediction on it is correct in exact
    assert rep.strict.per_type["LOC"].cor == 0 and rep.exact.per_type["LOC"].cor == 1
    assert rep.exact.per_type["PER"].precision == pytest.approx(2 / 2)
    assert rep.strict.per_type["PER"].precision == pytest.approx(1 / 2)
    assert rep.strict.per_type["LOC"].spu == 1  # the Toledo prediction
    # macro = mean over gold types of per-type F1 (PER 2/3, LOC 0, DATE 0 in strict)
    assert rep.strict.macro["f1"] == pytest.approx((2 / 3 + 0 + 0) / 3)


def test_one_prediction_overlapping_two_gold_spans_pairs_with_one_only():
    gold = {"d1": doc([(0, 4, "PER"), (5, 9, "PER")])}
    pred = {"d1": spans([(0, 9, "PER")])}
    m = evaluate(gold, pred).strict.micro
    assert (m.cor, m.inc, m.mis, m.spu) == (0, 1, 1, 0)
    assert m.pos == 2 and m.act == 1


def test_missing_document_counts_as_missed_and_extra_as_spurious():
    gold = {"a": doc([(0, 4, "PER")], doc_id="a"), "b": doc([(13, 19, "LOC"), (26, 30, "DATE")], doc_id="b")}
    pred = {"a": spans([(0, 4, "PER")]), "zzz": spans([(0, 4, "PER")])}
    rep = evaluate(gold, pred)
    assert rep.missing_predictions == ["b"] and rep.extra_predictions == ["zzz"]
    m = rep.strict.micro
    assert (m.cor, m.mis, m.spu) == (1, 2, 1)
    assert m.recall == pytest.approx(1 / 3)


def test_duplicates_count_once_like_the_official_script():
    gold = {"d1": doc([(0, 4, "PER")])}
    pred = {"d1": spans([(0, 4, "PER"), (0, 4, "PER")])}
    m = evaluate(gold, pred).strict.micro
    assert (m.cor, m.act, m.spu) == (1, 1, 0)


def test_galen_mapping_drops_dates_and_merges_person_labels():
    gold = {"d1": doc([(0, 4, "NOMBRE_SUJETO_ASISTENCIA"), (13, 19, "TERRITORIO"), (26, 30, "FECHAS")])}
    pred = {"d1": spans([(0, 4, "NOMBRE_PERSONAL_SANITARIO"), (13, 19, "PAIS")])}
    plain = evaluate(gold, pred)
    assert plain.strict.micro.cor == 0
    rep = evaluate(gold, pred, label_map=MEDDOCAN_TO_GALEN.get, schema="galen")
    m = rep.strict.micro
    assert (m.cor, m.pos, m.act) == (2, 2, 2)  # the date is not a Galén type
    assert set(rep.strict.per_type) == {"PERSON", "LOCATION"}


# ------------------------------------------------- agreement with the official definitions (independent)

def official_micro(gold_sets, pred_sets):
    """The MEDDOCAN script's micro P/R/F1: set intersection per document, only docs present in both."""
    tp = fp = fn = 0
    for d in gold_sets:
        g, p = gold_sets[d], pred_sets.get(d, set())
        tp += len(g & p)
        fp += len(p - g)
        fn += len(g - p)
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def official_merged(gold_spans, pred_spans, text):
    """The script's SPANS merged score for one document: (tp, fp, fn) counts."""
    def merge(spans_):
        out = []
        for y in sorted(spans_):
            if out and all(not c.isalnum() for c in text[out[-1][1]:y[0]]):
                out[-1] = (out[-1][0], y[1])
            else:
                out.append(y)
        return set(out)

    g, p = set(gold_spans), set(pred_spans)
    inter = (g & p) | (merge(g) & merge(p))
    contained = lambda t: any(t[0] >= s and t[1] <= e for s, e in inter)
    return len(inter), len({t for t in p - g if not contained(t)}), len({t for t in g - p if not contained(t)})


LABELS = ("A", "B", "C")
span_st = st.tuples(st.integers(0, 50), st.integers(1, 8), st.sampled_from(LABELS)).map(lambda t: (t[0], t[0] + t[1], t[2]))
doc_st = st.lists(span_st, max_size=8)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(["d1", "d2", "d3"]), st.tuples(doc_st, doc_st), min_size=1))
def test_micro_scores_equal_the_official_set_definitions(docs):
    text = "Ab, cd ef-gh " * 6
    gold = {d: doc(g, text=text, doc_id=d) for d, (g, _) in docs.items()}
    pred = {d: spans(p) for d, (_, p) in docs.items()}
    rep = evaluate(gold, pred)
    g_ner = {d: {(lab, s, e) for s, e, lab in g} for d, (g, _) in docs.items()}
    p_ner = {d: {(lab, s, e) for s, e, lab in p} for d, (_, p) in docs.items()}
    g_sp = {d: {(s, e) for _, s, e in v} for d, v in g_ner.items()}
    p_sp = {d: {(s, e) for _, s, e in v} for d, v in p_ner.items()}
    for mode, ours, g_sets, p_sets in (("strict", rep.strict.micro, g_ner, p_ner), ("exact", rep.exact.micro, g_sp, p_sp)):
        p, r, f = official_micro(g_sets, p_sets)
        assert ours.precision == pytest.approx(p), mode
        assert ours.recall == pytest.approx(r), mode
        assert ours.f1 == pytest.approx(f), mode
        assert ours.pos == sum(len(v) for v in g_sets.values())
        assert ours.act == sum(len(v) for v in p_sets.values())
        assert ours.cor + ours.inc + ours.mis == ours.pos and ours.cor + ours.inc + ours.spu == ours.act
    assert rep.meddocan["ner"]["f1"] == pytest.approx(rep.strict.micro.f1)
    assert rep.meddocan["spans"]["f1"] == pytest.approx(rep.exact.micro.f1)
    if all(len(g_sp[d]) == len(g_ner[d]) and len(p_sp[d]) == len(p_ner[d]) for d in docs):
        assert rep.strict.micro.cor <= rep.exact.micro.cor  # (with one label per offset pair)
    tp = fp = fn = 0
    for d in docs:
        a, b, c = official_merged(g_sp[d], p_sp[d], text)
        tp, fp, fn = tp + a, fp + b, fn + c
    expected_p = tp / (tp + fp) if tp + fp else 0.0
    expected_r = tp / (tp + fn) if tp + fn else 0.0
    assert rep.meddocan["spans_merged"]["precision"] == pytest.approx(expected_p)
    assert rep.meddocan["spans_merged"]["recall"] == pytest.approx(expected_r)


def test_gold_against_itself_scores_one(meddocan_dev):
    gold = {d.id: d for d in meddocan_dev}
    rep = evaluate(gold, {d.id: list(d.spans) for d in meddocan_dev})
    for mode in (rep.strict, rep.exact):
        assert mode.micro.f1 == 1.0 and mode.micro.spu == 0 and mode.micro.mis == 0
        assert mode.macro["f1"] == 1.0


# ------------------------------------------------------------------------------------------------ CLI

def write_brat(folder, name, text, items, with_txt=True):
    folder.mkdir(parents=True, exist_ok=True)
    if with_txt:
        (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    lines = [f"T{i}\t{lab} {s} {e}\t{text[s:e]}" for i, (s, e, lab) in enumerate(items, 1)]
    (folder / f"{name}.ann").write_text("\n".join(lines) + ("\n" if lines else ""), encoding="utf-8")


def test_cli_json_counts_missing_documents(tmp_path, capsys):
    gold, pred = tmp_path / "gold", tmp_path / "pred"
    write_brat(gold, "a", TEXT, [(0, 4, "NOMBRE_SUJETO_ASISTENCIA"), (13, 19, "TERRITORIO")])
    write_brat(gold, "b", TEXT, [(26, 30, "FECHAS")])
    write_brat(pred, "a", TEXT, [(0, 4, "NOMBRE_SUJETO_ASISTENCIA"), (13, 19, "PAIS")], with_txt=False)
    assert main(["evaluate", str(gold), str(pred), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["missing_predictions"] == ["b"]
    assert out["strict"]["micro"]["COR"] == 1 and out["strict"]["micro"]["MIS"] == 1
    assert out["exact"]["micro"]["COR"] == 2
    assert out["strict"]["micro"]["recall"] == pytest.approx(1 / 3)

    assert main(["evaluate", str(gold), str(pred), "--json", "--schema", "galen"]) == 0
    galen = json.loads(capsys.readouterr().out)
    assert galen["schema"] == "galen"
    assert galen["strict"]["micro"]["COR"] == 2 and galen["strict"]["micro"]["POS"] == 2


def test_cli_rejects_predictions_on_another_text(tmp_path, capsys):
    gold, pred = tmp_path / "gold", tmp_path / "pred"
    write_brat(gold, "a", TEXT, [(0, 4, "NOMBRE_SUJETO_ASISTENCIA")])
    write_brat(pred, "a", TEXT.replace("Juan", "Luis"), [(0, 4, "NOMBRE_SUJETO_ASISTENCIA")])
    assert main(["evaluate", str(gold), str(pred)]) == 2
    err = capsys.readouterr().err
    assert "a.txt" in err and "differs" in err and "Traceback" not in err


def test_cli_reports_a_bad_prediction_file_by_name_and_line(tmp_path, capsys):
    gold, pred = tmp_path / "gold", tmp_path / "pred"
    write_brat(gold, "a", TEXT, [(0, 4, "NOMBRE_SUJETO_ASISTENCIA")])
    pred.mkdir()
    (pred / "a.ann").write_bytes(b"T1\tNOMBRE 0 4\tJuan\nT2\tNOMBRE 0 999\tx\n")
    assert main(["evaluate", str(gold), str(pred)]) == 2
    err = capsys.readouterr().err
    assert "a.ann:2" in err and "Juan" not in err


def test_cli_runs_as_a_program_without_traceback(tmp_path):
    gold = tmp_path / "gold"
    write_brat(gold, "a", TEXT, [(0, 4, "NOMBRE_SUJETO_ASISTENCIA")])
    proc = subprocess.run(
        [sys.executable, "-m", "augment.cli", "evaluate", str(gold), str(tmp_path / "nope")],
        check=False, capture_output=True, text=True, env={**os.environ, "SURROGATE_DEBUG": ""},
    )
    assert proc.returncode == 2 and "not a directory" in proc.stderr and "Traceback" not in proc.stderr
