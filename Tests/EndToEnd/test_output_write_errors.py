"""Issue 9, item 2: a write error on standard output (other than a closed pipe) gives one line on
standard error and status 1; a batch stops there, running nothing whose results would be lost; a
closed pipe stays quiet (tested in test_guarantee_signals.py)."""

import subprocess

import pytest

from guarantee_support import small_tmpfs

FULL = "cannot write to standard output: No space left on device"


def run_into(sandbox, path, *args, input=""):
    """Runs stormrange with standard output opened on `path` (as `> path` would)."""
    with open(path, "wb") as output:
        completed = subprocess.run(
            [sandbox.binary, *args], input=input.encode(), stdout=output, stderr=subprocess.PIPE,
            env=sandbox.env, cwd=sandbox.home, timeout=30,
        )
    return completed.returncode, completed.stderr.decode()


@pytest.mark.parametrize("command", [["show"], ["help"], ["export", "json"], ["export", "csv"], ["status"]])
def test_a_one_shot_into_a_full_device_fails_with_one_line(sandbox, command):
    assert sandbox.batch("add 6 note stored").status == 0
    status, stderr = run_into(sandbox, "/dev/full", *command)
    assert status == 1
    assert stderr.splitlines() == [f"stormrange: {FULL}"]


def test_a_batch_into_a_full_device_stops_at_the_first_lost_result(sandbox):
    status, stderr = run_into(sandbox, "/dev/full", input="show\nadd 5 note never\nadd 6 note never\n")
    assert status == 1
    assert stderr.splitlines() == [f"stormrange: line 1: {FULL}; no further lines were run"]
    # The adds after it never ran: their confirmations would have been lost.
    assert not sandbox.history_path.exists()


def test_an_export_onto_a_full_disk_is_an_error_not_a_truncated_success(sandbox):
    lines = [f"add {1 + index % 50} note a note long enough to fill the disk quickly {index}" for index in range(2000)]
    assert sandbox.batch(*lines).status == 0
    try:
        with small_tmpfs(16) as disk:
            status, stderr = run_into(sandbox, disk / "backup.csv", "export", "csv")
            written = (disk / "backup.csv").stat().st_size
    except OSError as error:
        pytest.skip(f"cannot mount a small tmpfs: {error}")
    assert written < 30_000  # the export really did not fit
    assert status == 1
    assert stderr.splitlines() == [f"stormrange: {FULL}"]


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["--generate-completion-script", "bash"]])
def test_what_argument_parser_prints_into_a_full_device_fails_too(sandbox, args):
    status, stderr = run_into(sandbox, "/dev/full", *args)
    assert status == 1
    assert stderr.splitlines() == [f"stormrange: {FULL}"]


def test_an_echoed_blank_line_that_cannot_be_written_is_named_by_its_number(sandbox):
    status, stderr = run_into(sandbox, "/dev/full", "--echo", input="\nshow\n")
    assert status == 1
    assert stderr.splitlines() == [f"stormrange: line 1: {FULL}; no further lines were run"]


def test_a_closed_standard_input_is_empty_input_not_a_hang(sandbox):
    completed = subprocess.run(
        f'"{sandbox.binary}" <&-', shell=True, capture_output=True, env=sandbox.env, cwd=sandbox.home, timeout=10
    )
    assert completed.returncode == 0
    assert completed.stdout == b"" and completed.stderr == b""


def test_a_closed_standard_output_is_a_write_error(sandbox):
    assert sandbox.batch("add 5").status == 0
    completed = subprocess.run(
        f'"{sandbox.binary}" show >&-', shell=True, capture_output=True, env=sandbox.env, cwd=sandbox.home, timeout=10
    )
    assert completed.returncode == 1
    assert completed.stderr.decode().splitlines() == [
        "stormrange: cannot write to standard output: Bad file descriptor"
    ]
