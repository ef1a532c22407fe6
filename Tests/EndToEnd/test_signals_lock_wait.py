"""Guarantee 7, signals while waiting for the lock (issue 17, item 5): a writer waiting for another
process's lock gives up at once on SIGTERM, SIGINT or SIGHUP. A batch or a one-shot command exits
with 128 + the signal, having changed nothing, instead of waiting out the lock's 10 s timeout. At the
prompt, Ctrl-C cancels the waiting command with one line and the session goes on."""

import contextlib
import fcntl
import os
import signal
import subprocess
import time
from pathlib import Path

import pexpect
import pytest

from guarantee_support import digest
from test_interactive import Shell

SIGNALS = [signal.SIGTERM, signal.SIGINT, signal.SIGHUP]
TIMEOUT_MESSAGE = "has held the lock"
CANCELLED = "cancelled while waiting for another stormrange process to release the lock"
# Longer than the lock's own 10 s timeout, so that the binary before this fix shows its message
# rather than being cut short by the test.
PATIENCE = 30


@contextlib.contextmanager
def lock_held(path: Path):
    """Holds the flock a stormrange writer takes on `path`, as another stormrange process would."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_RDONLY | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)


def wait_until_waiting(pid: int, lock: Path, timeout: float = 30) -> None:
    """Waits until process `pid` has the lock file open: it is trying to take the lock."""
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(FileNotFoundError):
            for entry in os.listdir(f"/proc/{pid}/fd"):
                with contextlib.suppress(FileNotFoundError):
                    if os.readlink(f"/proc/{pid}/fd/{entry}") == str(lock):
                        return
        assert time.monotonic() < deadline, f"process {pid} never opened {lock}"
        time.sleep(0.02)


def history_lock(sandbox) -> Path:
    return sandbox.history_path.with_name(sandbox.history_path.name + ".lock")


def finish(process: subprocess.Popen) -> tuple[int, str]:
    try:
        _, stderr = process.communicate(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        process.kill()
        _, stderr = process.communicate()
        raise AssertionError(f"still waiting {PATIENCE} s after the signal: {stderr!r}")
    return process.returncode, stderr.decode()


@pytest.mark.parametrize("number", SIGNALS, ids=lambda s: s.name)
@pytest.mark.parametrize("mode", ["one-shot", "batch"])
def test_a_signal_ends_an_add_waiting_for_the_lock_and_changes_nothing(sandbox, number, mode):
    assert sandbox.run("add 4 note before").status == 0
    before = digest(sandbox.history_path)
    with lock_held(history_lock(sandbox)):
        args = ["add", "5", "note", "waiting"] if mode == "one-shot" else []
        process = subprocess.Popen(
            [sandbox.binary, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=sandbox.env, cwd=sandbox.home,
        )
        if mode == "batch":
            # The input stays open: only the signal can end the batch.
            process.stdin.write(b"add 5 note waiting\nadd 6 note after\n")
            process.stdin.flush()
        wait_until_waiting(process.pid, history_lock(sandbox))
        process.send_signal(number)
        status, stderr = finish(process)
    assert TIMEOUT_MESSAGE not in stderr, "the signal did not end the wait"
    assert status == 128 + number, stderr
    label = "stormrange: " if mode == "one-shot" else "stormrange: line 1: "
    assert stderr.splitlines() == [f"{label}{CANCELLED} {history_lock(sandbox)}; nothing was changed"]
    assert digest(sandbox.history_path) == before


def test_a_signal_ends_set_waiting_for_the_settings_lock(sandbox):
    lock = sandbox.settings_path.with_name(sandbox.settings_path.name + ".lock")
    with lock_held(lock):
        process = subprocess.Popen(
            [sandbox.binary, "set", "unit", "mi"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env=sandbox.env, cwd=sandbox.home,
        )
        wait_until_waiting(process.pid, lock)
        process.send_signal(signal.SIGTERM)
        status, stderr = finish(process)
    assert TIMEOUT_MESSAGE not in stderr
    assert status == 143, stderr
    assert stderr.splitlines() == [f"stormrange: {CANCELLED} {lock}; nothing was changed"]
    assert not sandbox.settings_path.exists()


@pytest.fixture
def shell(sandbox):
    """The prompt, in a pseudo-terminal."""
    shell = Shell(sandbox)
    yield shell
    if shell.child.isalive():
        shell.child.terminate(force=True)


@contextlib.contextmanager
def add_waiting_at_the_prompt(sandbox, shell):
    """Types an `add` at the prompt while another process holds the lock; yields once it waits for
    the lock, with the history's digest from before."""
    # Added by another process: the session opens the lock file only for its first change, so an
    # open lock file means the typed add is waiting.
    assert sandbox.run("add 4 note before").status == 0
    shell.prompt()
    before = digest(sandbox.history_path)
    with lock_held(history_lock(sandbox)):
        shell.child.send("add 5 note waiting\r")
        wait_until_waiting(shell.child.pid, history_lock(sandbox))
        yield before


def test_ctrl_c_at_the_prompt_cancels_a_command_waiting_for_the_lock(sandbox, shell):
    with add_waiting_at_the_prompt(sandbox, shell) as before:
        shell.child.sendintr()
        output = shell.prompt()
        assert shell.child.isalive(), "Ctrl-C ended the session"
    assert TIMEOUT_MESSAGE not in output
    assert [line for line in output.splitlines() if "cancelled" in line] == [
        f"error: {CANCELLED} {history_lock(sandbox)}; nothing was changed"
    ], output
    assert digest(sandbox.history_path) == before
    # The session goes on, and its next change is saved as usual.
    assert "#2" in shell.run("add 6 note after")
    assert [entry["note"] for entry in sandbox.read_history()] == ["before", "after"]
    shell.child.sendeof()
    assert shell.finish() == 0


def test_sigterm_at_the_prompt_while_waiting_for_the_lock_ends_the_session(sandbox, shell):
    with add_waiting_at_the_prompt(sandbox, shell) as before:
        shell.child.kill(signal.SIGTERM)
        shell.child.expect(pexpect.EOF, timeout=PATIENCE)
    assert TIMEOUT_MESSAGE not in shell.child.before
    shell.child.close()
    assert shell.child.exitstatus == 143
    assert digest(sandbox.history_path) == before
