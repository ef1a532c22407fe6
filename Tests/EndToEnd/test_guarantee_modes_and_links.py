"""Guarantee 5, nothing leaks or gets redirected: the history file is 0600 and the directories
stormrange creates are 0700, whatever the umask, and rewrites keep them (and any mode the user chose);
the temporary file is created exclusively, without following links, under an unpredictable name in
the history's own directory, so a planted symlink cannot redirect a write. A history path that is
itself a symlink is followed: the file it points to is rewritten and the link stays a link."""

import os
import re
import shutil
import stat
import subprocess

import pytest

from guarantee_support import notes_in, temporaries

# A traced open of a file (`2870  openat(AT_FDCWD, "…", …`), not a path that holds "open" (pytest-xdist's
# directories are popen-gw0, …).
OPEN = re.compile(r"^\d+\s+open(at)?\(")


def _mode(path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def _run(sandbox, *words, umask=None, check=True, input=b""):
    preexec = (lambda: os.umask(umask)) if umask is not None else None
    result = subprocess.run(
        [sandbox.binary, *words], env=sandbox.env, cwd=sandbox.home, capture_output=True, timeout=15,
        preexec_fn=preexec, input=input,
    )
    if check:
        assert result.returncode == 0, result.stderr
    return result


@pytest.mark.parametrize("umask", [0o022, 0o000, 0o077, 0o277], ids=lambda u: f"umask {u:03o}")
def test_the_history_is_0600_in_0700_directories_and_stays_so(sandbox, umask):
    path = sandbox.history_path  # $XDG_DATA_HOME/stormrange/SavedHistory.plist; neither folder exists
    assert not sandbox.data_home.exists()
    _run(sandbox, "add", "5", umask=umask)
    assert _mode(sandbox.data_home) == 0o700
    assert _mode(path.parent) == 0o700
    assert _mode(path) == 0o600
    assert _mode(path.parent / (path.name + ".lock")) == 0o600
    # Every kind of rewrite keeps the mode.
    for words in (["add", "6"], ["delete", "1"], ["clear"]):
        _run(sandbox, *words, umask=umask)
        assert _mode(path) == 0o600, words
    _run(sandbox, umask=umask, input=b"add 8\nclear\nundo\n")
    assert _mode(path) == 0o600
    _run(sandbox, "add", "7", umask=umask)
    assert _mode(path.parent) == 0o700 and _mode(sandbox.data_home) == 0o700


def test_a_mode_the_user_chose_is_kept_and_existing_folders_are_left_alone(sandbox):
    folder = sandbox.home / "shared"
    folder.mkdir()
    folder.chmod(0o755)
    path = folder / "history.plist"
    _run(sandbox, "--file", str(path), "add", "5")
    assert _mode(path) == 0o600
    assert _mode(folder) == 0o755  # not ours: left as it was
    path.chmod(0o640)
    _run(sandbox, "--file", str(path), "add", "6")
    assert _mode(path) == 0o640
    _run(sandbox, "--file", str(path), "clear")
    assert _mode(path) == 0o640


# Names a careless writer might use for its temporary file or backup.
PREDICTABLE = [".{}.tmp-", ".{}.tmp-0", ".{}.tmp-1", ".{}.tmp", "{}.tmp", "{}.new", "{}~", ".{}.swp", "{}.bak"]


@pytest.mark.parametrize("dangling", [False, True], ids=["to a file", "dangling"])
def test_symlinks_planted_at_predictable_names_redirect_nothing(sandbox, tmp_path, dangling):
    path = sandbox.history_path
    _run(sandbox, "add", "5", "note", "first")
    victims = tmp_path / "victims"
    victims.mkdir()
    for pattern in PREDICTABLE:
        name = pattern.format(path.name)
        victim = victims / (name.strip(".") + ".victim")
        if not dangling:
            victim.write_text("precious\n")
            victim.chmod(0o644)
        (path.parent / name).symlink_to(victim)

    for number in range(5):
        _run(sandbox, "add", str(6 + number), "note", f"n{number}")
    assert notes_in(path) == ["first"] + [f"n{number}" for number in range(5)]

    for pattern in PREDICTABLE:
        victim = victims / (pattern.format(path.name).strip(".") + ".victim")
        if dangling:
            assert not victim.exists(), f"{victim} was created through a planted link"
        else:
            assert victim.read_text() == "precious\n" and _mode(victim) == 0o644
    assert not path.is_symlink()
    assert _mode(path) == 0o600


def test_a_symlink_planted_at_the_lock_file_is_refused_not_followed(sandbox, tmp_path):
    path = sandbox.history_path
    path.parent.mkdir(parents=True)
    victim = tmp_path / "lock-victim"
    (path.parent / (path.name + ".lock")).symlink_to(victim)
    result = _run(sandbox, "add", "5", check=False)
    assert result.returncode == 1
    assert b".lock" in result.stderr
    assert not victim.exists()
    assert not path.exists()


def _trace(sandbox, path, *words):
    log = sandbox.home / "strace.log"
    result = subprocess.run(
        ["strace", "-f", "-qq", "-e", "trace=open,openat,rename,renameat,renameat2", "-o", str(log),
         sandbox.binary, "--file", str(path), *words],
        env=sandbox.env, cwd=sandbox.home, capture_output=True, timeout=30,
    )
    assert result.returncode == 0, result.stderr
    return log.read_text()


def test_the_temporary_file_is_created_exclusively_without_following_links(sandbox):
    if shutil.which("strace") is None:
        pytest.skip("strace is not installed (Scripts/setup-system --test installs it)")
    probe = subprocess.run(["strace", "-qq", "-e", "trace=none", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip(f"strace cannot trace here: {probe.stderr.decode().strip()}")
    path = sandbox.home / "traced" / "history.plist"
    names = []
    for words in (["add", "5"], ["add", "6"], ["delete", "1"]):
        log = _trace(sandbox, path, *words)
        opens = [line for line in log.splitlines() if ".history.plist.tmp-" in line and OPEN.search(line)]
        assert len(opens) == 1, log
        match = re.search(r'"([^"]+)", ([A-Z_|]+), (0\d+)', opens[0])
        assert match, opens[0]
        temporary, flags, mode = match[1], set(match[2].split("|")), match[3]
        assert {"O_WRONLY", "O_CREAT", "O_EXCL", "O_NOFOLLOW", "O_CLOEXEC"} <= flags, opens[0]
        assert mode == "0600"
        # In the history's own directory, so the rename is atomic and nothing crosses file systems.
        assert os.path.dirname(temporary) == str(path.parent)
        suffix = os.path.basename(temporary).removeprefix(".history.plist.tmp-")
        assert len(suffix) >= 12 and suffix.isalnum(), temporary
        names.append(temporary)
        renames = [line for line in log.splitlines() if "rename" in line and temporary in line]
        assert len(renames) == 1 and f'"{path}"' in renames[0], log
    assert len(set(names)) == len(names), "the temporary file's name is predictable"
    # The lock file, beside the history, is opened without following links too.
    lock_opens = [line for line in log.splitlines() if "history.plist.lock" in line and OPEN.search(line)]
    assert lock_opens and all("O_NOFOLLOW" in line and "O_CLOEXEC" in line for line in lock_opens), log


@pytest.mark.parametrize("link", ["absolute", "relative", "dangling", "chain"])
def test_a_history_path_that_is_a_symlink_is_followed_and_stays_a_link(sandbox, tmp_path, link):
    """The documented behaviour: stormrange resolves the link and rewrites the file it points to (in
    that file's directory, with the lock and temporary files beside it); the link itself stays."""
    real = tmp_path / "synced" / "history.plist"
    real.parent.mkdir()
    path = sandbox.history_path
    path.parent.mkdir(parents=True)
    if link == "absolute":
        path.symlink_to(real)
    elif link == "relative":
        path.symlink_to(os.path.relpath(real, path.parent))
    elif link == "dangling":
        real = tmp_path / "synced" / "not-yet" / "history.plist"  # even its folder is missing
        path.symlink_to(real)
    else:
        middle = tmp_path / "middle.plist"
        middle.symlink_to(real)
        path.symlink_to(middle)
    target = os.readlink(path)

    _run(sandbox, "add", "5", "note", "one")
    _run(sandbox, "add", "6", "note", "two")
    _run(sandbox, "delete", "1")

    assert path.is_symlink() and os.readlink(path) == target
    assert real.is_file() and not real.is_symlink()
    assert notes_in(real) == ["two"]
    assert _mode(real) == 0o600
    assert (real.parent / "history.plist.lock").exists()
    assert not (path.parent / (path.name + ".lock")).exists()
    assert temporaries(real.parent, real.name) == set()
    assert sorted(os.listdir(path.parent)) == [path.name]
