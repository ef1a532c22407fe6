#!/usr/bin/env python3
"""Issue 8's performance figures: each one stormrange's time ÷ a peer's, both timed in the same run.

Absolute times moved 3–4× between two machines, so every figure but memory is a ratio to a peer
measured here, now, right beside it. A figure is the ratio of the two medians; the table also gives
each side's median (min–max) in ms. H10k and H100k are v1 histories of 10,000 and 100,000
measurements (XML property lists, every third with a note), made by make_entries. The two sides of
each figure take turns in rounds, so that a burst of load from elsewhere falls on both.

1. `help` beside a 100k history ÷ beside none (≤ 1.05): `stormrange --file H100k help` ÷
   `stormrange --file MISSING help`. The history loads lazily, so a command that does not need it
   must not pay for its size.
2. `help` ÷ a Swift program that imports Foundation and does nothing (≤ 0.8):
   `stormrange --file MISSING help` ÷ `stormrange-peer-benchmark nothing`, which returns at once,
   built as `swift build -c release` builds a program by default: linked dynamically, so it loads
   the Foundation it imports, as such a program does. (Linked statically, a program that does nothing
   carries no Foundation at all, and would time an empty program.)
3. First access (≤ 0.15): `stormrange --file H100k show 1`, start to exit ÷ the peer reading H100k and
   decoding it with Foundation's PropertyListDecoder, timed inside the peer (its start-up left out).
4. A durable add at 10k (≤ 0.15): one `add` sent to a running session whose 10k history is loaded,
   until its confirmation, which comes once it is on disk (the file and its directory fsync'd) ÷ the
   peer's own timing of what a Foundation program does for an add: reading and decoding the file
   with PropertyListDecoder, appending one entry, encoding with PropertyListEncoder and writing
   atomically (Data.write(options: .atomic), which fsyncs the file). stormrange re-reads the file
   only when another process changed it; a note gives the one-shot `stormrange add`, start to exit,
   against the peer program as a whole process, both reading the file first.
5. 10,000 piped adds (≤ 0.1): 10,000 `add` lines on standard input into a missing history ÷ the
   sqlite3 shell reading 10,000 INSERTs on standard input into a new database in WAL mode, each its
   own transaction (autocommit, sqlite3's default synchronous setting).
6. Printing (≤ 1.0): `show` of H100k minus `show 1` of H100k — the cost of formatting and writing
   the rows — ÷ `sqlite3 -column DB 'select * from h'` over the same 100,000 rows with the same
   columns (#, date, delay in s, distance in km, note). All three write into a pipe read to the end.
   The two are subtracted rank by rank (fastest `show` minus fastest `show 1`, and so on): the median
   of these differences is the difference of the medians; min–max are the smallest and the largest.
   (sqlite3 prints no header into a pipe; `show` prints its one header line.)
7. Peak memory with 100k loaded (≤ 80 MB): the maximum resident set of `show 1` of H100k, in MB,
   absolute, as GNU time reports it.
8. `watch` when nothing changes (≤ 1 % of a core): `stormrange --file H100k watch --json` into a
   pipe, once its first line is out: the CPU time it uses (user + system, from /proc/PID/stat) over
   a fixed stretch of wall time, in % of one core. H100k's storm is long over, so nothing is due
   until the history changes. Two notes
   give the same for a storm that is current (its last flash a minute ago: the status is computed
   again once a minute, so the stretch is 65 s) and for the dashboard at an 80×24 terminal, whose
   countdown ticks every second from the last result.

9. A strike to the status on an MQTT broker at 10k (issue 21; no goal): from an MQTT message to
   `mqtt --subscribe`, and from a line on `ingest km`'s standard input, to the status that holds it
   arriving from a real broker, median and 99th percentile, ÷ a one-shot `add … km` at 10k, start
   to exit (Benchmarks/bench_mqtt.py).

10. `status` of a storm of 100k measurements ÷ `show 1` of the same file (issue 20: at most 1.5 ×
   the 2.20 measured before the nowcast, so 3.3): `stormrange --file H100k-current status`, whose
   100,000 measurements a minute apart are one storm that is current, ÷ `stormrange --file
   H100k-current show 1`, both start to exit. The nowcast reads the storm's last 90 minutes.

11. Located strikes live (issue 32; no goal): 200 strikes a second of three cells fed to `ingest
   blitzortung`, each dated as it is written, into a history of 5,000 located groups (a day of three
   busy cells) ÷ 200 lines a second of `ingest km` into the same history: the CPU time each process
   used over the same stretch of wall time (Benchmarks/bench_located.py); a note gives the peak
   memory of `ingest blitzortung`.

12. Cells (issue 33: at most 2): `status` of a day of three current cells ÷ `status` of a day of one
   storm with as many located groups at the same dates, both start to exit; a note gives the resident
   set of `ingest blitzortung` and of `watch --json` at the first and the last hour of a day of three
   cells fed live under a clock sped up (Benchmarks/bench_cells.py).

Run through Scripts/bench, which builds both programs and installs hyperfine, sqlite3, GNU time and
mosquitto.
It prints the machine, then the table; --update-docs also writes both into docs/performance.md
between the BENCHMARK markers; --quick takes fewer runs, for a check that everything runs.

Benchmarks are not tests: nothing here fails on a slow figure, and no test depends on a timing.
"""

import argparse
import contextlib
import datetime
import fcntl
import json
import os
import platform
import plistlib
import random
import shutil
import signal
import sqlite3
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from dataclasses import dataclass

import bench_cells
import bench_located
import bench_mqtt

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("STORMRANGE_BIN", os.path.join(ROOT, ".build/release/stormrange"))
PEER = os.environ.get("STORMRANGE_PEER_BIN", os.path.join(ROOT, ".build/release/stormrange-peer-benchmark"))
# The same peer as `swift build -c release` builds it by default, linked dynamically (Scripts/bench).
PEER_DYNAMIC = os.environ.get(
    "STORMRANGE_PEER_DYNAMIC_BIN", os.path.join(ROOT, ".build-dynamic/release/stormrange-peer-benchmark"))
# --baseline: an older stormrange, measured for every figure beside this one (main says how).
BASELINE = None
TABLE_DOCUMENT = os.path.join(ROOT, "docs", "performance.md")
MARKERS = ("<!-- BENCHMARK:BEGIN -->", "<!-- BENCHMARK:END -->")
SPEED = 331.3 * (1 + 20 / 273.15) ** 0.5
START = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)


# Samples and their summaries.


class Figure:
    """Samples in ms (or MB), summarised as median (min–max)."""

    def __init__(self, samples, unit="ms"):
        self.samples = sorted(samples)
        self.unit = unit

    @property
    def median(self):
        return statistics.median(self.samples)

    def text(self):
        digits = 1 if abs(self.median) >= 10 else 2
        low, high = self.samples[0], self.samples[-1]
        return f"{self.median:.{digits}f} {self.unit} ({low:.{digits}f}–{high:.{digits}f})"


def difference(minuend, subtrahend):
    """minuend − subtrahend, rank by rank (both have the same number of samples): the median of the
    differences is the difference of the medians."""
    assert len(minuend.samples) == len(subtrahend.samples)
    return Figure([a - b for a, b in zip(minuend.samples, subtrahend.samples)], minuend.unit)


@dataclass
class Row:
    """One goal of issue 8: stormrange's figure, the peer's, and the bound on their ratio (or on
    stormrange's figure alone when there is no peer)."""

    name: str
    ours: Figure
    peer: Figure | None
    goal: str | None  # the bound, as the issue writes it; None: a figure to know, with no bound
    note: str = ""

    @property
    def value(self):
        return self.ours.median / self.peer.median if self.peer and not self.absolute else self.ours.median

    @property
    def absolute(self):
        """Whether the goal bounds stormrange's figure itself; a peer is then only shown beside it."""
        return self.ours.unit != "ms"

    @property
    def met(self):
        return self.goal is None or self.value <= float(self.goal)

    def cells(self):
        """figure, stormrange, peer, ratio, goal, met."""
        if self.peer is not None and self.absolute:
            ratio = f"{self.ours.median / self.peer.median:.3f}" if self.peer.median else "—"
            return [self.name, self.ours.text(), self.peer.text(), ratio, f"≤ {self.goal} {self.ours.unit}",
                    self.verdict()]
        if self.peer is None:
            return [self.name, self.ours.text(), "—", "—", f"≤ {self.goal} {self.ours.unit}", self.verdict()]
        goal = "—" if self.goal is None else f"≤ {self.goal}"
        return [self.name, self.ours.text(), self.peer.text(), f"{self.value:.3f}", goal, self.verdict()]

    def verdict(self):
        if self.goal is None:
            return "—"
        return "met" if self.met else "**not met**"


@dataclass
class Runs:
    """How many rounds the two sides of a figure take turns for, and how many timed runs each side
    has in a round: for fast commands (a few ms), slow ones (up to about a second) and long ones."""

    rounds: int
    fast: int
    slow: int
    long: int


FULL = Runs(rounds=5, fast=13, slow=3, long=1)
QUICK = Runs(rounds=3, fast=5, slow=1, long=1)


# Running things.


def in_turns(rounds, *measures):
    """Calls each measure (which returns a list of Figures) in turn, `rounds` times, and pools each
    Figure's samples across the rounds: a passing burst of load from elsewhere then falls on every
    side of a ratio, not on one."""
    pooled = None
    for _ in range(rounds):
        figures = [figure for measure in measures for figure in measure()]
        pooled = pooled or [Figure([], figure.unit) for figure in figures]
        for into, figure in zip(pooled, figures):
            into.samples = sorted(into.samples + figure.samples)
    return pooled


def hyperfine(commands, runs, prepare=None, stdin=None, output="null"):
    """A Figure (ms) per command from one hyperfine run, each command timed `runs` times after
    warm-up runs. Without a shell, unless standard input is redirected: hyperfine 1.15 (Debian 12)
    has no --input, so then the redirection is done by its shell, whose own start-up hyperfine
    measures and subtracts."""
    warmup = 1 if runs <= 5 else 3
    with tempfile.NamedTemporaryFile(suffix=".json") as export:
        arguments = ["hyperfine", "--style", "none", "--warmup", str(warmup), "--runs", str(runs),
                     "--output", output, "--export-json", export.name]
        if prepare:
            arguments += ["--prepare", prepare]
        if stdin:
            commands = [f"{command} < {stdin}" for command in commands]
        else:
            arguments.append("-N")
        run = subprocess.run(arguments + commands, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if run.returncode != 0:
            sys.exit(f"hyperfine failed:\n{run.stderr}")
        results = json.load(open(export.name))["results"]
    return [Figure([seconds * 1000 for seconds in result["times"]]) for result in results]


def peer_times(mode, history, runs, expected_count, scratch=None):
    """The peer's own timing of `mode` on `history` (on a fresh copy at `scratch` each run if given),
    after one warm-up run; a list of one Figure, as in_turns wants."""
    samples = []
    for _ in range(runs + 1):
        path = history
        if scratch:
            shutil.copy(history, scratch)
            path = scratch
        output = subprocess.run([PEER, mode, path], check=True, capture_output=True, text=True).stdout
        milliseconds, count = output.split()
        assert int(count) == expected_count, output
        samples.append(float(milliseconds))
    return [Figure(samples[1:])]


def live_add_ms(history, count):
    """One add at a time through a pipe to a running session, the history already loaded: send a
    line, wait for its confirmation, which stormrange prints once the measurement is on disk."""
    process = subprocess.Popen([BIN, "--file", history], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True, bufsize=1)
    process.stdin.write("show 1\n")  # the first access loads the history; not part of an add
    process.stdin.flush()
    process.stdout.readline()
    process.stdout.readline()
    samples = []
    for index in range(count):
        started = time.perf_counter()
        process.stdin.write(f"add {5 + index % 7} note live {index}\n")
        process.stdin.flush()
        line = process.stdout.readline()
        samples.append((time.perf_counter() - started) * 1000)
        assert line.startswith("#"), line
    process.stdin.close()
    assert process.wait() == 0
    return Figure(samples)


def peak_memory_mb(arguments, runs):
    """Maximum resident set size of a command, in MB, as GNU time reports it. Not from our own wait4:
    Linux carries the parent's high-water mark into a child's ru_maxrss when the child execs, and
    this script, having made the histories, is bigger than stormrange."""
    samples = []
    for _ in range(runs):
        run = subprocess.run(["/usr/bin/time", "-f", "%M", *arguments], check=True, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        samples.append(int(run.stderr.splitlines()[-1]) / 1024)
    return Figure(samples, "MB")


def cpu_seconds(pid):
    """User + system CPU time of process `pid` so far, in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_cpu_percent(binary, history, seconds, dashboard=False):
    """The CPU `binary --file history watch` uses over `seconds` of wall time once it has shown the
    status, in % of one core: `--json` into a pipe, or the dashboard at an 80×24 pseudo-terminal
    (whose output a thread drains, as a terminal would)."""
    if dashboard:
        controller, terminal = os.openpty()
        fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        process = subprocess.Popen([binary, "--file", history, "watch"], stdin=terminal, stdout=terminal,
                                   stderr=terminal, env=dict(os.environ, TERM="xterm"))
        os.close(terminal)
        shown = threading.Event()

        def drain():
            with contextlib.suppress(OSError):
                while chunk := os.read(controller, 65536):
                    if b"latest" in chunk:
                        shown.set()

        threading.Thread(target=drain, daemon=True).start()
        assert shown.wait(60), "the dashboard never showed the status"
    else:
        process = subprocess.Popen([binary, "--file", history, "watch", "--json"], stdout=subprocess.PIPE)
        assert process.stdout.readline().startswith(b"{")
    time.sleep(1)  # let the first computation's last work settle
    before = cpu_seconds(process.pid)
    time.sleep(seconds)
    used = cpu_seconds(process.pid) - before
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=10)
    if dashboard:
        os.close(controller)
    return 100 * used / seconds


# The data.


def make_entries(count, seed=1, start=START):
    """`count` measurements as v1 stores them, one a minute from `start` (2020-01-01 UTC), every third
    with a note."""
    rng = random.Random(seed)
    entries = []
    for index in range(count):
        delay = round(rng.uniform(1, 60), 2)
        entry = {
            "date": start + datetime.timedelta(seconds=60 * index),
            "delay": delay,
            "distance": delay * SPEED,
            "temperature": 20.0,
            "speedOfSound": SPEED,
        }
        if index % 3 == 0:
            entry["note"] = f"cell {index // 50} over the ridge"
        entries.append(entry)
    return entries


def write_history(path, entries):
    with open(path, "wb") as file:
        plistlib.dump(entries, file, fmt=plistlib.FMT_XML)


def write_table_database(path, entries):
    """The rows `show` prints, as a table h of a SQLite database: the number, the date as text (UTC,
    which is how the benchmark runs stormrange), the delay in s and the distance in km as shown
    (two decimals), the note or NULL."""
    database = sqlite3.connect(path)
    database.execute('CREATE TABLE h("#" INTEGER PRIMARY KEY, date TEXT, delay REAL, distance REAL, note TEXT)')
    database.executemany("INSERT INTO h VALUES (?, ?, ?, ?, ?)", (
        (number, entry["date"].strftime("%Y-%m-%d %H:%M:%S"), entry["delay"],
         round(entry["distance"] / 1000, 2), entry.get("note"))
        for number, entry in enumerate(entries, start=1)))
    database.commit()
    database.close()


def write_piped_inputs(work, count):
    """`count` add lines for stormrange, and the same rows as SQL for sqlite3's shell."""
    adds = os.path.join(work, "adds.txt")
    inserts = os.path.join(work, "inserts.sql")
    with open(adds, "w") as stormrange, open(inserts, "w") as sql:
        sql.write("PRAGMA journal_mode=WAL;\nCREATE TABLE m(date TEXT, delay REAL, distance REAL,"
                  " temperature REAL, speed REAL, note TEXT);\n")
        for index in range(count):
            delay = 1 + index % 60 + (index % 10) / 10
            stormrange.write(f"add {delay:.1f} note row {index}\n")
            sql.write(f"INSERT INTO m VALUES(datetime('now'), {delay}, {delay * SPEED}, 20, {SPEED},"
                      f" 'row {index}');\n")
    return adds, inserts


def check_same_rows(history, database, count):
    """`show` prints a header and `count` rows; the sqlite3 peer, writing to a pipe, the rows alone."""
    for arguments, lines in (([BIN, "--file", history, "show"], count + 1),
                             (["sqlite3", "-column", database, "select * from h"], count)):
        output = subprocess.run(arguments, check=True, capture_output=True).stdout
        assert output.count(b"\n") == lines, (arguments, output.count(b"\n"), lines)


# The figures, one function per goal of issue 8, point 11.


def help_beside_history(files, runs):
    commands = [f"{BIN} --file {files.h100k} help", f"{BIN} --file {files.missing} help"]
    beside, alone = in_turns(runs.rounds, lambda: hyperfine(commands, runs.fast))
    return Row("`help` beside a 100k history ÷ beside none", beside, alone, "1.05")


def help_versus_foundation(files, runs):
    commands = [f"{BIN} --file {files.missing} help", f"{PEER_DYNAMIC} nothing"]
    ours, peer = in_turns(runs.rounds, lambda: hyperfine(commands, runs.fast))
    return Row("`help` ÷ a Swift program that imports Foundation and does nothing", ours, peer, "0.8")


def first_access(files, runs):
    ours, peer = in_turns(runs.rounds, lambda: hyperfine([f"{BIN} --file {files.h100k} show 1"], runs.slow),
                          lambda: peer_times("decode", files.h100k, runs.slow, 100_000))
    return Row("first access (`show 1`) of 100k ÷ Foundation's PropertyListDecoder decoding the file",
               ours, peer, "0.15")


def durable_add(files, runs):
    def live():
        shutil.copy(files.h10k, files.scratch)
        return [live_add_ms(files.scratch, 4 * runs.slow)]

    ours, peer = in_turns(runs.rounds, live,
                          lambda: peer_times("add", files.h10k, runs.slow, 10_001, scratch=files.scratch))
    commands = [f"{BIN} --file {files.scratch} add 6.5 note bench", f"{PEER} add {files.scratch}"]
    one_shot, peer_process = in_turns(
        runs.rounds, lambda: hyperfine(commands, runs.slow, prepare=f"cp {files.h10k} {files.scratch}"))
    return Row("a durable `add` at 10k ÷ Foundation decoding, appending, encoding, writing atomically",
               ours, peer, "0.15",
               note=f"Durable add, one-shot (not a goal): `stormrange add` at 10k, start to exit, took "
                    f"{one_shot.text()}, the peer program doing its add {peer_process.text()}, both whole "
                    f"processes that read the file first: {one_shot.median / peer_process.median:.3f}.")


def piped_adds(files, runs):
    database = files.scratch + ".sqlite"
    ours, peer = in_turns(runs.rounds,
                          lambda: hyperfine([f"{BIN} --file {files.scratch}"], runs.long,
                                            prepare=f"rm -f {files.scratch}", stdin=files.adds),
                          lambda: hyperfine([f"sqlite3 {database}"], runs.long,
                                            prepare=f"rm -f {database} {database}-wal {database}-shm",
                                            stdin=files.inserts))
    return Row("10,000 piped `add`s ÷ the sqlite3 shell inserting 10,000 rows, WAL, autocommit", ours, peer, "0.1")


def printing(files, runs):
    commands = [f"{BIN} --file {files.h100k} show", f"{BIN} --file {files.h100k} show 1",
                f"sqlite3 -column {files.table} 'select * from h'"]
    show_all, show_one, peer = in_turns(runs.rounds, lambda: hyperfine(commands, runs.slow, output="pipe"))
    return Row("printing: `show` − `show 1`, 100k ÷ `sqlite3 -column db 'select * from h'`, 100k rows",
               difference(show_all, show_one), peer, "1.0",
               note=f"Printing: `show` of 100k took {show_all.text()}, `show 1` of 100k {show_one.text()}.")


def peak_memory(files, runs):
    memory = peak_memory_mb([BIN, "--file", files.h100k, "show", "1"], runs.rounds)
    return Row("peak memory with 100k loaded (`show 1`)", memory, None, "80")


def idle_watch(files, runs):
    def measure(history, seconds, dashboard=False):
        return Figure([idle_cpu_percent(BIN, history, seconds, dashboard) for _ in range(runs.long)],
                      "% of a core")

    seconds = 10 if runs is FULL else 5
    current = 65 if runs is FULL else 15
    over = measure(files.h100k, seconds)
    storm = measure(files.h100k_current, current)
    screen = measure(files.h100k, seconds, dashboard=True)
    return Row("`watch --json` when nothing changes, 100k history, storm over", over, None, "1",
               note=f"`watch` when nothing changes, 100k history (not a goal): `--json` with the storm current "
                    f"(its last flash a minute before, computed again once a minute; over {current} s) "
                    f"{storm.text()}; the dashboard at 80×24, storm over, {screen.text()}.")


def mqtt_latency(files, runs):
    """Issue 21: a strike to the status on an MQTT broker (Benchmarks/bench_mqtt.py says how)."""
    samples = 200 if runs is FULL else 30
    by_message, by_line = bench_mqtt.measure(BIN, files.h10k, samples)
    (one_shot,) = in_turns(runs.rounds, lambda: hyperfine(
        [f"{BIN} --file {files.scratch} add 12.5 km"], runs.slow, prepare=f"cp {files.h10k} {files.scratch}"))
    return Row("a strike to the status on an MQTT broker at 10k: an MQTT message ÷ a one-shot `add` at 10k",
               Figure(by_message), one_shot, None,
               note=f"A strike to the status on an MQTT broker at 10k (not a goal; {samples} strikes each): "
                    f"an MQTT message to `mqtt --subscribe` {bench_mqtt.summary(by_message)}; a line on "
                    f"`ingest km`'s standard input, which `mqtt` sees saved and reads again, "
                    f"{bench_mqtt.summary(by_line)}; a one-shot `stormrange add 12.5 km` at 10k, start to exit, "
                    f"{one_shot.text()}.")


def nowcast_status(files, runs):
    commands = [f"{BIN} --file {files.h100k_current} status", f"{BIN} --file {files.h100k_current} show 1"]
    status, show = in_turns(runs.rounds, lambda: hyperfine(commands, runs.slow))
    return Row("`status` of a current storm of 100k ÷ `show 1` of the same file", status, show, "3.3")


def located_live(files, runs):
    seconds = 20 if runs is FULL else 5
    rounds = bench_located.measure(BIN, files.scratch, 200, seconds, runs.rounds)
    located = Figure([round[0] * 1000 for round in rounds])
    km = Figure([round[1] * 1000 for round in rounds])
    memory = Figure([round[2] for round in rounds], "MB")
    return Row(f"200 located strikes a second for {seconds} s into 5,000 groups, CPU ÷ 200 `ingest km` lines a second",
               located, km, None,
               note=f"Located strikes live (not a goal): `ingest blitzortung` used {located.text()} of CPU over "
                    f"{seconds} s ({located.median / seconds / 10:.1f} % of a core), `ingest km` at the same rate "
                    f"{km.text()}; peak memory of `ingest blitzortung` {memory.text()}.")


def cells(files, runs):
    three, one = bench_cells.histories(BIN, os.path.dirname(files.scratch))
    commands = [f"{BIN} --file {three} status", f"{BIN} --file {one} status"]
    cells_status, storm_status = in_turns(runs.rounds, lambda: hyperfine(commands, runs.slow))
    rate = 240 if runs is FULL else 1440
    day = bench_cells.memory_over_a_day(BIN, os.path.dirname(files.scratch), rate)
    assert day["cells"] == 3, f"watch never listed three cells: {day}"

    def first_to_last(samples):
        return f"{samples[0]:.1f} MB at the first hour, {max(samples):.1f} MB at most, {samples[-1]:.1f} MB at the last"

    return Row("`status` of a day of three current cells ÷ of one storm of as many groups", cells_status,
               storm_status, "2",
               note=f"Cells over a day (issue 33): {day['strikes']:,} strikes of three cells fed to "
                    f"`ingest blitzortung` under a clock {rate} × as fast, with `watch --json` following "
                    f"({day['lines']} lines, at most {day['cells']} cells): `ingest` "
                    f"{first_to_last(day['ingest'])}; `watch` {first_to_last(day['watch'])}. Started afresh "
                    f"on the day's history at its end: `ingest` {day['fresh']['ingest']:.1f} MB, "
                    f"`watch` {day['fresh']['watch']:.1f} MB.")


GOALS = [help_beside_history, help_versus_foundation, first_access, durable_add, piped_adds, printing,
         peak_memory, idle_watch, mqtt_latency, nowcast_status, located_live, cells]


# The machine and the report.


def command_line(arguments):
    """The first line a tool prints, or "unknown"."""
    try:
        output = subprocess.run(arguments, capture_output=True, text=True, timeout=60).stdout
        return output.strip().splitlines()[0]
    except (OSError, subprocess.SubprocessError, IndexError):
        return "unknown"


def machine_facts(work, runs, load_before):
    """What the figures were measured on, for the lines above the table."""
    cpu = "unknown CPU"
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    load_after = os.getloadavg()[0]
    return [
        f"Measured {datetime.date.today().isoformat()} on {len(os.sched_getaffinity(0))} CPUs ({cpu}), "
        f"{platform.system()} {platform.release()}, work files on "
        f"{command_line(['findmnt', '-n', '-o', 'FSTYPE', '--target', work])}; "
        f"load average {load_before:.2f} before, {load_after:.2f} after.",
        f"{command_line(['swift', '--version'])}, release build with --static-swift-stdlib; "
        f"sqlite3 {command_line(['sqlite3', '--version']).split(' ')[0]}; {command_line(['hyperfine', '--version'])}.",
        f"Each side: median (min–max) of {runs.fast * runs.rounds} runs for `help` and `nothing`, "
        f"{runs.long * runs.rounds} for the piped adds and inserts, {runs.slow * runs.rounds} for the rest, "
        f"the two sides taking turns in {runs.rounds} rounds, each after warm-up runs; "
        f"ratio = stormrange's median ÷ the peer's.",
    ]


def render(facts, rows, beside=None):
    table = ["| figure: stormrange ÷ peer | stormrange | peer, same run | ratio | goal | met |",
             "|---|---|---|---|---|---|"]
    table += ["| " + " | ".join(row.cells()) + " |" for row in rows]
    notes = [row.note for row in rows if row.note]
    parts = ["\n".join(facts), "\n".join(table), *notes]
    if beside:
        parts.append("\n".join(baseline_table(rows, beside)))
    return "\n\n".join(parts) + "\n"


def baseline_table(rows, beside):
    """Each figure of this binary beside the same figure of --baseline's, measured right after it:
    new ÷ old, where above 1.05 is more than 5 % worse (every figure is a time, a share of a core
    or memory: lower is better)."""
    name = os.path.basename(BASELINE)
    table = [f"| figure | this stormrange | {name}, same run | new ÷ old |", "|---|---|---|---|"]
    for new, old in zip(rows, beside):
        if old is None:
            table.append(f"| {new.name} | {new.ours.text()} | cannot do this | — |")
            continue
        ratio = new.ours.median / old.ours.median if old.ours.median else float("nan")
        flag = " (worse by more than 5 %)" if ratio > 1.05 else ""
        table.append(f"| {new.name} | {new.ours.text()} | {old.ours.text()} | {ratio:.3f}{flag} |")
    return table


def update_docs(text):
    """Replaces what lies between the BENCHMARK markers in docs/performance.md."""
    begin, end = MARKERS
    name = os.path.relpath(TABLE_DOCUMENT, ROOT)
    content = open(TABLE_DOCUMENT).read()
    if content.count(begin) != 1 or content.count(end) != 1 or content.index(begin) > content.index(end):
        sys.exit(f"{name} needs exactly one {begin} … {end} pair; it was not changed")
    before, rest = content.split(begin)
    after = rest.split(end)[1]
    with open(TABLE_DOCUMENT, "w") as file:
        file.write(before + begin + "\n" + text + end + after)
    print(f"{name} updated", file=sys.stderr)


class Files:
    """The work directory's files: the histories, the peer database, the piped inputs."""

    def __init__(self, work):
        entries = make_entries(100_000)
        self.h10k = os.path.join(work, "history-10k.plist")
        self.h100k = os.path.join(work, "history-100k.plist")
        write_history(self.h10k, entries[:10_000])
        write_history(self.h100k, entries)
        self.table = os.path.join(work, "show-100k.sqlite")
        write_table_database(self.table, entries)
        self.adds, self.inserts = write_piped_inputs(work, 10_000)
        # The same measurements, the last a minute ago: a storm that is current.
        self.h100k_current = os.path.join(work, "history-100k-current.plist")
        now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
        write_history(self.h100k_current, make_entries(100_000, start=now - datetime.timedelta(minutes=100_000)))
        self.missing = os.path.join(work, "missing.plist")
        self.scratch = os.path.join(work, "scratch.plist")
        check_same_rows(self.h100k, self.table, 100_000)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs (to check that everything runs)")
    parser.add_argument("--only", action="append", metavar="FIGURE",
                        help="only this figure, by its function's name (nowcast_status, …); repeatable")
    parser.add_argument("--update-docs", action="store_true", help="write the table into docs/performance.md")
    parser.add_argument("--baseline", metavar="BINARY",
                        help="another stormrange (an older release): every figure is measured for it too, "
                             "right after this one's, and a table gives new ÷ old")
    options = parser.parse_args()
    global BASELINE, BIN
    BASELINE = options.baseline and os.path.abspath(options.baseline)
    runs = QUICK if options.quick else FULL

    work = tempfile.mkdtemp(prefix="stormrange-bench-")
    # Settings and state go to the work directory; dates print in UTC, as the peer database has them.
    os.environ.update(HOME=work, XDG_CONFIG_HOME=work + "/config", XDG_STATE_HOME=work + "/state",
                      XDG_DATA_HOME=work + "/data", TZ="UTC")
    try:
        load_before = os.getloadavg()[0]
        print("making the histories…", file=sys.stderr, flush=True)
        files = Files(work)
        rows, beside = [], []
        this = BIN
        for goal in [goal for goal in GOALS if not options.only or goal.__name__ in options.only]:
            started = time.monotonic()
            rows.append(goal(files, runs))
            name, ours, peer, ratio, bound, verdict = rows[-1].cells()
            print(f"  {name}: {ours} ÷ {peer} = {ratio}, {bound}: {verdict} ({time.monotonic() - started:.0f} s)",
                  file=sys.stderr, flush=True)
            if BASELINE:
                # The same figure for the older binary, right after, on the same files and load.
                BIN = BASELINE
                try:
                    beside.append(goal(files, runs))
                except (subprocess.CalledProcessError, AssertionError):
                    beside.append(None)  # a figure of something the older binary cannot do
                finally:
                    BIN = this
                said = beside[-1].ours.text() if beside[-1] else "cannot do this"
                print(f"    {os.path.basename(BASELINE)}: {said}", file=sys.stderr, flush=True)
        text = render(machine_facts(work, runs, load_before), rows, beside)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(text)
    if options.update_docs:
        update_docs(text)


if __name__ == "__main__":
    main()
