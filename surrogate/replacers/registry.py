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
_BUILTIN_MODULES = (  # "sex" and "keep" need no replacer: the engine keeps those spans as they are
    "people.names", "people.kinship", "people.professions", "dates.dates", "dates.ages",
    "identifiers.identifiers", "contacts.phones", "contacts.emails", "contacts.urls",
    "places.addresses", "places.territory", "places.countries", "facilities.facilities",
    "facilities.institutions", "other", "dispatch",
)
_loaded = False


def register(cls: R) -> R:
    """Class decorator: make ``cls`` the replacer for ``cls.kind``."""
    if not cls.kind:
        raise ValueError(f"{cls.__name__} has no kind")
    _REGISTRY[cls.kind] = cls
    return cls


def register_replacer(kind: str, cls: type[Replacer]) -> None:
    """Register ``cls`` for ``kind`` (overrides a built-in)."""
    _ensure_loaded()
    _REGISTRY[kind] = cls


def _ensure_loaded() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in _BUILTIN_MODULES:
        importlib.import_module(f"{__package__}.{name}")
    for ep in installed_entry_points("surrogate.replacers"):
        _REGISTRY[ep.name] = ep.load()


def get_replacer_class(kind: str) -> type[Replacer] | None:
    _ensure_loaded()
    return _REGISTRY.get(kind)


def registered_kinds() -> list[str]:
    _ensure_loaded()
    return sorted(_REGISTRY)



def run_order(kinds: set[str] | list[str]) -> list[str]:
    """``kinds`` in the order their spans are replaced: every kind after the kinds its replacer names in
    ``after`` (followed through kinds not in ``kinds`` too), ties broken by kind name. Raises ValueError on a
    cycle."""
    _ensure_loaded()
    deps: dict[str, tuple[str, ...]] = {}
    todo = list(kinds)
    while todo:
        kind = todo.pop()
        if kind not in deps:
            cls = _REGISTRY.get(kind)
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
