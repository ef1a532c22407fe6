#!/usr/bin/env python3
"""Issue 4's figures for stormrange, with the peers measured in the same run.

Run through Scripts/bench, which builds in release mode and installs hyperfine and sqlite3. Prints one
Markdown table of medians (min–max) with targets, peer figures and ratios; with --update-readme it
also replaces the table between the BENCHMARK markers in README.md, with the date and the machine.

Benchmarks are not tests: nothing here fails on a slow figure. The machine is shared and noisy, so
every figure is a median of repeated runs.
"""

import argparse
import datetime
import json
import os
import platform
import plistlib
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("STORMRANGE_BIN", os.path.join(ROOT, ".build/release/stormrange"))
PEER = os.environ.get("STORMRANGE_PEER_BIN", os.path.join(ROOT, ".build/release/stormrange-peer-benchmark"))
SPEED = 331.3 * (1 + 20 / 273.15) ** 0.5


def make_history(path, count, seed=1):
    """A history of `count` measurements as v1 defines it, every third with a note."""
    rng = random.Random(seed)
    start = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)
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
    with open(path, "wb") as file:
        plistlib.dump(entries, file, fmt=plistlib.FMT_XML)


class Figure:
    """Samples in milliseconds (or MB) with their summary."""

    def __init__(self, samples, unit="ms"):
        self.samples = sorted(samples)
        self.unit = unit

    @property
    def median(self):
        return statistics.median(self.samples)

    def text(self):
        digits = 1 if self.median >= 10 else 2
        low, high = self.samples[0], self.samples[-1]
        return f"{self.median:.{digits}f} {self.unit} ({low:.{digits}f}–{high:.{digits}f})"


def hyperfine(commands, runs, prepare=None, stdin=None, env=None):
    """Runs hyperfine (without a shell unless stdin is redirected); a Figure per command, in ms."""
    with tempfile.NamedTemporaryFile(suffix=".json") as export:
        arguments = ["hyperfine", "--style", "none", "--warmup", "3", "--runs", str(runs),
                     "--export-json", export.name]
        if prepare:
            arguments += ["--prepare", prepare]
        if stdin:
            # hyperfine 1.15 (Debian 12) has no --input: redirect in its shell, whose own start-up
            # hyperfine measures and subtracts.
            commands = [f"{command} < {stdin}" for command in commands]
        else:
            arguments.append("-N")
        subprocess.run(arguments + commands, check=True, stdout=subprocess.DEVNULL, env=env)
        results = json.load(open(export.name))["results"]
    return [Figure([t * 1000 for t in result["times"]]) for result in results]


def peak_memory_mb(arguments, runs=5):
    """Maximum resident set size of a command, in MB, via wait4's rusage."""
    samples = []
    for _ in range(runs):
        process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(process.pid, 0)
        samples.append(usage.ru_maxrss / 1024)
    return Figure(samples, "MB")


def live_adds(history, count):
    """One add at a time through a pipe to a running session: send a line, wait for its
    confirmation (which v1 prints only once the measurement is on disk)."""
    process = subprocess.Popen([BIN, "--file", history], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True, bufsize=1)
    process.stdin.write("show 1\n")
    process.stdin.flush()
    process.stdout.readline()
    process.stdout.readline()  # the first access loads the history; not part of an add
    samples = []
    for index in range(count):
        started = time.perf_counter()
        process.stdin.write(f"add {5 + index % 7} note live {index}\n")
        process.stdin.flush()
        line = process.stdout.readline()
        samples.append((time.perf_counter() - started) * 1000)
        assert line.startswith("#"), line
    process.stdin.close()
    process.wait()
    return Figure(samples)


def peer_times(mode, history, runs):
    """Foundation's coders on the same file, timed inside the peer process."""
    samples = []
    for _ in range(runs):
        output = subprocess.run([PEER, mode, history], check=True, capture_output=True, text=True).stdout
        samples.append(float(output.split()[0]))
    return Figure(samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke test)")
    parser.add_argument("--update-readme", action="store_true", help="write the table into README.md")
    options = parser.parse_args()
    runs = 5 if options.quick else 30
    slow_runs = 3 if options.quick else 11

    work = tempfile.mkdtemp(prefix="stormrange-bench-")
    env = dict(os.environ, HOME=work, XDG_CONFIG_HOME=work + "/config", XDG_STATE_HOME=work + "/state")
    os.environ.update(env)
    histories = {}
    for count in (1_000, 10_000, 100_000):
        histories[count] = os.path.join(work, f"history-{count}.plist")
        make_history(histories[count], count)
    scratch = os.path.join(work, "scratch.plist")
    missing = os.path.join(work, "missing.plist")
    rows = []

    def row(figure, target, value, peer="", ratio=""):
        rows.append((figure, target, value, peer, ratio))
        print(f"  {figure}: {value}  {peer} {ratio}", file=sys.stderr, flush=True)

    print(f"measuring (histories: 1k {os.path.getsize(histories[1000]) // 1000} kB, "
          f"10k {os.path.getsize(histories[10000]) // 1000} kB, "
          f"100k {os.path.getsize(histories[100000]) // 1_000_000} MB)…", file=sys.stderr)

    # 1 and 2: start-up, with and without a large history present (the load is lazy).
    with_history, without = hyperfine(
        [f"{BIN} --file {histories[100000]} help", f"{BIN} --file {missing} help"], runs * 3, env=env)
    row("`help` with a 100k history ÷ with none", "≤ 1.05", f"{with_history.median / without.median:.3f}",
        f"{with_history.text()} vs {without.text()}")
    row("`help`, start to exit", "≤ 5 ms", without.text())

    # 3: first access.
    for count, target, peer_hint in ((1_000, "", ""), (10_000, "≤ 40 ms", "~50 ms"), (100_000, "≤ 250 ms", "~490 ms")):
        (show,) = hyperfine([f"{BIN} --file {histories[count]} show 1"], runs if count < 100_000 else slow_runs, env=env)
        if count == 1_000:
            row("`show 1`, 1k stored", "", show.text())
            continue
        peer = peer_times("decode", histories[count], slow_runs)
        row(f"`show 1`, {count // 1000}k stored (first access)", target, show.text(),
            f"Foundation PropertyListDecoder alone: {peer.text()}", f"{show.median / peer.median:.2f}×")

    # 4: one add in a live session.
    for count, target in ((10_000, "≤ 5 ms"), (100_000, "≤ 40 ms")):
        shutil.copy(histories[count], scratch)
        add = live_adds(scratch, 41 if count == 10_000 else 21)
        peers = []
        for _ in range(slow_runs):
            shutil.copy(histories[count], scratch)
            peers.append(peer_times("add", scratch, 1).median)
        peer = Figure(peers)
        row(f"one `add` in a live session, {count // 1000}k stored", target, add.text(),
            f"PropertyListEncoder re-encode + atomic write: {peer.text()}", f"{add.median / peer.median:.2f}×")

    # 5: 10,000 piped adds into an empty history, against sqlite3's shell in WAL mode.
    adds = os.path.join(work, "adds.txt")
    with open(adds, "w") as file:
        for index in range(10_000):
            file.write(f"add {1 + index % 60}.{index % 10} note row {index}\n")
    inserts = os.path.join(work, "inserts.sql")
    database = os.path.join(work, "peer.sqlite")
    with open(inserts, "w") as file:
        file.write("PRAGMA journal_mode=WAL;\nCREATE TABLE IF NOT EXISTS m(date TEXT, delay REAL, distance REAL,"
                   " temperature REAL, speed REAL, note TEXT);\n")
        for index in range(10_000):
            delay = 1 + index % 60 + (index % 10) / 10
            file.write(f"INSERT INTO m VALUES(datetime('now'), {delay}, {delay * SPEED}, 20, {SPEED}, 'row {index}');\n")
    (piped,) = hyperfine([f"{BIN} --file {scratch}"], slow_runs, prepare=f"rm -f {scratch}", stdin=adds, env=env)
    (sqlite,) = hyperfine([f"sqlite3 {database}"], 5 if not options.quick else 2,
                          prepare=f"rm -f {database} {database}-wal {database}-shm", stdin=inserts, env=env)
    row("10,000 `add` lines piped into an empty history", "≤ 300 ms and ≤ 0.25× sqlite3", piped.text(),
        f"sqlite3 shell, 10,000 autocommit INSERTs, WAL: {sqlite.text()}", f"{piped.median / sqlite.median:.3f}×")

    # 6: show everything into a pipe.
    (show_all,) = hyperfine([f"{BIN} --file {histories[100000]} show"], slow_runs, env=env)
    row("`show` of 100k into a pipe", "≤ 300 ms", show_all.text())

    # 7: memory.
    memory = peak_memory_mb([BIN, "--file", histories[100000], "show", "1"])
    row("peak resident memory, 100k loaded (`show 1`)", "≤ 80 MB", memory.text())

    cpu = "unknown CPU"
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    heading = (f"Measured {datetime.date.today().isoformat()} on {os.cpu_count()} cores ({cpu}), "
               f"{platform.system()} {platform.release()}, release build; median (min–max).")
    table = ["| figure | target | stormrange | peer, same run | ratio |", "|---|---|---|---|---|"]
    table += [f"| {a} | {b} | {c} | {d} | {e} |" for a, b, c, d, e in rows]
    text = heading + "\n\n" + "\n".join(table) + "\n"
    print(text)
    if options.update_readme:
        readme = os.path.join(ROOT, "README.md")
        content = open(readme).read()
        begin, end = "<!-- BENCHMARK:BEGIN -->", "<!-- BENCHMARK:END -->"
        if begin in content and end in content:
            before = content.split(begin)[0]
            after = content.split(end)[1]
            open(readme, "w").write(before + begin + "\n" + text + end + after)
            print("README.md updated", file=sys.stderr)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
