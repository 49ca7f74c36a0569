"""Engine invariants: exact offsets, untouched non-PHI text, no leaks, fail-closed masking, determinism."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gazetteers import GazetteerSet
from surrogate import (
    CannotReplace,
    Document,
    Engine,
    EngineConfig,
    Replacer,
    Span,
    load_schema,
    register_replacer,
)
from surrogate.model import AlignmentError
from surrogate.testing import (
    assert_aligned,
    assert_consistent,
    assert_no_leak,
    assert_outside_unchanged,
)
from surrogate.testing import strategies as phi
from surrogate.surgery import apply_edits

MEDDOCAN_LABELS = sorted(load_schema("meddocan").labels)
EMPTY = GazetteerSet({})  # replacers that need tables fail closed; engine invariants must still hold


@st.composite
def documents(draw, alphabet=None):
    """Random text with random non-overlapping spans of random MEDDOCAN (and unknown) labels."""
    alphabet = alphabet or st.characters(blacklist_categories=("Cs",))
    text = draw(st.text(alphabet=alphabet, min_size=0, max_size=200))
    cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=12, unique=True)))
    spans = []
    for n, (s, e) in enumerate(zip(cuts[::2], cuts[1::2])):
        label = draw(st.sampled_from(MEDDOCAN_LABELS + ["NOT_A_LABEL"]))
        spans.append(Span(f"T{n + 1}", label, s, e))
    return Document("doc", text, tuple(spans))


def _check_invariants(doc: Document, result) -> None:
    """The toolkit's invariants (surrogate.testing), plus: the engine keeps span order and ids."""
    assert [s.id for s in result.document.spans] == [s.id for s in doc.spans]
    assert_aligned(result)
    assert_outside_unchanged(doc, result)
    assert_no_leak(doc, result)
    assert_consistent(doc, result)


@pytest.mark.parametrize("profile", ["surrogate", "mask", "tag", "redact"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=documents())
@example(doc=Document(id="doc", text="\uf900", spans=(), meta={}))  # NFC changes it and there is no span
def test_random_documents_keep_invariants_without_gazetteers(profile, doc):
    result = Engine(EngineConfig(profile=profile), gazetteers=EMPTY).apply(doc, seed=3)
    _check_invariants(doc, result)


# Text that looks like clinical PHI, so replacers do real work rather than failing closed at once.
_PHI_LIKE = st.sampled_from([
    "Juan", "García", "MARÍA JOSÉ", "de la Fuente", "Dra. Ruiz", "03/03/2016", "21 de febrero de 2002",
    "45 años", "sesenta y tres años", "28036", "Madrid", "España", "C/ del Abedul 5, 2º dcha", "12345678Z",
    "28 28 70973", "nnavcu@hotmail.com", "91 123 45 67", "Hospital Universitario La Paz", "madre",
    "enfermera", "H", "http://www.ejemplo.es/x", "Colegio Público", " ", "😷", "\u05d0\u05d1", "e\u0301",
])


@st.composite
def phi_documents(draw):
    """Random documents whose spans hold PHI-like strings (and junk) under random MEDDOCAN labels."""
    pieces, spans, pos = [], [], 0
    for n in range(draw(st.integers(0, 8))):
        filler = draw(st.text(max_size=12))
        value = draw(st.one_of(_PHI_LIKE, st.text(min_size=1, max_size=15)))
        pieces += [filler, value]
        start = pos + len(filler)
        spans.append(Span(f"T{n + 1}", draw(st.sampled_from(MEDDOCAN_LABELS)), start, start + len(value)))
        pos = start + len(value)
    return Document("doc", "".join(pieces), tuple(spans))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=phi_documents(), seed=st.integers(0, 2**32 - 1))
def test_random_phi_documents_keep_invariants_with_default_gazetteers(strict_default_engine, doc, seed):
    """Strict mode: a replacer may refuse a span (CannotReplace → mask) but never crash or leak."""
    result = strict_default_engine.apply(doc, seed=seed)
    _check_invariants(doc, result)
    assert strict_default_engine.apply(doc, seed=seed).document.text == result.document.text


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=phi.documents(max_spans=8), seed=st.integers(0, 2**32 - 1))
def test_realistic_documents_keep_invariants_and_surrogate_every_span(strict_default_engine, doc, seed):
    """Toolkit documents hold well-formed PHI of every generated kind: each span gets a real surrogate."""
    result = strict_default_engine.apply(doc, seed=seed)
    _check_invariants(doc, result)
    masked = [r.span_id for r in result.replacements if r.action != "surrogate"]
    assert not masked, f"spans {masked} in doc {doc.id} were masked instead of surrogated"


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=phi.adversarial_documents(max_spans=8), seed=st.integers(0, 2**32 - 1))
def test_adversarial_documents_keep_invariants(strict_default_engine, doc, seed):
    """BOM, CRLF, glued spans, NFD accents, emoji, spans at the ends: offsets stay exact, nothing leaks."""
    _check_invariants(doc, strict_default_engine.apply(doc, seed=seed))


ADVERSARIAL = [
    "",  # empty
    "   \t ",  # whitespace only
    "😷🏥💉",  # emoji
    "מטופל יוסי כהן",  # right-to-left
    "Jose\u0301 Mari\u0301a",  # combining accents
    "García" * 1700,  # ~10k characters
    "\u200b\u200d",  # zero-width
    "X",  # single letter equal to its own mask
    "*****",
]


@pytest.mark.parametrize("label", MEDDOCAN_LABELS)
@pytest.mark.parametrize("payload", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_adversarial_spans_are_replaced_or_masked(label, payload, strict_default_engine):
    text = f"Antes: {payload} después."
    doc = Document("adv", text, (Span("T1", label, 7, 7 + len(payload)),))
    result = strict_default_engine.apply(doc, seed=1)
    _check_invariants(doc, result)


@pytest.fixture(scope="module")
def strict_default_engine(default_engine):
    return Engine(EngineConfig(), gazetteers=default_engine.gazetteers, strict=True)


@pytest.fixture(scope="module")
def default_engine():
    try:
        from gazetteers import default_set

        default_set("es").get("first_names")
    except FileNotFoundError:
        pytest.skip("default gazetteers not built")
    return Engine(EngineConfig())


def test_surgery_realigns_every_span_and_keeps_the_rest():
    doc = Document("d", "ab CD ef GHI jk", (Span("T1", "X", 3, 5), Span("T2", "X", 9, 12)))
    text, aligned = apply_edits(doc, {"T1": ["longer"], "T2": [""]})
    assert text == "ab longer ef  jk"
    assert text[aligned["T1"].start:aligned["T1"].end] == "longer"
    assert aligned["T2"].start == aligned["T2"].end == 13


def test_discontinuous_span_fragments_are_replaced_separately():
    doc = Document("d", "uno DOS tres CUATRO", (Span.from_fragments("T1", "OTROS_SUJETO_ASISTENCIA", ((4, 7), (13, 19))),))
    result = Engine(EngineConfig(profile="mask"), gazetteers=EMPTY).apply(doc)
    assert result.document.text == "uno XXX tres XXXXXX"
    assert result.document.span_text(result.document.spans[0]) == "XXX XXXXXX"


def test_crossing_spans_are_replaced_as_one_edit_and_the_shorter_is_merged():
    doc = Document("d", "Juan García", (Span("T1", "FECHAS", 0, 6), Span("T2", "FECHAS", 5, 11)))
    result = Engine(EngineConfig(profile="mask"), gazetteers=EMPTY).apply(doc)
    assert result.document.text == "XXXX XXXXXX"
    assert result.overlaps == {"T2": "merged"}  # same length: the head T1 was first; it now covers both
    assert [(sp.id, sp.start, sp.end) for sp in result.document.spans] == [("T1", 0, 11)]


def test_offsets_outside_the_text_raise():
    with pytest.raises(AlignmentError):
        Engine(gazetteers=EMPTY).apply(Document("d", "abc", (Span("T1", "FECHAS", 1, 9),)))


def test_unknown_label_is_masked_and_tag_profile_uses_schema_tag():
    doc = Document("d", "Sr. Pérez vive en Soria.", (Span("T1", "MYSTERY", 4, 9), Span("T2", "TERRITORIO", 18, 23)))
    masked = Engine(EngineConfig(), gazetteers=EMPTY).apply(doc)
    assert masked.document.text.startswith("Sr. XXXXX vive")
    tagged = Engine(EngineConfig(profile="tag", tag_format="#{tag}#"), gazetteers=EMPTY).apply(doc)
    assert tagged.document.text == "Sr. XXXXX vive en #TERRITORIO#."


def test_sex_is_kept_in_surrogate_profile_but_masked_in_mask_profile():
    doc = Document("d", "Sexo: Mujer", (Span("T1", "SEXO_SUJETO_ASISTENCIA", 6, 11),))
    assert Engine(gazetteers=EMPTY).apply(doc).document.text == "Sexo: Mujer"
    assert Engine(EngineConfig(profile="mask"), gazetteers=EMPTY).apply(doc).document.text == "Sexo: XXXXX"


class _EchoReplacer(Replacer):
    """Misbehaving plug-in: returns the original (a leak) or raises."""

    kind = "echo"

    def replace(self, original, ctx):
        if original == "boom":
            raise RuntimeError("bug")
        if original == "cannot":
            raise CannotReplace("no idea")
        return original.upper()


class _CountingReplacer(Replacer):
    kind = "counting"

    def replace(self, original, ctx):
        return f"{original}-{int(ctx.rng.integers(1_000_000))}"


@pytest.fixture()
def plugin_schema():
    register_replacer("echo", _EchoReplacer)
    register_replacer("counting", _CountingReplacer)
    from surrogate.schemas import schema_from_mapping

    return schema_from_mapping({"labels": {"E": "echo", "C": {"kind": "counting", "tag": "CNT"}}})


@pytest.mark.parametrize("payload", ["leak", "boom", "cannot"])
def test_leaking_or_failing_replacers_fail_closed(plugin_schema, payload):
    doc = Document("d", f"x {payload} y", (Span("T1", "E", 2, 2 + len(payload)),))
    result = Engine(schema=plugin_schema, gazetteers=EMPTY).apply(doc)
    assert result.document.text == f"x {'X' * len(payload)} y"
    assert result.replacements[0].action == "fallback-mask"


def test_strict_mode_reraises_replacer_bugs(plugin_schema):
    doc = Document("d", "x boom y", (Span("T1", "E", 2, 6),))
    with pytest.raises(RuntimeError):
        Engine(schema=plugin_schema, gazetteers=EMPTY, strict=True).apply(doc)


def test_same_original_same_surrogate_within_a_document(plugin_schema):
    doc = Document("d", "aa bb aa", (Span("T1", "C", 0, 2), Span("T2", "C", 3, 5), Span("T3", "C", 6, 8)))
    r = Engine(schema=plugin_schema, gazetteers=EMPTY).apply(doc)
    texts = [r.document.span_text(s) for s in r.document.spans]
    assert texts[0] == texts[2] != texts[1]


def test_determinism_and_seed_sensitivity(plugin_schema):
    doc = Document("d", "aa bb", (Span("T1", "C", 0, 2), Span("T2", "C", 3, 5)))
    engine = Engine(schema=plugin_schema, gazetteers=EMPTY)
    assert engine.apply(doc, seed=7).document.text == engine.apply(doc, seed=7).document.text
    assert engine.apply(doc, seed=7).document.text != engine.apply(doc, seed=8).document.text


def test_keyed_mode_is_stable_across_documents_and_engines(plugin_schema):
    cfg = EngineConfig(key=b"secret")
    d1 = Document("one", "aa zz", (Span("T1", "C", 0, 2), Span("T2", "C", 3, 5)))
    d2 = Document("two", "qq aa", (Span("T1", "C", 0, 2), Span("T2", "C", 3, 5)))
    r1 = Engine(cfg, schema=plugin_schema, gazetteers=EMPTY).apply(d1, seed=1)
    r2 = Engine(cfg, schema=plugin_schema, gazetteers=EMPTY).apply(d2, seed=99)
    assert r1.replacements[0].surrogate == r2.replacements[1].surrogate
    other_key = Engine(EngineConfig(key=b"other"), schema=plugin_schema, gazetteers=EMPTY).apply(d1)
    assert other_key.replacements[0].surrogate != r1.replacements[0].surrogate


def test_blocklist_is_never_emitted(plugin_schema):
    class Fixed(Replacer):
        kind = "fixed"

        def replace(self, original, ctx):
            return ["Soria", "Teruel"][int(ctx.rng.integers(2))]

    register_replacer("fixed", Fixed)
    from surrogate.schemas import schema_from_mapping

    schema = schema_from_mapping({"labels": {"F": "fixed"}})
    engine = Engine(EngineConfig(blocklist=frozenset({"SORIA"})), schema=schema, gazetteers=EMPTY)
    doc = Document("d", "Cuenca", (Span("T1", "F", 0, 6),))
    outputs = [engine.apply(doc, seed=seed).document.text for seed in range(40)]
    assert "Soria" not in outputs
    assert set(outputs) <= {"Teruel", "XXXXXX"} and outputs.count("Teruel") > 30  # retried, rarely masked


def test_output_does_not_depend_on_the_python_hash_seed():
    """Workers are fresh interpreters with their own hash salt: the same seed must give the same text."""
    import subprocess
    import sys

    script = (
        "from surrogate import Document, Engine, EngineConfig, Span\n"
        "doc = Document('d', 'Juan García nació el 03/03/1946 en Soria.', (Span('T1', 'NOMBRE_SUJETO_ASISTENCIA', 0, 11),"
        " Span('T2', 'FECHAS', 21, 31), Span('T3', 'TERRITORIO', 35, 40)))\n"
        "print(Engine(EngineConfig()).apply(doc, seed=5).document.text)\n"
    )
    outputs = set()
    for hash_seed in ("1", "2", "3"):
        env = {**__import__("os").environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
        outputs.add(run.stdout)
    assert len(outputs) == 1 and "Juan García" not in outputs.pop()


def test_builtin_schemas_are_parsed_once_and_schema_objects_pass_through(tmp_path):
    from surrogate.schemas import as_schema

    assert as_schema("meddocan") is as_schema("meddocan")
    given = load_schema("galen")
    assert as_schema(given) is given  # an object is used as given
    user = tmp_path / "mine.toml"
    user.write_text('name = "mine"\n[labels]\nX = "date"\n', encoding="utf-8")
    assert as_schema(str(user)).kind_of("X") == "date"  # a user file is read, not taken for a built-in
