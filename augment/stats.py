"""Corpus statistics after Moreno-Barea et al.: text counts (their Table 1) and entities per type (Table 4).

Definitions (see docs/statistics.md):
- paragraph: a non-blank line (clinical reports put one paragraph per line);
- sentence: a paragraph splits after ``.``, ``!``, ``?`` or ``…`` (plus closing quotes or brackets) that is
  followed by whitespace and then an upper-case letter, a digit or an opening ``¿``/``¡``/quote, unless the
  word before the full stop is a known abbreviation (``Dr.``, ``Avda.``, ``Nº.``…) or a single capital letter
  (an initial); every non-empty paragraph holds at least one sentence;
- word: a run of letters and/or digits (``[^\\W_]+``), so ``70``, ``años`` and ``NºCol`` (two words: ``Nº``…)
  count, punctuation does not; distinct words are compared lower-cased;
- non-stop-word: a word whose lower-cased form is not in the Snowball Spanish stop-word list.
Per-document figures are means over documents of each document's own count (for distinct counts, the mean
number of distinct words per document).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from surrogate.model import Document

from .corpus import read_corpus
from .errors import UserError
from .stopwords_es import STOPWORDS_ES

TEXT_METRICS = (
    "documents", "paragraphs", "sentences", "words", "distinct_words", "non_stop_words", "distinct_non_stop_words",
)
_WORD = re.compile(r"[^\W_]+")
_TERMINATOR = re.compile(r"[.!?…]+[\"'»”’)\]]*\s+")
_OPENERS = "¿¡\"'«“‘([-–—"
_ABBREVIATIONS = frozenset({
    "dr", "dra", "drs", "dres", "sr", "sra", "sres", "sras", "srta", "d", "dña", "dª", "da", "avda", "av", "c",
    "pza", "pl", "pº", "nº", "n", "núm", "num", "tel", "telf", "tfno", "etc", "pág", "pag", "p", "ej", "aprox",
    "vs", "prof", "col", "dpto", "serv", "hosp", "univ", "ud", "uds", "st", "sta", "sto", "fdo",
})
_LAST_WORD = re.compile(r"([^\W_]+)\.$")


def count_sentences(paragraph: str) -> int:
    """Sentences in one paragraph (rule-based, see the module docstring)."""
    if not _WORD.search(paragraph):
        return 0
    n = 1
    for m in _TERMINATOR.finditer(paragraph):
        rest = paragraph[m.end():].lstrip(_OPENERS)
        if not rest or not (rest[0].isupper() or rest[0].isdigit()):
            continue
        before = paragraph[: m.start() + 1]
        last = _LAST_WORD.search(before)
        if last and (last.group(1).casefold() in _ABBREVIATIONS or (len(last.group(1)) == 1 and last.group(1).isupper())):
            continue
        n += 1
    return n


@dataclass
class DocumentCounts:
    paragraphs: int
    sentences: int
    words: int
    distinct_words: int
    non_stop_words: int
    distinct_non_stop_words: int


def document_counts(text: str) -> tuple[DocumentCounts, set[str], set[str]]:
    """Counts for one text plus its distinct words and distinct non-stop-words (lower-cased)."""
    paragraphs = [p for p in text.splitlines() if p.strip()]
    words = [w.lower() for w in _WORD.findall(text)]
    content = [w for w in words if w not in STOPWORDS_ES]
    vocab, content_vocab = set(words), set(content)
    counts = DocumentCounts(
        paragraphs=len(paragraphs),
        sentences=sum(count_sentences(p) for p in paragraphs),
        words=len(words),
        distinct_words=len(vocab),
        non_stop_words=len(content),
        distinct_non_stop_words=len(content_vocab),
    )
    return counts, vocab, content_vocab


@dataclass
class CorpusStats:
    """Totals, per-document means and entities per label for one corpus."""

    name: str
    totals: dict[str, int] = field(default_factory=dict)
    per_document: dict[str, float] = field(default_factory=dict)
    entities: dict[str, int] = field(default_factory=dict)  # label → count, most frequent first

    @property
    def total_entities(self) -> int:
        return sum(self.entities.values())

    def entity_percent(self, label: str) -> float:
        total = self.total_entities
        return 100.0 * self.entities.get(label, 0) / total if total else 0.0

    def to_dict(self) -> dict[str, Any]:
        total = self.total_entities
        return {
            "name": self.name,
            "totals": self.totals,
            "per_document": {k: round(v, 4) for k, v in self.per_document.items()},
            "entities": {
                "total": total,
                "by_type": {lbl: {"count": n, "percent": round(self.entity_percent(lbl), 4)}
                            for lbl, n in self.entities.items()},
            },
        }


def corpus_stats(docs: Iterable[Document], name: str = "corpus") -> CorpusStats:
    """Table 1 and Table 4 figures for a corpus."""
    n_docs = 0
    sums: Counter = Counter()
    vocab: set[str] = set()
    content_vocab: set[str] = set()
    labels: Counter = Counter()
    for doc in docs:
        n_docs += 1
        counts, words, content = document_counts(doc.text)
        sums.update(vars(counts))
        vocab |= words
        content_vocab |= content
        labels.update(sp.label for sp in doc.spans)
    totals = {
        "documents": n_docs,
        "paragraphs": sums["paragraphs"],
        "sentences": sums["sentences"],
        "words": sums["words"],
        "distinct_words": len(vocab),
        "non_stop_words": sums["non_stop_words"],
        "distinct_non_stop_words": len(content_vocab),
    }
    per_doc = {k: (sums[k] / n_docs if n_docs else 0.0) for k in TEXT_METRICS[1:]}
    entities = dict(sorted(labels.items(), key=lambda kv: (-kv[1], kv[0])))
    return CorpusStats(name, totals, per_doc, entities)


def stats_of_path(path: str | Path, fmt: str = "brat") -> CorpusStats:
    """Statistics of a corpus on disk; overlapping spans and empty documents are counted, not refused."""
    return corpus_stats(read_corpus(path, fmt, allow_overlaps=True, allow_empty=True), name=str(path))


# ----------------------------------------------------------------------------------------------- output


def _fmt_num(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"


def _header(first: str, columns: tuple[str, str], n_corpora: int) -> list[str]:
    """Column titles; with two corpora each is tagged original/augmented and a ratio column ends the row."""
    header = [first]
    for i in range(n_corpora):
        tag = "" if n_corpora == 1 else f" ({'original' if i == 0 else 'augmented'})"
        header += [f"{col}{tag}" for col in columns]
    return header + (["ratio"] if n_corpora == 2 else [])


def format_table(corpora: Sequence[CorpusStats]) -> str:
    """Both tables as aligned plain text; with two corpora, side by side with the ratio second/first."""
    two = len(corpora) == 2
    lines: list[str] = []
    header = _header("metric", ("total", "per doc"), len(corpora))
    rows = []
    for m in TEXT_METRICS:
        row = [m.replace("_", " ")]
        for c in corpora:
            row += [_fmt_num(c.totals[m]), "" if m == "documents" else _fmt_num(round(c.per_document[m], 1))]
        if two:
            row.append(_ratio(corpora[1].totals[m], corpora[0].totals[m]))
        rows.append(row)
    lines += _align([header, *rows])
    lines.append("")
    header = _header("entity type", ("count", "%"), len(corpora))
    labels = list(corpora[0].entities)
    for c in corpora[1:]:
        labels += [lbl for lbl in c.entities if lbl not in labels]
    rows = []
    for lbl in labels:
        row = [lbl]
        for c in corpora:
            row += [_fmt_num(c.entities.get(lbl, 0)), f"{c.entity_percent(lbl):.2f}"]
        if two:
            row.append(_ratio(corpora[1].entities.get(lbl, 0), corpora[0].entities.get(lbl, 0)))
        rows.append(row)
    total = ["total"]
    for c in corpora:
        total += [_fmt_num(c.total_entities), "100.00" if c.total_entities else "0.00"]
    if two:
        total.append(_ratio(corpora[1].total_entities, corpora[0].total_entities))
    lines += _align([header, *rows, total])
    return "\n".join(lines) + "\n"


def _ratio(new: float, old: float) -> str:
    return f"×{new / old:.2f}" if old else "—"


def _align(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for k, r in enumerate(rows):
        cells = [r[0].ljust(widths[0])] + [cell.rjust(w) for cell, w in zip(r[1:], widths[1:])]
        out.append("  ".join(cells).rstrip())
        if k == 0:
            out.append("  ".join("-" * w for w in widths))
    return out


def plot_entities(corpora: Sequence[CorpusStats], path: str | Path) -> Path:
    """Horizontal bar chart of entities per type, one panel per corpus (matplotlib: the ``plot`` extra)."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only, never a window
        import matplotlib.pyplot as plt
    except ImportError:
        raise UserError(
            "--plot needs matplotlib, which is not installed: pip install 'surrogate[plot]' (or pip install matplotlib)"
        ) from None
    path = Path(path)
    if not path.parent.is_dir():
        raise UserError(f"{path.parent}: no such directory for the plot")
    labels = list(corpora[0].entities)
    for c in corpora[1:]:
        labels += [lbl for lbl in c.entities if lbl not in labels]
    labels.reverse()  # most frequent at the top
    height = max(3.0, 0.28 * len(labels) + 1.2)
    fig, axes = plt.subplots(1, len(corpora), figsize=(6.5 * len(corpora), height), sharey=True, squeeze=False)
    for ax, c, title in zip(axes[0], corpora, ("original", "augmented") if len(corpora) == 2 else (c.name for c in corpora)):
        values = [c.entities.get(lbl, 0) for lbl in labels]
        ax.barh(range(len(labels)), values, color="#4c72b0")
        ax.set_yticks(range(len(labels)), labels, fontsize=8)
        ax.set_xlabel("entities")
        ax.set_title(f"{title}: {c.total_entities:,} entities in {c.totals['documents']:,} documents", fontsize=9)
        for y, v in enumerate(values):
            ax.text(v, y, f" {v:,}", va="center", fontsize=7)
        ax.margins(x=0.15)
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=120)
    except (OSError, ValueError) as exc:
        raise UserError(f"{path}: cannot write the plot ({exc})") from None
    finally:
        plt.close(fig)
    return path
