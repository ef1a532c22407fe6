"""Issue 17: every path in a command stormrange suggests is quoted for the POSIX shell (`cp`/`mv` to
break a hard link, `import` to bring back what `clear` kept), so pasting the suggestion does what it
says for any file name and runs nothing else; and stormrange's own PATH arguments read that quoting,
so the same text works typed at the prompt or in a batch (README, "Export and import").

The histories are named relative to the working folder, where a stray `touch PWNED` would land, and
one is named like an option (`-n`), which the suggestion must not pass to cp as one."""

import os
import re
import shlex
import subprocess

import pytest

from conftest import sample_entry
from guarantee_support import history_entries, notes_in

HOSTILE = ["my hist; touch PWNED", "it's $(touch PWNED) `touch PWNED`", "-n"]
SUGGESTED_IMPORT = re.compile(r"; to bring them back: (import .+)$", re.M)


def _pwned(folder) -> list[str]:
    return sorted(name for name in os.listdir(folder) if name.startswith("PWNED"))


def _paste(sandbox, command: str) -> subprocess.CompletedProcess:
    """`command` pasted into a POSIX shell in the sandbox's home, the working folder of every run."""
    return subprocess.run(["sh", "-c", command], cwd=sandbox.home, env=sandbox.env, capture_output=True,
                          text=True, timeout=15)


@pytest.mark.parametrize("name", HOSTILE)
def test_the_way_to_break_a_history_s_hard_link_can_be_pasted_into_a_shell(sandbox, name):
    path = sandbox.home / name
    assert sandbox.run(f"--file={name}", "add", "5", "note kept").status == 0
    os.link(path, sandbox.home / "second name")
    result = sandbox.run(f"--file={name}", "add", "6")
    assert result.status == 1
    command = result.stderr.rsplit("break the link: ", 1)[1].strip()
    assert command.endswith(")")
    pasted = _paste(sandbox, command[:-1])
    assert pasted.returncode == 0, pasted.stderr
    assert _pwned(sandbox.home) == []
    assert os.stat(path).st_nlink == 1 and notes_in(path) == ["kept"]
    assert sandbox.run(f"--file={name}", "add", "6", "note saved").status == 0
    assert notes_in(path) == ["kept", "saved"]


@pytest.mark.parametrize("name", HOSTILE[:2])
def test_the_import_clear_suggests_works_in_the_shell_and_in_a_line(sandbox, name):
    path = sandbox.home / name
    entries = [sample_entry(5, note="first"), sample_entry(6, note="second")]
    sandbox.write_history(entries, path=path)
    result = sandbox.run(f"--file={name}", "clear")
    assert result.status == 0, result.stderr
    suggested = SUGGESTED_IMPORT.search(result.stdout)[1]
    # After `stormrange` in a shell: imports the copy and runs nothing else.
    pasted = _paste(sandbox, f"{shlex.quote(sandbox.binary)} --file={shlex.quote(name)} {suggested}")
    assert pasted.returncode == 0, pasted.stderr
    assert _pwned(sandbox.home) == []
    assert history_entries(path) == entries
    # Typed as a line (here in a batch; the prompt reads lines the same way): the same text.
    result = sandbox.run(f"--file={name}", "clear")
    suggested = SUGGESTED_IMPORT.search(result.stdout)[1]
    batch = sandbox.run(f"--file={name}", input=suggested + "\n")
    assert batch.status == 0, batch.stderr
    assert history_entries(path) == entries
    assert _pwned(sandbox.home) == []


# Issue 17 (probe): the quoted command was put in another pair of quotes, which its own quotes broke
# (`'import 'it'\''s.cleared-…'' brings it back`): it now ends the line, bare, to be copied whole.


def _quoted(path: str) -> str:
    """`path` as stormrange quotes it in a suggestion: in single quotes, each ' written '\\''."""
    return "'" + path.replace("'", "'\\''") + "'"


@pytest.mark.parametrize("name", HOSTILE[:2])
def test_the_imports_clear_suggests_end_the_line_bare_and_can_be_copied_whole(sandbox, name):
    path = sandbox.home / name
    first, third = sample_entry(5, note="first"), sample_entry(7, note="third")
    sandbox.write_history([first, third], path=path)
    cleared = sandbox.run(f"--file={name}", "clear")
    assert cleared.status == 0, cleared.stderr
    [copy] = [entry for entry in os.listdir(sandbox.home) if ".cleared-" in entry]
    assert cleared.out_lines == [
        f"deleted 2 measurements; a copy is in {copy}; to bring them back: import {_quoted(copy)}"
    ]

    # An unreadable history moved aside: its valid entries are suggested back the same way.
    sandbox.write_history([first, sample_entry(6, temperature=500.0), third], path=path)
    moved = sandbox.run(f"--file={name}", "clear")
    assert moved.status == 0, moved.stderr
    [aside] = [entry for entry in os.listdir(sandbox.home) if ".unreadable-" in entry]
    suggested = f"import --skip-invalid {_quoted(aside)}"
    assert moved.out_lines == [
        f"moved the unreadable history file to {aside}; the history is now empty; "
        f"to bring back its 2 valid measurements: {suggested}"
    ]
    pasted = _paste(sandbox, f"{shlex.quote(sandbox.binary)} --file={shlex.quote(name)} {suggested}")
    assert pasted.returncode == 0, pasted.stderr
    assert _pwned(sandbox.home) == []
    assert notes_in(path) == ["first", "third"]
