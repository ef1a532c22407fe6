"""Long runs of a helper program that a few tests compare with the docs, started in the background
when the session starts and read when those tests run, last: `stormrange-calibrate` scores thousands
of simulated storms (six minutes of CPU on two cores), while most end-to-end tests wait on a process
or a clock. The runs are niced to the lowest priority, so the tests beside them get the CPU first
and none of their timings change; CI's wall time falls by what overlaps. conftest.py starts the runs
of the modules collected (their `BACKGROUND_RUNS`) and moves those modules' tests to the end.

Under pytest-xdist every worker collects every test, but a run must happen once: the first worker
only (or the one process, without xdist) starts it, writing its output to files in a directory the
controller made for the session ($STORMRANGE_BACKGROUND_RUNS), and any worker reads them there."""

import hashlib
import os
import subprocess
import time
from pathlib import Path

DIRECTORY_VARIABLE = "STORMRANGE_BACKGROUND_RUNS"

_started: dict[tuple[str, ...], subprocess.Popen] = {}


def _starts_runs() -> bool:
    """Whether this process starts the runs: the first xdist worker, or pytest without xdist."""
    return os.environ.get("PYTEST_XDIST_WORKER", "gw0") == "gw0"


def _files(arguments: list[str]) -> tuple[Path, Path, Path] | None:
    """Where a shared run writes its standard output, its standard error and, when it ended, its exit
    status; None without xdist, where the run's output comes through pipes."""
    directory = os.environ.get(DIRECTORY_VARIABLE)
    if not directory or "PYTEST_XDIST_WORKER" not in os.environ:
        return None
    key = hashlib.sha256("\0".join(arguments).encode()).hexdigest()[:16]
    base = Path(directory) / key
    return base.with_suffix(".out"), base.with_suffix(".err"), base.with_suffix(".status")


def start(arguments: list[str]) -> None:
    """Starts `arguments` once, at the lowest priority, if this process is the one that starts runs."""
    key = tuple(arguments)
    if key in _started or not _starts_runs():
        return
    files = _files(arguments)
    command = ["nice", "-n", "19", *arguments]
    if files is None:
        _started[key] = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ))
        return
    out, err, status = files
    # The shell writes the exit status once the run has ended, by a rename, so a reader never sees
    # half of it.
    script = 'nice -n 19 "$@" >"$OUT" 2>"$ERR"; echo $? >"$STATUS.part" && mv "$STATUS.part" "$STATUS"'
    _started[key] = subprocess.Popen(
        ["sh", "-c", script, "sh", *arguments],
        env={**os.environ, "OUT": str(out), "ERR": str(err), "STATUS": str(status)},
        start_new_session=True)


def output(arguments: list[str]) -> str:
    """The standard output of `arguments`, started by `start` (or now, if it was not and this process
    starts runs); raises when it failed, with its standard error."""
    start(arguments)
    files = _files(arguments)
    if files is None:
        stdout, stderr = _started[tuple(arguments)].communicate()
        process = _started[tuple(arguments)]
        returncode = process.returncode
    else:
        out, err, status = files
        while not status.exists():
            time.sleep(0.5)
        stdout, stderr = out.read_text(), err.read_text()
        returncode = int(status.read_text())
    if returncode != 0:
        raise RuntimeError(f"{' '.join(arguments)} exited with {returncode}: {stderr.strip()}")
    return stdout


def finish(interrupted: bool) -> None:
    """At the end of this process's session: ends the runs that were cut short, or not wanted. A run
    another xdist worker may still read is waited for instead, unless the session was interrupted."""
    for arguments, process in _started.items():
        if process.poll() is not None:
            continue
        if _files(list(arguments)) is not None and not interrupted:
            process.wait()
            continue
        if _files(list(arguments)) is not None:
            os.killpg(process.pid, 9)
        else:
            process.kill()
        process.communicate()
