"""Fit the e-mail provider shares on MEDDOCAN train+dev.

``python -m gazetteers.build.fit_contacts_names ../shared/data/meddocan``

Prints counts only (provider domain → count). The numbers go, by hand, into ``facts/email_domains.csv``
(``weight`` of the webmail rows). The foreign share of full names is the ``name_origin`` detail that
``bench/fit_details.py`` writes into ``facts/fitted_details.csv``. No corpus text is written anywhere: a
provider domain (gmail.com) names no one, and only providers already listed in the fact table are counted.
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

_ADDRESS = re.compile(r"@ ?([^\s@]*[^\W_])")


def _spans(corpus: Path, prefix: str):
    for split in ("train", "dev"):
        for ann in sorted((corpus / split).glob("*.ann")):
            for line in ann.read_text(encoding="utf-8").splitlines():
                parts = line.split("\t")
                if len(parts) == 3 and parts[1].startswith(prefix):
                    yield parts[2]


def provider_counts(corpus: Path, providers: set[str]) -> Counter:
    """Addresses per listed webmail provider (lower-cased domain)."""
    counts: Counter = Counter()
    for text in _spans(corpus, "CORREO_ELECTRONICO"):
        for m in _ADDRESS.finditer(text):
            domain = m.group(1).lower()
            if domain in providers:
                counts[domain] += 1
    return counts


def main(argv: list[str]) -> int:
    corpus = Path(argv[0] if argv else "../shared/data/meddocan")
    from .facts import read_fact

    table = read_fact("email_domains")
    webmail = {v.lower() for v, k in zip(table["value"], table["domain_kind"]) if k == "webmail"}
    print("# webmail provider counts, MEDDOCAN train+dev")
    for domain, n in provider_counts(corpus, webmail).most_common():
        print(f"{domain},{n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
