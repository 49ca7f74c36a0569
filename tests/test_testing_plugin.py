"""The pytest plugin: ``--surrogate-seed N`` reproduces a failing hypothesis case and seeds the fixture."""
from __future__ import annotations

import re

import pytest
from child_pytest import run_child_pytest_as_on

pytest_plugins = ["pytester"]

# Records every example it sees and fails from the fifth on, so two runs' example streams can be compared
# (hypothesis always tries the simplest example first; the later ones come from the seed).
FAILING = """
from hypothesis import given, settings, strategies as st

calls = []

@settings(max_examples=20, database=None, phases=["generate"])
@given(st.integers(0, 10**12))
def test_fails(x):
    calls.append(x)
    with open("seen.txt", "a") as f:
        f.write(f"{x}\\n")
    assert len(calls) < 5
"""


def test_the_ci_environment_really_derandomizes(pytester: pytest.Pytester, child_pytest_environment: str) -> None:
    pytester.makepyfile("from hypothesis import settings\n\ndef test_profile():\n    print('DERANDOMIZE', settings.default.derandomize)\n")
    assert f"DERANDOMIZE {child_pytest_environment == 'ci'}" in pytester.runpytest_subprocess("-s").stdout.str()


def _seen(pytester: pytest.Pytester) -> list[str]:
    path = pytester.path / "seen.txt"
    values = path.read_text().split()
    path.unlink()
    return values


def test_same_seed_replays_the_same_examples_and_the_report_says_how(pytester: pytest.Pytester, child_pytest_environment: str) -> None:
    pytester.makepyfile(FAILING)
    first = pytester.runpytest_subprocess("--surrogate-seed", "7", "-p", "no:cacheprovider")
    first.assert_outcomes(failed=1)
    assert "--surrogate-seed 7" in first.stdout.str()
    seen_first = _seen(pytester)
    pytester.runpytest_subprocess("--surrogate-seed", "7", "-p", "no:cacheprovider").assert_outcomes(failed=1)
    assert _seen(pytester) == seen_first
    pytester.runpytest_subprocess("--surrogate-seed", "8", "-p", "no:cacheprovider").assert_outcomes(failed=1)
    assert _seen(pytester) != seen_first


WITH_FIXTURE = FAILING.replace("def test_fails(x):", "def test_fails(surrogate_seed, x):").replace(
    'f.write(f"{x}\\n")', 'f.write(f"{surrogate_seed}:{x}\\n")')


# A test that takes the fixture must replay with the fixture still 0, so hypothesis's own option is named.
@pytest.mark.parametrize("source, option", [(FAILING, "--surrogate-seed"), (WITH_FIXTURE, "--hypothesis-seed")])
def test_an_unseeded_failure_names_the_seed_that_reproduces_it(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, source: str, option: str
) -> None:
    run_child_pytest_as_on("local", monkeypatch)
    pytester.makepyfile(source)
    run = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    run.assert_outcomes(failed=1)
    seed = re.search(rf"reproduce with: pytest \S+ {option} (\d+)", run.stdout.str()).group(1)
    first_examples = _seen(pytester)[:5]
    pytester.runpytest_subprocess(option, seed, "-p", "no:cacheprovider").assert_outcomes(failed=1)
    assert _seen(pytester)[:5] == first_examples


def test_a_derandomized_failure_says_the_bare_command_replays_it(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    run_child_pytest_as_on("ci", monkeypatch)
    pytester.makepyfile(FAILING)
    run = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    run.assert_outcomes(failed=1)
    out = run.stdout.str()
    assert re.search(r"reproduce with: pytest \S+::test_fails \(derandomized", out)
    assert "--surrogate-seed" not in out
    first_examples = _seen(pytester)
    pytester.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(failed=1)
    assert _seen(pytester) == first_examples


def test_the_fixture_carries_the_seed(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_seed(surrogate_seed):\n    print('SEED', surrogate_seed)\n")
    assert "SEED 0" in pytester.runpytest_subprocess("-s").stdout.str()
    assert "SEED 41" in pytester.runpytest_subprocess("-s", "--surrogate-seed", "41").stdout.str()
    drawn = pytester.runpytest_subprocess("-s", "--surrogate-seed", "random").stdout.str()
    header = re.search(r"surrogate seed: (\d+)", drawn).group(1)
    assert f"SEED {header}" in drawn


def test_a_bad_seed_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_nothing():\n    pass\n")
    run = pytester.runpytest_subprocess("--surrogate-seed", "abc")
    assert run.ret == pytest.ExitCode.USAGE_ERROR
    assert "--surrogate-seed takes an integer" in run.stderr.str()
