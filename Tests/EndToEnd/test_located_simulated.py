"""Located strikes made by the simulator (issue 32): two or three moving cells seen by a network
that misses some strikes and places each with an error of 0.3–2 km (Tests/StormSimulator/
LocatedNetwork.swift), sent as Blitzortung's feed by `stormrange-calibrate --located-feed SEED`.
They go into `ingest blitzortung`, and through a real mosquitto into `mqtt --subscribe`; what each
records is checked against the strikes' true positions, measured with GeographicLib, and the two
are checked to record the same entries."""

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from conftest import Sandbox
from mqtt_support import (
    broker,  # noqa: F401 (a fixture)
    poll,
    services,  # noqa: F401 (a fixture)
)

geodesic = pytest.importorskip("geographiclib.geodesic", reason="geographiclib is not installed").Geodesic.WGS84

LOCATION = (51.5, -0.12)
SEEDS = [1, 2, 3]


def calibrate() -> str:
    path = os.environ.get("STORMRANGE_CALIBRATE")
    if not path:
        pytest.skip("STORMRANGE_CALIBRATE is not set (Scripts/test builds stormrange-calibrate and sets it)")
    return path


def simulated_feed(seed: int) -> list[dict]:
    """The simulator's strikes for `seed`, the last now, over the last nine minutes (within the
    ten minutes a strike may be late), as JSON objects with their truth."""
    completed = subprocess.run(
        [calibrate(), "--located-feed", str(seed), "--end", f"{time.time():.3f}", "--duration", "540",
         "--at", *map(str, LOCATION)],
        capture_output=True, text=True, check=True, timeout=60)
    return [json.loads(line) for line in completed.stdout.splitlines()]


def located_sandbox(root: Path, binary: str) -> Sandbox:
    root.mkdir()
    sandbox = Sandbox(root, binary)
    assert sandbox.run("set", "location", *map(str, LOCATION)).status == 0
    return sandbox


def exported(sandbox) -> list[dict]:
    result = sandbox.run("export", "json")
    assert result.status == 0, result.stderr
    return json.loads(result.stdout)


def true_range(strike: dict) -> float:
    return geodesic.Inverse(*LOCATION, strike["true_lat"], strike["true_lon"])["s12"]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_recorded_ranges_are_the_strikes_true_ranges_on_average(tmp_path, binary, seed):
    strikes = simulated_feed(seed)
    assert len(strikes) > 50
    sandbox = located_sandbox(tmp_path / "ingest", binary)
    lines = "".join(json.dumps(strike) + "\n" for strike in strikes)
    result = sandbox.run("ingest", "blitzortung", input=lines)
    assert result.status == 0, result.stderr
    entries = exported(sandbox)
    # Every strike recorded (the cells are within 100 km and no minute brings 30 places), each in one
    # group: the counts add up.
    assert result.stderr.splitlines()[-1].startswith(
        f"stormrange: blitzortung (located): {len(strikes)} strikes, {len(strikes)} recorded in {len(entries)} groups")
    assert sum(entry["strikes"] for entry in entries) == len(strikes)
    # Each entry's distance and bearing are its mean position's, on the ellipsoid.
    for entry in entries:
        path = geodesic.Inverse(*LOCATION, entry["latitude_deg"], entry["longitude_deg"])
        assert abs(entry["distance_m"] - path["s12"]) < 1
    # The recording's bias: the mean range recorded (each group's, weighted by its strikes) minus the
    # strikes' true mean range, within 0.2 km.
    recorded = sum(entry["distance_m"] * entry["strikes"] for entry in entries) / len(strikes)
    truth = sum(true_range(strike) for strike in strikes) / len(strikes)
    assert abs(recorded - truth) <= 200, (recorded, truth)
    # No strike nearer than an entry says: each entry's nearest is at most its mean's range.
    assert all(entry["nearest_m"] <= entry["distance_m"] + 1 for entry in entries)


def test_a_broker_brings_the_same_entries_as_standard_input(tmp_path, binary, broker, services):
    strikes = simulated_feed(SEEDS[0])
    piped = located_sandbox(tmp_path / "ingest", binary)
    lines = "".join(json.dumps(strike) + "\n" for strike in strikes)
    assert piped.run("ingest", "blitzortung", input=lines).status == 0

    subscribed = located_sandbox(tmp_path / "mqtt", binary)
    service = services(subscribed, "--broker", broker.url, "--subscribe", "blitzortung/1.1/#=blitzortung")
    poll("online", lambda: broker.retained("stormrange/availability") == {"stormrange/availability": "online"})
    # One publisher for all of them, in order, each on its cell's topic, as the feed's relay does.
    publisher = subprocess.Popen(
        ["mosquitto_pub", *broker.client_arguments(), "-t", "blitzortung/1.1/u/2/x", "-l", "-q", "1"],
        stdin=subprocess.PIPE, text=True)
    publisher.communicate(lines, timeout=60)
    assert publisher.returncode == 0
    total = len(strikes)
    poll("every strike recorded",
         lambda: subscribed.history_path.exists() and sum(e["strikes"] for e in exported(subscribed)) == total,
         limit=60)
    assert service.signal(15) == 0
    # The same groups: grouping goes by the strikes' own times, not by when they arrived.
    assert [{k: v for k, v in entry.items() if k != "index"} for entry in exported(subscribed)] == [
        {k: v for k, v in entry.items() if k != "index"} for entry in exported(piped)]
