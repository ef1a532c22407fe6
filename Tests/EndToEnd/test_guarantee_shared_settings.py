"""Settings shared by several processes, as the history is (docs/guarantees.md, item 19): a `set` takes the
lock beside the settings file, re-reads it and changes only its own key, and a session uses the
settings as they are on disk, not as they were when it started."""

import math
import plistlib
import random

import pytest

from conftest import confirmation, read_line, speed_of_sound


def test_parallel_sets_of_different_keys_lose_nothing(sandbox):
    units = ["m", "mi", "ft", "nmi", "km"]
    generator = random.Random(10)
    lost = []
    sandbox.settings_path.parent.mkdir(parents=True)
    for round_number in range(40):
        # A key another tool wrote, which every rewrite keeps.
        sandbox.settings_path.write_bytes(plistlib.dumps({"location": "Lugano"}))
        unit, celsius = generator.choice(units), generator.randrange(-30, 40)
        processes = [
            sandbox.popen("set", "unit", unit),
            sandbox.popen("set", "temperature", str(celsius)),
        ]
        for process in processes:
            _, errors = process.communicate(timeout=15)
            assert process.returncode == 0, errors
        settings = sandbox.read_settings()
        if settings != {"location": "Lugano", "unit": unit, "temperature": float(celsius)}:
            lost.append((round_number, unit, celsius, settings))
    assert not lost, f"{len(lost)} rounds of 40 lost a change, e.g. {lost[:3]}"


def test_a_session_left_open_keeps_a_temperature_set_elsewhere_and_records_with_it(sandbox):
    session = sandbox.popen()
    try:
        session.stdin.write(b"add 6\n")
        index, _, _ = confirmation(read_line(session.stdout, 15))
        assert index == 1
        # Another terminal changes the temperature while the session stays open.
        other = sandbox.run("set", "temperature", "30")
        assert other.status == 0, other.stderr
        session.stdin.write(b"set unit mi\n")
        assert read_line(session.stdout, 15) == "unit set to mi\n"
        session.stdin.write(b"add 6\n")
        index, distance, _ = confirmation(read_line(session.stdout, 15))
        assert index == 2 and distance.endswith(" mi")
        session.stdin.close()
        assert session.wait(timeout=15) == 0, session.stderr.read()
    finally:
        session.kill()
        session.wait()
    assert sandbox.read_settings() == {"temperature": 30.0, "unit": "mi"}
    first, second = sandbox.read_history()
    assert first["temperature"] == 20.0
    assert second["temperature"] == 30.0
    assert math.isclose(second["speedOfSound"], speed_of_sound(30))


def test_a_unit_that_is_not_a_name_is_warned_about(sandbox):
    sandbox.settings_path.parent.mkdir(parents=True)
    sandbox.settings_path.write_bytes(
        b'<?xml version="1.0"?><plist version="1.0"><dict><key>unit</key><integer>3</integer></dict></plist>'
    )
    result = sandbox.run("add", "5")
    assert result.status == 0
    assert result.err_lines == [
        f"stormrange: warning: settings file {sandbox.settings_path}: 'unit' is an integer, not the name of a unit; "
        "using the default, km, until 'set unit' replaces it"
    ]


# Issue 17: one bad key falls back alone, `set` of it repairs it, and `set` reports a file once.


def write_settings(sandbox, entries: bytes):
    sandbox.settings_path.parent.mkdir(parents=True, exist_ok=True)
    sandbox.settings_path.write_bytes(
        b'<?xml version="1.0"?><plist version="1.0"><dict>' + entries + b"</dict></plist>"
    )


def test_one_bad_key_falls_back_alone_with_one_warning_naming_it(sandbox):
    write_settings(
        sandbox,
        b"<key>unit</key><string>mi</string><key>temperature</key><real>999</real>"
        b"<key>location</key><string>Lugano</string>",
    )
    result = sandbox.run("add", "5")
    assert result.status == 0, result.stderr
    assert confirmation(result.out_lines[0])[1].endswith(" mi")
    assert result.err_lines == [
        f"stormrange: warning: settings file {sandbox.settings_path}: 'temperature' is 999 °C, not a plausible air "
        "temperature (-60 to 60 °C); using the default, 20 °C, until 'set temperature' replaces it"
    ]
    assert sandbox.read_history()[0]["temperature"] == 20.0


def test_set_of_a_bad_key_repairs_it_and_keeps_the_others(sandbox):
    write_settings(
        sandbox,
        b"<key>unit</key><string>mi</string><key>temperature</key><string>warm</string>"
        b"<key>location</key><string>Lugano</string>",
    )
    result = sandbox.run("set", "temperature", "25")
    assert result.status == 0, result.stderr
    assert result.stderr == ""
    assert sandbox.read_settings() == {"unit": "mi", "temperature": 25.0, "location": "Lugano"}
    listed = sandbox.run("set")
    assert listed.stderr == "" and "unit         mi" in listed.stdout and "temperature  25 °C" in listed.stdout


def test_set_reports_a_file_it_cannot_change_once(sandbox):
    write_settings(sandbox, b"<key>unit</key><integer>99999999999999999999999</integer>")
    before = sandbox.settings_path.read_bytes()
    result = sandbox.run("set", "temperature", "20")
    assert result.status == 1
    assert result.err_lines == [
        f"stormrange: settings file {sandbox.settings_path}: it is not a property-list dictionary; "
        "fix or remove it before changing settings"
    ]
    assert sandbox.settings_path.read_bytes() == before


# Issue 17 (probe): a temperature too large for a whole number crashed every command that read the
# settings (Illegal instruction, 132), `set temperature 20` included, so the file could not be repaired.


@pytest.mark.parametrize(
    "value, shown",
    [
        (b"<real>1e19</real>", "1e+19"),
        (b"<real>-9.3e18</real>", "-9.3e+18"),
        (b"<real>inf</real>", "inf"),
        (b"<real>-inf</real>", "-inf"),
        (b"<real>1e309</real>", "inf"),
        (b"<integer>9223372036854775807</integer>", "9223372036854775807"),
    ],
)
def test_a_temperature_of_any_size_is_one_warning_and_set_repairs_it(sandbox, value, shown):
    write_settings(sandbox, b"<key>unit</key><string>mi</string><key>temperature</key>" + value)
    warning = (
        f"stormrange: warning: settings file {sandbox.settings_path}: 'temperature' is {shown} °C, not a plausible "
        "air temperature (-60 to 60 °C); using the default, 20 °C, until 'set temperature' replaces it"
    )
    listed = sandbox.run("set")
    assert (listed.status, listed.err_lines) == (0, [warning])
    assert "temperature  20 °C" in listed.stdout
    added = sandbox.run("--file", str(sandbox.home / "h.plist"), "add", "5")
    assert (added.status, added.err_lines) == (0, [warning])
    assert confirmation(added.out_lines[0])[1].endswith(" mi")
    repaired = sandbox.run("set", "temperature", "20")
    assert (repaired.status, repaired.stderr) == (0, "")
    assert sandbox.read_settings() == {"unit": "mi", "temperature": 20.0}
    assert sandbox.run("set").stderr == ""


# Issue 17 (probe): a bad unit was quoted whole, so a 900 KB value made a 900 KB warning every session.


def test_a_long_unit_is_shortened_in_its_warning_as_import_messages_are(sandbox):
    write_settings(sandbox, b"<key>unit</key><string>" + b"furlong" * 130_000 + b"</string>")
    result = sandbox.run("add", "5")
    assert result.status == 0, result.stderr[:500]
    shown = ("furlong" * 9)[:60] + "…"
    assert result.err_lines == [
        f"stormrange: warning: settings file {sandbox.settings_path}: 'unit' is '{shown}', not one of km, m, mi, ft, "
        "nmi; using the default, km, until 'set unit' replaces it"
    ]
