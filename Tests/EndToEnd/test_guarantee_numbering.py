"""Numbering: `delete N` removes only the measurement this session showed as N. A session that listed
the history refuses a number another process (or the session itself) has since shifted, and asks for
a new listing; measurements appended since shift nothing. A session that printed no numbers (a
one-shot `stormrange delete 3`) uses the current ones. The confirmation names what was deleted."""

import re

from conftest import sample_entry
from guarantee_support import LineProcess, notes_in

DELETED = re.compile(r"^deleted #(\d+) \((\d{4}-\d\d-\d\d \d\d:\d\d:\d\d), delay (\d+\.\d\d) s, (\S+ \S+)(?:, note: (.*))?\)$")


def _seed(sandbox, *notes: str) -> None:
    sandbox.write_history([sample_entry(4.0 + index, note=note) for index, note in enumerate(notes)])


def _one_shot(sandbox, *words: str):
    result = sandbox.run(*words)
    assert result.status == 0, result.stderr
    return result


class Session:
    """A long-running batch on a pipe held open (--echo), driven line by line while others change the file."""

    def __init__(self, sandbox):
        self.process = LineProcess([sandbox.binary, "--echo"], sandbox.env, sandbox.home)
        self.marks = 0

    def run(self, line: str) -> list[str]:
        """Sends `line` and returns its output lines (an echoed comment marks where they end)."""
        self.marks += 1
        mark = f"# mark {self.marks}".encode()
        start = len(self.process.out_lines)
        self.process.send(f"{line}\n# mark {self.marks}\n")
        while mark not in self.process.out_lines[start:]:
            self.process.wait_for_output(len(self.process.out_lines) + 1)
        output = self.process.out_lines[start : self.process.out_lines.index(mark, start)]
        return [text.decode() for text in output[1:]]  # without the echo of the line itself

    def finish(self) -> int:
        self.process.close_input()
        return self.process.finish()


def test_a_number_another_process_shifted_is_refused_until_the_history_is_listed_again(sandbox):
    _seed(sandbox, "first", "second", "third")
    session = Session(sandbox)
    try:
        rows = session.run("show")
        assert [row.split()[-1] for row in rows[1:]] == ["first", "second", "third"]

        _one_shot(sandbox, "delete", "1")  # another terminal: "second" is now #1, "third" #2

        # The session showed "second" as #2: it must not delete "third", which is #2 now.
        assert session.run("delete 2") == []
        assert notes_in(sandbox.history_path) == ["second", "third"]
        session.process.wait_for_errors(1)
        error = session.process.err_lines[-1].decode()
        assert re.match(r"^stormrange: line \d+: .*changed.*'show'", error), error

        # A new listing shows the new numbers, and they work.
        rows = session.run("show")
        assert [row.split()[-1] for row in rows[1:]] == ["second", "third"]
        (line,) = session.run("delete 2")
        assert DELETED.match(line)[5] == "third", line
        assert notes_in(sandbox.history_path) == ["second"]
        assert session.finish() == 1  # the refused delete
    finally:
        session.process.close()


def test_the_sessions_own_delete_shifts_the_numbers_it_showed(sandbox):
    _seed(sandbox, "first", "second", "third")
    session = Session(sandbox)
    try:
        session.run("show")
        (line,) = session.run("delete 2")
        assert DELETED.match(line)[5] == "second", line
        # "delete 3" from the same listing meant "third", which is #2 now: refused, not "no such".
        assert session.run("delete 3") == []
        session.process.wait_for_errors(1)
        assert "'show'" in session.process.err_lines[-1].decode()
        assert notes_in(sandbox.history_path) == ["first", "third"]
    finally:
        session.process.close()


def test_measurements_appended_meanwhile_shift_nothing_and_the_confirmation_names_what_went(sandbox):
    sandbox.write_history(
        [sample_entry(4.0, note="first"), sample_entry(6.0, note="over the lake\tand\nbeyond")]
    )
    session = Session(sandbox)
    try:
        session.run("show")
        _one_shot(sandbox, "add", "9", "note", "from another terminal")
        (line,) = session.run("delete 2")
        match = DELETED.match(line)
        assert match, line
        # Local time as `show` prints it (TZ=UTC here), the delay, the distance and the note, escaped.
        assert match.groups() == ("2", "2026-07-01 16:03:00", "6.00", "2.06 km", "over the lake\\tand\\nbeyond")
        assert notes_in(sandbox.history_path) == ["first", "from another terminal"]
        # Its own add printed #3's number: deleting it is deleting what it showed.
        assert session.run("add 7 note mine")[0].startswith("#3 ")
        (line,) = session.run("delete 3")
        assert DELETED.match(line)[5] == "mine"
        assert session.finish() == 0, session.process.err_lines
    finally:
        session.process.close()


def test_a_one_shot_delete_uses_the_current_numbers_and_names_what_it_deleted(sandbox):
    _seed(sandbox, "first", "second", "third")
    result = _one_shot(sandbox, "delete", "3")
    assert DELETED.match(result.stdout.rstrip("\n")).groups() == ("3", "2026-07-01 16:03:00", "6.00", "2.06 km", "third")
    assert notes_in(sandbox.history_path) == ["first", "second"]
    result = _one_shot(sandbox, "add", "6.5")
    result = _one_shot(sandbox, "delete", "3")
    assert DELETED.match(result.stdout.rstrip("\n"))[5] is None  # no note, no "note:"
