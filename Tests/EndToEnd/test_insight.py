"""Storm insight and data exchange through the built binary: status, plot, stats, export, import,
the one-line summary at the prompt, and exit statuses in one-shot mode (issue 5)."""

import csv
import datetime
import io
import json
import random
import re

import pexpect
import pytest

from conftest import FileSnapshot, sample_entry, speed_of_sound

KEYS = [
    "index", "date", "delay_s", "distance_m", "temperature_c", "speed_of_sound_mps", "note", "bearing_deg", "source", "detector", "latitude_deg", "longitude_deg", "nearest_m", "strikes", "spread_m"
]


def iso(moment: datetime.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def approaching_storm(minutes_ago: float = 1) -> tuple[list[str], datetime.datetime]:
    """`add` lines for a storm timed over 20 minutes, ending `minutes_ago`: 45 s of delay down to 15 s,
    six seconds closer every four minutes (about 31 km/h), each seen to the west. Returns the lines
    and the last flash. (Ranges alone this close could be a storm passing by: the bearings show it is
    coming straight in, so the nowcast of issue 20 can call it approaching.)"""
    last = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0) - datetime.timedelta(minutes=minutes_ago)
    lines = []
    for step, delay in enumerate([45, 39, 33, 27, 21, 15]):
        flash = last - datetime.timedelta(minutes=4 * (5 - step))
        lines.append(f"add {delay} at {iso(flash)} from W" + (" note first flash, west" if step == 0 else ""))
    return lines, last


@pytest.fixture
def storm(sandbox):
    lines, last = approaching_storm()
    result = sandbox.batch(*lines)
    assert result.status == 0, result.stderr
    return last


def test_status_one_shot(sandbox, storm):
    result = sandbox.run("status")
    assert result.status == 0, result.stderr
    assert result.stderr == ""
    lines = result.out_lines
    assert [line.split()[0] for line in lines] == [
        "latest", "storm", "ranges", "trend", "chance", "motion", "closest", "advice", "lightning", "all"
    ]
    # What the ranges did, and the chance: the storm is within 10 km already.
    assert re.match(r"ranges     [\d.]+ → [\d.]+ km in \d+ min, as measured \(medians of 3\)$", lines[2]), lines[2]
    assert lines[4] == "chance     already within 10 km: the storm's centre, as estimated, is inside", lines[4]
    lines = lines[:2] + [lines[3]] + lines[5:]
    assert re.match(r"latest +#6  5\.15 km ± 0\.15 km W  \(delay 15\.00 s, flash at \d\d:\d\d:\d\d, 1 min ago\)$", lines[0])
    assert "6 measurements from" in lines[1] and "(20 min)" in lines[1]
    trend = re.match(r"trend      approaching at (\d+) ± (\d+) km/h$", lines[2])
    assert trend, lines[2]
    # The true 31 km/h within twice the ±, and the ± small enough to tell it from standing still.
    speed, error = int(trend[1]), int(trend[2])
    assert abs(speed - 31) <= 2 * error and error < speed / 2 + 1, lines[2]
    # From the west, so moving toward the east and passing close.
    motion = re.match(r"motion     (\d+) ± (\d+) km/h over the ground, toward (E|ENE|ESE) \((\d+)° ± (\d+)°\)$", lines[3])
    assert motion, lines[3]
    assert abs(int(motion[1]) - 31) <= 2 * int(motion[2]) and abs(int(motion[4]) - 90) <= 2 * int(motion[5]), lines[3]
    # Passing close: a side when the distance is more than its ±, else none (it may pass over you).
    assert re.match(r"closest    passes \d+ ± \d+ km (to the |at .*; over or near you, side not known$)", lines[4]), lines[4]
    assert lines[5].startswith("advice     SHELTER NOW: thunder was heard 1 min ago")
    assert lines[6] == "           lightning within about 10 km in the last 30 minutes"
    lines = [lines[0], lines[1], lines[2], lines[5], lines[7]]
    # The last thunder was 15 s after a flash a minute ago: the all-clear is 29 minutes and some seconds off.
    # After 23:30 the all-clear is tomorrow, and shown with its date.
    countdown = re.match(
        r"all clear  in (\d\d):(\d\d) \(at (?:\d{4}-\d\d-\d\d )?(\d\d:\d\d:\d\d)\) if no more thunder is heard$", lines[4])
    assert countdown, lines[4]
    assert 28 * 60 < int(countdown[1]) * 60 + int(countdown[2]) <= 29 * 60 + 15
    all_clear = storm + datetime.timedelta(seconds=15 + 30 * 60)
    assert countdown[3] == all_clear.strftime("%H:%M:%S")


def test_status_after_the_storm_is_all_clear(sandbox):
    lines, _ = approaching_storm(minutes_ago=45)
    sandbox.batch(*lines)
    result = sandbox.run("status")
    assert result.status == 0
    assert "advice     all clear: the last thunder was 45 min ago" in result.stdout
    assert "all clear  in" not in result.stdout


def test_status_with_an_empty_history_succeeds(sandbox):
    result = sandbox.run("status")
    assert (result.status, result.stderr) == (0, "")
    assert result.stdout.startswith("no measurements yet")


def test_status_fails_with_status_1_on_bad_arguments_or_an_unreadable_history(sandbox):
    result = sandbox.run("status", "now")
    assert result.status == 1
    assert result.stderr.startswith("stormrange: unexpected argument 'now'")
    path = sandbox.write_raw_history(b"not a property list")
    before = FileSnapshot.of(path)
    for command in (["status"], ["plot"], ["stats"], ["export", "json"]):
        result = sandbox.run(*command)
        assert result.status == 1, command
        assert "cannot read the history file" in result.stderr
        assert result.stdout == ""
    assert FileSnapshot.of(path) == before


def test_summary_after_each_measurement_only_at_the_prompt(sandbox, storm):
    batch = sandbox.batch("add 12")
    assert len(batch.out_lines) == 1
    child = pexpect.spawn(
        sandbox.binary, [], env=sandbox.env, cwd=str(sandbox.home), dimensions=(24, 80), encoding="utf-8", timeout=5
    )
    try:
        child.expect_exact("stormrange> ")
        child.send("add 9\r")
        child.expect_exact("stormrange> ")
        # Without readline's bracketed-paste switches, which wrap each line it reads.
        text = re.sub(r"\x1b\[\?2004[hl]", "", child.before).replace("\r", "")
        lines = [line for line in text.split("\n") if line.strip()]
        assert re.match(r"#8  3\.09 km  \(delay 9\.00 s\)$", lines[-2]), lines
        assert re.match(
            r"  ± 0\.15 km · approaching at \d+ ± \d+ km/h · centre within 10 km"
            r" · passes \d+\.\d\d km( [NESW]{1,3})? at (\d{4}-\d\d-\d\d )?\d\d:\d\d"  # dated when tomorrow
            r" · shelter now, lightning within 10 km$",
            lines[-1],
        ), lines
        child.send("quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_plot_fits_80_columns_with_block_characters(sandbox, storm):
    result = sandbox.run("plot")
    assert result.status == 0, result.stderr
    lines = result.out_lines
    assert max(len(line) for line in lines) <= 80
    assert lines[0].startswith("current storm: 6 measurements from ")
    assert lines[1].startswith("distance (km)")
    assert "█" in result.stdout and "└" in result.stdout
    # A storm across midnight has dates on its axis.
    assert any(line.strip() in ("local time", "local date and time") for line in lines), lines[-3:]
    trend = re.match(r"trend: approaching at (\d+) ± (\d+) km/h$", lines[-1])
    assert trend, lines[-1]
    assert abs(int(trend[1]) - 31) <= 2 * int(trend[2]), lines[-1]
    first = storm - datetime.timedelta(minutes=20)
    assert first.strftime("%H:%M") in result.stdout and storm.strftime("%H:%M") in result.stdout


@pytest.mark.parametrize("locale", [{"LC_ALL": "C"}, {"LC_ALL": "", "LANG": "en_US.ISO-8859-1"}, {"LC_ALL": "", "LANG": ""}])
def test_plot_falls_back_to_ascii_without_a_utf8_locale(sandbox, storm, locale):
    env = dict(sandbox.env, **locale)
    for args in (["plot"], ["plot", "3"]):
        result = sandbox.run(*args, env=env)
        assert result.status == 0, result.stderr
        assert result.stdout.isascii(), result.stdout
        assert "#" in result.stdout and "distance (km)" in result.stdout
        assert max(len(line) for line in result.out_lines) <= 80


def test_plot_in_miles_and_bad_counts(sandbox, storm):
    sandbox.run("set", "unit", "mi")
    result = sandbox.run("plot", "4")
    assert result.status == 0
    assert result.out_lines[0].startswith("last 4 measurements from ")
    assert result.out_lines[1].startswith("distance (mi)")
    assert sandbox.run("plot", "0").status == 1
    assert sandbox.run("plot", "many").status == 1


def test_stats_one_line_per_storm(sandbox, storm):
    sandbox.batch("add 20 at 2026-07-01T12:00:00Z", "add 10 at 2026-07-01T12:20:00Z")
    result = sandbox.run("stats")
    assert result.status == 0, result.stderr
    lines = result.out_lines
    assert lines[0].split() == ["storm", "start", "end", "count", "nearest", "farthest", "mean"]
    assert lines[1].split() == ["1", "2026-07-01", "12:00", "12:20", "2", "3.43", "km", "6.86", "km", "5.15", "km"]
    # The last seven columns: a storm across midnight shows its end with its date.
    assert lines[2].split()[-7:] == ["6", "5.15", "km", "15.44", "km", "10.30", "km"]
    assert lines[3] == "2 storms, 8 measurements; storm 2 is the current one"


def test_export_json_one_shot(sandbox, storm):
    result = sandbox.run("export", "json")
    assert result.status == 0, result.stderr
    rows = json.loads(result.stdout)
    assert [list(row) for row in rows] == [KEYS] * 6
    assert [row["index"] for row in rows] == [1, 2, 3, 4, 5, 6]
    assert rows[0]["note"] == "first flash, west" and rows[1]["note"] is None
    assert rows[-1]["date"] == iso(storm)
    assert rows[-1]["delay_s"] == 15.0
    assert rows[-1]["temperature_c"] == 20.0
    assert rows[-1]["speed_of_sound_mps"] == pytest.approx(speed_of_sound(20), abs=1e-9)
    assert rows[-1]["distance_m"] == pytest.approx(15 * speed_of_sound(20), abs=1e-9)
    # The values are exactly those in the history file.
    history = sandbox.read_history()
    assert [row["distance_m"] for row in rows] == [entry["distance"] for entry in history]


def test_export_csv_one_shot_is_rfc4180(sandbox, storm):
    sandbox.batch('add 3 note said "close", then ran')
    result = sandbox.run("export", "csv")
    assert result.status == 0
    raw = result.stdout
    assert raw.startswith(",".join(KEYS) + "\r\n")
    assert raw.count("\r\n") == 8 and raw.endswith("\r\n")
    assert '"said ""close"", then ran",,,,,,,,\r\n' in raw
    rows = list(csv.DictReader(io.StringIO(raw, newline="")))
    assert rows[-1]["note"] == 'said "close", then ran'
    assert rows[0]["note"] == "first flash, west" and rows[1]["note"] == ""


def test_export_to_a_file_and_import_it_back(sandbox, storm):
    out = sandbox.home / "storm export.json"
    result = sandbox.run("export", "json", str(out))
    assert result.status == 0, result.stderr
    assert result.stdout == f"exported 6 measurements to {out} (JSON)\n"
    before = sandbox.read_history()
    again = sandbox.run("import", str(out))
    assert again.status == 0
    assert again.stdout.startswith("nothing new: all 6 measurements")
    result = sandbox.batch("clear", f"import {out}", "show")
    assert result.status == 0, result.stderr
    assert f"imported 6 measurements from {out} (JSON)" in result.stdout
    assert sandbox.read_history() == before


def test_export_refuses_the_history_file_and_bad_formats(sandbox, storm):
    before = FileSnapshot.of(sandbox.history_path)
    result = sandbox.run("export", "csv", str(sandbox.history_path))
    assert result.status == 1
    assert "is the history file itself" in result.stderr
    assert sandbox.run("export", "xml").status == 1
    assert sandbox.run("export").status == 1
    assert FileSnapshot.of(sandbox.history_path) == before


def test_import_is_all_or_nothing_and_names_each_bad_row(sandbox, storm):
    before = FileSnapshot.of(sandbox.history_path)
    bad = sandbox.home / "bad.csv"
    bad.write_text(
        "date,delay_s,note\n"
        "2026-07-01T12:00:00Z,6,fine\n"
        "2026-07-01T12:01:00Z,-4,\n"
        "2026-07-01T12:02:00Z,nan,\n"
        '2026-07-01T12:03:00Z,6,"bell\x07"\n'
        "2026-07-01 12:04,6,\n"
    )
    result = sandbox.run("import", str(bad))
    assert result.status == 1
    errors = result.err_lines
    assert [re.search(r"bad\.csv: (line \d+):", line)[1] for line in errors[:-1]] == [
        "line 3", "line 4", "line 5", "line 6"
    ]
    assert errors[-1] == (
        f"stormrange: nothing was imported: 4 of 5 rows in {bad} are invalid; fix them and import again, "
        "or 'import --skip-invalid' to import only the valid ones"
    )
    assert result.stdout == ""
    assert FileSnapshot.of(sandbox.history_path) == before

    bad_json = sandbox.home / "bad.json"
    bad_json.write_text(json.dumps([{"date": "2026-07-01T12:00:00Z", "delay_s": 6}, {"date": "2026-07-01T12:00:00Z", "delay_s": 400}]))
    result = sandbox.run("import", str(bad_json))
    assert result.status == 1
    assert "bad.json: array index 1: delay 400.0 s is too long" in result.stderr
    assert FileSnapshot.of(sandbox.history_path) == before


def test_import_then_undo_in_one_step(sandbox):
    source = sandbox.home / "in.csv"
    source.write_text("date,delay_s,temperature_c\n2026-07-01T12:00:00Z,6,25\n2026-07-01T12:01:00Z,5.5,25\n")
    result = sandbox.batch("add 9", f"import {source}", "show", "undo", "show")
    assert result.status == 0, result.stderr
    assert f"imported 2 measurements from {source} (CSV) ('undo' removes them)" in result.out_lines
    assert "undid the import of 2 measurements" in result.out_lines
    assert [entry["delay"] for entry in sandbox.read_history()] == [9.0]


def test_import_a_binary_property_list_in_the_history_format(sandbox):
    import plistlib

    source = sandbox.home / "other.plist"
    source.write_bytes(plistlib.dumps([sample_entry(6.0, note="from plistlib"), sample_entry(7.5)], fmt=plistlib.FMT_BINARY))
    result = sandbox.run("import", str(source))
    assert result.status == 0, result.stderr
    assert result.stdout.startswith(f"imported 2 measurements from {source} (property list)")
    assert [entry.get("note") for entry in sandbox.read_history()] == ["from plistlib", None]


def test_help_lists_the_new_commands(sandbox):
    result = sandbox.run("help")
    for name in ["status", "plot", "stats", "export", "import"]:
        assert re.search(rf"^  {name} +\S", result.stdout, re.M), name
    usage = sandbox.run("help", "export")
    assert usage.stdout.startswith("usage: export csv|json [PATH]\n")


# Issue 17: across the end of summer time the local clock goes back; the UTC offsets then show that
# a storm from 02:50 to 02:10 lasted 20 minutes, not minus 40.


def test_a_storm_across_a_change_of_utc_offset_shows_the_offsets(sandbox):
    # Berlin left summer time (+02:00) for winter time (+01:00) at 01:00 UTC on 26 October 2025.
    first, last = datetime.datetime(2025, 10, 26, 0, 50), datetime.datetime(2025, 10, 26, 1, 10)
    sandbox.write_history([sample_entry(6, date=first), sample_entry(8, date=last)])
    berlin = dict(sandbox.env, TZ="Europe/Berlin")
    status = sandbox.run("status", env=berlin)
    assert status.status == 0, status.stderr
    assert (
        "storm      2 measurements from 2025-10-26 02:50:00+02:00 to 2025-10-26 02:10:00+01:00 (20 min)"
        in status.out_lines
    )
    plot = sandbox.run("plot", env=berlin)
    # Over long since, it is the last storm; its heading is wrapped to the chart's width.
    heading = " ".join(plot.out_lines[:2])
    assert heading.startswith("last storm, ended ") and (
        "2 measurements from 2025-10-26 02:50:00+02:00 to 02:10:00+01:00" in heading), heading
    stats = sandbox.run("stats", env=berlin)
    assert re.search(r"^ +1  2025-10-26 02:50\+02:00  02:10\+01:00 +2 ", stats.stdout, re.MULTILINE), stats.stdout
    # Within one offset nothing is added.
    sandbox.write_history([sample_entry(6, date=first), sample_entry(8, date=first + datetime.timedelta(minutes=5))])
    assert "from 2025-10-26 02:50:00 to 2025-10-26 02:55:00 (5 min)" in sandbox.run("status", env=berlin).stdout


# Issue 17 (probe): the trend line under `plot` was not wrapped, so a long one went past 80 columns
# (124 for "unknown: the measurements disagree (…): strikes from different cells?", 82 in feet).


def _ago(minutes: float) -> str:
    return iso(datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=minutes))


def _varied_storms(count: int) -> list[tuple[str, list[str]]]:
    """(unit, `add` lines) for `count` storms drawn from a seeded generator: 1 to 12 measurements a
    few minutes apart, ending within the last 5 minutes, any delays, some with bearings."""
    generator = random.Random(17)
    storms = []
    for _ in range(count):
        size = generator.randint(1, 12)
        minutes = generator.uniform(0.2, 5)
        lines = []
        for _ in range(size):
            delay = generator.uniform(1, 120)
            # Its thunder heard by now: add refuses one still to come (issue 19).
            line = f"add {delay:.2f} at {_ago(max(minutes, delay / 60))}"
            if generator.random() < 0.5:
                line += f" from {generator.uniform(0, 359):.1f}"
            lines.append(line)
            minutes += generator.uniform(0.3, 8)
        storms.append((generator.choice(["km", "m", "mi", "ft", "nmi"]), lines[::-1]))
    # The probe's: a storm "approaching" at 3.7 km a minute, in kilometres and in feet.
    probe = [f"add 60 at {_ago(7)}", f"add 30 at {_ago(4)}", f"add 5 at {_ago(1)}"]
    # A storm coming from 40 km at 50 km/h, a flash a minute for 20 minutes, seen to the WSW: its
    # trend gives the time to within 10 km, with 10 km in the unit besides, too long for one line.
    coming = [
        f"add {(40 - 50 / 60 * minute) * 1000 / 343.4:.2f} at {_ago(21 - minute)} from 250" for minute in range(21)
    ]
    return storms + [("km", probe), ("ft", probe), ("ft", coming), ("nmi", coming)]


@pytest.mark.parametrize("locale", [{"LC_ALL": "C.UTF-8"}, {"LC_ALL": "C"}], ids=["utf-8", "ascii"])
@pytest.mark.parametrize("zone", ["UTC", "Europe/Berlin"])
def test_every_line_of_plot_fits_80_columns_whatever_the_storm(sandbox, locale, zone):
    env = dict(sandbox.env, TZ=zone, **locale)
    too_wide = []
    trends = []
    for number, (unit, lines) in enumerate(_varied_storms(24)):
        history = str(sandbox.home / f"storm{number}.plist")
        assert sandbox.run("set", "unit", unit).status == 0
        added = sandbox.batch(*lines, args=("--file", history))
        assert added.status == 0, added.stderr
        for args in (["plot"], ["plot", "5"]):
            result = sandbox.run("--file", history, *args, env=env)
            assert result.status == 0, result.stderr
            too_wide += [(unit, args, line) for line in result.out_lines if len(line) > 80]
            if locale["LC_ALL"] == "C":
                assert result.stdout.isascii()
            if args == ["plot"]:
                # The trend ends the plot, its continuation lines indented under its words.
                tail = result.stdout.split("\ntrend: ", 1)[1].splitlines()
                assert all(line.startswith(" " * 7) for line in tail[1:]), tail
                trends.append(" ".join(line.strip() for line in tail))
    assert too_wide == []
    # A steady trend says how the chances lean and which way the range goes.
    assert any(re.match(r"steady: approaching .* in (10|20), receding .* \((closing|opening) at ", trend)
               for trend in trends), trends
    assert any(len(trend) > 80 - len("trend: ") for trend in trends)
