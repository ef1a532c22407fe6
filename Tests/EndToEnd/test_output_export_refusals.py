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


# --- Another history's files, and stormrange's own descriptors (issue 17) ------------------------


@pytest.mark.parametrize(
    "name, what",
    [
        ("SavedHistory.plist", "stormrange's default history file (the one used without --file)"),
        ("SavedHistory.plist.lock", "stormrange's lock file for the default history (the one used without --file)"),
        ("SavedHistory.plist.cleared-20260701T160300Z", "the copy of the history that 'clear' kept"),
        (".SavedHistory.plist.tmp-3k2j1h", "a temporary file stormrange is writing or a crashed one left"),
    ],
    ids=["history", "lock", "copy", "temporary"],
)
def test_a_session_on_another_history_never_exports_over_the_default_one(kept, tmp_path, name, what):
    """`--file` names another history for one run: the default one (the XDG location, or
    $STORMRANGE_HISTORY) is still stormrange's, and breaking it would break every later run."""
    path = kept.history_path.with_name(name)
    existed = path.exists()
    before = _snapshot(path) if existed else None
    result = kept.run("--file", str(tmp_path / "other.plist"), "export", "csv", str(path))
    assert (result.status, result.stdout) == (1, "")
    assert result.err_lines == [f"stormrange: {path} is {what}; nothing was written; choose another path"]
    assert (_snapshot(path) if existed else path.exists()) == (before if existed else False)
    assert notes_in(kept.history_path) == ["one", "two"]


def test_the_history_stormrange_history_names_is_the_default_one(kept, tmp_path):
    default = tmp_path / "variable.plist"
    env = dict(kept.env, STORMRANGE_HISTORY=str(default))
    assert kept.run("add", "5", "note mine", env=env).status == 0
    before = _snapshot(default)
    for path in [default, default.with_name("variable.plist.lock")]:
        result = kept.run("--file", str(tmp_path / "other.plist"), "export", "json", str(path), env=env)
        assert result.status == 1
        assert "default history" in result.stderr and "nothing was written" in result.stderr
    assert _snapshot(default) == before
    assert notes_in(default) == ["mine"]


def _run_with_only_standard_streams(sandbox, *args, pass_fds=()):
    """Runs stormrange with descriptors 0-2 only (and `pass_fds`): every other one it has is its own."""
    completed = subprocess.run(
        [sandbox.binary, *args], capture_output=True, env=sandbox.env, cwd=sandbox.home, timeout=15,
        close_fds=True, pass_fds=pass_fds,
    )
    return completed.returncode, completed.stdout.decode(), completed.stderr.decode()


@pytest.mark.parametrize("path", ["/dev/fd/{n}", "/proc/self/fd/{n}", "{links}/{n}"], ids=["dev-fd", "proc", "link"])
def test_an_export_into_one_of_stormranges_own_descriptors_is_refused(kept, tmp_path, path):
    """`/dev/fd/4` when the caller opened no fd 4 names stormrange's own signal pipe: an export there
    wrote into it, reported success, and on a large history failed half-way. It is refused, by the
    descriptor's number or, through another name, by device and inode."""
    links = tmp_path / "descriptors"
    links.symlink_to("/proc/self/fd")
    for number in [3, 4]:
        target = path.format(n=number, links=links)
        status, stdout, stderr = _run_with_only_standard_streams(kept, "export", "csv", target)
        assert (status, stdout) == (1, ""), stderr
        assert stderr.splitlines() == [
            f"stormrange: {target} is one of stormrange's own descriptors, not a file the caller opened; "
            "nothing was written; choose another path"
        ]
    # In a batch, after a save: the lock and its folder are open too; the batch goes on.
    lines = "add 3 note three\n" + "".join(f"export csv /dev/fd/{n}\n" for n in range(3, 8)) + "add 2 note four\n"
    completed = subprocess.run(
        [kept.binary], input=lines.encode(), capture_output=True, env=kept.env, cwd=kept.home, timeout=15,
        close_fds=True,
    )
    errors = completed.stderr.decode().splitlines()
    assert "exported" not in completed.stdout.decode()
    assert all("nothing was written" in line for line in errors), errors
    assert sum("one of stormrange's own descriptors" in line for line in errors) >= 2, errors
    assert notes_in(kept.history_path) == ["one", "two", "three", "four"]


def test_an_export_through_a_descriptor_the_caller_opened_is_written_into_it(kept, tmp_path):
    out = tmp_path / "out.csv"
    script = f'"{kept.binary}" export csv /dev/fd/4 4>"{out}"'
    completed = subprocess.run(script, shell=True, env=kept.env, cwd=kept.home, timeout=15, capture_output=True)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.decode() == "exported 2 measurements to /dev/fd/4 (CSV)\n"
    assert out.read_bytes().startswith(b"index,date,") and out.read_bytes().count(b"\r\n") == 3
    # A pipe the caller passed, named through /proc/self/fd.
    reader, writer = os.pipe()
    try:
        status, stdout, stderr = _run_with_only_standard_streams(
            kept, "export", "json", f"/proc/self/fd/{writer}", pass_fds=(writer,))
    finally:
        os.close(writer)
    with os.fdopen(reader, "rb") as stream:
        assert stream.read().startswith(b"[")
    assert (status, stderr) == (0, ""), stderr
    assert stdout == f"exported 2 measurements to /proc/self/fd/{writer} (JSON)\n"
