"""Guarantee 3, unreadable files are never damaged: a history stormrange cannot read gets an error
naming the file and what is wrong, and its bytes stay as they were; `clear` moves such a file aside
to `<name>.unreadable-<timestamp>` and starts afresh; keys stormrange does not know survive rewrites."""

import datetime
import os
import plistlib
import random
import re
import subprocess

import pytest

from guarantee_support import digest, history_entries, notes_in

SPEED = 331.3 * (1 + 20 / 273.15) ** 0.5


def _entry(delay: float, **extra) -> dict:
    entry = {
        "date": datetime.datetime(2026, 7, 1, 16, 3, 0),
        "delay": delay,
        "distance": delay * SPEED,
        "temperature": 20.0,
        "speedOfSound": SPEED,
    }
    entry.update(extra)
    return entry


_VALID = plistlib.dumps([_entry(6.0, note="one"), _entry(7.5, note="two"), _entry(9.0)])
_NO_DELAY = {key: value for key, value in _entry(6.0).items() if key != "delay"}

# name: (how to make it at `path`, words the error must contain after the path)
CASES = {
    "truncated": (lambda path: path.write_bytes(_VALID[: len(_VALID) * 2 // 3]), []),
    "truncated binary": (lambda path: path.write_bytes(plistlib.dumps([_entry(6.0)], fmt=plistlib.FMT_BINARY)[:-9]), []),
    "garbage": (lambda path: path.write_bytes(random.Random(3).randbytes(4096)), []),
    "empty": (lambda path: path.write_bytes(b""), []),
    "dictionary at the top": (lambda path: path.write_bytes(plistlib.dumps({"history": [_entry(6.0)]})), ["dictionary"]),
    "missing key": (lambda path: path.write_bytes(plistlib.dumps([_entry(5.0), _NO_DELAY])), ["delay"]),
    "wrong-typed value": (lambda path: path.write_bytes(plistlib.dumps([_entry(5.0), dict(_entry(6.0), delay="six")])), ["delay", "string"]),
    "wrong-typed date": (lambda path: path.write_bytes(plistlib.dumps([_entry(5.0, date="today")])), ["date", "string"]),
    "over 256 MB": (lambda path: _sparse(path), ["too large: 300,000,000 bytes; the limit is 256,000,000 bytes"]),
    "directory": (lambda path: path.mkdir(), ["directory"]),
}


def _sparse(path):
    """300 MB that take no room: a sparse file, so the test writes nothing real."""
    with open(path, "wb") as stream:
        stream.truncate(300_000_000)


def _state(path):
    """Everything that must not change: the bytes (hashed), the inode, the size, the mtime, the mode."""
    info = os.lstat(path)
    content = sorted(os.listdir(path)) if path.is_dir() else digest(path)
    return content, info.st_ino, info.st_size, info.st_mtime_ns, info.st_mode


def _siblings(path):
    return sorted(name for name in os.listdir(path.parent) if not name.endswith(".lock"))


@pytest.fixture(params=list(CASES), ids=list(CASES))
def unreadable(request, sandbox):
    make, words = CASES[request.param]
    path = sandbox.history_path
    path.parent.mkdir(parents=True, exist_ok=True)
    make(path)
    os.utime(path, ns=(1_600_000_000_000_000_000, 1_600_000_000_000_000_000))
    return sandbox, path, request.param, words


def test_an_unreadable_history_gets_a_clear_error_and_is_left_byte_for_byte(unreadable):
    sandbox, path, kind, words = unreadable
    before, siblings = _state(path), _siblings(path)
    commands = ["show", "add 6 note x", "delete 1", "show 2", "undo", "add 7"]

    batch = sandbox.batch(*commands)
    one_shot = sandbox.run("add", "5")

    assert batch.status == 1 and one_shot.status == 1
    assert batch.stdout == "" and one_shot.stdout == ""
    errors = batch.err_lines
    # Every command that needs the history says why it cannot have it (undo: nothing to undo).
    history_errors = [line for line in errors if str(path) in line]
    assert len(history_errors) == len(commands) - 1, batch.stderr
    for line in history_errors + one_shot.err_lines:
        problem = line.split(str(path), 1)[1]
        assert re.search(r"[a-z]{4,}", problem), f"no problem stated: {line!r}"
        for word in words:
            assert word in problem, f"{kind}: {word!r} missing from {line!r}"
    assert str(path) in one_shot.stderr
    # Not a byte, an inode or a timestamp changed, and nothing was written beside it.
    assert _state(path) == before
    assert _siblings(path) == siblings


def test_clear_moves_an_unreadable_file_aside_and_starts_afresh(unreadable):
    sandbox, path, kind, _ = unreadable
    before = _state(path)
    result = sandbox.batch("clear", "add 6 note fresh", "show")
    if kind == "directory":
        # A directory is not a file we may rename: clear refuses and touches nothing.
        assert result.status == 1
        assert str(path) in result.stderr and "directory" in result.stderr
        assert _state(path) == before
        return
    assert result.status == 0, result.stderr
    asides = [name for name in os.listdir(path.parent) if name.startswith(path.name + ".unreadable-")]
    assert len(asides) == 1, asides
    assert re.fullmatch(re.escape(path.name) + r"\.unreadable-\d{8}T\d{6}Z?(-\d+)?", asides[0]), asides[0]
    aside = path.parent / asides[0]
    # The same file, renamed: same inode, same bytes.
    assert _state(aside) == before
    assert asides[0] in result.out_lines[0]
    assert notes_in(path) == ["fresh"]


def test_a_second_unreadable_file_gets_its_own_aside_name(sandbox):
    path = sandbox.history_path
    path.parent.mkdir(parents=True)
    contents = [b"first garbage", b"second garbage", b"third garbage"]
    for content in contents:
        path.write_bytes(content)
        result = sandbox.run("clear")
        assert result.status == 0, result.stderr
    asides = [p for p in path.parent.iterdir() if ".unreadable-" in p.name]
    assert sorted(p.read_bytes() for p in asides) == sorted(contents)


@pytest.mark.parametrize("fmt", [plistlib.FMT_XML, plistlib.FMT_BINARY], ids=["xml", "binary"])
def test_keys_stormrange_does_not_know_survive_every_kind_of_rewrite(sandbox, fmt):
    location = {"lat": 46.52, "lon": 6.63, "name": "Lausanne", "accuracy": 10, "tags": ["lake", True]}
    written = [
        _entry(6.0, note="kept", location=location),
        _entry(4.0, observer="Ana", photo=b"\x00\x01\xfe", version=3),
        _entry(8.0, location={"lat": 0.0, "lon": 0.0}),
    ]
    path = sandbox.history_path
    path.parent.mkdir(parents=True)
    path.write_bytes(plistlib.dumps(written, fmt=fmt))

    for commands in (["add 5 note new"], ["delete 4"], ["delete 3", "undo"], ["clear", "undo"], ["delete 2", "undo"]):
        result = sandbox.batch(*commands)
        assert result.status == 0, (commands, result.stderr)
        stored = history_entries(path)
        assert stored[:3] == written, f"after {commands}: {stored}"
    assert path.read_bytes().startswith(b"<?xml")


def test_reading_a_file_over_the_limit_does_not_read_it(sandbox):
    """The size check comes first: a 300 MB file is refused at once, not loaded into memory."""
    path = sandbox.history_path
    path.parent.mkdir(parents=True)
    _sparse(path)
    result = subprocess.run(
        ["sh", "-c", 'ulimit -v 400000; exec "$0" show', sandbox.binary],
        env=sandbox.env, capture_output=True, timeout=20,
    )
    assert result.returncode == 1, result.stderr
    assert b"large" in result.stderr
