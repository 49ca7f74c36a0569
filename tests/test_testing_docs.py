"""docs/testing.md's user-side example runs as written, and catches a broken replacer."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

DOC = Path(__file__).resolve().parents[1] / "docs" / "testing.md"
BLOCK = re.compile(r'```python title="(?P<name>[^"]+)"\n(?P<code>.*?)```', re.S)


def _blocks() -> dict[str, str]:
    return {m["name"]: m["code"] for m in BLOCK.finditer(DOC.read_text(encoding="utf-8"))}


def test_the_documented_example_is_ten_lines_of_test() -> None:
    test_code = _blocks()["test_my_replacers.py"]
    body = test_code.split("def test_dni_replacer", 1)[1].strip().splitlines()[1:]
    assert len(body) <= 10


def test_the_documented_example_passes(pytester: pytest.Pytester, child_pytest_environment: str) -> None:
    pytester.makepyfile(**{name[:-3]: code for name, code in _blocks().items()})
    pytester.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_the_documented_example_catches_a_wrong_check_letter(pytester: pytest.Pytester, child_pytest_environment: str) -> None:
    blocks = _blocks()
    broken = blocks["my_replacers.py"].replace("for c in body if c.isdigit()", "for c in original[:-1] if c.isdigit()")
    assert broken != blocks["my_replacers.py"]
    pytester.makepyfile(my_replacers=broken, test_my_replacers=blocks["test_my_replacers.py"])
    run = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    run.assert_outcomes(failed=1)
    out = run.stdout.str()
    assert "same_format(identifier/dni) failed: check_digits" in out
    reproduce = {"local": r" --surrogate-seed \d+", "ci": r" \(derandomized: every run draws these examples\)"}
    assert re.search(r"reproduce with: pytest test_my_replacers.py::test_dni_replacer" + reproduce[child_pytest_environment], out)


def test_assertions_work_without_hypothesis_and_strategies_name_the_extra() -> None:
    script = """
import sys
sys.modules["hypothesis"] = sys.modules["pytest"] = None  # as if the testing extra were not installed
import surrogate.testing as t
t.assert_same_format("05/03/2014", "11/04/2015", "date")
t.assert_aligned(t.one_span_document("12345678Z", kind="identifier"))
try:
    from surrogate.testing import strategies
except ImportError as exc:
    print("IMPORT-ERROR:", exc)
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert "IMPORT-ERROR:" in out and "pip install 'surrogate[testing]'" in out
