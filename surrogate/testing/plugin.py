"""pytest plugin (entry point ``pytest11``): ``pytest --surrogate-seed N`` reproduces a failing case.

- ``--surrogate-seed N`` seeds every hypothesis test with N (unless ``--hypothesis-seed`` is also given) and
  is the value of the ``surrogate_seed`` fixture, the seed to hand to ``Engine.apply``.
  ``--surrogate-seed random`` draws N once and prints it, for a reproducible random exploration.
- Without the option the fixture is 0 and hypothesis keeps its own behaviour (example database included).
- A failed test gets a report section with the command that reproduces it: the session seed when one was
  given, else the seed hypothesis drew for that test (as ``--hypothesis-seed`` when the test also takes the
  ``surrogate_seed`` fixture, which must stay 0 on replay), else (a derandomized test) the bare command.
- hypothesis loads its derandomizing "ci" profile whenever a CI variable is set, and a derandomized test
  ignores every seed; so a session seed lifts ``derandomize`` from the active profile (a test's own
  ``@settings(derandomize=True)`` still wins).

hypothesis is imported only when a seed is given: the plugin is loaded in every pytest run of an environment
that has ``surrogate`` installed, and must stay harmless there.
"""
from __future__ import annotations

import secrets

import pytest

_SEED_KEY = pytest.StashKey[int | None]()


def _seed_option(value: str) -> int:
    if value == "random":
        return secrets.randbelow(2**32)
    try:
        seed = int(value)
    except ValueError:
        raise pytest.UsageError(f"--surrogate-seed takes an integer or 'random', not {value!r}") from None
    if seed < 0:
        raise pytest.UsageError("--surrogate-seed must be a non-negative integer")
    return seed


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("surrogate")
    group.addoption(
        "--surrogate-seed", action="store", default=None, metavar="N",
        help="seed for surrogate.testing: hypothesis tests and the surrogate_seed fixture ('random' draws one)",
    )


@pytest.hookimpl(tryfirst=True)  # before hypothesis's plugin reads its own seed option
def pytest_configure(config: pytest.Config) -> None:
    raw = config.getoption("--surrogate-seed")
    seed = _seed_option(raw) if raw is not None else None
    config.stash[_SEED_KEY] = seed
    if seed is not None and getattr(config.option, "hypothesis_seed", None) is None:
        config.option.hypothesis_seed = str(seed)


def pytest_sessionstart(session: pytest.Session) -> None:
    # After every pytest_configure (conftests may load profiles there), before test modules are imported:
    # @settings and @given freeze the active profile at import.
    if session.config.stash.get(_SEED_KEY, None) is not None:
        _lift_derandomize()


def _lift_derandomize() -> None:
    try:
        from hypothesis import settings
    except ImportError:  # no hypothesis: the seed only feeds the surrogate_seed fixture
        return
    if settings.default.derandomize:
        settings.register_profile("surrogate-seed", parent=settings.default, derandomize=False)
        settings.load_profile("surrogate-seed")


def pytest_report_header(config: pytest.Config) -> str | None:
    seed = config.stash.get(_SEED_KEY, None)
    return f"surrogate seed: {seed} (reproduce with --surrogate-seed {seed})" if seed is not None else None


@pytest.fixture(scope="session")  # one value per session, and usable beside @given (no function-scoped health check)
def surrogate_seed(request: pytest.FixtureRequest) -> int:
    """The engine seed for this session: ``--surrogate-seed N``, else 0."""
    seed = request.config.stash.get(_SEED_KEY, None)
    return 0 if seed is None else seed


def _reproducing_command(item: pytest.Item) -> str | None:
    command = f"pytest {item.nodeid!s}"
    seed = item.config.stash.get(_SEED_KEY, None)
    if seed is not None:
        return f"{command} --surrogate-seed {seed}"
    test = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
    generated = getattr(test, "_hypothesis_internal_use_generated_seed", None)
    if isinstance(generated, int):
        if "surrogate_seed" in getattr(item, "fixturenames", ()):
            # --surrogate-seed would also move the fixture off the 0 this run had; hypothesis's own option doesn't
            return f"{command} --hypothesis-seed {generated}"
        return f"{command} --surrogate-seed {generated}"
    if getattr(getattr(test, "_hypothesis_internal_use_settings", None), "derandomize", False):
        return f"{command} (derandomized: every run draws these examples)"
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        command = _reproducing_command(item)
        if command is not None:
            report.sections.append(("surrogate", f"reproduce with: {command}"))
