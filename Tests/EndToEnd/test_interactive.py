"""The readline prompt, driven through a real pseudo-terminal with pexpect."""

import io
import re
import shlex
import time

import pexpect
import pytest

from conftest import mode_of

PROMPT = "stormrange> "
STOPWATCH_PROMPT = re.compile(r"stormrange \[flash \+(\d+) s\]> ")
CONFIRMATION = re.compile(r"#(\d+)\s+(\d+(?:\.\d+)?) (km|m|mi|ft|nmi)\s+\(delay (\d+(?:\.\d+)?) s\)")


class Shell:
    """A stormrange process at a 24x80 terminal."""

    def __init__(self, sandbox, *args: str, command: str | None = None):
        self.sandbox = sandbox
        if command is None:
            self.child = pexpect.spawn(
                sandbox.binary, list(args), env=sandbox.env, cwd=str(sandbox.home),
                dimensions=(24, 80), encoding="utf-8", timeout=5,
            )
        else:
            self.child = pexpect.spawn(
                "/bin/bash", ["-c", command], env=sandbox.env, cwd=str(sandbox.home),
                dimensions=(24, 80), encoding="utf-8", timeout=5,
            )
        # Everything the terminal showed, for checks over the whole session.
        self.transcript = io.StringIO()
        self.child.logfile_read = self.transcript

    def prompt(self) -> str:
        """Waits for the plain prompt; returns what came before it."""
        self.child.expect_exact(PROMPT)
        return self.child.before

    def run(self, line: str) -> str:
        """Types `line` and Enter; returns the output up to the next prompt."""
        self.child.send(line + "\r")
        return self.prompt()

    def finish(self) -> int:
        """Waits for the process to end; returns its exit status."""
        self.child.expect(pexpect.EOF)
        self.child.close()
        assert self.child.signalstatus is None, f"killed by signal {self.child.signalstatus}"
        return self.child.exitstatus


@pytest.fixture
def shells(sandbox):
    started = []

    def start(*args, command=None):
        shell = Shell(sandbox, *args, command=command)
        started.append(shell)
        return shell

    yield start
    for shell in started:
        if shell.child.isalive():
            shell.child.terminate(force=True)


@pytest.fixture
def shell(shells):
    shell = shells()
    banner = shell.prompt()
    assert "help" in banner
    return shell


def test_prompt_and_banner(shells, sandbox):
    shell = shells()
    before = shell.prompt()
    assert "Type 'help'" in before
    assert "Ctrl-D" in before
    assert shell.child.isalive()
    # The banner names the version --version prints.
    version = sandbox.run("--version").stdout.strip()
    assert re.search(rf"^{re.escape(version)}: ", before, re.M), (version, before)


def test_add_prints_its_confirmation_and_show_lists_it(shell, sandbox):
    output = shell.run("add 6")
    match = CONFIRMATION.search(output)
    assert match, output
    assert (match[1], match[2], match[3], match[4]) == ("1", "2.06", "km", "6.00")
    assert len(sandbox.read_history()) == 1

    output = shell.run("show")
    assert re.search(r"^\s*1\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+6\.00 s\s+2\.06 km", output, re.M), output


def test_errors_are_shown_and_the_prompt_goes_on(shell, sandbox):
    output = shell.run("add nan")
    # (The terminal echoes the typed line, so "nan" alone would be found in any case.)
    assert "error: 'nan' is not a number of seconds" in output
    output = shell.run("shwo")
    assert "'show'" in output
    assert CONFIRMATION.search(shell.run("add 3"))
    assert [entry["delay"] for entry in sandbox.read_history()] == [3.0]


def test_ctrl_c_cancels_a_half_typed_line(shell, sandbox):
    shell.child.send("add 9 note never")
    shell.child.expect_exact("never")
    shell.child.sendintr()
    shell.prompt()
    assert shell.child.isalive()
    # The cancelled line was not run, and the next command works on a clean line.
    output = shell.run("show")
    assert "no measurements" in output
    assert not sandbox.history_path.exists()
    assert CONFIRMATION.search(shell.run("add 4"))
    assert [entry["delay"] for entry in sandbox.read_history()] == [4.0]


def test_ctrl_c_at_an_empty_prompt_keeps_running(shell):
    shell.child.sendintr()
    shell.prompt()
    shell.child.sendintr()
    shell.prompt()
    assert shell.child.isalive()
    assert "Commands" in shell.run("help")


def test_enter_key_stopwatch(shell, sandbox):
    shell.child.send("\r")
    shell.child.expect(STOPWATCH_PROMPT)
    assert shell.child.match[1] == "0"
    started = time.monotonic()
    # The prompt counts the seconds while the stopwatch runs: readline redraws just the digit that
    # changed, so after the "+0 s" prompt the next thing on the screen is the "1".
    shell.child.expect_exact("1", timeout=3)
    assert time.monotonic() - started >= 0.7
    shell.child.send("\r")
    output = shell.prompt()
    match = CONFIRMATION.search(output)
    assert match, output
    delay = float(match[4])
    assert 0.9 <= delay <= 1.5
    (entry,) = sandbox.read_history()
    assert 0.9 <= entry["delay"] <= 1.5


def test_flash_and_thunder_commands_at_the_prompt(shell, sandbox):
    shell.child.send("flash\r")
    shell.child.expect(STOPWATCH_PROMPT)
    time.sleep(0.5)
    shell.child.send("thunder\r")
    match = CONFIRMATION.search(shell.prompt())
    assert match
    assert 0.4 <= float(match[4]) <= 1.0
    assert len(sandbox.read_history()) == 1


def test_ctrl_c_cancels_the_stopwatch(shell, sandbox):
    shell.child.send("\r")
    shell.child.expect(STOPWATCH_PROMPT)
    shell.child.sendintr()
    shell.child.expect_exact("stopwatch cancelled")
    shell.prompt()
    assert shell.child.isalive()
    assert not sandbox.history_path.exists()
    # Nothing is being timed any more.
    assert "no flash" in shell.run("thunder")
    # And Enter starts a fresh stopwatch.
    shell.child.send("\r")
    shell.child.expect(STOPWATCH_PROMPT)
    assert shell.child.match[1] == "0"


def test_clear_asks_for_confirmation(shells, sandbox):
    assert sandbox.batch("add 6", "add 7").status == 0
    shell = shells()
    shell.prompt()

    shell.child.send("clear\r")
    shell.child.expect(re.compile(r"\[y/N\] ?"))
    output = shell.run("n")
    assert "nothing was deleted" in output
    assert len(sandbox.read_history()) == 2

    shell.child.send("clear\r")
    shell.child.expect(re.compile(r"\[y/N\] ?"))
    output = shell.run("y")
    assert "deleted 2" in output
    assert sandbox.read_history() == []

    assert "restored 2" in shell.run("undo")
    assert len(sandbox.read_history()) == 2

    # Ctrl-C at the question means no.
    shell.child.send("clear\r")
    shell.child.expect(re.compile(r"\[y/N\] ?"))
    shell.child.sendintr()
    shell.prompt()
    assert len(sandbox.read_history()) == 2
    assert shell.child.isalive()

    shell.child.send("quit\r")
    assert shell.finish() == 0
    # The answers are not command history.
    commands = sandbox.command_history_path.read_text().splitlines()
    assert "clear" in commands
    assert "y" not in commands and "n" not in commands


def test_tab_completes_command_names(shell):
    shell.child.send("sh\t")
    shell.child.expect_exact("show")
    output = shell.run("")
    assert "no measurements" in output


def test_tab_completes_units(shell, sandbox):
    shell.child.send("set unit m\t\t")
    shell.child.expect(re.compile(r"\bm\s+mi\b"))
    shell.child.send("i\r")
    shell.child.expect_exact("unit set to mi")
    shell.prompt()
    assert sandbox.read_settings() == {"unit": "mi"}


def test_tab_completes_a_unit_typed_in_capitals_in_its_own_spelling(shell, sandbox):
    shell.child.send("set UNIT MI\t")
    shell.child.expect_exact("\b\bmi ")  # readline replaces MI with mi
    shell.child.send("\r")
    shell.child.expect_exact("unit set to mi")
    shell.prompt()
    assert sandbox.read_settings() == {"unit": "mi"}


def test_tab_completes_setting_names(shell, sandbox):
    shell.child.send("set temp\t")
    shell.child.expect_exact("temperature")
    output = shell.run("25")
    assert "temperature set to 25 °C" in output
    assert sandbox.read_settings() == {"temperature": 25.0}


def test_command_history_is_private_and_writable_whatever_the_umask(shells, sandbox):
    # Under umask 0277 a file created with mode 0600 would come out 0400: readline could not add to
    # it again (root would not notice, so the mode itself is checked).
    binary = shlex.quote(str(sandbox.binary))
    shell = shells(command=f"umask 0277; exec {binary}")
    shell.prompt()
    shell.run("help")
    shell.child.send("quit\r")
    assert shell.finish() == 0
    path = sandbox.command_history_path
    assert mode_of(path) == 0o600
    assert mode_of(path.parent) == 0o700
    assert path.read_text().splitlines() == ["help", "quit"]


def test_command_history_persists_and_ctrl_r_finds_it(shells, sandbox):
    first = shells()
    first.prompt()
    assert CONFIRMATION.search(first.run("add 7 note marker-from-first-session"))
    first.child.send("quit\r")
    assert first.finish() == 0

    path = sandbox.command_history_path
    assert "add 7 note marker-from-first-session" in path.read_text().splitlines()
    assert mode_of(path) == 0o600
    assert mode_of(path.parent) == 0o700

    second = shells()
    second.prompt()
    second.child.send("\x12")  # Ctrl-R
    second.child.send("marker-from")
    # Readline shows the match, highlighting the part searched for (in standout mode).
    second.child.expect(re.compile(r"reverse-i-search.*add 7 note \S*marker-from\S*-first-session"))
    second.child.send("\r")
    # (Readline first redraws the prompt with the found line, then the command runs.)
    second.child.expect(CONFIRMATION)
    assert second.child.match[1] == "2"
    second.prompt()
    assert [entry.get("note") for entry in sandbox.read_history()] == ["marker-from-first-session"] * 2

    # The up arrow recalls the previous line too.
    second.child.send("\x1b[A")
    second.child.expect_exact("marker-from-first-session")
    second.child.send("\x15")  # Ctrl-U: discard it
    second.child.sendeof()
    assert second.finish() == 0


def test_ctrl_d_exits_with_status_0(shell):
    shell.child.sendeof()
    assert shell.finish() == 0


@pytest.mark.parametrize("word", ["quit", "exit"])
def test_quit_exits_with_status_0(shell, word):
    shell.child.send(word + "\r")
    assert shell.finish() == 0


def test_a_failed_command_does_not_change_the_exit_status(shell):
    assert "error: 'bogus' is not a number of seconds" in shell.run("add bogus")
    shell.child.sendeof()
    assert shell.finish() == 0


def test_piped_stdin_with_terminal_stdout_has_no_prompt(shells, sandbox):
    command = f"printf 'add 6\\nshow\\n' | exec {shlex.quote(sandbox.binary)}"
    shell = shells(command=command)
    assert shell.finish() == 0
    output = shell.transcript.getvalue()
    assert CONFIRMATION.search(output), output
    assert "stormrange>" not in output
    assert "Type 'help'" not in output
    assert "\x1b[?2004h" not in output
    assert len(sandbox.read_history()) == 1


def test_terminal_stdin_with_piped_stdout_has_no_prompt(shells, sandbox):
    command = f"{shlex.quote(sandbox.binary)} | cat; exit ${{PIPESTATUS[0]}}"
    shell = shells(command=command)
    shell.child.send("add 6\r")
    # The result arrives while the input is still open: batch mode, flushed per command.
    shell.child.expect(CONFIRMATION)
    shell.child.sendeof()
    assert shell.finish() == 0
    output = shell.transcript.getvalue()
    assert "add 6" in output  # the terminal's own echo
    assert "stormrange>" not in output
    assert "Type 'help'" not in output
    assert len(sandbox.read_history()) == 1


def test_ctrl_c_the_moment_a_question_shows_is_never_lost(shells, sandbox):
    """Ctrl-C pressed as soon as `clear`'s question shows means no, every time. A signal that landed
    between readline showing the question and the wait for its answer did not interrupt the wait,
    so the question hung until a key came (seen once in CI, under load)."""
    assert sandbox.batch("add 6", "add 7").status == 0
    shell = shells()
    shell.prompt()
    for _ in range(60):
        shell.child.send("clear\r")
        shell.child.expect(re.compile(r"\[y/N\] ?"))
        shell.child.sendintr()
        shell.prompt()
    assert len(sandbox.read_history()) == 2
    shell.child.send("quit\r")
    assert shell.finish() == 0
