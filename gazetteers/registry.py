"""Gazetteer sets per locale: lazy loaders, cached tables, and a registry users can extend.

A locale is a mapping ``name → loader``. Nothing is read until a gazetteer is first asked for.
Users add a locale (or override one table) without editing the package::

    from gazetteers import register_locale, GazetteerSet
    register_locale("ca", lambda: GazetteerSet({"first_names": my_loader, ...}))
"""
from __future__ import annotations

import threading
from typing import Callable, Iterable, Iterator, Mapping, TypeVar

from .table import Gazetteer

Loader = Callable[[], Gazetteer]
T = TypeVar("T")


class GazetteerSet:
    """Named gazetteers loaded on first use and cached for the life of the set."""

    def __init__(self, loaders: Mapping[str, Loader], *, locale: str = "") -> None:
        self.locale = locale
        self._loaders = dict(loaders)
        self._cache: dict[str, Gazetteer] = {}
        self._derived: dict[str, object] = {}
        self._blocklist: frozenset[str] = frozenset()
        self._lock = threading.RLock()

    def __contains__(self, name: object) -> bool:
        return name in self._loaders

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._loaders))

    def names(self) -> list[str]:
        return sorted(self._loaders)

    def get(self, name: str) -> Gazetteer:
        gaz = self._cache.get(name)
        if gaz is not None:
            return gaz
        if name not in self._loaders:
            raise KeyError(f"no gazetteer named {name!r} in locale {self.locale or '?'}")
        with self._lock:
            gaz = self._cache.get(name)
            if gaz is None:
                gaz = self._loaders[name]()
                if self._blocklist:
                    gaz.with_blocklist(self._blocklist)
                self._cache[name] = gaz
        return gaz

    __getitem__ = get

    def derived(self, name: str, build: Callable[["GazetteerSet"], T]) -> T:
        """A structure computed once from this set (a lookup index, name pools) and cached with it."""
        try:
            return self._derived[name]  # type: ignore[return-value]
        except KeyError:
            pass
        with self._lock:
            if name not in self._derived:
                self._derived[name] = build(self)
        return self._derived[name]  # type: ignore[return-value]

    def override(self, name: str, loader: Loader) -> "GazetteerSet":
        """A copy with one table replaced or added (for example the full INE name list)."""
        new = GazetteerSet({**self._loaders, name: loader}, locale=self.locale)
        new._blocklist = self._blocklist
        return new

    def with_blocklist(self, blocklist: Iterable[str]) -> "GazetteerSet":
        """A copy whose every sampler refuses the given values (held-out entity strings)."""
        new = GazetteerSet(self._loaders, locale=self.locale)
        new._blocklist = frozenset(blocklist)
        return new

    @property
    def blocklist(self) -> frozenset[str]:
        return self._blocklist


_LOCALES: dict[str, Callable[[], GazetteerSet]] = {}
_INSTANCES: dict[str, GazetteerSet] = {}


def register_locale(locale: str, factory: Callable[[], GazetteerSet]) -> None:
    """Register (or replace) the gazetteer set of a locale."""
    _LOCALES[locale] = factory
    _INSTANCES.pop(locale, None)


def locale_names() -> list[str]:
    _ensure_builtin()
    return sorted(_LOCALES)


def default_set(locale: str = "es") -> GazetteerSet:
    """The shared gazetteer set of a locale (cached; its tables load lazily)."""
    _ensure_builtin()
    if locale not in _INSTANCES:
        if locale not in _LOCALES:
            raise KeyError(f"no gazetteer set registered for locale {locale!r}; known: {sorted(_LOCALES)}")
        _INSTANCES[locale] = _LOCALES[locale]()
    return _INSTANCES[locale]


def _ensure_builtin() -> None:
    if "es" not in _LOCALES:
        from .locales.es import spanish_set

        _LOCALES["es"] = spanish_set
