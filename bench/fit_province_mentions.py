"""Fit the province shares shipped in ``gazetteers/facts/province_mentions.csv`` (issue 13).

Usage: python bench/fit_province_mentions.py ../shared/data/meddocan/train ../shared/data/meddocan/dev

Counts, per INE province code, the documents whose places name that province: the provinces of the document's
address-block plan (postal codes, towns, provinces, the territory replacer's own analysis). A document counts once
per province. Writes the counts (no text) to the facts file; the territory replacer draws surrogate provinces from
a mix of these shares and population (``surrogate/replacers/places/index.py``, ``PROVINCE_MENTION_MIX``).
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from gazetteers import default_set
from gazetteers.build.facts import FACTS_DIR
from surrogate.model import Document, Span
from surrogate.replacers.places.country_index import country_index
from surrogate.replacers.places.index import place_index
from surrogate.replacers.places.plan import build_plan
from surrogate.schemas import load_schema

HEADER = """\
# Documentos de MEDDOCAN train+dev (750) cuyos lugares nombran cada provincia (códigos postales, municipios,
# provincias; un documento cuenta una vez por provincia). Solo recuentos, ningún texto del corpus.
# Generado por python bench/fit_province_mentions.py TRAIN DEV; no editar a mano.
# Sirve para que las provincias sustitutas se repartan como en los informes clínicos (Madrid 40 %), no solo por
# población (docs/replacers/places-facilities.md).
"""


def read_brat(ann: Path) -> Document:
    text = ann.with_suffix(".txt").read_text(encoding="utf-8")
    spans = []
    for line in ann.read_text(encoding="utf-8").splitlines():
        if line.startswith("T"):
            tid, meta, _ = line.split("\t", 2)
            label, start, end = meta.split(" ")[:3]
            if ";" not in meta:
                spans.append(Span(tid, label, int(start), int(end)))
    return Document(ann.stem, text, tuple(spans))


def fit(dirs: list[str]) -> tuple[int, Counter[str]]:
    gaz = default_set("es")
    places, countries = place_index(gaz), country_index(gaz)
    schema = load_schema("meddocan")
    counts: Counter[str] = Counter()
    docs = 0
    for d in dirs:
        for ann in sorted(Path(d).glob("*.ann")):
            docs += 1
            counts.update(set(build_plan(read_brat(ann), schema.kind_of, places, countries).order))
    return docs, counts


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    docs, counts = fit(argv)
    codes = sorted(place_index(default_set("es")).provinces)
    lines = [HEADER + "code,documents"] + [f"{c},{counts.get(c, 0)}" for c in codes]
    (FACTS_DIR / "province_mentions.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{docs} documents, {sum(counts.values())} document-province pairs", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
