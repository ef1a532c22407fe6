"""The storms issue 20 gave as the old estimator's failures, through the real binary: minutes from
the first flash and the rest of an `add` line, dated so that the last flash is a minute before
now. What status must say of each, and what the truth was."""

import datetime
import json

import pytest

STILL_THEN_CHARGING = [(minute, "58.5 from W") for minute in range(0, 21, 2)] + [
    (22, "53.5 from W"), (24, "48.5 from W"), (26, "43.5 from W"), (28, "39 from W"), (30, "34 from W")]
RAIN_OUT = [(minute, delay + " from N") for minute, delay in
            [(0, "58.5"), (2, "54.5"), (4, "50.5"), (6, "46.5"), (8, "42.5"), (10, "39"), (12, "35"), (14, "31")]
            + [(minute, "29") for minute in range(16, 31, 2)]]
HEAD_ON_COMPASS_POINTS = [
    (0, "88 from 135"), (1.02, "86 from 135"), (3.58, "68 from 157.5"), (5.55, "70.5 from 157.5"),
    (7.47, "62 from 157.5"), (8.95, "62 from 157.5"), (10.52, "63.5 from 157.5"), (12.45, "56.5 from 135"),
    (13.73, "50 from 157.5"), (15.13, "53.5 from 180"), (16.92, "36.5 from 180"), (18.13, "43 from 180")]


def status_of(sandbox, rows):
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    start = now - datetime.timedelta(minutes=rows[-1][0] + 1)
    lines = []
    for minute, rest in rows:
        when = start + datetime.timedelta(minutes=minute)
        delay, _, tail = rest.partition(" ")
        lines.append(f"add {delay} at {when.replace(microsecond=0).strftime('%Y-%m-%dT%H:%M:%SZ')} {tail}")
    assert sandbox.batch(*lines).status == 0
    result = sandbox.run("status", "--json")
    assert result.status == 0, result.stderr
    return json.loads(result.stdout)


def test_a_storm_that_sat_still_then_charged_is_approaching_and_close(sandbox):
    # Truth: within 10 km a minute after the status; the old estimator said 14 ± 2 km/h and 21 min.
    status = status_of(sandbox, STILL_THEN_CHARGING)
    trend = status["trend"]
    assert trend["direction"] == "approaching"
    assert trend["rate_mps"] * 3.6 < -25
    assert trend["within_10km_earliest"] is not None
    earliest = datetime.datetime.fromisoformat(trend["within_10km_earliest"].replace("Z", "+00:00"))
    as_of = datetime.datetime.fromisoformat(trend["as_of"].replace("Z", "+00:00"))
    assert (earliest - as_of).total_seconds() <= 5 * 60


def test_a_storm_that_stopped_and_rained_out_is_at_rest(sandbox):
    # Truth: at rest for 15 minutes; the old estimator said approaching at 20 ± 2 km/h.
    status = status_of(sandbox, RAIN_OUT)
    assert status["trend"]["direction"] == "steady"
    # At rest at about 10 km: it may set off, so a chance, and a time should it come (issue 27), but
    # neither a sure direction nor a course.
    assert 0 < status["trend"]["within_10km_chance"] < 1
    assert status["motion"]["heading_deg"] is None
    assert status["motion"]["closest_m"] is None


def test_a_storm_coming_straight_in_with_compass_points_is_approaching(sandbox):
    # Truth: approaching, passing 1.1 km away. The bearings drift from SE to S by compass points;
    # the nowcast still places the closest approach too far out (docs/science.md#calibration).
    status = status_of(sandbox, HEAD_ON_COMPASS_POINTS)
    assert status["trend"]["direction"] == "approaching"


@pytest.mark.parametrize("rows", [STILL_THEN_CHARGING, RAIN_OUT, HEAD_ON_COMPASS_POINTS])
def test_the_same_storm_gives_the_same_figures(sandbox, tmp_path, rows):
    # Deterministic: a status computed twice over the same history is the same to the last digit.
    first = status_of(sandbox, rows)
    again = json.loads(sandbox.run("status", "--json").stdout)
    assert first["motion"] == again["motion"]
