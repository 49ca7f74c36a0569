"""Lazy imports of the optional test dependencies, with an install hint instead of a bare ImportError."""
from __future__ import annotations

import importlib
from types import ModuleType

EXTRA = "testing"


def require(module: str) -> ModuleType:
    """Import ``module`` (``hypothesis``, ``pytest``) or raise ImportError naming the extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(
            f"surrogate.testing needs {module.split('.')[0]!r}, which the core install leaves out: "
            f"pip install 'surrogate[{EXTRA}]'"
        ) from exc
