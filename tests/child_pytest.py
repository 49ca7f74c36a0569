"""Run a child pytest as on a developer's machine or as on a CI server.

hypothesis loads its derandomizing "ci" profile whenever one of these variables is set, so the plugin's
seed handling must be tested both ways (a suite that only ran locally once hid a CI-only failure).
"""
from __future__ import annotations

import pytest
from hypothesis import _settings as hypothesis_settings

# Each makes hypothesis derandomize: its private table when it has one (a later release may add names), else
# the names of hypothesis 6.170.
CI_VARIABLES = tuple(getattr(hypothesis_settings, "_CI_VARS", None) or (
    "CI", "__TOX_ENVIRONMENT_VARIABLE_ORIGINAL_CI", "TF_BUILD", "bamboo.buildKey", "BUILDKITE", "CIRCLECI",
    "CIRRUS_CI", "CODEBUILD_BUILD_ID", "GITHUB_ACTIONS", "GITLAB_CI", "HEROKU_TEST_RUN_ID", "TEAMCITY_VERSION",
))


def run_child_pytest_as_on(where: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """``where`` is "local" (no CI variable) or "ci" (``CI=true``); child processes inherit it."""
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    if where == "ci":
        monkeypatch.setenv("CI", "true")
    return where
