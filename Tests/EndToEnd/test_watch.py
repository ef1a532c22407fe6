"""`watch`: the dashboard driven through a pseudo-terminal while other processes add, and the JSON
lines read with Python's json module, with inotify and with the polling fallback."""

import datetime
import json
import os
import re
import select
import signal
import subprocess
import time

import pexpect
import pytest

# A change must show within this many seconds (inotify: at once; polling: within a second).
REDRAW = 2.5
STATUS_KEYS = {"latest", "storm", "trend", "motion", "advice", "excluded_ahead", "cells"}
LEAVE_ALTERNATE_SCREEN = "\x1b[?1049l"
SHOW_CURSOR = "\x1b[?25h"


def iso(seconds_ago: float) -> str:
    moment = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=seconds_ago)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def add(sandbox, *words: str, env=None):
    result = sandbox.run("add", *words, env=env)
    assert result.status == 0, result.stderr


class JSONLines:
    """`stormrange watch --json` on a pipe, read line by line with a deadline."""

    def __init__(self, sandbox, *args: str, env=None):
        self.process = sandbox.popen(*args, env=env)
        self.buffer = b""

    def line(self, timeout: float = REDRAW) -> dict:
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            assert left > 0, f"no line within {timeout} s; have {self.buffer!r}"
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                assert chunk, f"output ended; stderr: {self.process.stderr.read()!r}"
                self.buffer += chunk
        text, self.buffer = self.buffer.split(b"\n", 1)
        value = json.loads(text)
        assert isinstance(value, dict) and set(value) == STATUS_KEYS, value
        return value

    def nothing_for(self, seconds: float):
        ready, _, _ = select.select([self.process.stdout], [], [], seconds)
        assert not ready and b"\n" not in self.buffer, os.read(self.process.stdout.fileno(), 65536)

    def stop(self, number=signal.SIGTERM) -> int:
        self.process.send_signal(number)
        status = self.process.wait(timeout=5)
        self.process.stdout.close()
        self.process.stderr.close()
        self.process.stdin.close()
        return status


@pytest.fixture
def lines():
    started = []

    def start(sandbox, *args, env=None, kind=None):
        watcher = (kind or JSONLines)(sandbox, *args, env=env)
        started.append(watcher)
        return watcher

    yield start
    for watcher in started:
        if watcher.process.poll() is None:
            watcher.process.kill()
            watcher.process.wait()


def polling_env(sandbox):
    return dict(sandbox.env, STORMRANGE_WATCH_POLL="1")


# JSON lines


@pytest.mark.parametrize("polling", [False, True], ids=["inotify", "polling"])
def test_json_lines_at_start_and_after_each_add_from_another_process(sandbox, lines, polling):
    env = polling_env(sandbox) if polling else None
    add(sandbox, "20", "at", iso(120))
    watcher = lines(sandbox, "watch", "--json", env=env)
    first = watcher.line()
    assert first["latest"]["index"] == 1 and first["storm"]["count"] == 1
    assert first["advice"]["level"] == "shelter-now"
    # The same object as `status --json` (its clock may have ticked past a second: compare keys).
    status = json.loads(sandbox.run("status", "--json").stdout)
    assert status["latest"] == first["latest"] and status["storm"] == first["storm"]
    watcher.nothing_for(1.5)
    add(sandbox, "10", "at", iso(60))
    second = watcher.line()
    assert second["latest"]["index"] == 2 and second["storm"]["count"] == 2
    add(sandbox, "8")
    assert watcher.line()["storm"]["count"] == 3
    assert watcher.stop() == 0


def test_json_line_when_the_all_clear_comes(sandbox, lines):
    # Thunder 29:57 ago (a flash 6 s before that): all clear in 3 s.
    add(sandbox, "6", "at", iso(1797 + 6))
    watcher = lines(sandbox, "watch", "--json")
    first = watcher.line()
    assert first["advice"]["level"] == "shelter-now"
    second = watcher.line(timeout=6)
    assert second["advice"]["level"] == "all-clear"
    assert second["latest"] == first["latest"]
    watcher.nothing_for(1.5)
    assert watcher.stop(signal.SIGINT) == 0


def test_json_is_chosen_when_output_is_not_a_terminal_and_an_empty_history_is_null(sandbox, lines):
    watcher = lines(sandbox, "watch")
    first = watcher.line()
    assert first["latest"] is None and first["advice"]["level"] == "all-clear"
    add(sandbox, "6")
    assert watcher.line()["latest"]["index"] == 1
    assert watcher.stop(signal.SIGHUP) == 0


def test_json_lines_follow_a_history_behind_a_symbolic_link(sandbox, lines, tmp_path):
    real = tmp_path / "elsewhere" / "real.plist"
    real.parent.mkdir()
    link = sandbox.home / "link.plist"
    link.symlink_to(real)
    watcher = lines(sandbox, "--file", str(link), "watch", "--json")
    assert watcher.line()["latest"] is None
    result = sandbox.run("--file", str(real), "add", "7")
    assert result.status == 0, result.stderr
    assert watcher.line()["latest"]["index"] == 1
    assert watcher.stop() == 0


def test_a_closed_pipe_ends_it_quietly(sandbox):
    add(sandbox, "6")
    completed = subprocess.run(
        ["bash", "-c", f"'{sandbox.binary}' watch --json | head -c 10; echo \" ${{PIPESTATUS[0]}}\""],
        env=sandbox.env, capture_output=True, timeout=10, text=True,
    )
    assert completed.stdout.endswith(" 141\n"), completed
    assert completed.stderr == ""


def test_in_a_batch_it_is_the_json_stream_until_a_signal_stops_the_batch(sandbox):
    process = sandbox.popen()
    process.stdin.write(b"add 6\nwatch\nadd 7\n")
    process.stdin.flush()
    assert process.stdout.readline().startswith(b"#1 ")
    assert json.loads(process.stdout.readline())["latest"]["index"] == 1
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=5) == 128 + signal.SIGTERM
    assert len(sandbox.read_history()) == 1  # the batch stopped: `add 7` did not run


def test_a_wrong_argument_is_refused(sandbox):
    result = sandbox.run("watch", "--yaml")
    assert result.status == 1
    assert result.stderr == "stormrange: unexpected argument '--yaml'; usage: watch [--json]\n"


# The dashboard


class Dashboard:
    """`stormrange watch` at a pseudo-terminal, inside bash so that `stty -a` can be compared."""

    def __init__(self, sandbox, rows=24, columns=80, env=None, args=""):
        # COLUMNS: stty wraps its lines at the terminal's width otherwise, which a test may change.
        stty = "COLUMNS=500 stty -a"
        script = f"{stty} > before.txt; '{sandbox.binary}' {args} watch; echo \"status=$?\"; {stty} > after.txt"
        self.sandbox = sandbox
        self.child = pexpect.spawn(
            "/bin/bash", ["-c", script], env=env or sandbox.env, cwd=str(sandbox.home),
            dimensions=(rows, columns), encoding="utf-8", timeout=REDRAW,
        )

    def expect(self, pattern: str, timeout: float = REDRAW):
        self.child.expect(pattern, timeout=timeout)

    def finish(self) -> int:
        self.child.expect(r"status=(\d+)")
        status = int(self.child.match[1])
        # What came before the status: the dashboard's last output, which must restore the screen.
        restored = self.child.before
        self.child.expect(pexpect.EOF)
        assert LEAVE_ALTERNATE_SCREEN in restored and SHOW_CURSOR in restored
        # The modes, without the first line: the size may have changed.
        before = (self.sandbox.home / "before.txt").read_text().split("\n", 1)[1]
        after = (self.sandbox.home / "after.txt").read_text().split("\n", 1)[1]
        assert "icanon" in before and " echo " in before
        assert after == before
        return status


@pytest.mark.parametrize("polling", [False, True], ids=["inotify", "polling"])
def test_dashboard_redraws_when_another_process_adds_and_q_leaves(sandbox, polling):
    env = polling_env(sandbox) if polling else None
    add(sandbox, "20", "at", iso(120))
    dashboard = Dashboard(sandbox, env=env)
    dashboard.expect(r"latest +#1 ")
    dashboard.expect(r"all clear +in 2\d:\d\d")
    add(sandbox, "10", "note", "closer")
    dashboard.expect(r"latest +#2 +3\.4\d km")
    dashboard.child.send("q")
    assert dashboard.finish() == 0


def test_dashboard_countdown_ticks(sandbox):
    add(sandbox, "6")
    dashboard = Dashboard(sandbox)
    dashboard.expect(r"all clear +in (\d\d:\d\d)")
    first = dashboard.child.match[1]
    dashboard.expect(r"all clear +in (\d\d:\d\d)")
    dashboard.expect(r"all clear +in (\d\d:\d\d)")
    assert dashboard.child.match[1] != first
    dashboard.child.sendintr()
    assert dashboard.finish() == 0


def test_dashboard_follows_the_terminal_size(sandbox):
    for seconds_ago, delay in [(600, 30), (400, 25), (200, 20)]:
        add(sandbox, str(delay), "at", iso(seconds_ago))
    dashboard = Dashboard(sandbox, rows=24, columns=80)
    dashboard.expect(r"latest +#3 ")
    # 24 rows leave no room for the chart; 40 do.
    with pytest.raises(pexpect.TIMEOUT):
        dashboard.expect(r"distance \(km\)", timeout=1.2)
    dashboard.child.setwinsize(40, 100)
    dashboard.expect(r"distance \(km\)")
    # At 40 columns every line is cut to 39: wait for such a frame.
    dashboard.child.setwinsize(20, 40)
    deadline = time.monotonic() + REDRAW
    widths = []
    while time.monotonic() < deadline:
        dashboard.expect(r"\x1b\[H([\s\S]*?)\x1b\[J")
        rows = [row.replace("\x1b[K", "").replace("\r", "") for row in dashboard.child.match[1].split("\n")]
        widths.append(max(len(row) for row in rows))
        if widths[-1] == 39:
            assert len(rows) <= 20 and any(row.startswith("latest") for row in rows), rows
            break
    assert widths[-1] == 39, widths
    dashboard.child.send("q")
    assert dashboard.finish() == 0


def test_ctrl_backslash_is_just_a_key_in_the_dashboard(sandbox):
    # Ctrl-\ would send SIGQUIT, which ends the program before it can restore the terminal.
    dashboard = Dashboard(sandbox)
    dashboard.expect("no measurements yet")
    dashboard.child.send("\x1c")
    dashboard.child.send("q")
    assert dashboard.finish() == 0


def test_dashboard_leaves_on_sigterm_restoring_the_terminal(sandbox):
    dashboard = Dashboard(sandbox)
    dashboard.expect("no measurements yet")
    pid = int(subprocess.run(["pgrep", "-P", str(dashboard.child.pid)], capture_output=True, text=True).stdout)
    os.kill(pid, signal.SIGTERM)
    assert dashboard.finish() == 0


def test_watch_at_the_prompt_returns_to_the_prompt(sandbox):
    child = pexpect.spawn(
        sandbox.binary, [], env=sandbox.env, cwd=str(sandbox.home), dimensions=(24, 80), encoding="utf-8",
        timeout=REDRAW,
    )
    child.expect_exact("stormrange> ")
    child.send("add 6\r")
    child.expect_exact("stormrange> ")
    child.send("watch\r")
    child.expect(r"latest +#1 ")
    child.sendintr()
    child.expect_exact(LEAVE_ALTERNATE_SCREEN)
    child.expect_exact("stormrange> ")
    child.send("watch\r")
    child.expect(r"latest +#1 ")
    child.send("q")
    child.expect_exact("stormrange> ")
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("columns", [100, 60])
def test_dashboard_wraps_the_advice_at_spaces_and_never_cuts_it(sandbox, columns):
    # Issue 17: at 100 columns the advice line was cut mid-word. A detector's reading gives the
    # longest advice ("lightning was detected … ago"); it is wrapped under the labels instead.
    add(sandbox, "10", "km", "source", "as3935")
    dashboard = Dashboard(sandbox, rows=30, columns=columns)
    dashboard.expect(r"\x1b\[H([\s\S]*?)\x1b\[J")
    rows = [row.replace("\x1b[K", "").replace("\r", "") for row in dashboard.child.match[1].split("\n")]
    assert all(len(row) < columns for row in rows), rows
    start = next(number for number, row in enumerate(rows) if row.startswith("advice "))
    end = next(number for number, row in enumerate(rows) if row.startswith("all clear "))
    assert all(row.startswith(" " * 11) for row in rows[start + 1 : end]), rows
    advice = " ".join(row.strip() for row in rows[start:end])
    assert advice.startswith("advice     SHELTER NOW: lightning was detected ")
    assert "; when thunder roars, go indoors lightning within about 10 km in the last 30 minutes" in advice
    dashboard.child.send("q")
    assert dashboard.finish() == 0


# Issue 17 (probe): on a short terminal the frame was cut at the bottom, so the advice went first: at
# 80 × 10 its sentence was cut and "lightning within about 10 km" and the all-clear were gone; at
# 40 × 15 there was no advice at all. Now the other rows give way, whole, and the advice never does.

ADVICE = re.compile(
    r"advice +SHELTER NOW: thunder was heard .+ ago \(\d\d:\d\d:\d\d\); when thunder roars, go indoors "
    r"lightning within about 10 km in the last 30 minutes"
)
# Dated when it is tomorrow (after 23:30).
ALL_CLEAR = re.compile(r"all clear +in \d\d:\d\d \(at (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\) if no more thunder is heard")


@pytest.mark.parametrize(
    "columns, rows, labels",
    [
        # The rows give way in order: storm, ranges, motion, closest, trend, chance, latest.
        (80, 10, ["stormrange", "latest", "trend", "chance", "advice", "all"]),
        (40, 15, ["stormrange", "latest", "advice", "all"]),
        (100, 7, ["stormrange", "latest", "chance", "advice", "all"]),
        (60, 7, ["stormrange", "advice", "all"]),
        (80, 24, ["stormrange", "latest", "storm", "ranges", "trend", "chance", "motion", "closest", "advice", "all"]),
    ],
)
def test_a_short_dashboard_gives_way_to_the_advice_and_the_all_clear(sandbox, columns, rows, labels):
    # A storm like the probe's: current, with bearings, the last thunder just heard, but timed for
    # long enough (20 minutes, 15 km to 3.4 km) that the nowcast of issue 20 finds its track, so
    # the dashboard has a motion and a closest approach to give way. (The probe's own three
    # measurements over 12 minutes are, to it, not seen to move: no closest-approach row.)
    for delay, seconds_ago, bearing in [(45, 1200, 250), (38, 960, 250), (31, 720, 255), (24, 480, 255), (17, 240, 260)]:
        add(sandbox, str(delay), "at", iso(seconds_ago), "from", str(bearing))
    add(sandbox, "10", "from", "260")
    dashboard = Dashboard(sandbox, rows=rows, columns=columns)
    dashboard.expect(r"\x1b\[H([\s\S]*?)\x1b\[J")
    frame = [row.replace("\x1b[K", "").replace("\r", "") for row in dashboard.child.match[1].split("\n")]
    assert len(frame) <= rows and all(len(row) < columns for row in frame), frame
    # Whole rows, continuation lines under their values, in their order.
    assert [row.split()[0] for row in frame if row and not row.startswith(" ")] == labels, frame
    start = next(number for number, row in enumerate(frame) if row.startswith("advice "))
    end = next(number for number, row in enumerate(frame) if row.startswith("all clear "))
    assert ADVICE.fullmatch(" ".join(row.strip() for row in frame[start:end])), frame
    assert ALL_CLEAR.fullmatch(" ".join(row.strip() for row in frame[end:] if row)), frame
    dashboard.child.send("q")
    assert dashboard.finish() == 0
