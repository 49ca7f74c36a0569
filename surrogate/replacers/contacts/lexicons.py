"""The name lexicons the e-mail replacer segments local parts with, shipped beside this module (issue 12).

``nnavarro`` reads as a name because ``navarro`` is one of the heaviest surnames. Building the lexicons decodes
the whole ``first_names`` and ``surnames`` tables (about 0.2 s, the first time a document has an address
without a name of its own); reading ``email_lexicons.store`` takes a millisecond. The file's first line is the
digest of the two tables' files, this code and the Unicode version; a gazetteer set with other tables or a
blocklist gets another digest, or none, and builds its lexicons as before. Regenerate after changing either:

    python -m surrogate.replacers.contacts.lexicons
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from gazetteers import GazetteerSet, heaviest

from ..shipped import read, tables_stamp, texts_in, texts_out, write
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


def save(gazetteers: GazetteerSet, path: Path = PATH) -> Path:
    """Build the lexicons of ``gazetteers`` and write them, after their digest on the first line."""
    stamp = digest(gazetteers)
    if stamp is None:
        raise ValueError("only a set read from files, without a blocklist, can be shipped")
    lex = build(gazetteers)
    return write(path, stamp, {table: texts_out(sorted(lex[table])) for table in TABLES})


if __name__ == "__main__":
    from gazetteers import default_set

    print(save(default_set("es")))
