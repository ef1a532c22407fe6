"""Issue 9, item 1: `export FORMAT PATH` replaces only a regular file (or creates a new one), writes
straight into a FIFO, device or terminal as cp and tee do, and refuses a directory."""

import os
import stat
import subprocess
import threading
from pathlib import Path

import pytest


@pytest.fixture
def stored(sandbox):
    result = sandbox.batch("add 6 note one", "add 4.5 note two")
    assert result.status == 0, result.stderr
    return sandbox


def csv_header() -> bytes:
    return b"index,date,delay_s,distance_m,temperature_c,speed_of_sound_mps,note,bearing_deg,source,detector,latitude_deg,longitude_deg,nearest_m,strikes,spread_m\r\n"


def test_a_fifo_is_written_into_and_stays_a_fifo(stored, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    result = stored.run("export", "csv", str(fifo))
    reader.join(timeout=10)
    if reader.is_alive() and stat.S_ISFIFO(fifo.lstat().st_mode):
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # nobody wrote: release the reader
    assert result.status == 0, result.stderr
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert received and received[0].startswith(csv_header())
    assert received[0].count(b"\r\n") == 3


def device_node(path: Path, major: int, minor: int) -> Path:
    """A character device node in the test's own folder: the tests never write to the machine's /dev
    (an old binary would replace /dev/null or /dev/full with a regular file)."""
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(major, minor))
    except PermissionError:
        pytest.skip("creating a device node needs root")
    path.chmod(0o666)
    return path


def test_a_character_device_is_written_into_and_never_replaced(stored, tmp_path):
    device = device_node(tmp_path / "null", 1, 3)  # the device /dev/null is
    result = stored.run("export", "json", str(device))
    assert result.status == 0, result.stderr
    info = device.lstat()
    assert stat.S_ISCHR(info.st_mode) and info.st_rdev == os.makedev(1, 3)
    assert stat.S_IMODE(info.st_mode) == 0o666


def test_a_link_to_standard_output_sends_the_export_there_and_stays_a_link(stored, tmp_path):
    link = tmp_path / "out"
    link.symlink_to("/dev/stdout")
    result = stored.run("export", "csv", str(link))
    assert result.status == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == "/dev/stdout"
    assert result.stdout.encode().startswith(csv_header())


def test_a_device_that_fails_writes_is_an_error(stored, tmp_path):
    full = device_node(tmp_path / "full", 1, 7)  # the device /dev/full is: every write fails
    result = stored.run("export", "csv", str(full))
    assert result.status == 1
    assert result.err_lines == [
        f"stormrange: cannot export to {full}: cannot write to it, so the export is incomplete: "
        "No space left on device"
    ]
    assert stat.S_ISCHR(full.lstat().st_mode)


def test_a_directory_is_refused_and_left_alone(stored, tmp_path):
    folder = tmp_path / "exports"
    folder.mkdir()
    (folder / "keep").write_text("mine")
    result = stored.run("export", "csv", str(folder))
    assert result.status == 1
    assert result.err_lines == [
        f"stormrange: cannot export to {folder}: it is a directory; give the name of a file to write; "
        "nothing was written"
    ]
    assert sorted(os.listdir(folder)) == ["keep"]


def test_a_link_to_a_regular_file_replaces_the_file_and_keeps_the_link(stored, tmp_path):
    target = tmp_path / "real.csv"
    target.write_text("old")
    target.chmod(0o644)
    link = tmp_path / "latest.csv"
    link.symlink_to(target)
    result = stored.run("export", "csv", str(link))
    assert result.status == 0, result.stderr
    assert link.is_symlink()
    assert target.read_bytes().startswith(csv_header())
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_new_file_is_created_private(stored, tmp_path):
    path = tmp_path / "new.json"
    result = stored.run("export", "json", str(path))
    assert result.status == 0, result.stderr
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text().startswith("[\n")


def test_a_dangling_link_creates_its_target(stored, tmp_path):
    target = tmp_path / "later.csv"
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    result = stored.run("export", "csv", str(link))
    assert result.status == 0, result.stderr
    assert link.is_symlink() and target.read_bytes().startswith(csv_header())


def test_standard_output_redirected_to_a_file_is_appended_to_not_replaced(stored, tmp_path):
    log = tmp_path / "log.txt"
    log.write_text("keep\n")
    script = f'{{ echo before; "{stored.binary}" export csv /dev/stdout; echo after; }} >> "{log}"'
    completed = subprocess.run(script, shell=True, env=stored.env, cwd=stored.home, timeout=10)
    assert completed.returncode == 0
    lines = log.read_bytes().split(b"\n")
    assert lines[:3] == [b"keep", b"before", csv_header().rstrip(b"\n")]
    assert lines[-3].startswith(b"exported 2 measurements to /dev/stdout") and lines[-2:] == [b"after", b""]


def test_a_path_keeps_its_spaces_exactly(stored, tmp_path):
    result = stored.run("export", "csv", str(tmp_path / "two  spaces.csv"))
    assert result.status == 0, result.stderr
    assert (tmp_path / "two  spaces.csv").exists()
    assert not (tmp_path / "two spaces.csv").exists()


def test_a_one_shot_path_keeps_its_bytes_blanks_and_quotes_included(stored):
    """The shell has read its quotes: the argument is the path, byte for byte (issue 17)."""
    for name in ["out  ", "  lead", "tab\t", "'quoted'", "cr\r"]:
        result = stored.run("export", "csv", name)
        assert result.status == 0, result.stderr
        assert (stored.home / name).read_bytes().startswith(csv_header()), name
    assert not any((stored.home / name).exists() for name in ["out", "lead", "tab", "quoted", "cr"])


def test_a_path_in_a_line_drops_trailing_blanks_unless_quoted_as_the_shell_quotes(stored):
    result = stored.batch("export csv plain  ", "export csv 'out  '", "export csv '  it'\\''s'", "export csv 'open")
    assert result.err_lines == [
        "stormrange: line 4: the path 'open opens a quote it does not close; put the whole path in single quotes, "
        "each ' in it written '\\''"
    ]
    assert [(stored.home / name).exists() for name in ["plain", "out  ", "  it's", "'open"]] == [True, True, True, False]


# Issue 17 (probe): an empty PATH failed late in a batch ("cannot export to : cannot rename the new
# file into place", after creating and removing `./..tmp-*`), and a one-shot `export csv ""` wrote to
# standard output as if no PATH had been given, so a script's `"$OUT"` left empty went unnoticed.

EMPTY_PATH = "the path is empty; name the file to write, or leave PATH out to export to standard output"


def _names_in(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


@pytest.mark.parametrize("format", ["csv", "json"])
def test_an_empty_path_is_refused_in_a_line_and_nothing_is_written(stored, format):
    before = _names_in(stored.home)
    result = stored.batch(f"export {format} ''", f"export {format} ''  ")
    assert result.status == 1
    assert result.stdout == ""
    assert result.err_lines == [f"stormrange: line {number}: {EMPTY_PATH}" for number in (1, 2)]
    assert _names_in(stored.home) == before


@pytest.mark.parametrize("format", ["csv", "json"])
def test_an_empty_one_shot_path_is_refused_not_taken_for_standard_output(stored, format):
    before = _names_in(stored.home)
    for args in (["export", format, ""], ["--file", str(stored.history_path), "export", format, ""]):
        result = stored.run(*args)
        assert (result.status, result.stdout) == (1, "")
        assert result.err_lines == [f"stormrange: {EMPTY_PATH}"]
    assert _names_in(stored.home) == before
    # Without the argument it is standard output, as before.
    assert stored.run("export", format).stdout != ""


def test_an_empty_path_to_import_is_refused_as_such(stored):
    for result in (stored.run("import", ""), stored.batch("import ''"), stored.batch("import --skip-invalid ''")):
        assert result.status == 1
        assert result.stderr.endswith("the path is empty; name the file to import\n"), result.stderr
