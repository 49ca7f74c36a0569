"""A relative named before the relation ("Teresa Bernabeu (esposa)", "marta, su hija", "García (hijo)"): the name
is replaced and the relation kept. The whole span went to the name replacer ("(esposa)" came out "(novoa)") or, typed
in lower case, the name was copied and masked ("XXXXXX XXXXXXXX (esposa)")."""
from __future__ import annotations

import re

import pytest

from surrogate import Document, Engine, EngineConfig, Span
from gazetteers import fold

ENGINE = Engine(EngineConfig(), schema="meddocan", strict=True)


def surrogates(text: str, mention: str, seeds=range(5)) -> list[str]:
    start = text.index(mention)
    doc = Document("k", text, (Span("T1", "FAMILIARES_SUJETO_ASISTENCIA", start, start + len(mention)),))
    out = []
    for seed in seeds:
        rep = ENGINE.apply(doc, seed=seed).replacements[0]
        assert rep.action == "surrogate"
        out.append(rep.surrogate)
    return out


@pytest.mark.parametrize("text, mention, shape, name", [
    ("cuidador principal: teresa bernabeu (esposa) 690 11 25 03", "teresa bernabeu (esposa)",
     r"[a-záéíóúñü]+ [a-záéíóúñü]+ \(esposa\)", "teresa bernabeu"),
    ("Contacto: Teresa Bernabeu (esposa), 690 11 25 03.", "Teresa Bernabeu (esposa)",
     r"[A-ZÁÉÍÓÚ][a-záéíóúñ]+ [A-ZÁÉÍÓÚ][a-záéíóúñ]+ \(esposa\)", "teresa bernabeu"),
    ("avisada marta, su hija, por telefono", "marta, su hija", r"[a-záéíóúñü]+, su hija", "marta"),
    ("Acuden Ana y Luis (padres) a la consulta.", "Ana y Luis (padres)",
     r"[A-ZÁÉÍÓÚ][a-záéíóúñ]+ y [A-ZÁÉÍÓÚ][a-záéíóúñ]+ \(padres\)", "ana"),
    ("Vive con García (hijo) en el pueblo.", "García (hijo)", r"[A-ZÁÉÍÓÚ][a-záéíóúñ]+ \(hijo\)", "garcia"),
])
def test_the_name_before_the_relation_is_replaced_and_the_relation_kept(text, mention, shape, name):
    for new in surrogates(text, mention):
        assert re.fullmatch(shape, new), new
        assert not set(name.split()) & set(re.findall(r"\w+", fold(new))), new


@pytest.mark.parametrize("text, mention", [
    ("Primera hija sana.", "Primera hija"),
    ("Segundo hijo sano.", "Segundo hijo"),
    ("Dos hermanos vivos.", "Dos hermanos"),
])
def test_an_ordinal_or_a_count_before_a_relation_is_no_name(text, mention):
    assert set(surrogates(text, mention)) == {mention}


def test_a_relative_named_by_a_hypocorism_and_a_name_is_not_masked():
    # "su nuera mari paz": "mari" (a surname in the census, María's everyday form) was copied and masked
    for new in surrogates("se avisa a su nuera mari paz por tlf", "su nuera mari paz"):
        assert re.fullmatch(r"su nuera [a-záéíóúñü]+ [a-záéíóúñü]+", new) and "X" not in new, new


@pytest.mark.parametrize("text, mention", [
    ("se va un mes a casa de su hijo pelayo, pelayo ya pidio cita", "su hijo pelayo"),
    ("Le acompaña su hermano Benito, que vive al lado.", "su hermano Benito"),
    ("Avisado su padre Pascual por teléfono.", "su padre Pascual"),
])
def test_one_word_after_the_relation_is_a_given_name_though_the_census_knows_it_as_a_surname(text, mention):
    """"su hijo pelayo" came out "su hijo tapia" (round 20): Pelayo, Benito and Pascual are surnames more often
    than given names, but one word right after a kinship word names the relative by the given name."""
    pools = ENGINE.replacer("person_name").pools
    for new in surrogates(text, mention, seeds=range(8)):
        name = new.split()[-1]
        assert (p := pools.given_probability(fold(name))) is not None and p >= 0.5, new
