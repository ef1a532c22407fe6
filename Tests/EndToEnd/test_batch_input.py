"""Standard input of a batch at its edges: lines over the 4 MiB limit in bounded memory, input that
cannot be read, a byte-order mark, and `flash`/`thunder` whose delay cannot be known: arriving
together, waiting while stormrange was busy, or less than a tenth of a second apart."""

import os
import re
import pty
import resource
import subprocess
import threading
import time
import tty

from conftest import PeakTimer, confirmation, peak_kib, read_line
from guarantee_support import crashed
from test_signals_lock_wait import lock_held, wait_until_waiting

LIMIT = 4 * 1024 * 1024
TOO_LONG = "longer than 4 MiB (4,194,304 bytes, newline not counted); skipped"
MEBIBYTE = 1 << 20
# What reading may add to the memory of a run that reads a few lines (README, guarantee 6).
MEMORY_ALLOWANCE_KIB = 64_000_000 // 1024


def run_measured(sandbox, chunks) -> tuple[int, str, str, int]:
    """Runs a batch fed `chunks` (an iterable of bytes) on a pipe by another thread; returns its exit
    status, stdout, stderr and peak resident memory in KiB (its own, `PeakTimer`).

    The process may use at most 512 MiB of data, so that a reader that hoards input fails here
    rather than taking the machine's memory."""

    def limit_memory():
        resource.setrlimit(resource.RLIMIT_DATA, (512 * MEBIBYTE, 512 * MEBIBYTE))

    with PeakTimer([sandbox.binary]) as timer:
        process = subprocess.Popen(
            timer.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=sandbox.env,
            cwd=sandbox.home, preexec_fn=limit_memory, start_new_session=True,
        )
        collected = {}

        def feed():
            try:
                for chunk in chunks:
                    process.stdin.write(chunk)
            except BrokenPipeError:
                pass
            finally:
                try:
                    process.stdin.close()
                except BrokenPipeError:
                    pass

        def collect(name):
            collected[name] = getattr(process, name).read()

        threads = [threading.Thread(target=feed, daemon=True)] + [
            threading.Thread(target=collect, args=(name,), daemon=True) for name in ("stdout", "stderr")
        ]
        for thread in threads:
            thread.start()
        process.returncode, peak, hung = timer.wait(process)
        for thread in threads:
            thread.join(timeout=60)
        assert not hung, "the batch hung"
    return (
        process.returncode, collected["stdout"].decode("utf-8", "replace"),
        collected["stderr"].decode("utf-8", "replace"), peak,
    )


def baseline_memory(sandbox) -> int:
    """The peak memory of a batch of two short lines, in KiB."""
    status, _, stderr, peak = run_measured(sandbox, [b"add 1\nshow\n"])
    assert status == 0, stderr
    return peak


def zeros(size: int):
    """`size` NUL bytes, a mebibyte at a time, as `head -c SIZE /dev/zero` gives them."""
    chunk = bytes(MEBIBYTE)
    for _ in range(size // MEBIBYTE):
        yield chunk
    yield bytes(size % MEBIBYTE)


# --- The line limit (README, guarantee 6) --------------------------------------------------------


def test_an_endless_line_is_skipped_as_one_error_in_bounded_memory(sandbox):
    baseline = baseline_memory(sandbox)
    # 256 MiB without a newline, as from `head -c 256M /dev/zero` or a binary file piped by mistake,
    # between ordinary lines; then one that the end of the input ends.
    chunks = [b"add 2\n", *zeros(256 * MEBIBYTE), b"\nadd 3\n", *zeros(64 * MEBIBYTE)]
    status, stdout, stderr, peak = run_measured(sandbox, chunks)

    assert not crashed(stderr.encode(), status), f"status {status}: {stderr[-1500:]}"
    assert stderr.splitlines() == [f"stormrange: line 2: {TOO_LONG}", f"stormrange: line 4: {TOO_LONG}"]
    assert status == 1
    assert [confirmation(line)[0] for line in stdout.splitlines()] == [2, 3]
    assert [entry["delay"] for entry in sandbox.read_history()] == [1.0, 2.0, 3.0]
    assert peak - baseline < MEMORY_ALLOWANCE_KIB, f"peak {peak} KiB against {baseline} KiB for two lines"


def padded_add(delay: str, length: int, end: bytes = b"\n") -> bytes:
    """A valid add of exactly `length` bytes before its line end: blanks between words are not
    content."""
    head, tail = f"add {delay}".encode(), b"note padded"
    return head + b" " * (length - len(head) - len(tail)) + tail + end


def test_a_line_of_exactly_4_mib_is_run_and_one_byte_longer_is_skipped(sandbox):
    result = sandbox.run(
        input=padded_add("7", LIMIT) + padded_add("8", LIMIT + 1) + padded_add("9", LIMIT - 1) + b"add 10\r\n"
    )
    assert result.stderr.splitlines() == [f"stormrange: line 2: {TOO_LONG}"]
    assert result.status == 1
    assert [entry["delay"] for entry in sandbox.read_history()] == [7.0, 9.0, 10.0]


def test_the_carriage_return_of_a_crlf_is_not_counted_in_the_4_mib(sandbox):
    """CRLF is taken as a line end, so its CR is no more part of the line's length than the LF."""
    result = sandbox.run(
        input=padded_add("7", LIMIT, b"\r\n") + padded_add("8", LIMIT + 1, b"\r\n") + b"add 9\r\n"
    )
    assert result.stderr.splitlines() == [f"stormrange: line 2: {TOO_LONG}"]
    assert result.status == 1
    assert [entry["delay"] for entry in sandbox.read_history()] == [7.0, 9.0]


def test_reading_a_long_stream_of_lines_keeps_memory_bounded(sandbox):
    baseline = baseline_memory(sandbox)
    comment = b"# " + b"." * 61 + b"\n"  # 64 bytes
    widest = b"#" + b"w" * (LIMIT - 1) + b"\n"  # a comment as long as a line may be

    def stream():
        for number in range(32):  # 32 × (4 MiB + 0.5 MiB of short lines) = 144 MiB
            yield widest
            yield comment * (8 * 1024)
            yield f"add {number + 2}\n".encode()

    status, stdout, stderr, peak = run_measured(sandbox, stream())
    assert (status, stderr) == (0, "")
    assert len(stdout.splitlines()) == 32
    assert peak - baseline < MEMORY_ALLOWANCE_KIB, f"peak {peak} KiB against {baseline} KiB for two lines"


# --- Input that cannot be read -------------------------------------------------------------------


def test_a_directory_on_standard_input_is_an_error_not_an_empty_batch(sandbox):
    descriptor = os.open(sandbox.home, os.O_RDONLY | os.O_DIRECTORY)
    try:
        completed = subprocess.run(
            [sandbox.binary], stdin=descriptor, capture_output=True, env=sandbox.env, cwd=sandbox.home, timeout=15
        )
    finally:
        os.close(descriptor)
    assert completed.stderr.decode().splitlines() == [
        "stormrange: cannot read standard input: Is a directory; nothing was run "
        "(give stormrange a file or a pipe of commands)"
    ]
    assert completed.returncode == 1
    assert completed.stdout == b""


def test_an_io_error_on_standard_input_is_reported_after_the_lines_read(sandbox):
    # A pseudo-terminal's master side reads EIO once its other side is closed: stdin is that master,
    # stdout a pipe, so this is a batch.
    master, secondary = pty.openpty()
    tty.setraw(secondary)
    process = subprocess.Popen(
        [sandbox.binary], stdin=master, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=sandbox.env,
        cwd=sandbox.home, start_new_session=True,
    )
    os.close(master)
    try:
        os.write(secondary, b"add 5\n")
        assert confirmation(read_line(process.stdout, timeout=15))[0] == 1
    finally:
        os.close(secondary)
    try:
        stdout, stderr = process.communicate(timeout=15)
    finally:
        process.kill()
    assert stderr.decode().splitlines() == [
        "stormrange: cannot read standard input after line 1: Input/output error; the lines after it were not run"
    ]
    assert process.returncode == 1
    assert stdout == b""
    assert len(sandbox.read_history()) == 1


# --- A byte-order mark ---------------------------------------------------------------------------


def test_a_byte_order_mark_at_the_start_is_skipped_and_only_there(sandbox):
    result = sandbox.run(input="\ufeffadd 5\n\ufeffadd 6\n".encode())
    assert result.status == 1
    assert result.stdout.splitlines()[0].startswith("#1 ")
    # Later, U+FEFF is just a character that does not belong before a command.
    (error,) = result.stderr.splitlines()
    assert error.startswith("stormrange: line 2: unknown command"), error
    assert [entry["delay"] for entry in sandbox.read_history()] == [5.0]


def test_a_byte_order_mark_split_across_reads_is_skipped(sandbox):
    process = sandbox.popen()
    try:
        for piece in (b"\xef", b"\xbb", b"\xbfadd 5\n"):
            process.stdin.write(piece)
            time.sleep(0.2)  # so that each piece is likely a read of its own
        stdout, stderr = process.communicate(timeout=15)
    finally:
        process.kill()
    assert (process.returncode, stderr) == (0, b"")
    assert confirmation(stdout.decode())[0] == 1


# --- flash and thunder ---------------------------------------------------------------------------


def test_flash_and_thunder_that_arrive_together_are_refused_as_of_unknown_delay(sandbox):
    # One write, so one read: both lines arrive at the same moment.
    result = sandbox.run(input=b"flash NE\nthunder\n")
    assert result.stderr.splitlines() == [
        "stormrange: line 2: the flash and the thunder arrived together, so the delay between them is unknown; "
        "nothing was recorded (pipe 'flash' and 'thunder' lines as they happen, or give a delay you counted "
        "with 'add SECONDS')"
    ]
    assert result.status == 1
    assert result.stdout == ""
    assert not sandbox.history_path.exists()


def test_a_flash_without_its_thunder_at_the_end_of_the_input_is_a_warning(sandbox):
    result = sandbox.batch("add 5", "flash NE", "# the thunder was never heard")
    assert result.stderr.splitlines() == [
        "stormrange: line 2: warning: the batch ended before this flash's thunder; nothing was recorded for it"
    ]
    # A flash too far away to be heard is no failure.
    assert result.status == 0
    assert len(sandbox.read_history()) == 1


def test_a_one_shot_flash_says_that_it_records_nothing(sandbox):
    result = sandbox.run("flash")
    assert result.stderr.startswith("stormrange: warning: 'flash' alone records nothing")
    assert len(result.stderr.splitlines()) == 1
    assert result.status == 0
    assert not sandbox.history_path.exists()


UNCERTAIN = re.compile(
    r"stormrange: line (\d+): the (flash|thunder)'s line was already waiting while stormrange was busy, so "
    r"the delay between them is known only to within (\d+\.\d\d) s; nothing was recorded \(pipe 'flash' "
    r"and 'thunder' lines as they happen, or give a delay you counted with 'add SECONDS'\)"
)


def history_lock(sandbox):
    return sandbox.history_path.with_name(sandbox.history_path.name + ".lock")


def finished(process) -> tuple[int, str, str]:
    try:
        stdout, stderr = process.communicate(timeout=60)
    finally:
        process.kill()
    return process.returncode, stdout.decode(), stderr.decode()


def test_a_thunder_that_waited_while_stormrange_waited_for_the_lock_is_refused(sandbox):
    """The thunder comes while stormrange waits for another process's lock to save an `add`; it is
    read only once the add is saved, so when it came is known only to within that wait."""
    process = sandbox.popen()
    with lock_held(history_lock(sandbox)):
        process.stdin.write(b"flash\nadd 14 km source as3935\n")
        wait_until_waiting(process.pid, history_lock(sandbox))
        process.stdin.write(b"thunder\n")
        time.sleep(0.5)  # the thunder waits in the pipe, unread, while the lock is held
    status, stdout, stderr = finished(process)
    match = UNCERTAIN.fullmatch(stderr.rstrip("\n"))
    assert match and match.group(1, 2) == ("3", "thunder"), stderr
    assert float(match[3]) >= 0.5
    assert status == 1
    assert [entry.get("source") for entry in sandbox.read_history()] == ["as3935"]


def test_a_flash_that_waited_while_stormrange_was_busy_is_refused_at_its_thunder(sandbox):
    """The flash comes while an `add` waits for the lock; its thunder comes later, as it happens. The
    flash's moment is known only to within the wait, so the delay is refused all the same."""
    process = sandbox.popen()
    with lock_held(history_lock(sandbox)):
        process.stdin.write(b"add 5\n")
        wait_until_waiting(process.pid, history_lock(sandbox))
        process.stdin.write(b"flash\n")
        time.sleep(0.5)  # the flash waits in the pipe
    assert confirmation(read_line(process.stdout, timeout=30))[0] == 1
    time.sleep(0.3)
    process.stdin.write(b"thunder\n")
    status, stdout, stderr = finished(process)
    match = UNCERTAIN.fullmatch(stderr.rstrip("\n"))
    assert match and match.group(1, 2) == ("3", "flash"), stderr
    assert status == 1
    assert [entry["delay"] for entry in sandbox.read_history()] == [5.0]


def test_a_detector_piping_flash_and_thunder_as_they_happen_is_timed(sandbox):
    """A detector writes each line as it happens, with pauses between; stormrange, idle in between,
    times every thunder from its flash, even with a reading to save before the flash."""
    process = sandbox.popen()
    process.stdin.write(b"show\n")
    assert "no measurements" in read_line(process.stdout, timeout=30)
    pauses = [0.3, 0.6, 0.2]
    for number, pause in enumerate(pauses):
        time.sleep(0.2)
        # A reading and a flash in one write, so one read: the flash is read before its reading's
        # confirmation comes out, so before the pause starts.
        process.stdin.write(b"add 14 km source as3935\nflash\n")
        assert "(as3935)" in read_line(process.stdout, timeout=30)
        time.sleep(pause)
        process.stdin.write(b"thunder\n")
        index, _, delay = confirmation(read_line(process.stdout, timeout=30))
        assert index == 2 * number + 2
        assert delay >= pause
    status, stdout, stderr = finished(process)
    assert (status, stderr) == (0, "")
    assert [entry.get("source") for entry in sandbox.read_history()] == ["as3935", None] * len(pauses)


def test_a_timed_delay_under_a_tenth_of_a_second_is_not_a_thunder_delay(sandbox):
    """`flash`, and `thunder` a millisecond later: apart, the delay is under the floor `add` has
    too; in one read, they arrived together. Either way nothing is stored as 0.00 km."""
    floor = "stormrange: line 3: a delay of 0.0"
    for attempt in range(20):
        process = sandbox.popen()
        process.stdin.write(b"show\n")
        read_line(process.stdout, timeout=30)
        process.stdin.write(b"flash\n")
        time.sleep(0.001)
        process.stdin.write(b"thunder\n")
        status, stdout, stderr = finished(process)
        # A pause longer than asked for (a busy machine) may make it a delay; never a short one.
        stored = sandbox.read_history() if sandbox.history_path.exists() else []
        assert all(entry["delay"] >= 0.1 for entry in stored), stdout
        if stderr.startswith(floor):
            assert stderr.endswith(" s is not a thunder delay: the shortest is 0.1 s\n"), stderr
            assert status == 1
            break
        assert "arrived together" in stderr or status == 0, stderr
    else:
        raise AssertionError("the thunder never came in a read of its own")


def test_a_batch_beside_another_writer_holds_no_copy_of_the_file_per_change(sandbox):
    """A batch a detector pipes in beside another process adding to the same history (an `ingest`, a
    person's one-shot `add`) holds about what a batch started on the final history does: the numbers
    it printed are kept without the bytes of the file it read again after each outside change. It
    held a copy of the whole file for each: 60 changes to a 5,000-entry history, about 68 MB.

    The peaks are read from /proc (VmHWM) while each batch waits for its next line: wait4's would
    count the pages of the test process it was forked from, which are hundreds of MB late in a run."""
    seed = "".join(f"add {5 + index % 40}\n" for index in range(5000))
    assert sandbox.run(input=seed).status == 0

    def peak_after(adds: int, outside: bool) -> int:
        """The peak memory in KiB of a batch that made `adds` adds, each after one by another process
        when `outside`."""
        process = subprocess.Popen([sandbox.binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, env=sandbox.env, cwd=sandbox.home)
        try:
            for _ in range(adds):
                if outside:
                    assert sandbox.run("add", "9").status == 0
                process.stdin.write(b"add 5\n")
                process.stdin.flush()
                confirmation(process.stdout.readline().decode())
            return peak_kib(process.pid)
        finally:
            process.stdin.close()
            assert process.wait(timeout=30) == 0, process.stderr.read().decode()

    beside = peak_after(60, outside=True)
    fresh = peak_after(1, outside=False)
    assert beside - fresh < 24_000, f"peak {beside} KiB beside a writer, {fresh} KiB afresh"
