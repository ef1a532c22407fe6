"""Guarantee 10, a change saved while standard output fails (issue 17, item 10): the change is on
disk before its confirmation is printed, so when the confirmation cannot be printed (a full disk,
a closed descriptor, a file-size limit) the one line on standard error says what was saved, and a
script that retries on status 1 does not add it twice. A reader that went away (EPIPE) stays a
quiet end with status 141: the reader chose to stop."""

import os
import resource
import subprocess
import time

import pytest

from guarantee_support import notes_in

FULL = "No space left on device"


def run_into(sandbox, path, *args, input="", preexec_fn=None):
    """Runs stormrange with standard output opened on `path` (as `>> path` would)."""
    with open(path, "ab") as output:
        completed = subprocess.run(
            [sandbox.binary, *args], input=input.encode(), stdout=output, stderr=subprocess.PIPE,
            env=sandbox.env, cwd=sandbox.home, timeout=30, preexec_fn=preexec_fn,
        )
    return completed.returncode, completed.stderr.decode().splitlines()


def test_a_one_shot_add_into_a_full_device_says_it_was_saved(sandbox):
    assert sandbox.run("add 4 note before").status == 0
    status, errors = run_into(sandbox, "/dev/full", "add", "5", "note", "saved")
    assert status == 1
    assert errors == [f"stormrange: #2 saved, but its confirmation could not be printed: {FULL}"]
    assert notes_in(sandbox.history_path) == ["before", "saved"]


def test_a_one_shot_add_with_standard_output_closed_says_it_was_saved(sandbox):
    completed = subprocess.run(
        f'"{sandbox.binary}" add 5 note saved >&-', shell=True, capture_output=True, env=sandbox.env,
        cwd=sandbox.home, timeout=30,
    )
    assert completed.returncode == 1
    assert completed.stderr.decode().splitlines() == [
        "stormrange: #1 saved, but its confirmation could not be printed: Bad file descriptor"
    ]
    assert notes_in(sandbox.history_path) == ["saved"]


def test_a_group_of_adds_names_the_range_it_saved(sandbox):
    status, errors = run_into(sandbox, "/dev/full", input="add 1 note a\nadd 2 note b\nadd 3 note c\nshow\n")
    assert status == 1
    assert errors == [
        f"stormrange: line 3: #1–#3 saved, but their confirmations could not be printed: {FULL}; "
        "no further lines were run"
    ]
    assert notes_in(sandbox.history_path) == ["a", "b", "c"]


def test_delete_says_what_it_deleted(sandbox):
    assert sandbox.batch("add 4 note first", "add 5 note second").status == 0
    status, errors = run_into(sandbox, "/dev/full", "delete", "1")
    assert status == 1
    assert errors == [f"stormrange: #1 deleted, but its confirmation could not be printed: {FULL}"]
    assert notes_in(sandbox.history_path) == ["second"]


def test_clear_says_what_it_deleted_and_where_the_copy_is(sandbox):
    assert sandbox.batch("add 4 note first", "add 5 note second").status == 0
    status, errors = run_into(sandbox, "/dev/full", "clear", "--yes")
    copies = list(sandbox.history_path.parent.glob(sandbox.history_path.name + ".cleared-*"))
    assert len(copies) == 1
    assert status == 1
    assert errors == [
        f"stormrange: 2 measurements deleted (a copy is in {copies[0]}), but the confirmation could not be "
        f"printed: {FULL}"
    ]
    assert notes_in(sandbox.history_path) == []


def test_import_says_what_it_imported(sandbox):
    assert sandbox.run("add 4 note before").status == 0
    source = sandbox.home / "in.csv"
    source.write_text("date,delay_s,note\n2026-07-01T16:03:00Z,6,one\n2026-07-01T16:04:00Z,7,two\n")
    status, errors = run_into(sandbox, "/dev/full", "import", str(source))
    assert status == 1
    assert errors == [
        f"stormrange: 2 measurements imported (#2–#3), but the confirmation could not be printed: {FULL}"
    ]
    assert notes_in(sandbox.history_path) == ["before", "one", "two"]


def test_set_says_what_it_saved(sandbox):
    status, errors = run_into(sandbox, "/dev/full", "set", "unit", "mi")
    assert status == 1
    assert errors == [f"stormrange: unit mi saved, but the confirmation could not be printed: {FULL}"]
    assert sandbox.read_settings() == {"unit": "mi"}


def test_thunder_says_what_it_saved(sandbox):
    """`flash` prints nothing in a batch; `thunder`, arriving later, saves #1 and fails to confirm it."""
    with open("/dev/full", "wb") as full:
        process = subprocess.Popen(
            [sandbox.binary], stdin=subprocess.PIPE, stdout=full, stderr=subprocess.PIPE, env=sandbox.env,
            cwd=sandbox.home,
        )
        process.stdin.write(b"flash\n")
        process.stdin.flush()
        time.sleep(0.5)  # a delay to time, in a read of its own
        _, stderr = process.communicate(b"thunder\n", timeout=30)
    assert process.returncode == 1
    assert stderr.decode().splitlines() == [
        f"stormrange: line 2: #1 saved, but its confirmation could not be printed: {FULL}; "
        "no further lines were run"
    ]
    assert len(sandbox.read_history()) == 1


def test_undo_says_what_it_undid(sandbox, tmp_path):
    """The add's confirmation fits under a file-size limit, the undo's does not (EFBIG)."""
    limit = 4096
    output = tmp_path / "out"
    output.write_bytes(b"x" * (limit - 40))

    def limited():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    status, errors = run_into(sandbox, output, input="add 5 note gone\nundo\n", preexec_fn=limited)
    assert status == 1
    assert output.read_bytes()[limit - 40 :].startswith(b"#1 ")
    assert errors == [
        "stormrange: line 2: undo saved (undid the add of 1.72 km), but the confirmation could not be "
        "printed: File too large; no further lines were run"
    ]
    assert notes_in(sandbox.history_path) == []


def test_a_reader_that_went_away_stays_quiet(sandbox):
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        completed = subprocess.run(
            [sandbox.binary, "add", "5", "note", "saved"], stdout=write_end, stderr=subprocess.PIPE,
            env=sandbox.env, cwd=sandbox.home, timeout=30,
        )
    finally:
        os.close(write_end)
    assert completed.returncode == 141
    assert completed.stderr == b""
    assert notes_in(sandbox.history_path) == ["saved"]
