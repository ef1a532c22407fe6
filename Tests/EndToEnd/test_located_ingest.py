"""`stormrange ingest blitzortung|located` and `mqtt --subscribe …=blitzortung`: located strikes, one JSON
object a line, measured from 'set location', grouped (3 km, a minute, at most 30 groups a minute) into
entries that are added when their first strike comes and updated in place by the others, saved while the
stream stays open. Distances and bearings are checked against GeographicLib (Karney's own, PyPI
`geographiclib`), the independent reference test_located_geodesic.py uses too."""

import csv
import datetime
import io
import json
import math
import re
import signal
import time

import pytest

from mqtt_support import (
    START,
    broker,  # noqa: F401 (a fixture)
    free_port,
    poll,
    services,  # noqa: F401 (a fixture)
    status_of,
)

geodesic = pytest.importorskip("geographiclib.geodesic", reason="geographiclib is not installed").Geodesic.WGS84

LOCATION = (52.5, 13.4)
NO_LOCATION = (
    "stormrange: blitzortung strikes are measured from where you are, and no location is set: run "
    "'stormrange set location LAT LON' first, in decimal degrees (e.g. set location 51.4779 -0.0015)"
)
# `#3  11.21 km 7.1°  (blitzortung, 1 strike)`: index, km, bearing, source, strikes.
CONFIRMED = re.compile(r"^#(\d+)  (\d+\.\d\d) km (\S+)  \(([^,]+), (\d+) strikes?\)$")
WARNING = re.compile(
    r"^stormrange: line (\d+): (.+); later (?:messages with this fault|repeats) are counted, not shown$")
# A stored entry is on disk "within a moment"; this is generous.
SAVED = 5.0


# Building strike lines.


def blitzortung(lat: float, lon: float, seconds_ago: float = 0.0, **extra) -> str:
    """A strike as Blitzortung's feed sends it: time in nanoseconds, other keys that must be ignored."""
    message = {"time": time.time_ns() - int(seconds_ago * 1e9), "lat": lat, "lon": lon, "alt": 0, "pol": 0,
               "mds": 9000, "mcg": 200, "status": 2, "region": 1, "sig": [{"sta": 1, "time": 1, "lat": 50.0}]}
    message.update(extra)
    return json.dumps(message)


def at_ns(lat: float, lon: float, nanoseconds: int) -> str:
    return json.dumps({"time": nanoseconds, "lat": lat, "lon": lon})


def feed(*lines: str) -> str:
    return "".join(line + "\n" for line in lines)


def located_place(sandbox, lat: float = LOCATION[0], lon: float = LOCATION[1]) -> None:
    result = sandbox.run("set", "location", str(lat), str(lon))
    assert result.status == 0, result.stderr


def exported(sandbox) -> list[dict]:
    result = sandbox.run("export", "json")
    assert result.status == 0, result.stderr
    return json.loads(result.stdout)


def located_entries(sandbox) -> list[dict]:
    return [entry for entry in exported(sandbox) if entry["detector"] == "located"]


def inverse(lat: float, lon: float) -> dict:
    return geodesic.Inverse(LOCATION[0], LOCATION[1], lat, lon)


def angle_between(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def confirmations(stdout: str) -> list[tuple[int, float, str, str, int]]:
    rows = []
    for line in stdout.splitlines():
        match = CONFIRMED.match(line)
        assert match, f"not a located confirmation: {line!r}"
        rows.append((int(match[1]), float(match[2]), match[3], match[4], int(match[5])))
    return rows


def check_geodesy(entry: dict, strikes: list[tuple[float, float]]) -> None:
    """The entry's mean is the mean of its strikes (to about a metre), and its distance and bearing are
    GeographicLib's from the location to that mean (to 1 m and 0.1°); its nearest is the nearest strike's."""
    mean_lat = sum(lat for lat, _ in strikes) / len(strikes)
    mean_lon = sum(lon for _, lon in strikes) / len(strikes)
    assert abs(entry["latitude_deg"] - mean_lat) < 1e-5, entry
    assert abs(entry["longitude_deg"] - mean_lon) < 1e-5, entry
    path = inverse(entry["latitude_deg"], entry["longitude_deg"])
    assert abs(entry["distance_m"] - path["s12"]) < 1.0, (entry, path["s12"])
    assert angle_between(entry["bearing_deg"], path["azi1"] % 360) < 0.1, (entry, path["azi1"])
    nearest = min(inverse(lat, lon)["s12"] for lat, lon in strikes)
    assert abs(entry["nearest_m"] - nearest) < 1.0, (entry, nearest)
    assert entry["strikes"] == len(strikes)


class Stream:
    """`stormrange ingest …` with its standard input kept open, fed a line at a time."""

    def __init__(self, sandbox, *arguments: str):
        self.process = sandbox.popen("ingest", *arguments)

    def send(self, line: str) -> None:
        self.process.stdin.write((line + "\n").encode())
        self.process.stdin.flush()

    def finish(self) -> tuple[int, str, str]:
        stdout, stderr = self.process.communicate(timeout=START)
        return self.process.returncode, stdout.decode(), stderr.decode()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()


@pytest.fixture
def streams():
    started: list[Stream] = []

    def start(sandbox, *arguments: str) -> Stream:
        stream = Stream(sandbox, *arguments)
        started.append(stream)
        return stream

    yield start
    for stream in started:
        stream.kill()


def until(what: str, check, limit: float = SAVED):
    return poll(what, check, limit, every=0.05)


# 1. No location.


def test_without_a_location_ingest_refuses_with_one_line_and_creates_no_history(sandbox):
    result = sandbox.run("ingest", "blitzortung", input=feed(blitzortung(52.6, 13.4)))
    assert result.status == 1
    assert result.err_lines == [NO_LOCATION]
    assert result.stdout == ""
    assert not sandbox.history_path.exists()


def test_without_a_location_an_existing_history_is_left_byte_for_byte(sandbox):
    assert sandbox.run("add", "5", "km").status == 0
    before = sandbox.history_path.read_bytes()
    for form, line in (("blitzortung", blitzortung(52.6, 13.4)),
                       ("located", json.dumps({"time": time.time(), "lat": 52.6, "lon": 13.4}))):
        result = sandbox.run("ingest", form, input=feed(line))
        assert result.status == 1, form
        assert len(result.err_lines) == 1, result.stderr
        assert "no location is set: run 'stormrange set location LAT LON' first" in result.stderr
        assert sandbox.history_path.read_bytes() == before


# 2. A feed with two places and faults.


def test_a_feed_with_two_places_and_every_fault_gives_exact_groups_warnings_and_summary(sandbox):
    located_place(sandbox)
    north = [(52.600, 13.410), (52.601, 13.412), (52.599, 13.411)]  # about 11 km north-north-east
    south_west = [(52.300, 13.200), (52.302, 13.199)]  # about 26 km south-west
    now = time.time_ns()
    s = 1_000_000_000
    lines = [
        at_ns(*north[0], now - 20 * s),                                      # 1  opens #1
        "not json at all",                                                   # 2  not a JSON object (warned)
        at_ns(*south_west[0], now - 19 * s),                                 # 3  opens #2
        json.dumps({"time": now, "lat": 95.0, "lon": 13.4}),                 # 4  latitude (warned)
        at_ns(*north[1], now - 18 * s),                                      # 5  joins #1
        json.dumps({"time": now, "lon": 13.4}),                              # 6  a key missing (warned)
        json.dumps({"time": now, "lat": "52.6", "lon": 13.4}),               # 7  not a number (warned)
        json.dumps({"time": now, "lat": 52.6, "lon": -181.0}),               # 8  longitude (warned)
        at_ns(*south_west[0], now - 19 * s),                                 # 9  a repeat of line 3
        json.dumps({"time": now + 120 * s, "lat": 52.6, "lon": 13.4}),       # 10 ahead (warned)
        json.dumps({"time": now - 720 * s, "lat": 52.6, "lon": 13.4}),       # 11 long before (warned)
        "[1, 2]",                                                            # 12 not a JSON object (counted)
        json.dumps({"time": now, "lat": -90.5, "lon": 13.4}),                # 13 latitude (counted)
        at_ns(53.5, 13.4, now - 17 * s),                                     # 14 about 111 km: beyond
        at_ns(*south_west[1], now - 16 * s),                                 # 15 joins #2
        at_ns(*north[2], now - 15 * s),                                      # 16 joins #1
    ]
    result = sandbox.run("ingest", "blitzortung", input=feed(*lines))
    assert result.status == 0, result.stderr

    # One confirmation for each group, when it opens: its first strike's distance and bearing.
    confirmed = confirmations(result.stdout)
    assert [(index, source, strikes) for index, _, _, source, strikes in confirmed] == [
        (1, "blitzortung", 1), (2, "blitzortung", 1)]
    for (_, km, bearing, _, _), first in zip(confirmed, (north[0], south_west[0])):
        path = inverse(*first)
        assert km == round(path["s12"] / 1000, 2)
        assert bearing == f"{path['azi1'] % 360:.1f}°"

    warnings = [WARNING.match(line) for line in result.err_lines[:-1]]
    assert all(warnings), result.err_lines
    assert [(int(match[1]), match[2]) for match in warnings] == [
        (2, "the message is not JSON: at column 1: expected a value"),
        (4, "'lat' is 95, not a latitude (-90 to 90)"),
        (6, "the message has no 'lat'"),
        (7, "'lat' is a string, not a number"),
        (8, "'lon' is -181, not a longitude (-180 to 180)"),
        (9, "a strike given again (the same time and position) is merged"),
        (10, warnings[6][2]),
        (11, warnings[7][2]),
    ]
    assert re.fullmatch(r"the strike is dated \S+Z, 2 min ahead of the clock", warnings[6][2])
    assert re.fullmatch(r"the strike is dated \S+Z, 12 min before it arrived", warnings[7][2])
    assert result.err_lines[-1] == (
        "stormrange: blitzortung (located): 6 strikes, 5 recorded in 2 groups, 1 beyond the radius of 100 km, "
        "1 repeat merged; 9 messages refused (2 not a JSON object, 1 a key missing, 1 not a number, "
        "2 latitude out of range, 1 longitude out of range, 1 dated ahead, 1 dated long before)")

    entries = exported(sandbox)
    assert [(entry["index"], entry["source"], entry["detector"], entry["strikes"]) for entry in entries] == [
        (1, "blitzortung", "located", 3), (2, "blitzortung", "located", 2)]
    check_geodesy(entries[0], north)
    check_geodesy(entries[1], south_west)
    # The same to a file, and in CSV.
    assert sandbox.run("export", "json", "groups.json").status == 0
    assert json.loads((sandbox.home / "groups.json").read_text()) == entries
    rows = list(csv.DictReader(io.StringIO(sandbox.run("export", "csv").stdout)))
    for row, entry in zip(rows, entries, strict=True):
        assert int(row["strikes"]) == entry["strikes"] and row["detector"] == "located"
        for key in ("latitude_deg", "longitude_deg", "nearest_m", "spread_m", "distance_m", "bearing_deg"):
            assert abs(float(row[key]) - entry[key]) < 1e-6, key
    assert 0 < entries[0]["spread_m"] < 300 and 0 < entries[1]["spread_m"] < 300
    # Each entry is dated by its first strike.
    for entry, seconds in zip(entries, (20, 19)):
        date = datetime.datetime.fromisoformat(entry["date"].replace("Z", "+00:00")).timestamp()
        assert abs(date - (now / 1e9 - seconds)) <= 1.0, entry


# 3. Saved while the stream is open.


def test_a_strike_is_on_disk_while_the_stream_stays_open_and_its_group_is_updated_in_place(sandbox, streams):
    located_place(sandbox)
    stream = streams(sandbox, "blitzortung")
    stream.send(blitzortung(52.60, 13.45))
    first = until("the first strike saved", lambda: located_entries(sandbox))
    assert [(entry["index"], entry["strikes"]) for entry in first] == [(1, 1)]
    stream.send(blitzortung(52.61, 13.46))
    second = until("the second strike in the same entry",
                   lambda: (entries := exported(sandbox)) and entries[0]["strikes"] == 2 and entries)
    assert [(entry["index"], entry["strikes"]) for entry in second] == [(1, 2)]
    check_geodesy(second[0], [(52.60, 13.45), (52.61, 13.46)])
    assert second[0]["date"] == first[0]["date"]
    status, stdout, stderr = stream.finish()
    assert status == 0, stderr
    assert [(index, strikes) for index, _, _, _, strikes in confirmations(stdout)] == [(1, 1)]
    assert stderr.splitlines()[-1] == "stormrange: blitzortung (located): 2 strikes, 2 recorded in 1 group"


# 4. Another process adds meanwhile.


def test_another_process_adding_an_entry_does_not_break_the_update_in_place(sandbox, streams):
    located_place(sandbox)
    stream = streams(sandbox, "blitzortung")
    stream.send(blitzortung(52.60, 13.45))
    until("the first strike saved", lambda: located_entries(sandbox))
    added = sandbox.run("add", "5", "km")
    assert added.status == 0, added.stderr
    stream.send(blitzortung(52.605, 13.455))
    entries = until("the second strike in the first entry",
                    lambda: (e := exported(sandbox)) and e[0]["strikes"] == 2 and e)
    assert [(entry["index"], entry["detector"], entry["strikes"]) for entry in entries] == [
        (1, "located", 2), (2, "generic", None)]
    assert entries[1]["distance_m"] == 5000
    # A new place: the third entry, after the one the other process added.
    stream.send(blitzortung(52.30, 13.20))
    entries = until("the third entry", lambda: (e := exported(sandbox)) and len(e) == 3 and e)
    assert [(entry["detector"], entry["strikes"]) for entry in entries] == [
        ("located", 2), ("generic", None), ("located", 1)]
    status, stdout, stderr = stream.finish()
    assert status == 0, stderr
    assert [(index, strikes) for index, _, _, _, strikes in confirmations(stdout)] == [(1, 1), (3, 1)]


# 5. clear while a group gathers.


def test_after_clear_the_next_strike_of_the_group_starts_a_new_entry_with_only_itself(sandbox, streams):
    located_place(sandbox)
    stream = streams(sandbox, "blitzortung")
    stream.send(blitzortung(52.60, 13.45))
    stream.send(blitzortung(52.601, 13.451))
    until("two strikes saved", lambda: (e := located_entries(sandbox)) and e[0]["strikes"] == 2)
    cleared = sandbox.run("clear", "--yes")
    assert cleared.status == 0, cleared.stderr
    assert exported(sandbox) == []
    stream.send(blitzortung(52.602, 13.452))
    entries = until("a new entry", lambda: exported(sandbox))
    assert len(entries) == 1
    assert entries[0]["strikes"] == 1
    check_geodesy(entries[0], [(52.602, 13.452)])
    status, stdout, stderr = stream.finish()
    assert status == 0, stderr
    assert [strikes for _, _, _, _, strikes in confirmations(stdout)] == [1, 1]
    assert located_entries(sandbox) == entries


# 6. delete of a group still gathering.


def test_a_fresh_located_group_is_not_deleted_and_one_five_minutes_old_is(sandbox):
    located_place(sandbox)
    assert sandbox.run("ingest", "blitzortung", input=feed(blitzortung(52.60, 13.45, seconds_ago=2))).status == 0
    before = sandbox.history_path.read_bytes()
    date = datetime.datetime.fromisoformat(exported(sandbox)[0]["date"].replace("Z", "+00:00"))
    refused = sandbox.run("delete", "1")
    assert refused.status == 1
    until_time = (date + datetime.timedelta(seconds=61)).strftime("%H:%M:%S")
    assert refused.err_lines == [
        f"stormrange: #1 is a located group still gathering strikes until {until_time}, and ingest or mqtt may "
        "update it until then; delete it after that"]
    assert refused.stdout == ""
    assert sandbox.history_path.read_bytes() == before

    old = sandbox.run("ingest", "blitzortung", input=feed(blitzortung(52.30, 13.20, seconds_ago=300)))
    assert old.status == 0, old.stderr
    assert [entry["strikes"] for entry in exported(sandbox)] == [1, 1]
    deleted = sandbox.run("delete", "2")
    assert deleted.status == 0, deleted.stderr
    remaining = exported(sandbox)
    assert len(remaining) == 1 and remaining[0]["latitude_deg"] == 52.60


# 7. The radius and the 30 groups a minute.


def test_strikes_beyond_the_radius_are_counted_not_recorded(sandbox):
    located_place(sandbox)
    assert sandbox.run("set", "radius", "20").status == 0
    lines = [blitzortung(52.60, 13.45, 5),   # about 11.5 km: recorded
             blitzortung(52.30, 13.20, 4),   # about 26 km: beyond
             blitzortung(52.70, 13.40, 3),   # about 22 km: beyond
             blitzortung(52.55, 13.30, 2)]   # about 8.9 km: recorded
    result = sandbox.run("ingest", "blitzortung", input=feed(*lines))
    assert result.status == 0, result.stderr
    assert result.err_lines == [
        "stormrange: blitzortung (located): 4 strikes, 2 recorded in 2 groups, 2 beyond the radius of 20 km"]
    assert [(entry["latitude_deg"], entry["longitude_deg"]) for entry in exported(sandbox)] == [
        (52.60, 13.45), (52.55, 13.30)]


def test_at_most_30_groups_open_a_minute_and_the_rest_are_counted_but_never_a_near_one(sandbox):
    located_place(sandbox)
    # 32 places on a ring 25 km away (beyond the 16 km that is never shed), about 4.9 km apart; every
    # strike in the same minute of the clock and within a second, so it is one minute.
    places = [(LOCATION[0] + 0.225 * math.sin(2 * math.pi * index / 32),
               LOCATION[1] + 0.37 * math.cos(2 * math.pi * index / 32)) for index in range(32)]
    now = time.time_ns()
    minute = now - now % 60_000_000_000
    base = max(minute + 100_000_000, now - 50_000_000_000)
    if base + 400_000_000 >= minute + 60_000_000_000:  # too near the minute's end: the next one
        base = minute + 60_000_000_000 + 100_000_000
    lines = [at_ns(lat, lon, base + index * 10_000_000) for index, (lat, lon) in enumerate(places)]
    # A strike of the first group after the bound was reached: it joins, it opens nothing.
    lines.append(at_ns(places[0][0] + 0.001, places[0][1], base + 350_000_000))
    # One 2.2 km away: near enough to hear, so recorded beyond the bound (the advice counts it).
    lines.append(at_ns(LOCATION[0] + 0.02, LOCATION[1], base + 360_000_000))
    result = sandbox.run("ingest", "blitzortung", input=feed(*lines))
    assert result.status == 0, result.stderr
    assert result.err_lines == [
        "stormrange: blitzortung (located): 34 strikes, 32 recorded in 31 groups, "
        "2 over the 30 groups a minute"]
    entries = exported(sandbox)
    assert len(entries) == 31
    assert [entry["strikes"] for entry in entries] == [2] + [1] * 30
    assert entries[-1]["nearest_m"] < 2_300
    assert len(confirmations(result.stdout)) == 31
    advice = sandbox.run("status", "--json")
    assert json.loads(advice.stdout)["advice"]["level"] == "shelter-now"


# 8. Options that are not for located strikes.


@pytest.mark.parametrize("form", ["blitzortung", "located"])
@pytest.mark.parametrize("arguments", [("--source", "as3935"), ("--sensor", "X"), ("--detector", "as3935"),
                                       ("--detector", "generic")])
def test_detector_options_are_refused_with_one_line(sandbox, form, arguments):
    located_place(sandbox)
    usage = sandbox.run("ingest", form, "--no-such-option")
    result = sandbox.run("ingest", form, *arguments, input=feed(blitzortung(52.6, 13.45)))
    assert result.status == usage.status == 1
    assert len(result.err_lines) == 1, result.stderr
    assert result.err_lines[0].startswith("stormrange: ")
    assert arguments[0 if arguments[0] != "--source" else 1] in result.stderr
    assert result.stdout == ""
    assert not sandbox.history_path.exists()


def test_the_refusal_of_source_as3935_gives_advice_that_applies_to_ingest(sandbox):
    located_place(sandbox)
    result = sandbox.run("ingest", "blitzortung", "--source", "as3935", input="")
    assert result.status == 1
    assert "kind" not in result.stderr, result.stderr
    assert "--source" in result.stderr, result.stderr


def test_a_source_name_is_recorded_as_the_entries_source(sandbox):
    located_place(sandbox)
    result = sandbox.run("ingest", "blitzortung", "--source", "bo-eu", input=feed(blitzortung(52.6, 13.45)))
    assert result.status == 0, result.stderr
    assert confirmations(result.stdout)[0][3] == "bo-eu"
    assert result.err_lines == ["stormrange: bo-eu (located): 1 strike, 1 recorded in 1 group"]
    assert [(entry["source"], entry["detector"]) for entry in exported(sandbox)] == [("bo-eu", "located")]


# 9. MQTT.


def test_mqtt_records_subscribed_strikes_and_publishes_the_located_status(sandbox, broker, services):
    located_place(sandbox)
    # Retained before the service subscribes: old news, skipped.
    broker.publish("blitzortung/1.1/u/2/x/9/z", blitzortung(52.30, 13.20), retain=True)
    service = services(sandbox, "--broker", broker.url, "--subscribe", "blitzortung/1.1/#=blitzortung")
    poll("online", lambda: broker.retained("stormrange/availability") == {"stormrange/availability": "online"})
    broker.publish("elsewhere/1.1/u/2", blitzortung(52.55, 13.30))  # not subscribed
    broker.publish("blitzortung/1.1/u/2/x/9/z", blitzortung(52.60, 13.45))
    entries = poll("the first strike", lambda: located_entries(sandbox))
    assert [(entry["latitude_deg"], entry["longitude_deg"], entry["strikes"]) for entry in entries] == [
        (52.60, 13.45, 1)]
    status = poll("the status of the located entry", lambda: (s := status_of(broker)) and s["latest"] and s)
    expected = json.loads(sandbox.run("status", "--json").stdout)
    assert status["latest"] == expected["latest"]
    assert status["latest"]["index"] == 1 and status["latest"]["source"] == "blitzortung"
    # The group's second strike moves its mean: updated in place, published again.
    broker.publish("blitzortung/1.1/u/2/x/9/y", blitzortung(52.61, 13.46))
    entries = poll("the second strike", lambda: (e := located_entries(sandbox)) and e[0]["strikes"] == 2 and e)
    assert len(entries) == 1
    check_geodesy(entries[0], [(52.60, 13.45), (52.61, 13.46)])
    status = poll("the status of the updated entry",
                  lambda: (s := status_of(broker)) and abs(s["latest"]["distance_m"] - entries[0]["distance_m"]) < 1e-6
                  and s)
    assert status["storm"]["count"] == 1
    assert abs(status["latest"]["bearing_deg"] - entries[0]["bearing_deg"]) < 1e-9
    assert service.signal(signal.SIGTERM) == 0, service.errors
    assert len(exported(sandbox)) == 1


def test_mqtt_without_a_location_exits_with_the_one_line_before_connecting(sandbox, services, tmp_path):
    # Nothing listens at this port: a service that tried to connect would say it cannot reach it.
    service = services(sandbox, "--broker", f"mqtt://127.0.0.1:{free_port()}",
                       "--subscribe", "blitzortung/1.1/#=blitzortung")
    assert service.finish(START) == 1, service.errors
    assert service.errors.splitlines() == [NO_LOCATION]
    assert not sandbox.history_path.exists()


# 10. The located form.


def test_the_located_form_takes_iso_8601_with_a_zone_and_epoch_seconds(sandbox):
    located_place(sandbox)
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    iso_z = (now - datetime.timedelta(seconds=200)).strftime("%Y-%m-%dT%H:%M:%SZ")
    offset = (now - datetime.timedelta(seconds=20)).astimezone(datetime.timezone(datetime.timedelta(hours=2)))
    lines = [
        json.dumps({"time": iso_z, "lat": 52.60, "lon": 13.45}),                         # opens #1
        json.dumps({"time": offset.isoformat(), "lat": 52.30, "lon": 13.20}),             # opens #2
        json.dumps({"time": now.timestamp() - 15.5, "lat": 52.301, "lon": 13.201}),      # joins #2
        json.dumps({"time": int(now.timestamp()) - 10, "lat": 52.70, "lon": 13.60}),      # opens #3
        json.dumps({"time": now.strftime("%Y-%m-%dT%H:%M:%S"), "lat": 52.6, "lon": 13.45}),  # no zone
        json.dumps({"time": "soon", "lat": 52.6, "lon": 13.45}),                          # not a time
        json.dumps({"time": now.timestamp() * 1e9, "lat": 52.6, "lon": 13.45}),           # nanoseconds: ahead
    ]
    result = sandbox.run("ingest", "located", input=feed(*lines))
    assert result.status == 0, result.stderr
    assert [(index, source, strikes) for index, _, _, source, strikes in confirmations(result.stdout)] == [
        (1, "located", 1), (2, "located", 1), (3, "located", 1)]
    assert result.err_lines[0] == (
        f"stormrange: line 5: 'time' is \"{now.strftime('%Y-%m-%dT%H:%M:%S')}\", not an ISO 8601 time with a "
        "zone; later messages with this fault are counted, not shown")
    assert result.err_lines[-1] == (
        "stormrange: located (located): 4 strikes, 4 recorded in 3 groups; 3 messages refused "
        "(2 not a time, 1 dated ahead)")
    entries = exported(sandbox)
    assert [(entry["date"], entry["strikes"]) for entry in entries] == [
        (iso_z, 1),
        ((now - datetime.timedelta(seconds=20)).strftime("%Y-%m-%dT%H:%M:%SZ"), 2),
        ((now - datetime.timedelta(seconds=10)).strftime("%Y-%m-%dT%H:%M:%SZ"), 1),
    ]
    check_geodesy(entries[1], [(52.30, 13.20), (52.301, 13.201)])


def test_a_backlog_of_strikes_two_minutes_old_is_grouped_as_live_ones_are(sandbox):
    located_place(sandbox)
    # Two strikes 100 m and a second apart, both dated two minutes ago, arriving together: well within
    # the 600 s a strike may lag, and "the strikes within 3 km of each other in a minute make one entry".
    now = time.time_ns()
    lines = [at_ns(52.600, 13.450, now - 120_000_000_000), at_ns(52.601, 13.451, now - 119_000_000_000)]
    result = sandbox.run("ingest", "blitzortung", input=feed(*lines))
    assert result.status == 0, result.stderr
    assert result.err_lines == ["stormrange: blitzortung (located): 2 strikes, 2 recorded in 1 group"]
    assert [entry["strikes"] for entry in exported(sandbox)] == [2]


def test_a_time_in_the_wrong_unit_is_named_as_such(sandbox):
    """A time a year or more off is in the wrong unit: the warning names the unit, and gives no date
    past year 9999 with a count of days from another clamp."""
    located_place(sandbox)
    nanoseconds = json.dumps({"time": time.time() * 1e9, "lat": 52.6, "lon": 13.45})
    result = sandbox.run("ingest", "located", input=feed(nanoseconds))
    assert result.status == 0, result.stderr
    assert result.err_lines[0] == (
        "stormrange: line 1: 'time' is more than a year ahead of the clock; located's time is a number of "
        "seconds since the epoch or an ISO 8601 time; later messages with this fault are counted, not shown"
    )
    seconds = json.dumps({"time": int(time.time()), "lat": 52.6, "lon": 13.45})
    result = sandbox.run("ingest", "blitzortung", input=feed(seconds))
    assert result.err_lines[0] == (
        "stormrange: line 1: 'time' is more than a year before it arrived; blitzortung's time is a number of "
        "nanoseconds since the epoch; later messages with this fault are counted, not shown"
    )
    assert not sandbox.history_path.exists() or exported(sandbox) == []


def test_a_key_given_twice_is_refused_and_json_that_is_no_object_says_why(sandbox):
    """Readers disagree on which of a key's two values counts (Python and JavaScript keep the last,
    others the first), so a strike whose place depends on it is refused, as an import's row is and
    a detector's message. A line that is no JSON says where it stops being JSON; JSON of another kind
    says what it is."""
    located_place(sandbox)
    now = time.time_ns()
    lines = [
        f'{{"time":{now},"lat":52.6,"lat":51.0,"lon":13.41}}',  # 1  lat twice: 11 km or 180 km
        f'{{"time":{now},"lat":1e400,"lon":13.41}}',            # 2  a number too large
        "[1, 2]",                                                # 3  an array (counted, not shown)
        f'{{"time":{now},"lat":52.6,"lon":13.41,"sig":1,"sig":2}}',  # 4  an ignored key twice
    ]
    result = sandbox.run("ingest", "blitzortung", input=feed(*lines))
    assert result.status == 0, result.stderr
    warnings = [WARNING.match(line) for line in result.err_lines[:-1]]
    assert all(warnings), result.err_lines
    assert [(int(match[1]), match[2]) for match in warnings] == [
        (1, "the key 'lat' is given twice; which value is meant cannot be known"),
        (2, "the message is not JSON: at column 35: the number 1e400 is too large "
            "(the largest is about 1.8e308)"),
    ]
    assert result.err_lines[-1] == (
        "stormrange: blitzortung (located): 0 strikes, 0 recorded in 0 groups; 4 messages refused "
        "(2 not a JSON object, 2 a key given twice)")
    assert not sandbox.history_path.exists() or exported(sandbox) == []
    result = sandbox.run("ingest", "located", input=feed("[1, 2]"))
    assert result.err_lines[0] == (
        "stormrange: line 1: the message is an array, not a JSON object; "
        "later messages with this fault are counted, not shown")
