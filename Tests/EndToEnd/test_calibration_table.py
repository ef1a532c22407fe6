"""The calibration tables in docs/science.md are what the scorer prints: the scenarios' table what
`Scripts/calibrate 200 --overview` prints, the population's (the reliability table, the other bands,
the warnings beside the six-range line's, a row per way of observing) what
`Scripts/calibrate 0 --overview --population 2000` prints. The nowcast is deterministic, so a change
to it that moves any figure must regenerate the tables (the commands are in the docs, above them).
Scripts/test builds the scorer and names it in $STORMRANGE_CALIBRATE."""

import os
import subprocess
from pathlib import Path

import pytest

import background_runs

SCIENCE = Path(__file__).resolve().parents[2] / "docs" / "science.md"
SCENARIO_ARGUMENTS = ["200", "--overview"]
POPULATION_ARGUMENTS = ["0", "--overview", "--population", "2000"]
COMMAND = "Scripts/calibrate " + " ".join(SCENARIO_ARGUMENTS)
POPULATION_COMMAND = "Scripts/calibrate " + " ".join(POPULATION_ARGUMENTS)


def table_rows(text: str) -> list[str]:
    """The lines of the first markdown table whose header starts `| scenario | rate 1σ`."""
    lines = text.splitlines()
    start = next(index for index, line in enumerate(lines) if line.startswith("| scenario | rate 1σ"))
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    return lines[start:end]


def population_rows(text: str) -> list[str]:
    """The rows of the population's tables: from the header `| chance | storms`, every table row up
    to the first line that is neither a row nor blank."""
    lines = text.splitlines()
    start = next(index for index, line in enumerate(lines) if line.startswith("| chance | storms"))
    rows = []
    for line in lines[start:]:
        if line.startswith("|"):
            rows.append(line)
        elif line.strip():
            break
    return rows


def background_runs_wanted(selected) -> list[list[str]]:
    """The scorer's runs these tests compare, for conftest.py to start in the background when the
    session starts (background_runs.py says why): none when no selected test reads them."""
    path = os.environ.get("STORMRANGE_CALIBRATE")
    if not path or not any("calibrate" in item.fixturenames for item in selected):
        return []
    return [[path, *SCENARIO_ARGUMENTS], [path, *POPULATION_ARGUMENTS]]


@pytest.fixture(scope="module")
def calibrate() -> str:
    path = os.environ.get("STORMRANGE_CALIBRATE")
    if not path:
        pytest.skip("STORMRANGE_CALIBRATE is not set (Scripts/test builds stormrange-calibrate and sets it)")
    return path


def test_the_docs_show_the_commands_that_made_the_tables():
    assert f"`{COMMAND}`" in SCIENCE.read_text()
    assert f"`{POPULATION_COMMAND}`" in SCIENCE.read_text()


def test_the_calibration_table_is_what_the_scorer_prints(calibrate):
    printed = background_runs.output([calibrate, *SCENARIO_ARGUMENTS])
    documented = table_rows(SCIENCE.read_text())
    measured = table_rows(printed)
    assert documented == measured, (
        f"docs/science.md's calibration table is not what `{COMMAND}` prints now; paste its table "
        "there, and update what the text says is not met")


def test_the_population_tables_are_what_the_scorer_prints(calibrate):
    printed = background_runs.output([calibrate, *POPULATION_ARGUMENTS])
    documented = population_rows(SCIENCE.read_text())
    measured = population_rows(printed)
    assert documented == measured, (
        f"docs/science.md's population tables are not what `{POPULATION_COMMAND}` prints now; paste "
        "them there, and update what the text says is not met")


def test_the_cells_scorer_says_which_physics_drew_its_networks(calibrate):
    """`--physics NAME` draws the networks with one range widened (docs/science.md, "Cells"), and
    the table says so; a name it does not know is refused in one line that lists those it does, and
    so is `--physics` without the `--cells` it draws for."""
    drawn = subprocess.run([calibrate, "0", "--cells", "1", "--physics", "sparse-network"],
                           capture_output=True, text=True, timeout=120)
    assert drawn.returncode == 0, drawn.stderr
    assert drawn.stdout.startswith("Cells of 1 simulated networks (sparse-network physics), "), drawn.stdout
    assert "| Brier skill |" in drawn.stdout
    refused = subprocess.run([calibrate, "0", "--cells", "1", "--physics", "dense"],
                             capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2
    assert refused.stdout == ""
    assert refused.stderr == ("stormrange-calibrate: --physics wants one of: 'standard', 'sparse-network', "
                              "'wide-scatter', 'weak-cells', 'wide-speeds'\n")
    for name in ("sparse-network", "standard"):
        alone = subprocess.run([calibrate, "0", "--physics", name], capture_output=True, text=True, timeout=120)
        assert (alone.returncode, alone.stdout) == (2, ""), name
        assert alone.stderr == "stormrange-calibrate: --physics draws the networks of --cells N; give both\n"
