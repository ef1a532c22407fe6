"""Issue 33 (cells) through the real binary: two cells around the observer, one coming in from about
30 km west at 10 m/s and one sitting still about 60 km east, several strikes a minute each for half
an hour, fed as Blitzortung's feed through `ingest blitzortung` and through a real mosquitto into
`mqtt --subscribe`. The cell coming is the one `status`, its JSON, the retained status and `plot
map` lead with, the other is listed, and the cells are the same in every process.

The feed spans longer than the ten minutes a strike may be late, so the process that takes it runs
with libfaketime reading its clock from a file the test moves on, five minutes at a time, once
every strike sent so far is in the history. `status` runs at a clock pinned just after the feed."""

import datetime
import json
import random
import re
import subprocess
from pathlib import Path

import pytest

from conftest import Sandbox
from mqtt_support import (
    broker,  # noqa: F401 (a fixture)
    poll,
    services,  # noqa: F401 (a fixture)
    status_of,
)
from test_chances import DAY, frozen, row  # stormrange at a clock frozen on DAY; a status row

geodesic = pytest.importorskip("geographiclib.geodesic", reason="geographiclib is not installed").Geodesic.WGS84

LOCATION = (52.5, 13.4)
START = datetime.datetime.fromisoformat(f"{DAY}T03:00:00+00:00")
MINUTES = 30
# Status is asked for half a minute after the feed's last strike.
STATUS_CLOCK = "03:30:30"
LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
# The feed goes in five minutes at a time: well within the ten minutes a strike may be late.
STEP_MINUTES = 5
TOPIC = "blitzortung/1.1/u/2"


# The feed.


def place(azimuth: float, metres: float, origin: tuple[float, float] = LOCATION) -> tuple[float, float]:
    point = geodesic.Direct(origin[0], origin[1], azimuth, metres)
    return point["lat2"], point["lon2"]


def coming(seconds: float) -> tuple[float, float]:
    """The coming cell's centre: 30 km west at the start, coming east at 10 m/s (12 km west at the end)."""
    return place(270.0, 30_000 - 10.0 * seconds)


def still(seconds: float) -> tuple[float, float]:
    """The still cell's centre: 60 km east all along."""
    return place(90.0, 60_000)


def strikes() -> list[tuple[float, float, float]]:
    """(seconds after START, lat, lon) of every strike, in time order: six a minute from each cell at
    random moments, each scattered about its cell's centre by about a kilometre."""
    rng = random.Random(33)
    made = []
    for minute in range(MINUTES):
        for centre in (coming, still):
            for _ in range(6):
                seconds = minute * 60 + rng.uniform(0, 60)
                made.append((seconds, *place(rng.uniform(0, 360), abs(rng.gauss(0, 700)), centre(seconds))))
    return sorted(made)


FEED = strikes()


def line(seconds: float, lat: float, lon: float) -> str:
    nanoseconds = int((START.timestamp() + seconds) * 1e9)
    return json.dumps({"time": nanoseconds, "lat": lat, "lon": lon, "alt": 0, "pol": 0, "status": 2})


def steps() -> list[tuple[str, str]]:
    """(the clock, the feed's lines up to it) for each step: every strike of the step's minutes."""
    made = []
    for first in range(0, MINUTES, STEP_MINUTES):
        end = (first + STEP_MINUTES) * 60
        lines = "".join(line(*strike) + "\n" for strike in FEED if first * 60 <= strike[0] < end)
        clock = (START + datetime.timedelta(seconds=end + 1)).strftime("%Y-%m-%d %H:%M:%S")
        made.append((clock, lines))
    return made


# Running with a clock.


class MovedClock:
    """A clock in a file that libfaketime reads at every call: the processes given `env` see it."""

    def __init__(self, sandbox: Sandbox):
        assert Path(LIBFAKETIME).exists(), "Scripts/setup-system --test installs faketime"
        self.path = sandbox.home / "clock"
        self.env = dict(sandbox.env, LD_PRELOAD=LIBFAKETIME, FAKETIME_TIMESTAMP_FILE=str(self.path),
                        FAKETIME_NO_CACHE="1", DONT_FAKE_MONOTONIC="1")
        self.env.pop("FAKETIME", None)
        self.set(START.strftime("%Y-%m-%d %H:%M:%S"))

    def set(self, clock: str) -> None:
        moved = self.path.with_suffix(".new")
        moved.write_text(clock + "\n")
        moved.replace(self.path)


def exported(sandbox: Sandbox) -> list[dict]:
    result = sandbox.run("export", "json")
    assert result.status == 0, result.stderr
    return json.loads(result.stdout)


def recorded(sandbox: Sandbox) -> int:
    """How many strikes the history holds."""
    return sum(entry["strikes"] for entry in exported(sandbox)) if sandbox.history_path.exists() else 0


def feed(sandbox: Sandbox, send, clock: MovedClock) -> None:
    """Sends the feed a step at a time with `send`, moving the clock on before each step and waiting
    for the step's strikes to be in the history before the next."""
    sent = 0
    for moment, lines in steps():
        clock.set(moment)
        send(lines)
        sent += lines.count("\n")
        poll(f"the {sent} strikes sent by {moment} recorded", lambda: recorded(sandbox) == sent, limit=60)
    assert sent == len(FEED)


def located_sandbox(root: Path, binary: str) -> Sandbox:
    root.mkdir()
    sandbox = Sandbox(root, binary)
    assert sandbox.run("set", "location", *map(str, LOCATION)).status == 0
    return sandbox


def ingested(sandbox: Sandbox) -> Sandbox:
    """`sandbox` with the feed in its history through `ingest blitzortung`, on standard input kept open."""
    clock = MovedClock(sandbox)
    process = subprocess.Popen([sandbox.binary, "ingest", "blitzortung"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=clock.env, cwd=sandbox.home)
    try:
        def send(lines: str) -> None:
            process.stdin.write(lines.encode())
            process.stdin.flush()

        feed(sandbox, send, clock)
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, stderr.decode()
    summary = stderr.decode().splitlines()
    assert len(summary) == 1 and summary[0].startswith(
        f"stormrange: blitzortung (located): {len(FEED)} strikes, {len(FEED)} recorded in "), summary
    return sandbox


@pytest.fixture(scope="module")
def piped(tmp_path_factory, binary) -> Sandbox:
    return ingested(located_sandbox(tmp_path_factory.mktemp("cells") / "piped", binary))


# Reading what status says.


def status(sandbox: Sandbox) -> tuple[dict, str]:
    return json.loads(frozen(sandbox, STATUS_CLOCK, "status", "--json")), frozen(sandbox, STATUS_CLOCK, "status")


def angle_between(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def true_bearing(point: tuple[float, float]) -> float:
    return geodesic.Inverse(*LOCATION, *point)["azi1"] % 360


def coming_and_still(document: dict) -> tuple[dict, dict]:
    """The cells of `document` that are the coming one (west) and the still one (east)."""
    cells = document["cells"]
    west = [cell for cell in cells if angle_between(cell["latest"]["bearing_deg"], 270) < 30]
    east = [cell for cell in cells if angle_between(cell["latest"]["bearing_deg"], 90) < 30]
    assert len(west) == 1 and len(east) == 1, cells
    return west[0], east[0]


# 1. Standard input: the coming cell leads, the still one is listed.


def test_the_json_leads_with_the_coming_cell_and_lists_both(piped):
    document, _ = status(piped)
    cells = document["cells"]
    assert len(cells) == 2, cells
    assert [cell["leading"] for cell in cells].count(True) == 1
    west, east = coming_and_still(document)
    assert west["leading"] is True and east["leading"] is False
    # The top level is the leading cell's, and the advice is the whole history's, at the top only.
    for key in ("latest", "storm", "trend", "motion"):
        assert document[key] == west[key], key
    assert "advice" in document and all("advice" not in cell for cell in cells)
    assert sorted(cells[0]) == ["latest", "leading", "motion", "number", "storm", "trend"]
    assert sorted(cell["number"] for cell in cells) == [cell["number"] for cell in cells]
    # The coming cell ends about 12 km west and comes on at 10 m/s; the still one stays 60 km east.
    assert west["trend"]["within_10km_chance"] > 0.5, west["trend"]
    assert east["trend"]["within_10km_chance"] < 0.1, east["trend"]
    assert west["trend"]["direction"] == "approaching", west["trend"]
    assert 10_000 < west["latest"]["distance_m"] < 15_000, west["latest"]
    assert 57_000 < east["latest"]["distance_m"] < 63_000, east["latest"]
    assert angle_between(west["latest"]["bearing_deg"], true_bearing(coming(MINUTES * 60))) < 10
    assert angle_between(east["latest"]["bearing_deg"], true_bearing(still(0))) < 3
    # Each cell holds its own strikes: the history's entries are shared out, none in both.
    entries = exported(piped)
    assert west["storm"]["count"] + east["storm"]["count"] == len(entries)
    by_index = {entry["index"]: entry for entry in entries}
    assert angle_between(by_index[west["latest"]["index"]]["bearing_deg"], 270) < 30
    assert angle_between(by_index[east["latest"]["index"]]["bearing_deg"], 90) < 30


def test_the_text_leads_with_the_coming_cell_and_gives_the_other_a_line(piped):
    document, text = status(piped)
    west, east = coming_and_still(document)
    latest = re.fullmatch(r"#(\d+)  (\d+\.\d) km ± \S+ km (\d+\.\d)°  \(blitzortung, .*", row(text, "latest"))
    assert latest, text
    assert int(latest[1]) == west["latest"]["index"]
    assert 10 < float(latest[2]) < 15 and 260 < float(latest[3]) < 280, latest[0]
    # The cells row, its continuation line (one for each other cell) joined to it by a space.
    other = re.fullmatch(rf"this is cell {west['number']}, which leads; 1 other: "
                         rf"cell {east['number']}  (\d+\.\d\d) km (\d+\.\d)°, (.+)", row(text, "cells"))
    assert other, text
    assert abs(float(other[1]) - east["latest"]["distance_m"] / 1000) < 0.006
    assert abs(float(other[2]) - east["latest"]["bearing_deg"]) < 0.06
    assert other[3] == "under 1 in 20 within 10 km in 30 min", other[3]
    # The rows above the cells are the coming cell's: its storm, its approach.
    assert row(text, "storm").startswith(f"cell {west['number']}: {west['storm']['count']} measurements from "), text
    assert row(text, "trend").startswith("approaching at "), text


# 2. A restart changes nothing, nor do the settings.


def test_status_is_the_same_in_every_process_and_after_a_unit_changed_back_and_forth(piped):
    before = piped.history_path.read_bytes()
    first = frozen(piped, STATUS_CLOCK, "status", "--json")
    assert frozen(piped, STATUS_CLOCK, "status", "--json") == first
    text = frozen(piped, STATUS_CLOCK, "status")
    for unit in ("mi", "km"):
        assert piped.run("set", "unit", unit).status == 0
    assert frozen(piped, STATUS_CLOCK, "status", "--json") == first
    assert frozen(piped, STATUS_CLOCK, "status") == text
    # Cells are read from the history, never written into it.
    assert piped.history_path.read_bytes() == before
    assert not any("cell" in key.lower() for entry in piped.read_history() for key in entry)


# 4. The map.


def test_the_map_letters_both_cells_and_names_the_leading_one(piped):
    document, _ = status(piped)
    west, east = coming_and_still(document)
    lines = frozen(piped, STATUS_CLOCK, "plot", "map").splitlines()
    assert lines[0].endswith(f"{len(exported(piped))} measurements on the map, north up, in 2 cells"), lines[0]
    # Lettered in order of birth; the legend says which leads.
    first, second = sorted((west, east), key=lambda cell: cell["number"])
    legend = [line[39:] for line in lines if re.fullmatch(r"[A-I]  cell .*", line[39:])]
    assert legend == [f"A  cell {first['number']}{', leading' if first is west else ''}",
                      f"B  cell {second['number']}{', leading' if second is west else ''}"], lines
    # On the map (the 37 columns left of the legend), the coming cell's letter west of the observer
    # on its row, the still one's east of it.
    grid = [line[:37] for line in lines[1:20]]
    observer = next((row, line.index("+")) for row, line in enumerate(grid) if "+" in line)
    for letter, cell in (("A", first), ("B", second)):
        spots = [(row, line.index(letter)) for row, line in enumerate(grid) if letter in line]
        assert len(spots) == 1, (letter, grid)
        assert abs(spots[0][0] - observer[0]) <= 1, (letter, grid)
        assert (spots[0][1] < observer[1]) == (cell is west), (letter, grid)


# 3. Through a real mosquitto.


def test_a_broker_brings_the_same_cells_and_the_retained_status_leads_with_the_coming_one(
        tmp_path, binary, piped, broker, services):
    subscribed = located_sandbox(tmp_path / "mqtt", binary)
    clock = MovedClock(subscribed)
    service = services(subscribed, "--broker", broker.url, "--subscribe", f"{TOPIC}/#=blitzortung",
                       "--homeassistant", env=clock.env)
    poll("online", lambda: broker.retained("stormrange/availability") == {"stormrange/availability": "online"})

    def send(lines: str) -> None:
        subprocess.run(["mosquitto_pub", *broker.client_arguments(), "-t", f"{TOPIC}/x", "-l", "-q", "1"],
                       input=lines, text=True, check=True, timeout=60)

    feed(subscribed, send, clock)
    # The same groups as from standard input: grouping goes by the strikes' own times.
    assert exported(subscribed) == exported(piped)
    assert frozen(subscribed, STATUS_CLOCK, "status", "--json") == frozen(piped, STATUS_CLOCK, "status", "--json")

    retained = poll("a status with both cells",
                    lambda: (found := status_of(broker)) and len(found["cells"]) == 2 and found)
    west, east = coming_and_still(retained)
    assert west["leading"] is True and east["leading"] is False
    assert retained["latest"] == west["latest"]
    assert west["trend"]["within_10km_chance"] > 0.5 and east["trend"]["within_10km_chance"] < 0.1
    configs = {topic.split("/")[-2]: json.loads(payload)
               for topic, payload in broker.retained("homeassistant/#").items() if payload}
    cells = next(config for name, config in configs.items() if name.endswith("_cells"))
    leading = next(config for name, config in configs.items() if name.endswith("_leading_bearing"))
    assert cells["value_template"] == "{{ value_json.cells | rejectattr('storm.over') | list | length }}", cells
    assert "latest.bearing_deg" in leading["value_template"] and leading["unit_of_measurement"] == "°", leading
    assert cells["state_topic"] == leading["state_topic"] == "stormrange/status"
    assert service.signal(15) == 0, service.errors
