"""On CI a skipped end-to-end test fails with its reason; elsewhere it stays a skip (ci_skips.py)."""

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def run_pytest_on(tmp_path: Path, env_extra: dict[str, str]) -> subprocess.CompletedProcess:
    (tmp_path / "test_sample.py").write_text(
        "import pytest\n\n"
        "def test_runs():\n    pass\n\n"
        "@pytest.mark.skipif(True, reason='frobnicator is not installed')\n"
        "def test_needs_a_tool():\n    pass\n\n"
        "def test_skips_inside():\n    pytest.skip('not root')\n\n"
        "@pytest.mark.xfail(reason='known')\n"
        "def test_expected_failure():\n    assert False\n"
    )
    env = {key: value for key, value in os.environ.items() if key not in ("CI", "STORMRANGE_NO_SKIPS")}
    env.update(env_extra, PYTHONPATH=str(HERE))
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "ci_skips", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)


def test_on_ci_a_skip_fails_and_names_its_reason(tmp_path):
    result = run_pytest_on(tmp_path, {"CI": "true"})
    assert result.returncode == 1, result.stdout
    assert "skipped on CI, where every test must run: frobnicator is not installed" in result.stdout
    assert "skipped on CI, where every test must run: not root" in result.stdout
    # A skip at setup (skipif) becomes an error, one inside the test a failure; an xfail stays one.
    assert "1 failed, 1 passed, 1 xfailed, 1 error" in result.stdout, result.stdout


def test_elsewhere_a_skip_is_a_skip_with_its_reason_shown(tmp_path):
    result = run_pytest_on(tmp_path, {})
    assert result.returncode == 0, result.stdout
    assert "SKIPPED [1]" in result.stdout and "frobnicator is not installed" in result.stdout
    assert "1 passed, 2 skipped, 1 xfailed" in result.stdout


def test_stormrange_no_skips_tries_it_locally(tmp_path):
    result = run_pytest_on(tmp_path, {"STORMRANGE_NO_SKIPS": "1"})
    assert result.returncode == 1
    assert "frobnicator is not installed" in result.stdout
