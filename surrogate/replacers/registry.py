"""Registry of replacer classes by kind. Plug-ins join with ``@register`` or the entry point group
``surrogate.replacers`` (``kind = "module:Class"``); a later registration overrides an earlier one."""
from __future__ import annotations

import heapq
import importlib
from typing import TypeVar

from ..plugins import installed_entry_points
from .base import Replacer

R = TypeVar("R", bound=type[Replacer])

_REGISTRY: dict[str, type[Replacer]] = {}
#: Each built-in kind and the module that registers it, imported when the kind is first asked for: a document
#: without facilities never imports them (a fast start). tests/test_replacer_registry_lazy.py checks the map
#: against what the modules register. "sex" and "keep" need no replacer: the engine keeps those spans.
_BUILTIN_KINDS: dict[str, str] = {
    "person_name": "people.names", "kinship": "people.kinship", "profession": "people.professions",
    "date": "dates.dates", "age": "dates.ages", "identifier": "identifiers.identifiers",
    "phone": "contacts.phones", "email": "contacts.emails", "url": "contacts.urls",
    "address": "places.addresses", "territory": "places.territory", "country": "places.countries",
    "facility": "facilities.facilities", "institution": "facilities.institutions", "other": "other",
    "location": "dispatch", "contact": "dispatch", "number": "dispatch",
}
_BUILTIN_MODULES = tuple(dict.fromkeys(_BUILTIN_KINDS.values()))
_imported: set[str] = set()
_OVERRIDES: dict[str, type[Replacer]] = {}  # entry points, then register_replacer: they win over built-ins
_plugins_loaded = False


def register(cls: R) -> R:
    """Class decorator: make ``cls`` the replacer for ``cls.kind``."""
    if not cls.kind:
        raise ValueError(f"{cls.__name__} has no kind")
    module = _BUILTIN_KINDS.get(cls.kind)
    if module is not None and cls.__module__ != f"{__package__}.{module}":
        _load_builtin(module)  # the built-in first, so that this later registration overrides it
    _REGISTRY[cls.kind] = cls
    return cls


def register_replacer(kind: str, cls: type[Replacer]) -> None:
    """Register ``cls`` for ``kind`` (overrides a built-in)."""
    _load_plugins()
    _OVERRIDES[kind] = _REGISTRY[kind] = cls


def _load_plugins() -> None:
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for ep in installed_entry_points("surrogate.replacers"):
        _OVERRIDES[ep.name] = _REGISTRY[ep.name] = ep.load()


def _load_builtin(module: str) -> None:
    if module not in _imported:
        _imported.add(module)
        importlib.import_module(f"{__package__}.{module}")
        _REGISTRY.update(_OVERRIDES)  # a built-in imported later never displaces a plug-in


def _ensure_loaded() -> None:
    """Every built-in kind, and the plug-ins."""
    _load_plugins()
    for module in _BUILTIN_MODULES:
        _load_builtin(module)


def get_replacer_class(kind: str) -> type[Replacer] | None:
    _load_plugins()
    if kind in _OVERRIDES:
        return _OVERRIDES[kind]
    module = _BUILTIN_KINDS.get(kind)
    if module is not None:
        _load_builtin(module)
    return _REGISTRY.get(kind)


def registered_kinds() -> list[str]:
    _ensure_loaded()
    return sorted(_REGISTRY)


def run_order(kinds: set[str] | list[str]) -> list[str]:
    """``kinds`` in the order their spans are replaced: every kind after the kinds its replacer names in
    ``after`` (followed through kinds not in ``kinds`` too), ties broken by kind name. Raises ValueError on a
    cycle."""
    deps: dict[str, tuple[str, ...]] = {}
    todo = list(kinds)
    while todo:
        kind = todo.pop()
        if kind not in deps:
            cls = get_replacer_class(kind)
            deps[kind] = tuple(getattr(cls, "after", ())) if cls is not None else ()
            todo.extend(deps[kind])
    waiting = {k: set(d) for k, d in deps.items()}
    users: dict[str, list[str]] = {k: [] for k in deps}
    for kind, needs in deps.items():
        for need in needs:
            users[need].append(kind)
    ready = [k for k, needs in waiting.items() if not needs]
    heapq.heapify(ready)
    order: list[str] = []
    while ready:
        kind = heapq.heappop(ready)
        order.append(kind)
        for user in users[kind]:
            waiting[user].discard(kind)
            if not waiting[user]:
                heapq.heappush(ready, user)
    if len(order) < len(deps):
        raise ValueError(f"replacer dependencies form a cycle among {sorted(set(deps) - set(order))}")
    wanted = set(kinds)
    return [k for k in order if k in wanted]
