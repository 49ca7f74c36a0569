"""The transformers backend on tiny local models built here (no hub): windows, word votes, BIO, offsets, errors.

Two models share one tiny WordPiece tokenizer:

* a randomly initialised BERT (end-to-end invariants: exact offsets, no overlaps, determinism);
* a "rigged" BERT whose attention and feed-forward outputs are zeroed, so every sub-word's tag depends
  only on its own embedding: ``juan`` → B-NOMBRE, ``garcia`` → I-NOMBRE, digits and ``/`` → I-FECHAS,
  anything else → O. The expected spans of a long text are then known from how the text was built,
  whatever window a word falls in.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from surrogate.ner.base import BackendError
from surrogate.ner.hf_decode import Tag, WordVotes, decode_tags
from surrogate.ner.tokenize import Token, tokens

TAGS = ["O", "B-NOMBRE_SUJETO_ASISTENCIA", "I-NOMBRE_SUJETO_ASISTENCIA", "B-FECHAS", "I-FECHAS"]
NAME, DATE = "NOMBRE_SUJETO_ASISTENCIA", "FECHAS"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
DIGITS = "0123456789"
PUNCT = ".,:;-/()"
SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
VOCAB = SPECIALS + list(LETTERS + DIGITS + PUNCT) + ["##" + c for c in LETTERS + DIGITS] + ["juan", "garcia", "##garcia"]
HIDDEN = 32


# --------------------------------------------------------------------------------------- tiny models


def _tokenizer(directory: Path):
    from tokenizers import (
        Tokenizer,
        decoders,
        models,
        normalizers,
        pre_tokenizers,
        processors,
    )
    from transformers import PreTrainedTokenizerFast

    ids = {w: i for i, w in enumerate(VOCAB)}
    tok = Tokenizer(models.WordPiece(ids, unk_token="[UNK]", max_input_chars_per_word=100))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True, strip_accents=True, clean_text=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B [SEP]", special_tokens=[("[CLS]", 2), ("[SEP]", 3)]
    )
    tok.decoder = decoders.WordPiece()
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok, unk_token="[UNK]", pad_token="[PAD]", cls_token="[CLS]", sep_token="[SEP]",
        mask_token="[MASK]", model_max_length=64,
    )
    fast.save_pretrained(directory)
    return fast


def _bert(tags: list[str]):
    from transformers import BertConfig, BertForTokenClassification

    config = BertConfig(
        vocab_size=len(VOCAB), hidden_size=HIDDEN, num_hidden_layers=1, num_attention_heads=2,
        intermediate_size=64, max_position_embeddings=64, num_labels=len(tags),
        id2label=dict(enumerate(tags)), label2id={t: i for i, t in enumerate(tags)},
    )
    return BertForTokenClassification(config)


def _save(model, directory: Path) -> Path:
    _tokenizer(directory)
    model.save_pretrained(directory)
    return directory


def _direction(k: int):
    """A zero-mean unit direction (LayerNorm keeps it): +1 on dimension 2k, -1 on 2k+1."""
    import torch

    v = torch.zeros(HIDDEN)
    v[2 * k], v[2 * k + 1] = 1.0, -1.0
    return v


def _rig(model) -> None:
    """Make each sub-word's tag a function of its own vocabulary entry (see module docstring)."""
    import torch

    cls_of = {"juan": 1, "garcia": 2, "##garcia": 2}
    cls_of.update({p: 4 for p in list(DIGITS) + ["##" + d for d in DIGITS] + ["/"]})
    with torch.no_grad():
        bert = model.bert
        bert.embeddings.position_embeddings.weight.zero_()
        bert.embeddings.token_type_embeddings.weight.zero_()
        for i, piece in enumerate(VOCAB):
            bert.embeddings.word_embeddings.weight[i] = _direction(cls_of.get(piece, 0))
        for layer in bert.encoder.layer:
            for dense in (layer.attention.output.dense, layer.output.dense):
                dense.weight.zero_()
                dense.bias.zero_()
        # Entity tags win their sub-words more surely than O wins its own: under max pooling a word with one
        # entity sub-word takes the entity tag.
        weight = torch.stack([_direction(k) * (1.0 if k == 0 else 2.0) for k in range(len(TAGS))])
        model.classifier.weight.copy_(weight)
        model.classifier.bias.zero_()


@pytest.fixture(scope="module")
def hf():
    torch = pytest.importorskip("torch")
    pytest.importorskip("transformers")
    pytest.importorskip("tokenizers")
    return torch


@pytest.fixture(scope="module")
def random_model(hf, tmp_path_factory) -> Path:
    hf.manual_seed(1234)
    return _save(_bert(TAGS), tmp_path_factory.mktemp("random_model"))


@pytest.fixture(scope="module")
def rigged_model(hf, tmp_path_factory) -> Path:
    model = _bert(TAGS)
    _rig(model)
    return _save(model, tmp_path_factory.mktemp("rigged_model"))


def _backend(model_dir: Path, **options):
    from surrogate.ner.transformers_backend import build

    options.setdefault("device", "cpu")
    return build(model=model_dir, **options)


# --------------------------------------------------------------------------------------- helpers


def _built_text(n_sentences: int) -> tuple[str, list[tuple[int, int, str]]]:
    """A long text and the spans the rigged model must find, recorded while the text is written."""
    parts: list[str] = ["\ufeff"]  # a BOM: a word the tokenizer drops, so no window votes for it
    expected: list[tuple[int, int, str]] = []

    def put(piece: str, label: str | None = None) -> None:
        start = sum(map(len, parts))
        parts.append(piece)
        if label:
            expected.append((start, start + len(piece), label))

    for i in range(n_sentences):
        put("Paciente ")
        put("Juan García", NAME)
        put(" ingresa el día ")
        put(f"{1 + i % 28:02d}/03/19{i % 100:02d}", DATE)
        put(" con dolor torácico;\n")
        if i % 3 == 0:
            put("Juan", NAME)  # a lone B word
            put(" vio a ")
            put("Garcia", NAME)  # an I after O opens a span
            put(" y ")
            put("Juan", NAME)  # B right after a span of the same type: a new span
            put(" ")
            put("Juan García", NAME)
            put(" revisan el caso.\n")
    return "".join(parts), expected


def _triples(spans) -> list[tuple[int, int, str]]:
    return [(sp.start, sp.end, sp.label) for sp in spans]


def _check_spans(text: str, spans, labels: set[str]) -> None:
    words = tokens(text)
    starts, ends = {t.start for t in words}, {t.end for t in words}
    assert [sp.id for sp in spans] == [f"T{i}" for i in range(1, len(spans) + 1)]
    for a, b in zip(spans, spans[1:]):
        assert a.end <= b.start, "spans overlap or are out of order"
    for sp in spans:
        assert 0 <= sp.start < sp.end <= len(text)
        assert sp.start in starts and sp.end in ends, "a span does not sit on word boundaries"
        assert not text[sp.start].isspace() and not text[sp.end - 1].isspace()
        assert sp.label in labels


# --------------------------------------------------------------------------------------- end to end


def test_random_model_long_text_runs_through_windows_with_exact_offsets(random_model):
    from transformers import AutoTokenizer

    rng = np.random.default_rng(7)
    vocabulary = ["el", "paciente", "Juan", "García", "ingresa", "12/03/1980", "Madrid", "con", "dolor", ".", "NHC:", "1234567"]
    long_text = " ".join(rng.choice(vocabulary, size=500))
    assert len(tokens(long_text)) > 500
    n_subwords = len(AutoTokenizer.from_pretrained(random_model)(long_text)["input_ids"])
    assert n_subwords > 10 * 32  # the text needs many windows of 32

    backend = _backend(random_model, max_length=32, stride=8)
    assert (backend.max_length, backend.stride, backend.schema) == (32, 8, "meddocan")
    short = "Juan García, 12/03/1980."
    spans_long, spans_short = backend.predict([long_text, short])
    _check_spans(long_text, spans_long, {NAME, DATE})
    _check_spans(short, spans_short, {NAME, DATE})
    assert spans_long, "a random model over 500 words should tag something"
    # Deterministic, and independent of what else is in the batch or of the batch size.
    assert backend.predict([long_text])[0] == spans_long
    assert _backend(random_model, max_length=32, stride=8, batch_size=3).predict([short, long_text]) == [spans_short, spans_long]


def test_rigged_model_gives_the_built_spans_exactly_across_windows(rigged_model):
    text, expected = _built_text(30)
    assert len(tokens(text)) > 500
    windowed = _backend(rigged_model, max_length=32, stride=8)
    spans = windowed.predict([text])[0]
    assert _triples(spans) == expected
    assert all(text[sp.start:sp.end] in ("Juan García", "Juan", "Garcia") or sp.label == DATE for sp in spans)
    # Windows of another size and stride give the same answer: no word is lost or doubled at a seam.
    assert windowed.predict([text]) == _backend(rigged_model, max_length=20, stride=3, batch_size=5).predict([text])
    assert windowed.predict([text]) == _backend(rigged_model, max_length=64, stride=0).predict([text])


def test_max_pooling_lets_one_entity_subword_tag_the_word(rigged_model):
    # "xgarcia" is x + ##garcia: its first sub-word says O, its second I-NOMBRE.
    text = "visto por Xgarcia hoy"
    start = text.index("Xgarcia")
    assert _triples(_backend(rigged_model).predict([text])[0]) == [(start, start + 7, NAME)]
    assert _backend(rigged_model, aggregation="first").predict([text])[0] == []


def test_schema_translation_and_empty_texts(rigged_model):
    text = "Juan García vino el 01/02/2003."
    galen = _backend(rigged_model, schema="galen")
    assert galen.schema == "galen" and galen.model_schema == "meddocan"
    assert _triples(galen.predict([text])[0]) == [(0, 11, "PERSON")]  # Galén has no dates
    assert _backend(rigged_model).predict(["", "   \n ", "\ufeff"]) == [[], [], []]
    assert _backend(rigged_model).predict([]) == []


def test_byte_level_bpe_words_get_their_prefix_space(hf, tmp_path):
    """RoBERTa-style tokenizers learn a word start as a preceding space; pre-split words must keep it."""
    from tokenizers import (
        Tokenizer,
        decoders,
        models,
        pre_tokenizers,
        processors,
        trainers,
    )
    from transformers import (
        PreTrainedTokenizerFast,
        RobertaConfig,
        RobertaForTokenClassification,
    )

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=300, special_tokens=["<s>", "<pad>", "</s>", "<unk>", "<mask>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(["el paciente Juan García ingresa el día 12/03/1980"] * 20, trainer)
    tok.post_processor = processors.RobertaProcessing(("</s>", 2), ("<s>", 0), add_prefix_space=False)
    PreTrainedTokenizerFast(
        tokenizer_object=tok, bos_token="<s>", eos_token="</s>", unk_token="<unk>", pad_token="<pad>",
        mask_token="<mask>", cls_token="<s>", sep_token="</s>",
    ).save_pretrained(tmp_path)
    config = RobertaConfig(
        vocab_size=tok.get_vocab_size(), hidden_size=HIDDEN, num_hidden_layers=1, num_attention_heads=2,
        intermediate_size=64, max_position_embeddings=34, pad_token_id=1, num_labels=len(TAGS),
        id2label=dict(enumerate(TAGS)), label2id={t: i for i, t in enumerate(TAGS)},
    )
    hf.manual_seed(5)
    RobertaForTokenClassification(config).save_pretrained(tmp_path)

    backend = _backend(tmp_path)
    assert backend.max_length == 32  # RoBERTa positions start after the padding index
    pieces = backend._tokenizer.convert_ids_to_tokens(backend._tokenizer(["paciente"], is_split_into_words=True)["input_ids"])
    assert pieces[1] == "Ġpaciente"  # the word seen in running text, not as a word's continuation
    text = " ".join(["el paciente Juan García ingresa el día 12/03/1980."] * 20)
    spans = backend.predict([text])[0]
    _check_spans(text, spans, {NAME, DATE})


# --------------------------------------------------------------------------------------- bad models and options


def _copy(model_dir: Path, tmp_path: Path) -> Path:
    target = tmp_path / "model"
    shutil.copytree(model_dir, target)
    return target


def test_missing_directory_and_files_are_named(rigged_model, tmp_path):
    with pytest.raises(BackendError, match="no such model directory"):
        _backend(tmp_path / "absent")
    with pytest.raises(BackendError, match="needs --model"):
        from surrogate.ner.transformers_backend import build

        build()
    for missing, message in (("model.safetensors", "model weights"), ("tokenizer.json", "fast tokenizer"),
                             ("config.json", "not a Hugging Face model")):
        broken = _copy(rigged_model, tmp_path / missing)
        (broken / missing).unlink()
        with pytest.raises(BackendError, match=message) as err:
            _backend(broken)
        assert str(broken) in str(err.value)


def test_pickle_weights_are_refused(rigged_model, tmp_path):
    broken = _copy(rigged_model, tmp_path)
    (broken / "model.safetensors").rename(broken / "pytorch_model.bin")
    with pytest.raises(BackendError, match="pickle"):
        _backend(broken)


def test_model_for_another_schema_is_refused(hf, tmp_path):
    foreign = _save(_bert(["O", "B-DRUG", "I-DRUG"]), tmp_path / "foreign")
    with pytest.raises(BackendError, match="DRUG"):
        _backend(foreign)
    meddocan = _save(_bert(TAGS), tmp_path / "meddocan")
    schema_file = tmp_path / "persons.toml"
    schema_file.write_text('name = "persons"\n[labels]\nPERSONA = "person_name"\n', encoding="utf-8")
    with pytest.raises(BackendError, match="not in schema"):
        _backend(meddocan, schema=str(schema_file))
    with pytest.raises(BackendError, match="no entity tags"):
        _backend(_save(_bert(["O"]), tmp_path / "none"))


@pytest.mark.parametrize(
    "options, message",
    [
        ({"colour": "red"}, "no option"),
        ({"max_length": 500}, "exceeds the model's limit of 64"),
        ({"max_length": 32, "stride": 30}, "stride=30 must be smaller"),
        ({"batch_size": "many"}, "batch_size must be an integer"),
        ({"batch_size": 0}, "at least 1"),
        ({"aggregation": "vote"}, "aggregation must be one of"),
        ({"device": "tpu"}, "device must be"),
    ],
)
def test_bad_options_are_refused(rigged_model, options, message):
    with pytest.raises(BackendError, match=message):
        _backend(rigged_model, **options)


def test_string_options_from_the_command_line_are_accepted(rigged_model):
    backend = _backend(rigged_model, max_length="40", stride="5", batch_size="2")
    assert (backend.max_length, backend.stride, backend.batch_size) == (40, 5, 2)


def test_cuda_when_absent_is_a_clear_error(hf, rigged_model):
    if hf.cuda.is_available():
        pytest.skip("a CUDA device is present")
    from surrogate.ner.transformers_backend import build

    with pytest.raises(BackendError, match="no CUDA device"):
        build(model=rigged_model, device="cuda")
    assert str(build(model=rigged_model).device) == "cpu"  # auto falls back to the CPU


# --------------------------------------------------------------------------------------- pure decoding (no torch)


def _words(n: int) -> list[Token]:
    return tokens(" ".join(f"w{i}" for i in range(n)))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.sampled_from(["A", "B"])), max_size=12), st.integers(0, 40))
def test_bio_encoding_of_spans_decodes_back(layout, gap_seed):
    """Lay out non-overlapping word spans, tag them B/I, and decoding must give exactly those spans back."""
    words = _words(60)
    tags = [Tag("O", None)] * len(words)
    expected, cursor = [], gap_seed % 3
    for length, label in layout:
        length += 1
        if cursor + length > len(words):
            break
        for k in range(length):
            tags[cursor + k] = Tag("B" if k == 0 else "I", label)
        expected.append((words[cursor].start, words[cursor + length - 1].end, label))
        cursor += length + (gap_seed + length) % 2  # spans sometimes touch: B must split them
    assert decode_tags(words, tags) == expected


def test_bioes_and_stray_inside_tags():
    words = _words(8)
    parse = [Tag.parse(t) for t in ["S-X", "B-X", "E-X", "I-X", "I-X", "I-Y", "O", "E-X"]]
    def span(first: int, last: int, label: str) -> tuple[int, int, str]:
        return words[first].start, words[last].end, label

    assert decode_tags(words, parse) == [span(0, 0, "X"), span(1, 2, "X"), span(3, 4, "X"), span(5, 5, "Y"), span(7, 7, "X")]
    assert Tag.parse("O") == Tag("O", None) and Tag.parse("FECHAS") == Tag("I", "FECHAS")
    assert Tag.parse("b-ID-X") == Tag("B", "ID-X")


def test_word_votes_pool_by_maximum_average_or_first():
    ids = np.array([-1, 0, 0, 1, -1])
    probs = np.array([[1, 0], [0.6, 0.4], [0.1, 0.9], [0.7, 0.3], [0, 1]], dtype=float)
    results = {}
    for aggregation in ("max", "average", "first"):
        votes = WordVotes(3, 2, aggregation)
        votes.add(ids, probs)
        results[aggregation] = votes.best(outside=0).tolist()
    assert results == {"max": [1, 0, 0], "average": [1, 0, 0], "first": [0, 0, 0]}
    votes = WordVotes(1, 2, "average")
    votes.add(np.array([0, 0, 0]), np.array([[0.6, 0.4], [0.6, 0.4], [0.1, 0.9]]))
    assert votes.best(outside=0).tolist() == [1]  # mean 0.43 vs 0.57
    votes = WordVotes(1, 2, "max")
    votes.add(np.array([0, 0, 0]), np.array([[0.6, 0.4], [0.6, 0.4], [0.45, 0.55]]))
    assert votes.best(outside=0).tolist() == [0]  # max 0.6 vs 0.55
