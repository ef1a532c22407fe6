"""What is accepted from other tools: a history entry whose values `add` and `set` would refuse (a
delay, temperature, speed of sound or distance out of range or not finite), whose date is more than a
day ahead of the clock, or whose note or other keys an XML history cannot hold, makes the file
unreadable like an entry of the wrong type: every command that needs the history names the file and
the entry, echoes no control character, and leaves the bytes alone. `clear` moves such a file aside
and says how to get its valid entries back, and `import --skip-invalid` brings them back."""

import datetime
import plistlib

import pytest

from conftest import FileSnapshot, sample_entry

NOW = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None, microsecond=0)

# name: (the bad entry, the plistlib format, words the error must contain after "entry 2: ")
CASES = {
    "negative delay": (sample_entry(-5.0), plistlib.FMT_XML, "'delay' is -5, not a delay stormrange accepts"),
    "zero delay": (sample_entry(0.0), plistlib.FMT_XML, "'delay' is 0, not a delay stormrange accepts"),
    "1e300 delay": (sample_entry(1e300), plistlib.FMT_XML, "'delay' is 1e+300, not a delay stormrange accepts"),
    "infinite delay": (sample_entry(float("inf")), plistlib.FMT_BINARY, "'delay' is inf, not a finite number"),
    "nan speed": (sample_entry(6.0, speedOfSound=float("nan")), plistlib.FMT_BINARY, "'speedOfSound' is nan"),
    "temperature 500": (sample_entry(6.0, temperature=500.0), plistlib.FMT_XML, "'temperature' is 500, not a plausible"),
    "speed 30 m/s": (sample_entry(6.0, speedOfSound=30.0), plistlib.FMT_XML, "'speedOfSound' is 30, not a plausible"),
    "negative distance": (sample_entry(6.0, distance=-1720.0), plistlib.FMT_XML, "'distance' is -1720, not a distance"),
    "date 9999-12-31": (
        sample_entry(6.0, date=datetime.datetime(9999, 12, 31)),
        plistlib.FMT_XML,
        "'date' is 9999-12-31T00:00:00Z, more than a day ahead of the clock",
    ),
    "date two days ahead": (
        sample_entry(6.0, date=NOW + datetime.timedelta(days=2)),
        plistlib.FMT_XML,
        "more than a day ahead of the clock",
    ),
    "note with ESC": (sample_entry(6.0, note="\x1b[2J\x1b[Hgone"), plistlib.FMT_BINARY, "'note' contains U+001B"),
    "note with BEL": (sample_entry(6.0, note="ring\x07"), plistlib.FMT_BINARY, "'note' contains U+0007"),
    "another tool's key with ESC": (
        sample_entry(6.0, location="\x1b]0;pwned\x07"),
        plistlib.FMT_BINARY,
        "cannot be stored in the history file",
    ),
}


def _write(sandbox, bad: dict, fmt) -> bytes:
    """A history of three entries, the second one bad; returns its bytes."""
    good = [sample_entry(6.0, note="first"), sample_entry(4.0, note="third")]
    good[1]["date"] += datetime.timedelta(minutes=2)
    path = sandbox.write_raw_history(plistlib.dumps([good[0], bad, good[1]], fmt=fmt))
    return path.read_bytes()


@pytest.mark.parametrize("name", list(CASES))
def test_an_entry_stormrange_would_not_accept_makes_the_file_unreadable_and_import_skip_invalid_recovers_it(
    sandbox, name
):
    bad, fmt, problem = CASES[name]
    original = _write(sandbox, bad, fmt)
    before = FileSnapshot.of(sandbox.history_path)

    for command in (["show"], ["status"], ["add", "6"], ["plot"], ["export", "csv"]):
        result = sandbox.run(*command)
        assert result.status == 1, (command, result)
        assert result.stdout == "", (command, result.stdout)
        assert result.stderr.startswith(
            f"stormrange: cannot read the history file {sandbox.history_path}: entry 2"
        ), (command, result.stderr)
        assert problem in result.stderr, (command, result.stderr)
        assert "'clear' to move it aside" in result.stderr
        assert len(result.err_lines) == 1
        assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    assert FileSnapshot.of(sandbox.history_path) == before

    cleared = sandbox.run("clear")
    assert cleared.status == 0, cleared
    [aside] = sandbox.history_path.parent.glob("SavedHistory.plist.unreadable-*")
    assert aside.read_bytes() == original
    assert cleared.stdout.endswith(f"; to bring back its 2 valid measurements: import --skip-invalid {aside}\n")

    imported = sandbox.run("import", "--skip-invalid", str(aside))
    assert imported.status == 0, imported
    assert imported.stdout == (
        f"imported 2 measurements from {aside} (property list); skipped 1 invalid row\n"
    )
    assert imported.stderr.startswith(f"stormrange: warning: {aside}: entry 2")
    assert problem in imported.stderr
    assert "\x1b" not in imported.stderr and "\x07" not in imported.stderr
    assert [(e["delay"], e.get("note")) for e in sandbox.read_history()] == [(6.0, "first"), (4.0, "third")]
    assert sandbox.run("add", "5").status == 0


def test_values_other_tools_write_that_stormrange_accepts_load_and_import_whole(sandbox):
    # A note with tab, newline and carriage return (binary, so the carriage return is kept as it is);
    # a fixed 343 m/s with a distance that disagrees with delay × speed; a date within a day ahead;
    # the edges of the ranges.
    entries = [
        sample_entry(6.0, note="one\ttwo\nthree\r\nfour"),
        sample_entry(6.0, speedOfSound=343.0, distance=2100.0),
        sample_entry(300.0, temperature=60.0, speedOfSound=343.0, distance=300 * 343.0),
        sample_entry(0.5, temperature=-60.0, date=NOW + datetime.timedelta(hours=20)),
    ]
    path = sandbox.write_raw_history(plistlib.dumps(entries, fmt=plistlib.FMT_BINARY))
    shown = sandbox.run("show")
    assert shown.status == 0, shown
    assert len(shown.out_lines) == 5
    assert sandbox.run("status").status == 0

    other = sandbox.home / "other.plist"
    other.write_bytes(path.read_bytes())
    assert sandbox.run("clear").status == 0
    imported = sandbox.run("import", "--skip-invalid", str(other))
    assert (imported.status, imported.stderr) == (0, "stormrange: warning: 1 imported delay is over 75 s (entry 3): "
                                                     "thunder is rarely heard beyond about 25 km (75 s)\n")
    assert imported.stdout.startswith(f"imported 4 measurements from {other} (property list)")
    assert [e.get("note") for e in sandbox.read_history()][0] == "one\ttwo\nthree\r\nfour"
    assert [e["distance"] for e in sandbox.read_history()][1] == 2100.0


def test_import_without_skip_invalid_stays_all_or_nothing_and_names_the_option(sandbox):
    path = sandbox.home / "mixed.plist"
    path.write_bytes(plistlib.dumps([sample_entry(6.0), sample_entry(-5.0)]))
    result = sandbox.run("import", str(path))
    assert result.status == 1
    assert f"{path}: entry 2: 'delay' is -5, not a delay stormrange accepts" in result.stderr
    assert result.err_lines[-1] == (
        f"stormrange: nothing was imported: 1 of 2 rows in {path} is invalid; fix it and import again, "
        "or 'import --skip-invalid' to import only the valid ones"
    )
    assert not sandbox.history_path.exists()


def test_import_skip_invalid_fails_when_no_row_is_valid(sandbox):
    path = sandbox.home / "bad.csv"
    path.write_text("date,delay_s\n2026-07-01T16:00:00Z,-5\n2026-07-01T16:01:00Z,400\n")
    result = sandbox.run("import", "--skip-invalid", str(path))
    assert result.status == 1
    assert result.err_lines[-1] == (
        f"stormrange: nothing was imported: 2 of 2 rows in {path} are invalid, so there is nothing valid to import"
    )
    assert not sandbox.history_path.exists()
