"""The history file: an XML property list other tools can read and write, loaded lazily, and never
overwritten when it cannot be read."""

import datetime
import math
import os
import plistlib
import re
import subprocess

import pytest

from conftest import FileSnapshot, OpenWatch, confirmation, sample_entry, show_rows, speed_of_sound

# --- The format ----------------------------------------------------------------------------------


def test_the_file_is_an_xml_property_list_of_measurement_dictionaries(sandbox):
    started = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None, microsecond=0)
    result = sandbox.batch("add 6", "add 12 at 2026-07-01T18:03:00+02:00 note over the lake")
    assert result.status == 0, result.stderr
    finished = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)

    data = sandbox.history_path.read_bytes()
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>')
    assert b"<!DOCTYPE plist" in data
    assert b'<plist version="1.0">' in data
    entries = sandbox.read_history()
    assert len(entries) == 2

    first, second = entries
    assert set(first) == {"date", "delay", "distance", "temperature", "speedOfSound"}
    assert set(second) == {"date", "delay", "distance", "temperature", "speedOfSound", "note"}
    for entry in entries:
        assert isinstance(entry["date"], datetime.datetime)
        for key in ("delay", "distance", "temperature", "speedOfSound"):
            assert type(entry[key]) is float, f"{key} is {type(entry[key]).__name__}, not a real"
        assert math.isclose(entry["speedOfSound"], speed_of_sound(20), rel_tol=1e-12)
        assert math.isclose(entry["distance"], entry["delay"] * entry["speedOfSound"], rel_tol=1e-12)
        assert entry["temperature"] == 20.0

    assert first["delay"] == 6.0
    # Dated at the flash: the delay before the line was run.
    assert started - datetime.timedelta(seconds=6) <= first["date"] <= finished - datetime.timedelta(seconds=6)
    assert second["delay"] == 12.0
    assert second["date"] == datetime.datetime(2026, 7, 1, 16, 3, 0)
    assert second["note"] == "over the lake"


def test_the_file_holds_the_exact_numbers(sandbox):
    assert sandbox.batch("add 0.1", "add 123.456789").status == 0
    assert [entry["delay"] for entry in sandbox.read_history()] == [0.1, 123.456789]


def test_notes_with_markup_and_unicode_survive(sandbox):
    note = "a < b && c > d ]]> 'x' \"y\" café ⚡ 雷"
    assert sandbox.batch(f"add 6 note {note}").status == 0
    assert sandbox.read_history()[0]["note"] == note
    # And they are read back by stormrange itself.
    assert show_rows(sandbox.batch("show").stdout)[0][1].endswith(note)


def test_an_empty_history_is_an_empty_array(sandbox):
    assert sandbox.batch("add 6", "clear").status == 0
    assert sandbox.read_history() == []


# --- Files other tools wrote ---------------------------------------------------------------------


@pytest.mark.parametrize("fmt", [plistlib.FMT_XML, plistlib.FMT_BINARY], ids=["xml", "binary"])
def test_files_written_by_plistlib_load(sandbox, fmt):
    entries = [sample_entry(6.0), sample_entry(3.5, note="from plistlib")]
    entries[1]["date"] = datetime.datetime(2026, 7, 2, 8, 30, 15)
    sandbox.write_history(entries, fmt=fmt)

    shown = sandbox.batch("show")
    assert shown.status == 0, shown.stderr
    rows = show_rows(shown.stdout)
    assert [index for index, _ in rows] == [1, 2]
    assert "2026-07-01 16:03:00" in rows[0][1] and "2.06 km" in rows[0][1]
    assert "2026-07-02 08:30:15" in rows[1][1] and rows[1][1].endswith("from plistlib")

    added = sandbox.batch("add 9")
    assert added.status == 0, added.stderr
    assert confirmation(added.out_lines[0])[0] == 3
    stored = sandbox.read_history()  # now XML
    assert stored[:2] == entries
    assert stored[2]["delay"] == 9.0


def test_integers_where_reals_are_expected_load(sandbox):
    # plistlib writes a Python int as <integer>; a hand-made file may hold whole numbers that way.
    entry = sample_entry(6.0)
    entry["delay"] = 6
    entry["temperature"] = 20
    sandbox.write_history([entry])
    result = sandbox.batch("show")
    assert result.status == 0, result.stderr
    assert "6.00" in show_rows(result.stdout)[0][1]


def test_plistlib_round_trip_of_what_stormrange_wrote(sandbox):
    assert sandbox.batch("add 6 note first", "add 7").status == 0
    entries = sandbox.read_history()
    # Another tool rewrites it as a binary property list; stormrange keeps working with it.
    sandbox.history_path.write_bytes(plistlib.dumps(entries, fmt=plistlib.FMT_BINARY))
    assert sandbox.batch("add 8").status == 0
    assert sandbox.read_history()[:2] == entries


@pytest.mark.parametrize("fmt", [plistlib.FMT_XML, plistlib.FMT_BINARY], ids=["xml", "binary"])
def test_unknown_keys_survive_a_rewrite(sandbox, fmt):
    location = {"lat": 46.52, "lon": 6.63, "name": "Lausanne", "tags": ["lake", 3], "seen": True}
    entries = [
        sample_entry(6.0, location=location),
        sample_entry(4.0, note="kept", observer="Ana", photo=b"\x00\x01\xff"),
    ]
    sandbox.write_history(entries, fmt=fmt)
    assert sandbox.batch("add 5").status == 0
    stored = sandbox.read_history()
    assert stored[0]["location"] == location
    assert stored[1]["observer"] == "Ana"
    assert stored[1]["photo"] == b"\x00\x01\xff"
    assert stored[:2] == entries

    # Deleting and undoing writes the entry afresh: still nothing lost.
    assert sandbox.batch("delete 1", "undo").status == 0
    assert sandbox.read_history()[:2] == entries


# --- Missing files -------------------------------------------------------------------------------


def test_a_missing_file_is_an_empty_history(sandbox):
    result = sandbox.batch("show")
    assert result.status == 0
    assert result.stderr == ""
    assert show_rows(result.stdout) == []
    assert not sandbox.history_path.exists()
    added = sandbox.batch("add 6")
    assert confirmation(added.out_lines[0])[0] == 1


def test_clear_of_a_missing_file_succeeds_and_creates_none(sandbox):
    result = sandbox.batch("clear")
    assert result.status == 0, result.stderr
    assert result.stdout == "the history is already empty\n"
    assert not sandbox.history_path.exists()


# --- Files that cannot be read -------------------------------------------------------------------

_valid = plistlib.dumps([sample_entry(6.0), sample_entry(7.0, note="second")], fmt=plistlib.FMT_XML)
_missing_delay = sample_entry(6.0)
del _missing_delay["delay"]

CORRUPT = {
    # name: (bytes, words the error must contain besides the path)
    "garbage": (b"this is not a property list\n\x00\xff\xfe", []),
    "truncated xml": (_valid[: len(_valid) // 2], []),
    "truncated binary": (plistlib.dumps([sample_entry(6.0)], fmt=plistlib.FMT_BINARY)[:-20], []),
    "dict at top level": (plistlib.dumps({"delay": 6.0}), ["array"]),
    "entry missing delay": (plistlib.dumps([sample_entry(5.0), _missing_delay]), ["delay"]),
    "entry with string delay": (plistlib.dumps([dict(sample_entry(6.0), delay="six")]), ["delay", "string"]),
    "entry with string date": (plistlib.dumps([dict(sample_entry(6.0), date="yesterday")]), ["date", "string"]),
    "entry not a dict": (plistlib.dumps([sample_entry(6.0), 42]), ["dictionary"]),
}


@pytest.fixture(params=list(CORRUPT), ids=list(CORRUPT))
def corrupt(request, sandbox):
    data, words = CORRUPT[request.param]
    path = sandbox.write_raw_history(data)
    return sandbox, path, words


def _directory_listing(path):
    return sorted(p.name for p in path.parent.iterdir() if not p.name.endswith(".lock"))


@pytest.mark.parametrize(
    "commands", [["help"], ["help", "add"], ["set"], ["set", "unit", "mi"], ["set", "temperature", "25"], ["quit"]]
)
def test_commands_that_do_not_need_the_history_work_beside_a_corrupt_file(corrupt, commands):
    sandbox, path, _ = corrupt
    before = FileSnapshot.of(path)
    listing = _directory_listing(path)

    with OpenWatch(path) as watch:
        one_shot = sandbox.run(*commands)
        batch = sandbox.batch(" ".join(commands))

    for result in (one_shot, batch):
        assert result.status == 0, result.stderr
        assert result.stderr == ""
        assert str(path) not in result.stdout
    assert not watch.opened, f"'{' '.join(commands)}' opened the history file"
    assert FileSnapshot.of(path) == before
    assert _directory_listing(path) == listing


def test_help_output_lists_every_command(corrupt):
    sandbox, path, _ = corrupt
    before = FileSnapshot.of(path)
    result = sandbox.run("help")
    assert result.status == 0
    for command in ("flash", "thunder", "add", "show", "delete", "clear", "undo", "set", "help", "quit"):
        assert re.search(rf"^\s*{command}\b", result.stdout, re.M), command
    assert FileSnapshot.of(path) == before


@pytest.mark.parametrize("command", ["show", "show 1", "add 6", "delete 1", "add 6 note hello"])
def test_commands_that_need_the_history_fail_and_leave_a_corrupt_file_alone(corrupt, command):
    sandbox, path, words = corrupt
    before = FileSnapshot.of(path)
    listing = _directory_listing(path)

    result = sandbox.batch(command)

    assert result.status == 1
    assert result.stdout == ""
    assert len(result.err_lines) == 1, result.stderr
    message = result.err_lines[0]
    assert message.startswith("stormrange: line 1: ")
    assert str(path) in message
    problem = message.split(str(path), 1)[1]
    assert len(problem.strip(" :;.")) > 5, f"the error does not say what is wrong: {message!r}"
    for word in words:
        assert word in problem, message
    assert FileSnapshot.of(path) == before
    assert _directory_listing(path) == listing


def test_a_corrupt_file_is_left_alone_for_a_whole_batch(corrupt):
    sandbox, path, _ = corrupt
    before = FileSnapshot.of(path)
    result = sandbox.batch("add 6", "show", "add 7", "undo", "delete 1", "help", "set unit m")
    assert result.status == 1
    assert len(result.err_lines) == 5
    assert FileSnapshot.of(path) == before


def test_one_shot_on_a_corrupt_file(corrupt):
    sandbox, path, _ = corrupt
    before = FileSnapshot.of(path)
    result = sandbox.run("add", "6")
    assert result.status == 1
    assert str(path) in result.stderr
    assert FileSnapshot.of(path) == before


def test_clear_moves_an_unreadable_file_aside(corrupt):
    sandbox, path, _ = corrupt
    original = path.read_bytes()

    result = sandbox.batch("clear")

    assert result.status == 0, result.stderr
    asides = [p for p in path.parent.iterdir() if p.name.startswith(path.name + ".unreadable-")]
    assert len(asides) == 1
    aside = asides[0]
    assert re.fullmatch(re.escape(path.name) + r"\.unreadable-\S+", aside.name)
    assert aside.read_bytes() == original
    assert str(aside) in result.stdout
    # The history is now empty (no file until something is saved), and usable.
    assert not path.exists()
    assert "no measurements" in sandbox.batch("show").stdout
    added = sandbox.batch("add 6")
    assert added.status == 0, added.stderr
    assert confirmation(added.out_lines[0])[0] == 1
    assert [entry["delay"] for entry in sandbox.read_history()] == [6.0]
    assert aside.read_bytes() == original


def test_a_second_clear_after_moving_aside_does_not_lose_the_first(sandbox):
    path = sandbox.write_raw_history(b"garbage one")
    assert sandbox.run("clear").status == 0
    sandbox.write_raw_history(b"garbage two")
    assert sandbox.run("clear").status == 0
    contents = sorted(p.read_bytes() for p in path.parent.iterdir() if ".unreadable-" in p.name)
    assert contents == [b"garbage one", b"garbage two"]


# --- Lazy loading: commands that do not need the history never open it ----------------------------


@pytest.fixture(params=["directory", "fifo", "under a file"])
def unopenable(request, sandbox, tmp_path):
    """A history path that cannot be opened as a file: opening a FIFO would even block forever."""
    if request.param == "directory":
        path = tmp_path / "history-is-a-directory"
        path.mkdir()
    elif request.param == "fifo":
        path = tmp_path / "history-fifo"
        os.mkfifo(path)
    else:
        blocker = tmp_path / "plain-file"
        blocker.write_text("not a directory")
        path = blocker / "history.plist"
    return sandbox, path, request.param


@pytest.mark.parametrize("commands", [["help"], ["help", "show"], ["set"], ["set", "unit", "m"], ["quit"]])
def test_commands_that_do_not_need_the_history_never_open_it(unopenable, commands):
    sandbox, path, kind = unopenable
    # Something to watch: the directory or FIFO itself, or the file in the way of the path.
    watched = path if kind != "under a file" else path.parent
    with OpenWatch(watched) as watch:
        try:
            one_shot = sandbox.run("--file", str(path), *commands, timeout=5)
            batch = sandbox.run("--file", str(path), input=" ".join(commands) + "\n", timeout=5)
        except subprocess.TimeoutExpired:
            pytest.fail(f"'{' '.join(commands)}' opened the history (it hung on {path})")
    for result in (one_shot, batch):
        assert result.status == 0, result.stderr
        assert result.stderr == ""
    assert not watch.opened, f"'{' '.join(commands)}' opened {watched}"


@pytest.mark.parametrize("command", ["show", "add 6", "clear"])
def test_commands_that_need_an_unopenable_history_fail_and_name_it(unopenable, command):
    sandbox, path, kind = unopenable
    try:
        result = sandbox.run("--file", str(path), *command.split(), timeout=5)
    except subprocess.TimeoutExpired:
        pytest.fail(f"'{command}' hung on a history that is a {kind}")
    assert result.status == 1
    assert len(result.err_lines) == 1, result.stderr
    assert str(path) in result.stderr
    if kind == "directory":
        assert "it is a directory, not a file; choose a file with --file" in result.stderr
        assert path.is_dir() and not any(path.iterdir())
    elif kind == "fifo":
        assert "it is a FIFO, not a file; choose a file with --file" in result.stderr
    else:
        assert "Not a directory" in result.stderr


def test_help_with_a_corrupt_history_from_the_environment(sandbox, tmp_path):
    path = tmp_path / "env-history.plist"
    path.write_bytes(b"<plist><array><dict><key>delay")
    before = FileSnapshot.of(path)
    env = dict(sandbox.env, STORMRANGE_HISTORY=str(path))
    with OpenWatch(path) as watch:
        result = sandbox.run("help", env=env)
    assert result.status == 0
    assert result.stderr == ""
    assert not watch.opened
    assert FileSnapshot.of(path) == before


def test_the_open_watch_sees_a_command_that_reads_the_history(sandbox):
    """The watch the lazy-loading tests rely on does see an open: those tests cannot pass vacuously."""
    path = sandbox.write_raw_history(b"garbage")
    with OpenWatch(path) as watch:
        assert sandbox.run("show").status == 1
    assert watch.opened
