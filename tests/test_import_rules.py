"""The house map's import rules (../shared/DESIGN.md): ``gazetteers`` imports neither ``surrogate`` nor
``augment``, and ``surrogate`` never imports ``augment``: the core knows no corpus I/O or command line."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FORBIDDEN = {"gazetteers": ("surrogate", "augment"), "surrogate": ("augment",)}


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, imported module) of every absolute import in a file, at any depth (lazy imports count)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append((node.lineno, node.module))
    return out


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_package_imports_what_the_house_map_forbids(package):
    bad = [f"{path.relative_to(REPO)}:{line} imports {module}"
           for path in sorted((REPO / package).rglob("*.py"))
           for line, module in _imports(path)
           if module.split(".")[0] in FORBIDDEN[package]]
    assert not bad, "\n".join(bad)


def test_the_scan_sees_lazy_imports(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from augment.cli import main\n    import surrogate.engine\n", encoding="utf-8")
    assert _imports(probe) == [(2, "augment.cli"), (3, "surrogate.engine")]
