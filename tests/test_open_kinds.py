"""Open kinds (OTROS_SUJETO_ASISTENCIA, words under an identifier label): a real value of the same category,
in the same gender and number, or a mask; no replacer invents letters for a word."""
from __future__ import annotations

import re

import numpy as np
import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gazetteers import Gazetteer, Provenance, default_set, fold
from surrogate import Document, Engine, EngineConfig, Span
from surrogate.replacers.open_words import FRAMES, attribute_lexicon, split_frame
from surrogate.replacers.other import CODE_LABELS
from surrogate.replacers.shape import real_word, shape_keep

GAZ = default_set("es")
ATTRS = GAZ["personal_attributes"].frame
ROWS = list(ATTRS.select("value", "category", "lemma", "gender", "number").iter_rows())
FORMS = {}  # folded value → {(category, lemma, gender, number)}
for _v, _c, _l, _g, _n in ROWS:
    FORMS.setdefault(fold(_v), set()).add((_c, _l, _g, _n))
COUNTRIES = GAZ["countries"].frame
DEMONYM_COLUMNS = ("demonym_ms", "demonym_fs", "demonym_mp", "demonym_fp")
DEMONYMS = {col: {fold(v) for v in COUNTRIES[col].to_list() if v} for col in DEMONYM_COLUMNS}
ENGINE = Engine(EngineConfig(), schema="meddocan", strict=True)
WORD_LABELS = ("OTROS_SUJETO_ASISTENCIA", "ID_SUJETO_ASISTENCIA", "ID_CONTACTO_ASISTENCIAL", "ID_ASEGURAMIENTO",
               "OTRO_NUMERO_IDENTIF", "IDENTIF_DISPOSITIVOS_NRSERIE")
FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LETTERS = re.compile(r"[^\W\d_]+")


def surrogate(value: str, label: str = "OTROS_SUJETO_ASISTENCIA", seed: int = 0, prefix: str = "Paciente: ",
              engine: Engine = ENGINE) -> tuple[str, str]:
    """(action, surrogate) of ``value`` as the one span of a small document."""
    doc = Document("d", f"{prefix}{value}.", (Span("T1", label, len(prefix), len(prefix) + len(value)),))
    r = engine.apply(doc, seed=seed).replacements[0]
    return r.action, r.surrogate


def is_mask(text: str) -> bool:
    return bool(re.fullmatch(r"[X\W]*", text)) and "X" in text


# -- each category maps to itself, with agreement ----------------------------------------------------------------
def test_every_value_of_the_table_is_surrogated_not_masked():
    # a sweep, not a sample: "de baja laboral" starts with the frame word "de" and was read as "baja laboral",
    # which no category holds, so it was masked on every seed
    masked = sorted({value for value, *_ in ROWS if surrogate(value, seed=0)[0] != "surrogate"})
    assert not masked, masked


@FAST
@given(row=st.sampled_from(ROWS), seed=st.integers(0, 2**32 - 1), label=st.sampled_from(WORD_LABELS[:2]))
def test_a_category_value_becomes_another_of_the_same_category_gender_and_number(row, seed, label):
    value = row[0]
    action, new = surrogate(value, label, seed)
    assert action == "surrogate"
    readings = FORMS.get(fold(new), set())
    assert readings, f"{new!r} is no value of the table"
    # some reading of the original (homographs: "en paro" is singular and plural) and one of the surrogate
    # share category and number, not the word; a gendered original keeps its gender or gets a common form
    assert any(c == c0 and n == n0 and l != l0 and (g0 == "c" or g in (g0, "c"))
               for c0, l0, g0, n0 in FORMS[fold(value)] for c, l, g, n in readings)


@FAST
@given(column=st.sampled_from(DEMONYM_COLUMNS), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_a_demonym_becomes_another_demonym_of_the_same_form(column, seed, data):
    names = {fold(v) for v in COUNTRIES["value"].to_list()}  # "eritrea" is a country before a demonym
    value = data.draw(st.sampled_from(sorted(v for v in COUNTRIES[column].to_list() if v and fold(v) not in names)))
    action, new = surrogate(value, seed=seed)
    assert action == "surrogate" and fold(new) != fold(value)
    number = column[-1]  # an invariant demonym ("chipriota") may be read as either gender, never another number
    assert any(fold(new) in DEMONYMS[c] for c in DEMONYM_COLUMNS if c[-1] == number and fold(value) in DEMONYMS[c])


@pytest.mark.parametrize("original, frame, category", [
    ("raza negra", "raza ", "ethnicity"), ("raza caucásica", "raza ", "ethnicity"),
    ("origen español", "origen ", None), ("la menor", "la ", "birth_order"), ("El mayor", "El ", "birth_order"),
    ("de raza gitana", "de raza ", "ethnicity"),
])
def test_frame_words_stay_and_the_value_agrees(original, frame, category):
    for seed in range(5):
        action, new = surrogate(original, seed=seed)
        assert action == "surrogate" and new.startswith(frame)
        rest = new[len(frame):]
        if category is None:
            assert fold(rest) in DEMONYMS["demonym_ms"] and fold(rest) != "espanol"
        else:
            assert any(c == category for c, *_ in FORMS[fold(rest)])
            if frame.lower().startswith(("la", "raza", "de raza")):
                assert any(g in ("f", "c") for c, l, g, n in FORMS[fold(rest)] if c == category)


def test_case_follows_the_original():
    assert surrogate("Casado")[1][0].isupper() and surrogate("CASADO")[1].isupper()
    assert surrogate("casado")[1].islower()


@pytest.mark.parametrize("original, kind_words", [
    ("madre", "kinship"), ("hermano mayor", "kinship"), ("sin hijos", "kinship"),
    ("Estudiante de administración de empresas", "profession"), ("estudiante", "profession"),
])
def test_kinship_and_occupations_go_to_their_replacers(original, kind_words):
    table = GAZ["kinship" if kind_words == "kinship" else "professions"].frame
    cols = ["value"] + (["feminine"] if kind_words == "profession" else [])
    vocab = {w for c in cols for v in table[c].to_list() if v for w in fold(v).split()}
    for seed in range(4):
        action, new = surrogate(original, seed=seed)
        assert action == "surrogate" and fold(new) != fold(original)
        head = fold(new).split()[-1 if kind_words == "kinship" and original.startswith("sin") else 0]
        assert head in vocab or fold(new).split()[0] in vocab


def test_a_relative_handed_over_with_no_other_of_its_generation_is_masked():
    # issue 13: kinship changes only within sex and generation; no other maternal grandfather exists, and an
    # OTROS span may not stay as it is
    for seed in range(4):
        assert surrogate("abuelo materno", seed=seed)[0] == "fallback-mask"


def test_phrases_are_read_by_their_head_and_never_keep_it():
    for seed in range(5):
        for original, category in (("tatuaje en la región pectoral izquierda", "mark"), ("cabello amarillento", "physical_trait"),
                                   ("fusil de pesca submarina en su casa", "object"),
                                   ("ciclista veterano de carretera", "activity")):
            action, new = surrogate(original, seed=seed)
            assert action == "surrogate" and any(c == category for c, *_ in FORMS[fold(new)])
            assert fold(new).split()[0] != fold(original).split()[0]


# -- unknown words are masked, never scrambled --------------------------------------------------------------------
UNKNOWN = st.lists(st.text("bcdfghjklmnpqrstvwxz", min_size=3, max_size=9), min_size=1, max_size=4).map(" ".join)


@FAST
@given(text=UNKNOWN, label=st.sampled_from(WORD_LABELS), seed=st.integers(0, 2**32 - 1))
def test_a_word_span_of_no_known_category_is_masked(text, label, seed):
    action, new = surrogate(text, label, seed)
    assert action == "fallback-mask" and is_mask(new)


@pytest.mark.parametrize("original", ["tarjeta amarilla al Sistema Español de Farmacovigilancia",
                                      "pérdida de los dos labios y de la nariz"])
def test_meddocan_phrases_of_no_category_are_masked(original):
    assert surrogate(original)[0] == "fallback-mask"


def test_the_mask_policy_masks_everything():
    engine = Engine(EngineConfig(options={"other": {"policy": "mask"}}), schema="meddocan")
    assert surrogate("casada", engine=engine)[1] == "XXXXXX"


# -- no replacer invents letters for a word -----------------------------------------------------------------------
def _vocabulary() -> frozenset[str]:
    words: set[str] = set()
    for name in GAZ.names():
        frame = GAZ[name].frame
        for col in frame.columns:
            if frame.schema[col] == pl.String:
                for v in frame[col].drop_nulls().to_list():
                    words.update(LETTERS.findall(fold(v)))
    return frozenset(words)


VOCAB = _vocabulary()
WORDISH = st.one_of(
    st.sampled_from(sorted({v for v, *_ in ROWS})),
    st.sampled_from(sorted(v for v in COUNTRIES["demonym_fs"].to_list() if v)),
    st.sampled_from(["madre", "hermanos", "abuela paterna", "estudiante", "jubilado", "Lactante", "soltera",
                     "raza negra", "origen marroquí", "modelo PARA", "tatuaje en el brazo"]),
    UNKNOWN,
)


@FAST
@given(text=WORDISH, label=st.sampled_from(WORD_LABELS + ("URL_WEB", "CORREO_ELECTRONICO", "NUMERO_TELEFONO")),
       seed=st.integers(0, 2**32 - 1))
def test_word_valued_spans_get_gazetteer_words_or_a_mask(text, label, seed):
    """Every letter run of the surrogate is a word of the gazetteers (the format tokens of a code aside)."""
    action, new = surrogate(text, label, seed)
    if action == "fallback-mask":
        assert is_mask(new)
        return
    assert action == "surrogate"
    strangers = [w for w in LETTERS.findall(fold(new)) if w not in VOCAB and w not in FRAMES and w not in CODE_LABELS]
    assert not strangers, (text, new)


@FAST
@given(template=st.from_regex(r"[A-Za-zñáéí]{1,20}", fullmatch=True), seed=st.integers(0, 2**32 - 1))
def test_real_word_draws_listed_words_of_the_same_length_and_case(template, seed):
    words = {fold(w) for w in GAZ["common_words"].frame["value"].to_list()}
    new = real_word(np.random.default_rng(seed), template)
    assert len(new) == len(template)
    assert [c.isupper() for c in new] == [c.isupper() for c in template] or template.isupper()
    if template.isascii():
        assert new.isascii()
    if 3 <= len(template) <= max(map(len, words)) and len(template) in {len(w) for w in words}:
        assert fold(new) in words


@given(template=st.from_regex(r"[a-z]{3,12}[0-9]{1,4}", fullmatch=True), seed=st.integers(0, 2**32 - 1))
def test_shape_keep_turns_the_word_part_of_a_code_into_a_word(template, seed):
    new = shape_keep(np.random.default_rng(seed), template)
    word = LETTERS.match(new).group()
    assert len(word) == len(LETTERS.match(template).group()) and word.islower()
    assert all(w in VOCAB for w in LETTERS.findall(fold(word))) or len(word) > 14


# -- the lists are data: a user adds or overrides them without touching the code -----------------------------------
def test_a_users_table_adds_a_category():
    mine = pl.DataFrame({
        "value": ["surfista", "surfistas", "patinador", "patinadora"],
        "weight": [1.0, 1.0, 1.0, 1.0],
        "category": ["hobby"] * 4,
        "lemma": ["surfista", "surfista", "patinador", "patinador"],
        "gender": ["c", "c", "m", "f"],
        "number": ["sg", "pl", "sg", "sg"],
    })
    frame = pl.concat([ATTRS, mine])
    gaz = GAZ.override("personal_attributes", lambda: Gazetteer("personal_attributes", frame, Provenance("mine")))
    engine = Engine(EngineConfig(), schema="meddocan", gazetteers=gaz)
    assert attribute_lexicon(gaz).lookup("patinadora", "") is not None
    for seed in range(5):
        assert surrogate("patinador", engine=engine, seed=seed)[1] == "surfista"  # m → m or common, other word
    assert surrogate("patinador")[0] == "fallback-mask"  # the built-in table does not know it


def test_split_frame_keeps_articles_and_frame_nouns():
    assert split_frame("de raza negra") == ("de raza ", "negra", "f")
    assert split_frame("origen español") == ("origen ", "español", "m")
    assert split_frame("soltera") == ("", "soltera", "")


# -- MEDDOCAN: ≤ 2% of the surrogate tokens are not Spanish words ---------------------------------------------------
ID_WORD_LABEL = re.compile(r"^(ID_|NUMERO_BENEF|IDENTIF_VEH|IDENTIF_DISP|OTRO_NUMERO)")


@pytest.mark.slow
def test_meddocan_open_kind_surrogates_are_spanish_words(meddocan_train, meddocan_dev):
    wordfreq = pytest.importorskip("wordfreq")
    spanish = set(wordfreq.get_frequency_dict("es"))
    tokens = {"otros": [0, 0], "idword": [0, 0]}
    masked = 0
    for doc in meddocan_train + meddocan_dev:
        keys = {sp.id: "otros" if sp.label == "OTROS_SUJETO_ASISTENCIA" else "idword" for sp in doc.spans
                if sp.label == "OTROS_SUJETO_ASISTENCIA"
                or (ID_WORD_LABEL.match(sp.label) and not any(c.isdigit() for c in doc.text[sp.start:sp.end]))}
        if not keys:
            continue
        for r in Engine(EngineConfig(), schema="meddocan").apply(doc, seed=1).replacements:
            if r.span_id not in keys:
                continue
            if r.action != "surrogate":
                masked += 1
                continue
            for token in LETTERS.findall(r.surrogate):
                tokens[keys[r.span_id]][0] += 1
                tokens[keys[r.span_id]][1] += token.lower() not in spanish
    for total, strangers in tokens.values():
        assert total > 20 and strangers / total <= 0.02, tokens
    assert masked <= 5  # train+dev: 2 spans of no known category ("tarjeta amarilla al Sistema ...")
