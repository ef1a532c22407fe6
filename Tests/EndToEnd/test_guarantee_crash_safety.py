"""Guarantee 1, crash safety: SIGKILL at any instant leaves the old or the new history, never a torn
one; every measurement whose confirmation reached stdout is in the file, in order; and temporary
files a killed writer leaves behind are removed by the next successful write.

The harness runs batches of `add` lines and kills the process at a random moment: while it starts,
while it reads, while it writes and flushes (mid-save), between a save and its confirmation, or
while it waits for input. Seeded by $STORMRANGE_CRASH_SEED, kill count by $STORMRANGE_CRASH_KILLS."""

import os
import random
import re
import shutil
import subprocess
import time

import pytest

from guarantee_support import LineProcess, crashed, history_entries, notes_in, temporaries

KILLS = int(os.environ.get("STORMRANGE_CRASH_KILLS", "200"))
SEED = int(os.environ.get("STORMRANGE_CRASH_SEED", "20260701"))
# `show` rows start with the index; the header starts with `#`.
SHOW_ROW = re.compile(r"^\s*\d+\s")


def _feed(process: LineProcess, lines: list[str], how: str, deadline: float, rng: random.Random) -> None:
    """Sends the lines the way a user or a script would, until `deadline` (then the kill)."""
    if how == "all at once":
        process.send("".join(line + "\n" for line in lines))
    sent = len(lines) if how == "all at once" else 0
    while time.monotonic() < deadline:
        if sent < len(lines) and len(process.confirmations()) >= sent:
            if how == "one at a time":
                chunk = lines[sent : sent + 1]
            else:  # a few lines per write, so some saves hold several measurements
                chunk = lines[sent : sent + rng.randint(1, 4)]
            process.send("".join(line + "\n" for line in chunk))
            sent += len(chunk)
        if not process.pump(max(0.0, deadline - time.monotonic())):
            break


def test_a_save_reaches_the_disk_before_it_is_confirmed(sandbox):
    """SIGKILL cannot lose what the kernel holds; a power cut can. So the system calls are checked:
    each new folder's entry is flushed, the new file is written in full and flushed before the
    rename, the directory is flushed after it, and only then is the confirmation printed."""
    if shutil.which("strace") is None:
        pytest.skip("strace is not installed (Scripts/setup-system --test installs it)")
    log = sandbox.home / "strace.log"
    path = sandbox.home / "new" / "folder" / "history.plist"
    result = subprocess.run(
        ["strace", "-f", "-qq", "-e", "trace=mkdir,openat,write,fsync,rename,renameat,renameat2", "-o", str(log),
         sandbox.binary, "--file", str(path), "add", "5"],
        env=sandbox.env, capture_output=True, timeout=30,
    )
    if result.returncode != 0 and b"ptrace" in result.stderr:
        pytest.skip(f"strace cannot trace here: {result.stderr.decode().strip()}")
    assert result.returncode == 0, result.stderr
    # Without the pid, and with strace's alignment of the results squeezed out.
    calls = [re.sub(r"\)\s+= ", ") = ", re.sub(r"^\d+\s+", "", line)) for line in log.read_text().splitlines()]
    descriptors: dict[int, str] = {}
    flushed: list[str] = []  # paths, in the order they were flushed
    created, written, events = [], 0, []
    for call in calls:
        if match := re.match(r'mkdir\("([^"]+)", 0700\) = 0', call):
            created.append(match[1])
        elif match := re.match(r'openat\(AT_FDCWD, "([^"]+)", [^)]*\) = (\d+)', call):
            descriptors[int(match[2])] = match[1]
        elif match := re.match(r"fsync\((\d+)\) = 0", call):
            flushed.append(descriptors[int(match[1])])
            events.append(("fsync", descriptors[int(match[1])]))
        elif match := re.match(r'rename\w*\((?:AT_FDCWD, )?"([^"]+)", (?:AT_FDCWD, )?"([^"]+)"', call):
            events.append(("rename", match[1], match[2]))
        elif match := re.match(r"write\((\d+), (.*)\) = (\d+)", call):
            target = descriptors.get(int(match[1]), "stdout" if match[1] == "1" else match[1])
            if ".tmp-" in target:
                written += int(match[3])
            events.append(("write", target, match[2]))
    # New folders: created 0700, and each one's parent flushed afterwards.
    assert created == [str(path.parent.parent), str(path.parent)], calls
    for folder in created:
        assert os.path.dirname(folder) in flushed, f"{folder}'s entry was never flushed"
    renames = [event for event in events if event[0] == "rename"]
    assert len(renames) == 1 and renames[0][2] == str(path), renames
    temporary = renames[0][1]
    position = events.index(renames[0])
    # The whole file was written to the temporary, and flushed, before the rename...
    assert written == path.stat().st_size
    assert ("fsync", temporary) in events[:position]
    # ...the directory was flushed after it, and only then did the confirmation go out.
    confirmation = next(i for i, event in enumerate(events) if event[0] == "write" and event[1] == "stdout")
    assert ("fsync", str(path.parent)) in events[position:confirmation], events[position:]


def test_sigkill_at_random_moments_never_loses_a_confirmed_measurement(sandbox):
    rng = random.Random(SEED)
    path = sandbox.history_path
    argv = [sandbox.binary]
    saved: list[str] = []  # the notes the file held after the previous kill: they must all stay
    figures = dict(kills=0, confirmed=0, saved_unconfirmed=0, temporaries_left=0, cleaned=0)
    started = time.monotonic()

    for round_number in range(KILLS):
        count = rng.randint(1, 8)
        notes = [f"k{round_number}-{i}" for i in range(count)]
        lines = [f"add {rng.uniform(0.5, 70):.2f} note {note}" for note in notes]
        how = rng.choice(["all at once", "one at a time", "in chunks"])
        # Mostly short delays (start-up, the first saves), sometimes long enough to finish the batch.
        delay = rng.choice([rng.uniform(0, 0.015), rng.uniform(0, 0.04), rng.uniform(0.02, 0.12)])
        left_before = temporaries(path.parent, path.name) if path.parent.exists() else set()

        process = LineProcess(argv, sandbox.env, sandbox.home)
        try:
            _feed(process, lines, how, time.monotonic() + delay, rng)
            process.kill()
            status = process.finish()  # what reached stdout before the kill still counts
        finally:
            process.close()
        figures["kills"] += 1
        context = f"round {round_number} (seed {SEED}, {how}, kill after {delay * 1000:.1f} ms)"
        stderr = b"\n".join(process.err_lines)
        assert status == -9, f"{context}: exit status {status}, stderr {stderr!r}"
        assert not crashed(stderr, 0), f"{context}: {stderr!r}"
        assert not process.err_lines, f"{context}: unexpected errors {stderr!r}"

        # Confirmations carry consecutive indices after what was already saved.
        confirmed = process.confirmations()
        assert confirmed == list(range(len(saved) + 1, len(saved) + 1 + len(confirmed))), context
        figures["confirmed"] += len(confirmed)

        # The file parses in plistlib and holds everything saved before plus a prefix of this batch:
        # every confirmed line, in order, and at most the lines that were sent after them.
        now_saved = notes_in(path)
        assert now_saved[: len(saved)] == saved, f"{context}: earlier measurements changed"
        added = now_saved[len(saved) :]
        assert added == notes[: len(added)], f"{context}: {added} is not a prefix of {notes}"
        assert len(added) >= len(confirmed), f"{context}: a confirmed measurement is missing: {added}"
        figures["saved_unconfirmed"] += len(added) - len(confirmed)
        for entry in history_entries(path) if path.exists() else []:
            assert 0 < entry["delay"] <= 300 and entry["distance"] > 0, f"{context}: {entry}"
        saved = now_saved

        # Stray temporaries: a kill mid-save may leave this process's own, but once it confirmed a
        # save, the ones earlier processes left were gone.
        left = temporaries(path.parent, path.name) if path.parent.exists() else set()
        if left:
            figures["temporaries_left"] += 1
        if confirmed:
            assert not (left & left_before), f"{context}: {left & left_before} survived a successful write"
            assert len(left) <= 1, f"{context}: {left}"
            figures["cleaned"] += len(left_before)

        # And stormrange itself reads it.
        shown = subprocess.run(argv + ["show"], env=sandbox.env, cwd=sandbox.home, capture_output=True, timeout=15)
        assert shown.returncode == 0, f"{context}: show failed: {shown.stderr!r}"
        rows = [line for line in shown.stdout.decode().splitlines() if SHOW_ROW.match(line)]
        assert len(rows) == len(saved), context
        if saved:
            assert rows[-1].endswith(saved[-1]), context

    # The next successful write removes whatever the last kill left.
    final = subprocess.run(argv + ["add", "5", "note", "final"], env=sandbox.env, cwd=sandbox.home, capture_output=True)
    assert final.returncode == 0, final.stderr
    assert temporaries(path.parent, path.name) == set()
    assert notes_in(path) == saved + ["final"]

    elapsed = time.monotonic() - started
    print(f"\ncrash safety: {figures} in {elapsed:.1f} s, {len(saved)} measurements kept")
    assert figures["kills"] >= min(KILLS, 200)
    # The harness must really hit the dangerous moments, not only idle processes.
    if KILLS >= 200:
        assert figures["temporaries_left"] > 0, f"no kill landed mid-save: {figures}"
        assert figures["confirmed"] > 0, figures
