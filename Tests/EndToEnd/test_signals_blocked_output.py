"""Guarantee 7, signals while output is blocked (issue 17, item 4): when standard output is a pipe
nobody reads, SIGTERM, SIGINT and SIGHUP still end stormrange promptly, with the documented status:
0 for a one-shot `watch` (a stream ended the normal way), 128 + the signal for a batch or any other
one-shot command. Whatever the command had saved is saved whole, and what was saved but not
confirmed is named on standard error. So for an export into a FIFO or `/dev/stdout` that nobody
reads (or a FIFO nobody has opened), which says it is incomplete; and at the prompt, Ctrl-C cuts a
blocked `show` short with the prompt on a line of its own."""

import contextlib
import fcntl
import os
import signal
import subprocess
import termios
import time
from pathlib import Path

import pexpect
import pytest

from guarantee_support import crashed, digest, notes_in
from test_guarantee_signals import _big_history
from test_interactive import Shell

SIGNALS = [signal.SIGTERM, signal.SIGINT, signal.SIGHUP]
F_SETPIPE_SZ = 1031
# Generous: an orderly end takes milliseconds; the binary before this fix never ended.
PROMPTLY = 10


class StalledOutput:
    """A pipe for standard output whose reader stays open but never reads, so that a writer that
    fills it waits; made small (one page) so that a little output fills it."""

    def __init__(self):
        self.read_end, self.write_end = os.pipe()
        fcntl.fcntl(self.write_end, F_SETPIPE_SZ, 4096)

    def queued(self) -> int:
        """How many bytes wait in the pipe."""
        return unread(self.read_end)

    def fill(self) -> None:
        """Fills the pipe from here, so that the very first byte stormrange writes has to wait."""
        os.set_blocking(self.write_end, False)
        try:
            while True:
                os.write(self.write_end, b"x" * 512)
        except BlockingIOError:
            pass
        os.set_blocking(self.write_end, True)

    def start(self, sandbox, *args: str, stdin=subprocess.DEVNULL) -> subprocess.Popen:
        process = subprocess.Popen(
            [sandbox.binary, *args], stdin=stdin, stdout=self.write_end, stderr=subprocess.PIPE,
            env=sandbox.env, cwd=sandbox.home,
        )
        os.close(self.write_end)  # only stormrange writes into it now
        return process

    def wait_until_stuck(self, process: subprocess.Popen) -> None:
        """Waits until the pipe holds output and has stopped growing: stormrange waits to write."""
        wait_until_steady(self.queued, lambda: process.poll() is None, "the pipe")

    def close(self) -> None:
        os.close(self.read_end)


def unread(descriptor: int) -> int:
    """How many bytes wait to be read from `descriptor` (a pipe's or a terminal's)."""
    return int.from_bytes(fcntl.ioctl(descriptor, termios.FIONREAD, b"\0\0\0\0"), "little")


def wait_until_steady(queued, running, what: str, at_least: int = 1, timeout: float = 30) -> None:
    """Waits until `queued()`, the output written but not read, is at least `at_least` bytes and has
    stopped growing while `running()`: the writer waits to write."""
    deadline = time.monotonic() + timeout
    last, steady = -1, 0
    while steady < 5:
        assert running(), "stormrange ended early"
        assert time.monotonic() < deadline, f"{what} never filled"
        now = queued()
        steady = steady + 1 if now == last and now >= at_least else 0
        last = now
        time.sleep(0.05)


def signalled_batch(sandbox, stalled: StalledOutput, lines: bytes, number: int) -> tuple[int, bytes]:
    """Runs a batch of `lines` into the stalled pipe, its input left open so that only a signal can
    end it; once it is stuck, sends `number`. Returns its status and standard error."""
    process = stalled.start(sandbox, stdin=subprocess.PIPE)
    process.stdin.write(lines)
    process.stdin.flush()
    try:
        stalled.wait_until_stuck(process)
        process.send_signal(number)
        status, stderr = ended(process)
    finally:
        process.stdin.close()
    assert status is not None, f"still blocked {PROMPTLY} s after {signal.Signals(number).name}"
    return status, stderr


def ended(process: subprocess.Popen, timeout: float = PROMPTLY) -> tuple[int | None, bytes]:
    """The exit status once the process has ended by itself within `timeout` (None if it did not;
    it is then killed), and what it wrote on standard error."""
    try:
        status = process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        status = None
        process.kill()
        process.wait()
    return status, process.stderr.read()


@pytest.fixture
def stalled():
    output = StalledOutput()
    yield output
    output.close()


@pytest.mark.parametrize("number", SIGNALS, ids=lambda s: s.name)
def test_a_signal_ends_a_one_shot_show_into_a_pipe_nobody_reads(sandbox, stalled, number):
    _big_history(sandbox.history_path, 20_000)
    before = digest(sandbox.history_path)
    process = stalled.start(sandbox, "show")
    stalled.wait_until_stuck(process)
    process.send_signal(number)
    status, stderr = ended(process)
    assert status is not None, f"still blocked {PROMPTLY} s after {number.name}"
    assert status == 128 + number, stderr
    assert not crashed(stderr, status)
    assert stderr == b"", "show saved nothing, so there is nothing to say"
    assert digest(sandbox.history_path) == before


@pytest.mark.parametrize("number", SIGNALS, ids=lambda s: s.name)
def test_a_signal_ends_a_batch_whose_output_is_blocked(sandbox, stalled, number):
    _big_history(sandbox.history_path, 20_000)
    before = digest(sandbox.history_path)
    status, stderr = signalled_batch(sandbox, stalled, b"show\nadd 5 note never\n", number)
    assert status == 128 + number, stderr
    assert stderr == b""
    # The batch stopped after the command in progress: the add never ran.
    assert digest(sandbox.history_path) == before


@pytest.mark.parametrize("number", SIGNALS, ids=lambda s: s.name)
def test_a_signal_ends_a_one_shot_add_whose_confirmation_is_blocked_and_names_what_was_saved(
    sandbox, stalled, number
):
    assert sandbox.run("add 4 note before").status == 0
    stalled.fill()
    process = stalled.start(sandbox, "add", "5", "note", "blocked")
    deadline = time.monotonic() + 30
    while notes_in(sandbox.history_path) != ["before", "blocked"]:
        assert process.poll() is None, process.stderr.read()
        assert time.monotonic() < deadline, "the add was never saved"
        time.sleep(0.02)
    process.send_signal(number)
    status, stderr = ended(process)
    assert status is not None, f"still blocked {PROMPTLY} s after {number.name}"
    assert status == 128 + number, stderr
    assert stderr.decode().splitlines() == [
        "stormrange: #2 saved, but its confirmation could not be printed: "
        "standard output was blocked when a signal arrived"
    ]
    # Saved whole before the output was cut off.
    assert notes_in(sandbox.history_path) == ["before", "blocked"]


@pytest.mark.parametrize("number", SIGNALS, ids=lambda s: s.name)
def test_a_signal_ends_a_batch_of_adds_whose_confirmations_are_blocked(sandbox, stalled, number):
    """A group of adds is saved, then its confirmations fill the pipe: the signal ends the batch
    with 128 + N, the history holds the whole group and nothing after it, and standard error says
    which measurements were saved without a confirmation."""
    lines = "".join(f"add {1 + index % 50} note g{index}\n" for index in range(1000))
    status, stderr = signalled_batch(sandbox, stalled, lines.encode(), number)
    assert status == 128 + number, stderr
    notes = notes_in(sandbox.history_path)
    assert notes == [f"g{index}" for index in range(len(notes))], "a torn or reordered history"
    errors = stderr.decode().splitlines()
    assert len(errors) == 1, errors
    assert errors[0].endswith(
        f"–#{len(notes)} saved, but their confirmations could not be printed: "
        "standard output was blocked when a signal arrived"
    ), errors


@pytest.mark.parametrize("number", SIGNALS, ids=lambda s: s.name)
@pytest.mark.parametrize("mode", ["one-shot", "batch"])
def test_a_signal_ends_watch_json_into_a_stalled_reader(sandbox, stalled, number, mode):
    """`watch --json` writes a line for every change; another process keeps adding until the pipe
    is full. A one-shot watch then ends with 0 (the normal end of a stream), a batch with 128 + N."""
    assert sandbox.run("add 5 note first").status == 0
    if mode == "one-shot":
        process = stalled.start(sandbox, "watch", "--json")
    else:
        process = stalled.start(sandbox, stdin=subprocess.PIPE)
        process.stdin.write(b"watch --json\n")
        process.stdin.flush()
    try:
        deadline = time.monotonic() + 60
        steady, last = 0, -1
        while steady < 3:
            assert process.poll() is None, process.stderr.read()
            assert time.monotonic() < deadline, "the pipe never filled"
            assert sandbox.run("add 6 note more").status == 0
            time.sleep(0.1)
            now = stalled.queued()
            steady = steady + 1 if now == last else 0
            last = now
        process.send_signal(number)
        status, stderr = ended(process)
    finally:
        if process.stdin:
            process.stdin.close()
    assert status is not None, f"still blocked {PROMPTLY} s after {number.name}"
    assert status == (0 if mode == "one-shot" else 128 + number), stderr
    assert stderr == b""


class StalledFIFO:
    """A FIFO whose reader has it open but never reads, made small (one page) so that a little
    output fills it."""

    def __init__(self, path):
        self.path = path
        os.mkfifo(path, 0o600)
        self.read_end = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        fcntl.fcntl(self.read_end, F_SETPIPE_SZ, 4096)

    def wait_until_stuck(self, process: subprocess.Popen) -> None:
        """Waits until the FIFO holds output and has stopped growing: stormrange waits to write."""
        wait_until_steady(lambda: unread(self.read_end), lambda: process.poll() is None, "the FIFO")

    def close(self) -> None:
        os.close(self.read_end)


INCOMPLETE = "stopped by a signal while its reader was not reading, so the export is incomplete"


@pytest.mark.parametrize("number", SIGNALS, ids=lambda s: s.name)
@pytest.mark.parametrize("mode", ["one-shot", "batch"])
def test_a_signal_ends_an_export_to_dev_stdout_that_nobody_reads(sandbox, stalled, number, mode):
    """`export csv /dev/stdout` writes through the descriptor it names, here a full pipe: the signal
    ends the wait, with 128 + N and one line saying the export is incomplete."""
    _big_history(sandbox.history_path, 20_000)
    before = digest(sandbox.history_path)
    if mode == "one-shot":
        process = stalled.start(sandbox, "export", "csv", "/dev/stdout")
        stalled.wait_until_stuck(process)
        process.send_signal(number)
        status, stderr = ended(process)
        label = "stormrange: "
    else:
        status, stderr = signalled_batch(sandbox, stalled, b"export csv /dev/stdout\nadd 5\n", number)
        label = "stormrange: line 1: "
    assert status is not None, f"still blocked {PROMPTLY} s after {number.name}"
    assert status == 128 + number, stderr
    assert stderr.decode().splitlines() == [f"{label}cannot export to /dev/stdout: {INCOMPLETE}"]
    assert digest(sandbox.history_path) == before


@pytest.mark.parametrize("number", SIGNALS, ids=lambda s: s.name)
@pytest.mark.parametrize("mode", ["one-shot", "batch"])
def test_a_signal_ends_an_export_into_a_fifo_whose_reader_does_not_read(sandbox, tmp_path, number, mode):
    _big_history(sandbox.history_path, 20_000)
    fifo = StalledFIFO(tmp_path / "ff")
    try:
        args = ["export", "json", str(fifo.path)] if mode == "one-shot" else []
        process = subprocess.Popen(
            [sandbox.binary, *args], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env=sandbox.env, cwd=sandbox.home,
        )
        if mode == "batch":
            # The input stays open: only the signal can end the batch.
            process.stdin.write(f"export csv {fifo.path}\nadd 5\n".encode())
            process.stdin.flush()
        fifo.wait_until_stuck(process)
        process.send_signal(number)
        status, stderr = ended(process)
        process.stdin.close()
    finally:
        fifo.close()
    assert status is not None, f"still blocked {PROMPTLY} s after {number.name}"
    assert status == 128 + number, stderr
    label = "stormrange: " if mode == "one-shot" else "stormrange: line 1: "
    assert stderr.decode().splitlines() == [f"{label}cannot export to {fifo.path}: {INCOMPLETE}"]
    assert len(sandbox.read_history()) == 20_000, "the batch went on after the signal"


def test_a_signal_ends_an_export_waiting_for_a_fifo_to_have_a_reader(sandbox, tmp_path):
    """Opening a FIFO to write waits for a reader; SIGTERM ends that wait, and nothing was written."""
    fifo = tmp_path / "nobody"
    os.mkfifo(fifo, 0o600)
    assert sandbox.run("add 5").status == 0
    process = subprocess.Popen(
        [sandbox.binary, "export", "csv", str(fifo)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, env=sandbox.env, cwd=sandbox.home,
    )
    # Waits until it waits in open(2) for a reader (the kernel's wait_for_partner), where the kernel
    # shows that; elsewhere a while.
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read()
        with contextlib.suppress(OSError):
            if Path(f"/proc/{process.pid}/wchan").read_text() == "wait_for_partner":
                break
        time.sleep(0.02)
    process.send_signal(signal.SIGTERM)
    status, stderr = ended(process)
    assert status == 143, stderr
    assert stderr.decode().splitlines() == [
        f"stormrange: cannot export to {fifo}: stopped by a signal while it waited for a reader; nothing was written"
    ]


def wait_until_the_terminal_is_full(child: pexpect.spawn) -> None:
    """Waits until what the program wrote to the terminal, unread, fills it (more than the echo of
    a line) and stops growing: the program waits to write."""
    wait_until_steady(lambda: unread(child.child_fd), child.isalive, "the terminal", at_least=1024, timeout=60)


def test_ctrl_c_during_a_show_blocked_at_the_prompt_ends_its_cut_output_with_a_line_end(sandbox):
    """At the prompt, Ctrl-C while the terminal does not take a long `show` drops the rest of it;
    the prompt then starts a line of its own instead of being glued to the cut row, and the session
    goes on."""
    _big_history(sandbox.history_path, 20_000)
    shell = Shell(sandbox)
    try:
        shell.prompt()
        shell.child.send("show\r")
        # Nothing reads the terminal: stormrange fills it and waits.
        wait_until_the_terminal_is_full(shell.child)
        shell.child.sendintr()
        # Ctrl-C empties the terminal's queue; still unread, stormrange gives the rest up as soon
        # as the terminal is full again, before anything is read.
        wait_until_the_terminal_is_full(shell.child)
        output = shell.prompt()
        assert "old-19999" not in output, "the output was not cut"
        # Readline's own switch to bracketed paste comes just before the prompt.
        shown = output.removesuffix("\x1b[?2004h")
        assert shown.endswith("\n"), f"the prompt follows the cut output on its row: {shown[-120:]!r}"
        # The session goes on.
        assert "old-19999" in shell.run("show 1")
        shell.child.send("quit\r")
        assert shell.finish() == 0
    finally:
        if shell.child.isalive():
            shell.child.terminate(force=True)
