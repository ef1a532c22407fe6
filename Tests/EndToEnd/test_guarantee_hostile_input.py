"""Guarantee 6, hostile input: thousands of random and adversarial lines (random bytes, invalid
UTF-8, NULs, megabyte lines, `1e309`, `-0`, `0x10`, Unicode digits, ANSI escapes, shell
metacharacters) mixed with valid adds never crash or hang a batch; it exits 0 or 1, reports every
rejected line on stderr with its line number (and never echoes raw control characters), and the
file afterwards parses and holds exactly the valid measurements.

Reproducible: the seed is $STORMRANGE_FUZZ_SEED (default below) and is named in every failure."""

import math
import os
import plistlib
import random
import re
import subprocess
import threading
import time
import unicodedata

import pytest

SEED = int(os.environ.get("STORMRANGE_FUZZ_SEED", "31415"))
LINES = int(os.environ.get("STORMRANGE_FUZZ_LINES", "4000"))
MEGABYTE = 1 << 20
ERROR = re.compile(rb"^stormrange: line (\d+): (warning: )?")
CONFIRMATION = re.compile(rb"^#(\d+)\s")

OK, ERROR_EXPECTED, IGNORED = "ok", "error", "ignored"

# Delays that are valid, as people type them.
GOOD_DELAYS = ["6", "6.5", "0.25", "+3", "12.000", "299.99", "300", "1e2", "2.5E1", "75", "75.5", "0.1", "007"]
# Numbers that must be refused: not finite, not positive, too short or too long (0.1 to 300 s), not
# plain decimal digits.
BAD_DELAYS = [
    "0.01", "1e-300", "1e309", "-1e309", "-0", "+0", "0", "0.0", "-5", "301", "300.0001", "1e3", "0x10", "0X1A", "nan", "NaN", "inf",
    "-inf", "Infinity", "٣", "６", "³", "𝟓", "५", "5,5", "5x", "1_000", "1..2", "1e", "e5", ".", "+", "-", "--5",
    "5e-", "0b101", "0o17", "½", "1/2", "$((1+2))", "`echo 5`", "$(echo 5)", "5;", "'5'", '"5"', "5\x00", "\x005",
    "\x1b[31m5", "5\x1b[0m", "９９", "٣.٥",
]
# Notes that are valid: Unicode, markup, and shell metacharacters are just text.
GOOD_NOTES = [
    "over the lake", "café ⚡ 雷 🌩", "$(rm -rf ~)", "`reboot`", "; ls -la | tee /tmp/x && echo > y", "<dict></dict>",
    "]]>&amp;", "'single' \"double\"", "%s %n %x", "\\n\\t\\x1b", "{{7*7}}", "../../etc/passwd", "*?[]~!#",
]
# Notes that must be refused: control characters (an XML property list cannot hold them) and more.
BAD_NOTES = [
    "\x1b[31mred\x1b[0m", "a\x00b", "bell\x07", "del\x7f", "nel\x85", "\x1b]0;owned\x07", "cr\rinside", "\ufffe",
    "\uffff", "x" * 1001, "\x0b\x0c", "\x9b31m", "a\tb",
]
# Other commands, used wrongly: each must be refused with an error.
BAD_COMMANDS = [
    "delete 0", "delete -1", "delete 99999999999999999999999", "delete ٣", "delete 1 2", "show 0", "show -1",
    "show 1e309", "show ６", "show | head", "show > /tmp/pwned", "set unit lightyears", "set temperature 1e309",
    "set temperature nan", "set temperature ٣C", "set colour red", "undo now", "clear all", "quit now", "exit 0",
    "flash now", "thunder 5", "bang bang", "help nonexistent", "help \x1b[31m", "stats junk", "status junk",
    "add", "add 5 note", "add 5 at", "add 5 at yesterday", "add 5 at 2999-01-01T00:00:00Z", "add 5 bogus",
    "add 5 at 2020-02-30T00:00:00Z", "ADD 5", "Add 5", "\x00", "\x00add 5", "add\x005",
    "\x1b[2J", "\x1b]0;title\x07", "\x1b[31mshow", "$(reboot)", "`id`", "; rm -rf /", "| cat /etc/passwd",
    "&& echo hi", "> /tmp/x", "add 5; rm -rf /", "sh -c id", "rm -rf /", "٣", "\u202eadd 5", "\ufeffadd 5",
    "\u00a0add 5", "add\u00a05",
]
QUIET_COMMANDS = ["show 2", "help", "help add", "set", "# a comment \x1b[31m", "   # indented", "", "   ", "\t"]


def _is_ignored(raw: bytes) -> bool:
    """What the batch skips without a word: blank, or a comment (mirrors Interpreter.isBlankOrComment)."""
    stripped = raw.lstrip(b" \t\r")
    return not stripped or stripped.startswith(b"#")


def _looks_like_a_command(raw: bytes) -> bool:
    text = raw.rstrip(b"\r")
    words = re.split(rb"[ \t]+", text.strip(b" \t"))
    return bool(words) and re.fullmatch(rb"[A-Za-z]+", words[0]) is not None


class Generator:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.tags = 0

    def tag(self) -> str:
        self.tags += 1
        return f"fz{self.tags}"

    def good_add(self) -> tuple[bytes, str, str]:
        rng = self.rng
        tag = self.tag()
        delay = rng.choice(GOOD_DELAYS) if rng.random() < 0.5 else f"{rng.uniform(0.1, 300):.{rng.randint(0, 3)}f}"
        if float(delay) < 0.1:
            delay = "1"
        gap = rng.choice([" ", "  ", "\t", " \t "])
        line = f"add{gap}{delay}"
        if rng.random() < 0.2:
            line += f"{gap}at 2020-0{rng.randint(1, 6)}-1{rng.randint(0, 9)}T1{rng.randint(0, 9)}:30:00{rng.choice(['Z', '+02:00', '-05:30'])}"
        note = rng.choice(GOOD_NOTES) if rng.random() < 0.5 else ""
        line += f"{gap}note {tag}" + (f" {note}" if note else "")
        if rng.random() < 0.1:
            line += "\r"  # CRLF line ends are fine
        return line.encode(), OK, tag

    def line(self) -> tuple[bytes, str, str | None]:
        """One line, what must happen to it, and the tag its measurement carries if it is recorded."""
        rng = self.rng
        kind = rng.choices(
            ["good add", "bad delay", "bad note", "bad command", "quiet", "random bytes", "invalid utf-8", "nul"],
            weights=[30, 14, 10, 12, 5, 18, 6, 5],
        )[0]
        if kind == "good add":
            return self.good_add()
        if kind == "bad delay":
            return f"add {rng.choice(BAD_DELAYS)} note {self.tag()}".encode(), ERROR_EXPECTED, None
        if kind == "bad note":
            return f"add 5 note {self.tag()} {rng.choice(BAD_NOTES)}".encode(), ERROR_EXPECTED, None
        if kind == "bad command":
            return rng.choice(BAD_COMMANDS).encode(), ERROR_EXPECTED, None
        if kind == "quiet":
            line = rng.choice(QUIET_COMMANDS).encode()
            return line, (IGNORED if _is_ignored(line) else OK), None
        if kind == "invalid utf-8":
            # In a note: refused, never stored with U+FFFD in place of the bytes (docs/guarantees.md, item 6).
            junk = rng.choice([b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf", b"\x80"])
            return b"add 5 note " + self.tag().encode() + b" " + junk + b"x", ERROR_EXPECTED, None
        if kind == "nul":
            parts = [b"add", b"5", b"note", self.tag().encode()]
            where = rng.randrange(len(parts) + 1)
            parts.insert(where, b"\x00")
            return b" ".join(parts), ERROR_EXPECTED, None
        while True:  # random bytes, never forming a newline or a real command name
            line = rng.randbytes(rng.randint(1, 160)).replace(b"\n", b"")
            if line and not _looks_like_a_command(line):
                return line, (IGNORED if _is_ignored(line) else ERROR_EXPECTED), None

    def megabyte_lines(self) -> list[tuple[bytes, str, str | None]]:
        rng = self.rng
        tag = self.tag()
        return [
            (b"add 5 note x" + b"y" * MEGABYTE, ERROR_EXPECTED, None),
            (b"add " + b"9" * MEGABYTE, ERROR_EXPECTED, None),
            (b"add 0." + b"0" * MEGABYTE + b"1", ERROR_EXPECTED, None),
            (b"\x1b[31m" * (MEGABYTE // 5), ERROR_EXPECTED, None),
            (b"\x00" * MEGABYTE, ERROR_EXPECTED, None),
            (b"#" + rng.randbytes(MEGABYTE).replace(b"\n", b" "), IGNORED, None),
            (b"%" + rng.randbytes(MEGABYTE).replace(b"\n", b" "), ERROR_EXPECTED, None),
            # Blanks are not content: a megabyte of them between valid words is still a valid add.
            (b"add 7" + b" " * MEGABYTE + b"note " + tag.encode(), OK, tag),
        ]


def _generate(seed: int, count: int):
    generator = Generator(seed)
    lines = [generator.line() for _ in range(count)]
    for line in generator.megabyte_lines():
        lines.insert(generator.rng.randrange(len(lines) + 1), line)
    return lines


def _feed_in_pieces(stdin, data: bytes, rng: random.Random | None) -> None:
    """Writes `data` whole (rng None) or in random-sized pieces that split lines anywhere, with short
    pauses."""
    try:
        view = memoryview(data)
        position = 0
        while position < len(data):
            size = len(data) if rng is None else rng.choice([1, 7, 100, 4096, 65536, 300_000])
            end = min(len(data), position + size)
            while position < end:
                position += stdin.write(view[position:end])
            if rng is not None and rng.random() < 0.05:
                time.sleep(0.002)
    except BrokenPipeError:
        pass
    finally:
        stdin.close()


def _is_control(character: str) -> bool:
    return unicodedata.category(character) == "Cc"


@pytest.mark.parametrize("feeding", ["whole", "in pieces"])
def test_hostile_lines_never_crash_hang_or_corrupt(sandbox, feeding):
    seed = SEED + (feeding == "in pieces")
    lines = _generate(seed, LINES)
    data = b"".join(line + b"\n" for line, _, _ in lines)
    context = f"seed {seed} ({feeding}): rerun with STORMRANGE_FUZZ_SEED={SEED}"

    started = time.monotonic()
    process = subprocess.Popen(
        [sandbox.binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=sandbox.env,
        cwd=sandbox.home, bufsize=0,
    )
    # One thread per stream, so that neither side can block the other on a full pipe.
    collected = {"stdout": b"", "stderr": b""}

    def collect(name):
        collected[name] = getattr(process, name).read()

    if feeding == "whole":
        feeder = threading.Thread(target=_feed_in_pieces, args=(process.stdin, data, None))
    else:
        feeder = threading.Thread(target=_feed_in_pieces, args=(process.stdin, data, random.Random(seed)))
    threads = [feeder, threading.Thread(target=collect, args=("stdout",)), threading.Thread(target=collect, args=("stderr",))]
    for thread in threads:
        thread.daemon = True
        thread.start()
    try:
        process.wait(timeout=180)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail(f"{context}: the batch hung")
    for thread in threads:
        thread.join(timeout=30)
    stdout, stderr = collected["stdout"], collected["stderr"]
    elapsed = time.monotonic() - started

    # Never crashes: an ordinary exit, 1 because some lines failed.
    assert process.returncode == 1, f"{context}: exit status {process.returncode}; stderr ends {stderr[-2000:]!r}"
    assert b"Fatal error" not in stderr and b"crashed" not in stderr, context

    # Every line on stderr is a labelled, one-line message, with no raw control characters and no
    # megabyte echoes.
    errors: dict[int, list[bytes]] = {}
    for line in stderr.split(b"\n")[:-1]:
        match = ERROR.match(line)
        assert match, f"{context}: unlabelled stderr line {line[:200]!r}"
        assert len(line) < 600, f"{context}: an error repeats too much of its line: {line[:200]!r}…"
        if not match[2]:
            errors.setdefault(int(match[1]), []).append(line)
    assert stderr.endswith(b"\n")
    shown_err = stderr.decode("utf-8")  # and it is valid UTF-8
    assert not any(_is_control(c) for c in shown_err.replace("\n", "")), f"{context}: a control character on stderr"
    assert b"\x1b" not in stdout, f"{context}: an escape sequence reached stdout"

    # Every rejected line is reported with its number, exactly once; no other line is.
    accepted_tags = []
    for number, (line, expected, tag) in enumerate(lines, start=1):
        reported = errors.get(number, [])
        assert len(reported) <= 1, f"{context}: line {number} reported twice: {reported}"
        if expected == ERROR_EXPECTED:
            assert reported, f"{context}: line {number} {line[:120]!r} was rejected silently (or accepted)"
        else:
            assert not reported, f"{context}: line {number} {line[:120]!r} failed: {reported}"
            if tag:
                accepted_tags.append(tag)

    # The file parses, and holds exactly the accepted measurements, in order, all of them valid.
    entries = plistlib.loads(sandbox.history_path.read_bytes())
    assert isinstance(entries, list)
    stored_tags = [entry["note"].split(" ", 1)[0] for entry in entries]
    assert stored_tags == accepted_tags, context
    confirmations = [int(m[1]) for line in stdout.split(b"\n") if (m := CONFIRMATION.match(line))]
    assert confirmations == list(range(1, len(entries) + 1)), context
    for entry in entries:
        assert 0 < entry["delay"] <= 300, entry
        for key in ("delay", "distance", "temperature", "speedOfSound"):
            assert isinstance(entry[key], float) and math.isfinite(entry[key]), entry
        assert not any(_is_control(c) for c in entry["note"]), entry
        assert "\ufffe" not in entry["note"] and "\uffff" not in entry["note"], entry
        assert "\ufffd" not in entry["note"], entry
        assert len(entry["note"]) <= 1000

    # And stormrange reads it back.
    shown = subprocess.run([sandbox.binary, "show"], env=sandbox.env, capture_output=True, timeout=30)
    assert shown.returncode == 0, shown.stderr
    print(
        f"\nfuzz {context}: {len(lines)} lines ({len(data) / MEGABYTE:.1f} MB), {len(errors)} rejected, "
        f"{len(entries)} stored, in {elapsed:.1f} s"
    )
