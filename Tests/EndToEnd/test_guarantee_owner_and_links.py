"""A history stays its owner's and keeps one name (docs/guarantees.md): what stormrange makes for a
history (the new file that replaces it, its lock, the folders it creates) belongs to the history's
owner and group wherever the system allows, so root rewriting another user's history (a service,
`sudo`) does not lock that user out; a new history belongs to whoever owns the nearest existing
folder on its path. A history with a second hard link is not saved, since replacing one name would
leave the other with the old measurements: the error says why and what to do, and reading still
works.

The ownership tests need root and a user to give files to (`nobody`); they are skipped otherwise."""

import grp
import os
import shutil
import subprocess

import pytest

from guarantee_support import (
    as_user, binary_for_users, can_drop_privileges, notes_in, shared_directory, unprivileged_env,
    unprivileged_user,
)


@pytest.fixture
def nobody():
    """(uid, gid) of the unprivileged user, for tests that give files away and run as that user."""
    problem = can_drop_privileges()
    if problem:
        pytest.skip(problem)
    return unprivileged_user()


@pytest.fixture
def home(nobody):
    """A folder of the unprivileged user's, which root and that user can both reach."""
    directory = shared_directory()
    os.chown(directory, *nobody)
    directory.chmod(0o700)
    yield directory
    shutil.rmtree(directory, ignore_errors=True)


def _owner(path) -> tuple[int, int]:
    info = os.lstat(path)
    return info.st_uid, info.st_gid


def _run(sandbox, path, *words, user=None, groups=(), check=True):
    """stormrange --file PATH WORDS, as root or as `user` (uid, gid) with supplementary `groups`."""
    preexec, env, cwd = None, sandbox.env, sandbox.home
    if user is not None:
        preexec = _as_member(*user, groups) if groups else as_user(*user)
        # Settings and the like where that user may write them: the history's folder.
        env, cwd = unprivileged_env(sandbox.env, path.parent), path.parent
    binary = sandbox.binary if user is None else binary_for_users(sandbox.binary)
    result = subprocess.run(
        [binary, "--file", str(path), *words], env=env, cwd=cwd, capture_output=True, timeout=15,
        preexec_fn=preexec, text=True,
    )
    if check:
        assert result.returncode == 0 and result.stderr == "", result.stderr
    return result


def _as_member(uid, gid, groups):
    """Like as_user, keeping the supplementary `groups`."""

    def drop() -> None:
        os.setgroups(list(groups))
        os.setgid(gid)
        os.setuid(uid)

    return drop


def test_root_rewriting_a_users_history_leaves_it_and_its_lock_the_users(sandbox, nobody, home):
    path = home / "history.plist"
    _run(sandbox, path, "add", "5", "note theirs", user=nobody)
    lock = home / "history.plist.lock"
    for words in (["add", "6", "note root's"], ["delete", "1"], ["add", "7", "note root's again"]):
        _run(sandbox, path, *words)
        assert _owner(path) == nobody, words
        assert _owner(lock) == nobody, words
    # The owner can go on writing.
    _run(sandbox, path, "add", "8", "note theirs again", user=nobody)
    assert notes_in(path) == ["root's", "root's again", "theirs again"]


def test_a_lock_root_creates_for_a_users_history_is_the_users(sandbox, nobody, home):
    # Another tool wrote the history; the first stormrange to touch it is root's, and makes the lock.
    path = home / "history.plist"
    _run(sandbox, path, "add", "5", "note theirs", user=nobody)
    (home / "history.plist.lock").unlink()
    _run(sandbox, path, "add", "6", "note root's")
    assert _owner(home / "history.plist.lock") == nobody
    _run(sandbox, path, "add", "7", "note theirs again", user=nobody)
    assert notes_in(path) == ["theirs", "root's", "theirs again"]


def test_folders_and_a_new_history_root_makes_in_a_users_tree_are_the_users(sandbox, nobody, home):
    path = home / "data" / "stormrange" / "history.plist"
    _run(sandbox, path, "add", "5", "note root's")
    for made in (home / "data", path.parent, path, path.parent / "history.plist.lock"):
        assert _owner(made) == nobody, made
    assert oct(os.stat(home / "data").st_mode & 0o777) == oct(0o700)
    _run(sandbox, path, "add", "6", "note theirs", user=nobody)
    assert notes_in(path) == ["root's", "theirs"]


def test_an_unreadable_history_root_moves_aside_stays_the_users(sandbox, nobody, home):
    path = home / "history.plist"
    path.write_bytes(b"not a property list")
    os.chown(path, *nobody)
    result = _run(sandbox, path, "clear")
    aside = [name for name in os.listdir(home) if name.startswith("history.plist.unreadable-")]
    assert len(aside) == 1, (os.listdir(home), result.stdout)
    assert _owner(home / aside[0]) == nobody
    assert _owner(home / "history.plist.lock") == nobody
    _run(sandbox, path, "add", "6", "note theirs", user=nobody)
    assert notes_in(path) == ["theirs"]


def test_an_unprivileged_user_keeps_the_group_and_is_not_stopped_by_what_it_may_not_change(sandbox, nobody, home):
    """Not root, the writer cannot give the file to another user (that refusal is ignored), but it can
    keep the history's group when it belongs to that group."""
    try:
        shared = grp.getgrnam("users").gr_gid
    except KeyError:
        pytest.skip("no 'users' group")
    uid, gid = nobody
    path = home / "history.plist"
    _run(sandbox, path, "add", "5", "note root's")
    # Root's file, group-writable for `users`, in the user's folder.
    os.chown(path, 0, shared)
    path.chmod(0o660)
    _run(sandbox, path, "add", "6", "note theirs", user=nobody, groups=[shared])
    assert _owner(path) == (uid, shared)
    assert notes_in(path) == ["root's", "theirs"]


# --- Hard links -------------------------------------------------------------------------------------


def test_a_history_with_a_second_name_is_not_saved_but_still_read(sandbox):
    path = sandbox.home / "history.plist"
    _run(sandbox, path, "add", "5", "note before")
    other = sandbox.home / "backup.plist"
    os.link(path, other)
    before = path.read_bytes()
    result = _run(sandbox, path, "add", "6", "note split", check=False)
    assert result.returncode == 1
    assert result.stdout == ""
    message = result.stderr.strip()
    assert message.count("\n") == 0, message
    assert message.startswith(f"stormrange: could not save the history to {path}: the file has 2 names (hard links)")
    assert "nothing was changed" in message and f"cp {path} " in message, message
    # A batch (group commit) is refused line by line.
    batch = sandbox.run("--file", str(path), input="add 7\nadd 8\ndelete 1\nclear\n")
    assert batch.status == 1 and batch.stdout == ""
    assert [line.split(":")[1] for line in batch.err_lines] == [" line 1", " line 2", " line 3", " line 4"]
    assert path.read_bytes() == before and other.read_bytes() == before
    assert os.stat(path).st_ino == os.stat(other).st_ino and os.stat(path).st_nlink == 2
    shown = _run(sandbox, path, "show")
    assert "before" in shown.stdout
    # Once it has one name again, it is saved.
    other.unlink()
    _run(sandbox, path, "add", "6", "note after")
    assert notes_in(path) == ["before", "after"]


def test_a_hard_link_planted_at_the_lock_is_never_given_away(sandbox, nobody, home, tmp_path):
    history = home / "history.plist"
    _run(sandbox, history, "add", "5", user=nobody)
    victim = tmp_path / "victim"
    victim.write_text("root's data")
    victim.chmod(0o666)
    lock = home / "history.plist.lock"
    lock.unlink()
    os.link(victim, lock)
    _run(sandbox, history, "add", "6")  # as root
    assert _owner(victim) == (0, 0)
    assert victim.read_text() == "root's data"


def test_a_fifo_at_the_lock_is_refused_not_waited_on(sandbox, tmp_path):
    history = tmp_path / "history.plist"
    os.mkfifo(tmp_path / "history.plist.lock")
    result = _run(sandbox, history, "add", "5", check=False)
    assert result.returncode == 1
    assert "the lock file" in result.stderr and "is not a regular file; remove it" in result.stderr
    assert not history.exists()


def test_the_copy_clear_keeps_belongs_to_the_historys_owner(sandbox, nobody, home):
    history = home / "history.plist"
    _run(sandbox, history, "add", "5", user=nobody)
    _run(sandbox, history, "clear")  # as root
    copies = [path for path in home.iterdir() if ".cleared-" in path.name]
    assert len(copies) == 1 and _owner(copies[0]) == nobody
    _run(sandbox, history, "import", str(copies[0]), user=nobody)
    assert len(notes_in(history)) == 1


def test_settings_root_makes_in_another_users_folder_are_that_users(sandbox, nobody, home):
    env = dict(sandbox.env, XDG_CONFIG_HOME=str(home / "config"))
    result = subprocess.run(
        [sandbox.binary, "--file", str(home / "history.plist"), "set", "unit", "mi"], env=env,
        capture_output=True, text=True, timeout=15,
    )
    assert result.returncode == 0, result.stderr
    for path in (home / "config", home / "config" / "stormrange", home / "config" / "stormrange" / "settings.plist",
                 home / "config" / "stormrange" / "settings.plist.lock"):
        assert _owner(path) == nobody, path
