"""Every data file the packages read is declared package data, so ``pip install .`` (not only ``-e``) ships it.

A file left out works in a development checkout and fails only after a real install: the rules backend's
``hospital_acronyms.tsv`` (then in ``surrogate/ner/rules/``, now in ``gazetteers/facts/``) did, raising
FileNotFoundError at import of ``surrogate.ner.rules``.
"""
from __future__ import annotations

import fnmatch
import subprocess
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("surrogate", "gazetteers", "augment")


def _tracked_data_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files", *PACKAGES], cwd=ROOT, capture_output=True, text=True, check=True)
    return [Path(line) for line in out.stdout.splitlines() if not line.endswith(".py")]


def _declared(path: Path, package_data: dict[str, list[str]]) -> bool:
    """setuptools' rule: a pattern under key "*" matches in any package (folders are namespace packages here,
    ``packages.find`` defaults to namespaces); under "a.b" it matches relative to a/b/."""
    for key, patterns in package_data.items():
        base = Path(*key.split(".")) if key != "*" else path.parent
        try:
            relative = path.relative_to(base)
        except ValueError:
            continue
        if any(fnmatch.fnmatch(relative.as_posix(), pattern) for pattern in patterns):
            return True
    return False


def test_every_tracked_data_file_is_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package_data = config["tool"]["setuptools"]["package-data"]
    files = _tracked_data_files()
    assert len(files) > 50  # table files, fact CSVs, the example corpus, the review app's assets
    missing = [str(p) for p in files if not _declared(p, package_data)]
    assert missing == []


def test_the_check_catches_an_undeclared_extension():
    assert not _declared(Path("gazetteers/facts/hospital_acronyms.tsv"), {"*": ["*.csv"]})
    assert _declared(Path("gazetteers/facts/hospital_acronyms.tsv"), {"*": ["*.tsv"]})
