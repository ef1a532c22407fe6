"""Issue 17: `export FORMAT PATH` never replaces one of the files stormrange keeps (the history, its
lock, the settings and their lock, the command history, a copy `clear` kept or moved aside, a
temporary file beside them), found by device and inode through links and by the names stormrange
gives them; nor a regular file with other names (hard links), which would keep the old contents. The
error names the path and what to do, and nothing is written (README, guarantee 9).

A CSV renamed over the lock gave the lock a new inode while writers held the old one: in 450
parallel adds, 444 reported success and only 438 were stored."""

import os
import subprocess

import pytest

from guarantee_support import notes_in

KEPT = [
    ("data/stormrange/SavedHistory.plist", "the history file itself"),
    ("data/stormrange/SavedHistory.plist.lock", "stormrange's lock file for the history"),
    ("config/stormrange/settings.plist", "stormrange's settings file"),
    ("config/stormrange/settings.plist.lock", "stormrange's lock file for the settings"),
    ("state/stormrange/history", "stormrange's command history (the lines typed at the prompt)"),
    ("data/stormrange/SavedHistory.plist.cleared-20260701T160300Z", "the copy of the history that 'clear' kept"),
    ("data/stormrange/SavedHistory.plist.unreadable-20260701T160300Z",
     "the unreadable history that 'clear' moved aside"),
    ("data/stormrange/.SavedHistory.plist.tmp-3k2j1h", "a temporary file stormrange is writing or a crashed one left"),
    ("config/stormrange/.settings.plist.tmp-3k2j1h", "a temporary file stormrange is writing or a crashed one left"),
]


@pytest.fixture
def kept(sandbox):
    """A sandbox with every kind of file stormrange keeps."""
    assert sandbox.batch("add 6 note one", "add 4.5 note two", "set unit km").status == 0
    sandbox.command_history_path.parent.mkdir(parents=True)
    sandbox.command_history_path.write_text("add 6 note one\n")
    for path, _ in KEPT[5:]:
        (sandbox.home / path).write_bytes(b"kept\n")
    return sandbox


def _snapshot(path):
    info = os.stat(path)
    return path.read_bytes(), info.st_ino, info.st_mtime_ns


@pytest.mark.parametrize("name, what", KEPT, ids=[path.rsplit("/", 1)[1] for path, _ in KEPT])
def test_an_export_onto_a_file_stormrange_keeps_is_refused_and_writes_nothing(kept, name, what):
    path = kept.home / name
    before = _snapshot(path)
    listing = sorted(os.listdir(path.parent))
    result = kept.run("export", "csv", str(path))
    assert result.status == 1
    assert result.err_lines == [f"stormrange: {path} is {what}; nothing was written; choose another path"]
    assert result.stdout == ""
    assert _snapshot(path) == before
    assert sorted(os.listdir(path.parent)) == listing


def test_a_link_to_the_lock_is_followed_and_refused(kept, tmp_path):
    lock = kept.history_path.with_name("SavedHistory.plist.lock")
    inode = lock.stat().st_ino
    link = tmp_path / "latest.csv"
    link.symlink_to(lock)
    result = kept.batch(f"export json {link}", "add 3 note three")
    assert result.err_lines == [
        f"stormrange: line 1: {link} is stormrange's lock file for the history; nothing was written; "
        "choose another path"
    ]
    assert lock.stat().st_ino == inode and lock.read_bytes() == b""
    assert link.is_symlink()
    assert notes_in(kept.history_path) == ["one", "two", "three"]


def test_a_name_stormrange_would_make_is_refused_before_anything_is_there(kept):
    copy = kept.history_path.with_name("SavedHistory.plist.cleared-20991231T000000Z")
    result = kept.run("export", "csv", str(copy))
    assert result.status == 1
    assert "is the copy of the history that 'clear' kept" in result.stderr
    assert not copy.exists()


def test_an_export_onto_a_file_with_other_names_is_refused(kept, tmp_path):
    path = tmp_path / "storms.csv"
    path.write_text("old\n")
    other = tmp_path / "backup.csv"
    os.link(path, other)
    result = kept.run("export", "csv", str(path))
    assert result.status == 1
    assert result.err_lines == [
        f"stormrange: cannot export to {path}: the file has 2 names (hard links), and exporting would leave the "
        "others with the old contents; nothing was written (keep one name and remove the others, or break the "
        f"link: cp {path} {path}.copy && mv {path}.copy {path})"
    ]
    assert path.read_text() == other.read_text() == "old\n"
    assert os.stat(path).st_nlink == 2
    # The way out the message gives, pasted into a shell, then the export works.
    command = result.stderr.rsplit("break the link: ", 1)[1].strip()[:-1]
    subprocess.run(["sh", "-c", command], check=True, cwd=tmp_path)
    assert os.stat(path).st_nlink == 1 and other.read_text() == "old\n"
    result = kept.run("export", "csv", str(path))
    assert result.status == 0, result.stderr
    assert path.read_text().startswith("index,") and other.read_text() == "old\n"
