"""The ``crf`` backend: a linear-chain CRF (python-crfsuite) over the tokens of each line, BIO-tagged.

A model is a directory holding two files and nothing executable (no pickle):

* ``model.crfsuite`` — crfsuite's own binary model;
* ``model.json`` — metadata: format, feature version, label schema, labels, training settings and
  timings, and a fingerprint of the gazetteer lists the features used.

:func:`train_crf` writes both into a directory the caller provides; :class:`CrfBackend` loads them and
refuses a model it cannot use (another feature version, missing files, a schema it cannot translate).
python-crfsuite is the optional ``crf`` extra: it is imported only when a CRF is trained or loaded.
"""
from __future__ import annotations

import ctypes
import json
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from gazetteers import GazetteerSet

from ..model import Document, Span
from ..schemas import LabelSchema, as_schema, load_schema
from .base import BackendError, finalize_spans
from .crf_features import FEATURE_VERSION, token_features
from .labelmap import label_mapper
from .lexicon import Lexicon
from .tokenize import Token, sequences

log = logging.getLogger(__name__)

MODEL_FILE = "model.crfsuite"
META_FILE = "model.json"
FORMAT = "surrogate-crf"
ALGORITHMS = ("lbfgs", "l2sgd", "ap", "pa", "arow")


def _crfsuite():
    try:
        import pycrfsuite
    except ImportError:
        raise BackendError("the crf backend needs python-crfsuite: pip install 'surrogate[crf]'") from None
    return pycrfsuite


@dataclass(frozen=True)
class CrfSettings:
    """Training settings (crfsuite names). Defaults: SGD with L2 (c2=0.01), 20 epochs.

    On MEDDOCAN train (500 documents) that trains in under a minute and scores as well as L-BFGS with
    100 iterations (≈3 min); it scales linearly, so 5,000 documents stay under 15 minutes on one core.
    See docs/ner.md for measured timings of each algorithm.
    """

    algorithm: str = "l2sgd"
    max_iterations: int = 20
    c1: float = 0.05  # L1, lbfgs only
    c2: float = 0.01  # L2, lbfgs and l2sgd
    min_freq: int = 1  # drop features seen fewer times than this
    possible_transitions: bool = True
    seed: int = 1  # the SGD shuffle's seed: the same corpus and settings give the same model

    def __post_init__(self) -> None:
        if self.algorithm not in ALGORITHMS:
            raise BackendError(f"unknown CRF algorithm {self.algorithm!r}; choose one of {', '.join(ALGORITHMS)}")
        if self.max_iterations < 1:
            raise BackendError("max_iterations must be at least 1")
        if self.c1 < 0 or self.c2 < 0 or self.min_freq < 0:
            raise BackendError("c1, c2 and min_freq must be non-negative")
        if not 0 <= self.seed < 2**32:
            raise BackendError("seed must be a whole number from 0 to 4294967295")

    def crfsuite_params(self) -> dict[str, object]:
        params: dict[str, object] = {
            "max_iterations": self.max_iterations,
            "feature.minfreq": self.min_freq,
            "feature.possible_transitions": self.possible_transitions,
        }
        if self.algorithm == "lbfgs":
            params.update({"c1": self.c1, "c2": self.c2})
        elif self.algorithm == "l2sgd":
            params["c2"] = self.c2
        return params


@dataclass
class TrainingReport:
    documents: int
    sequences: int
    tokens: int
    labels: list[str]
    featurize_seconds: float
    train_seconds: float
    misaligned_spans: int = 0
    settings: dict[str, object] = field(default_factory=dict)


# ------------------------------------------------------------------------------------------- encoding


def _bio_labels(toks: Sequence[Token], spans: Sequence[Span]) -> tuple[list[str], int]:
    """BIO tags for a token sequence; also how many spans did not fall on token boundaries."""
    tags = ["O"] * len(toks)
    misaligned = 0
    for sp in spans:
        inside = [i for i, t in enumerate(toks) if t.start < sp.end and sp.start < t.end]
        if not inside:
            continue
        if toks[inside[0]].start != sp.start or toks[inside[-1]].end != sp.end:
            misaligned += 1  # glued or truncated mention: tag every token it touches
        for k, i in enumerate(inside):
            tags[i] = ("B-" if k == 0 else "I-") + sp.label
    return tags, misaligned


def _decode(toks: Sequence[Token], tags: Sequence[str]) -> list[tuple[int, int, str]]:
    """Spans from BIO tags; an ``I-`` after a different label (or after ``O``) starts a new span."""
    out: list[tuple[int, int, str]] = []
    cur: list | None = None
    for tok, tag in zip(toks, tags):
        if tag == "O":
            cur = None
            continue
        prefix, _, label = tag.partition("-")
        if prefix == "B" or cur is None or cur[2] != label:
            cur = [tok.start, tok.end, label]
            out.append(cur)  # type: ignore[arg-type]
        else:
            cur[1] = tok.end
    return [tuple(c) for c in out]  # type: ignore[misc]


# ------------------------------------------------------------------------------------------- training


def _seed_crfsuite_shuffle(seed: int) -> None:
    """crfsuite shuffles SGD epochs with the C library's process-wide ``rand()``, which it never seeds: a
    second training in one process drew another order and another model (0.9545 vs 0.9503 rules+crf F1 on
    MEDDOCAN dev). Seeding it here makes a model depend only on its corpus and settings."""
    try:
        libc = ctypes.CDLL(None)  # the C library the extension module was linked against (POSIX)
        libc.srand(ctypes.c_uint(seed))
    except (OSError, AttributeError, TypeError):  # no dlopen(NULL) (Windows): training stays valid, only the order varies
        log.warning("cannot seed crfsuite's shuffle on this platform; SGD training is not reproducible")



def train_crf(
    docs: Iterable[Document],
    model_dir: str | Path,
    *,
    schema: str | LabelSchema = "meddocan",
    settings: CrfSettings | None = None,
    gazetteers: GazetteerSet | None = None,
    progress: Callable[[str], None] | None = None,
) -> TrainingReport:
    """Train on annotated documents and write ``model.crfsuite`` + ``model.json`` into ``model_dir``.

    Every span label must belong to ``schema``; discontinuous spans are trained on their full extent.
    """
    pycrfsuite = _crfsuite()
    settings = settings or CrfSettings()
    label_schema = as_schema(schema)
    model_dir = Path(model_dir)
    lexicon = Lexicon.for_set(gazetteers)
    trainer = pycrfsuite.Trainer(verbose=False)
    n_docs = n_seq = n_tok = misaligned = 0
    labels: set[str] = set()
    t0 = time.perf_counter()
    for doc in docs:
        unknown = {sp.label for sp in doc.spans} - set(label_schema.labels)
        if unknown:
            raise BackendError(
                f"document {doc.id}: label(s) {', '.join(sorted(unknown))} are not in schema {label_schema.name!r}"
            )
        n_docs += 1
        spans = sorted(doc.spans, key=lambda s: s.start)
        for toks in sequences(doc.text):
            line_spans = [sp for sp in spans if sp.start < toks[-1].end and toks[0].start < sp.end]
            tags, bad = _bio_labels(toks, line_spans)
            misaligned += bad
            labels.update(t[2:] for t in tags if t != "O")
            trainer.append(token_features(doc.text, toks, lexicon), tags)
            n_seq += 1
            n_tok += len(toks)
    if not n_seq:
        raise BackendError("no training text: the corpus is empty")
    t1 = time.perf_counter()
    if progress:
        progress(f"featurised {n_docs} documents ({n_tok} tokens) in {t1 - t0:.1f} s; training {settings.algorithm}")
    trainer.select(settings.algorithm, "crf1d")
    trainer.set_params(settings.crfsuite_params())
    model_dir.mkdir(parents=True, exist_ok=True)
    _seed_crfsuite_shuffle(settings.seed)
    trainer.train(str(model_dir / MODEL_FILE))
    t2 = time.perf_counter()
    report = TrainingReport(
        documents=n_docs, sequences=n_seq, tokens=n_tok, labels=sorted(labels),
        featurize_seconds=round(t1 - t0, 2), train_seconds=round(t2 - t1, 2), misaligned_spans=misaligned,
        settings=asdict(settings),
    )
    meta = {
        "format": FORMAT,
        "feature_version": FEATURE_VERSION,
        "schema": label_schema.name,
        "labels": report.labels,
        "training": {
            "documents": n_docs, "sequences": n_seq, "tokens": n_tok, "settings": report.settings,
            "featurize_seconds": report.featurize_seconds, "train_seconds": report.train_seconds,
            "misaligned_spans": misaligned,
        },
        "gazetteer_fingerprint": lexicon.fingerprint,
    }
    (model_dir / META_FILE).write_text(json.dumps(meta, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return report


# ------------------------------------------------------------------------------------------- inference


def read_metadata(model_dir: str | Path) -> dict:
    """The model's ``model.json``, checked; raises :class:`BackendError` naming the file."""
    model_dir = Path(model_dir)
    meta_path = model_dir / META_FILE
    if not model_dir.exists():
        raise BackendError(f"{model_dir}: no such CRF model directory")
    if not model_dir.is_dir():
        raise BackendError(f"{model_dir}: a CRF model is a directory holding {MODEL_FILE} and {META_FILE}")
    if not meta_path.is_file():
        raise BackendError(f"{meta_path}: missing (not a CRF model directory; train one with 'surrogate train')")
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise BackendError(f"{meta_path}: unreadable model metadata ({type(exc).__name__})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise BackendError(f"{meta_path}: not a surrogate CRF model (format is not {FORMAT!r})")
    if meta.get("feature_version") != FEATURE_VERSION:
        raise BackendError(
            f"{meta_path}: model uses feature version {meta.get('feature_version')}, this surrogate computes "
            f"version {FEATURE_VERSION}; retrain it with 'surrogate train'"
        )
    if not isinstance(meta.get("schema"), str) or not isinstance(meta.get("labels"), list):
        raise BackendError(f"{meta_path}: metadata lacks 'schema' or 'labels'")
    if not (model_dir / MODEL_FILE).is_file():
        raise BackendError(f"{model_dir / MODEL_FILE}: missing (the CRF model file)")
    return meta


class CrfBackend:
    """Loads a model directory once; ``predict`` tags every line of every text."""

    name = "crf"

    def __init__(self, model_dir: str | Path, schema: str | None = None, gazetteers: GazetteerSet | None = None) -> None:
        pycrfsuite = _crfsuite()
        self.model_dir = Path(model_dir)
        self.meta = read_metadata(self.model_dir)
        self.model_schema: str = self.meta["schema"]
        try:
            known = set(load_schema(self.model_schema).labels)
        except ValueError:
            known = None  # a user schema file that is not at hand: its labels cannot be checked
        stray = sorted(set(self.meta["labels"]) - known) if known is not None else []
        if stray:
            raise BackendError(
                f"{self.model_dir / META_FILE}: labels {', '.join(stray)} are not in the model's schema {self.model_schema!r}"
            )
        try:
            self._mapper = label_mapper(self.model_schema, schema or self.model_schema)
        except BackendError as exc:
            raise BackendError(f"{self.model_dir}: model trained for schema {self.model_schema!r}: {exc}") from None
        self.schema = self._mapper.target
        self._tagger = pycrfsuite.Tagger()
        try:
            self._tagger.open(str(self.model_dir / MODEL_FILE))
        except Exception as exc:
            raise BackendError(f"{self.model_dir / MODEL_FILE}: cannot open CRF model ({type(exc).__name__})") from None
        self._lexicon = Lexicon.for_set(gazetteers)
        if self.meta.get("gazetteer_fingerprint") not in (None, self._lexicon.fingerprint):
            log.warning(
                "%s: trained with other gazetteer lists than the installed ones; predictions may differ", self.model_dir
            )

    @property
    def labels(self) -> list[str]:
        return list(self.meta["labels"])

    def predict(self, texts: Sequence[str]) -> list[list[Span]]:
        out = []
        for text in texts:
            cands: list[tuple[int, int, str]] = []
            for toks in sequences(text):
                tags = self._tagger.tag(token_features(text, toks, self._lexicon))
                cands.extend(_decode(toks, tags))
            out.append(self._mapper.map_spans(finalize_spans(cands, text)))
        return out


def build(*, model: str | Path | None = None, schema: str | None = None, gazetteers: GazetteerSet | None = None, **options: object) -> CrfBackend:
    """Registry factory: ``--model`` is the model directory written by ``surrogate train``."""
    if model is None:
        raise BackendError("the crf backend needs --model DIR (a model trained with 'surrogate train --backend crf')")
    if options:
        raise BackendError(f"the crf backend has no option(s) {', '.join(sorted(options))}")
    return CrfBackend(model, schema=schema, gazetteers=gazetteers)
