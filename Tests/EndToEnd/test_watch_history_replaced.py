"""`watch --json` while its history is moved into a folder and a symbolic link put in its place
(issue 29): the moment the file is missing is not an all-clear (no line with `latest: null`, one
line on standard error saying the history is missing), and once the link is there the watch
follows it: changes made through the link are seen, and standard error says where the path
leads now (guarantee 5)."""

import os
import signal

import pytest

from test_watch import REDRAW, add, iso, lines, polling_env  # noqa: F401 (a fixture)


@pytest.mark.parametrize("polling", [False, True], ids=["inotify", "polling"])
def test_a_history_swapped_for_a_link_is_followed_and_never_an_all_clear(sandbox, lines, polling):
    env = polling_env(sandbox) if polling else None
    add(sandbox, "20", "at", iso(120))
    watcher = lines(sandbox, "watch", "--json", env=env)
    assert watcher.line()["latest"]["index"] == 1
    path = sandbox.history_path
    folder = path.parent / "moved"
    folder.mkdir()
    os.rename(path, folder / path.name)
    # Missing for a moment: no line, least of all an all-clear.
    watcher.nothing_for(REDRAW)
    path.symlink_to(folder / path.name)
    # Nothing changed in what it holds: still no line.
    watcher.nothing_for(1.5)
    add(sandbox, "10", "at", iso(60))  # through the link
    line = watcher.line()
    assert line["latest"]["index"] == 2 and line["advice"]["level"] == "shelter-now"
    add(sandbox, "8")
    assert watcher.line()["storm"]["count"] == 3
    watcher.process.send_signal(signal.SIGTERM)
    assert watcher.process.wait(timeout=5) == 0
    assert path.is_symlink()
    errors = watcher.process.stderr.read().decode()
    assert f"now leads to {folder / path.name}" in errors and errors.count("now leads to") == 1, errors


def test_the_missing_history_is_said_once_and_the_all_clear_comes_when_due(sandbox, lines):
    # Thunder 29:56 ago: the all-clear is due in 4 s, and comes though the file is gone.
    add(sandbox, "6", "at", iso(1796 + 6))
    watcher = lines(sandbox, "watch", "--json")
    first = watcher.line()
    assert first["advice"]["level"] == "shelter-now"
    os.rename(sandbox.history_path, sandbox.home / "aside.plist")
    second = watcher.line(timeout=8)
    assert second["advice"]["level"] == "all-clear" and second["latest"] == first["latest"]
    watcher.process.send_signal(signal.SIGTERM)
    assert watcher.process.wait(timeout=5) == 0
    errors = watcher.process.stderr.read().decode()
    assert errors.count("is missing") == 1, errors
    assert errors.startswith(f"stormrange: the history {sandbox.history_path} is missing"), errors


def test_an_unreadable_history_moved_away_is_missing_not_empty(sandbox, lines):
    # Found by an attack on the binary: a history made unreadable, then moved away (the obvious way
    # to get rid of a broken file), gave a line with `latest: null` and the all-clear.
    add(sandbox, "20", "at", iso(120))
    watcher = lines(sandbox, "watch", "--json")
    first = watcher.line()
    assert first["advice"]["level"] == "shelter-now"
    path = sandbox.history_path
    broken = path.with_name("broken.plist")
    broken.write_bytes(path.read_bytes().replace(b"<real>", b"<real>nan", 1))
    os.replace(broken, path)
    watcher.nothing_for(REDRAW)  # unreadable: said on standard error, no status line
    os.rename(path, sandbox.home / "aside.plist")
    line = watcher.line()
    assert line["latest"] == first["latest"] and line["advice"]["level"] == "shelter-now", line
    watcher.process.send_signal(signal.SIGTERM)
    assert watcher.process.wait(timeout=5) == 0
    errors = watcher.process.stderr.read().decode()
    assert errors.count("is missing") == 1, errors
