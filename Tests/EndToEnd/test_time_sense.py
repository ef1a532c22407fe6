"""Time sense (issue 19, items 1–4): entries dated ahead of now, thunder heard after now, the 10 km
window across a storm boundary, and a storm that is over, each through `status`, `status --json`,
`status --exit-code`, `watch --json` and the summary after each measurement at the prompt. Dates are
relative to the clock, so the storms are the same whenever the tests run."""

import datetime
import json
import math
import plistlib
import re

import pytest

from conftest import sample_entry, speed_of_sound
from test_interactive import Shell
from test_watch import lines  # noqa: F401 (the fixture: `watch --json` lines, stopped after the test)

SPEED = speed_of_sound(20)
SPEED_KMH = r"[\d.]+ ± [\d.]+ km/h"


def utc_now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)


def iso(moment: datetime.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def clock(moment: datetime.datetime) -> str:
    """The local time as status prints it (TZ=UTC in the sandbox), with the date on another day."""
    return moment.strftime("%H:%M:%S" if moment.date() == utc_now().date() else "%Y-%m-%d %H:%M:%S")


def entry(flash: datetime.datetime, delay: float) -> dict:
    """A history entry as another property-list tool writes it, flash at `flash` (UTC)."""
    return sample_entry(delay, date=flash.astimezone(datetime.timezone.utc).replace(tzinfo=None))


def status_json(sandbox) -> dict:
    result = sandbox.run("status", "--json")
    assert result.status == 0, result.stderr
    return json.loads(result.stdout)


def exit_code(sandbox) -> int:
    result = sandbox.run("status", "--exit-code")
    assert result.stderr == ""
    return result.status


def summary_after(sandbox, line: str) -> str:
    """The one-line summary after `line` typed at the prompt."""
    shell = Shell(sandbox)
    try:
        shell.prompt()
        output = re.sub(r"\x1b\[\?2004[hl]", "", shell.run(line)).replace("\r", "")
        shell.child.send("quit\r")
        assert shell.finish() == 0
    finally:
        shell.child.close(force=True)
    return [text for text in output.split("\n") if text.strip()][-1]


def text_line(text: str, label: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(label + " "))


# 1. Entries dated ahead of now


def ahead_history(sandbox, hours: float = 5) -> datetime.datetime:
    """Three 2 km entries `hours` ahead (another clock): they must not take over the status."""
    first = utc_now() + datetime.timedelta(hours=hours)
    sandbox.write_history([entry(first + datetime.timedelta(minutes=2 * i), 6) for i in range(3)])
    return first


def test_entries_dated_ahead_are_left_out_of_status_json_and_exit_code(sandbox):
    ahead_history(sandbox)
    assert sandbox.run("add", "1", "km").status == 0
    text = sandbox.run("status").stdout
    assert text_line(text, "latest").startswith("latest     #4  1.00 km")
    assert "storm      1 measurement so far" in text
    assert "           lightning within about 10 km in the last 30 minutes" in text
    countdown = re.search(r"all clear  in (\d+):(\d\d)", text)
    assert countdown and int(countdown[1]) * 60 + int(countdown[2]) <= 30 * 60
    assert re.search(r"^ahead      3 entries dated ahead of now were left out: the first counts from ", text, re.M)
    status = status_json(sandbox)
    assert status["latest"]["index"] == 4 and status["storm"]["count"] == 1
    assert status["excluded_ahead"] == 3
    assert status["advice"]["within_10km"] is True
    assert exit_code(sandbox) == 4
    # Loading keeps them: `show` lists all four.
    assert len(json.loads(sandbox.run("show", "--json").stdout)) == 4


def test_with_only_entries_ahead_there_is_nothing_up_to_now(sandbox):
    ahead_history(sandbox)
    result = sandbox.run("status")
    assert result.out_lines[0].startswith("no measurements up to now")
    assert result.out_lines[1].startswith("ahead      3 entries dated ahead of now were left out")
    status = status_json(sandbox)
    assert [key for key in status if status[key] is None] == ["latest", "storm", "trend", "motion"]
    assert status["excluded_ahead"] == 3 and status["advice"]["level"] == "all-clear"
    assert exit_code(sandbox) == 0


def test_a_property_list_import_keeps_accepting_them(sandbox):
    other = sandbox.home / "other.plist"
    other.write_bytes(plistlib.dumps([entry(utc_now() + datetime.timedelta(hours=3), 6)]))
    assert sandbox.run("add", "9").status == 0
    result = sandbox.run("import", str(other))
    assert result.status == 0, result.stderr
    status = status_json(sandbox)
    assert status["excluded_ahead"] == 1 and status["latest"]["index"] == 1


def test_the_summary_after_each_add_leaves_them_out(sandbox):
    ahead_history(sandbox)
    line = summary_after(sandbox, "add 1 km")
    assert line.startswith("  ± 0.10 km · ")
    assert line.endswith(" · shelter now, lightning within 10 km · 3 dated ahead left out"), line


def test_watch_prints_a_line_when_an_entry_ahead_comes_due(sandbox, lines):  # noqa: F811
    # Thunder 64 s after a flash 4 s from now: more than a minute ahead until the flash, so due
    # 7–8 s from now (the flash is stored to the whole second). A busy machine may wake watch later.
    flash = utc_now() + datetime.timedelta(seconds=4)
    sandbox.write_history([entry(utc_now() - datetime.timedelta(minutes=50), 6), entry(flash, 64)])
    watcher = lines(sandbox, "watch", "--json")
    first = watcher.line()
    assert first["excluded_ahead"] == 1 and first["latest"]["index"] == 1
    assert first["advice"]["level"] == "all-clear"
    due = watcher.line(timeout=20)
    assert due["excluded_ahead"] == 0 and due["latest"]["index"] == 2
    assert due["advice"]["level"] == "shelter-now"
    assert watcher.stop() == 0


# 2. Thunder heard after now


def test_add_refuses_thunder_after_now_and_says_why(sandbox):
    now = utc_now()
    result = sandbox.run("add", "300", "at", iso(now + datetime.timedelta(seconds=50)))
    assert result.status == 1
    assert re.fullmatch(
        # A time of another day than now's is shown with its date (the thunder, just before midnight).
        r"stormrange: the thunder of a flash at (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d with a delay of 300\.00 s would be "
        r"heard at (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d, after now \(\d\d:\d\d:\d\d\): add it once you hear the thunder\n",
        result.stderr,
    ), result.stderr
    assert not sandbox.history_path.exists()
    # Its flash 4 min ago, its thunder a minute and more ahead: refused too; less is allowed.
    assert sandbox.run("add", "300", "at", iso(now - datetime.timedelta(seconds=230))).status == 1
    assert sandbox.run("add", "300", "at", iso(now - datetime.timedelta(seconds=270))).status == 0
    assert len(sandbox.read_history()) == 1


def test_thunder_after_now_from_another_tool_is_left_out_and_never_said_to_be_ago(sandbox):
    now = utc_now()
    # Heard 20 s from now (within the minute clocks may disagree by), and 290 s from now.
    near, far = now - datetime.timedelta(seconds=250), now - datetime.timedelta(seconds=10)
    sandbox.write_history([entry(near, 270), entry(far, 300)])
    text = sandbox.run("status").stdout
    assert text.count(" ago") == 1, text  # the flash's: 4 min ago
    thunder = near + datetime.timedelta(seconds=270)
    assert f"(delay 270.00 s, flash at {clock(near)}, 4 min ago)" in text
    assert f"SHELTER NOW: thunder was heard at {clock(thunder)}; when thunder roars, go indoors" in text
    assert re.search(r"^ahead      1 entry dated ahead of now was left out: it counts from ", text, re.M)
    status = status_json(sandbox)
    assert status["latest"]["index"] == 1 and status["excluded_ahead"] == 1
    assert status["advice"]["all_clear_at"] == iso(thunder + datetime.timedelta(minutes=30))
    # Import keeps accepting what loading accepts: the export imports back.
    exported = sandbox.home / "both.json"
    assert sandbox.run("export", "json", str(exported)).status == 0
    sandbox.history_path.unlink()
    result = sandbox.run("import", str(exported))
    assert result.status == 0, result.stderr
    assert status_json(sandbox)["excluded_ahead"] == 1


# 3. The 10 km window across a storm boundary


def test_close_thunder_counts_whatever_storm_it_was_grouped_into(sandbox):
    # A 6.9 km flash whose thunder was heard 29:40 ago, then a 40 km reading 30 minutes after that
    # flash, which starts a new storm.
    now = utc_now()
    flash = now - datetime.timedelta(minutes=30)
    assert sandbox.batch(f"add 20 at {iso(flash)}", f"add 40 km source as3935 at {iso(now)}").status == 0
    status = status_json(sandbox)
    assert status["storm"]["count"] == 1 and status["latest"]["index"] == 2
    assert status["advice"] == {**status["advice"], "level": "shelter-now", "within_10km": True}
    assert "           lightning within about 10 km in the last 30 minutes" in sandbox.run("status").stdout
    assert exit_code(sandbox) == 4


def test_the_summary_after_an_add_counts_close_thunder_of_an_earlier_storm(sandbox):
    flash = utc_now() - datetime.timedelta(minutes=30)
    assert sandbox.run("add", "20", "at", iso(flash)).status == 0
    assert summary_after(sandbox, "add 40 km source as3935").endswith(" · shelter now, lightning within 10 km")


# 4. A storm that is over


def passing(last: datetime.datetime, nearest_after: float, minutes: int = 24, step: int = 3) -> list[str]:
    """`add` lines for a storm moving due east at 40 km/h on a track 5 km north of the observer,
    timed every `step` minutes up to `last` with bearings, nearest `nearest_after` minutes after
    `last`."""
    result = []
    for before in range(minutes, -1, -step):
        flash = last - datetime.timedelta(minutes=before)
        east = 40 / 60 * -(before + nearest_after)
        distance = math.hypot(east, 5.0)
        bearing = math.degrees(math.atan2(east, 5.0)) % 360
        result.append(f"add {distance * 1000 / SPEED:.3f} at {iso(flash)} from {bearing:.1f}")
    return result


def test_a_storm_three_days_ago_is_over_and_described_as_of_its_last_flash(sandbox):
    last = utc_now() - datetime.timedelta(days=3)
    assert sandbox.batch(*passing(last, nearest_after=6)).status == 0
    text = sandbox.run("status").stdout
    assert re.search(rf"^           the storm is over: no thunder since {clock(last)[:10]} \d\d:\d\d:\d\d$", text, re.M)
    trend = text_line(text, "trend")
    assert re.fullmatch(rf"trend      as of its last flash at {clock(last)}, approaching at {SPEED_KMH}", trend), trend
    assert text_line(text, "motion").startswith(f"motion     as of {clock(last)}, ")
    # Its ranges had not yet risen at its last flash: passed on the course it had then (issue 28).
    assert text_line(text, "closest").startswith("closest    on its last course, passed 5.")
    assert "advice     all clear: the last thunder was 3 days ago" in text
    status = status_json(sandbox)
    assert status["storm"]["over"] is True
    assert status["trend"]["as_of"] == status["storm"]["end"] == iso(last)
    assert status["trend"]["within_10km_at"] is None
    assert status["motion"]["closest_at"] is not None  # past: it stays
    assert exit_code(sandbox) == 0


def test_a_storm_that_is_over_forecasts_nothing(sandbox):
    # Last flash 35 minutes ago, 40 km west (its thunder 2 minutes later); nearest 5 km north 60
    # minutes after it, so 25 minutes from now. While current it was approaching, due within 10 km.
    last = utc_now() - datetime.timedelta(minutes=35)
    assert sandbox.batch(*passing(last, nearest_after=60)).status == 0
    status = status_json(sandbox)
    assert status["trend"]["direction"] == "approaching" and status["trend"]["within_10km_at"] is None
    assert status["motion"]["speed_mps"] > 0
    assert all(status["motion"][key] is None for key in status["motion"] if "closest" in key)
    assert status["storm"]["over"] is True and status["advice"]["level"] == "all-clear"
    text = sandbox.run("status").stdout
    assert "closest " not in text and "within 10 km" not in text
    assert "the storm is over" in text


def test_a_storm_not_yet_over_is_as_of_now(sandbox):
    last = utc_now() - datetime.timedelta(minutes=2)
    assert sandbox.batch(*passing(last, nearest_after=6)).status == 0
    before = utc_now()
    status = status_json(sandbox)
    assert status["storm"]["over"] is False
    assert before <= datetime.datetime.fromisoformat(status["trend"]["as_of"].replace("Z", "+00:00")) <= utc_now()
    assert "the storm is over" not in sandbox.run("status").stdout


def test_the_summary_after_adding_to_a_storm_that_is_over_says_so(sandbox):
    last = utc_now() - datetime.timedelta(days=3)
    assert sandbox.batch(*passing(last, nearest_after=6)[:-1]).status == 0
    line = summary_after(sandbox, passing(last, nearest_after=6)[-1])
    assert re.fullmatch(
        rf"  ± [\d.]+ km · storm over, approaching at {SPEED_KMH} as of {clock(last)[:-3]} · on its last course, passed .* · "
        r"all clear \(last thunder 3 days ago\)",
        line,
    ), line


def test_watch_prints_a_line_when_the_storm_becomes_over(sandbox, lines):  # noqa: F811
    # The last thunder 29:57 ago: the storm is over in 3 s.
    last = utc_now() - datetime.timedelta(seconds=1797 + 6)
    assert sandbox.batch(*[line for line in passing(last, nearest_after=6)[:-1]], f"add 6 at {iso(last)}").status == 0
    watcher = lines(sandbox, "watch", "--json")
    first = watcher.line()
    assert first["storm"]["over"] is False and first["advice"]["level"] == "shelter-now"
    over = watcher.line(timeout=6)
    assert over["storm"]["over"] is True and over["advice"]["level"] == "all-clear"
    assert over["trend"]["as_of"] == over["storm"]["end"] == iso(last)
    assert over == status_json(sandbox)
    watcher.nothing_for(1.5)
    assert watcher.stop() == 0
