"""Format 1.1 end to end: flashes dated at the flash, bearings, detector ranges, and the new keys
through the history file (read with plistlib), export (read with the csv and json modules), import
and the prompt's completion."""

import csv
import datetime
import io
import json
import plistlib
import time

import pexpect
import pytest

from conftest import FileSnapshot, sample_entry
from test_interactive import PROMPT, Shell

FLASH = datetime.datetime(2026, 7, 1, 16, 0, 0)
AS3935_STEPS = [1, 5, 6, 8, 10, 12, 14, 17, 20, 24, 27, 31, 34, 37, 40]


def test_bearings_are_stored_in_degrees_only_when_given(sandbox):
    result = sandbox.batch(
        "add 6 from NE at 2026-07-01T16:00:00Z",
        "add 6 at 2026-07-01T16:01:00Z from 237.5 note over the lake",
        "add 6 from wsw",
        "add 6 from 360",
        "add 6",
    )
    assert result.status == 0, result.stderr
    # Each dated add echoes the date it understood (issue 28).
    assert [line.split(", dated ")[0] for line in result.out_lines[:2]] == [
        "#1  2.06 km NE  (delay 6.00 s)", "#2  2.06 km 237.5°  (delay 6.00 s)"]
    assert ", dated 2026-07-01 16:00:00 local, " in result.out_lines[0]
    entries = sandbox.read_history()
    assert [entry.get("bearing") for entry in entries] == [45.0, 237.5, 247.5, 0.0, None]
    assert all(type(entry["bearing"]) is float for entry in entries[:4])
    assert entries[1]["date"] == datetime.datetime(2026, 7, 1, 16, 1, 0)
    assert entries[1]["note"] == "over the lake"
    assert "bearing" not in entries[4]


def test_the_flash_is_dated_the_delay_before_the_line(sandbox):
    before = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None, microsecond=0)
    assert sandbox.batch("add 45").status == 0
    after = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)
    date = sandbox.read_history()[0]["date"]
    assert before - datetime.timedelta(seconds=45) <= date <= after - datetime.timedelta(seconds=45)


def test_flash_and_thunder_take_a_bearing_and_the_flashs_wins(sandbox):
    process = sandbox.popen()
    for line in ("flash NE", "thunder SW", "flash", "thunder 100"):
        process.stdin.write((line + "\n").encode())
        time.sleep(1.1 if line.startswith("flash") else 0.1)
    out, err = process.communicate(timeout=10)
    assert process.returncode == 0, err
    assert [entry.get("bearing") for entry in sandbox.read_history()] == [45.0, 100.0]


@pytest.mark.parametrize(
    "line, message",
    [
        ("add 6 from 361", "'361' is not a bearing; use degrees clockwise from north (0 to 360) or a compass point"),
        ("add 6 from northward", "'northward' is not a bearing"),
        ("add 6 from", "'from' needs a BEARING"),
        ("add 6 from N from S", "'from' is given twice"),
        ("flash 400", "'400' is not a bearing"),
        ("add 11 km source as3935", "11 km is not a distance an AS3935 reports; its steps are 1, 5, 6"),
        ("add 12 km source bad/name", "'bad/name' is not a detector name"),
        ("add 6 source as3935", "'source' is for a detector's range"),
        ("add 0 km", "a detector's distance must be more than 0"),
        ("add 500 km", "too far"),
    ],
)
def test_bad_input_gets_one_line_and_changes_nothing(sandbox, line, message):
    assert sandbox.batch("add 5 from N").status == 0
    before = FileSnapshot.of(sandbox.history_path)
    result = sandbox.batch(line)
    assert result.status == 1
    assert result.stdout == ""
    assert len(result.err_lines) == 1 and message in result.err_lines[0], result.stderr
    assert FileSnapshot.of(sandbox.history_path) == before


def test_a_detector_range_is_stored_without_timing_keys(sandbox):
    result = sandbox.batch(
        "add 14 km source as3935 from 250 at 2026-07-01T16:00:00Z note first",
        "add 3 mi",
    )
    assert result.status == 0, result.stderr
    # The dated one echoes its date; the one with no source says what kind of entry it became.
    assert [line.split(", dated ")[0] for line in result.out_lines] == [
        "#1  14.00 km 250°  (as3935)", "#2  4.83 km  (detector)",
        "  recorded as a detector's reading; to record a delay you counted, type the seconds: add 14"]
    first, second = sandbox.read_history()
    assert first == {
        "date": FLASH, "distance": 14000.0, "bearing": 250.0, "source": "as3935", "detector": "as3935", "note": "first"}
    assert set(second) == {"date", "distance", "source", "detector"} and second["distance"] == pytest.approx(4828.032)
    assert second["detector"] == "generic"


@pytest.mark.parametrize("kilometres", AS3935_STEPS)
def test_every_as3935_step_is_accepted(sandbox, kilometres):
    assert sandbox.batch(f"add {kilometres} km source as3935").status == 0
    assert sandbox.read_history()[0]["distance"] == kilometres * 1000.0


def test_show_prints_bearings_sources_and_a_dash_for_no_delay(sandbox):
    sandbox.batch("add 6 at 2026-07-01T16:00:00Z", "add 10 km source as3935 from NE at 2026-07-01T16:01:00Z")
    result = sandbox.run("show", env={**sandbox.env, "TZ": "UTC", "LC_ALL": "C.UTF-8"})
    assert result.out_lines == [
        "#  date                    delay    distance  bearing  source  note",
        "1  2026-07-01 16:00:00    6.00 s     2.06 km",
        "2  2026-07-01 16:01:00         —    10.00 km       NE  as3935",
    ]
    ascii_only = sandbox.run("show", env={**sandbox.env, "TZ": "UTC", "LC_ALL": "C"})
    assert ascii_only.out_lines[2] == "2  2026-07-01 16:01:00         -    10.00 km       NE  as3935"


def mixed_history(sandbox):
    result = sandbox.batch(
        "add 6 at 2026-07-01T16:00:00Z from NNE note timed",
        "add 10 km source as3935 at 2026-07-01T16:01:00Z from 200.25",
        "add 8.5 at 2026-07-01T16:02:00Z",
        "add 2500 m source porch.1 at 2026-07-01T16:03:00Z note near",
    )
    assert result.status == 0, result.stderr


def test_export_json_has_the_new_keys_and_nulls_for_a_detector(sandbox):
    mixed_history(sandbox)
    rows = json.loads(sandbox.run("export", "json").stdout)
    assert list(rows[0]) == [
        "index", "date", "delay_s", "distance_m", "temperature_c", "speed_of_sound_mps", "note", "bearing_deg", "source",
        "detector", "latitude_deg", "longitude_deg", "nearest_m", "strikes", "spread_m",
    ]
    assert rows[0]["bearing_deg"] == 22.5 and rows[0]["source"] is None and rows[0]["delay_s"] == 6.0
    detector = rows[1]
    assert detector["delay_s"] is None and detector["temperature_c"] is None and detector["speed_of_sound_mps"] is None
    assert detector["distance_m"] == 10000.0 and detector["source"] == "as3935" and detector["bearing_deg"] == 200.25
    assert rows[2]["bearing_deg"] is None


def test_export_csv_keeps_the_old_columns_where_they_were(sandbox):
    mixed_history(sandbox)
    rows = list(csv.reader(io.StringIO(sandbox.run("export", "csv").stdout, newline="")))
    assert rows[0][:7] == ["index", "date", "delay_s", "distance_m", "temperature_c", "speed_of_sound_mps", "note"]
    assert rows[0][7:] == ["bearing_deg", "source", "detector", "latitude_deg", "longitude_deg", "nearest_m", "strikes", "spread_m"]
    assert rows[2] == ["2", "2026-07-01T16:01:00Z", "", "10000.0", "", "", "", "200.25", "as3935", "as3935"] + [""] * 5
    assert rows[4][6:] == ["near", "", "porch.1", "generic"] + [""] * 5


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_an_export_with_the_new_keys_imports_back_exactly(sandbox, fmt):
    mixed_history(sandbox)
    original = sandbox.history_path.read_bytes()
    out = sandbox.home / f"out.{fmt}"
    assert sandbox.run("export", fmt, str(out)).status == 0
    assert sandbox.run("clear", "--yes").status == 0
    result = sandbox.run("import", str(out))
    assert result.status == 0, result.stderr
    assert sandbox.history_path.read_bytes() == original
    # The duplicate check compares the new keys too: all four are already there.
    again = sandbox.run("import", str(out))
    assert "nothing new" in again.stdout


def test_a_row_differing_only_in_bearing_or_source_is_not_a_duplicate(sandbox):
    mixed_history(sandbox)
    out = sandbox.home / "out.json"
    sandbox.run("export", "json", str(out))
    rows = json.loads(out.read_text())
    rows[0]["bearing_deg"] = 23.0
    rows[3]["source"] = "porch.2"
    out.write_text(json.dumps(rows))
    result = sandbox.run("import", str(out))
    assert result.status == 0, result.stderr
    assert "imported 2 measurements" in result.stdout


def test_a_10_export_without_the_new_columns_still_imports(sandbox):
    path = sandbox.home / "old.csv"
    path.write_text(
        "index,date,delay_s,distance_m,temperature_c,speed_of_sound_mps,note\r\n"
        "1,2026-07-01T16:00:00Z,6.0,2059.2877360954076,20.0,343.21462268256795,old\r\n"
    )
    assert sandbox.run("import", str(path)).status == 0
    (entry,) = sandbox.read_history()
    assert "bearing" not in entry and "source" not in entry and entry["note"] == "old"


@pytest.mark.parametrize(
    "row, message",
    [
        ({"bearing_deg": 400}, "bearing_deg 400.0 is not a bearing (0 to 360 degrees)"),
        ({"source": "as3935", "delay_s": None, "temperature_c": None, "speed_of_sound_mps": None, "distance_m": 11000},
         "is not a distance an AS3935 reports"),
        ({"source": "as3935", "distance_m": 10000}, "a detector's reading (a row with a source) must not have delay_s"),
        ({"delay_s": None}, "no delay_s (nor a source, for a detector's reading)"),
        ({"source": "a b", "delay_s": None, "temperature_c": None, "speed_of_sound_mps": None, "distance_m": 5000},
         "'a b' is not a detector name"),
    ],
)
def test_import_checks_the_new_keys(sandbox, row, message):
    base = {"date": "2026-07-01T16:00:00Z", "delay_s": 6.0, "temperature_c": 20.0}
    path = sandbox.home / "bad.json"
    path.write_text(json.dumps([{**base, **row}]))
    result = sandbox.run("import", str(path))
    assert result.status == 1
    assert message in result.stderr, result.stderr
    assert not sandbox.history_path.exists()


@pytest.mark.parametrize(
    "entry, message",
    [
        (sample_entry(bearing=400.0), "entry 2: 'bearing' is 400, not a bearing (0 to 360 degrees)"),
        ({"date": FLASH, "distance": 5000.0, "source": "bad name"}, "entry 2: 'source' is 'bad name', not 1 to 32"),
        ({"date": FLASH, "distance": 5000.0}, "entry 2 has no 'delay' (nor a 'source', as a detector's reading has)"),
        ({"date": FLASH, "distance": 11000.0, "source": "as3935"}, "not one of the AS3935's steps"),
    ],
)
def test_loading_refuses_an_entry_breaking_the_new_rules(sandbox, entry, message):
    sandbox.write_history([sample_entry(), entry])
    before = FileSnapshot.of(sandbox.history_path)
    result = sandbox.run("show")
    assert result.status == 1
    assert message in result.stderr, result.stderr
    assert FileSnapshot.of(sandbox.history_path) == before


def test_a_history_written_by_another_tool_with_the_new_keys_loads(sandbox):
    sandbox.write_history(
        [sample_entry(bearing=90), {"date": FLASH, "distance": 10000.0, "source": "as3935", "bearing": 360.0}],
        fmt=plistlib.FMT_BINARY,
    )
    result = sandbox.run("export", "json")
    assert result.status == 0, result.stderr
    rows = json.loads(result.stdout)
    assert [row["bearing_deg"] for row in rows] == [90.0, 0.0]


def test_version_is_1_1(sandbox):
    assert sandbox.run("--version").stdout == "stormrange 1.3.0\n"


def test_tab_completes_compass_points_after_from(sandbox):
    shell = Shell(sandbox)
    try:
        shell.prompt()
        shell.child.send("add 6 from ws\t")
        shell.child.expect_exact("WSW")
        output = shell.run("")
        assert "2.06 km WSW" in output
        shell.child.send("flash N\t\t")
        shell.child.expect(r"N\s+NE\s+NNE\s+NNW\s+NW")
        shell.child.send("\x15")  # Ctrl-U: clear the line
        shell.child.send("add 10 km source \t")
        shell.child.expect_exact("as3935")
        shell.run("")
        assert [entry.get("source") for entry in sandbox.read_history()] == [None, "as3935"]
        shell.child.send("quit\r")
        shell.child.expect(pexpect.EOF)
    finally:
        shell.child.terminate(force=True)
