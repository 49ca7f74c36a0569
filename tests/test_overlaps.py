"""Overlapping, nested and discontinuous-overlapping spans (issue 11, part 1): accepted by default, replaced as
one edit per cluster, exact offsets, no original of any span left, outcomes counted by span id.

The property test draws documents whose words are all distinct, so an input span's text can reappear in a
copy only if the engine let it through.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from outside_text import keeps_outside

from augment.cli import main
from gazetteers.text import fold
from surrogate import Document, Engine, EngineConfig, Span
from surrogate.config import PROFILES
from surrogate.schemas import load_schema

TEXT = "Ingresa en el Hospital Comarcal Doctor Arnau de Lleida el día 3 de marzo."
HOSP = (TEXT.index("Hospital"), TEXT.index(" el día"))
TOWN = (TEXT.index("Lleida"), TEXT.index("Lleida") + len("Lleida"))
ARNAU = (TEXT.index("Arnau"), TEXT.index("Arnau") + len("Arnau"))


@lru_cache(maxsize=None)
def engine(profile: str = "surrogate") -> Engine:
    return Engine(EngineConfig(profile=profile), "meddocan")


def _exact(result) -> None:
    reps = {r.span_id: r for r in result.replacements}
    for sp in result.document.spans:
        assert result.document.span_text(sp) == reps[sp.id].surrogate


def _folded_words(text: str) -> str:
    return " " + " ".join(re.findall(r"\w+", fold(text))) + " "


def _survives(original: str, text: str) -> bool:
    words = _folded_words(original).strip()
    return bool(words) and f" {words} " in _folded_words(text)


def test_town_nested_in_a_hospital_is_realigned_where_the_facility_replacer_put_its_surrogate():
    doc = Document("d", TEXT, (Span("T1", "HOSPITAL", *HOSP), Span("T2", "TERRITORIO", *TOWN)))
    for seed in range(8):
        result = engine().apply(doc, seed=seed)
        _exact(result)
        out = result.document
        assert not _survives("Lleida", out.text) and not _survives("Doctor Arnau de Lleida", out.text)
        assert out.text.endswith(" el día 3 de marzo.") and out.text.startswith("Ingresa en el ")
        assert result.overlaps["T2"] in ("realigned", "dropped")
        if result.overlaps["T2"] == "realigned":  # then it sits inside the hospital's new span
            hosp, town = result.alignment["T1"], result.alignment["T2"]
            assert hosp.start <= town.start < town.end <= hosp.end
            assert out.span_text(town) in out.span_text(hosp)
    outcomes = {engine().apply(doc, seed=s).overlaps["T2"] for s in range(8)}
    assert "realigned" in outcomes  # the facility replacer delegates the town: it is found again


def test_mask_profile_realigns_every_nested_span_in_place():
    doc = Document("d", TEXT, (Span("T1", "HOSPITAL", *HOSP), Span("T2", "TERRITORIO", *TOWN),
                               Span("T3", "NOMBRE_PERSONAL_SANITARIO", *ARNAU)))
    result = engine("mask").apply(doc, seed=1)
    assert result.overlaps == {"T2": "realigned", "T3": "realigned"}
    assert [(sp.id, sp.start, sp.end) for sp in result.document.spans] == [
        ("T1", *HOSP), ("T2", *TOWN), ("T3", *ARNAU)]
    assert result.document.span_text(result.alignment["T2"]) == "XXXXXX"


def test_crossing_spans_merge_into_the_longer_one_whose_span_grows_to_the_union():
    name = "Ramiro Quesada Lumbreras"
    text = f"Paciente {name} de Lumbreras, Soria."
    s = text.index(name)
    town = text.index("Lumbreras, Soria")
    doc = Document("d", text, (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", s, s + len(name)),
                               Span("T2", "TERRITORIO", s + len("Ramiro Quesada "), town + len("Lumbreras"))))
    for profile in PROFILES:
        result = engine(profile).apply(doc, seed=3)
        _exact(result)
        assert result.overlaps == {"T2": "merged"}
        assert [sp.id for sp in result.document.spans] == ["T1"]
        assert result.document.text.startswith("Paciente ") and result.document.text.endswith(", Soria.")
        for original in (name, "Quesada Lumbreras de Lumbreras"):
            assert not _survives(original, result.document.text), profile


def test_discontinuous_span_overlapping_another_is_one_edit_over_the_union():
    text = "Vive en Calle Mayor 5, piso 2, de Teruel; tel 978601142."
    calle = (text.index("Calle"), text.index(", piso"))
    teruel = (text.index("Teruel"), text.index("Teruel") + 6)
    disc = Span.from_fragments("T2", "CALLE", ((text.index("Mayor"), text.index("Mayor") + 7), teruel))
    doc = Document("d", text, (Span("T1", "CALLE", *calle), disc, Span("T3", "TERRITORIO", *teruel)))
    for profile in PROFILES:
        result = engine(profile).apply(doc, seed=2)
        _exact(result)
        assert set(result.overlaps) == {"T2", "T3"} and result.overlaps["T2"] == "merged"
        assert result.document.text.endswith("; tel 978601142.")
        for original in ("Calle Mayor 5", "Mayor 5", "Teruel"):
            assert not _survives(original, result.document.text), (profile, original)


def test_a_kept_span_overlapping_a_replaced_one_keeps_its_label_and_covers_the_replacement():
    text = "Paciente: mujer Ana Gómez Ruiz."
    doc = Document("d", text, (Span("T1", "SEXO_SUJETO_ASISTENCIA", 10, 19), Span("T2", "NOMBRE_SUJETO_ASISTENCIA", 16, 30)))
    result = engine().apply(doc, seed=1)
    assert result.overlaps == {"T1": "realigned"}
    sex, name = result.alignment["T1"], result.alignment["T2"]
    assert result.document.text[sex.start:sex.start + 6] == "mujer " and sex.end == name.end
    assert not _survives("Ana Gómez Ruiz", result.document.text)


# ------------------------------------------------------------------------------------------ property test

_SCHEMA = load_schema("meddocan")
LABELS = sorted(lbl for lbl, spec in _SCHEMA.labels.items() if spec.kind != "keep")  # sex is kept (surrogate)
_FIRST = ["Ernesto", "Lucía", "Remedios", "Anselmo", "Begoña", "Telmo", "Inmaculada", "Fermín", "Olvido"]
_LAST = ["Quiroga", "Baztán", "Urrutia", "Cifuentes", "Mayoral", "Escudero", "Larrañaga", "Benavides", "Olmedo"]
_PLACES = ["Calamocha", "Villarcayo", "Almansa", "Tordesillas", "Cieza", "Ribadeo", "Sigüenza", "Benicarló"]
_NUMBERS = ["28719304", "612449071", "X4471290Q", "ES9121000418450200051332", "0457781", "44581203L"]
# words of their own: a name of the pool inside an unannotated e-mail would "survive" in every output
_CONTACT = ["zulema.pardo@correo.es", "www.aranda-lobato.com", "10.22.31.4"]
POOL = _FIRST + _LAST + _PLACES + _NUMBERS + _CONTACT
FILLER = ["refiere", "dolor", "torácico", "desde", "ayer", "con", "fiebre", "y", "tos", "seca", "se", "pauta"]


@st.composite
def documents(draw):
    n = draw(st.integers(4, 12))
    words = draw(st.permutations(POOL))[:n]
    fill = draw(st.lists(st.sampled_from(FILLER), min_size=n, max_size=n))
    seps = draw(st.lists(st.sampled_from([" ", ", ", ": ", ". ", "\n", " (", ") "]), min_size=n, max_size=n))
    pieces, offsets, pos = [], [], 0
    for word, f, sep in zip(words, fill, seps):
        chunk = f"{f} "
        pieces.append(chunk)
        pos += len(chunk)
        offsets.append((pos, pos + len(word)))
        pieces.append(word + sep)
        pos += len(word) + len(sep)
    text = "".join(pieces)
    spans = []
    for k in range(draw(st.integers(1, 6))):
        a = draw(st.integers(0, n - 1))
        b = draw(st.integers(a, min(n - 1, a + 3)))
        frags = [(offsets[a][0], offsets[b][1])]
        if draw(st.booleans()) and b + 2 < n:  # a discontinuous span: a second piece further on
            c = draw(st.integers(b + 2, n - 1))
            frags.append(offsets[c])
        spans.append(Span.from_fragments(f"T{k + 1}", draw(st.sampled_from(LABELS)), tuple(frags)))
    return Document("doc", text, tuple(spans))


@settings(max_examples=60, deadline=None)
@given(doc=documents(), profile=st.sampled_from(PROFILES), seed=st.integers(0, 2**16))
def test_random_overlapping_documents_keep_every_invariant(doc, profile, seed):
    result = engine(profile).apply(doc, seed=seed)
    out = result.document
    _exact(result)
    for sp in out.spans:
        for s, e in sp.fragments:
            assert 0 <= s <= e <= len(out.text)
    # every input span is accounted for: written (own or realigned offsets) or counted as merged/dropped
    written = {sp.id for sp in out.spans}
    for sp in doc.spans:
        assert (sp.id in written) != (result.overlaps.get(sp.id) in ("merged", "dropped"))
    # the text outside every span comes back byte for byte, in order
    assert keeps_outside(doc, out.text), "text outside the spans changed"
    # no original of any span, inner or outer, is left (words are unique in the input)
    for sp in doc.spans:
        if profile == "surrogate" and sp.label == "SEXO_SUJETO_ASISTENCIA":
            continue  # kept as it is, by design (grammatical agreement)
        for s, e in sp.fragments:
            assert not _survives(doc.text[s:e], out.text), (sp.id, sp.label, profile)
    again = engine(profile).apply(doc, seed=seed)
    assert again.document.text == out.text and again.document.spans == out.spans


# --------------------------------------------------------------------------------------------------- CLI


def _corpus(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(TEXT, encoding="utf-8")
    (folder / "a.ann").write_text(
        f"T1\tHOSPITAL {HOSP[0]} {HOSP[1]}\t{TEXT[HOSP[0]:HOSP[1]]}\n"
        f"T2\tTERRITORIO {TOWN[0]} {TOWN[1]}\t{TEXT[TOWN[0]:TOWN[1]]}\n"
        f"T3\tNOMBRE_PERSONAL_SANITARIO {ARNAU[0]} {ARNAU[1]}\t{TEXT[ARNAU[0]:ARNAU[1]]}\n"
        "A1\tDudoso T3\n", encoding="utf-8")
    return folder


def test_augment_accepts_overlaps_by_default_and_counts_outcomes_by_span_id(tmp_path, capsys):
    folder = _corpus(tmp_path)
    assert main(["augment", str(folder), str(tmp_path / "out"), "--times", "3", "--workers", "1", "--seed", "4"]) == 0
    err = capsys.readouterr().err
    assert "overlapping spans:" in err and "Arnau" not in err and "Lleida" not in err
    records = [json.loads(line) for line in (tmp_path / "out" / "manifest.jsonl").read_text().splitlines()][1:]
    written = [rec for rec in records if "duplicate_of" not in rec]  # a copy equal to an earlier one is not written
    assert written and all(rec["duplicate_of"] in {w["output"] for w in written} for rec in records if rec not in written)
    for rec in written:
        outcomes = rec["overlaps"]
        assert sorted(i for ids in outcomes.values() for i in ids) == ["T2", "T3"]
        assert set(outcomes) <= {"realigned", "merged", "dropped"}
        name = rec["output"]
        text = (tmp_path / "out" / f"{name}.txt").read_text(encoding="utf-8")
        ann = (tmp_path / "out" / f"{name}.ann").read_text(encoding="utf-8")
        for line in ann.splitlines():
            if line.startswith("T"):
                _, label_offsets, span_text = line.split("\t")
                _, s, e = label_offsets.split()
                assert text[int(s):int(e)] == span_text
        assert ("A1\tDudoso T3" in ann) == ("T3" in outcomes.get("realigned", []))
        for original in ("Lleida", "Arnau", "Hospital Comarcal Doctor Arnau de Lleida"):
            assert not _survives(original, text)


def test_overlaps_error_refuses_naming_file_line_and_both_ids(tmp_path, capsys):
    folder = _corpus(tmp_path)
    for command in (["apply"], ["augment", "--times", "2"]):
        out = tmp_path / f"out-{command[0]}"
        code = main([command[0], str(folder), str(out), *command[1:], "--overlaps", "error"])
        err = capsys.readouterr().err
        assert code == 2 and not out.exists()
        assert f"{folder / 'a.ann'}:3: span T3 is nested in span T1" in err and "Traceback" not in err
        assert "Arnau" not in err and err.count("\n") == 1
    assert main(["stats", str(folder), "--overlaps", "error"]) == 2
    assert main(["stats", str(folder)]) == 0
    capsys.readouterr()
    assert main(["evaluate", str(folder), str(folder), "--overlaps", "error"]) == 2
    assert main(["evaluate", str(folder), str(folder), "--json"]) == 0


def test_a_span_annotated_twice_takes_the_head_span_with_its_own_label():
    text = "Vive en Calamocha desde 2001."
    s, e = text.index("Calamocha"), text.index(" desde")
    doc = Document("d", text, (Span("T1", "TERRITORIO", s, e), Span("T2", "CALLE", s, e)))
    for profile in PROFILES:
        result = engine(profile).apply(doc, seed=5)
        _exact(result)
        assert result.overlaps == {"T2": "realigned"}
        t1, t2 = result.alignment["T1"], result.alignment["T2"]
        assert (t1.fragments, t2.label) == (t2.fragments, "CALLE")
        assert not _survives("Calamocha", result.document.text)


def test_name_parts_nested_in_a_full_name_are_realigned_on_the_consistent_surrogate():
    text = "Paciente: Ernesto Rivera Bueno, ingresa."
    doc = Document("d", text, (Span("T1", "NOMBRE_SUJETO_ASISTENCIA", 10, 30),
                               Span("T2", "NOMBRE_SUJETO_ASISTENCIA", 18, 24), Span("T3", "NOMBRE_SUJETO_ASISTENCIA", 10, 17)))
    for seed in range(4):
        result = engine().apply(doc, seed=seed)
        _exact(result)
        assert result.overlaps == {"T2": "realigned", "T3": "realigned"}
        full = result.document.span_text(result.alignment["T1"]).split()
        assert [result.document.span_text(result.alignment[i]) for i in ("T3", "T2")] == full[:2]
        for original in ("Ernesto", "Rivera", "Ernesto Rivera Bueno"):
            assert not _survives(original, result.document.text)


# ------------------------------------------------------------------- heads whose replacer cannot carry a span

def _nested_doc(head_label: str, head: str, inner_label: str, inner: str, tail: str) -> Document:
    """``head`` (holding ``inner``) as T1 with ``inner`` nested as T2, then ``tail`` holding ``inner`` again (T3)."""
    text = f"Ingresa en {head}. {tail}"
    s, t = text.index(inner), text.rindex(inner)
    return Document("d", text, (Span("T1", head_label, 11, 11 + len(head)), Span("T2", inner_label, s, s + len(inner)),
                                Span("T3", inner_label, t, t + len(inner))))


@pytest.mark.parametrize("head, name, title", [
    ("Hospital Universitario Materno-Infantil Doña Leonor Azpeitia", "Leonor Azpeitia", "Doña"),
    ("Hospital Comarcal Doutor Ramón Baltar Carballido", "Ramón Baltar Carballido", "Doutor"),  # Galician title
])
def test_a_name_nested_in_a_hospital_drawn_whole_keeps_its_annotation(head, name, title):
    doc = _nested_doc("HOSPITAL", head, "NOMBRE_PERSONAL_SANITARIO", name, f"Firma: Dra. {name}.")
    for seed in range(12):
        result = engine().apply(doc, seed=seed)
        _exact(result)
        out = result.document
        assert result.overlaps == {"T2": "realigned"}
        hosp, person, again = (result.alignment[i] for i in ("T1", "T2", "T3"))
        assert hosp.start <= person.start < person.end <= hosp.end
        assert out.span_text(person) == out.span_text(again)  # one person, one surrogate
        assert not any(_survives(word, out.text) for word in name.split())
        assert out.span_text(hosp).startswith("Hospital ") and f" {title} " in out.span_text(hosp)  # titles name no one


def test_a_town_nested_in_an_institution_keeps_its_annotation_and_no_other_word_passes():
    doc = _nested_doc("INSTITUCION", "Residencia Virgen de las Nieves de Zafra", "TERRITORIO", "Zafra",
                      "Vive en Zafra.")
    for seed in range(12):
        result = engine().apply(doc, seed=seed)
        _exact(result)
        out = result.document
        assert result.overlaps == {"T2": "realigned"}
        town, again = result.alignment["T2"], result.alignment["T3"]
        assert out.span_text(town) == out.span_text(again) and not _survives("Zafra", out.text)
        head = out.span_text(result.alignment["T1"])
        assert not _survives("Virgen", head) and not _survives("Nieves", head)
        assert head.endswith(f" de {out.span_text(town)}")  # the words before the town: another institution


_WORDS = st.sampled_from(["Hospital", "de", "la", "Virgen", "Leonor", "Zafra", "Comarcal", "Sant", "Joan"])


@settings(max_examples=80, deadline=None)
@given(words=st.lists(_WORDS, min_size=1, max_size=8), data=st.data())
def test_compose_head_puts_each_surrogate_in_place_and_masks_every_copied_run(words, data):
    from surrogate.overlaps import compose_head
    from surrogate.profiles import mask

    original = " ".join(words)
    starts = [sum(len(w) + 1 for w in words[:i]) for i in range(len(words))]
    chosen = sorted(data.draw(st.sets(st.integers(0, len(words) - 1), max_size=3)))
    pieces = [(starts[i], starts[i] + len(words[i]), f"Nuevo{i}") for i in chosen]
    kept = {"hospital", "de", "la"}

    def copied(new: str) -> list[tuple[int, int]]:
        return [m.span() for m in re.finditer(r"\w+", new) if m.group().lower() in {w.lower() for w in words} - kept]

    text, parts, masked = compose_head(original, pieces, copied, mask)
    assert parts == [(words[i], f"Nuevo{i}") for i in chosen]
    expected = " ".join(f"Nuevo{i}" if i in chosen else (w if w.lower() in kept else mask(w))
                        for i, w in enumerate(words))
    assert text == expected
    assert masked == any(i not in chosen and w.lower() not in kept for i, w in enumerate(words))


def test_a_town_and_postal_code_nested_in_an_address_keep_their_annotations_under_another_street():
    text = "Domicilio: C/ Mayor 12, 28013 Madrid. Vive en Madrid."
    cp, town, again = text.index("28013"), text.index("Madrid"), text.rindex("Madrid")
    doc = Document("d", text, (Span("T1", "CALLE", 11, text.index(".")), Span("T2", "TERRITORIO", cp, cp + 5),
                               Span("T3", "TERRITORIO", town, town + 6), Span("T4", "TERRITORIO", again, again + 6)))
    for seed in range(12):
        result = engine().apply(doc, seed=seed)
        _exact(result)
        out = result.document
        assert result.overlaps == {"T2": "realigned", "T3": "realigned"}
        street = out.span_text(result.alignment["T1"])
        assert street.startswith("C/ ") and "X" not in street and not _survives("Mayor", street)
        assert out.span_text(result.alignment["T3"]) == out.span_text(result.alignment["T4"])
        assert street.endswith(f"{out.span_text(result.alignment['T2'])} {out.span_text(result.alignment['T3'])}")


def test_an_elided_catalan_article_before_a_nested_town_agrees_with_the_new_town():
    doc = _nested_doc("CENTRO_SALUD", "Consultori Auxiliar d'Albocàsser", "TERRITORIO", "Albocàsser",
                      "Viu a Albocàsser.")
    for seed in range(12):
        result = engine().apply(doc, seed=seed)
        _exact(result)
        out = result.document
        head, town = out.span_text(result.alignment["T1"]), out.span_text(result.alignment["T2"])
        before = head[: len(head) - len(town)]
        assert head.endswith(town) and not _survives("Albocàsser", out.text)
        assert before.endswith("de ") or (before.endswith("d'") and town[0].lower() in "aeiouhàèéíòóú")
