"""Issue 28 ("A worried newcomer's first storm") and issue 29 (input messages), seen from outside:
times typed as a person says them, seconds and compass points in words, typos, the limits of what
`add` takes and the messages that state them."""

import datetime
import re

import pytest

from test_interactive import STOPWATCH_PROMPT, shells  # noqa: F401 (a fixture)


def utc_now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)


def stored_dates(sandbox) -> list[datetime.datetime]:
    return [entry["date"].replace(tzinfo=datetime.timezone.utc) for entry in sandbox.read_history()]


# Item 7: how far thunder carries, said once.


def test_the_warning_and_the_refusal_state_the_same_fact_about_thunder(sandbox):
    warned = sandbox.run("add", "80")
    assert warned.status == 0
    assert warned.err_lines == [
        "stormrange: warning: a delay of 80.0 s is unusual: thunder is rarely heard beyond about 25 km (75 s)"
    ]
    refused = sandbox.run("add", "400")
    assert refused.status == 1
    assert refused.err_lines == [
        "stormrange: delay 400 s is too long: thunder is rarely heard beyond about 25 km (75 s), "
        "and stormrange takes at most 300 s; type the seconds you counted"
    ]


# Item 8: the smaller ones.


def test_status_while_a_flash_is_timed_mentions_the_stopwatch(shells):
    shell = shells()
    shell.prompt()
    shell.child.send("flash\r")
    shell.child.expect(STOPWATCH_PROMPT)
    shell.child.send("status\r")
    shell.child.expect(STOPWATCH_PROMPT)
    said = shell.child.before
    assert "no measurements yet" in said
    assert "the stopwatch is running: a flash" in said
    assert "'thunder'" in said


def test_plot_of_a_storm_that_ended_says_so(sandbox):
    flash = (utc_now() - datetime.timedelta(minutes=36, seconds=10)).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert sandbox.batch(f"add 10 at {flash}").status == 0
    result = sandbox.run("plot")
    assert result.status == 0
    assert result.out_lines[0].startswith("last storm, ended 36 min ago: 1 measurement at ")
    assert "current storm" not in result.stdout
    mapped = sandbox.run("plot", "map")
    assert mapped.out_lines[0].startswith("last storm, ended 36 min ago:")


def test_a_map_without_bearings_says_why_first(sandbox):
    assert sandbox.batch("add 10", "add 9").status == 0
    result = sandbox.run("plot", "map")
    assert result.status == 0
    assert result.out_lines[0] == (
        "current storm: none of its 2 measurements has a bearing, so the map is empty; "
        "give one with 'from BEARING'"
    )
    assert "no bearing" not in result.out_lines[-1]


def test_helps_list_mentions_the_map(sandbox):
    line = next(line for line in sandbox.run("help").out_lines if line.lstrip().startswith("plot"))
    assert "map" in line


def test_the_close_distance_in_miles_is_as_round_as_in_kilometres(sandbox):
    assert sandbox.batch("set unit mi", "add 6").status == 0
    status = sandbox.run("status").stdout
    assert "lightning within about 10 km (6 mi)" in status
    assert "6.21" not in status


# Item 9: past times.


def test_a_clock_time_is_today_and_echoed(sandbox):
    now = utc_now()
    flash = now - datetime.timedelta(minutes=12)
    result = sandbox.run("add", "10", "at", flash.strftime("%H:%M"))
    assert result.status == 0, result.stderr
    # Just after midnight 12 minutes ago is yesterday (a clock time ahead of now), shown with its date.
    shown = f"{flash:%H:%M}" if flash.date() == now.date() else f"{flash:%Y-%m-%d %H:%M}"
    assert re.fullmatch(
        rf"#1  3\.43 km  \(delay 10\.00 s\), dated {shown}:00 local, 1[23] min ago", result.out_lines[0]
    ), result.stdout
    expected = flash.replace(second=0, microsecond=0)
    assert stored_dates(sandbox) == [expected]


def test_a_clock_time_with_seconds_in_the_sessions_zone(sandbox):
    env = dict(sandbox.env, TZ="XYZ-02")  # POSIX: two hours east of UTC
    now = utc_now()
    if (now + datetime.timedelta(hours=2)).hour == 0 and now.minute < 15:
        pytest.skip("too close to local midnight")
    flash = now - datetime.timedelta(minutes=10)
    local = (flash + datetime.timedelta(hours=2)).strftime("%H:%M:%S")
    result = sandbox.run("add", "4", "at", local, env=env)
    assert result.status == 0, result.stderr
    assert f"dated {local} local, 10 min ago" in result.stdout
    assert stored_dates(sandbox) == [flash.replace(microsecond=0)]


def test_a_clock_time_ahead_of_now_is_yesterday(sandbox):
    now = utc_now()
    later = now + datetime.timedelta(hours=2)
    result = sandbox.run("add", "10", "at", later.strftime("%H:%M"))
    assert result.status == 0, result.stderr
    expected = (later - datetime.timedelta(days=1)).replace(second=0, microsecond=0)
    assert stored_dates(sandbox) == [expected]
    # Yesterday's date is shown unless that is today's: from 22:00 on, two hours ahead is past
    # midnight, and a day before it is today.
    shown = f"{expected:%H:%M}" if expected.date() == now.date() else f"{expected:%Y-%m-%d %H:%M}"
    assert f"dated {shown}:00 local, 22 h" in result.stdout


@pytest.mark.parametrize(
    ("words", "seconds"),
    [
        (["-5m"], 300), (["5", "min", "ago"], 300), (["5", "minutes", "ago"], 300), (["-90s"], 90),
        (["90", "sec", "ago"], 90), (["2", "h", "ago"], 7200), (["1", "hours", "ago"], 3600),
        (["-2min"], 120), (["30", "seconds", "ago"], 30),
    ],
)
def test_a_relative_time(sandbox, words, seconds):
    before = utc_now()
    result = sandbox.run("add", "6", "at", *words, "note", "x")
    after = utc_now()
    assert result.status == 0, result.stderr
    assert ", dated " in result.out_lines[0] and " ago" in result.out_lines[0]
    [date] = stored_dates(sandbox)
    assert before - datetime.timedelta(seconds=seconds + 1) <= date <= after - datetime.timedelta(seconds=seconds - 1)
    assert sandbox.read_history()[0]["note"] == "x"


def test_iso_8601_still_works_and_is_echoed(sandbox):
    flash = (utc_now() - datetime.timedelta(minutes=3)).replace(microsecond=0)
    result = sandbox.run("add", "6", "at", flash.strftime("%Y-%m-%dT%H:%M:%SZ"))
    assert result.status == 0, result.stderr
    assert f"dated {flash:%H:%M:%S} local, 3 min ago" in result.stdout
    assert stored_dates(sandbox) == [flash]


@pytest.mark.parametrize("time_text", ["25:00", "12:60", "-5", "-5lightyears", "noon"])
def test_a_time_that_is_none_of_these_is_refused_and_nothing_is_saved(sandbox, time_text):
    result = sandbox.run("add", "6", "at", *time_text.split())
    assert result.status == 1
    assert len(result.err_lines) == 1
    assert "HH:MM" in result.stderr and "ISO 8601" in result.stderr
    assert not sandbox.history_path.exists()


# Item 10: units and words.


@pytest.mark.parametrize("words", [["6s"], ["6", "sec"], ["6", "seconds"], ["6", "S"], ["6", "s"], ["6SEC"]])
def test_seconds_with_their_unit(sandbox, words):
    result = sandbox.run("add", *words)
    assert result.status == 0, result.stderr
    assert result.out_lines[0] == "#1  2.06 km  (delay 6.00 s)"


@pytest.mark.parametrize(
    ("word", "degrees"),
    [("southwest", 225), ("south-west", 225), ("SW", 225), ("SouthWest", 225), ("north", 0),
     ("north-northeast", 22.5), ("WEST-NORTHWEST", 292.5), ("east", 90)],
)
def test_compass_points_in_words(sandbox, word, degrees):
    result = sandbox.run("add", "6", "from", word)
    assert result.status == 0, result.stderr
    assert sandbox.read_history()[0]["bearing"] == degrees


def test_help_add_lists_the_new_forms(sandbox):
    text = sandbox.run("help", "add").stdout
    for form in ["6s", "6 sec", "6 seconds", "southwest", "south-west", "HH:MM", "-5m", "5 min ago"]:
        assert form in text, form


# Item 11: a distance is a detector's reading, and says so.


def test_a_distance_says_it_was_recorded_as_a_detectors_reading(sandbox):
    result = sandbox.run("add", "3", "km")
    assert result.status == 0
    assert result.out_lines == [
        "#1  3.00 km  (detector)",
        "  recorded as a detector's reading; to record a delay you counted, type the seconds: add 9",
    ]


# Item 12: typos.


def test_a_swapped_pair_of_letters_is_one_edit_and_every_nearest_command_is_offered(sandbox):
    result = sandbox.run("stauts")
    assert result.status == 1
    assert result.err_lines == [
        "stormrange: unknown command 'stauts'; did you mean 'status' or 'stats'? (type 'help' for a list)"
    ]
    assert "did you mean 'status'?" in sandbox.run("sttaus").stderr


# Issue 29: the limit of a detector's distance.


@pytest.mark.parametrize(
    ("line", "limit"), [("add 1e306 km", "111.95 km"), ("add 1e307 mi", "69.56 mi"), ("add 1e300 ft", "367303 ft")]
)
def test_an_overflowing_distance_is_too_far(sandbox, line, limit):
    result = sandbox.run(*line.split())
    assert result.status == 1
    assert len(result.err_lines) == 1
    assert f"is too far: stormrange accepts at most {limit}" in result.stderr
    assert not sandbox.history_path.exists()


def test_an_overflowing_ingested_distance_is_too_far(sandbox):
    result = sandbox.run("ingest", "km", input="1e308\n12\n")
    assert result.status == 0
    assert "too far" in result.stderr and "more than 0" not in result.stderr
    assert [entry["distance"] for entry in sandbox.read_history()] == [12000]


@pytest.mark.parametrize(
    ("unit", "limit", "over"),
    [("km", "111.95", "111.955"), ("m", "111954", "111954.5"), ("mi", "69.56", "69.561"),
     ("nmi", "60.45", "60.451"), ("ft", "367303", "367303.4")],
)
def test_the_limit_is_stated_as_it_compares(sandbox, unit, limit, over):
    refused = sandbox.run("add", over, unit)
    assert refused.status == 1
    assert refused.err_lines == [
        f"stormrange: a distance of {over} {unit} is too far: stormrange accepts at most {limit} {unit} "
        "(300 s of thunder)"
    ]
    accepted = sandbox.run("add", limit, unit)
    assert accepted.status == 0, accepted.stderr


def test_every_distance_as_show_prints_it_can_be_typed_back_in_every_unit(sandbox):
    for typed in ["111954 m", "111.95 km", "69.56 mi", "60.45 nmi", "367303 ft", "111953.99 m"]:
        assert sandbox.run("add", *typed.split()).status == 0, typed
    for unit in ["km", "m", "mi", "nmi", "ft"]:
        assert sandbox.run("set", "unit", unit).status == 0
        shown = sandbox.run("show").stdout
        values = re.findall(rf"(\d+(?:\.\d+)?) {unit}\b", shown)
        assert len(values) >= 6, shown
        for value in values:
            result = sandbox.run("--file", str(sandbox.home / "other.plist"), "add", value, unit)
            assert result.status == 0, f"{value} {unit}: {result.stderr}"
