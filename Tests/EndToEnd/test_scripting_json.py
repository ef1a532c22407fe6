"""JSON for every listing and exit statuses for scripts: show --json, stats --json and
status --exit-code, read with Python's json module and the shell's $?."""

import datetime
import json

import pytest

from test_interactive import Shell

NOW = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)


@pytest.fixture(autouse=True)
def _now_at_each_test():
    """NOW as each test starts, not when the suite was collected: the suite takes minutes."""
    global NOW
    NOW = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)


def iso(moment: datetime.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def ago(minutes: float) -> str:
    return iso(NOW - datetime.timedelta(minutes=minutes))


def test_show_json_is_export_json_in_shows_order(sandbox):
    sandbox.batch(f"add 6 at {ago(90)} from NE note first", f"add 12 km source as3935 at {ago(5)}", "add 9")
    shown = json.loads(sandbox.run("show", "--json").stdout)
    exported = json.loads(sandbox.run("export", "json").stdout)
    assert shown == exported
    last_two = json.loads(sandbox.run("show", "2", "--json").stdout)
    assert [row["index"] for row in last_two] == [2, 3]
    assert last_two == exported[1:]
    assert json.loads(sandbox.run("show", "--json", "1").stdout) == exported[2:]


def test_show_json_of_nothing_is_an_empty_array(sandbox):
    result = sandbox.run("show", "--json")
    assert result.status == 0 and json.loads(result.stdout) == []


def test_show_json_numbers_are_the_ones_delete_uses(sandbox):
    sandbox.batch("add 5", "add 6", "add 7")
    result = sandbox.batch("show 1 --json", "delete 3")
    assert result.status == 0, result.stderr
    assert "deleted #3" in result.stdout


def test_stats_json_has_one_object_per_storm(sandbox):
    sandbox.batch(
        f"add 30 at {ago(120)}",
        f"add 20 at {ago(110)}",
        *[f"add {60 - 5 * i} at {ago(24 - 3 * i)} from {280 + 3 * i}" for i in range(9)],
    )
    storms = json.loads(sandbox.run("stats", "--json").stdout)
    assert [storm["index"] for storm in storms] == [1, 2]
    first, second = storms
    assert set(first) == {"index", "count", "start", "end", "nearest_m", "farthest_m", "mean_m", "motion"}
    assert first["count"] == 2 and first["start"] == ago(120) and first["end"] == ago(110)
    assert first["nearest_m"] == pytest.approx(20 * 343.21462268256795)
    assert first["mean_m"] == pytest.approx(25 * 343.21462268256795)
    assert first["motion"] is None
    assert second["count"] == 9
    assert second["motion"]["speed_mps"] > 0 and second["motion"]["heading_deg"] is not None
    assert json.loads(sandbox.run("stats", "--json", env={**sandbox.env}).stdout) == storms


def test_stats_json_of_nothing_is_an_empty_array(sandbox):
    assert json.loads(sandbox.run("stats", "--json").stdout) == []


# JSON is data for scripts: outside a UTF-8 locale it keeps every character, where text for people
# gets ASCII stand-ins (`±` as `+/-`).

NOTE = "20 °C ± 1 — ok…"
# The storm's one cell, as the top level describes it and as `cells` lists it.
STORM_JSON = (
    '"latest": {"index": 2, "date": "2026-07-01T16:10:00Z", "distance_m": 10000.0, '
    '"uncertainty_m": 577.3502691896258, "bearing_deg": 45.0, "source": "as3935"}, '
    '"storm": {"count": 2, "start": "2026-07-01T16:03:00Z", "end": "2026-07-01T16:10:00Z", "over": true}, '
    '"trend": {"direction": "unknown", "speed_mps": null, "speed_error_mps": null, "rate_mps": null, '
    '"within_10km_chance": null, "chance_approaching": null, "chance_receding": null, '
    '"within_10km_at": null, "within_10km_earliest": null, "within_10km_latest": null, '
    '"as_of": "2026-07-01T16:10:00Z"}, '
    '"motion": null'
)
STATUS_JSON = (
    "{" + STORM_JSON + ", "
    '"advice": {"level": "all-clear", "within_10km": false, "all_clear_at": "2026-07-01T16:40:00Z"}, '
    '"excluded_ahead": 0, "cells": [{"number": 1, "leading": true, ' + STORM_JSON + "}]}\n"
)


def test_json_is_exact_whatever_the_locale(sandbox):
    sandbox.batch(
        f"add 5 at 2026-07-01T16:03:00Z note {NOTE}", "add 10 km at 2026-07-01T16:10:00Z source as3935 from NE"
    )
    ascii_env = dict(sandbox.env, LC_ALL="C")
    assert "+/-" in sandbox.run("status", env=ascii_env).stdout
    assert sandbox.run("status", "--json", env=ascii_env).stdout == STATUS_JSON
    for command in (("status", "--json"), ("show", "--json"), ("stats", "--json")):
        assert sandbox.run(*command, env=ascii_env).stdout == sandbox.run(*command).stdout, command
    assert json.loads(sandbox.run("show", "--json", env=ascii_env).stdout)[0]["note"] == NOTE


@pytest.mark.parametrize(
    "lines, status",
    [
        ([], 0),
        ([f"add 10 at {ago(45)}"], 0),
        ([f"add 40 at {ago(5)}"], 3),
        ([f"add 40 km source as3935 at {ago(5)}"], 3),
        ([f"add 12 at {ago(5)}"], 4),
        # Dated at collection: 15 min leaves room for a suite that runs ten minutes before this test.
        ([f"add 12 at {ago(15)}", f"add 60 at {ago(2)}"], 4),
    ],
)
def test_status_exit_code(sandbox, lines, status):
    if lines:
        assert sandbox.batch(*lines).status == 0
    result = sandbox.run("status", "--exit-code")
    assert result.status == status, result.stderr
    assert result.stderr == ""
    json_result = sandbox.run("status", "--json", "--exit-code")
    assert json_result.status == status
    assert json.loads(json_result.stdout)["advice"]["level"] == ("all-clear" if status == 0 else "shelter-now")


def test_errors_keep_their_statuses_with_exit_code(sandbox):
    assert sandbox.run("status", "--exit-code", "--yaml").status == 1
    assert sandbox.run("--file", "", "status", "--exit-code").status == 2


def test_exit_code_is_refused_in_a_batch(sandbox):
    sandbox.batch(f"add 12 at {ago(5)}")
    result = sandbox.batch("status --exit-code")
    assert result.status == 1
    assert result.stdout == ""
    assert "--exit-code sets the status of one command from the arguments" in result.stderr


def test_exit_code_is_refused_at_the_prompt(sandbox):
    shell = Shell(sandbox)
    try:
        shell.prompt()
        output = shell.run("status --exit-code")
        assert "--exit-code sets the status of one command from the arguments" in output
        shell.child.send("quit\r")
        assert shell.finish() == 0
    finally:
        shell.child.terminate(force=True)
