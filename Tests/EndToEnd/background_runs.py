"""Long runs of a helper program that a few tests compare with the docs, started in the background
when the session starts and read when those tests run, late: `stormrange-calibrate` scores
thousands of simulated storms (six minutes of CPU on two cores), while most end-to-end tests wait on
a process or a clock. The runs are niced to the lowest priority, so the tests beside them get the
CPU first and none of their timings change; CI's wall time falls by what overlaps. conftest.py starts
the runs of the modules collected (their `background_runs_wanted`) and moves those modules' tests to
the end (pytest-xdist deals out the largest files first, so there they come late, not last).

Under pytest-xdist every worker collects every test, but a run must happen once. So the first
worker (or pytest's one process, without xdist) starts it, in a session of its own, writing its
output, its process id and, once it has ended, its exit status to files in a directory pytest's
main process made for the session ($STORMRANGE_BACKGROUND_RUNS); any process reads them there.
The main process, which outlives the workers, ends what is still running when the session ends,
however it ends (`stop_all`)."""

import hashlib
import os
import signal
import subprocess
import time
from pathlib import Path

DIRECTORY_VARIABLE = "STORMRANGE_BACKGROUND_RUNS"
# How long a reader waits for the run's process id before taking the run as never started.
START_TIMEOUT = 60

_started: set[tuple[str, ...]] = set()


def _starts_runs() -> bool:
    """Whether this process starts the runs: the first xdist worker, or pytest without xdist."""
    return os.environ.get("PYTEST_XDIST_WORKER", "gw0") == "gw0"


def _directory() -> Path:
    directory = os.environ.get(DIRECTORY_VARIABLE)
    if not directory:
        raise RuntimeError(f"${DIRECTORY_VARIABLE} is not set (conftest.py's pytest_configure sets it)")
    return Path(directory)


def _base(arguments: list[str]) -> Path:
    """The files of a run are this path with .out, .err, .pid and .status."""
    return _directory() / hashlib.sha256("\0".join(arguments).encode()).hexdigest()[:16]


def _alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie, ended but not yet reaped by its parent, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def start(arguments: list[str]) -> None:
    """Starts `arguments` once, at the lowest priority, if this process is the one that starts runs."""
    if tuple(arguments) in _started or not _starts_runs():
        return
    _started.add(tuple(arguments))
    base = _base(arguments)
    # The shell writes the exit status once the run has ended, by a rename, so a reader never sees
    # half of it.
    script = 'nice -n 19 "$@" >"$BASE.out" 2>"$BASE.err"; echo $? >"$BASE.part" && mv "$BASE.part" "$BASE.status"'
    process = subprocess.Popen(["sh", "-c", script, "sh", *arguments], env={**os.environ, "BASE": str(base)},
                               start_new_session=True)
    pid = base.with_suffix(".pid")
    pid.with_suffix(".pid-part").write_text(str(process.pid))
    pid.with_suffix(".pid-part").rename(pid)


def output(arguments: list[str]) -> str:
    """The standard output of `arguments`, started by `start` (or now, if it was not and this process
    starts runs), once it has ended; raises when it failed, with its standard error, or ended without
    saying how, or never started."""
    start(arguments)
    base = _base(arguments)
    status, pid = base.with_suffix(".status"), base.with_suffix(".pid")
    asked = time.monotonic()
    while not status.exists():
        if pid.exists() and not _alive(int(pid.read_text())) and not status.exists():
            raise RuntimeError(f"{' '.join(arguments)} was ended before it finished (killed from outside?)")
        if not pid.exists() and time.monotonic() - asked > START_TIMEOUT:
            raise RuntimeError(f"{' '.join(arguments)} was never started (the first xdist worker starts it)")
        time.sleep(0.5)
    returncode = int(status.read_text())
    if returncode != 0:
        error = base.with_suffix(".err").read_text().strip()
        raise RuntimeError(f"{' '.join(arguments)} exited with {returncode}: {error}")
    return base.with_suffix(".out").read_text()


def stop_all() -> None:
    """Ends every run of the session that is still running: called by pytest's main process once
    every test has run, or the session was interrupted."""
    for pid in _directory().glob("*.pid"):
        process = int(pid.read_text())
        if _alive(process):
            try:
                os.killpg(process, signal.SIGKILL)
            except ProcessLookupError:
                pass
