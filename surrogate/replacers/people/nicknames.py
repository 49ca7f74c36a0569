"""Spanish hypocorisms: the everyday forms of given names ("Manolo" for Manuel, "Pepi" for Josefa, "Conchi").

A note that calls the patient "Manuel Jiménez («Manolo»)" and then "Manolo" came out "Francisco Acedo («Eduard»)":
the nickname was drawn as one more given name, unrelated to the new one. With this table the nickname of a
person whose full given name the document writes becomes a hypocorism of that name's surrogate ("Francisco
(«Paco»)"), and a nickname alone becomes another name's hypocorism, so it still reads as a nickname.
"""
from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from gazetteers.text import fold

if TYPE_CHECKING:
    from .mentions import DocMemo
    from .pools import NamePools

#: census draws tried for a given name with a nickname in the document, until one has a hypocorism too
NICKNAMED_DRAWS = 40

# given name: its hypocorisms, most usual first (M, then F). Single given names only: a compound's
# ("Chema" for José María) is left to the ordinary draw.
_MALE = """
Francisco: Paco Curro Fran Quico | José: Pepe | Manuel: Manolo Manu | Antonio: Toni Toño | Jesús: Chus Chucho |
Enrique: Quique Kike | Ignacio: Nacho | Rafael: Rafa | Javier: Javi | Alejandro: Álex | Santiago: Santi |
Alberto: Berto | Roberto: Rober | Guillermo: Guille | Fernando: Fer Nando | Eduardo: Edu | Salvador: Salva |
Sebastián: Sebas | Domingo: Mingo | Joaquín: Quino Ximo | Gregorio: Goyo | Ramón: Moncho | Benito: Beni |
Daniel: Dani | Adrián: Adri | Vicente: Vicen | Agustín: Tino | Valentín: Valen |
Pedro: Perico | Jorge: Koke | Carlos: Carlitos | Emilio: Milo | Julián: Juli | Cristóbal: Toval |
Ricardo: Richi | Gabriel: Gabi | Nicolás: Nico | Mauricio: Mauri | Leopoldo: Polo | Anastasio: Tasio |
Lorenzo: Lolo | Rodrigo: Rodri | Teodoro: Teo | Ezequiel: Eze | Maximiliano: Maxi | Marcelino: Lino |
Miguel: Migue | Alfonso: Fonsi | Adolfo: Fito | Leonardo: Leo | Tomás: Tomi | Mariano: Nano
"""
_FEMALE = """
Josefa: Pepi Pepa Fina | Josefina: Fina | Francisca: Paqui Paca | Dolores: Lola Loli | Concepción: Conchi Concha |
Rosario: Charo Chari | Encarnación: Encarni Encarna | Purificación: Puri | Inmaculada: Inma | Remedios: Reme |
Mercedes: Merche Meche | Consuelo: Chelo | Pilar: Pili | Teresa: Tere | Isabel: Isa Chabela | Natividad: Nati |
Soledad: Sole | Asunción: Asun | Montserrat: Montse | Guadalupe: Lupe | Susana: Susi | Cristina: Cris |
Beatriz: Bea | Verónica: Vero | Patricia: Patri | Margarita: Marga | Magdalena: Magda | Milagros: Mila |
Manuela: Manoli | Antonia: Toñi | Eulalia: Lali | Gabriela: Gabi | Raquel: Raqui | Estefanía: Fani |
Victoria: Vicky | Alejandra: Ale | Rafaela: Rafi | Ángeles: Geli |
Luisa: Luisi | Aurora: Auri | Esperanza: Espe | Trinidad: Trini | Visitación: Visi |
Presentación: Presen | Amparo: Ampari Paro | Eugenia: Geni | Ascensión: Chon | Felisa: Feli | Gertrudis: Tula |
María: Mari Maruja | Rosa: Rosi | Vanesa: Vane | Rocío: Roci | Lorena: Lore | Begoña: Bego | Yolanda: Yoli |
Juana: Juani | Mónica: Moni
"""


def _parse(table: str, sex: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    out = {}
    for entry in table.replace("\n", " ").split("|"):
        full, _, nicks = entry.partition(":")
        full, forms = full.strip(), tuple(n for n in nicks.split() if n != full.strip())
        if full and " " not in full and forms:
            out[fold(full)] = (full, forms)
    return {f"{sex}:{k}": v for k, v in out.items()}


@cache
def _tables() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """(sex:full → hypocorisms, sex:hypocorism → fulls), folded keys; built on first use."""
    forward: dict[str, tuple[str, ...]] = {}
    backward: dict[str, list[str]] = {}
    for sex, table in (("M", _MALE), ("F", _FEMALE)):
        for key, (_, forms) in _parse(table, sex).items():
            forward[key] = forms
            for form in forms:
                backward.setdefault(f"{sex}:{fold(form)}", []).append(key.partition(":")[2])
    return forward, {k: tuple(v) for k, v in backward.items()}


def hypocorisms(given: str, sex: str) -> tuple[str, ...]:
    """The everyday forms of a given name for ``sex`` ("Francisco", "M" → "Paco", "Curro", ...), or ()."""
    return _tables()[0].get(f"{sex}:{fold(given)}", ())


#: diminutive endings by sex, as written (the Galician "-iño"/"-iña" keep their "ñ": "Marina" is no diminutive);
#: "-ito"/"-ita" are the census's (``parse.diminutive_of``: "Manolito" is a given name there, "Huguito" Hugo's)
_DIMINUTIVES = {"M": ("ín", "in", "iño"), "F": ("iña",)}


def full_names(nickname: str, sex: str) -> tuple[str, ...]:
    """The folded given names a hypocorism stands for ("Manolo", "M" → ("manuel",)), or (); a diminutive of a
    hypocorism stands for the same names ("Pepín" → José, "Manoliña" → Manuela)."""
    key = fold(nickname)
    forward, backward = _tables()
    found = backward.get(f"{sex}:{key}", ())
    return found or ((_diminutive_of(nickname, sex) or ()) if f"{sex}:{key}" not in forward else ())


def diminutive_stems(stem: str) -> tuple[str, ...]:
    """A folded diminutive's stem as its base spells it: "paqu" (Paquito) is "pac", "migu" (Miguelito) "mig"."""
    if stem.endswith("qu"):
        return stem, stem[:-2] + "c"
    if stem.endswith("gu"):
        return stem, stem[:-1]
    return (stem,)


def _diminutive_of(word: str, sex: str) -> tuple[str, ...] | None:
    """The names a diminutive of a hypocorism stands for ("pepín" → "pepe", "manoliña" → "manoli"), or None."""
    lower = word.lower()
    backward = _tables()[1]
    for ending in _DIMINUTIVES[sex]:
        if not lower.endswith(ending) or len(lower) - len(ending) < 2:
            continue
        for base in diminutive_stems(fold(lower[: -len(ending)])):
            for vowel in ("o", "e", "a", "i", ""):
                found = backward.get(f"{sex}:{base}{vowel}")
                if found:
                    return found
    return None


def names_with_hypocorisms(sex: str) -> tuple[str, ...]:
    """The folded given names of ``sex`` that have a hypocorism, in table order."""
    return tuple(k.partition(":")[2] for k in _tables()[0] if k.startswith(f"{sex}:"))


def hypocorism_sex(word: str) -> str:
    """"M" or "F" for a hypocorism of one sex only ("Moncho", "Pepi"), else "" (the census does not know most)."""
    male, female = bool(full_names(word, "M")), bool(full_names(word, "F"))
    return "M" if male and not female else "F" if female and not male else ""


def is_hypocorism(word: str) -> bool:
    """A known everyday form of a given name of either sex ("Paco", "Conchi"): a given name, though the census
    lists some as surnames too ("Paco")."""
    return bool(full_names(word, "M") or full_names(word, "F"))


def nicknamed(given: str, sex: str, originals: AbstractSet[str]) -> bool:
    """A hypocorism of the folded given name is a name word of the document too ("Manuel" ... "Manolo")."""
    return any(fold(h) in originals for h in hypocorisms(given, sex))


def nickname_surrogate(nickname: str, sex: str, memo: DocMemo, surrogate_of: Callable[[str], str],
                       rng: np.random.Generator) -> str | None:
    """A nickname's surrogate ("manolo", folded): the first free hypocorism of the surrogate of the given name it
    stands for when the document writes that name (``surrogate_of("manuel")`` is "Francisco", so "Paco"), else
    of a given name drawn among those that have one; None for a word that is no known hypocorism."""
    fulls = full_names(nickname, sex)
    if not fulls:
        return None
    linked = next((f for f in fulls if f in memo.originals), None)
    if linked is not None:
        candidates: tuple[str, ...] = (surrogate_of(linked),)  # the full name's token, drawn once per document
    else:
        names = names_with_hypocorisms(sex)
        start = int(rng.integers(len(names)))
        candidates = names[start:] + names[:start]
    for name in candidates:
        free = [h for h in hypocorisms(name, sex) if fold(h) not in memo.exclude and fold(h) != nickname]
        if free and fold(name) not in memo.originals:
            return free[0]
    if linked is not None and fold(candidates[0]) not in memo.originals:
        return candidates[0]  # "José Antonio (alias «Toni»)" → "Julio César (alias «César»)": the link, not a stranger
    return None


def with_hypocorism(found: str, sex: str, redraw: Callable[[set[str]], str]) -> str:
    """``found``, or a census redraw (``redraw(banned)``) that has a hypocorism, for a given name the document
    also writes as a nickname ("Manuel ... Manolo"), so the nickname's surrogate can be one ("Francisco ... Paco")."""
    banned: set[str] = set()
    for _ in range(NICKNAMED_DRAWS):
        if hypocorisms(found, sex):
            break
        banned.add(fold(found))
        found = redraw(banned)
    return found


def reads_as_name(words: list[str], pools: NamePools) -> bool:
    """The words read as a person's name written without a cue: the first a given name more often than a surname
    in the census, or a nickname ("javi", "mari paz"), every other word one the census knows. (Here, not in
    ``pools.py``: the shipped pools' stamp hashes that module's source.)"""
    if not words:
        return False
    given = pools.given_probability(words[0])
    return ((given is not None and given >= 0.5) or is_hypocorism(words[0])) and all(
        pools.is_known(w) for w in words[1:])
