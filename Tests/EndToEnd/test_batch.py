"""Batch mode: commands piped on standard input, results on stdout, labelled errors on stderr."""

import datetime
import math
import re
import time

import pytest

from conftest import ERROR, SHOW_ROW, FileSnapshot, confirmation, read_line, show_rows, speed_of_sound


def seed(sandbox, *delays: float) -> None:
    """Records measurements with the given delays, in one batch."""
    result = sandbox.batch(*(f"add {delay}" for delay in delays))
    assert result.status == 0, result.stderr
    assert len(sandbox.read_history()) == len(delays)


# --- Results and their format -------------------------------------------------------------------


def test_add_prints_one_confirmation_line_with_index_distance_and_delay(sandbox):
    result = sandbox.batch("add 6")
    assert result.status == 0
    assert result.stderr == ""
    assert len(result.out_lines) == 1
    index, distance, delay = confirmation(result.out_lines[0])
    assert (index, distance, delay) == (1, "2.06 km", 6.0)


def test_each_measurement_gets_its_own_confirmation_with_the_next_index(sandbox):
    result = sandbox.batch("add 6", "add 3", "add 10.5")
    assert result.status == 0, result.stderr
    assert [confirmation(line) for line in result.out_lines] == [
        (1, "2.06 km", 6.0),
        (2, "1.03 km", 3.0),
        (3, "3.60 km", 10.5),
    ]
    # A later run continues the numbering from the file.
    later = sandbox.batch("add 1")
    assert confirmation(later.out_lines[0])[0] == 4


def test_batch_output_has_no_prompt_banner_or_echo(sandbox):
    result = sandbox.batch("add 6", "show", "help")
    assert result.status == 0, result.stderr
    assert "stormrange>" not in result.stdout
    assert "> " not in result.stdout.splitlines()[0]
    assert not any(line.strip() in ("add 6", "show", "help") for line in result.out_lines)
    assert result.stdout.splitlines()[0].startswith("#1")
    assert "Type 'help'" not in result.stdout and "Press Enter" not in result.stdout


def test_an_empty_batch_does_nothing_and_succeeds(sandbox):
    result = sandbox.batch()
    assert (result.status, result.stdout, result.stderr) == (0, "", "")
    assert not sandbox.history_path.exists()


# --- Errors, line numbers, exit status -----------------------------------------------------------


def test_errors_name_their_line_counting_blank_and_comment_lines(sandbox):
    result = sandbox.batch(
        "# a storm over the lake",  # 1
        "",  # 2
        "add 6",  # 3
        "   ",  # 4
        "add zero",  # 5
        "    # an indented comment",  # 6
        "shwo",  # 7
        "add 4",  # 8
    )
    assert result.status == 1
    errors = [ERROR.match(line) for line in result.err_lines]
    assert all(errors), result.stderr
    assert [int(match[1]) for match in errors] == [5, 7]
    # Processing went on after the errors; blank and comment lines printed nothing.
    assert [confirmation(line)[0] for line in result.out_lines] == [1, 2]
    assert [entry["delay"] for entry in sandbox.read_history()] == [6.0, 4.0]


def test_status_is_zero_when_every_command_succeeds(sandbox):
    result = sandbox.batch("# only good lines", "add 6", "", "show", "set")
    assert result.status == 0
    assert result.stderr == ""


def test_windows_line_ends_are_accepted(sandbox):
    result = sandbox.run(input="add 6\r\nadd 7 note crlf\r\n")
    assert result.status == 0, result.stderr
    assert [entry.get("note") for entry in sandbox.read_history()] == [None, "crlf"]


def test_a_last_line_without_newline_still_runs(sandbox):
    result = sandbox.run(input="add 6\nadd 7")
    assert result.status == 0, result.stderr
    assert len(result.out_lines) == 2


def test_bail_stops_at_the_first_failure(sandbox):
    result = sandbox.batch("add 6", "add bogus", "add 7", "clear", args=("--bail",))
    assert result.status == 1
    assert len(result.err_lines) == 1
    assert ERROR.match(result.err_lines[0])[1] == "2"
    assert [confirmation(line)[0] for line in result.out_lines] == [1]
    # Neither `add 7` nor `clear` ran.
    assert [entry["delay"] for entry in sandbox.read_history()] == [6.0]


def test_without_bail_processing_continues(sandbox):
    result = sandbox.batch("add 6", "add bogus", "add 7")
    assert result.status == 1
    assert [entry["delay"] for entry in sandbox.read_history()] == [6.0, 7.0]


def test_bail_with_no_failure_runs_everything(sandbox):
    result = sandbox.batch("add 6", "add 7", args=("--bail",))
    assert result.status == 0
    assert len(sandbox.read_history()) == 2


def test_echo_prints_each_line_before_its_result(sandbox):
    result = sandbox.batch("add 6", "add 7", "show 1", args=("--echo",))
    assert result.status == 0, result.stderr
    lines = result.out_lines
    assert lines[0] == "add 6"
    assert confirmation(lines[1])[0] == 1
    assert lines[2] == "add 7"
    assert confirmation(lines[3])[0] == 2
    assert lines[4] == "show 1"
    assert [index for index, _ in show_rows("\n".join(lines[5:]))] == [2]


def test_echo_shows_the_failing_line_and_the_error_still_goes_to_stderr(sandbox):
    result = sandbox.batch("add nope", args=("--echo",))
    assert result.status == 1
    assert result.out_lines == ["add nope"]
    assert ERROR.match(result.err_lines[0])[1] == "1"


# --- Bad input: one clear line on stderr, nothing changed ---------------------------------------

BAD_LINES = {
    # Not numbers, or numbers that are not delays.
    "word": "add six",
    "unit suffix": "add 6x",
    "comma decimal": "add 6,5",
    "hexadecimal": "add 0x10",
    "nan": "add nan",
    "NaN": "add NaN",
    "inf": "add inf",
    "-inf": "add -inf",
    "infinity": "add infinity",
    "overflow": "add 1e309",
    "zero": "add 0",
    "negative zero": "add -0",
    "negative": "add -1",
    "under a tenth of a second": "add 0.09",
    "underflowing to a tiny delay": "add 1e-300",
    "too long": "add 301",
    "far too long": "add 100000",
    # Times.
    "time word": "add 6 at yesterday",
    "time without offset": "add 6 at 2026-07-01T18:03:00",
    "time bad month": "add 6 at 2026-13-01T18:03:00Z",
    "time bad day": "add 6 at 2026-02-30T10:00:00Z",
    "time bad hour": "add 6 at 2026-07-01T25:03:00Z",
    "time missing": "add 6 at",
    "time in the future": "add 6 at 2999-01-01T00:00:00Z",
    # Notes that an XML property list cannot hold.
    "note with bell": "add 6 note ring\x07ring",
    "note with escape": "add 6 note \x1b[31mred",
    "note with NUL": "add 6 note nul\x00byte",
    "note with form feed": "add 6 note page\x0cbreak",
    "note missing text": "add 6 note",
    # Argument counts.
    "add missing": "add",
    "add extra": "add 6 7",
    "add extra after time": "add 6 at 2026-07-01T18:03:00Z lake",
    "delete missing": "delete",
    "delete extra": "delete 1 2",
    "delete word": "delete one",
    "delete zero": "delete 0",
    "delete beyond": "delete 2",
    "show extra": "show 1 2",
    "show zero": "show 0",
    "show negative": "show -3",
    "show word": "show all",
    "clear extra": "clear everything",
    "undo extra": "undo twice",
    "flash extra": "flash now",
    "thunder extra": "thunder loud",
    "help extra": "help add show",
    "help unknown": "help frobnicate",
    "set extra": "set unit km now",
    "set unknown unit": "set unit furlong",
    "set unknown key": "set colour red",
    "set missing value": "set unit",
    "set hot": "set temperature 500",
    "set cold": "set temperature -100C",
    "set word": "set temperature warm",
    "set nan": "set temperature nan",
    # Commands in the wrong state, or unknown.
    "thunder without flash": "thunder",
    "bang without flash": "bang",
    "undo with nothing done": "undo",
    "unknown": "frobnicate",
    "unknown with control chars": "\x1b[2Jboom",
}


@pytest.mark.parametrize("line", BAD_LINES.values(), ids=BAD_LINES.keys())
def test_bad_input_gets_one_line_error_and_changes_nothing(sandbox, line):
    seed(sandbox, 6)
    before = FileSnapshot.of(sandbox.history_path)

    result = sandbox.batch(line)

    assert result.status == 1, f"{line!r} was accepted: {result.stdout!r}"
    assert result.stdout == ""
    assert len(result.err_lines) == 1, result.stderr
    match = ERROR.match(result.err_lines[0])
    assert match and match[1] == "1", result.stderr
    message = match[2]
    assert len(message) > 15, f"error too terse to be clear: {message!r}"
    # The message must not pass raw control characters (escape sequences) to the terminal.
    assert not any(ord(c) < 32 or ord(c) == 127 for c in result.stderr.rstrip("\n")), repr(result.stderr)
    assert FileSnapshot.of(sandbox.history_path) == before
    assert not sandbox.settings_path.exists()


@pytest.mark.parametrize(
    "line, words",
    [
        ("add six", ["six", "number"]),
        ("add nan", ["nan"]),
        ("add 0", ["positive"]),
        ("add -1", ["positive"]),
        ("add 301", ["301"]),
        ("add 6 at yesterday", ["yesterday", "ISO 8601"]),
        ("add 6 note ring\x07ring", ["control"]),
        ("add 6 7", ["7", "usage"]),
        ("add", ["usage"]),
        ("delete 9", ["9"]),
    ],
)
def test_bad_input_errors_say_what_is_wrong(sandbox, line, words):
    seed(sandbox, 6)
    result = sandbox.batch(line)
    assert result.status == 1
    for word in words:
        assert word.lower() in result.stderr.lower(), result.stderr


def test_unknown_command_suggests_the_closest_one(sandbox):
    result = sandbox.batch("shwo", "ad 6", "hepl")
    assert result.status == 1
    messages = [ERROR.match(line)[2] for line in result.err_lines]
    assert len(messages) == 3
    assert "shwo" in messages[0] and "'show'" in messages[0]
    assert "'add'" in messages[1]
    assert "'help'" in messages[2]


def test_unknown_command_far_from_everything_points_to_help(sandbox):
    result = sandbox.batch("xyzzyplugh")
    assert result.status == 1
    assert "xyzzyplugh" in result.stderr
    assert "help" in result.stderr


def test_a_long_delay_is_recorded_with_a_warning(sandbox):
    seed(sandbox, 6)
    result = sandbox.batch("add 80")
    assert result.status == 0
    assert confirmation(result.out_lines[0])[::2] == (2, 80.0)
    assert len(result.err_lines) == 1
    assert result.err_lines[0].startswith("stormrange: line 1: ")
    assert "warning" in result.stderr.lower()
    assert "25 km" in result.stderr
    assert [entry["delay"] for entry in sandbox.read_history()] == [6.0, 80.0]


def test_delays_up_to_the_limits_are_accepted_without_warning(sandbox):
    result = sandbox.batch("add 75", "add 0.1", "add 6e1")
    assert result.status == 0
    assert result.stderr == ""
    assert [entry["delay"] for entry in sandbox.read_history()] == [75.0, 0.1, 60.0]


def test_add_refuses_a_delay_under_a_tenth_of_a_second_which_import_still_reads(sandbox, tmp_path):
    # Issue 17: `add 1e-300` was shown as "0.00 s, 0.00 km". Typed input has a floor; files do not,
    # so that every export imports back (guarantee 12).
    result = sandbox.batch("add 1e-300", "add 0.0999")
    assert result.status == 1 and result.stdout == ""
    assert result.err_lines == [
        "stormrange: line 1: a delay of 1e-300 s is not a thunder delay: the shortest is 0.1 s",
        "stormrange: line 2: a delay of 0.0999 s is not a thunder delay: the shortest is 0.1 s",
    ]
    path = tmp_path / "short.json"
    path.write_text('[{"date": "2026-07-01T16:03:00Z", "delay_s": 1e-300}]')
    assert sandbox.run("import", str(path)).status == 0
    exported = tmp_path / "again.csv"
    assert sandbox.run("export", "csv", str(exported)).status == 0
    sandbox.history_path.unlink()
    assert sandbox.run("import", str(exported)).status == 0
    assert [entry["delay"] for entry in sandbox.read_history()] == [1e-300]


def test_three_hundred_seconds_is_the_longest_delay_accepted(sandbox):
    result = sandbox.batch("add 300")
    assert result.status == 0
    assert "warning" in result.stderr
    assert sandbox.read_history()[0]["delay"] == 300.0


# --- add with a time and a note -----------------------------------------------------------------


def test_add_with_time_and_note(sandbox):
    result = sandbox.batch("add 12 at 2026-07-01T18:03:00+02:00 note over the lake")
    assert result.status == 0, result.stderr
    assert confirmation(result.out_lines[0]) == (1, "4.12 km", 12.0)
    (entry,) = sandbox.read_history()
    assert entry["date"] == datetime.datetime(2026, 7, 1, 16, 3, 0)
    assert entry["note"] == "over the lake"
    assert entry["delay"] == 12.0

    shown = sandbox.batch("show")
    ((index, row),) = show_rows(shown.stdout)
    assert index == 1
    assert "2026-07-01 16:03:00" in row  # TZ=UTC
    assert row.endswith("over the lake")


@pytest.mark.parametrize(
    "time, expected",
    [
        ("2026-07-01T16:03:00Z", datetime.datetime(2026, 7, 1, 16, 3, 0)),
        ("2026-07-01T09:03:00-07:00", datetime.datetime(2026, 7, 1, 16, 3, 0)),
        ("2026-07-01T16:03Z", datetime.datetime(2026, 7, 1, 16, 3, 0)),
        ("2026-07-01T18:03:00+0200", datetime.datetime(2026, 7, 1, 16, 3, 0)),
    ],
)
def test_add_at_accepts_iso_8601_with_offset(sandbox, time, expected):
    result = sandbox.batch(f"add 6 at {time}")
    assert result.status == 0, result.stderr
    assert sandbox.read_history()[0]["date"] == expected


def test_add_without_time_dates_the_flash_the_delay_before_now(sandbox):
    # The thunder is heard when the line is typed; the flash was the delay before it.
    before = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None, microsecond=0)
    sandbox.batch("add 6")
    after = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)
    date = sandbox.read_history()[0]["date"]
    delay = datetime.timedelta(seconds=6)
    assert before - delay <= date <= after - delay


def test_note_only_and_unicode_note(sandbox):
    result = sandbox.batch("add 6 note über den See ⚡ <&> \"quoted\"")
    assert result.status == 0, result.stderr
    assert sandbox.read_history()[0]["note"] == "über den See ⚡ <&> \"quoted\""


def test_a_note_may_start_with_a_combining_mark(sandbox):
    # Issue 17: the space before U+0301 is a blank, though the two form one character.
    result = sandbox.batch("add 7 note \u0301", "add 7 note \u0301x y\u0301", "show")
    assert result.status == 0, result.stderr
    assert [entry["note"] for entry in sandbox.read_history()] == ["\u0301", "\u0301x y\u0301"]


def test_fixed_words_in_arguments_are_taken_in_any_case(sandbox):
    # Issue 17: `export CSV` was accepted but `set unit MI` was not.
    result = sandbox.batch(
        "set UNIT MI", "set Temperature 25", "add 12 KM FROM sw SOURCE AS3935 NOTE Over the lake",
        "add 6 AT 2026-07-01T16:00:00Z From nne", "plot MAP", "export CSV",
    )
    assert result.status == 0, result.stderr
    assert sandbox.read_settings() == {"unit": "mi", "temperature": 25.0}
    first, second = sandbox.read_history()
    assert (first["distance"], first["bearing"], first["source"], first["note"]) == (12000.0, 225.0, "AS3935", "Over the lake")
    assert second["bearing"] == 22.5 and second["temperature"] == 25.0
    assert "measurement on the map, north up" in result.stdout
    assert "index,date,delay_s" in result.stdout
    # Only ASCII letters fold: `ſ` is not S (Unicode uppercases it to S), and command names keep
    # their case.
    refused = sandbox.batch("add 6 from \u017fSE", "SHOW")
    assert refused.status == 1
    assert "'\u017fSE' is not a bearing" in refused.err_lines[0]
    assert "unknown command 'SHOW'" in refused.err_lines[1]


def test_distance_uses_the_speed_of_sound_at_20_celsius_by_default(sandbox):
    sandbox.batch("add 6")
    (entry,) = sandbox.read_history()
    assert entry["temperature"] == 20.0
    assert math.isclose(entry["speedOfSound"], speed_of_sound(20), rel_tol=1e-9)
    assert math.isclose(entry["distance"], 6 * speed_of_sound(20), rel_tol=1e-9)


# --- Settings ------------------------------------------------------------------------------------


def test_set_unit_persists_only_that_key(sandbox):
    result = sandbox.batch("set unit mi")
    assert result.status == 0, result.stderr
    assert sandbox.read_settings() == {"unit": "mi"}
    # A later run shows distances in miles.
    later = sandbox.batch("add 6")
    assert confirmation(later.out_lines[0]) == (1, "1.28 mi", 6.0)
    # The history still stores metres.
    assert math.isclose(sandbox.read_history()[0]["distance"], 6 * speed_of_sound(20))


@pytest.mark.parametrize("unit, shown", [("km", "2.06 km"), ("m", "2059 m"), ("ft", "6756 ft"), ("nmi", "1.11 nmi")])
def test_each_unit(sandbox, unit, shown):
    result = sandbox.batch(f"set unit {unit}", "add 6")
    assert result.status == 0, result.stderr
    assert confirmation(result.out_lines[-1])[1] == shown


def test_set_temperature_in_fahrenheit_persists_in_celsius_alone(sandbox):
    result = sandbox.batch("set temperature 68F")
    assert result.status == 0, result.stderr
    settings = sandbox.read_settings()
    assert list(settings) == ["temperature"]
    assert math.isclose(settings["temperature"], 20.0)


def test_settings_file_holds_only_the_changed_keys(sandbox):
    sandbox.batch("set unit m")
    sandbox.batch("set temperature 25")
    sandbox.batch("set unit ft")
    settings = sandbox.read_settings()
    assert set(settings) == {"unit", "temperature"}
    assert settings["unit"] == "ft"
    assert settings["temperature"] == 25.0


def test_listing_settings_writes_nothing(sandbox):
    result = sandbox.batch("set")
    assert result.status == 0
    assert "km" in result.stdout and "20" in result.stdout
    assert not sandbox.settings_path.exists()
    assert not sandbox.history_path.exists()


def test_set_lists_the_changed_values(sandbox):
    sandbox.batch("set unit nmi", "set temperature 30C")
    result = sandbox.batch("set")
    assert "nmi" in result.stdout
    assert "30" in result.stdout


def test_new_temperature_applies_only_to_new_measurements(sandbox):
    result = sandbox.batch("add 6", "set temperature 86F", "add 6")
    assert result.status == 0, result.stderr
    first, second = sandbox.read_history()
    assert first["temperature"] == 20.0
    assert math.isclose(first["speedOfSound"], speed_of_sound(20))
    assert math.isclose(second["temperature"], 30.0)
    assert math.isclose(second["speedOfSound"], speed_of_sound(30))
    assert math.isclose(second["distance"], 6 * speed_of_sound(30))
    assert confirmation(result.out_lines[-1])[1] == "2.09 km"

    # A later session keeps the new temperature; the old entries still keep theirs.
    sandbox.batch("add 6")
    entries = sandbox.read_history()
    assert [round(entry["temperature"], 6) for entry in entries] == [20.0, 30.0, 30.0]
    rows = show_rows(sandbox.batch("show").stdout)
    assert "2.06 km" in rows[0][1] and "2.09 km" in rows[1][1]


def test_settings_changes_do_not_touch_the_history(sandbox):
    seed(sandbox, 6)
    before = FileSnapshot.of(sandbox.history_path)
    result = sandbox.batch("set unit mi", "set temperature 10", "set")
    assert result.status == 0
    assert FileSnapshot.of(sandbox.history_path) == before


# --- show, delete, clear, undo -------------------------------------------------------------------


def test_show_lists_everything_oldest_first(sandbox):
    seed(sandbox, 1, 2, 3, 4, 5)
    result = sandbox.batch("show")
    assert result.status == 0
    rows = show_rows(result.stdout)
    assert [index for index, _ in rows] == [1, 2, 3, 4, 5]
    assert "1.00" in rows[0][1] and "0.34 km" in rows[0][1]
    assert "5.00" in rows[4][1] and "1.72 km" in rows[4][1]


def test_show_n_lists_the_last_n_oldest_first(sandbox):
    seed(sandbox, 1, 2, 3, 4, 5)
    assert [index for index, _ in show_rows(sandbox.batch("show 2").stdout)] == [4, 5]
    assert [index for index, _ in show_rows(sandbox.batch("show 1").stdout)] == [5]
    assert [index for index, _ in show_rows(sandbox.batch("show 99").stdout)] == [1, 2, 3, 4, 5]


def test_show_on_an_empty_history_says_so(sandbox):
    result = sandbox.batch("show")
    assert result.status == 0
    assert show_rows(result.stdout) == []
    assert re.search(r"no measurements|empty", result.stdout, re.I)
    assert not sandbox.history_path.exists()


def test_delete_removes_that_measurement(sandbox):
    seed(sandbox, 1, 2, 3)
    result = sandbox.batch("delete 2")
    assert result.status == 0, result.stderr
    assert len(result.out_lines) == 1 and "2" in result.stdout
    assert [entry["delay"] for entry in sandbox.read_history()] == [1.0, 3.0]
    assert [index for index, _ in show_rows(sandbox.batch("show").stdout)] == [1, 2]


def test_clear_in_a_batch_empties_without_asking(sandbox):
    seed(sandbox, 1, 2, 3)
    result = sandbox.batch("clear")
    assert result.status == 0, result.stderr
    assert "3" in result.stdout
    assert sandbox.read_history() == []
    assert show_rows(sandbox.batch("show").stdout) == []


def test_undo_of_add(sandbox):
    seed(sandbox, 1)
    result = sandbox.batch("add 6", "add 7", "undo")
    assert result.status == 0, result.stderr
    assert [entry["delay"] for entry in sandbox.read_history()] == [1.0, 6.0]


def test_undo_of_delete_puts_it_back_in_place(sandbox):
    seed(sandbox, 1, 2, 3)
    original = sandbox.read_history()
    result = sandbox.batch("delete 2", "undo")
    assert result.status == 0, result.stderr
    assert sandbox.read_history() == original


def test_undo_of_clear_restores_everything(sandbox):
    seed(sandbox, 1, 2, 3)
    original = sandbox.read_history()
    result = sandbox.batch("add 4 note to be cleared too", "clear", "undo")
    assert result.status == 0, result.stderr
    assert sandbox.read_history()[:3] == original
    assert [entry["delay"] for entry in sandbox.read_history()] == [1.0, 2.0, 3.0, 4.0]


def test_undo_steps_back_through_several_changes(sandbox):
    result = sandbox.batch("add 1", "add 2", "delete 1", "undo", "undo", "undo")
    assert result.status == 0, result.stderr
    assert sandbox.read_history() == []
    # Nothing more to undo.
    again = sandbox.batch("add 5", "undo", "undo")
    assert again.status == 1
    assert ERROR.match(again.err_lines[0])[1] == "3"


def test_undo_only_reverts_changes_of_this_session(sandbox):
    seed(sandbox, 1, 2)
    before = FileSnapshot.of(sandbox.history_path)
    result = sandbox.batch("undo")
    assert result.status == 1
    assert FileSnapshot.of(sandbox.history_path) == before


# --- Timing flash and thunder through a pipe -----------------------------------------------------


def wait_until_reading(process):
    """Waits until the process answers a first command, so the next line is stamped as it arrives
    rather than when a slow start-up first reads the pipe."""
    process.stdin.write(b"show\n")
    assert "no measurements" in read_line(process.stdout, timeout=10)


def test_flash_and_thunder_are_timed_as_they_arrive(sandbox):
    process = sandbox.popen()
    try:
        wait_until_reading(process)
        flash_wall = time.time()
        process.stdin.write(b"flash\n")
        time.sleep(1.0)
        process.stdin.write(b"thunder\n")
        line = read_line(process.stdout, timeout=10)
        process.stdin.close()
        assert process.wait(timeout=10) == 0
        assert process.stderr.read() == b""
    finally:
        process.kill()
        process.wait()
    index, _, delay = confirmation(line)
    assert index == 1
    assert 0.9 <= delay <= 1.5
    (entry,) = sandbox.read_history()
    assert 0.9 <= entry["delay"] <= 1.5
    assert math.isclose(entry["distance"], entry["delay"] * speed_of_sound(20))
    # Dated at the flash, in whole seconds.
    flash_second = datetime.datetime.fromtimestamp(int(flash_wall), datetime.timezone.utc).replace(tzinfo=None)
    assert flash_second <= entry["date"] <= flash_second + datetime.timedelta(seconds=1)
    assert entry["date"].microsecond == 0


def test_bang_records_a_timed_measurement(sandbox):
    process = sandbox.popen()
    try:
        wait_until_reading(process)
        process.stdin.write(b"flash\n")
        time.sleep(0.3)
        process.stdin.write(b"bang\n")
        line = read_line(process.stdout, timeout=10)
        process.stdin.close()
        assert process.wait(timeout=10) == 0
    finally:
        process.kill()
        process.wait()
    assert 0.25 <= confirmation(line)[2] <= 0.8


def test_results_are_flushed_after_each_command(sandbox):
    process = sandbox.popen()
    try:
        process.stdin.write(b"add 5\n")
        # The confirmation arrives while stdin is still open.
        assert confirmation(read_line(process.stdout, timeout=10)) == (1, "1.72 km", 5.0)
        process.stdin.write(b"bogus\n")
        assert ERROR.match(read_line(process.stderr, timeout=10).rstrip("\n"))[1] == "2"
        process.stdin.write(b"show\n")
        header = read_line(process.stdout, timeout=10)
        assert not SHOW_ROW.match(header)
        assert SHOW_ROW.match(read_line(process.stdout, timeout=10))
        process.stdin.write(b"add 6\n")
        assert confirmation(read_line(process.stdout, timeout=10))[0] == 2
        process.stdin.close()
        assert process.wait(timeout=10) == 1
    finally:
        process.kill()
        process.wait()
    assert len(sandbox.read_history()) == 2


def test_quit_ends_a_batch(sandbox):
    result = sandbox.batch("add 6", "quit", "add 7")
    assert result.status == 0
    assert [entry["delay"] for entry in sandbox.read_history()] == [6.0]
