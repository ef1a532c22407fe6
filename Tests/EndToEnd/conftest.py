"""Shared fixtures for the end-to-end tests: they run the real built binary named by $STORMRANGE_BIN
in a throw-away home directory and look at its stdout, stderr, exit status and files."""

import ctypes
import dataclasses
import datetime
import os
import plistlib
import re
import select
import shutil
import signal
import stat
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

# On CI a skip fails (ci_skips.py).
pytest_plugins = ["ci_skips"]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session, config, items):
    """Starts the long runs the selected tests' modules ask for (`background_runs_wanted`, given the
    module's selected tests) and moves those tests to the end, so the runs overlap with every other
    test (background_runs.py)."""
    import background_runs

    waiting = [item for item in items if hasattr(getattr(item, "module", None), "background_runs_wanted")]
    if not waiting:
        return
    for module in dict.fromkeys(item.module for item in waiting):
        for arguments in module.background_runs_wanted([item for item in waiting if item.module is module]):
            background_runs.start(arguments)
    items[:] = [item for item in items if item not in waiting] + waiting


def pytest_sessionstart(session):
    """Removes what a `faketime` killed by a timeout left in /dev/shm (`faketime_shm_PID`,
    `sem.faketime_sem_PID`): a later faketime whose process id is the same refuses to start
    ("sem_open: File exists"), and a test fails for a reason of the machine, not the program."""
    shm = Path("/dev/shm")
    if not shm.is_dir():
        return
    for leftover in list(shm.glob("faketime_shm_*")) + list(shm.glob("sem.faketime_sem_*")):
        pid = leftover.name.rsplit("_", 1)[-1]
        if pid.isdigit() and not Path(f"/proc/{pid}").exists():
            try:
                leftover.unlink()
            except OSError:
                pass


def pytest_configure(config):
    """In pytest's main process (pytest-xdist's controller, or the one process without xdist): a
    directory for this session's background runs, named in the environment the workers inherit
    (background_runs.py)."""
    import background_runs

    if not hasattr(config, "workerinput"):
        os.environ[background_runs.DIRECTORY_VARIABLE] = tempfile.mkdtemp(prefix="stormrange-runs-")


def pytest_unconfigure(config):
    """In pytest's main process, last, however the session ended: the background runs still
    running are ended and their directory removed."""
    import background_runs

    if not hasattr(config, "workerinput") and background_runs.DIRECTORY_VARIABLE in os.environ:
        background_runs.stop_all()
        shutil.rmtree(os.environ.pop(background_runs.DIRECTORY_VARIABLE), ignore_errors=True)


# `#3  2.06 km  (delay 6.00 s)`: the index, the distance with its unit, the delay.
CONFIRMATION = re.compile(r"^#?(\d+)\b.*?(-?\d+(?:\.\d+)?) (km|m|mi|ft|nmi)\b.*?delay\D*?(\d+(?:\.\d+)?) ?s\b")
# A row of `show`: index, then the local date and time.
SHOW_ROW = re.compile(r"^\s*(\d+)\s+(\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d)\b")
ERROR = re.compile(r"^stormrange: line (\d+): (.+)$")


def peak_kib(pid: int) -> int:
    """The process's peak resident memory so far (VmHWM), in KiB, read while it runs. wait4's
    `ru_maxrss` would not do: it counts the pages of the test process the child was forked from,
    hundreds of MB late in a run, whatever the child's own were."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


# GNU time: it runs a command as its own child, so the peak it reports is that command's alone.
PEAK_TIMER = "/usr/bin/time"


class PeakTimer:
    """Runs a command under GNU time, which writes the peak resident memory of the command's process,
    in KiB, to a report of its own when it ends; the report's directory goes when the `with` block
    does. wait4's `ru_maxrss` for a child of the test process would not do: it counts the pages of
    the process it was forked from, hundreds of MB late in a run, so a bound on it could not fail.
    GNU time's own child is forked from GNU time, a process of a megabyte."""

    def __init__(self, argv: list):
        self.directory = Path(tempfile.mkdtemp())
        report = self.directory / "peak-memory"
        self.report = report
        self.argv = [PEAK_TIMER, "--format=%M", f"--output={report}", *argv]

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        shutil.rmtree(self.directory, ignore_errors=True)

    def wait(self, process: subprocess.Popen, limit: float = 300) -> tuple:
        """(exit status, peak KiB or None, whether it hung) of `process`, started with `argv` in a
        session of its own, which is killed whole if it runs `limit` seconds. The status is as subprocess gives
        it (-N for a signal N), where GNU time exits with 128 + N."""
        hung = threading.Event()

        def kill():
            hung.set()
            os.killpg(process.pid, signal.SIGKILL)

        watchdog = threading.Timer(limit, kill)
        watchdog.start()
        try:
            _, wait_status = os.waitpid(process.pid, 0)
        finally:
            watchdog.cancel()
        lines = self.report.read_text().splitlines()
        status = os.waitstatus_to_exitcode(wait_status)
        if lines and (signalled := re.fullmatch(r"Command terminated by signal (\d+)", lines[0])):
            status = -int(signalled[1])
        # GNU time killed with its command writes no report.
        return status, int(lines[-1]) if lines else None, hung.is_set()


def confirmation(line: str) -> tuple[int, str, float]:
    """(index, "2.06 km", delay) from a confirmation line."""
    match = CONFIRMATION.match(line)
    assert match, f"not a confirmation line: {line!r}"
    return int(match[1]), f"{match[2]} {match[3]}", float(match[4])


def show_rows(stdout: str) -> list[tuple[int, str]]:
    """(index, rest of the row) for each measurement row `show` printed."""
    rows = []
    for line in stdout.splitlines():
        if match := SHOW_ROW.match(line):
            rows.append((int(match[1]), line))
    return rows


# A one-shot or batch run is a few milliseconds; anything near this is a hang.
RUN_TIMEOUT = 15


@pytest.fixture(scope="session")
def binary() -> str:
    path = os.environ.get("STORMRANGE_BIN")
    if not path:
        pytest.fail("STORMRANGE_BIN is not set; run Scripts/test, or set it to a built stormrange binary")
    if not os.access(path, os.X_OK):
        pytest.fail(f"STORMRANGE_BIN={path} is not an executable file")
    return path


@dataclasses.dataclass
class Result:
    stdout: str
    stderr: str
    status: int

    @property
    def out_lines(self) -> list[str]:
        return self.stdout.splitlines()

    @property
    def err_lines(self) -> list[str]:
        return self.stderr.splitlines()


@dataclasses.dataclass
class FileSnapshot:
    """A file's bytes and modification time, to prove that a command left it alone."""

    content: bytes
    mtime_ns: int
    inode: int

    @classmethod
    def of(cls, path: Path) -> "FileSnapshot":
        info = path.stat()
        return cls(path.read_bytes(), info.st_mtime_ns, info.st_ino)


class Sandbox:
    """A temporary home with the XDG directories inside it, and helpers to run stormrange there."""

    def __init__(self, root: Path, binary: str):
        self.binary = binary
        self.home = root / "home"
        self.data_home = self.home / "data"
        self.config_home = self.home / "config"
        self.state_home = self.home / "state"
        self.home.mkdir()
        # An empty inputrc, so the machine's /etc/inputrc cannot change how readline behaves.
        self.inputrc = self.home / ".inputrc"
        self.inputrc.write_text("")
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "STORMRANGE_"))}
        self.env.pop("STORMRANGE_BIN", None)
        self.env.update(
            HOME=str(self.home),
            XDG_DATA_HOME=str(self.data_home),
            XDG_CONFIG_HOME=str(self.config_home),
            XDG_STATE_HOME=str(self.state_home),
            TZ="UTC",
            LC_ALL="C.UTF-8",
            LANG="C.UTF-8",
            INPUTRC=str(self.inputrc),
            TERM="xterm",
            # Plain text at a pseudo-terminal too, whatever the machine's NO_COLOR: tests read the words.
            # test_output_colour.py removes it to see the colours.
            NO_COLOR="1",
            # A crash must print its backtrace and end, not wait at a terminal for a key.
            SWIFT_BACKTRACE="interactive=no",
        )

    # Locations the program should use.

    @property
    def history_path(self) -> Path:
        """The default history file (no --file, no $STORMRANGE_HISTORY)."""
        return self.data_home / "stormrange" / "SavedHistory.plist"

    @property
    def settings_path(self) -> Path:
        return self.config_home / "stormrange" / "settings.plist"

    @property
    def command_history_path(self) -> Path:
        return self.state_home / "stormrange" / "history"

    # Running.

    def run(self, *args: str, input: str | bytes = "", env: dict | None = None, timeout: float = RUN_TIMEOUT) -> Result:
        """Runs stormrange with `args`, feeding `input` on a pipe; returns what it wrote and its status."""
        data = input.encode() if isinstance(input, str) else input
        completed = subprocess.run(
            [self.binary, *args],
            input=data,
            capture_output=True,
            env=env or self.env,
            timeout=timeout,
            cwd=self.home,
        )
        stdout = completed.stdout.decode("utf-8", "replace")
        return Result(stdout, completed.stderr.decode("utf-8", "replace"), completed.returncode)

    def batch(self, *lines: str, args: tuple[str, ...] = (), env: dict | None = None) -> Result:
        """Runs the lines as a piped batch."""
        return self.run(*args, input="".join(line + "\n" for line in lines), env=env)

    def popen(self, *args: str, env: dict | None = None) -> subprocess.Popen:
        """Starts stormrange with pipes on all three streams, for tests that talk to it over time."""
        return subprocess.Popen(
            [self.binary, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env or self.env,
            cwd=self.home,
            bufsize=0,
        )

    # The history file.

    def read_history(self, path: Path | None = None) -> list[dict]:
        """The history as plistlib reads it (checking that the file is an XML property list)."""
        data = (path or self.history_path).read_bytes()
        assert data.startswith(b"<?xml"), f"history is not an XML property list: {data[:80]!r}"
        value = plistlib.loads(data, fmt=plistlib.FMT_XML)
        assert isinstance(value, list), f"history's top level is {type(value).__name__}, not an array"
        return value

    def write_history(self, entries, fmt=plistlib.FMT_XML, path: Path | None = None) -> Path:
        path = path or self.history_path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(plistlib.dumps(entries, fmt=fmt))
        return path

    def write_raw_history(self, data: bytes, path: Path | None = None) -> Path:
        path = path or self.history_path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        # Back-date the file, so a rewrite within the same clock tick would still show in the mtime.
        os.utime(path, ns=(1_600_000_000_000_000_000, 1_600_000_000_000_000_000))
        return path

    def read_settings(self) -> dict:
        return plistlib.loads(self.settings_path.read_bytes())


@pytest.fixture
def sandbox(tmp_path: Path, binary: str) -> Sandbox:
    return Sandbox(tmp_path, binary)


class OpenWatch:
    """Proves that nothing opened a file or directory: watches it with inotify for opens and reads.

        with OpenWatch(path) as watch:
            sandbox.run("help")
        assert not watch.opened
    """

    IN_ACCESS = 0x001
    IN_OPEN = 0x020

    def __init__(self, path: Path):
        self.path = path
        self.opened = False

    def __enter__(self) -> "OpenWatch":
        libc = ctypes.CDLL(None, use_errno=True)
        self.descriptor = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self.descriptor < 0:
            pytest.fail(f"inotify is not available: {os.strerror(ctypes.get_errno())}")
        if libc.inotify_add_watch(self.descriptor, os.fsencode(self.path), self.IN_OPEN | self.IN_ACCESS) < 0:
            os.close(self.descriptor)
            pytest.fail(f"cannot watch {self.path}: {os.strerror(ctypes.get_errno())}")
        return self

    def __exit__(self, *exc_info) -> None:
        try:
            self.opened = len(os.read(self.descriptor, 65536)) > 0
        except BlockingIOError:
            self.opened = False
        finally:
            os.close(self.descriptor)


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def read_line(stream, timeout: float) -> str:
    """Reads one line from an unbuffered pipe, failing if none arrives within `timeout` seconds."""
    fd = stream.fileno()
    data = b""
    deadline = time.monotonic() + timeout
    while not data.endswith(b"\n"):
        remaining = deadline - time.monotonic()
        ready, _, _ = select.select([fd], [], [], max(0, remaining))
        if not ready:
            raise AssertionError(f"no complete line within {timeout} s (got {data!r})")
        chunk = os.read(fd, 1)
        if not chunk:
            raise AssertionError(f"the stream ended before a complete line (got {data!r})")
        data += chunk
    return data.decode()


def sample_entry(delay: float = 6.0, note: str | None = None, **extra) -> dict:
    """A history entry as another property-list tool would write it (20 °C)."""
    speed = 331.3 * (1 + 20 / 273.15) ** 0.5
    entry = {
        "date": datetime.datetime(2026, 7, 1, 16, 3, 0),
        "delay": float(delay),
        "distance": delay * speed,
        "temperature": 20.0,
        "speedOfSound": speed,
    }
    if note is not None:
        entry["note"] = note
    entry.update(extra)
    return entry


def speed_of_sound(celsius: float) -> float:
    return 331.3 * (1 + celsius / 273.15) ** 0.5
