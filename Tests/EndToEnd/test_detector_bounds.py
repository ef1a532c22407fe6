"""Detector input that once grew without bound or named sources oddly (issue 29, items 7 and 9),
run through the real binary: a flood of rtl433 ids keeps at most 64 sensors, says so once and
never locks out a real sensor heard among them; an id that is not a whole number from 0 is
refused; `.` and `..` are never taken as a new source name, though a history holding one loads."""

import datetime
import json

from test_ingest import peak_memory_kib

MODEL = "FineOffset-WH31L"


def utc_now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)


def stamp(moment: datetime.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def packet(sensor, count: int, moment: datetime.datetime, distance: int = 14) -> bytes:
    return (json.dumps({"time": stamp(moment), "model": MODEL, "id": sensor, "state": "strike",
                        "storm_dist_km": distance, "strike_count": count}) + "\n").encode()


def test_a_flood_of_ids_keeps_64_sensors_and_never_locks_out_a_real_one(sandbox):
    """300,000 distinct ids, and among them, every 50th line, a real sensor whose count rises:
    every one of its strikes is recorded, stderr says once that the cap was reached, and the
    memory stays that of a few lines (it took 230 MB and 600,001 lines of stderr)."""
    start = utc_now() - datetime.timedelta(hours=2)
    total, every = 300_000, 50

    def lines():
        for block in range(total // every):
            moment = start + datetime.timedelta(seconds=block)
            chunk = b"".join(packet(1_000_000 + block * every + i, 0, moment) for i in range(every - 1))
            yield chunk + packet(67016, block % 256, moment)

    status, stderr, few = peak_memory_kib(sandbox, ["ingest", "rtl433"], [packet(67016, 0, start)])
    assert status == 0, stderr
    status, stderr, many = peak_memory_kib(sandbox, ["ingest", "rtl433"], lines())
    print(f"300,000 ids: peak {many} KiB, against {few} KiB for one line; {len(stderr.splitlines())} lines of stderr")
    assert status == 0, stderr[-2000:]
    entries = sandbox.read_history()
    assert {entry["source"] for entry in entries} == {f"{MODEL}-67016"}
    assert len(entries) == total // every - 1  # every strike after its first message, the baseline
    errors = stderr.splitlines()
    capped = [line for line in errors if "more than 64 sensors" in line]
    assert len(capped) == 1, capped
    assert len([line for line in errors if "new sensor FineOffset" in line]) <= 64
    assert len(errors) < 200, errors[:5]
    assert many - few < 24_000, f"peak {many} KiB against {few} KiB for one line"


def test_an_id_that_is_not_a_whole_number_from_0_is_refused(sandbox):
    moment = utc_now() - datetime.timedelta(minutes=5)
    good = [packet(67016, 1, moment), packet(67016, 2, moment + datetime.timedelta(seconds=1))]
    odd = [-5, 67016.5, "67016", "a-b", True, None]
    lines = [good[0]] + [packet(sensor, 3, moment + datetime.timedelta(seconds=2)) for sensor in odd] + [good[1]]
    result = sandbox.run("ingest", "rtl433", input=b"".join(lines))
    assert result.status == 0, result.stderr
    # Only the real sensor: "67016" is not merged into it, -5 and 67016.5 are no sensors of their own.
    assert [entry["source"] for entry in sandbox.read_history()] == [f"{MODEL}-67016"]
    warnings = [line for line in result.err_lines if line.startswith("stormrange: line ") and "new sensor" not in line]
    assert [line.split(":")[1].strip() for line in warnings] == [f"line {n}" for n in range(2, 8)], warnings
    assert "'id' is -5, not a sensor's id (a whole number from 0)" in warnings[0], warnings[0]
    assert "'id' is 67016.5," in warnings[1]
    assert "'id' is the string \"67016\", not a number" in warnings[2], warnings[2]
    assert "no 'id'" in warnings[5], warnings[5]
    assert len([line for line in result.err_lines if "new sensor" in line]) == 1


def test_dot_and_dot_dot_are_never_a_new_source(sandbox):
    for name in (".", ".."):
        result = sandbox.run("ingest", "tasmota", "--source", name)
        assert result.status == 1 and "not a detector name" in result.stderr, result.stderr
        assert result.stderr.count("\n") == 1
        result = sandbox.run("add", "5", "km", "source", name)
        assert result.status == 1 and "not a detector name" in result.stderr, result.stderr
        csv = sandbox.home / "in.csv"
        csv.write_text(f"date,distance_m,source\n{stamp(utc_now())},5000,{name}\n")
        result = sandbox.run("import", str(csv))
        assert result.status == 1 and "nothing was imported" in result.stderr, result.stderr
        assert not sandbox.history_path.exists()
    # A history that already holds one still loads, and a property list of it does not import.
    entry = {"date": utc_now().replace(tzinfo=None), "distance": 5000.0, "source": ".."}
    sandbox.write_history([entry])
    result = sandbox.run("show")
    assert result.status == 0 and ".." in result.stdout, result.stderr
    aside = sandbox.home / "old.plist"
    aside.write_bytes(sandbox.history_path.read_bytes())
    sandbox.history_path.unlink()
    result = sandbox.run("import", str(aside))
    assert result.status == 1 and "entry 1" in result.stderr and "'..'" in result.stderr, result.stderr
