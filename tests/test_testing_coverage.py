"""The value strategies draw the layouts real clinical text uses (MEDDOCAN train+dev): every well-formed date
layout, and every identifier and phone layout and via form written at least twice. What occurs once is mostly
a typo or a mislabelled span, and is left out."""
from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Hashable

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from gazetteers.text import fold
from surrogate import load_schema
from surrogate.replacers.places.address_parse import parse_address
from surrogate.replacers.dates.formats import DateGrammar
from surrogate.testing import strategies as phi

SCHEMA = load_schema("meddocan")
DATE_GRAMMAR = DateGrammar("es")


def run_layout(value: str) -> str:
    """Digit runs as 9, letter runs as A or a: "NHC 0781563" → "A 9", "28/12345678/40" → "9/9/9"."""
    value = re.sub(r"\d+", "9", value)
    return re.sub(r"[^\W\d_]+", lambda m: "A" if m.group(0)[0].isupper() else "a", value)


def via_form(value: str) -> str:
    """The via as written, folded and without its final dot ("Avda." → "avda", "C/" → "c/")."""
    return fold(parse_address(value).via).rstrip(".")


def date_layout(text: str) -> tuple[str, ...] | None:
    """What a date looks like to the replacer's grammar: month names by style, numbers by width, seasons as S,
    and the words and separators between them as written (folded)."""
    parsed = DATE_GRAMMAR.parse(text)
    if parsed is None:
        return None
    styles = dict(parsed.month_styles)
    return tuple(
        f"month:{styles[i]}" if styles.get(i, "num") != "num" else
        "9" * len(token) if token.isdigit() else "S" if parsed.seasons.lookup(token) else fold(token)
        for i, token in enumerate(parsed.tokens)
    )


def drawn(strategy, reading: Callable[[str], Hashable], examples: int) -> set[Hashable]:
    seen: set[Hashable] = set()

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


def test_every_well_formed_meddocan_date_layout_is_drawn(meddocan_train, meddocan_dev) -> None:
    seen = drawn(phi.dates(), date_layout, examples=100 * len(phi.DATE_FAMILIES))
    vocabulary = {token for found in seen for token in found if not token.startswith(("9", "month:"))}
    real = [date_layout(doc.span_text(sp)) for doc in meddocan_train + meddocan_dev for sp in doc.spans
            if sp.label == "FECHAS"]
    # typos ("23/010/1990", "26708/2017") and non-date words (a hospital named after a date) are left out
    well_formed = [found for found in real if found is not None and all(
        token.startswith("month:") or (token.isdigit() and len(token) in (1, 2, 4)) or
        (not token.isdigit() and token in vocabulary) for token in found)
        and not any(a.isdigit() and b.isdigit() for a, b in itertools.pairwise(found))]
    assert len(well_formed) >= 0.99 * len(real)
    missing = {found for found in well_formed if found not in seen}
    assert not missing, f"{len(missing)} MEDDOCAN date layouts no family draws: {sorted(missing)[:5]}"
