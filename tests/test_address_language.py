"""The street name drawn after a kept via reads in the via's language: a Catalan "Carrer", a Galician "Rúa" or a
Basque "kalea" got Castilian names ("Carrer de les Encinas", "Rúa da Iglesia", "Iglesia kalea"); a Spanish
"Calle" keeps Spanish names wherever the document is set. A via both languages write ("Pl.", "Rambla") follows
the original name's language."""
from __future__ import annotations

import re

import pytest

from surrogate import Document, Engine, EngineConfig, Span
from surrogate.replacers.places.address_parse import parse_address

# Castilian words that no Catalan, Galician or Basque street name holds ("del" is Catalan too)
_CASTILIAN = re.compile(r"\b(?:de los|de las|Iglesia|Calle|Nuestra Señora|San|Maestr[oa]|Hermanos|Encinas|"
                        r"Olivo|Fuente|Constitución|Libertad|Paz)\b")
_GALICIAN_OK = frozenset({"Constitución", "Paz", "San"})  # spelt the same in Galician


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(EngineConfig(), schema="meddocan")


def _streets(engine: Engine, address: str, town: str, seeds=range(1, 13)) -> list[str]:
    text = f"Domicilio: {address}, {town}. Paciente de 50 años."
    a, t = text.index(address), text.index(town, text.index(address) + len(address))
    doc = Document("d", text, (Span("T1", "CALLE", a, a + len(address)), Span("T2", "TERRITORIO", t, t + len(town))))
    out = []
    for seed in seeds:
        rep = engine.apply(doc, seed=seed).replacements[0]
        assert rep.action == "surrogate" and "XXX" not in rep.surrogate, rep.surrogate
        out.append(rep.surrogate)
    return out


@pytest.mark.parametrize("address, town, via", [("Carrer de Balmes 12", "Barcelona", "Carrer"),
                                                ("Avinguda de Catalunya 20", "Lleida", "Avinguda"),
                                                ("Plaça de l'Església 2", "Girona", "Plaça"),
                                                ("Pl. de Sant Jaume 1", "Barcelona", "Pl.")])
def test_a_catalan_via_takes_a_catalan_name(engine, address, town, via):
    for new in _streets(engine, address, town):
        assert new.startswith(via + " ") and not _CASTILIAN.search(new), new


@pytest.mark.parametrize("address, town", [("Rúa do Príncipe 12", "Vigo"), ("Praza de Santo Domingo 3", "Lugo")])
def test_a_galician_via_takes_a_galician_name(engine, address, town):
    for new in _streets(engine, address, town):
        bad = [m for m in _CASTILIAN.findall(new) if m not in _GALICIAN_OK] + re.findall(r"\bdel\b", new)
        assert not bad, new


def test_a_basque_postposed_via_takes_a_basque_name_or_a_person(engine):
    from surrogate.replacers.places.streets_co_official import COMMON_NAMES

    basque = set(COMMON_NAMES["eu"].split("|"))
    for new in _streets(engine, "Nagusia kalea 3", "Bilbao"):
        name = new.rsplit(" kalea", 1)[0]
        assert new.endswith(" kalea " + new.rsplit(" ", 1)[1]) and not _CASTILIAN.search(name), new
        assert name in basque or len(name.split()) >= 2, new  # a common Basque name or a person's


@pytest.mark.parametrize("address, town", [("Calle Mayor 3", "Barcelona"), ("Avenida de la Constitución 12", "Vigo"),
                                           ("Pl. Mayor 1", "Bilbao")])
def test_a_spanish_via_keeps_a_spanish_name_in_a_co_official_area(engine, address, town):
    catalan_or_galician = re.compile(r"\b(?:dels|de les|Sant|d'|l'|do|da|dos|das)\b|[àèòç]")
    for new in _streets(engine, address, town):
        assert new.split()[0] == address.split()[0] and not catalan_or_galician.search(new), new


def test_shared_vias_follow_the_name():
    assert parse_address("Pl. Mayor 3").language == "es"
    assert parse_address("Pl. de Sant Jaume 1").language == "ca"
    assert parse_address("Rambla de Catalunya 4").language == "es"  # no Catalan mark in the name: either reads
    assert parse_address("Rambla de l'Exèrcit 4").language == "ca"
