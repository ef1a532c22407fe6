"""Helpers for the test_guarantee_*.py files, which prove the promises of docs/guarantees.md: a
process we can read line by line and kill, the history as plistlib sees it, and the
conditions that make a write fail (a read-only directory, a full disk, a dropped privilege)."""

import atexit
import contextlib
import hashlib
import os
import plistlib
import pwd
import re
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

# `#12  2.06 km  (delay 6.00 s)`: a confirmation starts with the measurement's index.
CONFIRMATION = re.compile(rb"^#(\d+)\s")
# `stormrange: line 7: …`, an error (warnings say `line 7: warning: …`).
LINE_ERROR = re.compile(rb"^stormrange: line (\d+): (?!warning: )")
# What the Swift runtime prints when a program crashes.
CRASH_MARKERS = (b"Fatal error", b"Program crashed", b"Crash", b"Backtrace", b"Segmentation fault")


def history_entries(path: Path) -> list[dict]:
    """The history as Python's plistlib reads it; fails the test if it is not an array."""
    value = plistlib.loads(path.read_bytes())
    assert isinstance(value, list), f"{path}: the top level is {type(value).__name__}, not an array"
    return value


def notes_in(path: Path) -> list:
    """The notes of the history at `path`, oldest first ([] when there is no file)."""
    if not path.exists():
        return []
    return [entry.get("note") for entry in history_entries(path)]


def digest(path: Path) -> str:
    """The SHA-256 of a file's bytes, to prove that they did not change."""
    hasher = hashlib.sha256()
    with open(path, "rb") as stream:
        while chunk := stream.read(1 << 20):
            hasher.update(chunk)
    return hasher.hexdigest()


def temporaries(directory: Path, name: str) -> set[str]:
    """The temporary files a writer of `directory/name` leaves if it dies mid-save."""
    prefix = f".{name}.tmp-"
    return {entry for entry in os.listdir(directory) if entry.startswith(prefix)}


def crashed(stderr: bytes, status: int) -> bool:
    """Whether a run ended as a crash rather than an orderly exit."""
    return status < 0 or status in (132, 133, 134, 136, 138, 139) or any(m in stderr for m in CRASH_MARKERS)


class LineProcess:
    """stormrange started on pipes, read line by line as its output arrives, and killable at will."""

    def __init__(self, argv: list[str], env: dict, cwd: Path, **popen):
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd,
            bufsize=0, **popen,
        )
        self._pending = {self.process.stdout.fileno(): b"", self.process.stderr.fileno(): b""}
        self.out_lines: list[bytes] = []
        self.err_lines: list[bytes] = []
        self._open = set(self._pending)

    @property
    def pid(self) -> int:
        return self.process.pid

    def send(self, text: str | bytes) -> None:
        data = memoryview(text.encode() if isinstance(text, str) else text)
        while data:
            data = data[self.process.stdin.write(data) :]

    def close_input(self) -> None:
        with contextlib.suppress(BrokenPipeError):
            self.process.stdin.close()

    def pump(self, timeout: float) -> bool:
        """Reads what arrives within `timeout` seconds; returns False once both streams have ended."""
        if not self._open:
            return False
        ready, _, _ = select.select(list(self._open), [], [], max(0.0, timeout))
        for fd in ready:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                self._open.discard(fd)
                if self._pending[fd]:
                    self._store(fd, self._pending[fd])
                    self._pending[fd] = b""
                continue
            lines = (self._pending[fd] + chunk).split(b"\n")
            self._pending[fd] = lines.pop()
            for line in lines:
                self._store(fd, line)
        return bool(self._open)

    def _store(self, fd: int, line: bytes) -> None:
        (self.out_lines if fd == self.process.stdout.fileno() else self.err_lines).append(line)

    def wait_for_output(self, count: int, timeout: float = 15) -> None:
        """Waits until at least `count` lines have arrived on stdout."""
        deadline = time.monotonic() + timeout
        while len(self.out_lines) < count:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"expected {count} lines of output, got {self.out_lines!r} / {self.err_lines!r}"
            if not self.pump(remaining):
                raise AssertionError(f"the process ended early: {self.out_lines!r} / {self.err_lines!r}")

    def wait_for_errors(self, count: int, timeout: float = 15) -> None:
        deadline = time.monotonic() + timeout
        while len(self.err_lines) < count:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"expected {count} lines on stderr, got {self.err_lines!r}"
            if not self.pump(remaining):
                raise AssertionError(f"the process ended early: {self.out_lines!r} / {self.err_lines!r}")

    def finish(self, timeout: float = 15) -> int:
        """Reads everything up to the end of both streams and returns the exit status."""
        deadline = time.monotonic() + timeout
        while self.pump(deadline - time.monotonic()):
            assert time.monotonic() < deadline, "the process did not end"
        return self.process.wait(timeout=max(0.1, deadline - time.monotonic()))

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()

    def confirmations(self) -> list[int]:
        return [int(m[1]) for line in self.out_lines if (m := CONFIRMATION.match(line))]

    def close(self) -> None:
        self.kill()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            with contextlib.suppress(OSError):
                stream.close()
        self.process.wait()


# --- Conditions that make writes fail ------------------------------------------------------------

NOBODY = "nobody"


def shared_directory() -> Path:
    """A fresh directory that an unprivileged user can reach (pytest's tmp_path is root's 0700)."""
    path = Path(tempfile.mkdtemp(prefix="stormrange-guarantee-", dir="/tmp"))
    path.chmod(0o755)
    return path


_copies_for_users: dict[str, str] = {}


def binary_for_users(binary: str) -> str:
    """`binary`, or a copy an unprivileged user can run when a folder above it is closed to others:
    a clone in `mktemp -d`'s 0700 folder holds a binary that `nobody` cannot reach. Copied once."""
    path = Path(binary).resolve()
    if all(folder.stat().st_mode & 0o001 for folder in path.parents):
        return binary
    if binary not in _copies_for_users:
        copy = shared_directory() / path.name
        shutil.copy2(path, copy)
        copy.chmod(0o755)
        atexit.register(shutil.rmtree, copy.parent, ignore_errors=True)
        _copies_for_users[binary] = str(copy)
    return _copies_for_users[binary]


def unprivileged_user() -> tuple[int, int] | None:
    """(uid, gid) of `nobody` when we are root and can switch to it, else None."""
    if os.geteuid() != 0:
        return None
    try:
        entry = pwd.getpwnam(NOBODY)
    except KeyError:
        return None
    return entry.pw_uid, entry.pw_gid


def as_user(uid: int, gid: int):
    """A preexec_fn that drops to `uid`/`gid` with no supplementary groups (like setpriv does)."""

    def drop() -> None:
        os.setgroups([])
        os.setgid(gid)
        os.setuid(uid)

    return drop


def can_drop_privileges() -> str | None:
    """None if a child can run as `nobody` and be refused writes, else why not."""
    user = unprivileged_user()
    if user is None:
        return "not root, or no 'nobody' user: cannot drop privileges"
    probe = shared_directory()
    try:
        probe.chmod(0o555)
        result = subprocess.run(
            ["sh", "-c", f"touch {probe}/x"], preexec_fn=as_user(*user), capture_output=True, timeout=10
        )
        if result.returncode == 0:
            return "a process running as nobody could still write to a read-only directory"
        return None
    except (OSError, subprocess.SubprocessError) as error:
        return f"cannot run a process as nobody: {error}"
    finally:
        probe.chmod(0o755)
        shutil.rmtree(probe, ignore_errors=True)


def _mount(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(["mount", *arguments], capture_output=True, text=True, timeout=10)


def _umount(path: Path) -> None:
    # A lazy unmount, so a process still holding a descriptor there cannot make the test hang.
    subprocess.run(["umount", "-l", str(path)], capture_output=True, timeout=10)


def read_only_mount_problem() -> str | None:
    """None if this process can make a directory read-only with a bind mount, else why not."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return "not root, or no mount command: cannot make a read-only bind mount"
    probe = shared_directory()
    try:
        with read_only(probe):
            try:
                (probe / "x").write_text("x")
            except OSError:
                return None
            return "a read-only bind mount still accepted a write"
    except OSError as error:
        return str(error)
    finally:
        shutil.rmtree(probe, ignore_errors=True)


@contextlib.contextmanager
def read_only(directory: Path):
    """Makes `directory` read-only with a bind mount for the duration (EROFS even for root)."""
    bound = _mount("--bind", str(directory), str(directory))
    if bound.returncode != 0:
        raise OSError(f"mount --bind failed: {bound.stderr.strip()}")
    try:
        remounted = _mount("-o", "remount,bind,ro", str(directory))
        if remounted.returncode != 0:
            raise OSError(f"remounting read-only failed: {remounted.stderr.strip()}")
        yield directory
    finally:
        _umount(directory)


@contextlib.contextmanager
def small_tmpfs(size_kb: int):
    """A tmpfs of `size_kb` kilobytes, mounted for the duration; raises OSError if mounting fails."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        raise OSError("not root, or no mount command")
    directory = shared_directory()
    try:
        mounted = _mount("-t", "tmpfs", "-o", f"size={size_kb}k,mode=0755", "tmpfs", str(directory))
        if mounted.returncode != 0:
            raise OSError(f"mount -t tmpfs failed: {mounted.stderr.strip()}")
        try:
            yield directory
        finally:
            _umount(directory)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def fill_disk(directory: Path) -> Path:
    """Fills the file system holding `directory` to the last byte with a file, and returns it."""
    filler = directory / "filler"
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        for size in (1 << 16, 4096, 1):
            try:
                while os.write(descriptor, b"\0" * size) > 0:
                    pass
            except OSError:
                pass
    finally:
        os.close(descriptor)
    return filler


def unprivileged_env(base_env: dict, home: Path) -> dict:
    """`base_env` with every stormrange location inside `home` (which `nobody` can reach)."""
    env = dict(base_env)
    env.update(
        HOME=str(home),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_STATE_HOME=str(home / "state"),
    )
    return env
