"""Guarantee 7, signals: SIGTERM, SIGHUP or SIGINT during a batch end the process after the command
in progress, with the history consistent and the status 128+N; a closed standard output
(`stormrange show | head -1`) ends it quietly, with no message and no crash report."""

import datetime
import plistlib
import random
import re
import signal
import subprocess
import threading
import time

import pytest

from guarantee_support import LineProcess, crashed, notes_in

SIGNALS = [signal.SIGTERM, signal.SIGHUP, signal.SIGINT]
SHOW_ROW = re.compile(rb"^\s*\d+\s")
SPEED = 331.3 * (1 + 20 / 273.15) ** 0.5


def _big_history(path, count):
    start = datetime.datetime(2025, 6, 1, 12, 0, 0)
    entries = [
        {
            "date": start + datetime.timedelta(seconds=17 * i),
            "delay": 1.0 + i % 60,
            "distance": (1.0 + i % 60) * SPEED,
            "temperature": 20.0,
            "speedOfSound": SPEED,
            "note": f"old-{i}",
        }
        for i in range(count)
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(plistlib.dumps(entries))


@pytest.mark.parametrize("number", SIGNALS, ids=lambda s: s.name)
def test_a_signal_during_a_stream_of_adds_stops_after_the_current_command(sandbox, number):
    """Adds keep arriving; the signal lands at a random moment. The process ends promptly with 128+N
    even though its input is still open, and the file holds exactly the confirmed measurements."""
    rng = random.Random(number)
    for attempt in range(8):
        path = sandbox.history_path
        if path.exists():
            path.unlink()
        process = LineProcess([sandbox.binary], sandbox.env, sandbox.home)
        stop = threading.Event()

        def feed():
            index = 0
            try:
                while not stop.is_set():
                    chunk = rng.randint(1, 5)
                    process.send("".join(f"add {1 + index % 50} note s{index + i}\n" for i in range(chunk)))
                    index += chunk
                    time.sleep(0.001)
            except (BrokenPipeError, ValueError, OSError):
                pass

        feeder = threading.Thread(target=feed)
        feeder.start()
        try:
            process.wait_for_output(rng.randint(1, 20))
            time.sleep(rng.uniform(0, 0.01))
            process.process.send_signal(number)
            deadline = time.monotonic() + 5
            while process.pump(max(0.0, deadline - time.monotonic())):
                assert time.monotonic() < deadline, f"attempt {attempt}: still running 5 s after {number.name}"
            status = process.process.wait(timeout=5)
        finally:
            stop.set()
            feeder.join()
            process.close()
        context = f"attempt {attempt}, {number.name}"
        assert status == 128 + number, f"{context}: status {status}, stderr {process.err_lines!r}"
        assert not crashed(b"\n".join(process.err_lines), status), context
        assert not [line for line in process.err_lines if b"warning" not in line], f"{context}: {process.err_lines!r}"
        confirmed = process.confirmations()
        assert confirmed == list(range(1, len(confirmed) + 1)), context
        # The command in progress finished (saved and confirmed); nothing after it ran.
        assert notes_in(path) == [f"s{i}" for i in range(len(confirmed))], context


@pytest.mark.parametrize("number", SIGNALS, ids=lambda s: s.name)
def test_a_signal_while_a_command_runs_ends_the_process_even_if_no_more_input_comes(sandbox, number):
    """The signal arrives while `show` is writing a long listing (blocked on a full pipe), and then
    the input stays open and silent: the process ends with 128+N instead of waiting for another
    line, and the listing stops where the pipe stopped taking it (see test_signals_blocked_output.py:
    a reader that never reads must not keep the process alive)."""
    _big_history(sandbox.history_path, 20_000)
    process = LineProcess([sandbox.binary], sandbox.env, sandbox.home)
    try:
        process.send("show\n")
        process.wait_for_output(1, timeout=30)  # it is writing now, and the pipe fills up
        time.sleep(0.2)
        process.process.send_signal(number)
        time.sleep(0.2)
        deadline = time.monotonic() + 10
        while process.pump(max(0.0, deadline - time.monotonic())):
            assert time.monotonic() < deadline, f"still running 10 s after {number.name}, waiting for input"
        status = process.process.wait(timeout=5)
    finally:
        process.close()
    assert status == 128 + number, process.err_lines
    assert process.err_lines == []
    rows = [line for line in process.out_lines if SHOW_ROW.match(line)]
    # What arrived is the start of the listing, in order (the last row may be cut off).
    assert [int(row.split()[0]) for row in rows] == list(range(1, len(rows) + 1))
    assert all(row.endswith(b"old-%d" % index) for index, row in enumerate(rows[:-1]))


@pytest.mark.parametrize("number", SIGNALS, ids=lambda s: s.name)
def test_a_signal_while_waiting_for_input_ends_the_process(sandbox, number):
    process = LineProcess([sandbox.binary], sandbox.env, sandbox.home)
    try:
        process.send("add 5 note waiting\n")
        process.wait_for_output(1)
        time.sleep(0.05)
        process.process.send_signal(number)
        status = process.finish(timeout=5)
    finally:
        process.close()
    assert status == 128 + number
    assert process.err_lines == []
    assert notes_in(sandbox.history_path) == ["waiting"]


@pytest.mark.parametrize(
    "pipeline, position",
    [
        ('"$STORMRANGE" show | head -1', 0),
        ('echo show | "$STORMRANGE" | head -1', 1),
        ('printf "show\\nshow\\nadd 5 note after\\n" | "$STORMRANGE" | head -1', 1),
        ('"$STORMRANGE" show | true', 0),
    ],
    ids=["one-shot", "batch", "batch with more to do", "reader never reads"],
)
def test_a_closed_standard_output_ends_the_program_quietly(sandbox, pipeline, position):
    _big_history(sandbox.history_path, 20_000)
    errors = sandbox.home / "stderr"
    env = dict(sandbox.env, STORMRANGE=sandbox.binary)
    script = pipeline.replace('"$STORMRANGE"', f'"$STORMRANGE" 2>{errors}') + '; echo "${PIPESTATUS[@]}" >&2'
    result = subprocess.run(["bash", "-c", script], env=env, capture_output=True, timeout=30, cwd=sandbox.home)
    status = int(result.stderr.split()[position])
    stderr = errors.read_bytes()
    assert stderr == b"", f"stormrange wrote to stderr: {stderr[:500]!r}"
    assert not crashed(stderr, status)
    # Quiet: 0, or 141 as if SIGPIPE had ended it (but only ever between commands).
    assert status in (0, 141), result.stderr
    if "head" in pipeline:
        assert result.stdout.lstrip().startswith(b"#"), result.stdout[:200]
    # Nothing ran after the output closed.
    assert notes_in(sandbox.history_path)[-1] == "old-19999"


@pytest.mark.parametrize("mode", ["one-shot", "batch"])
def test_a_closed_standard_output_is_noticed_not_fatal(sandbox, mode):
    """With SIGPIPE at its default (as a shell leaves it), the program still exits by itself after
    the command rather than being killed by the signal in the middle of it."""
    _big_history(sandbox.history_path, 20_000)
    args = ["show"] if mode == "one-shot" else []
    process = subprocess.Popen(
        [sandbox.binary, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env=sandbox.env, restore_signals=True,
    )
    if mode == "batch":
        process.stdin.write(b"show\nadd 5 note after\n")
    process.stdin.close()
    process.stdout.readline()
    process.stdout.close()
    stderr = process.stderr.read()
    status = process.wait(timeout=30)
    assert status in (0, 141), f"status {status}: killed by {signal.Signals(-status).name}" if status < 0 else status
    assert stderr == b""
    assert notes_in(sandbox.history_path)[-1] == "old-19999"
