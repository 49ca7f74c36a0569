"""Fit the detail distributions of addresses and switchboard phones on a BRAT corpus (MEDDOCAN train + dev).

    python bench/fit_details.py ../shared/data/meddocan/train ../shared/data/meddocan/dev

Writes ``gazetteers/facts/fitted_details.csv``: counts of mentions only (leading digits of house numbers, floor
numbers, door letters, trailing zeros of Spanish landlines, identifier digit steps, accent styles of names, ages by
role, the origin of full names, the days of the month of dates in digits), never any text of the corpus. It is the Spanish set's ``fitted_details`` table
(:mod:`gazetteers.fitted`); refit it on your own corpus and swap it in (``docs/gazetteers.md``).
"""
from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

from gazetteers import fold
from surrogate.replacers.contacts import phone_plan
from surrogate.replacers.contacts.phones import PhoneReplacer
from surrogate.replacers.dates import age_roles
from surrogate.replacers.dates.age_parse import TOKEN, YEARS, parse_quantities
from surrogate.replacers.dates.day_prior import DETAIL as DAY_DETAIL
from surrogate.replacers.dates.day_prior import NUMERIC_DATE
from surrogate.replacers.people import accents as name_accents
from surrogate.replacers.people import origin as name_origin
from surrogate.replacers.people.kinship_numbers import AGE_IN, reads_as_age
from surrogate.replacers.places.address_parse import (
    STREET_CLASSES,
    parse_address,
    street_class,
    tail_roles,
    tail_tokens,
)

OUT = Path(__file__).resolve().parent.parent / "gazetteers" / "facts" / "fitted_details.csv"
DOORS = "ABCDEFGH"
ID_LABELS = ("ID_SUJETO_ASISTENCIA", "ID_ASEGURAMIENTO", "ID_CONTACTO_ASISTENCIAL", "ID_TITULACION_PERSONAL_SANITARIO")
MAX_FLOOR = 19
MAX_ZEROS = 4
#: name labels whose documents' accent styles are counted, by group (the patient's names, everyone else's)
NAME_GROUPS = {"NOMBRE_SUJETO_ASISTENCIA": True, "NOMBRE_PERSONAL_SANITARIO": False}


def mentions(dirs: list[Path]):
    """(document, label, text) of every text-bound annotation in the .ann files of ``dirs``."""
    for d in dirs:
        for ann in sorted(d.glob("*.ann")):
            for line in ann.read_text(encoding="utf-8").splitlines():
                if line.startswith("T") and line.count("\t") >= 2:
                    _tid, middle, text = line.split("\t", 2)
                    yield f"{d.name}/{ann.stem}", middle.split(" ", 1)[0], text


#: words before a name that are no part of it
_TITLES = frozenset("dr dra dres sr sra srta don doña dña prof".split())


def full_name_origins(lookup: name_origin.OriginLookup, text: str) -> tuple[str | None, list[str]] | None:
    """(census origin of the given name or None, origins of the surnames the census knows) of a full name;
    None when the mention has fewer than two name words."""
    words = [w for w in re.findall(r"[^\W\d_]{2,}", text) if w[:1].isupper() and w.lower() not in _TITLES]
    if len(words) < 2:
        return None
    return lookup.given_origin(words[0]), [o for o in map(lookup.surname_origin, words[1:]) if o is not None]


def years_in(text: str) -> list[int]:
    """The ages in years an age mention writes (the age replacer's own parser; ordinals are no ages)."""
    quantities, _ = parse_quantities(TOKEN.findall(text))
    return [q.value for q in quantities if q.unit == YEARS and q.style != "ordinal"]


def trailing_zeros(digits: str) -> int:
    return len(digits) - len(digits.rstrip("0"))


def fit(dirs: list[Path]) -> tuple[dict[str, Counter[str]], Counter[str]]:
    counts: dict[str, Counter[str]] = {}
    seen: Counter[str] = Counter()
    docs_of_street: dict[str, set[str]] = {}
    name_votes: dict[tuple[str, bool], dict[str, list[bool]]] = {}
    ages: dict[tuple[str, str], set[int]] = {}  # (document, role) → its distinct ages in years
    pools = origins = None
    for doc, label, text in mentions(dirs):
        if label in NAME_GROUPS:
            if pools is None:
                from gazetteers.registry import default_set
                from surrogate.replacers.people.parse import parse_name
                from surrogate.replacers.people.pools import NamePools

                pools = NamePools.of(default_set("es"))
                origins = name_origin.OriginLookup(pools)
            votes = name_votes.setdefault((doc, NAME_GROUPS[label]), {role: [] for role in name_accents.ROLES})
            for role, found in name_accents.accent_votes(pools, parse_name(text, pools)).items():
                votes[role].extend(found)
            # full names whose given name the census gives an origin, and a surname too: is the given name foreign?
            found = full_name_origins(origins, text)
            if found is not None and found[0] is not None and found[1]:
                given = found[0]
                counts.setdefault(name_origin.DETAIL, Counter())[
                    name_origin.SPANISH_NAME if given == name_origin.SPANISH else name_origin.FOREIGN_NAME] += 1
        elif label == "EDAD_SUJETO_ASISTENCIA":
            ages.setdefault((doc, age_roles.PATIENT), set()).update(years_in(text))
        elif label == "FAMILIARES_SUJETO_ASISTENCIA":
            relatives = ages.setdefault((doc, age_roles.RELATIVE), set())
            for m in AGE_IN.finditer(text):
                if reads_as_age(text, m):
                    relatives.update(years_in(m.group(0)))
        elif label == "CALLE":
            seen["CALLE"] += 1
            parts = parse_address(text)
            if any(c.isalpha() for c in parts.name):
                counts.setdefault("street_class", Counter())[street_class(parts.name)] += 1
                docs_of_street.setdefault(fold(parts.name), set()).add(doc)
            toks = tail_tokens(parts.tail)
            for tok, role in zip(toks, tail_roles(toks)):
                if role == "number" and not tok.startswith("0") and len(tok) <= 4:
                    counts.setdefault(f"house_lead_{len(tok)}", Counter())[tok[0]] += 1
                elif role == "floor" and not tok.startswith("0") and int(tok) <= MAX_FLOOR:
                    counts.setdefault("floor", Counter())[tok] += 1
                elif role == "door" and tok.rstrip(".").upper() in DOORS:
                    counts.setdefault("door", Counter())[tok.rstrip(".").upper()] += 1
        elif label in ID_LABELS:
            for run in re.findall(r"\d{3,}", text):
                if run[0] != "0":
                    counts.setdefault("id_first", Counter())[run[0]] += 1
            for run in re.findall(r"\d{2,}", text):
                for a, b in zip(run, run[1:]):
                    counts.setdefault("id_next", Counter())[a + b] += 1
        elif label == "FECHAS":
            numeric = NUMERIC_DATE.fullmatch(text.strip())
            if numeric and 1 <= int(numeric.group(1)) <= 31:
                counts.setdefault(DAY_DETAIL, Counter())[str(int(numeric.group(1)))] += 1
        elif label in ("NUMERO_TELEFONO", "NUMERO_FAX"):
            seen["phones"] += 1
            national = PhoneReplacer.national_number(text)
            if national is not None and phone_plan.number_class(national) != "mobile":
                zeros = min(trailing_zeros(national), MAX_ZEROS)
                counts.setdefault("phone_zeros", Counter())[str(zeros)] += 1
    # per role, the distinct ages of each document in 5-year bins
    for (_doc, role), years in ages.items():
        for v in years:
            counts.setdefault(age_roles.detail(role), Counter())[str(age_roles.BINS[age_roles.bin_of(v)])] += 1
    # how many documents share one street name: the replacer flattens the table's weights until its names
    # repeat no more often than the corpus's (the counts alone, never the names)
    counts["street_repeats"] = Counter(str(len(docs)) for docs in docs_of_street.values())
    # a document's accent style for the given names / surnames of each group, where they show one, by the
    # style of the group's other role
    for (_doc, group), votes in name_votes.items():
        styles = {role: name_accents.group_style(v) for role, v in votes.items()}
        for role, style in styles.items():
            if style is not None:
                detail = name_accents.detail(group, role, styles[name_accents.other_role(role)])
                counts.setdefault(detail, Counter())[name_accents.DROPPED if style else name_accents.KEPT] += 1
    return counts, seen


def write(counts: dict[str, Counter[str]], seen: Counter[str], corpus: str, out: Path) -> None:
    domains = {f"house_lead_{n}": "123456789" for n in range(1, 5)}
    domains["floor"] = [str(v) for v in range(1, MAX_FLOOR + 1)]
    domains["door"] = DOORS
    domains["street_class"] = STREET_CLASSES
    domains["street_repeats"] = sorted(counts.get("street_repeats", Counter()), key=int)
    domains["id_first"] = "123456789"
    domains["id_next"] = [f"{a}{b}" for a in range(10) for b in range(10)]
    domains["phone_zeros"] = [str(z) for z in range(MAX_ZEROS + 1)]
    for detail in name_accents.all_details():
        domains[detail] = [name_accents.DROPPED, name_accents.KEPT]
    for role in (age_roles.PATIENT, age_roles.RELATIVE):
        domains[age_roles.detail(role)] = [str(b) for b in age_roles.BINS]
    domains[name_origin.DETAIL] = [name_origin.FOREIGN_NAME, name_origin.SPANISH_NAME]
    domains[DAY_DETAIL] = [str(d) for d in range(1, 32)]
    lines = [
        f"# Fitted on {corpus} by bench/fit_details.py ({seen['CALLE']} CALLE, {seen['phones']} phone/fax mentions):",
        "# counts of mentions, never text. house_lead_N: leading digit of N-digit house numbers (the first number of",
        "# the address); floor: floors 1-19 (the number after it, or one written as an ordinal); door: door letters",
        "# after a floor; street_class: street names by class (titled as 'Doctor X', saint, virgin, river, other;",
        "# _de when the name starts with a particle as in 'de la Paz'); street_repeats: how many street names are shared",
        "# by k documents (value k);",
        "# id_first: first digit of digit runs of 3 or more in ID labels; id_next: adjacent digit pairs there (ab = a, b);",
        "# phone_zeros: trailing zeros of Spanish landline/service numbers (4 = 4 or more);",
        "# name_accents_<group>_<role>_<other>: documents whose patient's / other people's (staff) given names /",
        "# surnames drop or keep the accents of their usual spelling, by the style of the other role (dropped, kept,",
        "# none shown); a document counts once per group and role whose names show a style.",
        "# age_role_<role>: distinct ages in years per document, in 5-year bins (value: the bin's lower bound), of",
        "# patients (EDAD_SUJETO_ASISTENCIA) and relatives (ages inside FAMILIARES_SUJETO_ASISTENCIA);",
        "# name_origin: full names (a given name and a surname the census knows) whose given name is foreign or not.",
        "# date_day: the day of dates written in digits, day first (05/03/2014: 5), 1-31.",
        "# The replacers add one to every count they draw from (Laplace smoothing), so no value is impossible.",
        "detail,value,count",
    ]
    for detail, values in domains.items():
        for value in values:
            lines.append(f"{detail},{value},{counts.get(detail, Counter())[value]}")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+", type=Path, help="BRAT folders (.txt/.ann)")
    parser.add_argument("--corpus", default="MEDDOCAN train+dev", help="corpus name written in the table's comment")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    missing = [d for d in args.dirs if not d.is_dir()]
    if missing:
        print(f"fit_details: no such folder: {missing[0]}", file=sys.stderr)
        return 2
    counts, seen = fit(args.dirs)
    write(counts, seen, args.corpus, args.out)
    print(f"fit_details: wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
