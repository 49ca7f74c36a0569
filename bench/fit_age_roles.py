"""Fit the age-by-role priors shipped in ``surrogate/replacers/dates/age_roles.py`` (issue 13).

Usage: python bench/fit_age_roles.py ../shared/data/meddocan/train ../shared/data/meddocan/dev

Counts, per role, the distinct ages in years of each document (a header's "Edad: 53 años" and the narrative's
"varón de 53 años" count once): *patient* = EDAD_SUJETO_ASISTENCIA mentions, *relative* = the ages inside
FAMILIARES_SUJETO_ASISTENCIA mentions ("madre de 34 años"). Ages are read with the age replacer's own parser.
Prints the counts per 5-year bin (0–4, 5–9, …, 95–99, 100+), which is all that is shipped: no text.
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from surrogate.replacers.dates.ages import YEARS, _TOKEN, _parse
from surrogate.replacers.dates.age_roles import BINS, bin_of
from surrogate.replacers.people.kinship import _AGE_IN, KinshipReplacer


def years_in(text: str) -> list[int]:
    quantities, _ = _parse(_TOKEN.findall(text))
    return [q.value for q in quantities if q.unit == YEARS and q.style != "ordinal"]


def fit(dirs: list[str]) -> tuple[int, dict[str, tuple[int, ...]]]:
    """(documents read, role → counts per bin): what ``age_roles.COUNTS`` ships."""
    counts = {"patient": Counter(), "relative": Counter()}
    docs = 0
    for d in dirs:
        for ann in sorted(Path(d).glob("*.ann")):
            docs += 1
            seen: dict[str, set[int]] = {"patient": set(), "relative": set()}
            for line in ann.read_text(encoding="utf-8").splitlines():
                if not line.startswith("T"):
                    continue
                _, meta, text = line.split("\t", 2)
                label = meta.split(" ", 1)[0]
                if label == "EDAD_SUJETO_ASISTENCIA":
                    seen["patient"].update(years_in(text))
                elif label == "FAMILIARES_SUJETO_ASISTENCIA":
                    for m in _AGE_IN.finditer(text):
                        if KinshipReplacer._is_age(None, text, m):
                            seen["relative"].update(years_in(m.group(0)))
            for role, values in seen.items():
                counts[role].update(bin_of(v) for v in values)
    return docs, {role: tuple(c.get(i, 0) for i in range(len(BINS))) for role, c in counts.items()}


def main(dirs: list[str]) -> None:
    docs, counts = fit(dirs)
    print(f"# {docs} documents from {', '.join(dirs)}")
    for role, c in counts.items():
        print(f"{role}: {c}  # {sum(c)} ages")


if __name__ == "__main__":
    main(sys.argv[1:])
