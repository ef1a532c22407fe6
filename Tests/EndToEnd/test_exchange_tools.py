"""Other tools read what stormrange writes and stormrange reads what they write (issue 5, item 6):
Python's plistlib (XML and binary) and libplist's plistutil on the history file, Python's csv module
and the sqlite3 shell's `.import --csv` on an exported CSV."""

import csv
import datetime
import json
import plistlib
import shutil
import sqlite3
import subprocess

import pytest

from conftest import FileSnapshot, sample_entry

NOTE = 'over the lake, "north" – ünïcode ⚡'


@pytest.fixture
def history(sandbox):
    """A history written by stormrange: three measurements, one with a note that needs quoting."""
    result = sandbox.batch(
        f"add 6 at 2026-07-01T16:00:00Z note {NOTE}", "set temperature 25", "add 12.5 at 2026-07-01T16:04:00Z",
        "add 9 at 2026-07-01T16:08:30Z",
    )
    assert result.status == 0, result.stderr
    return sandbox.history_path


def show_delays(sandbox, path) -> list[str]:
    result = sandbox.run("--file", str(path), "show")
    assert result.status == 0, result.stderr
    return [line.split()[3] for line in result.out_lines[1:]]


def test_plistlib_reads_the_history_and_stormrange_loads_its_xml_and_binary(sandbox, history):
    entries = plistlib.loads(history.read_bytes())
    assert [entry["delay"] for entry in entries] == [6.0, 12.5, 9.0]
    assert entries[0]["note"] == NOTE
    assert entries[1]["temperature"] == 25.0
    assert entries[0]["date"] == datetime.datetime(2026, 7, 1, 16, 0, 0)
    for fmt, name in [(plistlib.FMT_XML, "copy.xml.plist"), (plistlib.FMT_BINARY, "copy.bin.plist")]:
        copy = sandbox.home / name
        copy.write_bytes(plistlib.dumps(entries, fmt=fmt))
        assert show_delays(sandbox, copy) == ["6.00", "12.50", "9.00"]
        # And the insight commands work on it.
        stats = sandbox.run("--file", str(copy), "stats")
        assert stats.status == 0 and "3  2.06 km" in stats.stdout


def test_a_binary_history_from_plistlib_is_rewritten_as_xml_on_change(sandbox, history):
    entries = plistlib.loads(history.read_bytes())
    history.write_bytes(plistlib.dumps(entries, fmt=plistlib.FMT_BINARY))
    assert sandbox.run("add", "3").status == 0
    assert sandbox.read_history()[:3] == entries


@pytest.fixture
def plistutil():
    path = shutil.which("plistutil")
    if path is None:
        pytest.fail("plistutil is missing: run Scripts/setup-system --test (Debian package libplist-utils)")
    return path


def test_plistutil_converts_the_history_both_ways_and_stormrange_loads_both(sandbox, history, plistutil):
    binary = sandbox.home / "history.bin.plist"
    subprocess.run([plistutil, "-i", str(history), "-o", str(binary), "-f", "bin"], check=True)
    assert binary.read_bytes().startswith(b"bplist00")
    assert plistlib.loads(binary.read_bytes()) == plistlib.loads(history.read_bytes())
    assert show_delays(sandbox, binary) == ["6.00", "12.50", "9.00"]

    xml = sandbox.home / "history.xml.plist"
    subprocess.run([plistutil, "-i", str(binary), "-o", str(xml), "-f", "xml"], check=True)
    assert xml.read_bytes().startswith(b"<?xml")
    assert show_delays(sandbox, xml) == ["6.00", "12.50", "9.00"]
    exported = json.loads(sandbox.run("--file", str(xml), "export", "json").stdout)
    assert exported[0]["note"] == NOTE


def test_plistutil_output_imports_and_a_second_import_adds_nothing(sandbox, history, plistutil):
    binary = sandbox.home / "other.plist"
    subprocess.run([plistutil, "-i", str(history), "-o", str(binary), "-f", "bin"], check=True)
    other = sandbox.home / "other-history.plist"
    result = sandbox.run("--file", str(other), "import", str(binary))
    assert result.status == 0, result.stderr
    assert "imported 3 measurements" in result.stdout
    assert plistlib.loads(other.read_bytes()) == plistlib.loads(history.read_bytes())
    before = FileSnapshot.of(history)
    again = sandbox.run("import", str(binary))
    assert again.status == 0 and again.stdout.startswith("nothing new")
    assert plistlib.loads(history.read_bytes()) == plistlib.loads(before.content)


def test_plistutil_reads_a_history_with_other_tools_keys(sandbox, plistutil):
    sandbox.write_history([sample_entry(6.0, location="lake"), sample_entry(7.0)])
    assert sandbox.run("add", "4").status == 0
    out = subprocess.run([plistutil, "-i", str(sandbox.history_path), "-f", "bin"], check=True, capture_output=True)
    entries = plistlib.loads(out.stdout)
    assert entries[0]["location"] == "lake"
    assert [entry["delay"] for entry in entries] == [6.0, 7.0, 4.0]


def test_python_csv_reads_the_export(sandbox, history):
    out = sandbox.home / "storms.csv"
    assert sandbox.run("export", "csv", str(out)).status == 0
    with out.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["index"] for row in rows] == ["1", "2", "3"]
    assert rows[0]["note"] == NOTE
    assert rows[1]["note"] == ""
    assert rows[2]["date"] == "2026-07-01T16:08:30Z"
    assert float(rows[1]["temperature_c"]) == 25.0
    entries = sandbox.read_history()
    assert [float(row["distance_m"]) for row in rows] == [entry["distance"] for entry in entries]
    assert [float(row["speed_of_sound_mps"]) for row in rows] == [entry["speedOfSound"] for entry in entries]


def test_a_csv_written_by_python_imports(sandbox):
    source = sandbox.home / "python.csv"
    with source.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)  # quotes minimally, CRLF line ends
        writer.writerow(["date", "delay_s", "temperature_c", "note"])
        writer.writerow(["2026-07-01T16:00:00+02:00", "6", "20", 'with, comma and "quotes"'])
        writer.writerow(["2026-07-01T14:05:00Z", "4.5", "", ""])
    result = sandbox.run("import", str(source))
    assert result.status == 0, result.stderr
    entries = sandbox.read_history()
    assert entries[0]["note"] == 'with, comma and "quotes"'
    assert entries[0]["date"] == datetime.datetime(2026, 7, 1, 14, 0, 0)
    assert "note" not in entries[1]


def test_sqlite3_imports_the_export(sandbox, history, tmp_path):
    sqlite = shutil.which("sqlite3")
    if sqlite is None:
        pytest.fail("the sqlite3 shell is missing: run Scripts/setup-system --test")
    out = sandbox.home / "storms.csv"
    assert sandbox.run("export", "csv", str(out)).status == 0
    database = tmp_path / "storms.db"
    subprocess.run([sqlite, str(database), f".import --csv {out} measurements"], check=True, capture_output=True)
    with sqlite3.connect(database) as connection:
        columns = [row[1] for row in connection.execute("PRAGMA table_info(measurements)")]
        assert columns == ["index", "date", "delay_s", "distance_m", "temperature_c", "speed_of_sound_mps", "note", "bearing_deg", "source", "detector", "latitude_deg", "longitude_deg", "nearest_m", "strikes", "spread_m"]
        rows = connection.execute(
            'SELECT "index", date, CAST(delay_s AS REAL), note FROM measurements ORDER BY CAST("index" AS INTEGER)'
        ).fetchall()
    assert rows == [
        ("1", "2026-07-01T16:00:00Z", 6.0, NOTE),
        ("2", "2026-07-01T16:04:00Z", 12.5, ""),
        ("3", "2026-07-01T16:08:30Z", 9.0, ""),
    ]
