"""Guarantee 2, several processes, one history: writers are serialised by an flock on a lock file
beside the history, and each re-reads the file before changing it if another process replaced it,
so no process loses another's measurements, and `show` in a long-running session reflects them."""

import re
import subprocess
import threading

import pytest

from guarantee_support import LineProcess, notes_in

PROCESSES = 4
ADDS = 250
SHOW_ROW = re.compile(rb"^\s*\d+\s")


def _add_line(process: int, index: int) -> str:
    return f"add {1 + (index % 50)}.{process} note p{process}-{index}"


def _drive_one_line_at_a_time(process: LineProcess, number: int, failures: list) -> None:
    """Sends each add after the previous one was confirmed: 250 separate locked saves."""
    try:
        for index in range(ADDS):
            process.send(_add_line(number, index) + "\n")
            process.wait_for_output(index + 1, timeout=60)
        process.close_input()
        status = process.finish(timeout=60)
        if status != 0:
            failures.append(f"process {number} exited {status}: {process.err_lines!r}")
    except Exception as error:  # reported by the main thread
        failures.append(f"process {number}: {error!r}")


@pytest.mark.parametrize("feeding", ["one line at a time", "all lines at once"])
def test_four_processes_adding_250_each_leave_exactly_1000(sandbox, feeding):
    processes = [LineProcess([sandbox.binary], sandbox.env, sandbox.home) for _ in range(PROCESSES)]
    failures: list[str] = []
    try:
        if feeding == "one line at a time":
            threads = [
                threading.Thread(target=_drive_one_line_at_a_time, args=(process, number, failures))
                for number, process in enumerate(processes)
            ]
        else:
            # Each batch arrives whole, so each process commits its adds in groups.
            def drive(process: LineProcess, number: int) -> None:
                process.send("".join(_add_line(number, index) + "\n" for index in range(ADDS)))
                process.close_input()
                status = process.finish(timeout=60)
                if status != 0:
                    failures.append(f"process {number} exited {status}: {process.err_lines!r}")

            threads = [threading.Thread(target=drive, args=(p, n)) for n, p in enumerate(processes)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert not any(thread.is_alive() for thread in threads), "a writer hung"
    finally:
        for process in processes:
            process.close()
    assert not failures, failures

    for number, process in enumerate(processes):
        assert not process.err_lines, f"process {number}: {process.err_lines!r}"
        assert len(process.confirmations()) == ADDS, f"process {number}"
    # Each measurement got its own index: no two processes appended at the same place.
    indices = sorted(index for process in processes for index in process.confirmations())
    assert indices == list(range(1, PROCESSES * ADDS + 1))

    notes = notes_in(sandbox.history_path)
    assert len(notes) == PROCESSES * ADDS
    expected = {f"p{p}-{i}" for p in range(PROCESSES) for i in range(ADDS)}
    assert set(notes) == expected, f"lost: {sorted(expected - set(notes))[:10]}"
    # Each process's measurements are in the order it added them.
    for number in range(PROCESSES):
        mine = [note for note in notes if note.startswith(f"p{number}-")]
        assert mine == [f"p{number}-{i}" for i in range(ADDS)]
    # And each confirmation's index is where that measurement is in the file.
    for number, process in enumerate(processes):
        for i, index in enumerate(process.confirmations()):
            assert notes[index - 1] == f"p{number}-{i}", f"process {number}'s #{index}"
    shown = subprocess.run([sandbox.binary, "show"], env=sandbox.env, capture_output=True, timeout=30)
    assert shown.returncode == 0, shown.stderr
    assert sum(1 for line in shown.stdout.splitlines() if SHOW_ROW.match(line)) == PROCESSES * ADDS


def _show(session: LineProcess, marker: str) -> list[bytes]:
    """Runs `show` in a long-running --echo batch and returns its rows (the echoed marker ends them)."""
    start = len(session.out_lines)
    session.send(f"show\n# {marker}\n")
    while f"# {marker}".encode() not in session.out_lines[start:]:
        session.wait_for_output(len(session.out_lines) + 1)
    output = session.out_lines[start : session.out_lines.index(f"# {marker}".encode(), start)]
    return [line for line in output if SHOW_ROW.match(line)]


def test_a_long_running_session_sees_what_other_processes_changed(sandbox):
    def one_shot(*words: str) -> None:
        result = sandbox.run(*words)
        assert result.status == 0, result.stderr

    session = LineProcess([sandbox.binary, "--echo"], sandbox.env, sandbox.home)
    try:
        session.send("add 5 note from-the-session\n")
        session.wait_for_output(2)  # the echo, then the confirmation
        assert session.out_lines[1].startswith(b"#1 ")

        one_shot("add", "6", "note", "from-a-script")
        rows = _show(session, "first")
        assert [row.split()[-1] for row in rows] == [b"from-the-session", b"from-a-script"]

        # Its next add lands after the other process's, with the index that says so.
        session.send("add 7 note again-from-the-session\n")
        session.wait_for_output(len(session.out_lines) + 2)
        assert session.out_lines[-1].startswith(b"#3 "), session.out_lines[-1]

        # Deletions and a clear by someone else show too, and are not undone by the session's saves.
        one_shot("delete", "1")
        rows = _show(session, "second")
        assert [row.split()[-1] for row in rows] == [b"from-a-script", b"again-from-the-session"]
        session.send("add 8 note last\n")
        session.wait_for_output(len(session.out_lines) + 2)
        assert session.out_lines[-1].startswith(b"#3 "), session.out_lines[-1]
        assert notes_in(sandbox.history_path) == ["from-a-script", "again-from-the-session", "last"]

        one_shot("clear")
        assert _show(session, "third") == []
        session.close_input()
        assert session.finish() == 0, session.err_lines
    finally:
        session.close()
    assert notes_in(sandbox.history_path) == []
