"""Every value shown with a ± (issue 19, item 5): the error to one significant digit, or two when
that digit is 1, and the value to the same place, so no error reads as 0; a distance under 0.1 km
(0.1 mi) in metres (feet). JSON keeps full precision."""

import datetime
import json
import math
import re

import pexpect
import pytest

NOW = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
SPEED_OF_SOUND = 331.3 * (1 + 20 / 273.15) ** 0.5

# `7.55 km ± 0.16 km`, `12.00 ± 0.13 km/h`, `93° ± 10°`, `± <0.01`: a number (not part of a clock
# time), maybe its unit, ±, and the error.
PAIR = re.compile(r"(?<![\d:.])(-?\d+(?:\.\d+)?)(?: ?(?:km|m|mi|ft|nmi)|°)? (?:±|\+/-) (<?)(\d+(?:\.\d+)?)")


def decimals(number: str) -> int:
    return len(number.split(".")[1]) if "." in number else 0


def significant(number: str) -> str:
    """The significant digits of a rounded error as a reader sees them: `0.16` → `16`, `20` → `2`,
    `10` → `1`, `1.0` → `10`."""
    digits = number.replace(".", "").lstrip("0")
    return digits if "." in number else digits.rstrip("0")


def assert_rounded_as_the_issue_says(text: str) -> int:
    """Checks every ± pair in `text`; returns how many there were."""
    pairs = PAIR.findall(text)
    for value, bound, error in pairs:
        shown = f"{value} ± {bound}{error}"
        assert float(error) > 0, f"an error shown as 0: {shown!r} in\n{text}"
        assert decimals(value) == decimals(error), f"value and error to different places: {shown!r}"
        if not bound:
            digits = significant(error)
            assert len(digits) == 1 or (len(digits) == 2 and digits[0] == "1"), f"{shown!r}: {digits}"
    return len(pairs)


def iso(moment: datetime.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def slow_storm(bearings: bool) -> list[str]:
    """A storm moving at 12 km/h, timed every 5 minutes for 4.5 hours, the last a minute ago, with
    0.3 km of scatter: head-on from 66 km without bearings, or passing 5 km north with them."""
    lines = []
    for step in range(55):
        ago = 5 * (54 - step) + 1
        east, north = (-(12 + 12 * ago / 60), 0.0) if not bearings else (-6 - 12 * ago / 60, 5.0)
        distance = math.hypot(east, north) + 0.3 * math.sin(step * 2.4)
        flash = NOW - datetime.timedelta(minutes=ago)
        line = f"add {distance * 1000 / SPEED_OF_SOUND:.2f} at {iso(flash)}"
        if bearings:
            line += f" from {math.degrees(math.atan2(east, north)) % 360 + 3 * math.cos(step * 1.7):.0f}"
        lines.append(line)
    return lines


@pytest.mark.parametrize("bearings", [False, True], ids=["ranges only", "with bearings"])
def test_a_slow_storm_measured_for_hours_never_shows_an_error_of_0(sandbox, bearings):
    # Before issue 19: "approaching at 12 ± 0 km/h" (ranges only), "12 ± 0 km/h over the ground".
    assert sandbox.batch(*slow_storm(bearings)).status == 0
    status = sandbox.run("status")
    assert status.status == 0, status.stderr
    # Since issue 20 the speed is the state now, whose ± stays of the order of how much a storm's
    # speed may wander (process noise), however long it has been measured: hours of data no longer
    # shrink it toward 0, but it must still never be shown as 0, and it must cover the true 12 km/h.
    line = "trend" if not bearings else "motion"
    shown = next(text for text in status.out_lines if text.startswith(line))
    pattern = (
        r"(?:approaching at |steady: .*\((?:closing|opening) at )(\d+) ± (\d+) km/h" if not bearings
        else r"(\d+) ± (\d+) km/h over the ground"
    )
    speed = re.search(pattern, shown)
    if bearings and speed is None:
        # Not told from rest (issue 28): no speed as if measured, but a bound that holds the truth.
        bound = re.search(r"not seen to move: it may be still, or moving at up to about (\d+) km/h", shown)
        assert bound and int(bound[1]) >= 12, shown
        return
    assert speed, shown
    assert 0 < int(speed[2]) and abs(int(speed[1]) - 12) <= 2 * int(speed[2]), shown
    assert assert_rounded_as_the_issue_says(status.stdout) >= 2
    # The trend under the chart; the motion under the map (which needs bearings).
    for command in (["plot"], ["plot", "map"]):
        result = sandbox.run(*command)
        assert result.status == 0, result.stderr
        assert assert_rounded_as_the_issue_says(result.stdout) >= (1 if bearings or command == ["plot"] else 0)
    # JSON keeps full precision: the speed is not rounded to what the text shows.
    data = json.loads(sandbox.run("status", "--json").stdout)
    speed = data["trend"] if not bearings else data["motion"]
    assert 0 < speed["speed_error_mps"]
    assert abs(speed["speed_mps"] * 3.6 - 12) <= 2 * speed["speed_error_mps"] * 3.6
    assert speed["speed_mps"] * 3.6 != float(round(speed["speed_mps"] * 3.6))
    if not bearings:
        # Coming head-on: the range falls, whatever the direction word.
        assert speed["rate_mps"] < 0


def test_the_worked_examples_lines_follow_the_rule(sandbox):
    """The storm of docs/science.md: 0.159 km of error shows as 0.16 km; the closest approach, its side
    and its time each with an error rounded as the rule says (before issue 20: `4 ± 2 km to the N
    (3° ± 10°)`, 1.96 km and 9.6° of error; the nowcast's figures differ, the rule does not)."""
    from test_docs import worked_example

    assert sandbox.batch(*worked_example()[0]).status == 0
    text = sandbox.run("status").stdout
    closest = next(line for line in text.splitlines() if line.startswith("closest"))
    assert re.search(r"\bpasse[ds] \d+ ± \d+ km to the [NESW]{1,3} \(\d+° ± \d+°\) at .* ± \d+ min$", closest), text
    assert assert_rounded_as_the_issue_says(closest) == 2
    assert "7.55 km ± 0.16 km" in text
    assert assert_rounded_as_the_issue_says(text) >= 5


@pytest.mark.parametrize(
    "typed, unit, confirmed, latest, summary",
    [
        ("0.001 km", "km", "1 m", "1.00 m ± 0.10 m", "± 0.10 m"),
        ("99 m", "km", "99 m", "99 m ± 10 m", "± 10 m"),
        ("0.05 mi", "mi", "264 ft", "260 ft ± 30 ft", "± 30 ft"),
        ("0.1 km", "km", "0.10 km", "0.100 km ± 0.010 km", "± 0.010 km"),
    ],
    ids=["0.001 km", "99 m", "0.05 mi", "0.1 km"],
)
def test_a_distance_under_a_tenth_of_a_km_or_mi_is_shown_in_m_or_ft(sandbox, typed, unit, confirmed, latest, summary):
    # Before issue 19: `add 0.001 km` read "0.00 km ± 0.00 km".
    assert sandbox.run("set", "unit", unit).status == 0
    result = sandbox.run("add", *typed.split())
    assert result.status == 0, result.stderr
    assert result.out_lines[0] == f"#1  {confirmed}  (detector)"
    # No source named: a line says what kind of entry it became (issue 28).
    assert result.out_lines[1].startswith("  recorded as a detector's reading; ")
    status = sandbox.run("status").out_lines
    assert status[0].startswith(f"latest     #1  {latest}  (detector, flash at "), status[0]
    assert re.search(rf"\s{re.escape(confirmed)}\s+detector$", sandbox.run("show").out_lines[1])
    stats = sandbox.run("stats").out_lines[1].split()
    assert stats[-6:] == [*confirmed.split()] * 3
    # JSON keeps full precision.
    value, name = typed.split()
    metres = float(value) * {"km": 1000, "m": 1, "mi": 1609.344}[name]
    data = json.loads(sandbox.run("status", "--json").stdout)["latest"]
    assert data["distance_m"] == pytest.approx(metres, rel=1e-12)
    assert data["uncertainty_m"] == pytest.approx(metres / 10, rel=1e-12)

    # At the prompt, the summary after the add shows the error in the same unit.
    child = pexpect.spawn(
        sandbox.binary, [], env=sandbox.env, cwd=str(sandbox.home), dimensions=(24, 80), encoding="utf-8", timeout=5
    )
    try:
        child.expect_exact("stormrange> ")
        child.send(f"add {typed}\r")
        child.expect_exact("stormrange> ")
        text = re.sub(r"\x1b\[\?2004[hl]", "", child.before).replace("\r", "")
        lines = [line for line in text.split("\n") if line.strip()]
        # The confirmation, the line saying it became a detector's reading, then the summary.
        assert lines[-3] == f"#2  {confirmed}  (detector)", lines
        assert lines[-1].startswith(f"  {summary} · "), lines
        child.send("quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)


def test_a_timed_distance_under_100_m_is_shown_in_m_beside_a_larger_error(sandbox):
    # Issue 29: a 0.1 s delay (34 m, ± about 150 m from the timing) read "0.03 km ± 0.15 km" in
    # `status`, while `show` and `stats` printed metres.
    result = sandbox.run("add", "0.1")
    assert result.status == 0, result.stderr
    assert result.out_lines[0].startswith("#1  34 m  (delay 0.10 s"), result.out_lines
    latest = sandbox.run("status").out_lines[0]
    assert re.match(r"latest     #1  \d+ m ± \d+ m  \(delay 0\.10 s", latest), latest
