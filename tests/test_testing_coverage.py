"""The value strategies draw the layouts real clinical text uses: every identifier and phone layout, and every
via form, that MEDDOCAN train+dev writes at least twice is drawn (the dates have their own, finer test in
test_testing_dates.py). What occurs once is mostly a typo or a mislabelled span, and is left out."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from gazetteers.text import fold
from surrogate import load_schema
from surrogate.replacers.address_parse import parse_address
from surrogate.testing import strategies as phi

SCHEMA = load_schema("meddocan")


def run_layout(value: str) -> str:
    """Digit runs as 9, letter runs as A or a: "NHC 0781563" → "A 9", "28/12345678/40" → "9/9/9"."""
    value = re.sub(r"\d+", "9", value)
    return re.sub(r"[^\W\d_]+", lambda m: "A" if m.group(0)[0].isupper() else "a", value)


def via_form(value: str) -> str:
    """The via as written, folded and without its final dot ("Avda." → "avda", "C/" → "c/")."""
    return fold(parse_address(value).via).rstrip(".")


def drawn(strategy, reading: Callable[[str], str], examples: int) -> set[str]:
    seen: set[str] = set()

    @settings(max_examples=examples, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(value: str) -> None:
        seen.add(reading(value))

    collect()
    return seen


#: misspellings MEDDOCAN repeats, which a strategy of well-formed values need not draw
TYPOS = {"address": {"calla"}}

CASES = {
    "identifier": (phi.identifiers, run_layout, lambda layout: "9" in layout),
    "phone": (phi.phones, run_layout, lambda layout: "9" in layout),
    "address": (phi.addresses, via_form, lambda via: True),
}


@pytest.mark.parametrize("kind", sorted(CASES))
def test_every_layout_meddocan_writes_twice_is_drawn(kind: str, meddocan_train, meddocan_dev) -> None:
    strategy, reading, counted = CASES[kind]
    real = Counter(reading(doc.span_text(sp)) for doc in meddocan_train + meddocan_dev for sp in doc.spans
                   if SCHEMA.spec(sp.label).kind == kind)
    real = Counter({layout: n for layout, n in real.items() if counted(layout)})
    seen = drawn(strategy(), reading, examples=3000)
    missing = sorted(layout for layout, n in real.items()
                     if n >= 2 and layout not in seen and layout not in TYPOS.get(kind, ()))
    assert not missing, f"{kind}: {len(missing)} MEDDOCAN layouts no strategy draws: {missing}"
    # and what is left out is rare (phones: 2 of 104 spans, each layout written once)
    assert sum(n for layout, n in real.items() if layout in seen) >= 0.98 * sum(real.values())
