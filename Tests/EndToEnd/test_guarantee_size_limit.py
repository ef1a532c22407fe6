"""A change that would make the history too large to read is refused (docs/guarantees.md): stormrange
reads histories of up to 256 MB (256,000,000 bytes), so a change that would take the file past that
(`add`, a batch's group, `import`) gets an error saying what to do, before anything is confirmed,
and the file stays byte for byte as it was and readable.

The test builds a real history just under the limit, in stormrange's own format so that a rewrite
copies it byte for byte, in about a second, and removes it afterwards: 256 MB per test is too much
to leave in pytest's kept temporary directories. The limit's edge, and the group rollback, are also
checked with a small limit by SavedHistoryRefusalTests."""

import os

import pytest

from guarantee_support import digest

LIMIT = 256_000_000

HEADER = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b'<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
    b'<plist version="1.0">\n<array>\n'
)
FOOTER = b"</array>\n</plist>\n"


def _entry(note: bytes) -> bytes:
    """One measurement as stormrange writes it: 5 s at 20 °C on 2026-07-01."""
    return (
        b"\t<dict>\n"
        b"\t\t<key>date</key>\n\t\t<date>2026-07-01T16:03:00Z</date>\n"
        b"\t\t<key>delay</key>\n\t\t<real>5.0</real>\n"
        b"\t\t<key>distance</key>\n\t\t<real>1716.0731134128398</real>\n"
        b"\t\t<key>temperature</key>\n\t\t<real>20.0</real>\n"
        b"\t\t<key>speedOfSound</key>\n\t\t<real>343.21462268256795</real>\n"
        b"\t\t<key>note</key>\n\t\t<string>" + note + b"</string>\n"
        b"\t</dict>\n"
    )


def _write_history(path, size: int) -> None:
    """A valid history of exactly `size` bytes: entries with notes of up to 1000 letters."""
    base = len(_entry(b""))
    count = -(-(size - len(HEADER) - len(FOOTER)) // (base + 1000))
    letters = size - len(HEADER) - len(FOOTER) - count * base
    short, longer = divmod(letters, count)
    assert 0 < short <= 1000 and (short < 1000 or longer == 0)
    with open(path, "wb") as stream:
        stream.write(HEADER)
        stream.write(_entry(b"n" * (short + 1)) * longer)
        stream.write(_entry(b"n" * short) * (count - longer))
        stream.write(FOOTER)
    assert os.path.getsize(path) == size


@pytest.fixture
def history(sandbox):
    path = sandbox.home / "history.plist"
    yield path
    for name in os.listdir(sandbox.home):
        if name.startswith(("history.plist", ".history.plist")):
            os.unlink(sandbox.home / name)


def _added_size(sandbox) -> int:
    """How many bytes `add 5` adds to a history (the same for every add of 5 s at 20 °C)."""
    scratch = sandbox.home / "scratch.plist"
    sizes = []
    for _ in range(2):
        assert sandbox.run("--file", str(scratch), "add", "5").status == 0
        sizes.append(scratch.stat().st_size)
    return sizes[1] - sizes[0]


def test_a_change_past_the_limit_is_refused_before_it_is_confirmed(sandbox, history):
    # One byte too many for one more `add 5`.
    _write_history(history, LIMIT - _added_size(sandbox) + 1)
    before = digest(history)
    inode = history.stat().st_ino

    result = sandbox.run("--file", str(history), "add", "5", timeout=60)
    assert result.status == 1
    assert result.stdout == ""
    assert result.err_lines == [
        f"stormrange: could not save the history to {history}: it would grow to {LIMIT + 1:,} bytes, over the "
        "limit of 256,000,000 bytes; nothing was changed (export it with 'export csv PATH', then 'clear', or start "
        "a new history with --file)"
    ]
    # A batch's group is refused too, line by line.
    batch = sandbox.run("--file", str(history), input="add 5\nadd 6\n", timeout=60)
    assert batch.status == 1 and batch.stdout == ""
    assert [line.split(": ")[1] for line in batch.err_lines] == ["line 1", "line 2"], batch.stderr

    assert digest(history) == before and history.stat().st_ino == inode
    # Still readable: nothing was confirmed that cannot be read back.
    shown = sandbox.run("--file", str(history), "show", "1", timeout=60)
    assert shown.status == 0, shown.stderr
    assert "nnnn" in shown.stdout
