"""Guarantee 2, the lock's second half (issue 17, item 3): a lock file deleted or replaced while
writers run must not split them. Each writer, once it holds the lock, checks that the lock's path
still names the file it locked, and starts again if not; so every add that reported success is in
the history, however often another process renames a new file over the lock or removes it.

For that, a writer also locks the folder holding the lock file; any program can flock a folder, so a
held folder is named as such when the wait ends, and a folder others may write in (world-writable or
sticky, as /tmp) is not locked at all."""

import contextlib
import fcntl
import os
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from guarantee_support import notes_in

ADDS = 450
WORKERS = 12


def _replace_the_lock_until(lock, done: threading.Event) -> int:
    """Renames a new empty file over the lock, then removes it, over and over; returns how often."""
    spare = lock.with_name(lock.name + ".spare")
    rounds = 0
    while not done.is_set():
        spare.write_bytes(b"")
        os.rename(spare, lock)
        try:
            os.unlink(lock)
        except FileNotFoundError:
            pass
        rounds += 1
    return rounds


def test_every_confirmed_add_is_stored_while_the_lock_file_is_replaced_and_removed(sandbox):
    assert sandbox.run("add 5 note first").status == 0
    lock = sandbox.history_path.with_name(sandbox.history_path.name + ".lock")
    done = threading.Event()
    replacements: list[int] = []
    replacer = threading.Thread(target=lambda: replacements.append(_replace_the_lock_until(lock, done)))

    def add(index: int) -> tuple[int, str, str]:
        completed = subprocess.run(
            [sandbox.binary, "add", str(1 + index % 50), "note", f"n{index}"],
            capture_output=True, env=sandbox.env, cwd=sandbox.home, timeout=60,
        )
        return completed.returncode, completed.stdout.decode(), completed.stderr.decode()

    replacer.start()
    try:
        with ThreadPoolExecutor(WORKERS) as pool:
            results = list(pool.map(add, range(ADDS)))
    finally:
        done.set()
        replacer.join()
    assert replacements[0] > 0

    confirmed = {
        f"n{index}" for index, (status, stdout, _) in enumerate(results) if status == 0 and stdout.startswith("#")
    }
    failures = [stderr for status, _, stderr in results if status != 0]
    stored = notes_in(sandbox.history_path)
    lost = confirmed - set(stored)
    assert not lost, f"{len(confirmed)} adds reported success, {len(lost)} not stored: {sorted(lost)[:10]}"
    # Nothing is stored twice, and only what was added.
    assert len(stored) == len(set(stored))
    assert set(stored) <= confirmed | {"first"}
    # Replacing the lock is no reason to fail (a lock that cannot be taken for 10 s would be).
    assert not failures, failures[:5]
    assert len(confirmed) == ADDS


@contextlib.contextmanager
def _folder_held(folder):
    """Another program's shared flock on `folder` (`flock DIR command` does as much)."""
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_SH)
        yield
    finally:
        os.close(descriptor)


def test_a_folder_another_program_holds_is_named_when_the_wait_for_it_ends(sandbox, tmp_path):
    """The wait ended with "another stormrange process has held the lock …/h.plist.lock", naming a
    file nobody held."""
    folder = tmp_path / "d"
    folder.mkdir(mode=0o755)
    with _folder_held(folder):
        result = sandbox.run("--file", str(folder / "h.plist"), "add", "5", timeout=60)
    assert (result.status, result.stdout) == (1, "")
    assert result.err_lines == [
        f"stormrange: could not save the history to {folder}/h.plist: the folder {folder} has been locked (flock) "
        "for 10 s by another program or another stormrange process, and stormrange locks it too to save (with "
        f"the lock file {folder}/h.plist.lock); try again once that program is done, or keep the file in a "
        "folder no other program locks; nothing was changed"
    ]
    assert not (folder / "h.plist").exists()


@pytest.mark.parametrize("mode", [0o1777, 0o777], ids=["sticky", "world-writable"])
def test_a_folder_others_may_write_in_is_not_locked(sandbox, tmp_path, mode):
    """In /tmp any user's program may lock the folder; stormrange does not wait on it (guarantee 2)."""
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(mode)
    with _folder_held(folder):
        results = [sandbox.run("--file", str(folder / "h.plist"), "add", str(delay), timeout=60) for delay in (5, 6)]
    assert [(result.status, result.stderr) for result in results] == [(0, ""), (0, "")]
    assert [entry["delay"] for entry in sandbox.read_history(folder / "h.plist")] == [5.0, 6.0]
