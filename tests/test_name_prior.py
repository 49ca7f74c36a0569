"""The corpus's name prior (``NamePrior``, ``--name-prior corpus``): what it counts, how it reweights the census
pools, and that it never spreads a name: no word outside the census, no word of a single document, never a
whole name of another document, and no leak of the document's own names."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from augment.corpus import read_corpus
from augment.generator import apply_corpus, augment_corpus
from gazetteers.text import fold
from surrogate import Engine, EngineConfig, NamePrior
from surrogate.model import Document, Span
from surrogate.replacers.people.corpus_prior import MIN_CENSUS_SHARE
from surrogate.replacers.people.pools import NamePools
from surrogate.schemas import load_schema

MEDDOCAN = load_schema("meddocan")


def is_name(label: str) -> bool:
    return MEDDOCAN.kind_of(label) == "person_name"


def note(doc_id: str, patient: str, doctor: str, town: str = "Lugo") -> Document:
    """A short note naming a patient and a doctor (and a town, which is no name)."""
    text = f"Paciente: {patient}.\nMédico: {doctor}.\nLocalidad: {town}.\n"
    spans = []
    for i, (label, value) in enumerate((("NOMBRE_SUJETO_ASISTENCIA", patient),
                                        ("NOMBRE_PERSONAL_SANITARIO", doctor), ("TERRITORIO", town)), 1):
        start = text.index(value)
        spans.append(Span(f"T{i}", label, start, start + len(value)))
    return Document(doc_id, text, tuple(spans))


# --------------------------------------------------------------------------------------------- counting


def test_counts_documents_not_mentions_and_drops_words_of_one_document():
    docs = [note("a", "Iker Etxeberria Goikoetxea", "Héctor Pastor Navarro"),
            note("b", "Iker Etxeberria Goikoetxea", "Héctor Pastor Navarro"),
            note("c", "Ane Zubiri Arana", "Héctor Pastor Navarro")]
    prior = NamePrior.from_documents(docs, is_name)
    counts = dict(prior.counts)
    assert counts["pastor"] == 3 and counts["hector"] == 3 and counts["etxeberria"] == 2
    assert "zubiri" not in counts and "ane" not in counts  # one document only: a patient's name is never spread
    assert "lugo" not in counts  # a town is no person name
    assert "hector pastor navarro" in prior.full_names and "ane zubiri arana" in prior.full_names


def test_a_word_written_twice_in_one_document_counts_once():
    text = "Paciente: Ane Zubiri.\nFirma: Ane Zubiri.\n"
    doc = Document("a", text, (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 10, 20),
                               Span("T2", "NOMBRE_SUJETO_ASISTENCIA", 29, 39)))
    assert NamePrior.from_documents([doc], is_name).counts == ()


def test_particles_are_not_name_words():
    docs = [note(str(i), "Juan de la Fuente", "Ana del Río") for i in range(3)]
    counts = dict(NamePrior.from_documents(docs, is_name).counts)
    assert {"de", "la", "del"}.isdisjoint(counts) and counts["fuente"] == 3


def test_the_prior_is_a_plain_value():
    docs = [note(str(i), "Iker Etxeberria", "Héctor Pastor") for i in range(2)]
    a, b = NamePrior.from_documents(docs, is_name), NamePrior.from_documents(list(reversed(docs)), is_name)
    assert a == b and a.digest == b.digest  # corpus order changes nothing
    assert NamePrior.from_documents(docs, is_name, share=0.2).digest != a.digest
    with pytest.raises(ValueError):
        NamePrior((), share=1.5)


# ------------------------------------------------------------------------------------------- reweighting


def test_reweight_mixes_census_and_corpus_shares():
    prior = NamePrior((("pastor", 3), ("ruiz", 1)), share=0.5)
    values = ["Pastor", "Ruiz", "García"]
    mixed = prior.reweight(values, np.array([10.0, 30.0, 60.0]))
    assert mixed == pytest.approx([0.5 * 0.1 + 0.5 * 0.75, 0.5 * 0.3 + 0.5 * 0.25, 0.5 * 0.6])
    assert prior.reweight(["García", "López"], np.array([1.0, 3.0])) == pytest.approx([0.25, 0.75])
    assert NamePrior((("pastor", 3),), share=0.0).reweight(values, np.array([1.0, 1.0, 2.0])) == \
        pytest.approx([1.0, 1.0, 2.0])


def test_a_word_too_rare_in_the_census_is_never_boosted():
    rare = MIN_CENSUS_SHARE / 10
    prior = NamePrior((("zubiri", 50),), share=0.9)
    mixed = prior.reweight(["García", "Zubiri"], np.array([1.0 - rare, rare]))
    assert mixed == pytest.approx([1.0 - rare, rare])


@pytest.fixture(scope="module")
def gazetteers():
    return Engine(EngineConfig(), schema="meddocan").gazetteers


def test_pools_draw_the_corpus_words_more_often_and_never_a_word_outside_the_census(gazetteers):
    prior = NamePrior((("pastor", 5), ("zzqxname", 9)), share=0.5)
    census, boosted = NamePools.of(gazetteers), NamePools.of(gazetteers, prior=prior)
    assert boosted is not census and NamePools.of(gazetteers, prior=prior) is boosted  # cached by content
    assert boosted._tables is census._tables  # the census tables are decoded once, whatever the priors

    def share_of(pools: NamePools, word: str) -> float:
        rng = np.random.default_rng(3)
        draws = Counter(fold(pools.surname_first.draw(rng)) for _ in range(4000))
        assert "zzqxname" not in draws  # the corpus never adds a word
        return draws[word] / 4000

    assert share_of(census, "pastor") < 0.01
    assert share_of(boosted, "pastor") > 0.4


# ------------------------------------------------------------------------------------------------ engine


def test_a_surrogate_never_spells_another_documents_whole_name():
    # The whole prior points at one name: the patient's draw is pushed onto it and must be refused.
    prior = NamePrior((("ana", 2), ("gil", 2), ("ruiz", 2)), frozenset({"ana ruiz gil"}), share=1.0)
    engine = Engine(EngineConfig(name_prior=prior), schema="meddocan")
    doc = note("d", "Marta López Sanz", "Pedro Romero Vidal")
    seen = Counter()
    for seed in range(60):
        out = engine.apply(doc, seed=seed).document
        patient = out.span_text(out.spans[0])
        seen[fold(patient)] += 1
        assert fold(patient) != "ana ruiz gil"
    assert any(k.startswith("ana ") for k in seen)  # the prior did steer the draws


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(["Héctor Pastor Navarro", "Iker Etxeberria", "María José Gómez Maestra",
                                 "Ane Zubiri Arana", "Pastor Navarro", "Juan", "Navarro Gómez", "José Luis"]),
                min_size=4, max_size=8), st.integers(0, 2**32 - 1))
def test_with_a_prior_no_document_leaks_its_own_names_and_offsets_stay_exact(names, seed):
    docs = [note(f"d{i}", names[i], names[(i + 1) % len(names)]) for i in range(len(names))]
    engine = Engine(EngineConfig(name_prior=NamePrior.from_documents(docs, is_name, share=1.0)), schema="meddocan")
    for doc in docs:
        out = engine.apply(doc, seed=seed).document
        own = {fold(w) for sp in doc.spans[:2] for w in doc.span_text(sp).split()}
        for sp in out.spans[:2]:
            text = out.span_text(sp)
            assert out.text[sp.start:sp.end] == text
            assert not own & {fold(w) for w in text.split()}, f"span {sp.id} of {doc.id} kept a word of its own names"


# -------------------------------------------------------------------------------------------- commands


def _corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    doctors = ["Héctor Pastor Navarro", "Iker Etxeberria Goikoetxea"]
    patients = ["Marta López Sanz", "Ane Zubiri Arana", "Pedro Romero Vidal", "Lucía Vega Ortiz",
                "Jon Agirre Lasa", "Rosa Pardo Gil"]
    for i, patient in enumerate(patients):
        doc = note(f"n{i}", patient, doctors[i % 2])
        (folder / f"{doc.id}.txt").write_text(doc.text, encoding="utf-8")
        (folder / f"{doc.id}.ann").write_text(
            "".join(f"T{j}\t{sp.label} {sp.start} {sp.end}\t{doc.span_text(sp)}\n"
                    for j, sp in enumerate(doc.spans, 1)), encoding="utf-8")
    return folder


def _manifest_run(out: Path) -> dict:
    return json.loads((out / "manifest.jsonl").read_text(encoding="utf-8").splitlines()[0])


def test_apply_uses_the_corpus_prior_by_default_and_augment_the_census(tmp_path):
    src = _corpus(tmp_path)
    apply_corpus(src, tmp_path / "applied", seed=2, workers=1)
    augment_corpus(src, tmp_path / "augmented", times=1, seed=2, workers=1)
    assert _manifest_run(tmp_path / "applied")["name_prior"] == {"share": 0.5, "words": 6}
    assert "name_prior" not in _manifest_run(tmp_path / "augmented")
    apply_corpus(src, tmp_path / "census", seed=2, workers=1, name_prior="census")
    assert "name_prior" not in _manifest_run(tmp_path / "census")
    augment_corpus(src, tmp_path / "aug-corpus", times=1, seed=2, workers=1, name_prior="corpus")
    for name in ("n0", "n3"):  # apply is augment's copy 1 under the same prior
        assert (tmp_path / "applied" / f"{name}.txt").read_bytes() == \
            (tmp_path / "aug-corpus" / f"{name}_aug1.txt").read_bytes()
        assert (tmp_path / "census" / f"{name}.txt").read_bytes() == \
            (tmp_path / "augmented" / f"{name}_aug1.txt").read_bytes()


def test_the_prior_is_the_same_whatever_the_worker_count(tmp_path):
    src = _corpus(tmp_path)
    apply_corpus(src, tmp_path / "one", seed=5, workers=1)
    apply_corpus(src, tmp_path / "two", seed=5, workers=2)
    for path in sorted((tmp_path / "one").iterdir()):
        assert path.read_bytes() == (tmp_path / "two" / path.name).read_bytes()


def test_an_unknown_prior_is_a_clear_error(tmp_path):
    from augment.errors import UserError

    with pytest.raises(UserError, match="unknown name prior 'regional'"):
        apply_corpus(_corpus(tmp_path), tmp_path / "out", workers=1, name_prior="regional")
    assert not (tmp_path / "out").exists()


def test_outputs_read_back_exactly(tmp_path):
    src = _corpus(tmp_path)
    apply_corpus(src, tmp_path / "out", seed=1, workers=1)
    for doc in read_corpus(tmp_path / "out"):  # the reader checks every span text against its offsets
        assert len(doc.spans) == 3


def test_a_corpus_whose_names_never_recur_is_drawn_from_the_census(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for i, (patient, doctor) in enumerate((("Marta López Sanz", "Pedro Romero Vidal"),
                                           ("Ane Zubiri Arana", "Lucía Vega Ortiz"))):
        doc = note(f"n{i}", patient, doctor)
        (folder / f"{doc.id}.txt").write_text(doc.text, encoding="utf-8")
        (folder / f"{doc.id}.ann").write_text(
            "".join(f"T{j}\t{sp.label} {sp.start} {sp.end}\t{doc.span_text(sp)}\n"
                    for j, sp in enumerate(doc.spans, 1)), encoding="utf-8")
    apply_corpus(folder, tmp_path / "corpus", seed=4, workers=1)
    apply_corpus(folder, tmp_path / "census", seed=4, workers=1, name_prior="census")
    assert "name_prior" not in _manifest_run(tmp_path / "corpus")
    for path in sorted((tmp_path / "census").iterdir()):
        assert path.read_bytes() == (tmp_path / "corpus" / path.name).read_bytes()


# ------------------------------------------------------------------------------------------------ deid


def _deid_inputs(tmp_path: Path) -> Path:
    """Four texts; one doctor signs three of them (his words make the prior), another signs the fourth."""
    folder = tmp_path / "texts"
    folder.mkdir()
    patients = ["Marta López Sanz", "Ane Zubiri Arana", "Pedro Romero Vidal", "Lucía Vega Ortiz"]
    doctors = ["Héctor Pastor Navarro"] * 3 + ["Iker Etxeberria Goikoetxea"]
    for i, (patient, doctor) in enumerate(zip(patients, doctors)):
        (folder / f"t{i}.txt").write_text(f"Paciente: {patient}.\nMédico: Dr. {doctor}.\nNHC: 36850{i}.\n",
                                          encoding="utf-8")
    return folder, patients, doctors


def test_deid_with_the_corpus_prior_leaks_no_name_of_its_text(tmp_path):
    from augment.cli import main

    src, patients, doctors = _deid_inputs(tmp_path)
    assert main(["deid", str(src), str(tmp_path / "corpus"), "--backend", "rules", "--seed", "2",
                 "--name-prior", "corpus"]) == 0
    assert main(["deid", str(src), str(tmp_path / "census"), "--backend", "rules", "--seed", "2"]) == 0
    changed = 0
    for i in range(4):
        text = (tmp_path / "corpus" / f"t{i}.txt").read_text(encoding="utf-8")
        words = {fold(w) for w in re.findall(r"\w+", text)}
        own = {fold(w) for w in (patients[i] + " " + doctors[i]).split()}
        assert not words & own, f"text t{i} kept a word of its own names"
        assert "hector pastor navarro" not in fold(text)  # never the recurring doctor's whole name
        changed += text != (tmp_path / "census" / f"t{i}.txt").read_text(encoding="utf-8")
    assert changed  # the prior changed draws


def test_deid_corpus_prior_refuses_ray_clearly(tmp_path, capsys):
    from augment.cli import main

    code = main(["deid", str(_deid_inputs(tmp_path)[0]), str(tmp_path / "out"), "--backend", "rules",
                 "--name-prior", "corpus", "--engine", "ray"])
    assert code != 0 and "--name-prior corpus needs --engine local" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_discontinuous_name_counts_its_pieces_only():
    text = "Juan (alias «el Rubio») García.\n"
    pieces = ((0, 4), (24, 30))
    docs = [Document(f"d{i}", text, (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 0, 30, pieces),)) for i in range(2)]
    prior = NamePrior.from_documents(docs, is_name)
    assert dict(prior.counts) == {"juan": 2, "garcia": 2}  # nothing of the words between the pieces
    assert prior.full_names == frozenset({"juan garcia"})
