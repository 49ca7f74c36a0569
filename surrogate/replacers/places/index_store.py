"""The default set's place index, pre-built and shipped beside this module (issue 12, a fast start).

Building :class:`~.index.PlaceIndex` walks every municipality, postal code and province in Python (about
0.3 s); reading ``place_index.store`` takes a few hundredths. The file's first line is the digest of what
the index was built from: the files of the place tables (``provinces``, ``municipalities``,
``postal_codes``, ``islands``, ``communities``) and the code that builds it. A gazetteer set whose tables or
code differ, or that blocks values (a blocklist changes which postal codes are kept), gets another digest, or
none, and builds its index as before: a stale or foreign file is never used. Regenerate after changing
either:

    python -m surrogate.replacers.places.index_store
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from gazetteers import GazetteerSet, Sampler

from ..shipped import floats_in, floats_out, read, tables_stamp, texts_in, texts_out, write
from .index import PlaceIndex, Province

PATH = Path(__file__).with_name("place_index.store")
TABLES = ("provinces", "municipalities", "postal_codes", "islands", "communities")
_SOURCES = ("index.py", "index_build.py", "facts.py", "index_store.py", "../shipped.py",
            "../../../gazetteers/text.py", "../../../gazetteers/sampler.py")
_CODES = ","  # joins the province or postal codes of one entry (digits only)


def digest(gazetteers: GazetteerSet) -> str | None:
    """Of the place tables' files and the index code; None when the set blocks values or a table was not
    read from a file (it has no file digest to stand for it)."""
    return tables_stamp(gazetteers, TABLES, Path(__file__).parent, _SOURCES)


def load(gazetteers: GazetteerSet) -> PlaceIndex | None:
    """The shipped index when it was built from exactly these tables and code, else None."""
    if not PATH.exists():
        return None
    stamp = digest(gazetteers)
    data = read(PATH, stamp) if stamp is not None else None
    return _ShippedIndex(data) if data is not None else None


def save(gazetteers: GazetteerSet, path: Path = PATH) -> Path:
    """Build the index of ``gazetteers`` and write it, after its digest on the first line."""
    from .index_build import build_index

    stamp = digest(gazetteers)
    if stamp is None:
        raise ValueError("this gazetteer set cannot be shipped: it blocks values or has tables not read from files")
    return write(path, stamp, _data_of(build_index(gazetteers)))


# -- the index as compact JSON: texts joined by newlines, numbers as float64 bytes (every bit kept) -------------
def _strings_out(mapping: dict[str, str]) -> list[str]:
    return [texts_out(mapping), texts_out(mapping.values())]


def _strings_in(pair: list[str]) -> dict[str, str]:
    return dict(zip(texts_in(pair[0]), texts_in(pair[1])))


def _codes_out(mapping: dict[str, tuple[str, ...]]) -> list[str]:
    return [texts_out(mapping), texts_out(_CODES.join(codes) for codes in mapping.values())]


def _codes_in(pair: list[str]) -> dict[str, tuple[str, ...]]:
    return dict(zip(texts_in(pair[0]), _code_tuples(texts_in(pair[1]))))


def _code_tuples(joined: list[str]) -> list[tuple[str, ...]]:
    """Each entry's codes as a tuple; entries with the same codes share one (most towns have one code)."""
    seen: dict[str, tuple[str, ...]] = {}
    return [seen.get(v) or seen.setdefault(v, tuple(v.split(_CODES)) if v else ()) for v in joined]


def _sampler_out(sampler: Sampler) -> list[str]:
    return [texts_out(sampler.values), floats_out(sampler.weights)]


def _sampler_in(pair: list[str]) -> Sampler:
    return Sampler(texts_in(pair[0]), floats_in(pair[1]))


def _data_of(idx: PlaceIndex) -> dict[str, Any]:
    assert idx.town_sampler is not None
    postal = list(idx.postal_by_town.items())
    return {
        "provinces": [[p.code, p.name, p.capital, p.community, p.weight, p.mentions] for p in idx.provinces.values()],
        "province_names": _strings_out(idx.province_names), "capitals": _strings_out(idx.capitals),
        "towns": _codes_out(idx.towns),
        "town_weight": [texts_out(idx.town_weight), floats_out(idx.town_weight.values())],
        "communities": _codes_out(idx.communities), "islands": _strings_out(idx.islands),
        "island_names": idx.island_names, "community_names": idx.community_names,
        "foreign": [texts_out(idx.foreign), texts_out(iso2 for iso2, _ in idx.foreign.values()),
                    texts_out(what for _, what in idx.foreign.values())],
        "foreign_lists": idx.foreign_lists, "canonical": _strings_out(idx.canonical),
        "town_sampler_by_province": {code: _sampler_out(s) for code, s in idx.town_sampler_by_province.items()},
        "town_sampler": _sampler_out(idx.town_sampler),
        "province_sampler": [[named_like, codes, floats_out(weights)]
                             for named_like, (codes, weights) in idx.province_sampler.items()],
        "single_town": sorted(idx.single_town),
        "postal_by_town": [texts_out(p for (p, _), _ in postal), texts_out(t for (_, t), _ in postal),
                           texts_out(_CODES.join(codes) for _, codes in postal)],
        "postal_sampler_by_province": {code: _sampler_out(s) for code, s in idx.postal_sampler_by_province.items()},
    }


def _postal_by_town(data: Any) -> dict[tuple[str, str], tuple[str, ...]]:
    provinces, towns, codes = (texts_in(t) for t in data["postal_by_town"])
    return dict(zip(zip(provinces, towns), _code_tuples(codes)))


def _town_weight(data: Any) -> dict[str, float]:
    keys, weights = data["town_weight"]
    return dict(zip(texts_in(keys), floats_in(weights).tolist()))


def _foreign(data: Any) -> dict[str, tuple[str, str]]:
    return {k: (iso2, what) for k, iso2, what in zip(*(texts_in(t) for t in data["foreign"]))}


#: how each field of the index is read from its section
_DECODERS: dict[str, Callable[[Any], Any]] = {
    "provinces": lambda d: {row[0]: Province(*row) for row in d["provinces"]},
    "province_names": lambda d: _strings_in(d["province_names"]),
    "capitals": lambda d: _strings_in(d["capitals"]),
    "towns": lambda d: _codes_in(d["towns"]),
    "town_weight": _town_weight,
    "communities": lambda d: _codes_in(d["communities"]),
    "islands": lambda d: _strings_in(d["islands"]),
    "island_names": lambda d: d["island_names"],
    "community_names": lambda d: d["community_names"],
    "foreign": _foreign,
    "foreign_lists": lambda d: d["foreign_lists"],
    "canonical": lambda d: _strings_in(d["canonical"]),
    "town_sampler_by_province": lambda d: {code: _sampler_in(s) for code, s in d["town_sampler_by_province"].items()},
    "town_sampler": lambda d: _sampler_in(d["town_sampler"]),
    "province_sampler": lambda d: {named_like: (codes, floats_in(w)) for named_like, codes, w in d["province_sampler"]},
    "single_town": lambda d: set(d["single_town"]),
    "postal_by_town": _postal_by_town,
    "postal_sampler_by_province": lambda d: {code: _sampler_in(s) for code, s in d["postal_sampler_by_province"].items()},
}


class _ShippedIndex(PlaceIndex):
    """The shipped index, each field decoded from its section when it is first read: a document that names
    no postal code never decodes the postal tables (issue 12, a fast start)."""

    def __init__(self, data: Any) -> None:  # not the dataclass's: every field stays unset until it is read
        self._data = data
        self._province_tables = {}
        # a field with a plain default (``town_sampler = None``) is a class attribute, which ``__getattr__``
        # never sees: such a field is read now
        for name in _DECODERS.keys() & vars(PlaceIndex).keys():
            setattr(self, name, _DECODERS[name](data))

    def __reduce__(self) -> tuple[Any, ...]:  # a copy or pickle is the plain index, every field decoded
        return PlaceIndex, (), {name: getattr(self, name) for name in _DECODERS} | {"_province_tables": {}}

    def __getattr__(self, name: str) -> Any:  # called only for an attribute not set yet
        decode = _DECODERS.get(name)
        data = self.__dict__.get("_data")
        if decode is None or data is None:
            raise AttributeError(name)
        value = decode(data)
        setattr(self, name, value)
        return value


if __name__ == "__main__":
    from gazetteers import default_set

    print(save(default_set("es")))
