"""``augment --vary-formats`` over every fictional set (ood, layouts, heldout): notes in layouts MEDDOCAN lacks.

It once stopped with an internal error in every worker on any date written with a Roman month (``19-III-24``),
so it could not run on these sets at all; the MEDDOCAN tests never met one. Each copy must hold its spans
exactly, keep the text outside them, and leave no gold direct identifier verbatim (``España`` is the locale's
own country, which identifies no one and may stay; see below for a bare month).
"""
from __future__ import annotations

import re

from pathlib import Path

import pytest
from test_layouts_corpus import SCHEMA, survivors
from test_ood_corpus import read_exact_copies

from augment.cli import main
from augment.corpus import read_corpus
from surrogate.replacers.facilities.parse import segments, tokens

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", ["ood", "layouts", "heldout"])
def test_vary_formats_runs_exact_and_leaves_no_gold_identifier(name, tmp_path):
    corpus = REPO / "tests" / "data" / name
    out = tmp_path / "out"
    assert main(["augment", str(corpus), str(out), "--times", "2", "--seed", "5", "--vary-formats"]) == 0
    gold = list(read_corpus(corpus, "brat", allow_overlaps=True))
    copies = read_exact_copies(out, gold)
    tally = survivors.count_survivors(gold, copies, SCHEMA)
    assert sum(tally.checked.values()) >= 2 * 250
    texts = {d.id: {sp.id: d.span_text(sp) for sp in d.spans} for d in gold}

    def exempt(copy: str, span_id: str, label: str) -> bool:
        # a bare month ("mayo"), year ("2024") or day ("10" of "del 10 al 14 de marzo") may come back inside
        # another date the document shift moved there ("24 de mayo de 2023", "jueves 10"): one shift per document,
        # the documented
        # exemption of dates; a facility named by type words only ("Hospital Civil") names no one, as the leak
        # guard rules (its surrogate completes it: "Hospital Civil de Lugo")
        text = texts[copy.rsplit("_aug", 1)[0]][span_id]
        if label == "FECHAS":
            return not any(c.isdigit() for c in text) or (text.isdigit() and len(text) in (1, 2, 4))
        if text.isdigit() and len(text) <= 2:
            return True  # a room "24" beside "24 h": two digits are written anywhere (the corpus tests skip them too)
        if label == "CALLE" and not re.search(r"[^\W\d_]{3,}", text):
            return True  # a floor and door alone ("en el 4.º A"): another address of the copy may be on a 4.º A
        return text == "España" or (label in ("HOSPITAL", "CENTRO_SALUD") and not segments(tokens(text)))

    assert [(f, sid) for f, sid, label in tally.where if not exempt(f, sid, label)] == []
