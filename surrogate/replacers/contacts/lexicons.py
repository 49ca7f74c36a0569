"""The name lexicons the e-mail replacer segments local parts with, and the name samplers it draws from, shipped
beside this module (issue 12).

``nnavarro`` reads as a name because ``navarro`` is one of the heaviest surnames. Building the lexicons decodes
the whole ``first_names`` and ``surnames`` tables (about 0.2 s, the first time a document has an address
without a name of its own); reading ``email_lexicons.store`` takes a millisecond. Drawing a name for a local
part used to decode both tables too (0.14 s and 40 MB that stayed in memory for the cyclic collector to rescan):
the store also holds each table's values and weights, all that its whole-table sampler reads. The file's first line is the
digest of the two tables' files, this code and the Unicode version; a gazetteer set with other tables or a
blocklist gets another digest, or none, and builds its lexicons as before. Regenerate after changing either:

    python -m surrogate.replacers.contacts.lexicons
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from gazetteers import GazetteerSet, Sampler, heaviest

from ..shipped import (
    float_bytes_in,
    float_bytes_out,
    read,
    tables_stamp,
    text_bytes_in,
    text_bytes_out,
    texts_in,
    texts_out,
    write,
)
from .email_names import fold_keep_length

PATH = Path(__file__).with_name("email_lexicons.store")
TABLES = ("first_names", "surnames")
TOP = 5000  # the heaviest values of each table: rarer names would find "names" inside ordinary words
_SOURCES = ("lexicons.py", "email_names.py", "../shipped.py", "../../../gazetteers/table.py",
            "../../../gazetteers/text.py")
_NOT_ASCII_LETTER = re.compile(r"[^A-Za-z]+")  # the ASCII letters are exactly the ASCII characters isalpha() takes

Lexicons = dict[str, frozenset[str]]


def ascii_word(value: str) -> str:
    """``value`` folded to its ASCII letters (``Núñez`` → ``nunez``)."""
    return _NOT_ASCII_LETTER.sub("", fold_keep_length(value))


def optional_table(gazetteers: GazetteerSet, name: str):
    """The set's table ``name``, or None when it has none (or its file is missing)."""
    if name not in gazetteers:
        return None
    try:
        return gazetteers[name]
    except (FileNotFoundError, KeyError):
        return None


def build(gazetteers: GazetteerSet) -> Lexicons:
    """Per table, the ASCII words of three letters or more among its ``TOP`` heaviest one-word values; ``all``
    is their union."""
    lex: Lexicons = {}
    for table in TABLES:
        gaz = optional_table(gazetteers, table)
        words: set[str] = set()
        if gaz is not None:
            values = gaz.column("value")
            top = [values[i] for i in heaviest(gaz.column("weight"), TOP)]
            words = {w for w in (ascii_word(v) for v in top if v and " " not in v) if len(w) >= 3}
        lex[table] = frozenset(words)
    lex["all"] = lex["first_names"] | lex["surnames"]
    return lex


def digest(gazetteers: GazetteerSet) -> str | None:
    """Of the two tables' files, this code and the Unicode data; None when the set blocks values or a table was
    not read from a file."""
    return tables_stamp(gazetteers, TABLES, Path(__file__).parent, _SOURCES,
                        f"unicode:{unicodedata.unidata_version};top:{TOP}")


def lexicons(gazetteers: GazetteerSet) -> Lexicons:
    """The shipped lexicons when they were built from exactly these tables and code, else built now."""
    stamp = digest(gazetteers)
    data = read(PATH, stamp) if stamp is not None else None
    if data is None:
        return build(gazetteers)
    lex = {table: frozenset(texts_in(data[table])) for table in TABLES}
    lex["all"] = lex["first_names"] | lex["surnames"]
    return lex


def name_sampler(gazetteers: GazetteerSet, table: str, top_k: int | None) -> Sampler:
    """``gazetteers[table].sampler(top_k=top_k)``, from the store when it was built from exactly this table (the
    same values and weights, so the same draws) and no ``top_k`` cuts it; made once per gazetteer set."""
    if top_k is not None:
        return gazetteers[table].sampler(top_k=top_k)  # cached by the table itself
    return gazetteers.derived(f"email_name_sampler:{table}", lambda gaz: _shipped_sampler(gaz, table))


def _shipped_sampler(gazetteers: GazetteerSet, table: str) -> Sampler:
    stamp = digest(gazetteers)
    data = read(PATH, stamp) if stamp is not None else None
    if data is None:
        return gazetteers[table].sampler()
    return Sampler(text_bytes_in(data[f"{table}.values"]), float_bytes_in(data[f"{table}.weights"]))


def save(gazetteers: GazetteerSet, path: Path = PATH) -> Path:
    """Build the lexicons of ``gazetteers`` and write them with the tables' sampled columns, after their digest
    on the first line."""
    stamp = digest(gazetteers)
    if stamp is None:
        raise ValueError("only a set read from files, without a blocklist, can be shipped")
    lex = build(gazetteers)
    sections: dict[str, object] = {table: texts_out(sorted(lex[table])) for table in TABLES}
    for table in TABLES:
        sampler = gazetteers[table].sampler()
        sections[f"{table}.values"] = text_bytes_out(sampler.values)
        sections[f"{table}.weights"] = float_bytes_out(sampler.weights)
    return write(path, stamp, sections)


if __name__ == "__main__":
    from gazetteers import default_set

    print(save(default_set("es")))
