"""Issue 32's figure: located strikes fed live, as Blitzortung's feed brings them on a busy afternoon.

A feeder writes strikes of three cells to `ingest blitzortung` at a steady rate, each dated when it
is written, into a history of 5,000 located groups (a day of three busy cells); the same rate of
lines goes to `ingest km`, each a reading, into the same history. The figure is the CPU time each
process used (user + system, from GNU time) over the same stretch of wall time, and the peak
resident set of `ingest blitzortung`."""

import json
import random
import shutil
import subprocess
import time

CELLS = [(51.8, -0.4), (51.2, 0.3), (51.6, 0.5)]
LOCATION = ("51.5", "-0.12")


def feed(binary, arguments, history, rate, seconds, located):
    """Runs `binary --file history arguments` fed `rate` lines a second for `seconds`; returns (CPU s,
    peak MB, summary line)."""
    rng = random.Random(7)
    process = subprocess.Popen(["/usr/bin/time", "-f", "%U %S %M", binary, "--file", history, *arguments],
                               stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    start = time.monotonic()
    index = 0
    while time.monotonic() - start < seconds:
        delay = start + index / rate - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        if located:
            latitude, longitude = CELLS[index % 3]
            line = json.dumps({"lat": round(latitude + rng.gauss(0, 0.01), 5),
                               "lon": round(longitude + rng.gauss(0, 0.015), 5), "time": time.time_ns()})
        else:
            line = str(5 + index % 40)
        process.stdin.write(line + "\n")
        process.stdin.flush()
        index += 1
    process.stdin.close()
    lines = process.stderr.read().strip().splitlines()
    assert process.wait() == 0, lines
    user, system, kilobytes = lines[-1].split()
    return float(user) + float(system), int(kilobytes) / 1024, lines[-2] if len(lines) > 1 else ""


def located_history(binary, path, count=5000):
    """A history of `count` located groups: a feed of now, recorded, exported, and imported again
    `count` times over at dates 17 s apart in the last day."""
    import csv
    import datetime
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as work:
        seed = os.path.join(work, "seed.plist")
        now = time.time_ns()
        strikes = "".join(
            json.dumps({"lat": CELLS[i % 3][0] + 0.001 * i, "lon": CELLS[i % 3][1], "time": now - (300 - i) * 10**9}) + "\n"
            for i in range(300))
        subprocess.run([binary, "--file", seed, "ingest", "blitzortung"], input=strikes, text=True, check=True,
                       capture_output=True)
        exported = os.path.join(work, "seed.csv")
        subprocess.run([binary, "--file", seed, "export", "csv", exported], check=True, capture_output=True)
        rows = list(csv.DictReader(open(exported)))
        many = os.path.join(work, "many.csv")
        start = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=1)
        with open(many, "w", newline="") as out:
            writer = csv.DictWriter(out, fieldnames=rows[0].keys())
            writer.writeheader()
            for index in range(count):
                row = dict(rows[index % len(rows)])
                row["date"] = (start + datetime.timedelta(seconds=17 * index)).strftime("%Y-%m-%dT%H:%M:%SZ")
                writer.writerow(row)
        subprocess.run([binary, "--file", path, "import", many], check=True, capture_output=True)


def measure(binary, scratch, rate, seconds, rounds):
    """[(located CPU s, km CPU s, located peak MB)] for `rounds` rounds, each on a fresh copy of the
    5,000-group history."""
    subprocess.run([binary, "set", "location", *LOCATION], check=True, capture_output=True)
    base = scratch + ".located-5000"
    located_history(binary, base)
    results = []
    for _ in range(rounds):
        shutil.copy(base, scratch)
        located, memory, _ = feed(binary, ["ingest", "blitzortung"], scratch, rate, seconds, located=True)
        shutil.copy(base, scratch)
        km, _, _ = feed(binary, ["ingest", "km"], scratch, rate, seconds, located=False)
        results.append((located, km, memory))
    return results
