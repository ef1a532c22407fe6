"""`watch --json` between changes does no work: it does not look at the history again, and it does not
even wake up, until the history changes or the advice can change (README, "Watching the storm").
Proved with strace, by what it does, not by how long anything takes."""

import datetime
import os
import re
import shutil
import signal
import subprocess
import time

import pytest

from conftest import speed_of_sound
from test_watch import REDRAW, JSONLines, add, lines  # noqa: F401 (a fixture)

# Long enough for a watch that wakes every second to have woken a few times.
IDLE = 3.5
TRACED = "write,openat,open,read,pread64,stat,lstat,newfstatat,statx,poll,ppoll,select,pselect6,epoll_wait,nanosleep,clock_nanosleep"


def storm(minutes_ago: float, count: int = 300) -> list[dict]:
    """`count` measurements a few seconds apart, the last `minutes_ago` minutes ago, 5 to 8 km away."""
    end = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=minutes_ago)
    speed = speed_of_sound(20)
    entries = []
    for index in range(count):
        delay = 15 + 8 * (index % 7) / 7
        date = end - datetime.timedelta(seconds=5 * (count - 1 - index))
        entries.append({"date": date.replace(microsecond=0, tzinfo=None), "delay": delay, "distance": delay * speed,
                        "temperature": 20.0, "speedOfSound": speed})
    return entries


def iso(moment: datetime.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


class TracedWatch(JSONLines):
    """`stormrange watch --json` under `strace -f`, its lines read as they come."""

    def __init__(self, sandbox, *args, env=None):
        self.log = sandbox.home / "strace.log"
        self.process = subprocess.Popen(
            ["strace", "-f", "-qq", "-e", f"trace={TRACED}", "-o", str(self.log), sandbox.binary, *args],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env or sandbox.env,
            cwd=sandbox.home,
        )
        self.buffer = b""

    def line(self, timeout: float = REDRAW + 5) -> dict:  # strace slows the start
        return super().line(timeout)

    def stop(self) -> list[str]:
        """Ends the watch with SIGTERM; returns the system calls it made after its last line."""
        children = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout.split()
        assert len(children) == 1, children
        os.kill(int(children[0]), signal.SIGTERM)
        assert self.process.wait(timeout=10) == 0, self.process.stderr.read()
        self.process.stdout.close()
        self.process.stderr.close()
        calls = [re.sub(r"^\d+\s+", "", line) for line in self.log.read_text().splitlines()]
        last_line = max(index for index, call in enumerate(calls) if call.startswith("write(1, "))
        end = next(index for index, call in enumerate(calls) if call.startswith("--- SIGTERM"))
        return calls[last_line + 1 : end]


@pytest.fixture
def traced(sandbox, lines):
    if shutil.which("strace") is None:
        pytest.skip("strace is not installed (Scripts/setup-system --test installs it)")
    return lambda env=None: lines(sandbox, "watch", "--json", env=env, kind=TracedWatch)


@pytest.mark.parametrize("minutes_ago", [1, 24 * 60], ids=["storm-current", "storm-over"])
def test_between_changes_it_sleeps_without_looking_at_the_history(sandbox, traced, minutes_ago):
    history = sandbox.write_history(storm(minutes_ago))
    watch = traced()
    assert watch.line()["storm"]["count"] == 300
    # A change: another process adds, to the same storm (current or long over).
    latest = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=minutes_ago)
    add(sandbox, "16", "at", iso(latest - datetime.timedelta(seconds=2)))
    assert watch.line()["storm"]["count"] == 301
    time.sleep(IDLE)  # a window to watch, not a limit on anything
    idle = watch.stop()
    # Neither opened, read nor looked at: the history, its folder, or anything else.
    assert not any(str(history.parent) in call for call in idle), idle
    # Asleep the whole time: one wait, which the signal ended, and nothing else.
    assert len(idle) == 1 and re.match(r"p?poll\(", idle[0]), idle


def test_while_polling_it_only_looks_at_the_file(sandbox, traced):
    history = sandbox.write_history(storm(1))
    watch = traced(env=dict(sandbox.env, STORMRANGE_WATCH_POLL="1"))
    assert watch.line()["storm"]["count"] == 300
    add(sandbox, "16")
    assert watch.line()["storm"]["count"] == 301
    time.sleep(IDLE)
    idle = watch.stop()
    touching = [call for call in idle if str(history) in call]
    # A stat a second is how polling notices a change; the file is never opened or read.
    assert touching and all(call.startswith(("newfstatat(", "stat(", "statx(")) for call in touching), idle
    assert not any(call.startswith(("openat(", "open(", "read(")) for call in idle), idle
