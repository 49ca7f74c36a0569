"""The default name pools, pre-built and shipped beside this module: a fresh process reads them in a fraction
of the time building them from the census tables takes (issue 12, a fast start).

``name_pools.json.gz`` holds :meth:`NamePools.build_tables` for the default ``min_share`` (the samplers, the
frequencies and spellings, and the census sex of each given name) as JSON (read straight into the dicts and
lists the pools use, with no table library's buffers left behind: a fast start and a small process), after a
first line with the digest of everything it was built from: the ``first_names`` and ``surnames`` tables and
the code that builds them (``gazetteers/sex.py`` included). A gazetteer set whose tables (or code) differ
gets a different digest and builds its pools as before, so a stale or foreign file is never used.
Regenerate after changing either:

    python -m surrogate.replacers.people.pools_store
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import numpy as np

from gazetteers import GazetteerSet

from ..shipped import feed_sources, floats_in, floats_out, read, texts_in, texts_out, write

PATH = Path(__file__).with_name("name_pools.json.gz")
_SOURCES = ("pools.py", "tokens.py", "../../textcase.py", "../../../gazetteers/text.py", "../../../gazetteers/sex.py")
_SEP = "\x1f"


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


def load(gazetteers: GazetteerSet, min_share: float) -> dict | None:
    """The shipped tables when they were built from exactly these census tables, else None."""
    from .pools import MIN_SHARE

    if min_share != MIN_SHARE or not PATH.exists() or not {"first_names", "surnames"} <= set(gazetteers):
        return None
    data = read(PATH, digest(gazetteers, min_share))
    if data is None:  # stale or foreign: build instead
        return None
    tables: dict = {}
    names, sexes = data["sex"]
    tables["sex"] = dict(zip(texts_in(names), sexes))  # one letter per name
    for section in ("given_freq", "surname_freq"):
        keys, weights = data[section]
        tables[section] = dict(zip(texts_in(keys), floats_in(weights).tolist()))
    for section in ("given_tail_freq", "surname_tail_freq"):
        particles, words, weights = data[section]
        tables[section] = dict(zip(zip(texts_in(particles), texts_in(words)), floats_in(weights).tolist()))
    for section in ("spelling", "given_origin", "surname_origin"):
        keys, values = data[section]
        tables[section] = dict(zip(texts_in(keys), texts_in(values)))
    split: dict[str, list[str]] = {}  # pools with the same values (first and second surnames, 61k) share them
    samplers: dict[tuple, tuple[list[str], np.ndarray]] = {}
    for name, arg, values, weights in data["samplers"]:
        if values not in split:
            split[values] = texts_in(values)
        samplers[(name, tuple(arg) if isinstance(arg, list) else arg)] = (split[values], floats_in(weights))
    tables["samplers"] = samplers
    return tables


def save(gazetteers: GazetteerSet, min_share: float | None = None, path: Path = PATH) -> Path:
    """Build the tables from ``gazetteers`` and write them, after their digest on the first line."""
    from .pools import MIN_SHARE, NamePools

    min_share = MIN_SHARE if min_share is None else min_share
    tables = NamePools.build_tables(gazetteers, min_share)
    data: dict[str, Any] = {"sex": [texts_out(tables["sex"]), "".join(tables["sex"].values())]}
    for section in ("given_freq", "surname_freq"):
        data[section] = [texts_out(tables[section]), floats_out(tables[section].values())]
    for section in ("given_tail_freq", "surname_tail_freq"):
        keys = list(tables[section])
        data[section] = [texts_out(p for p, _ in keys), texts_out(w for _, w in keys),
                         floats_out(tables[section][k] for k in keys)]
    for section in ("spelling", "given_origin", "surname_origin"):
        data[section] = [texts_out(tables[section]), texts_out(tables[section].values())]
    data["samplers"] = [[name, arg, texts_out(values), floats_out(weights)]
                        for (name, arg), (values, weights) in tables["samplers"].items()]
    return write(path, digest(gazetteers, min_share), data)


if __name__ == "__main__":
    from gazetteers import default_set

    print(save(default_set("es")))
