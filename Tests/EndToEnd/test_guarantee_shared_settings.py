"""Settings shared by several processes, as the history is (docs/guarantees.md, item 19): a `set` takes the
lock beside the settings file, re-reads it and changes only its own key, and a session uses the
settings as they are on disk, not as they were when it started."""

import math
import plistlib
import random

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
        "using defaults"
    ]
