"""Colour (issue 13, item 3): ANSI colours only where the stream is a terminal, NO_COLOR (non-empty)
turning them off, `--color auto|always|never` overriding both, never in machine-readable output, and
never a way for a note's own escape sequences to reach the terminal. Terminals are pexpect's
pseudo-terminals; "off" is checked through pipes. The sandbox sets NO_COLOR=1 for every other test;
these remove it or set it themselves."""

import json
import re
import time

import pexpect
import pyte
import pytest

# An SGR sequence (ESC [ … m): colour. Readline's own switches (bracketed paste, ESC[?2004h) are not.
SGR = re.compile(r"\x1b\[[0-9;]*m")
RED_ERROR = "\x1b[31mstormrange: "
SHELTER = "\x1b[1;31mSHELTER NOW"


@pytest.fixture
def coloured_env(sandbox):
    """The sandbox's environment without NO_COLOR."""
    env = dict(sandbox.env)
    env.pop("NO_COLOR")
    return env


@pytest.fixture
def storm(sandbox):
    """Four measurements a few minutes apart, the latest just now: shelter now, lightning within 10 km."""
    now = time.time()
    lines = []
    for minutes, delay in ((15, 38), (10, 31), (5, 24), (1, 17)):
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now - minutes * 60 - delay))
        lines.append(f"add {delay} at {stamp}")
    result = sandbox.batch(*lines)
    assert result.status == 0, result.stderr


def at_a_terminal(sandbox, args, env, command=None) -> str:
    """Runs stormrange (or a bash `command`) at a pseudo-terminal to its end; returns what the terminal
    showed. Its status must be `expect_status`."""
    if command is None:
        child = pexpect.spawn(sandbox.binary, list(args), env=env, cwd=str(sandbox.home), encoding="utf-8",
                              timeout=10, dimensions=(24, 80))
    else:
        child = pexpect.spawn("/bin/bash", ["-c", command], env=env, cwd=str(sandbox.home), encoding="utf-8",
                              timeout=10, dimensions=(24, 80))
    try:
        child.expect(pexpect.EOF)
        return child.before
    finally:
        child.close(force=True)


def test_status_is_coloured_on_a_terminal(sandbox, storm, coloured_env):
    shown = at_a_terminal(sandbox, ["status"], coloured_env)
    assert SHELTER in shown
    assert "\x1b[1mlightning within about 10 km in the last 30 minutes\x1b[0m" in shown
    assert "\x1b[1madvice\x1b[0m" in shown
    # Every span is closed: as many resets as openings.
    opened = [code for code in SGR.findall(shown) if code != "\x1b[0m"]
    assert len(opened) == shown.count("\x1b[0m")


def test_no_colour_on_a_pipe(sandbox, storm, coloured_env):
    for command in ("status", "show", "stats", "plot"):
        result = sandbox.run(command, env=coloured_env)
        assert result.status == 0
        assert "\x1b" not in result.stdout, command
    bad = sandbox.run("shwo", env=coloured_env)
    assert bad.status == 1 and bad.stderr.startswith("stormrange: unknown command")


@pytest.mark.parametrize("value", ["1", "0", "false"])
def test_no_color_turns_it_off_at_a_terminal(sandbox, storm, coloured_env, value):
    shown = at_a_terminal(sandbox, ["status"], {**coloured_env, "NO_COLOR": value})
    assert "SHELTER NOW" in shown
    assert not SGR.search(shown)


def test_an_empty_no_color_does_not(sandbox, storm, coloured_env):
    shown = at_a_terminal(sandbox, ["status"], {**coloured_env, "NO_COLOR": ""})
    assert SHELTER in shown


def test_color_always_colours_a_pipe_even_with_no_color(sandbox, storm, coloured_env):
    for env in (coloured_env, {**coloured_env, "NO_COLOR": "1"}):
        result = sandbox.run("--color", "always", "status", env=env)
        assert result.status == 0
        assert SHELTER in result.stdout
        shown = sandbox.run("--color=always", "show", env=env).stdout
        assert shown.startswith("\x1b[1m#  date")
        bad = sandbox.run("--color", "always", "shwo", env=env)
        assert bad.stderr.startswith(RED_ERROR + "unknown command") and bad.stderr.endswith("\x1b[0m\n")


def test_color_never_leaves_a_terminal_plain(sandbox, storm, coloured_env):
    shown = at_a_terminal(sandbox, ["--color", "never", "status"], coloured_env)
    assert "SHELTER NOW" in shown and not SGR.search(shown)
    shown = at_a_terminal(sandbox, ["--color", "never", "shwo"], coloured_env)
    assert "stormrange: unknown command" in shown and not SGR.search(shown)


def test_machine_readable_output_is_never_coloured(sandbox, storm, coloured_env):
    for args in (("export", "csv"), ("export", "json"), ("status", "--json")):
        piped = sandbox.run("--color", "always", *args, env=coloured_env)
        assert piped.status == 0 and piped.stdout and "\x1b" not in piped.stdout, args
        shown = at_a_terminal(sandbox, ["--color", "always", *args], coloured_env)
        assert shown.strip() and "\x1b" not in shown, args
    json.loads(sandbox.run("--color", "always", "status", "--json", env=coloured_env).stdout)


def test_each_stream_is_decided_on_its_own(sandbox, storm, coloured_env, tmp_path):
    """Errors are red on a terminal's standard error while the results go plainly into a file, and the
    other way round."""
    out = tmp_path / "out"
    shown = at_a_terminal(sandbox, [], coloured_env, command=f"{sandbox.binary} status > {out}; {sandbox.binary} shwo > {out}.2")
    assert RED_ERROR + "unknown command 'shwo'" in shown
    assert "SHELTER NOW" in out.read_text() and "\x1b" not in out.read_text()
    errors = tmp_path / "errors"
    shown = at_a_terminal(sandbox, [], coloured_env, command=f"{sandbox.binary} status 2> {errors}; {sandbox.binary} shwo 2>> {errors}")
    assert SHELTER in shown
    assert errors.read_text().startswith("stormrange: unknown command") and "\x1b" not in errors.read_text()


def test_a_bad_color_value_is_a_usage_error(sandbox, coloured_env):
    result = sandbox.run("--color", "sometimes", "status", env=coloured_env)
    assert result.status == 2
    assert "sometimes" in result.stderr and "--color" in result.stderr
    assert not sandbox.history_path.exists()


def test_a_notes_escape_sequence_cannot_sneak_through(sandbox, coloured_env, tmp_path):
    """A C1 CSI (U+009B, which some terminals obey like ESC [) in a note another tool wrote is shown
    escaped; the only escapes on the terminal are stormrange's own."""
    notes = tmp_path / "notes.json"
    notes.write_text(json.dumps([{"date": "2026-07-01T15:40:00Z", "delay_s": 6, "note": "\u009b31mred\u009b0m"}]))
    assert sandbox.run("import", str(notes)).status == 0
    shown = at_a_terminal(sandbox, ["show"], coloured_env)
    assert "\\u{9B}31mred\\u{9B}0m" in shown
    assert "\u009b" not in shown
    assert SGR.findall(shown) == ["\x1b[1m", "\x1b[0m"]
    # An escape typed into a command line comes back escaped inside the red error.
    shown = at_a_terminal(sandbox, ["\x1b[32mgreen"], coloured_env)
    assert RED_ERROR + "unknown command '\\u{1B}[32mgreen'" in shown
    assert SGR.findall(shown) == ["\x1b[31m", "\x1b[0m"]


def test_ascii_locale_keeps_its_stand_ins_in_colour(sandbox, storm, coloured_env):
    shown = at_a_terminal(sandbox, ["status"], {**coloured_env, "LC_ALL": "C", "LANG": "C"})
    assert SHELTER in shown and "+/-" in shown
    assert all(ord(character) < 0x80 for character in shown)


# At the prompt.

class Screen:
    """stormrange at the prompt of a pseudo-terminal whose output a terminal emulator (pyte) draws, so
    a test can look at the screen and the cursor as a person would."""

    def __init__(self, sandbox, env, columns):
        self.screen = pyte.Screen(columns, 24)
        self.stream = pyte.Stream(self.screen)
        self.child = pexpect.spawn(sandbox.binary, [], env=env, cwd=str(sandbox.home), encoding="utf-8",
                                   timeout=5, dimensions=(24, columns))
        self.transcript = ""

    def send(self, text: str, settle: float = 0.4) -> None:
        """Types `text`, then feeds the emulator all the terminal shows for `settle` seconds."""
        self.child.send(text)
        deadline = time.monotonic() + settle
        while time.monotonic() < deadline:
            try:
                chunk = self.child.read_nonblocking(65536, timeout=0.05)
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                return
            self.transcript += chunk
            self.stream.feed(chunk)

    def row(self, number: int) -> str:
        return self.screen.display[number]

    def prompt_on(self, number: int) -> str:
        """The stopwatch prompt at the start of row `number` (while it shows under 10 s)."""
        match = re.match(r"stormrange \[flash \+\d s\]> ", self.row(number))
        assert match, f"no prompt at the start of row {number}:\n" + "\n".join(self.screen.display)
        return match[0]

    def close(self) -> None:
        self.child.close(force=True)


def test_the_prompt_colours_the_stopwatch_and_editing_a_long_line_redraws_right(sandbox, coloured_env):
    """The stopwatch prompt is yellow; readline is told its escapes take no column, so moving to the
    start and end of a line longer than the terminal is wide puts the cursor, and the typed text, in
    the right place. Without the markers readline counts 9 columns too many for the prompt."""
    screen = Screen(sandbox, coloured_env, columns=40)
    try:
        screen.send("", settle=0.5)
        screen.send("flash\r")
        assert "\x1b[33m[flash +" in screen.transcript
        body = "add 6 note " + "abcdefghij" * 5  # 61 characters: with the prompt, two wraps at 40
        screen.send(body)
        prompt_row = next(n for n in range(24) if screen.row(n).startswith("stormrange [flash +"))
        prompt = screen.prompt_on(prompt_row)
        screen.send("\x01")  # Ctrl-A: to the start of the line, just after the prompt
        assert (screen.screen.cursor.y, screen.screen.cursor.x) == (prompt_row, len(prompt))
        screen.send("X\x05Z")  # insert at the start, Ctrl-E to the end, append
        # The seconds go on ticking, so the prompt is read again (it keeps its width below 10 s).
        prompt = screen.prompt_on(prompt_row)
        expected = prompt + "X" + body + "Z"
        rows = (len(expected) + 39) // 40
        drawn = "".join(screen.row(prompt_row + n) for n in range(rows)).rstrip()
        assert drawn == expected
        end = len(expected)
        assert (screen.screen.cursor.y, screen.screen.cursor.x) == (prompt_row + end // 40, end % 40)
        screen.send("\x03")  # Ctrl-C: abandon the line and the stopwatch
        screen.send("quit\r")
        screen.child.expect(pexpect.EOF)
    finally:
        screen.close()


def test_at_the_prompt_the_summary_and_errors_are_coloured(sandbox, coloured_env):
    screen = Screen(sandbox, coloured_env, columns=80)
    try:
        screen.send("", settle=0.5)
        screen.send("add 6\r")
        assert "\x1b[1;31mshelter now\x1b[0m, \x1b[1mlightning within 10 km\x1b[0m" in screen.transcript
        screen.send("shwo\r")
        assert "\x1b[31merror: unknown command 'shwo'" in screen.transcript
        # The plain prompt has no colour.
        assert "stormrange> " in screen.transcript
        screen.send("quit\r")
        screen.child.expect(pexpect.EOF)
    finally:
        screen.close()
