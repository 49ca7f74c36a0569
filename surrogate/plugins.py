"""Plug-ins installed under an entry-point group (``surrogate.replacers``, ``surrogate.backends``), found
without paying for ``importlib.metadata`` when none is installed.

Importing ``importlib.metadata`` costs a fresh process about 0.05 s (it pulls in the e-mail and CSV
packages), a tenth of issue 12's start-up budget, and most installs declare no plug-in. So the
``entry_points.txt`` files of the installed distributions are first searched for the group's header, and
``importlib.metadata`` is imported only when one names it, or when a distribution could live where that
search does not look (a zip on ``sys.path``, a third-party distribution finder): then it decides, as before.
"""
from __future__ import annotations

import os
import sys
from typing import Any

_DIST_SUFFIXES = (".dist-info", ".egg-info")


def installed_entry_points(group: str) -> list[Any]:
    """The entry points of ``group`` (``importlib.metadata.EntryPoint`` objects), in its order."""
    if not _may_declare(group):
        return []
    from importlib.metadata import entry_points

    return list(entry_points(group=group))


def _may_declare(group: str) -> bool:
    """False only when no distribution on ``sys.path`` can declare ``group``."""
    if any(getattr(finder, "find_distributions", None) is not None and not _is_path_finder(finder)
           for finder in sys.meta_path):
        return True  # a distribution finder of its own: only importlib.metadata can ask it
    header = f"[{group}]"
    for folder in sys.path:
        folder = folder or "."
        if os.path.isfile(folder):
            return True  # a zip or egg file on the path
        try:
            entries = [e for e in os.scandir(folder) if e.name.endswith(_DIST_SUFFIXES)]
        except OSError:
            continue
        for entry in entries:
            try:
                with open(os.path.join(entry.path, "entry_points.txt"), encoding="utf-8") as f:
                    if header in f.read():
                        return True
            except (OSError, UnicodeDecodeError):
                continue  # no entry points file (most distributions), or one importlib.metadata can't read either
    return False


def _is_path_finder(finder: object) -> bool:
    """The standard library's ``PathFinder``, whose distributions are the folders searched here."""
    from importlib.machinery import PathFinder

    return finder is PathFinder or isinstance(finder, PathFinder)
