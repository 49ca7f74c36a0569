"""Direct identifiers of an annotated corpus that survive verbatim in `deid` and `augment` output.

For a BRAT corpus (default: the out-of-domain set in tests/data/ood), this runs

- ``surrogate deid --backend BACKEND [--model MODEL]`` on its texts (the gold .ann is not read; BACKEND is
  ``rules+crf`` by default, ``rules`` for the no-model default), and
- ``surrogate augment --times 2`` on the annotated corpus,

and counts, per label, the gold spans of a *direct* kind whose text is still found in the output, at word
boundaries, case- and accent-insensitively. Direct kinds are the schema kinds of names, identifiers,
contacts, places, dates and facilities (the locale's own country, "España", identifies no one and is not
counted); a kinship span counts when it holds a name (a capitalised word
that is not a kinship word: "Encarna" in "su hija Encarna"). Ages, sex, professions and the open
OTROS kind are not direct and are not counted. It also scores ``annotate --backend BACKEND`` against
the gold spans (strict and exact micro P/R/F1), so that recall gains can be weighed against precision.

A span that the backend finds only in part is not "left verbatim", yet the words outside every predicted
span stay in the `deid` output ("Hospital Comarcal Doutor Ramón" found, "Baltar Carballido" left). The
column "part left" counts, per label, the gold direct spans of which ``annotate --backend BACKEND`` leaves
uncovered at least one *identifying* word while covering some other word of it (a span with nothing
covered is a plain survivor). A word identifies when it has letters or digits, two characters or more, and
is none of: a connector or particle ("de", "la", "van"), a kinship word, a type word of a facility or an
institution (the facility parser's ``TYPE_WORDS``, plus "Juzgado", "Registro", "Fundación", "nº" ...), a
street type of the gazetteer ("Calle", "C/"), a month or weekday name, or a Basque year or month with its
case ending ("2025eko apirilaren"), a courtesy title or a possessive ("Dra.", "Mme", "my"): those say what a name is, not whose it is, and the replacers keep them as written.

    python bench/ood_survivors.py --model MODEL_DIR [CORPUS_DIR] [--seed 0] [--json]
    python bench/ood_survivors.py --backend rules [CORPUS_DIR]      # rules alone, no model

MODEL_DIR is a CRF trained on MEDDOCAN train (``surrogate train ../shared/data/meddocan/train MODEL_DIR``);
it is needed by any backend that names ``crf``.
The report prints counts only, never the surviving text; --show adds which spans (file, span id, label),
still without their text.
"""
from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import re
import sys
import tempfile
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = REPO / "tests" / "data" / "ood"
DIRECT_KINDS = frozenset(
    {"person_name", "identifier", "phone", "email", "url", "address", "territory", "country", "date", "facility", "institution"}
)
KINSHIP_WORDS = frozenset(
    ["su", "sus", "el", "la", "los", "las", "un", "una", "dos", "mi", "madre", "padre", "padres", "hija", "hijo", "hijas", "hijos", "hermana", "hermano", "hermanas", "hermanos", "abuela", "abuelo", "nieta", "nieto", "sobrina", "sobrino", "tía", "tío", "tia", "tio", "prima", "primo", "esposa", "esposo", "marido", "mujer", "pareja", "cuñada", "cuñado", "suegra", "suegro", "familia", "familiares", "materno", "materna", "paterno", "paterna", "niña", "niño", "niñas", "niños", "bebé", "bebe"]
)


def fold(text: str) -> str:
    """Case- and accent-insensitive form (NFD, combining marks dropped, casefolded)."""
    decomposed = unicodedata.normalize("NFD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    # one character for one: "ß" casefolds to "ss", which would shift every offset after it ("Landstraße")
    return bare.casefold() if bare.isascii() else "".join(c.casefold() if len(c.casefold()) == 1 else c.lower() for c in bare)


def word_pattern(value: str) -> re.Pattern[str]:
    """``value`` at word boundaries, to search in a folded text; an underscore is a boundary too, as in a file
    name (``UPP_GarridoLuengo_sacro_20250228.jpg`` holds the name and the date)."""
    return re.compile(rf"(?<![^\W_]){re.escape(fold(value))}(?![^\W_])")


def found(value: str, folded_text: str) -> bool:
    """``value`` occurs in a text (given folded) at word boundaries, case- and accent-insensitively."""
    return word_pattern(value).search(folded_text) is not None


def outside(text: str, extents: Iterable[tuple[int, int]]) -> list[str]:
    """The pieces of ``text`` between the covered stretches (a nested span adds nothing to its outer one)."""
    out, pos = [], 0
    for start, end in sorted(extents):
        if start > pos:
            out.append(text[pos:start])
        pos = max(pos, end)
    return out + [text[pos:]]


def is_direct(label: str, value: str, schema) -> bool:
    from surrogate.testing.assertions import identifies_no_one

    kind = schema.kind_of(label)
    if kind == "country" and identifies_no_one(kind, value.strip()):  # "España" may stay (issue 13)
        return False
    if kind in DIRECT_KINDS:
        return True
    if kind == "kinship":
        return any(w[:1].isupper() and not _is_kinship_word(w) for w in re.findall(r"\w+", value))
    return False


@functools.cache
def _kinship_gazetteer_words() -> frozenset[str]:
    from gazetteers import default_set

    return frozenset(fold(w) for v in default_set("es")["kinship"].column("value") for w in v.split())


def _is_kinship_word(word: str) -> bool:
    """A word that names a relation, not a person: the list above, the kinship gazetteer (any spelling:
    "Mama"), or a co-official one with a Basque case ending ("Emazteak": the wife, as subject), which the
    kinship replacer keeps as written."""
    from surrogate.replacers.people.kinship import is_co_official_kin

    return (word.lower() in KINSHIP_WORDS or fold(word) in _kinship_gazetteer_words()
            or is_co_official_kin(word))


def direct_spans(doc, schema) -> list[tuple[str, str, str]]:
    """(span id, label, text) of every direct-kind span of a document."""
    out = []
    for sp in doc.spans:
        value = doc.span_text(sp)
        if value.strip() and is_direct(sp.label, value, schema):
            out.append((sp.id, sp.label, value))
    return out


@dataclass
class Tally:
    """Per-label counts of gold direct spans checked and of those left in an output."""

    checked: Counter = field(default_factory=Counter)
    left: Counter = field(default_factory=Counter)
    where: list[tuple[str, str, str]] = field(default_factory=list)  # (output file, span id, label)

    def add(self, label: str, survived: bool, out_name: str, span_id: str) -> None:
        self.checked[label] += 1
        if survived:
            self.left[label] += 1
            self.where.append((out_name, span_id, label))

    @property
    def total(self) -> tuple[int, int]:
        return sum(self.left.values()), sum(self.checked.values())


def age_spans(doc, schema) -> list[tuple[str, str, str]]:
    """(span id, label, text) of the age spans: not direct, reported beside the direct ones."""
    return [(sp.id, sp.label, doc.span_text(sp)) for sp in doc.spans if schema.kind_of(sp.label) == "age"]


def count_survivors(gold: Iterable, out_texts: dict[str, list[tuple[str, str]]], schema, select=direct_spans) -> Tally:
    """``out_texts`` maps a gold document id to its outputs, as (file name, text) pairs."""
    tally = Tally()
    for doc in gold:
        for out_name, text in out_texts.get(doc.id, []):
            folded = fold(text)
            for span_id, label, value in select(doc, schema):
                tally.add(label, found(value, folded), out_name, span_id)
    return tally


# Words of an institution's or a date's form rather than of its name (see the module docstring).
INSTITUTION_TYPE_WORDS = frozenset(
    ["juzgado", "jutjat", "xulgado", "epaitegia", "registro", "registre", "rexistro", "instruccion", "instruccio", "instancia", "primera", "vigilancia", "guardia", "funciones", "fundacion", "fundacio", "publica", "publico", "coordinacion", "autonomica", "federacion", "asociacion", "ayuntamiento", "ajuntament", "concello", "udala", "colegio", "ies", "escuela", "escola", "residencia", "residencia", "farmacia", "ortopedia", "optica", "mutua", "seguros", "nº", "n.º", "no", "num", "numero", "lot", "lote", "ref", "sn"]
)
WEEKDAYS = frozenset(
    ["lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo", "lun", "mar", "mie", "jue", "vie", "sab", "dom", "dilluns", "dimarts", "dimecres", "dijous", "divendres", "dissabte", "diumenge", "dl", "dt", "dc", "dj", "dv", "ds", "dg", "luns", "mercores", "xoves", "venres", "xov", "ven", "astelehena", "asteartea", "asteazkena", "osteguna", "ostirala", "larunbata", "igandea", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "wed", "thu", "fri", "sat", "sun"]
)
HONORIFICS = frozenset(
    ["dr", "dra", "doctor", "doctora", "sr", "sra", "srta", "dna", "dña", "don", "doña", "ms", "mr", "mrs", "mme", "mlle", "sor",
     "my", "his", "her", "bere", "mon", "ma", "son", "sa"]
)
_BASQUE_YEAR = re.compile(r"\d{4}(?:e)?ko")  # "2025eko", "2026ko": of the year 2025
# a Basque month with its case ending ("apirilaren 3a": of April; "maiatzean": in May)
_BASQUE_MONTH = re.compile(r"(?:urtarril|otsail|martxo|apiril|maiatz|ekain|uztail|abuztu|irail|urri|azaro|abendu)\w*",
                           re.IGNORECASE)


@functools.cache
def _form_words() -> frozenset[str]:
    """Folded words that say what a name is (type of facility, institution or street) or that belong to a
    date's form (month, weekday): never counted as left identifying."""
    from gazetteers import default_set
    from surrogate.ner.rules.patterns import MONTHS
    from surrogate.replacers.facilities.parse import CONNECTORS, TYPE_WORDS

    streets = default_set("es")["street_types"]
    street = {w for v in streets.column("value") for w in v.split()}
    street |= {a for v in streets.column("abbreviations") if v for a in v.split("|")}
    words = set(TYPE_WORDS) | set(CONNECTORS) | INSTITUTION_TYPE_WORDS | WEEKDAYS | set(MONTHS) | street
    words |= {"van", "von", "der", "den", "di", "du", "le"}
    # a courtesy title or a possessive before a name says whose role, not who ("Dra. Ruiz", "my mum X", "bere aita X"):
    # the replacers keep it as written, as MEDDOCAN's spans leave it out
    words |= HONORIFICS
    return frozenset(fold(w).strip("./") for w in words)


def identifying_words(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Offsets of the words of ``text[start:end]`` that identify (see the module docstring)."""
    out = []
    for m in re.finditer(r"\w+", text[start:end]):
        w = m.group()
        if len(w) < 2 or fold(w) in _form_words() or _BASQUE_YEAR.fullmatch(w) or _BASQUE_MONTH.fullmatch(w) \
                or _is_kinship_word(w):
            continue
        out.append((start + m.start(), start + m.end()))
    return out


def count_partial(gold: Iterable, pred: dict[str, list], schema) -> Tally:
    """Gold direct spans of which the predicted spans (``pred``: doc id → spans) cover some word but leave
    an identifying word uncovered."""
    tally = Tally()
    for doc in gold:
        covered = [f for sp in pred.get(doc.id, []) for f in sp.fragments]
        direct = {span_id for span_id, _, _ in direct_spans(doc, schema)}
        for sp in doc.spans:
            if sp.id not in direct:
                continue
            start, end = sp.fragments[0][0], sp.fragments[-1][1]
            words = [(s, e) for m in re.finditer(r"\w+", doc.text[start:end])
                     for s, e in [(start + m.start(), start + m.end())]]
            left = [(s, e) for s, e in identifying_words(doc.text, start, end)
                    if not any(a <= s and e <= b for a, b in covered)]
            some_covered = any(any(a < e and s < b for a, b in covered) for s, e in words)
            tally.add(sp.label, bool(left) and some_covered, doc.id + ".txt", sp.id)
    return tally


def read_gold(corpus: Path) -> list:
    from augment.corpus import read_corpus

    return list(read_corpus(corpus, "brat", allow_overlaps=True))


def run_cli(argv: list[str]) -> tuple[int, str]:
    """Run the ``surrogate`` CLI in this process; (exit code, stderr)."""
    from augment.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(argv)
    return code, err.getvalue()


def backend_args(backend: str, model: Path | None) -> list[str]:
    """``--backend NAME`` and, when given, ``--model PATH`` for a ``deid``/``annotate`` command line."""
    return ["--backend", backend] + (["--model", str(model)] if model is not None else [])


def deid_outputs(corpus: Path, model: Path | None, out: Path, seed: int = 0,
                 backend: str = "rules+crf") -> dict[str, list[tuple[str, str]]]:
    """De-identify the corpus texts with ``backend``; {doc id: [(file name, text)]}."""
    code, err = run_cli(["deid", str(corpus), str(out), *backend_args(backend, model), "--seed", str(seed)])
    if code != 0:
        raise RuntimeError(f"deid exited {code}: {err.strip()}")
    return {p.stem: [(p.name, p.read_text(encoding="utf-8"))] for p in sorted(out.glob("*.txt"))}


def augment_outputs(corpus: Path, out: Path, times: int = 2, seed: int = 0) -> dict[str, list[tuple[str, str]]]:
    """``augment --times N`` copies; {doc id: [(file name, text) per copy]}."""
    code, err = run_cli(["augment", str(corpus), str(out), "--times", str(times), "--seed", str(seed)])
    if code != 0:
        raise RuntimeError(f"augment exited {code}: {err.strip()}")
    copies: dict[str, list[tuple[str, str]]] = {}
    for p in sorted(out.glob("*_aug*.txt")):
        copies.setdefault(p.stem.rsplit("_aug", 1)[0], []).append((p.name, p.read_text(encoding="utf-8")))
    return copies


def annotate_spans(corpus: Path, model: Path | None, out: Path, backend: str = "rules+crf") -> dict[str, list]:
    """``annotate --backend BACKEND`` on the corpus texts; {doc id: predicted spans}."""
    from augment.corpus import read_corpus

    code, err = run_cli(["annotate", str(corpus), str(out), *backend_args(backend, model)])
    if code != 0:
        raise RuntimeError(f"annotate exited {code}: {err.strip()}")
    return {d.id: d.spans for d in read_corpus(out, "brat")}


def detection_scores(gold: list, pred: dict[str, list]) -> dict[str, dict[str, float]]:
    """Strict and exact micro P/R/F1 of the predicted spans against the gold spans."""
    from surrogate.evaluation import evaluate

    report = evaluate({d.id: d for d in gold}, pred)
    return {mode: {k: round(getattr(getattr(report, mode).micro, k), 4) for k in ("precision", "recall", "f1")}
            for mode in ("strict", "exact")}


def table(results: dict[str, Tally | str], labels: list[str], ages: dict[str, Tally | str]) -> str:
    names = list(results)
    lines = ["| label | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for label in labels + ["**all direct**", "(not direct) EDAD_SUJETO_ASISTENCIA"]:
        cells = []
        for name in names:
            t = ages.get(name, "—") if label.startswith("(") else results[name]
            if isinstance(t, str):
                cells.append("—")
                continue
            left, checked = t.total if label[0] in "*(" else (t.left[label], t.checked[label])
            cells.append(f"{left} / {checked}")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from surrogate.schemas import load_schema

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS), help="BRAT corpus (default: tests/data/ood)")
    parser.add_argument("--backend", default="rules+crf", help="deid/annotate backend (default rules+crf; rules: no model)")
    parser.add_argument("--model", help="CRF model directory trained on MEDDOCAN train (needed by a crf backend)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--times", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--show", action="store_true", help="also list which spans survived or were found in part (files, span ids, labels; no text)")
    args = parser.parse_args(argv)
    if "crf" in args.backend and not args.model:
        parser.error(f"--backend {args.backend} needs --model")
    if args.backend == "rules" and args.model:
        parser.error("--backend rules takes no --model")
    model = Path(args.model) if args.model else None
    corpus, schema = Path(args.corpus), load_schema("meddocan")
    gold = read_gold(corpus)
    results: dict[str, Tally | str] = {}
    ages: dict[str, Tally | str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, produce in (
            (f"deid {args.backend}", lambda: deid_outputs(corpus, model, Path(tmp) / "deid", args.seed, args.backend)),
            (f"augment ×{args.times}", lambda: augment_outputs(corpus, Path(tmp) / "aug", args.times, args.seed)),
        ):
            try:
                outputs = produce()
                results[name] = count_survivors(gold, outputs, schema)
                ages[name] = count_survivors(gold, outputs, schema, select=age_spans)
            except RuntimeError as exc:
                results[name] = ages[name] = str(exc)
        try:
            pred = annotate_spans(corpus, model, Path(tmp) / "pred", args.backend)
            scores: dict | str = detection_scores(gold, pred)
            results[f"annotate {args.backend}: part left"] = count_partial(gold, pred, schema)
        except RuntimeError as exc:
            scores = str(exc)
    labels = sorted({label for doc in gold for _, label, _ in direct_spans(doc, schema)})
    if args.json:
        survived = {name: (t if isinstance(t, str) else {"left": dict(t.left), "checked": dict(t.checked)})
                    for name, t in results.items() if not name.endswith("part left")}
        partial = {name: {"left": dict(t.left), "checked": dict(t.checked)}
                   for name, t in results.items() if name.endswith("part left") and not isinstance(t, str)}
        print(json.dumps({"survivors": survived, f"annotate {args.backend}": scores, "partly uncovered": partial},
                         ensure_ascii=False))
        return 0
    n_spans = sum(len(direct_spans(doc, schema)) for doc in gold)
    print(f"{len(gold)} documents, {n_spans} direct gold spans; cells are 'left verbatim / checked' (augment: per copy;"
          " part left: spans found in part, an identifying word left uncovered)\n")
    print(table(results, labels, ages))
    if isinstance(scores, str):
        print(f"\nannotate {args.backend} failed: {scores}")
    else:
        print(f"\nannotate {args.backend} against the gold spans (micro): " + "; ".join(
            f"{mode} P {v['precision']:.4f} R {v['recall']:.4f} F1 {v['f1']:.4f}" for mode, v in scores.items()))
    for name, t in results.items():
        if isinstance(t, str):
            print(f"\n{name} failed: {t}")
        elif args.show:
            for where in t.where:
                print(f"{name}: {where[0]} span {where[1]} ({where[2]})")
    return 0


if __name__ == "__main__":
    sys.path.append(str(REPO))  # a checkout without install; PYTHONPATH still wins
    raise SystemExit(main())
