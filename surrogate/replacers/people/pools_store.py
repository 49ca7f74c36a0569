"""The default name pools, pre-built and shipped beside this module: a fresh process reads them in a fraction
of the time building them from the census tables takes (issue 12, a fast start).

``name_pools.parquet`` holds :meth:`NamePools.build_tables` for the default ``min_share``, one row per
entry, plus the digest of everything it was built from: the ``first_names`` and ``surnames`` tables and the
code that builds them. A gazetteer set whose tables (or code) differ gets a different digest and builds its
pools as before, so a stale or foreign file is never used. Regenerate after changing either:

    python -m surrogate.replacers.people.pools_store
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from gazetteers import GazetteerSet

PATH = Path(__file__).with_name("name_pools.parquet")
_SOURCES = ("pools.py", "tokens.py", "../../textcase.py", "../../../gazetteers/text.py")
_SEP = "\x1f"


def digest(gazetteers: GazetteerSet, min_share: float) -> str:
    """Of the census tables' content (their file digest when they were read from a file), ``min_share`` and
    the source of the code that builds the pools."""
    h = hashlib.sha256(repr(min_share).encode())
    here = Path(__file__).parent
    for rel in _SOURCES:
        h.update((here / rel).resolve().read_bytes())
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
    import polars as pl

    frame = pl.read_parquet(PATH)
    # rows are written section by section: slice them (zero-copy) rather than filter
    bounds = frame.with_row_index("i").group_by("section", maintain_order=True).agg(pl.col("i").min(), pl.len())
    parts = {sec: frame.slice(start, n) for sec, start, n in bounds.iter_rows()}
    head = parts.get("digest")
    if head is None or head["a"][0] != digest(gazetteers, min_share):
        return None

    def columns(section: str, *names: str) -> list[list]:
        part = parts.get(section)
        return [[] for _ in names] if part is None else [part[n].to_list() for n in names]

    tables: dict = {}
    for section in ("given_freq", "surname_freq"):
        keys, weights = columns(section, "a", "weight")
        tables[section] = dict(zip(keys, weights))
    for section in ("given_tail_freq", "surname_tail_freq"):
        particles, words, weights = columns(section, "a", "b", "weight")
        tables[section] = dict(zip(zip(particles, words), weights))
    keys, words = columns("spelling", "a", "b")
    tables["spelling"] = dict(zip(keys, words))
    for section in ("given_origin", "surname_origin"):
        keys, origins = columns(section, "a", "b")
        tables[section] = dict(zip(keys, origins))
    samplers: dict[tuple, tuple[list[str], list[float]]] = {}
    rows = parts.get("sampler")
    if rows is not None:
        groups = rows.with_row_index("i").group_by("a", "b", maintain_order=True).agg(pl.col("i").min(), pl.len())
        for name, arg, start, n in groups.iter_rows():
            part = rows.slice(start, n).filter(pl.col("weight").is_not_nan())  # NaN marks an empty pool
            samplers[(name, _arg_in(arg))] = (part["c"].to_list(), part["weight"].to_list())
    tables["samplers"] = samplers
    return tables


def save(gazetteers: GazetteerSet, min_share: float | None = None, path: Path = PATH) -> Path:
    """Build the tables from ``gazetteers`` and write them with their digest."""
    import polars as pl

    from .pools import MIN_SHARE, NamePools

    min_share = MIN_SHARE if min_share is None else min_share
    tables = NamePools.build_tables(gazetteers, min_share)
    rows: list[tuple[str, str, str, str, float]] = [("digest", digest(gazetteers, min_share), "", "", 0.0)]
    for section in ("given_freq", "surname_freq"):
        rows += [(section, k, "", "", w) for k, w in tables[section].items()]
    for section in ("given_tail_freq", "surname_tail_freq"):
        rows += [(section, p, word, "", w) for (p, word), w in tables[section].items()]
    rows += [("spelling", k, word, "", 0.0) for k, word in tables["spelling"].items()]
    for section in ("given_origin", "surname_origin"):
        rows += [(section, k, origin, "", 0.0) for k, origin in tables[section].items()]
    for (name, arg), (values, weights) in tables["samplers"].items():
        rows += [("sampler", name, _arg_out(arg), v, float(w)) for v, w in zip(values, weights)]
        if not values:  # keep the name: an empty pool is a None sampler, not a missing one
            rows.append(("sampler", name, _arg_out(arg), "", float("nan")))
    frame = pl.DataFrame(rows, schema={"section": pl.Utf8, "a": pl.Utf8, "b": pl.Utf8, "c": pl.Utf8,
                                       "weight": pl.Float64}, orient="row")
    tmp = path.with_suffix(".tmp")
    frame.write_parquet(tmp, compression="zstd", compression_level=19)
    tmp.replace(path)
    return path


def _arg_out(arg) -> str:
    """A sampler's argument as text: None, a sex, a particle, or (particle, sex)."""
    if arg is None:
        return "\x00"
    return _SEP.join(arg) if isinstance(arg, tuple) else arg


def _arg_in(text: str):
    if text == "\x00":
        return None
    return tuple(text.split(_SEP)) if _SEP in text else text


if __name__ == "__main__":
    from gazetteers import default_set

    print(save(default_set("es")))
