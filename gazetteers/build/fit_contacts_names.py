"""Fit the e-mail provider shares and the share of foreign-origin full names on MEDDOCAN train+dev.

``python -m gazetteers.build.fit_contacts_names ../shared/data/meddocan``

Prints counts only (provider domain → count; full names by origin). The provider numbers go, by hand, into
``facts/email_domains.csv`` (``weight`` of the webmail rows); the foreign share of full names is the
``name_origin`` detail that ``bench/fit_details.py`` writes into ``facts/fitted_details.csv``. No corpus text is written anywhere: a provider domain (gmail.com) names no one, and only
providers already listed in the fact table are counted.
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

_ADDRESS = re.compile(r"@ ?([^\s@]*[^\W_])")
_TITLES = frozenset("dr dra dres sr sra srta don doña dña prof".split())


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


def full_name_origins(lookup, text: str) -> tuple[str | None, list[str]] | None:
    """(census origin of the given name or None, origins of the surnames the census knows) of a full name;
    None when the mention has fewer than two name words."""
    words = [w for w in re.findall(r"[^\W\d_]{2,}", text) if w[:1].isupper() and w.lower() not in _TITLES]
    if len(words) < 2:
        return None
    return lookup.given_origin(words[0]), [o for o in map(lookup.surname_origin, words[1:]) if o is not None]


def name_origins(corpus: Path) -> Counter:
    """Full names (a given name and at least one surname) by the origins of their tokens."""
    from gazetteers import default_set
    from surrogate.replacers.people.origin import OriginLookup

    lookup = OriginLookup.of(default_set("es"))
    counts: Counter = Counter()
    for label in ("NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO"):
        for text in _spans(corpus, label):
            found = full_name_origins(lookup, text)
            if found is None:
                continue
            given, surnames = found
            if given is None or not surnames:
                counts["unknown"] += 1
                continue
            mixed = any(s != given for s in surnames)
            counts[f"{given}{'+mixed' if mixed else ''}"] += 1
    return counts


def main(argv: list[str]) -> int:
    corpus = Path(argv[0] if argv else "../shared/data/meddocan")
    from .facts import read_fact

    table = read_fact("email_domains")
    webmail = {v.lower() for v, k in zip(table["value"], table["domain_kind"]) if k == "webmail"}
    print("# webmail provider counts, MEDDOCAN train+dev")
    for domain, n in provider_counts(corpus, webmail).most_common():
        print(f"{domain},{n}")
    print("# full names by origin, MEDDOCAN train+dev")
    for origin, n in name_origins(corpus).most_common():
        print(f"{origin},{n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
