"""Street names for an address written in Catalan, Galician or Basque: the via is kept verbatim, so the name
drawn after it must read in the same language ("Carrer de les Encinas", "Rúa da Iglesia", "Iglesia kalea" read
false). Each language draws from its own common street names (below: names repeated across that language's
street maps, so they point to no town) and from the street table's people whose title, if any, is written
the same in that language ("Doctor Jordi Orts" in Catalan; no "Maestra", which is "Mestra"). Built once per
gazetteer set.
"""
from __future__ import annotations

import numpy as np

from gazetteers import GazetteerSet, Sampler

#: common street names of each language, written as they follow the via ("de l'Església"); Basque names come
#: before a postposed via ("Nagusia kalea")
COMMON_NAMES = {
    "ca": (
        "Major|Nou|Ample|de la Pau|de l'Església|del Sol|de la Font|del Pou|del Mar|de la Riera|del Carme|"
        "de Sant Joan|de Sant Josep|de Sant Antoni|de Sant Pere|de Sant Jaume|de Santa Anna|de Catalunya|"
        "de Girona|de Lleida|de Tarragona|de València|de Mallorca|de Pompeu Fabra|de Jacint Verdaguer|"
        "de Prat de la Riba|de Francesc Macià|de Lluís Companys|de Rafael Casanova|de Pau Casals|de Joan Miró|"
        "de Salvador Espriu|de Ramon Llull|de Jaume I|de la Constitució|de la Llibertat|de l'Estació|del Mercat|"
        "de l'Hospital|dels Horts|de les Flors|del Raval|de la Muralla|del Castell|del Molí|de les Escoles|"
        "del Parc|de Montserrat|del Canigó|de l'Ebre|dels Pins|de les Moreres"
    ),
    "gl": (
        "Nova|Maior|Real|do Sol|da Igrexa|da Fonte|do Hórreo|do Pombal|da Paz|da Estación|do Mercado|do Campo|"
        "da Ponte|do Castelo|do Muíño|da Praia|do Porto|da Constitución|da Liberdade|de Rosalía de Castro|"
        "de Castelao|de Curros Enríquez|de Manuel Murguía|de Eduardo Pondal|de Ramón Cabanillas|"
        "de Otero Pedrayo|de Concepción Arenal|de Emilia Pardo Bazán|de Galicia|de San Roque|do Príncipe|"
        "de Lugo|de Ourense|de Pontevedra|da Coruña|do Carme|das Flores|dos Carballos|do Río Miño|da Ría|"
        "das Hortas|do Cruceiro|da Alameda"
    ),
    "eu": (
        "Nagusia|Berria|Eliza|Iturri|Errota|Zubi|Geltoki|Merkatu|Askatasuna|Foruen|Euskal Herria|Gernika|"
        "Bizkaia|Gipuzkoa|Araba|Nafarroa|Txurruka|Lauaxeta|Lizardi|Iparragirre|Zumalakarregi|Elkano|Bidasoa|"
        "Urola|Nerbioi|Gorbeia|Aralar|Landa|Goiko|Beheko|Ibaiondo|Zelaieta|Arana|Azkue|Lehendakari Agirre"
    ),
}
#: titles of the street table's people ("Doctor X", "Maestra Y") and those each language writes the same way
_TITLE_TEXT = (
    "Doctor Doctora Poeta Pintor Pintora Maestro Maestra Alcalde Alcaldesa Escultor Escultora Padre Profesor "
    "Profesora Periodista Hermanos Hermanas Compositor Compositora Músico Música Ingeniero Ingeniera Arquitecto "
    "Arquitecta Cronista Sor Escritor Escritora Practicante Catedrático Catedrática Actor Actriz")
TITLES = frozenset(_TITLE_TEXT.split())
_SAME_TITLE_TEXT = {
    "ca": "Doctor Doctora Poeta Pintor Pintora Alcalde Escultor Escultora Periodista Compositor Compositora "
          "Cronista Actor Sor",
    "gl": "Pintor Pintora Poeta Alcalde Alcaldesa Escultor Escultora Periodista Compositor Compositora Músico "
          "Profesor Profesora Arquitecto Arquitecta Cronista Actor Escritor Escritora Padre Sor Catedrático "
          "Catedrática",
    "eu": "",
}
SAME_TITLES = {lang: frozenset(text.split()) for lang, text in _SAME_TITLE_TEXT.items()}
#: share of the draws that are the language's common names (the rest: the table's people)
COMMON_SHARE = 0.5


def language_streets(gazetteers: GazetteerSet, language: str, fitted: Sampler) -> Sampler:
    """The street names of ``language`` ("ca", "gl", "eu"), ``fitted`` being the Spanish sampler whose people
    (with their weights) join the language's common names."""
    return gazetteers.derived(f"street_names_{language}", lambda g: _build(g, language, fitted))


def _build(gazetteers: GazetteerSet, language: str, fitted: Sampler) -> Sampler:
    table = gazetteers["street_names"]
    kinds = table.column("name_kind", "")
    generated = {v for v, k in zip(table.column("value"), kinds) if k == "generated"}
    same = SAME_TITLES[language]
    values: list[str] = []
    weights: list[float] = []
    for value, w in zip(fitted.values, fitted.weights):
        first = value.split(" ", 1)[0]
        if value in generated and (first in same or first not in TITLES) and w > 0:
            values.append(value)
            weights.append(float(w))
    common = COMMON_NAMES[language].split("|")
    people_total = sum(weights)
    share = COMMON_SHARE if people_total else 1.0
    common_w = [share / len(common)] * len(common)
    people_w = [(1.0 - share) * w / people_total for w in weights] if people_total else []
    return Sampler([*common, *values], np.array([*common_w, *people_w]), blocklist=gazetteers.blocklist)
