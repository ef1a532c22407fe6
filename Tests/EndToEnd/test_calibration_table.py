"""The calibration table in docs/science.md is what `Scripts/calibrate 200 --overview` prints: the
nowcast is deterministic, so a change to it that moves any figure must regenerate the table (the
command is in the docs, above the table). Scripts/test builds the scorer and names it in
$STORMRANGE_CALIBRATE."""

import os
import subprocess
from pathlib import Path

import pytest

SCIENCE = Path(__file__).resolve().parents[2] / "docs" / "science.md"
COMMAND = "Scripts/calibrate 200 --overview"


def table_rows(text: str) -> list[str]:
    """The lines of the first markdown table whose header starts `| scenario | rate 1σ`."""
    lines = text.splitlines()
    start = next(index for index, line in enumerate(lines) if line.startswith("| scenario | rate 1σ"))
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    return lines[start:end]


@pytest.fixture(scope="module")
def calibrate() -> str:
    path = os.environ.get("STORMRANGE_CALIBRATE")
    if not path:
        pytest.skip("STORMRANGE_CALIBRATE is not set (Scripts/test builds stormrange-calibrate and sets it)")
    return path


def test_the_docs_show_the_command_that_made_the_table():
    assert f"`{COMMAND}`" in SCIENCE.read_text()


def test_the_calibration_table_is_what_the_scorer_prints(calibrate):
    printed = subprocess.run([calibrate, "200", "--overview"], capture_output=True, text=True, check=True).stdout
    documented = table_rows(SCIENCE.read_text())
    measured = table_rows(printed)
    assert documented == measured, (
        f"docs/science.md's calibration table is not what `{COMMAND}` prints now; paste its table "
        "there, and update what the text says is not met")
