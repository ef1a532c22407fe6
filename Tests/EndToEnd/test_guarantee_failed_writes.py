"""Guarantee 4, failed writes lose nothing: when the history cannot be saved (a read-only directory,
a full disk, a file-size limit, a path whose parent is a file) the command fails with a clear error,
the old file is intact, the failed change is not kept in memory (memory and disk agree), and the
session keeps running and saves again once the condition is gone.

CI runs as root, whom permission bits do not stop: the read-only directory is made either by
running stormrange as `nobody` or with a read-only bind mount."""

import contextlib
import os
import re
import resource
import shutil

import pytest

from guarantee_support import (
    LINE_ERROR,
    LineProcess,
    as_user,
    binary_for_users,
    can_drop_privileges,
    digest,
    fill_disk,
    notes_in,
    read_only,
    read_only_mount_problem,
    shared_directory,
    small_tmpfs,
    temporaries,
    unprivileged_env,
    unprivileged_user,
)

SHOW_ROW = re.compile(rb"^\s*\d+\s")


class Condition:
    """A way for saving to fail, imposed and lifted while one stormrange process keeps running."""

    def __init__(self, path, env, reason, impose, lift, popen=None, readable_meanwhile=True):
        self.path = path  # the history file
        self.env = env
        self.reason = reason  # what the error must say (the system's words)
        self._impose = impose  # called with the running process
        self._lift = lift
        self.imposed = False
        self.popen = popen or {}
        # Whether the history can still be read while saving fails (not when its folder is a file).
        self.readable_meanwhile = readable_meanwhile

    def impose(self, process):
        self._impose(process)
        self.imposed = True

    def lift(self, process):
        if self.imposed:
            self.imposed = False
            self._lift(process)


def _unprivileged_read_only_directory(sandbox, stack):
    problem = can_drop_privileges()
    if problem:
        return None, problem
    uid, gid = unprivileged_user()
    home = stack.enter_context(_removed(shared_directory()))
    os.chown(home, uid, gid)
    directory = home / "history"
    path = directory / "history.plist"
    return Condition(
        path, unprivileged_env(sandbox.env, home), "Permission denied",
        impose=lambda process: directory.chmod(0o500), lift=lambda process: directory.chmod(0o700),
        popen=dict(preexec_fn=as_user(uid, gid), cwd=home),
    ), None


def _read_only_mount(sandbox, stack):
    problem = read_only_mount_problem()
    if problem:
        return None, problem
    directory = sandbox.home / "history"
    mounts = contextlib.ExitStack()
    stack.callback(mounts.close)
    return Condition(
        directory / "history.plist", sandbox.env, "Read-only file system",
        impose=lambda process: mounts.enter_context(read_only(directory)), lift=lambda process: mounts.close(),
    ), None


def _full_disk(sandbox, stack):
    try:
        disk = stack.enter_context(small_tmpfs(256))
    except OSError as error:
        return None, f"cannot mount a small tmpfs: {error}"
    fillers = []
    return Condition(
        disk / "history" / "history.plist", sandbox.env, "No space left on device",
        impose=lambda process: fillers.append(fill_disk(disk)), lift=lambda process: fillers.pop().unlink(),
    ), None


def _file_size_limit(sandbox, stack):
    path = sandbox.home / "history" / "history.plist"

    def impose(process):
        # The new file may not grow past the old one's size: its write fails with EFBIG (and SIGXFSZ).
        resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (path.stat().st_size + 16, resource.RLIM_INFINITY))

    def lift(process):
        resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))

    return Condition(path, sandbox.env, "File too large", impose, lift), None


def _parent_is_a_file(sandbox, stack):
    directory = sandbox.home / "history"
    moved = sandbox.home / "history.moved"

    def impose(process):
        directory.rename(moved)
        directory.write_text("a file where the history's folder should be\n")

    def lift(process):
        directory.unlink()
        moved.rename(directory)

    return Condition(
        directory / "history.plist", sandbox.env, "not a directory", impose, lift, readable_meanwhile=False
    ), None


CONDITIONS = {
    "read-only directory": _unprivileged_read_only_directory,
    "read-only mount": _read_only_mount,
    "full disk": _full_disk,
    "file size limit": _file_size_limit,
    "parent is a file": _parent_is_a_file,
}


@contextlib.contextmanager
def _removed(directory):
    try:
        yield directory
    finally:
        shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture(params=list(CONDITIONS), ids=list(CONDITIONS))
def condition(request, sandbox):
    with contextlib.ExitStack() as stack:
        made, problem = CONDITIONS[request.param](sandbox, stack)
        if made is None and request.param == "read-only directory":
            # Without privileges to drop, a read-only bind mount makes the same condition.
            made, other = _read_only_mount(sandbox, stack)
            problem = f"{problem}; and {other}"
        if made is None:
            pytest.skip(f"{request.param}: {problem}")
        yield made


def _show(process, marker):
    """The rows of `show` in a long-running --echo batch (the echoed marker ends them)."""
    start = len(process.out_lines)
    process.send(f"show\n# {marker}\n")
    end = f"# {marker}".encode()
    while end not in process.out_lines[start:]:
        process.wait_for_output(len(process.out_lines) + 1)
    output = process.out_lines[start : process.out_lines.index(end, start)]
    return [line.split()[-1].decode() for line in output if SHOW_ROW.match(line)]


def _errors(process):
    return [(int(m[1]), line.decode()) for line in process.err_lines if (m := LINE_ERROR.match(line))]


def test_a_failed_save_changes_nothing_and_the_session_goes_on(sandbox, condition):
    path = condition.path
    argv = [binary_for_users(sandbox.binary), "--echo", "--file", str(path)]
    process = LineProcess(argv, condition.env, condition.popen.pop("cwd", sandbox.home), **condition.popen)
    try:
        process.send("add 5 note before\n")  # line 1
        process.wait_for_output(2)
        assert process.out_lines[1].startswith(b"#1 "), process.out_lines
        saved = digest(path)

        condition.impose(process)
        process.send("add 6 note failed-alone\n")  # line 2
        process.wait_for_errors(1)
        # Two lines arriving together are committed as a group; the group fails as a whole, and
        # each line still reports its own error.
        process.send("add 7 note failed-in-a-group\nadd 8 note failed-too\n")  # lines 3, 4
        process.wait_for_errors(3)
        if condition.readable_meanwhile:
            assert _show(process, "during") == ["before"]  # lines 5, 6
        else:
            process.send("show\n# during\n")
            process.wait_for_errors(4)
            # Its echo too: arriving later, it would be taken for the next add's output.
            while b"# during" not in process.out_lines:
                process.wait_for_output(len(process.out_lines) + 1)
        errors = _errors(process)
        assert [number for number, _ in errors[:3]] == [2, 3, 4], errors
        for _, message in errors:
            assert str(path) in message or str(path.parent) in message, message
            assert condition.reason.lower() in message.lower(), message
        assert not any(line.startswith(b"#2") for line in process.out_lines), process.out_lines
        assert len(process.confirmations()) == 1

        condition.lift(process)
        # The old file is intact, and no temporary file is left behind.
        assert digest(path) == saved
        assert temporaries(path.parent, path.name) == set()
        assert notes_in(path) == ["before"]

        process.send("add 9 note after\n")  # line 7
        process.wait_for_output(len(process.out_lines) + 2)
        # Index 2: the failed adds were not kept in memory.
        assert process.out_lines[-1].startswith(b"#2 "), process.out_lines
        assert _show(process, "after") == ["before", "after"]
        assert notes_in(path) == ["before", "after"]
        process.close_input()
        assert process.finish() == 1  # some commands failed
    finally:
        condition.lift(process)
        process.close()
    assert not any(b"warning" in line for line in process.err_lines)
    assert os.stat(path).st_mode & 0o777 == 0o600


def test_a_history_whose_folder_is_a_file_gets_a_clear_error(sandbox):
    blocker = sandbox.home / "blocker"
    blocker.write_text("not a folder\n")
    path = blocker / "sub" / "history.plist"
    for command in (["add", "5"], ["show"], ["clear"]):
        result = sandbox.run("--file", str(path), *command)
        assert result.status == 1, result.stderr
        assert len(result.err_lines) == 1, result.stderr
        assert str(blocker) in result.stderr and "not a directory" in result.stderr.lower(), result.stderr
    assert blocker.read_text() == "not a folder\n"


def test_undo_and_delete_that_cannot_be_saved_change_nothing(sandbox):
    problem = read_only_mount_problem()
    if problem:
        pytest.skip(problem)
    directory = sandbox.home / "history"
    path = directory / "history.plist"
    argv = [binary_for_users(sandbox.binary), "--echo", "--file", str(path)]
    process = LineProcess(argv, sandbox.env, sandbox.home)
    try:
        process.send("add 5 note one\nadd 6 note two\n")
        process.wait_for_output(4)
        saved = digest(path)
        with read_only(directory):
            process.send("delete 1\nundo\nclear\n")
            process.wait_for_errors(3)
            assert _show(process, "during") == ["one", "two"]
        assert digest(path) == saved
        # The undo steps are still there: the first undo removes "two", as if nothing had happened.
        process.send("undo\n")
        assert _show(process, "after") == ["one"]
        assert notes_in(path) == ["one"]
        process.close_input()
        assert process.finish() == 1
    finally:
        process.close()
