"""Run a child pytest as on a developer's machine or as on a CI server.

hypothesis loads its derandomizing "ci" profile whenever one of these variables is set, so the plugin's
seed handling must be tested both ways (a suite that only ran locally once hid a CI-only failure).
"""
from __future__ import annotations

import pytest

# hypothesis._settings._CI_VARS: each makes hypothesis derandomize.
CI_VARIABLES = (
    "CI", "__TOX_ENVIRONMENT_VARIABLE_ORIGINAL_CI", "TF_BUILD", "bamboo.buildKey", "BUILDKITE", "CIRCLECI",
    "CIRRUS_CI", "CODEBUILD_BUILD_ID", "GITHUB_ACTIONS", "GITLAB_CI", "HEROKU_TEST_RUN_ID", "TEAMCITY_VERSION",
)


def run_child_pytest_as_on(where: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """``where`` is "local" (no CI variable) or "ci" (``CI=true``); child processes inherit it."""
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    if where == "ci":
        monkeypatch.setenv("CI", "true")
    return where
