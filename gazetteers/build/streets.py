"""Street names as they follow a via type ("Mayor", "de la Constitución", "Doctor Fleming", "San Roque").

Every row comes from a hand-written fact table or is composed from one, in classes whose share of the total
weight is set in ``facts/street_name_mix.csv``:

- ``common``, ``place``, ``date``, ``flora``, ``river``, ``mountain``, ``trade``: ``facts/street_names.csv`` as is;
- ``person``: ``facts/street_people.csv``, people streets are named after, with their usual title;
- ``saint``: ``facts/saints.csv`` with San / Santo / Santa chosen by the RAE rule, bare and with "de";
- ``virgin``: ``facts/virgins.csv`` as "Virgen del Carmen" and "Nuestra Señora del Carmen";
- ``generated``: titles from ``facts/street_titles.csv`` with INE first names and surnames ("Doctor Pazos",
  "Maestra Pilar Ortega"), drawn with a fixed seed.

A title always agrees with the sex of the name after it: the build checks every row with the sex lookup of
the first-names table and fails on a mismatch.
"""
from __future__ import annotations

import math

import numpy as np
import polars as pl

from ..sex import SexLookup
from ..table import Gazetteer
from .facts import read_fact

GENERATED_STREETS = 2000
STREET_SEED = 20240101
FEMALE_SHARE = 0.3          # of generated person names; callejeros honour fewer women, new streets more
TOP_GIVEN = 300             # per sex: common names read as real people, rare ones as typos
TOP_SURNAMES = 1500
# "Santo" before these names, "San" before every other male saint (RAE, DPD s.v. "santo").
SANTO_NAMES = frozenset({"Tomás", "Tomé", "Toribio", "Domingo"})
# Titles outside street_titles.csv that hand-written rows use, with the sex they require.
OTHER_TITLES = {
    "San": "M", "Santo": "M", "Fray": "M", "Cardenal": "M", "General": "M", "Rey": "M", "Príncipe": "M",
    "Marqués": "M", "Conde": "M", "Duque": "M", "Hermanos": "M",
    "Santa": "F", "Sor": "F", "Madre": "F", "Reina": "F", "Infanta": "F", "Princesa": "F", "Condesa": "F",
    "Marquesa": "F", "Duquesa": "F", "Hermanas": "F", "Virgen": "F",
}
# Share of each pattern among generated names of each sex.
_PATTERNS = {
    "M": (("title_surname", 0.40), ("title_full", 0.30), ("title_full2", 0.05), ("full", 0.10), ("full2", 0.10),
          ("siblings", 0.05)),
    "F": (("title_full", 0.55), ("title_full2", 0.10), ("full", 0.20), ("full2", 0.12), ("siblings", 0.03)),
}
_SIBLINGS = {"M": "Hermanos", "F": "Hermanas"}
KIND_ORDER = ("common", "place", "date", "person", "generated", "saint", "virgin", "flora", "river", "mountain",
              "trade")


def saint_title(name: str, sex: str) -> str:
    if sex == "F":
        return "Santa"
    return "Santo" if name.split()[0] in SANTO_NAMES else "San"


class TitleSexes:
    """Which sex each title requires ("" for titles common to both: Poeta, Periodista)."""

    def __init__(self, titles: pl.DataFrame) -> None:
        self.sex: dict[str, str] = dict(OTHER_TITLES)
        for masculine, feminine in zip(titles["masculine"], titles["feminine"]):
            if masculine == feminine:
                self.sex[masculine] = ""
            else:
                self.sex[masculine] = "M"
                if feminine:
                    self.sex[feminine] = "F"

    def disagreement(self, value: str, lookup: SexLookup) -> str | None:
        """Why ``value`` pairs a title with a name of the other sex, or None when it does not."""
        value = value.removeprefix("de ")  # "de San Roque"
        title, _, rest = value.partition(" ")
        wanted = self.sex.get(title)
        if not wanted or not rest:
            return None
        found = lookup.sex_of(rest)
        if found is not None and found != wanted:
            return f"{value!r}: title {title!r} wants sex {wanted}, the name is {found}"
        if title == "Santo" and rest.split()[0] not in SANTO_NAMES:
            return f"{value!r}: 'Santo' only before {sorted(SANTO_NAMES)}"
        if title == "San" and rest.split()[0] in SANTO_NAMES:
            return f"{value!r}: 'Santo', not 'San', before {rest.split()[0]}"
        return None


def _pool(values: list[str], weights: list[float], top: int) -> tuple[list[str], np.ndarray]:
    values, weights = values[:top], weights[:top]
    p = np.sqrt(np.asarray(weights, dtype=np.float64))  # flatter than the census: streets honour many names
    return values, p / p.sum()


def _given_pool(first_names: pl.DataFrame, lookup: SexLookup, sex: str) -> tuple[list[str], np.ndarray]:
    """The most frequent given names of ``sex`` that read as someone a street could honour: names of Spanish
    origin only ("Avenida Bilal Fraga" honours no one a Spanish town would)."""
    excluded = set(read_fact("street_given_names_excluded")["name"])
    rows = first_names.filter((pl.col("sex") == sex) & (pl.col("origin") == "es")
                              ).sort(["weight", "value"], descending=[True, False])
    values, weights = [], []
    for value, weight in zip(rows["value"], rows["weight"]):
        words = value.split()
        if (len(words) <= 2 and all(w[0].isupper() and w.isalpha() and w not in excluded for w in words)
                and lookup.sex_of(value) == sex):
            values.append(value)
            weights.append(weight)
    return _pool(values, weights, TOP_GIVEN)


def _surname_pool(surnames: pl.DataFrame) -> tuple[list[str], np.ndarray]:
    rows = surnames.filter(pl.col("origin") == "es").sort(["weight", "value"], descending=[True, False])
    keep = [(v, w) for v, w in zip(rows["value"], rows["weight"]) if v.isalpha() and v[0].isupper()]
    return _pool([v for v, _ in keep], [w for _, w in keep], TOP_SURNAMES)


def _generated(first_names: pl.DataFrame, surnames: pl.DataFrame, lookup: SexLookup, titles: TitleSexes,
               taken: set[str]) -> list[str]:
    facts = read_fact("street_titles")
    title_rows = list(zip(facts["masculine"], facts["feminine"], facts["surname_only"],
                          facts["weight"].cast(pl.Float64)))
    given = {sex: _given_pool(first_names, lookup, sex) for sex in "MF"}
    family, family_p = _surname_pool(surnames)

    def title_pool(sex: str, surname_only: bool) -> tuple[list[str], np.ndarray]:
        pool = [(m if sex == "M" else f, w) for m, f, only, w in title_rows
                if (m if sex == "M" else f) and (not surname_only or only == "yes")]
        p = np.array([w for _, w in pool])
        return [t for t, _ in pool], p / p.sum()

    title_pools = {(s, only): title_pool(s, only) for s in "MF" for only in (False, True)}
    rng = np.random.default_rng(STREET_SEED)

    def pick(pool: tuple[list[str], np.ndarray]) -> str:
        values, p = pool
        return values[int(rng.choice(len(values), p=p))]

    def surname(exclude: str = "") -> str:
        while True:
            s = family[int(rng.choice(len(family), p=family_p))]
            if s != exclude:
                return s

    out: list[str] = []
    seen = set(taken)
    attempts = 0
    while len(out) < GENERATED_STREETS:
        attempts += 1
        if attempts > 50 * GENERATED_STREETS:
            raise ValueError("generated street names: too many collisions, raise the name pools")
        sex = "F" if rng.random() < FEMALE_SHARE else "M"
        names, shares = zip(*_PATTERNS[sex])
        pattern = names[int(rng.choice(len(names), p=np.array(shares) / sum(shares)))]
        if pattern == "siblings":
            value = f"{_SIBLINGS[sex]} {surname()}"
        elif pattern == "title_surname":
            value = f"{pick(title_pools[(sex, True)])} {surname()}"
        else:
            first = pick(given[sex])
            last = surname()
            person = f"{first} {last} {surname(last)}" if pattern.endswith("2") else f"{first} {last}"
            value = f"{pick(title_pools[(sex, False)])} {person}" if pattern.startswith("title") else person
        if value in seen or titles.disagreement(value, lookup) is not None:
            continue  # "Doctor Reyes": a surname that is also a woman's name reads as a mismatch
        seen.add(value)
        out.append(value)
    return sorted(out)


def street_names(first_names: pl.DataFrame, surnames: pl.DataFrame) -> pl.DataFrame:
    """Hand-written, composed and generated street names, weighted by class (``name_kind`` column)."""
    lookup = SexLookup(Gazetteer("first_names", first_names))
    titles = TitleSexes(read_fact("street_titles"))
    rows: dict[str, tuple[str, float]] = {}

    def add(value: str, kind: str, weight: float) -> None:
        if value in rows:
            raise ValueError(f"street name {value!r} is listed twice ({rows[value][0]} and {kind})")
        problem = titles.disagreement(value, lookup)
        if problem:
            raise ValueError(f"street name {problem}")
        rows[value] = (kind, weight)

    facts = read_fact("street_names")
    for value, kind, weight in zip(facts["value"], facts["kind"], facts["weight"]):
        add(value, kind, float(weight or 1))

    people = read_fact("street_people")
    for title, name, sex, weight in zip(people["title"], people["name"], people["sex"], people["weight"]):
        if title and titles.sex.get(title, sex) not in (sex, ""):
            raise ValueError(f"street_people.csv: title {title!r} does not fit sex {sex} of {name!r}")
        add(f"{title} {name}".strip(), "person", float(weight))

    saints = read_fact("saints")
    for name, sex, weight in zip(saints["name"], saints["sex"], saints["weight"]):
        found = lookup.sex_of(name)
        if found is not None and found != sex:
            raise ValueError(f"saints.csv: {name!r} is listed as {sex} but the first names say {found}")
        saint = f"{saint_title(name, sex)} {name}"
        add(saint, "saint", float(weight) * 2 / 3)    # "Calle San Roque" and, less often,
        add(f"de {saint}", "saint", float(weight) / 3)  # "Calle de San Roque"

    virgins = read_fact("virgins")
    for complement, weight in zip(virgins["complement"], virgins["weight"]):
        add(f"Virgen {complement}", "virgin", float(weight) * 2 / 3)
        add(f"Nuestra Señora {complement}", "virgin", float(weight) / 3)

    for value in _generated(first_names, surnames, lookup, titles, set(rows)):
        add(value, "generated", 1.0)

    mix = read_fact("street_name_mix")
    share = {k: float(s) for k, s in zip(mix["kind"], mix["share"])}
    kinds = {kind for kind, _ in rows.values()}
    if kinds != set(share) or kinds - set(KIND_ORDER):
        raise ValueError(f"street_name_mix.csv kinds {sorted(share)} differ from the rows' {sorted(kinds)}")
    totals = {k: math.fsum(w for kind, w in rows.values() if kind == k) for k in kinds}
    order = {k: i for i, k in enumerate(KIND_ORDER)}
    ordered = sorted(rows.items(), key=lambda item: (order[item[1][0]], item[0]))
    return pl.DataFrame(
        {"value": [v for v, _ in ordered],
         "weight": [share[k] * w / totals[k] for _, (k, w) in ordered],
         "name_kind": [k for _, (k, _) in ordered]},
        schema={"value": pl.String, "weight": pl.Float64, "name_kind": pl.String})
