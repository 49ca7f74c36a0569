"""The default name pools, pre-built and shipped beside this module: a fresh process reads them in a fraction
of the time building them from the census tables takes (issue 12, a fast start).

``name_pools.store`` holds :meth:`NamePools.build_tables` for the default ``min_share`` (the samplers, the
frequencies and spellings, and the census sex of each given name) in sections (:mod:`..shipped`) read
straight into the dicts and lists the pools use, each on first use (a fast start and a small process), after a
first line with the digest of everything it was built from: the ``first_names`` and ``surnames`` tables and the
code that builds and reads them (``gazetteers/sex.py`` and the store format included). A gazetteer set whose tables (or code) differ
gets a different digest and builds its pools as before, so a stale or foreign file is never used.
Regenerate after changing either:

    python -m surrogate.replacers.people.pools_store
"""
from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gazetteers import GazetteerSet
from gazetteers.text_column import TextColumn

from ..shipped import (LazyMap, SortedTable, feed_sources, float_bytes_in, float_bytes_out, read, sorted_items,
                       text_bytes_in, text_bytes_out, write)

PATH = Path(__file__).with_name("name_pools.store")
_SOURCES = ("pools.py", "pools_store.py", "tokens.py", "../shipped.py", "../../textcase.py", "../../../gazetteers/text.py",
            "../../../gazetteers/sex.py")
_SEP = "\x1f"
_NUMBERS = ("given_freq", "surname_freq")  # word → weight (keys sorted: read as a SortedTable)
_PAIR_NUMBERS = ("given_tail_freq", "surname_tail_freq")  # (particle, word) → weight
_TEXTS = ("spelling", "given_origin", "surname_origin")  # word → word


def digest(gazetteers: GazetteerSet, min_share: float) -> str:
    """Of the census tables' content (their file digest when they were read from a file), ``min_share`` and
    the source of the code that builds the pools."""
    h = hashlib.sha256(repr(min_share).encode())
    feed_sources(h, Path(__file__).parent, _SOURCES)
    for name in ("first_names", "surnames"):
        gaz = gazetteers[name]
        if gaz.fingerprint is not None:  # read from a file: its bytes stand for the frame
            h.update(f"{name}:file:{gaz.fingerprint}".encode())
            continue
        frame = gaz.frame
        for col in frame.columns:
            series = frame[col]
            h.update(f"{name}.{col}:{series.dtype}".encode())
            if series.dtype.is_numeric():
                h.update(series.cast(float).fill_null(float("nan")).to_numpy().tobytes())
            else:
                h.update(_SEP.join("\x00" if v is None else str(v) for v in series.to_list()).encode())
    return h.hexdigest()


def load(gazetteers: GazetteerSet, min_share: float) -> Mapping[str, Any] | None:
    """The shipped tables when they were built from exactly these census tables, else None. Each table (and
    each sampler's values and weights) is decoded on first use: a document without compound given names or
    foreign-origin names never pays for theirs."""
    from .pools import MIN_SHARE

    if min_share != MIN_SHARE or not PATH.exists() or not {"first_names", "surnames"} <= set(gazetteers):
        return None
    sections = read(PATH, digest(gazetteers, min_share))
    if sections is None:  # stale or foreign: build instead
        return None
    texts: LazyMap[str, TextColumn] = LazyMap(  # pools with the same values (first and second surnames) share them
        (k for k in sections if k.startswith("values.")), lambda k: TextColumn(sections[k]))
    refs = {(name, tuple(arg) if isinstance(arg, list) else arg): (values, weights)
            for name, arg, values, weights in sections["samplers"]}
    samplers = LazyMap(refs, lambda key: (texts[refs[key][0]], float_bytes_in(sections[refs[key][1]])))

    def table(name: str) -> Any:
        if name == "samplers":
            return samplers
        if name == "sex":
            return SortedTable(text_bytes_in(sections["sex.names"]), sections["sex.letters"].decode())
        if name in _NUMBERS:
            return SortedTable(text_bytes_in(sections[f"{name}.keys"]), float_bytes_in(sections[f"{name}.weights"]).tolist())
        if name in _PAIR_NUMBERS:
            pairs = zip(text_bytes_in(sections[f"{name}.particles"]), text_bytes_in(sections[f"{name}.words"]))
            return dict(zip(pairs, float_bytes_in(sections[f"{name}.weights"]).tolist()))
        return dict(zip(text_bytes_in(sections[f"{name}.keys"]), text_bytes_in(sections[f"{name}.values"])))

    return LazyMap(("sex", *_NUMBERS, *_PAIR_NUMBERS, *_TEXTS, "samplers"), table)


def save(gazetteers: GazetteerSet, min_share: float | None = None, path: Path = PATH) -> Path:
    """Build the tables from ``gazetteers`` and write them, after their digest on the first line."""
    from .pools import MIN_SHARE, NamePools

    min_share = MIN_SHARE if min_share is None else min_share
    tables = NamePools.build_tables(gazetteers, min_share)
    names, letters = sorted_items(tables["sex"])
    sections: dict[str, Any] = {"sex.names": text_bytes_out(names), "sex.letters": "".join(letters).encode()}
    for name in _NUMBERS:
        keys, weights = sorted_items(tables[name])
        sections[f"{name}.keys"] = text_bytes_out(keys)
        sections[f"{name}.weights"] = float_bytes_out(weights)
    for name in _PAIR_NUMBERS:
        keys = list(tables[name])
        sections[f"{name}.particles"] = text_bytes_out(p for p, _ in keys)
        sections[f"{name}.words"] = text_bytes_out(w for _, w in keys)
        sections[f"{name}.weights"] = float_bytes_out(tables[name][k] for k in keys)
    for name in _TEXTS:
        sections[f"{name}.keys"] = text_bytes_out(tables[name])
        sections[f"{name}.values"] = text_bytes_out(tables[name].values())
    index, values_key = [], {}
    for i, ((name, arg), (values, weights)) in enumerate(tables["samplers"].items()):
        joined = text_bytes_out(values)
        if joined not in values_key:
            values_key[joined] = f"values.{len(values_key)}"
            sections[values_key[joined]] = joined
        sections[f"weights.{i}"] = float_bytes_out(weights)
        index.append([name, arg, values_key[joined], f"weights.{i}"])
    sections["samplers"] = index
    return write(path, digest(gazetteers, min_share), sections)


if __name__ == "__main__":
    from gazetteers import default_set

    print(save(default_set("es")))
