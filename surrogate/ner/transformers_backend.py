"""The ``transformers`` backend: a Hugging Face token-classification model read from a local directory.

Flow for a batch of texts::

    text ──► words (tokenize.tokens, exact offsets) ──► sub-words in overlapping windows
         (max_length, stride) ──► model (batched, GPU when available) ──► softmax per sub-word
         ──► one tag per word by maximum probability over its sub-words and windows (hf_decode)
         ──► BIO decoding to character spans ──► finalize_spans ──► schema translation

The model directory is what ``save_pretrained`` writes: ``config.json`` whose ``id2label`` holds the BIO
tags (``B-NOMBRE_SUJETO_ASISTENCIA``, ...), weights as ``model.safetensors`` (pickle-based
``pytorch_model.bin`` is refused: no pickle of user files) and a fast tokenizer (``tokenizer.json``).
Nothing is ever downloaded: loading runs with ``local_files_only=True`` and ``HF_HUB_OFFLINE=1``, and
no remote code is trusted. torch and transformers are the optional ``transformers`` extra, imported
only when a model is loaded.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from ..model import Span
from ..schemas import SchemaError, builtin_schemas, load_schema
from .base import BackendError, finalize_spans
from .hf_decode import AGGREGATIONS, Tag, WordVotes, decode_tags, entity_types
from .labelmap import label_mapper
from .tokenize import tokens

CONFIG_FILE = "config.json"
WEIGHT_FILES = ("model.safetensors", "model.safetensors.index.json")
PICKLE_WEIGHT_FILES = ("pytorch_model.bin", "pytorch_model.bin.index.json")
TOKENIZER_FILES = ("tokenizer.json",)
DEFAULT_STRIDE = 128
DEFAULT_BATCH_SIZE = 8
_TEXTS_PER_CHUNK = 64  # texts tokenised at once: bounds memory on a long input list
# Models whose position ids start after the padding index: two positions fewer than the config says.
_OFFSET_POSITIONS = {"roberta", "xlm-roberta", "camembert", "longformer", "xlm-roberta-xl", "data2vec-text"}
_UNBOUNDED = 1_000_000  # tokenizers without a limit report a huge model_max_length


def _import_hf() -> tuple[Any, Any]:
    """torch and transformers, offline. Imported late: they are an optional extra and slow to import."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    try:
        import torch
        import transformers
    except ImportError:
        raise BackendError(
            "the transformers backend needs torch and transformers: pip install 'surrogate[transformers]'"
        ) from None
    transformers.utils.logging.set_verbosity_error()  # no download hints or progress bars on stderr
    transformers.utils.logging.disable_progress_bar()
    return torch, transformers


def check_model_dir(model_dir: Path) -> None:
    """Refuse a directory that is not a complete local model, naming what is missing."""
    if not model_dir.exists():
        raise BackendError(
            f"{model_dir}: no such model directory (the transformers backend loads a local directory "
            "written by save_pretrained and never downloads)"
        )
    if not model_dir.is_dir():
        raise BackendError(f"{model_dir}: a transformers model is a directory (config.json, model.safetensors, tokenizer.json)")
    if not (model_dir / CONFIG_FILE).is_file():
        raise BackendError(f"{model_dir / CONFIG_FILE}: missing (not a Hugging Face model directory)")
    if not any((model_dir / f).is_file() for f in WEIGHT_FILES):
        if any((model_dir / f).is_file() for f in PICKLE_WEIGHT_FILES):
            raise BackendError(
                f"{model_dir}: weights are in pickle format (pytorch_model.bin), which is not loaded; "
                "re-save the model with save_pretrained(..., safe_serialization=True) to get model.safetensors"
            )
        raise BackendError(f"{model_dir / WEIGHT_FILES[0]}: missing (the model weights)")
    if not any((model_dir / f).is_file() for f in TOKENIZER_FILES):
        raise BackendError(
            f"{model_dir / TOKENIZER_FILES[0]}: missing (a fast tokenizer is needed for word alignment; "
            "save the tokenizer with save_pretrained next to the model)"
        )


def _positive_int(name: str, value: object, minimum: int = 1) -> int:
    """An integer option (CLI options arrive as strings) of at least ``minimum``."""
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and re.fullmatch(r"\s*\d+\s*", value):
        number = int(value)
    else:
        raise BackendError(f"transformers option {name} must be an integer, not {value!r}")
    if number < minimum:
        raise BackendError(f"transformers option {name} must be at least {minimum}, not {number}")
    return number


def _prefix_space_for_words(tok: Any) -> None:
    """Byte-level BPE (RoBERTa, GPT-2) marks a word start by a preceding space, and the model learnt words in
    running text with it; each pre-split word must get it too, or every word reads as a word's continuation."""
    backend = getattr(tok, "backend_tokenizer", None)
    pre = getattr(backend, "pre_tokenizer", None)
    if pre is None or type(pre).__name__ != "ByteLevel" or getattr(pre, "add_prefix_space", True):
        return
    from tokenizers import pre_tokenizers

    backend.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=True, use_regex=getattr(pre, "use_regex", True))


class TransformersBackend:
    """Loads the model and tokenizer once; ``predict`` tags every word of every text."""

    name = "transformers"

    def __init__(
        self,
        model_dir: str | Path,
        schema: str | None = None,
        *,
        device: str = "auto",
        batch_size: int | str = DEFAULT_BATCH_SIZE,
        max_length: int | str | None = None,
        stride: int | str | None = None,
        aggregation: str = "max",
    ) -> None:
        self.model_dir = Path(model_dir)
        check_model_dir(self.model_dir)
        if aggregation not in AGGREGATIONS:
            raise BackendError(f"transformers option aggregation must be one of {', '.join(AGGREGATIONS)}, not {aggregation!r}")
        self.aggregation = aggregation
        self.batch_size = _positive_int("batch_size", batch_size)
        torch, transformers = _import_hf()
        self._torch = torch
        self.device = self._pick_device(torch, device)
        self._tokenizer = self._load_tokenizer(transformers)
        self._model = self._load_model(transformers)

        id2label = self._model.config.id2label
        self.tags = [str(id2label[i]) for i in range(len(id2label))]
        self._parsed = [Tag.parse(t) for t in self.tags]
        outside = [i for i, t in enumerate(self._parsed) if t.label is None]
        if not outside:
            raise BackendError(f"{self.model_dir / CONFIG_FILE}: id2label has no 'O' tag; expected BIO tags such as B-FECHAS")
        self._outside = outside[0]
        self.model_schema, self._mapper = self._schemas(schema)
        self.schema = self._mapper.target

        limit = self._position_limit()
        self.max_length = limit if max_length is None else _positive_int("max_length", max_length)
        if self.max_length > limit:
            raise BackendError(f"transformers option max_length={self.max_length} exceeds the model's limit of {limit} tokens")
        room = self.max_length - self._tokenizer.num_special_tokens_to_add(pair=False)
        if room < 2:
            raise BackendError(f"transformers option max_length={self.max_length} leaves no room for text")
        self.stride = min(DEFAULT_STRIDE, room // 4) if stride is None else _positive_int("stride", stride, minimum=0)
        if self.stride >= room:
            raise BackendError(
                f"transformers option stride={self.stride} must be smaller than max_length minus special tokens ({room})"
            )

    # -- loading ----------------------------------------------------------------------------------------
    @staticmethod
    def _pick_device(torch: Any, device: str) -> Any:
        device = str(device)
        if device == "auto":
            return torch.device("cuda" if torch.cuda.is_available() else "cpu")
        if device == "cpu":
            return torch.device("cpu")
        if device.startswith("cuda"):
            if not torch.cuda.is_available():
                raise BackendError(f"transformers option device={device}: no CUDA device is available (use device=cpu or auto)")
            try:
                return torch.device(device)
            except RuntimeError:
                raise BackendError(f"transformers option device={device!r} is not a valid device") from None
        raise BackendError(f"transformers option device must be auto, cpu, cuda or cuda:N, not {device!r}")

    def _load_tokenizer(self, transformers: Any) -> Any:
        auto = transformers.AutoTokenizer
        try:
            tok = auto.from_pretrained(self.model_dir, local_files_only=True, trust_remote_code=False)
        except Exception as exc:
            raise BackendError(f"{self.model_dir}: cannot load the tokenizer ({type(exc).__name__}: {exc})") from None
        if not getattr(tok, "is_fast", False):
            raise BackendError(f"{self.model_dir}: the tokenizer is not a fast (tokenizers) tokenizer; word alignment needs one")
        try:
            tok(["a"], is_split_into_words=True)
        except ValueError:
            # transformers 4 refuses pre-split words for byte-level BPE unless told to add the prefix space.
            try:
                tok = auto.from_pretrained(self.model_dir, local_files_only=True, trust_remote_code=False, add_prefix_space=True)
            except Exception as exc:
                raise BackendError(f"{self.model_dir}: cannot load the tokenizer ({type(exc).__name__}: {exc})") from None
        _prefix_space_for_words(tok)
        return tok

    def _load_model(self, transformers: Any) -> Any:
        try:
            model = transformers.AutoModelForTokenClassification.from_pretrained(
                self.model_dir, local_files_only=True, trust_remote_code=False, use_safetensors=True
            )
        except Exception as exc:
            raise BackendError(
                f"{self.model_dir}: cannot load a token-classification model ({type(exc).__name__}: {exc})"
            ) from None
        model.eval()
        return model.to(self.device)

    def _position_limit(self) -> int:
        limits = []
        tok_limit = getattr(self._tokenizer, "model_max_length", None)
        if isinstance(tok_limit, int) and tok_limit < _UNBOUNDED:
            limits.append(tok_limit)
        config = self._model.config
        positions = getattr(config, "max_position_embeddings", None)
        if isinstance(positions, int) and positions > 0:
            limits.append(positions - 2 if getattr(config, "model_type", "") in _OFFSET_POSITIONS else positions)
        if not limits:
            raise BackendError(f"{self.model_dir}: the model states no maximum length; pass the option max_length")
        return min(limits)

    def _schemas(self, requested: str | None):
        """The schema the model's tags belong to, and how to express it in the requested one."""
        types = entity_types(self.tags)
        if not types:
            raise BackendError(f"{self.model_dir / CONFIG_FILE}: id2label holds no entity tags (only O)")
        names = ([requested] if requested else []) + [s for s in builtin_schemas() if s != requested]
        for name in names:
            try:
                candidate = load_schema(name)
            except SchemaError as exc:
                if name == requested:
                    raise BackendError(str(exc)) from None
                continue
            if set(types) <= set(candidate.labels):
                try:
                    return candidate.name, label_mapper(candidate, requested or candidate)
                except BackendError:
                    continue
        where = f"schema {requested!r}" if requested else f"any built-in schema ({', '.join(builtin_schemas())})"
        fits = [n for n in builtin_schemas() if set(types) <= set(load_schema(n).labels)]
        unknown = sorted(set(types) - set(load_schema(requested).labels)) if requested else types
        hint = f"; the model's tags belong to schema {fits[0]!r}, which cannot be translated into it" if fits else ""
        raise BackendError(
            f"{self.model_dir}: model labels {', '.join(unknown[:8])}{' ...' if len(unknown) > 8 else ''} "
            f"are not in {where}{hint}"
        )

    # -- inference --------------------------------------------------------------------------------------
    def predict(self, texts: Sequence[str]) -> list[list[Span]]:
        out: list[list[Span]] = []
        for i in range(0, len(texts), _TEXTS_PER_CHUNK):
            out.extend(self._predict_chunk(texts[i:i + _TEXTS_PER_CHUNK]))
        return out

    def _predict_chunk(self, texts: Sequence[str]) -> list[list[Span]]:
        words = [tokens(text) for text in texts]
        votes = [WordVotes(len(w), len(self.tags), self.aggregation) for w in words]
        todo = [i for i, w in enumerate(words) if w]
        if todo:
            windows = self._windows([[t.text for t in words[i]] for i in todo])
            for rows, probs in self._run(windows):
                for (text_index, word_ids), p in zip(rows, probs):
                    votes[todo[text_index]].add(word_ids, p[: len(word_ids)])
        results = []
        for text, text_words, vote in zip(texts, words, votes):
            tags = [self._parsed[j] for j in vote.best(self._outside)]
            spans = finalize_spans(decode_tags(text_words, tags), text)
            results.append(self._mapper.map_spans(spans))
        return results

    def _windows(self, word_lists: list[list[str]]) -> list[tuple[int, list[int], np.ndarray]]:
        """Every window of every text: (text index, input ids, word index per sub-word or -1)."""
        enc = self._tokenizer(
            word_lists, is_split_into_words=True, truncation=True, max_length=self.max_length,
            stride=self.stride, return_overflowing_tokens=True, return_attention_mask=False,
        )
        mapping = enc["overflow_to_sample_mapping"] if "overflow_to_sample_mapping" in enc else range(len(word_lists))
        windows = []
        for w, text_index in enumerate(mapping):
            word_ids = np.array([-1 if x is None else x for x in enc.word_ids(w)], dtype=np.int64)
            windows.append((int(text_index), list(enc["input_ids"][w]), word_ids))
        return windows

    def _run(self, windows: list[tuple[int, list[int], np.ndarray]]):
        """Yield ((text index, word ids) per window, probabilities) one padded mini-batch at a time."""
        torch = self._torch
        pad = self._tokenizer.pad_token_id if self._tokenizer.pad_token_id is not None else 0
        order = sorted(range(len(windows)), key=lambda k: len(windows[k][1]))  # similar lengths pad less
        with torch.inference_mode():
            for b in range(0, len(order), self.batch_size):
                batch = [windows[k] for k in order[b:b + self.batch_size]]
                width = max(len(ids) for _, ids, _ in batch)
                input_ids = torch.full((len(batch), width), pad, dtype=torch.long)
                mask = torch.zeros((len(batch), width), dtype=torch.long)
                for r, (_, ids, _) in enumerate(batch):
                    input_ids[r, : len(ids)] = torch.tensor(ids, dtype=torch.long)
                    mask[r, : len(ids)] = 1
                logits = self._model(input_ids=input_ids.to(self.device), attention_mask=mask.to(self.device)).logits
                probs = torch.softmax(logits.float(), dim=-1).cpu().numpy()
                yield [(text_index, word_ids) for text_index, _, word_ids in batch], probs


def build(*, model: str | Path | None = None, schema: str | None = None, **options: object) -> TransformersBackend:
    """Registry factory: ``--model`` is a local directory written by ``save_pretrained``.

    Options: ``device`` (auto | cpu | cuda | cuda:N), ``batch_size`` (windows per forward pass, default 8),
    ``max_length`` (window length in sub-words; default the model's limit), ``stride`` (sub-words shared
    by consecutive windows; default min(128, a quarter of the window)), ``aggregation`` (max | average |
    first; default max, as in the paper).
    """
    if model is None:
        raise BackendError("the transformers backend needs --model DIR (a local token-classification model directory)")
    known = {"device", "batch_size", "max_length", "stride", "aggregation"}
    unknown = sorted(set(options) - known)
    if unknown:
        raise BackendError(f"the transformers backend has no option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    return TransformersBackend(model, schema=schema, **options)  # type: ignore[arg-type]
