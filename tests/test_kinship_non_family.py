"""Relations the kinship table lacked (friends, neighbours, partners, carers, godparents, adoptive relatives, and
their Catalan, Galician and Basque words) stay as written by default: they identify no one. Before, "su amiga",
"la vecina", "su tutora legal", "compañero de piso" were masked whole or in part. With ``policy = "replace"``
a friend or neighbour becomes another such relation, a partner another partner (never a spouse), and carers,
godparents and adoptive relatives stay; names inside such mentions still change."""
from __future__ import annotations

import pytest

from surrogate import Document, Engine, EngineConfig, Span

FAMILIAR = "FAMILIARES_SUJETO_ASISTENCIA"
SEEDS = range(1, 5)


@pytest.fixture(scope="module")
def keeping() -> Engine:
    return Engine(EngineConfig(), schema="meddocan")


@pytest.fixture(scope="module")
def replacing() -> Engine:
    return Engine(EngineConfig(options={"kinship": {"policy": "replace"}}), schema="meddocan")


def _surrogates(engine: Engine, mention: str) -> list[str]:
    text = f"Acude acompañada por {mention} a la consulta."
    start = text.index(mention)
    doc = Document("d", text, (Span("T1", FAMILIAR, start, start + len(mention)),))
    out = []
    for seed in SEEDS:
        rep = engine.apply(doc, seed=seed).replacements[0]
        assert rep.action == "surrogate", (mention, rep.action)
        out.append(rep.surrogate)
    return out


_BARE = ["su amiga", "su amigo", "la vecina", "los vecinos", "compañero de piso", "compañera de trabajo",
         "su tutora legal", "la cuidadora", "cuidadora principal", "el acompañante", "vecino del paciente",
         "amigo de la familia", "novio", "su exmarido", "ahijado", "madrina", "consuegro", "bisnieta", "madrastra",
         "hijo adoptivo", "compañero sentimental",
         "amiga", "la seva veïna", "parella", "a súa amiga", "veciña", "bere laguna", "bizilaguna", "bikotea"]


@pytest.mark.parametrize("mention", _BARE)
def test_a_bare_relation_stays_as_written(keeping, mention):
    assert set(_surrogates(keeping, mention)) == {mention}


@pytest.mark.parametrize("mention, relation, name", [("su amiga Laura", "su amiga ", "Laura"),
                                                     ("la vecina Marta Gil", "la vecina ", "Marta"),
                                                     ("la seva veïna Montse", "la seva veïna ", "Montse")])
def test_the_name_in_a_relation_changes(keeping, mention, relation, name):
    for new in _surrogates(keeping, mention):
        assert new.startswith(relation) and name not in new and "X" not in new, new


@pytest.mark.parametrize("mention, allowed", [
    ("su amiga", {"su vecina", "su conocida"}),
    ("los vecinos", {"los amigos", "los conocidos"}),
    ("compañera de piso", {"amiga", "vecina", "conocida"}),
    ("su novio", {"su compañero"}),  # a partner, never "su esposo"
    ("su exmarido", {"su exesposo"}),  # a former spouse, never "su marido" nor "su exnovio"
])
def test_replace_maps_within_the_relation(replacing, mention, allowed):
    assert set(_surrogates(replacing, mention)) <= allowed


@pytest.mark.parametrize("mention", ["la cuidadora", "su tutor legal", "madrina", "ahijado", "consuegra",
                                     "hijo adoptivo", "a súa amiga", "veciña", "la seva veïna"])
def test_replace_keeps_carers_godparents_adoptions_and_co_official_words(replacing, mention):
    # "madrina" became "madre" or "tía", "consuegra" "esposa", "hijo adoptivo" "sobrino adoptivo", "a súa amiga"
    # the Spanish-Galician "a súa vecina"
    assert set(_surrogates(replacing, mention)) == {mention}


@pytest.mark.parametrize("mention", ["Laguna", "Vecino López"])
def test_a_capitalised_relation_word_that_is_a_surname_is_replaced_as_a_name(keeping, mention):
    for new in _surrogates(keeping, mention):
        assert mention.split()[0] not in new, new
