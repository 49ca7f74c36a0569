"""Layout of an identifier: which characters carry data, which are fixed prefix/suffix, how to re-render.

An identifier such as ``NHC-0781/5635`` is split into a fixed prefix (``NHC-``), a core (``0781/5635``) and
a fixed suffix (none). Only the core's letters and digits are replaced; separators, grouping, length and
letter case stay where they were.
"""
from __future__ import annotations

import re

from gazetteers.text import CharTable

#: Words that label an identifier rather than belong to it (compared upper-case, accents kept).
PREFIX_WORDS = frozenset(
    """NHC HC NH HCL HIST NASS NSS NUSS NAF NUHSA CIP SIP TIS TSI DNI NIF NIE CIF IBAN CCC PAS PASAPORTE EXP
    EXPTE REF ID NUM NO NRO NÚM NÚMERO NUMERO N Nº COL COLEG NCOL EPISODIO EPI CAMA HAB MRN PID SS
    MUFACE ISFAS MUGEJU PÓLIZA POLIZA CNP SN SERIE LOTE MODELO MATRÍCULA MATRICULA COD CÓD CÓDIGO CODIGO
    PETICIÓN PETICION MUESTRA ORDEN
    AN""".split()  # then the region of an Andalusian health card ("AN 06 1877 4402": "AN" was masked)
)
#: Suffix words kept as they are (``12345 bis``).
SUFFIX_WORDS = frozenset({"BIS", "TER"})
#: A short letter run glued to the digits at the start is a fixed prefix (``E-``, ``AN``, ``nhc``).
MAX_SHORT_PREFIX = 3

_RUNS = re.compile(r"[^\W\d_]+|\d+|[\W_]+")
#: A label written as dotted initials (``D.N.I.``, ``N.A.S.S``): single letters each followed by a dot,
#: the last dot optional, not followed by another letter.
_DOTTED = re.compile(r"(?:[^\W\d_]\.)+[^\W\d_]\.?(?![^\W\d_])")


def dotted_label_end(s: str, pos: int = 0) -> int | None:
    """End of a dotted label word (``D.N.I.``) starting at ``pos`` whose letters form a :data:`PREFIX_WORDS`
    entry, or None."""
    m = _DOTTED.match(s, pos)
    if m and m.group().replace(".", "").upper() in PREFIX_WORDS:
        return m.end()
    return None


def is_data_char(c: str) -> bool:
    """Digits 0–9 and cased letters carry data; ``º``/``ª`` and punctuation are layout."""
    return c in "0123456789" or (c.isalpha() and c.lower() != c.upper())


# keeps the data characters and drops the rest, in one C loop (``compact`` runs several times per span)
_COMPACT = CharTable(lambda c: c if is_data_char(c) else "")


def compact(s: str) -> str:
    return s.translate(_COMPACT)


def render(template: str, new_compact: str) -> str:
    """Put ``new_compact`` into the data positions of ``template`` (letters take the template's case)."""
    out, i = [], 0
    for c in template:
        if is_data_char(c):
            n = new_compact[i]
            i += 1
            if c.isalpha():
                n = n.upper() if c.isupper() else n.lower()
            out.append(n)
        else:
            out.append(c)
    if i != len(new_compact):
        raise ValueError("compact value does not fit the template")
    return "".join(out)


def prefix_boundaries(original: str) -> list[int]:
    """Candidate ends of a fixed prefix, shortest first (always starts with 0).

    A letter run at the start is a prefix when it is a known label word (NASS, NHC, Nº...) or, glued to
    digits, at most three letters (``E-``, ``AN``, ``nhc-``); separators after it belong to the prefix.
    Several runs may chain (``NHC Nº 123``); a label may be written as dotted initials (``D.N.I.``). The
    caller tries the shortest first so that a scheme whose letters are data (``X1234567L``) wins over
    reading ``X`` as a prefix.
    """
    runs = list(_RUNS.finditer(original))
    bounds = [0]
    i = 0
    while i < len(runs):
        run = runs[i]
        word = run.group()
        if not word[0].isalpha():
            break
        dotted = dotted_label_end(original, run.start())
        if dotted is not None:
            after = [k for k in range(i + 1, len(runs)) if runs[k].start() >= dotted and runs[k].group()[0].isalnum()]
            if not after:
                break
            bounds.append(runs[after[0]].start())
            i = after[0]
            continue
        j = i + 1
        while j < len(runs) and not runs[j].group()[0].isalnum():
            j += 1
        if j >= len(runs):
            break
        nxt = runs[j].group()
        if word.upper() in PREFIX_WORDS or (len(word) <= MAX_SHORT_PREFIX and nxt[0].isdigit()):
            bounds.append(runs[j].start())
            i = j
            continue
        break
    return bounds


def fixed_suffix(original: str) -> int:
    """Length of a fixed suffix: a known word (``bis``) or ``/<one digit>`` (a copy counter such as ``/2``)."""
    runs = list(_RUNS.finditer(original))
    if len(runs) < 3:
        return 0
    last, before = runs[-1].group(), runs[-2].group()
    if last.upper() in SUFFIX_WORDS and not before[0].isalnum():
        return len(original) - runs[-2].start()
    if last.isdigit() and len(last) == 1 and before == "/":
        return 2
    return 0
