"""A skip is a test that did not run. On CI (`CI=true`, as CI sets it, or `STORMRANGE_NO_SKIPS=1` to
try it locally) every reason a test here skips for is one CI must not have: CI runs as root, after
`Scripts/setup-system --test` installed every tool the tests use. So there a skip is reported as a
failure that names its reason, and the missing install step is found instead of hidden."""

import os

import pytest


def skips_fail() -> bool:
    return os.environ.get("CI") == "true" or os.environ.get("STORMRANGE_NO_SKIPS") == "1"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if not (report.skipped and skips_fail()) or hasattr(report, "wasxfail"):
        return
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    report.outcome = "failed"
    report.longrepr = (
        f"skipped on CI, where every test must run: {reason.removeprefix('Skipped: ')}\n"
        "CI runs as root after Scripts/setup-system --test: install what this test needs there."
    )
