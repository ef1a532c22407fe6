"""`watch` on a history path that names a directory, a FIFO or a device: the problem is shown (once
on standard error, or on the dashboard), the watch goes on, and it picks the history up once a
regular file is there (README, "Watching the storm"). A FIFO is never opened, so nothing waits on
it and no writer waiting for a reader is let through."""

import errno
import os
import signal
import stat

import pytest

from conftest import read_line
from test_watch import REDRAW, Dashboard, add, lines  # noqa: F401 (a fixture)


def make_fifo(path):
    os.mkfifo(path, 0o600)


def make_device(path):
    try:
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))  # what /dev/null is
    except PermissionError:
        pytest.skip("making a device node needs root (CAP_MKNOD)")


KINDS = {"directory": lambda path: path.mkdir(), "FIFO": make_fifo, "character device": make_device}


def remove(path):
    path.rmdir() if path.is_dir() else path.unlink()


def no_reader_holds(fifo) -> bool:
    """Whether no process has `fifo` open for reading (opening it to write without waiting fails)."""
    try:
        descriptor = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as error:
        return error.errno == errno.ENXIO
    os.close(descriptor)
    return False


@pytest.mark.parametrize("kind", KINDS)
def test_json_lines_report_it_once_and_pick_the_history_up_when_it_is_a_file(sandbox, lines, kind):
    path = sandbox.history_path
    path.parent.mkdir(parents=True)
    KINDS[kind](path)
    watcher = lines(sandbox, "watch", "--json")
    problem = read_line(watcher.process.stderr, REDRAW)
    assert problem == f"stormrange: cannot use {path} as the history file: it is a {kind}, not a file; choose a file with --file\n"
    assert watcher.process.poll() is None  # still watching
    if kind == "FIFO":
        assert no_reader_holds(path)
    watcher.nothing_for(1.2)
    remove(path)
    add(sandbox, "6")
    first = watcher.line()
    if first["latest"] is None:  # the path emptied before the add: a history with nothing in it
        first = watcher.line()
    assert first["latest"]["index"] == 1
    watcher.process.send_signal(signal.SIGTERM)
    assert watcher.process.wait(timeout=5) == 0
    assert watcher.process.stderr.read() == b""  # reported once, not at every look


@pytest.mark.parametrize("kind", ["directory", "FIFO"])
def test_the_dashboard_shows_it_and_picks_the_history_up(sandbox, kind):
    path = sandbox.history_path
    path.parent.mkdir(parents=True)
    KINDS[kind](path)
    dashboard = Dashboard(sandbox, columns=300)  # room for the path
    dashboard.expect(rf"cannot read the history: cannot use \S+ as the history file: it is a {kind}")
    dashboard.expect("waiting for it to be fixed")
    remove(path)
    add(sandbox, "6")
    dashboard.expect(r"latest +#1 ")
    dashboard.child.send("q")
    assert dashboard.finish() == 0
