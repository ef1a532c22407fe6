"""Issue 33's figures: `status` over a day of three cells, and memory over a day of them.

Three cells circle the observer all day at 25–55 km, each at 30 km/h, so that at any moment three
cells are current; a located group of each comes every minute, as `ingest blitzortung` makes them
from a busy feed (8 strikes, 1.5 km of spread).

1. `status` of a day of three cells ÷ `status` of one storm of as many located groups at the same
   dates (the first cell's track, a group every 20 s), both histories 24 h long and their last group a
   minute old, start to exit (issue 33: at most 2). The cells' status groups the day into cells and
   runs a nowcast for each current one; the single storm's, one nowcast.
2. Memory over a day: a day of strikes of the three cells, 6 a minute each, fed to `ingest
   blitzortung` while `watch --json` follows the history; both run under libfaketime, their clocks
   `RATE` times as fast as the wall's, and the feeder dates each strike by the same clock. The
   figure is each process's resident set at every hour of that day (VmRSS, /proc/PID/status), first
   hour to last, beside that of the same program started afresh on the day's history at its end:
   flat means a process that ran all day holds no more than one that only read the day's history,
   so the cells' state does not grow with the day, only the history does."""

import csv
import datetime
import json
import math
import os
import re
import subprocess
import tempfile
import time

from geographiclib.geodesic import Geodesic

LOCATION = (51.5, -0.12)
# (radius in km, starting azimuth in degrees) of each cell's circle about the observer.
CELLS = [(25.0, 270.0), (40.0, 30.0), (55.0, 150.0)]
SPEED_KMH = 30.0
LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
FIELDS = ["index", "date", "delay_s", "distance_m", "temperature_c", "speed_of_sound_mps", "note",
          "bearing_deg", "source", "detector", "latitude_deg", "longitude_deg", "nearest_m", "strikes",
          "spread_m"]


def centre(cell, seconds):
    """(latitude, longitude) of `cell` `seconds` into the day."""
    radius, azimuth = CELLS[cell]
    turned = math.degrees(SPEED_KMH * seconds / 3600 / radius)
    point = Geodesic.WGS84.Direct(*LOCATION, azimuth + turned, radius * 1000)
    return point["lat2"], point["lon2"]


def group_row(index, date, latitude, longitude):
    line = Geodesic.WGS84.Inverse(*LOCATION, latitude, longitude)
    return {"index": index, "date": date.strftime("%Y-%m-%dT%H:%M:%SZ"), "distance_m": f"{line['s12']:.1f}",
            "bearing_deg": f"{line['azi1'] % 360:.2f}", "source": "blitzortung", "detector": "located",
            "latitude_deg": f"{latitude:.5f}", "longitude_deg": f"{longitude:.5f}",
            "nearest_m": f"{line['s12'] - 1000:.1f}", "strikes": 8, "spread_m": "1500"}


def write_day(binary, path, cells, end):
    """A history of a day ending at `end`: a located group a minute for each of `cells`, or, with one
    cell, three a minute of it, so that both histories have as many groups at the same dates."""
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, "day.csv")
        with open(source, "w", newline="") as out:
            writer = csv.DictWriter(out, fieldnames=FIELDS)
            writer.writeheader()
            start = end - datetime.timedelta(days=1)
            for index in range(3 * 24 * 60):
                seconds = 20 * index
                cell = index % 3 if cells == 3 else 0
                writer.writerow(group_row(index + 1, start + datetime.timedelta(seconds=seconds),
                                          *centre(cell, seconds)))
        subprocess.run([binary, "--file", path, "import", source], check=True, capture_output=True)


def current_cells(binary, path):
    """How many cells `status --json` lists (a check that the day is what it says)."""
    output = subprocess.run([binary, "--file", path, "status", "--json"], check=True, capture_output=True,
                            text=True).stdout
    return len(json.loads(output).get("cells") or [None])


def histories(binary, work):
    """(three cells, one storm): the two days, their last group a minute before now."""
    subprocess.run([binary, "set", "location", *map(str, LOCATION)], check=True, capture_output=True)
    end = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0) - datetime.timedelta(minutes=1)
    three, one = os.path.join(work, "cells-3.plist"), os.path.join(work, "cells-1.plist")
    write_day(binary, three, 3, end)
    write_day(binary, one, 1, end)
    assert current_cells(binary, three) == 3, "the three cells' day does not have three current cells"
    assert current_cells(binary, one) == 1, "the one storm's day has more than one cell"
    return three, one


def resident_mb(pid):
    """The resident set of `pid` in MB, or None once it has ended."""
    try:
        with open(f"/proc/{pid}/status") as status:
            match = re.search(r"^VmRSS:\s+(\d+) kB", status.read(), re.MULTILINE)
    except OSError:
        return None
    return int(match[1]) / 1024 if match else None


def memory_over_a_day(binary, work, rate, hours=24):
    """{"ingest": [MB at hour 1, 2, …], "watch": […], "cells": most cells watch listed, "lines": how many
    lines watch printed}, from a day of strikes fed at `rate` times the wall's speed."""
    history = os.path.join(work, "day-live.plist")
    start = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    clock = start.strftime("@%Y-%m-%d %H:%M:%S") + f" x{rate}"
    env = dict(os.environ, LD_PRELOAD=LIBFAKETIME, FAKETIME=clock, FAKETIME_NO_CACHE="1")
    ingest = subprocess.Popen([binary, "--file", history, "ingest", "blitzortung"], stdin=subprocess.PIPE,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True, env=env)
    watch = subprocess.Popen([binary, "--file", history, "watch", "--json"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True, env=env)
    os.set_blocking(watch.stdout.fileno(), False)
    began = time.monotonic()
    samples = {"ingest": [], "watch": []}
    most_cells, lines, pending = 0, 0, ""
    strike, every = 0, 10.0  # fake seconds between a cell's strikes
    try:
        for hour in range(1, hours + 1):
            while True:
                fake = (time.monotonic() - began) * rate
                if fake >= hour * 3600:
                    break
                # Every strike due by now, dated by the fake clock less a few seconds' slack.
                while strike * every / 3 <= fake:
                    seconds = strike * every / 3
                    latitude, longitude = centre(strike % 3, seconds)
                    date = start.timestamp() + seconds - 5
                    ingest.stdin.write(json.dumps({"lat": round(latitude + 0.01 * math.sin(strike), 5),
                                                   "lon": round(longitude + 0.015 * math.cos(strike), 5),
                                                   "time": int(date * 1e9)}) + "\n")
                    strike += 1
                ingest.stdin.flush()
                try:
                    pending += watch.stdout.read() or ""
                except (BlockingIOError, TypeError):
                    pass
                *complete, pending = pending.split("\n")
                for line in complete:
                    lines += 1
                    most_cells = max(most_cells, len(json.loads(line).get("cells") or [None]))
                time.sleep(0.02)
            samples["ingest"].append(resident_mb(ingest.pid))
            samples["watch"].append(resident_mb(watch.pid))
    finally:
        end_both(ingest, watch)
    fresh = fresh_processes(binary, history, start + datetime.timedelta(seconds=strike * every / 3))
    return {**samples, "cells": most_cells, "lines": lines, "strikes": strike, "fresh": fresh}


def fresh_processes(binary, history, end):
    """{"ingest": MB, "watch": MB}: the resident sets of an `ingest blitzortung` and a `watch --json`
    started on the day's history at its end, once each has read it (ingest, a strike; watch, its first
    line). What the processes that ran all day hold beyond these is what the day left in them."""
    env = dict(os.environ, LD_PRELOAD=LIBFAKETIME, FAKETIME=end.strftime("@%Y-%m-%d %H:%M:%S"))
    watch = subprocess.Popen([binary, "--file", history, "watch", "--json"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True, env=env)
    ingest = subprocess.Popen([binary, "--file", history, "ingest", "blitzortung"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        watch.stdout.readline()
        latitude, longitude = centre(0, 0)
        ingest.stdin.write(json.dumps({"lat": latitude, "lon": longitude,
                                       "time": int((end.timestamp() - 5) * 1e9)}) + "\n")
        ingest.stdin.flush()
        ingest.stdout.readline()  # its confirmation: the strike is saved
        return {"ingest": resident_mb(ingest.pid), "watch": resident_mb(watch.pid)}
    finally:
        end_both(ingest, watch)


def end_both(ingest, watch):
    """Ends `watch` and then `ingest`, at the end of its input: watch first, since closing the pipe
    of an ingest that died raises."""
    watch.terminate()
    watch.wait()
    try:
        ingest.stdin.close()
    except BrokenPipeError:
        pass
    ingest.wait()
