"""The command history, readline's `$XDG_STATE_HOME/stormrange/history`, at a real pseudo-terminal:
unlike the measurement history and exports, it never follows a link and never opens anything but a
regular file with one name, and it is replaced atomically, keeping its owner and mode, in the
format readline reads back line for line (README, guarantee 5)."""

import json
import os
import stat
import subprocess
import sys

import pytest

from test_interactive import CONFIRMATION, shells  # noqa: F401 (a fixture)

WARNING = "warning: command history "


def victim(path, lines=1500):
    """A file a planted link points to: more lines than the command history keeps, not private."""
    path.write_text("".join(f"victim line {number}\n" for number in range(lines)))
    path.chmod(0o644)
    return path.read_bytes(), os.stat(path)


def plant(sandbox, make):
    """The command history's folder, with `make(path)` planting something at the file's path."""
    path = sandbox.command_history_path
    path.parent.mkdir(parents=True, mode=0o700)
    make(path)
    return path


def session(shells, *lines):
    """A prompt that runs `lines` and quits; returns everything the terminal showed."""
    shell = shells()
    shell.prompt()
    for line in lines:
        shell.run(line)
    shell.child.send("quit\r")
    assert shell.finish() == 0
    return shell.transcript.getvalue()


def readline_entries(path) -> list[str]:
    """What GNU readline's read_history makes of `path` (Python's readline module is GNU readline)."""
    script = (
        "import json, readline, sys\n"
        "assert 'libedit' not in readline.__doc__, 'this Python has libedit, not GNU readline'\n"
        "readline.read_history_file(sys.argv[1])\n"
        "count = readline.get_current_history_length()\n"
        "print(json.dumps([readline.get_history_item(i) for i in range(1, count + 1)]))\n"
    )
    result = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=10)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_a_planted_link_is_neither_followed_nor_written_and_the_session_goes_on(shells, sandbox, tmp_path):
    target = tmp_path / "victim.txt"
    content, before = victim(target)
    path = plant(sandbox, lambda path: path.symlink_to(target))

    shown = session(shells, "add 6", "help")

    assert target.read_bytes() == content
    after = os.stat(target)
    assert (after.st_mode, after.st_ino, after.st_mtime_ns) == (before.st_mode, before.st_ino, before.st_mtime_ns)
    assert path.is_symlink() and os.readlink(path) == str(target)
    # One warning, on one line, naming the file and what to do.
    assert shown.count(WARNING) == 1, shown
    warning = next(line for line in shown.splitlines() if WARNING in line)
    assert f"{WARNING}{path}: it is a symbolic link, which is not followed; remove it" in warning
    # The session worked.
    assert CONFIRMATION.search(shown)
    assert len(sandbox.read_history()) == 1


def test_a_fifo_at_the_path_is_not_waited_on(shells, sandbox):
    # readline's read_history would open it for reading and wait for a writer forever.
    path = plant(sandbox, lambda path: os.mkfifo(path, 0o600))
    shown = session(shells, "add 6")
    assert shown.count(WARNING) == 1, shown
    assert f"{WARNING}{path}: it is a FIFO, not a file; remove it" in shown
    assert stat.S_ISFIFO(os.lstat(path).st_mode)
    assert len(sandbox.read_history()) == 1


def test_a_directory_or_a_second_name_is_refused_too(shells, sandbox, tmp_path):
    path = plant(sandbox, lambda path: path.mkdir())
    assert session(shells, "help").count(WARNING) == 1
    assert path.is_dir() and list(path.iterdir()) == []
    path.rmdir()
    # A hard link: replacing the file would leave the other name with the old lines.
    other = tmp_path / "other-name"
    content, _ = victim(other, lines=3)
    os.link(other, path)
    shown = session(shells, "help")
    assert f"{WARNING}{path}: it has 2 names (hard links)" in shown
    assert other.read_bytes() == content and os.stat(other).st_nlink == 2


def test_a_regular_file_is_replaced_whole_keeping_its_owner_mode_and_last_1000_lines(shells, sandbox):
    path = plant(sandbox, lambda path: path.write_text("".join(f"show {number}\n" for number in range(1200))))
    path.chmod(0o640)
    owner = (os.getuid(), os.getgid())
    if os.getuid() == 0:
        owner = (65534, 65534)  # nobody's: root's rewrite must give it back
        os.chown(path, *owner)
    content = path.read_bytes()

    with open(path, "rb") as old:  # held open, so that no new file can take its inode
        shown = session(shells, "add 6", "help")
        # A new file renamed into place each time: the old one was left as it was.
        assert os.fstat(old.fileno()).st_ino != os.stat(path).st_ino
        assert old.read() == content

    assert WARNING not in shown
    info = os.stat(path)
    assert stat.S_IMODE(info.st_mode) == 0o640
    assert (info.st_uid, info.st_gid) == owner
    lines = path.read_text().splitlines()
    assert lines == [f"show {number}" for number in range(203, 1200)] + ["add 6", "help", "quit"]
    assert [name for name in os.listdir(path.parent) if name != "history"] == []


def test_what_is_written_reads_back_in_readline_entry_for_entry(shells, sandbox):
    shown = session(
        shells,
        "#1 a comment first",  # readline would take a file starting with `#1` for one with timestamps
        "help",
        "\x1b[200~add 1\nadd 2\x1b[201~",  # a paste: one line holding a line break
        "#2 a later comment",
    )
    assert WARNING not in shown
    path = sandbox.command_history_path
    lines = path.read_text().splitlines()
    assert lines == ["help", "add 1 add 2", "#2 a later comment", "quit"]
    assert readline_entries(path) == lines
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700


@pytest.mark.parametrize("first", ["#1700000000", "plain"])
def test_a_file_readline_wrote_is_read_as_readline_reads_it(shells, sandbox, first):
    # A file that starts with `#` and a digit has timestamps; elsewhere such a line is an entry.
    path = plant(sandbox, lambda path: path.write_text(f"{first}\nadd 7 note from-the-file\r\n\n#2 x\n"))
    shell = shells()
    shell.prompt()
    shell.child.send("\x1b[A")  # Up: the last entry
    expected = "add 7 note from-the-file" if first.startswith("#") else "#2 x"
    shell.child.expect_exact(expected)
    shell.child.send("\x15")  # Ctrl-U
    shell.child.send("quit\r")
    assert shell.finish() == 0
    assert readline_entries(path) == path.read_text().splitlines()
