"""`clear` asks whenever a person can answer (at the prompt, and `stormrange clear` at a terminal;
`--yes` skips the question), deletes exactly what was agreed to or asks again, keeps what it deleted
in `<history>.cleared-<timestamp>` for `import` to bring back in any later session, and never
promises an `undo` that cannot be performed."""

import re
import signal

import pexpect
import pytest

from conftest import sample_entry
from guarantee_support import history_entries, notes_in

QUESTION = re.compile(r"Delete all (\d+) measurements?\? \[y/N\] ")
# The command to bring them back ends the line, bare, so that it can be copied whole.
KEPT = re.compile(r"a copy is in (\S+); to bring (?:it|them) back(?: later)?: import (\S+)\r?$", re.M)


def _seed(sandbox, *notes: str) -> list[dict]:
    entries = [sample_entry(4.0 + index, note=note) for index, note in enumerate(notes)]
    sandbox.write_history(entries)
    return entries


def _at_a_terminal(sandbox, *args: str) -> pexpect.spawn:
    """stormrange with a pseudo-terminal as standard input, output and error."""
    return pexpect.spawn(
        sandbox.binary, list(args), env=sandbox.env, cwd=str(sandbox.home), dimensions=(24, 80),
        encoding="utf-8", timeout=5,
    )


def _end(child: pexpect.spawn) -> tuple[str, int]:
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None, f"killed by signal {child.signalstatus}"
    return child.before, child.exitstatus


def _copies(sandbox) -> list:
    folder = sandbox.history_path.parent
    return sorted(folder.glob(sandbox.history_path.name + ".cleared-*"))


def test_a_one_shot_clear_at_a_terminal_asks_first(sandbox):
    entries = _seed(sandbox, "first", "second")

    child = _at_a_terminal(sandbox, "clear")
    child.expect(QUESTION)
    assert child.match[1] == "2"
    child.sendline("n")
    output, status = _end(child)
    assert "nothing was deleted" in output
    assert status == 0
    assert notes_in(sandbox.history_path) == ["first", "second"]
    assert _copies(sandbox) == []

    child = _at_a_terminal(sandbox, "clear")
    child.expect(QUESTION)
    child.sendline("y")
    output, status = _end(child)
    assert status == 0
    assert notes_in(sandbox.history_path) == []
    # The process ends with the command: no 'undo' is promised, the copy is named instead.
    assert "undo" not in output
    (copy,) = _copies(sandbox)
    assert KEPT.search(output)[1] == str(copy)
    assert history_entries(copy) == entries
    assert copy.stat().st_mode & 0o777 == 0o600

    # Another session brings them back with the command the message gave.
    result = sandbox.run("import", str(copy))
    assert result.status == 0, result.stderr
    assert history_entries(sandbox.history_path) == entries


def test_end_of_input_at_the_question_means_no(sandbox):
    _seed(sandbox, "first")
    child = _at_a_terminal(sandbox, "clear")
    child.expect(QUESTION)
    child.sendeof()
    output, status = _end(child)
    assert "nothing was deleted" in output
    assert notes_in(sandbox.history_path) == ["first"]


def test_ctrl_c_at_the_question_means_no_and_ends_as_interrupted(sandbox):
    _seed(sandbox, "first")
    child = _at_a_terminal(sandbox, "clear")
    child.expect(QUESTION)
    child.sendintr()
    output, status = _end(child)
    assert "nothing was deleted" in output
    assert status == 130
    assert notes_in(sandbox.history_path) == ["first"]


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=lambda s: s.name)
def test_sigterm_or_sighup_at_the_question_at_the_prompt_deletes_nothing_and_ends_the_session(
    sandbox, number
):
    """Guarantee 7: SIGTERM or SIGHUP while `clear` waits for its answer at the prompt is not a
    mere "no" that the session goes on after: nothing is deleted, and the session ends with
    128 + N. (Ctrl-C at the question stays a "no" and the session goes on: test_interactive.py.)"""
    _seed(sandbox, "first", "second")
    child = _at_a_terminal(sandbox)
    child.expect_exact("stormrange> ")
    child.send("clear\r")
    child.expect(QUESTION)
    child.kill(number)
    output, status = _end(child)
    assert status == 128 + number, output
    assert "stormrange> " not in output, "the session went on after the signal"
    assert "nothing was deleted" in output
    assert notes_in(sandbox.history_path) == ["first", "second"]
    assert _copies(sandbox) == []


def test_clear_yes_at_a_terminal_does_not_ask(sandbox):
    _seed(sandbox, "first", "second")
    child = _at_a_terminal(sandbox, "clear", "--yes")
    output, status = _end(child)
    assert not QUESTION.search(output), output
    assert status == 0
    assert "deleted 2 measurements" in output
    assert notes_in(sandbox.history_path) == []
    assert len(_copies(sandbox)) == 1


def test_clear_from_a_pipe_does_not_ask_and_keeps_a_copy(sandbox):
    entries = _seed(sandbox, "first", "second")
    result = sandbox.run("clear")  # standard input is a pipe: nobody to ask
    assert result.status == 0, result.stderr
    assert not QUESTION.search(result.stdout + result.stderr)
    assert "undo" not in result.stdout
    (copy,) = _copies(sandbox)
    assert KEPT.search(result.stdout)[2] == str(copy)
    assert history_entries(copy) == entries

    # In a batch `undo` can still be performed, so it is offered, beside the copy.
    sandbox.write_history(entries)
    result = sandbox.batch("clear", "show")
    assert result.status == 0, result.stderr
    assert "'undo' restores them" in result.stdout
    assert len(_copies(sandbox)) == 2


def test_a_one_shot_import_promises_no_undo(sandbox, tmp_path):
    source = tmp_path / "one.csv"
    source.write_text("date,delay_s\r\n2026-07-01T16:03:00Z,6\r\n")
    result = sandbox.run("import", str(source))
    assert result.status == 0, result.stderr
    assert "imported 1 measurement" in result.stdout
    assert "undo" not in result.stdout


def test_clear_deletes_what_was_agreed_to_or_asks_again_at_a_terminal(sandbox):
    _seed(sandbox, "first", "second")
    child = _at_a_terminal(sandbox, "clear")
    child.expect(QUESTION)
    assert child.match[1] == "2"

    # Another terminal adds one before the answer.
    added = sandbox.run("add", "7", "note", "arrived-meanwhile")
    assert added.status == 0, added.stderr

    child.sendline("y")
    child.expect(QUESTION)  # asked again, with the new count
    assert child.match[1] == "3"
    assert "changed" in child.before
    assert notes_in(sandbox.history_path) == ["first", "second", "arrived-meanwhile"]
    child.sendline("n")
    output, status = _end(child)
    assert "nothing was deleted" in output
    assert notes_in(sandbox.history_path) == ["first", "second", "arrived-meanwhile"]
    assert _copies(sandbox) == []


def test_clear_at_the_prompt_asks_again_when_the_history_changed(sandbox):
    _seed(sandbox, "first", "second")
    child = _at_a_terminal(sandbox)
    child.expect_exact("stormrange> ")
    child.send("clear\r")
    child.expect(QUESTION)
    assert child.match[1] == "2"

    for words in (["delete", "1"], ["add", "8"]):  # another terminal
        assert sandbox.run(*words).status == 0

    child.send("y\r")
    child.expect(QUESTION)
    assert child.match[1] == "2"  # the same count, but not the same two
    child.send("y\r")
    child.expect_exact("stormrange> ")
    assert "deleted 2 measurements ('undo' restores them)" in child.before
    assert notes_in(sandbox.history_path) == []
    (copy,) = _copies(sandbox)
    assert [entry.get("note") for entry in history_entries(copy)] == ["second", None]
    child.send("quit\r")
    assert _end(child)[1] == 0
