"""Long runs of a helper program that a few tests compare with the docs, started in the background
when the session starts and read when those tests run, last: `stormrange-calibrate` scores thousands
of simulated storms (six minutes of CPU on two cores), while most end-to-end tests wait on a process
or a clock. The runs are niced to the lowest priority, so the tests beside them get the CPU first
and none of their timings change; CI's wall time falls by what overlaps. conftest.py starts the runs
of the modules collected (their `BACKGROUND_RUNS`) and moves those modules' tests to the end."""

import os
import subprocess

_started: dict[tuple[str, ...], subprocess.Popen] = {}


def start(arguments: list[str]) -> None:
    """Starts `arguments` once, at the lowest priority, its output to a pipe read by `output`."""
    key = tuple(arguments)
    if key not in _started:
        _started[key] = subprocess.Popen(
            ["nice", "-n", "19", *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=dict(os.environ))


def output(arguments: list[str]) -> str:
    """The standard output of `arguments`, started by `start` (or now, if it was not); raises when it
    failed, with its standard error."""
    start(arguments)
    process = _started[tuple(arguments)]
    stdout, stderr = process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(arguments)} exited with {process.returncode}: {stderr.strip()}")
    return stdout


def stop_all() -> None:
    """Ends what is still running (a session cut short, or tests deselected after collection)."""
    for process in _started.values():
        if process.poll() is None:
            process.kill()
            process.communicate()
