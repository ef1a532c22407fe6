"""The process's arguments: argument-parser reads the flags (with whatever values they take), the words
from the first one that is not a flag on are one command, and paths reach the system as the bytes
they were given, even when those are not UTF-8."""

import os
import plistlib

import pytest

from conftest import show_rows

# --- Flags and the command ------------------------------------------------------------------------


@pytest.mark.parametrize("shell, start", [("bash", "#!/bin/bash"), ("zsh", "#compdef stormrange"), ("fish", "function ")])
def test_completion_script_for_a_named_shell_needs_no_shell_variable(sandbox, shell, start):
    env = dict(sandbox.env)
    env.pop("SHELL", None)
    result = sandbox.run("--generate-completion-script", shell, env=env)
    assert result.status == 0, result.stderr
    assert result.stdout.startswith(start) and "stormrange" in result.stdout
    # The same script as the flag with its value attached, which never depended on $SHELL.
    assert result.stdout == sandbox.run(f"--generate-completion-script={shell}", env=env).stdout
    assert not sandbox.history_path.exists()


def test_completion_script_is_for_the_named_shell_not_the_login_shell(sandbox):
    result = sandbox.run("--generate-completion-script", "zsh", env=dict(sandbox.env, SHELL="/bin/bash"))
    assert result.status == 0, result.stderr
    assert result.stdout.startswith("#compdef stormrange")


def test_a_flag_with_a_value_before_the_command(sandbox, tmp_path):
    path = tmp_path / "storms.plist"
    assert sandbox.run("--file", str(path), "add", "6").status == 0
    result = sandbox.run("--file", str(path), "show")
    assert result.status == 0, result.stderr
    assert [index for index, _ in show_rows(result.stdout)] == [1]
    assert not sandbox.history_path.exists()


def test_flags_after_the_command_word_are_part_of_the_command(sandbox, tmp_path):
    path = tmp_path / "storms.plist"
    result = sandbox.run("--file", str(path), "add", "6.5", "note", "--bail", "--file", "elsewhere", "--help")
    assert result.status == 0, result.stderr
    assert [entry["note"] for entry in sandbox.read_history(path)] == ["--bail --file elsewhere --help"]
    assert not (sandbox.home / "elsewhere").exists()


def test_a_flag_word_after_the_command_word_is_not_taken_as_a_flag(sandbox):
    result = sandbox.run("add", "--file")
    assert result.status == 1
    assert "'--file' is not a number of seconds" in result.stderr
    assert "usage" not in result.stderr.lower()


def test_built_in_flags_after_the_command_word_are_part_of_the_command(sandbox):
    result = sandbox.run("add", "6", "note", "--generate-completion-script", "bash", "---", "-=x")
    assert result.status == 0, result.stderr
    assert "#!/bin/bash" not in result.stdout
    assert sandbox.read_history()[0]["note"] == "--generate-completion-script bash --- -=x"


def test_after_a_double_dash_every_word_is_the_command(sandbox):
    result = sandbox.run("--", "--bail", "add", "3")
    assert result.status == 1
    assert "unknown command '--bail'" in result.stderr
    assert sandbox.run("--bail", "--", "add", "3").status == 0
    assert [entry["delay"] for entry in sandbox.read_history()] == [3.0]


def test_help_among_the_flags_wins_over_an_unknown_one(sandbox):
    result = sandbox.run("--nope", "--help")
    assert result.status == 0
    assert "--file" in result.stdout


# --- Paths as bytes --------------------------------------------------------------------------------

NOT_UTF8 = b"storms-\xff\xfe.plist"


def test_a_file_name_that_is_not_utf8_is_used_as_given(sandbox, tmp_path):
    path = os.fsencode(tmp_path) + b"/" + NOT_UTF8
    result = sandbox.run(b"--file", path, "add", "6")
    assert result.status == 0, result.stderr
    assert sorted(name for name in os.listdir(os.fsencode(tmp_path)) if name.startswith(b"storms")) == [
        NOT_UTF8,
        NOT_UTF8 + b".lock",
    ]
    assert [entry["delay"] for entry in plistlib.loads(open(path, "rb").read())] == [6.0]
    # The next run finds it there, through --file=PATH too.
    result = sandbox.run(b"--file=" + path, "show")
    assert result.status == 0, result.stderr
    assert [index for index, _ in show_rows(result.stdout)] == [1]


def test_two_names_that_differ_only_in_bytes_that_are_not_utf8_are_two_files(sandbox, tmp_path):
    directory = os.fsencode(tmp_path)
    assert sandbox.run(b"--file", directory + b"/h\xff", "add", "6").status == 0
    assert sandbox.run(b"--file", directory + b"/h\xfe", "add", "7").status == 0
    assert plistlib.loads(open(directory + b"/h\xff", "rb").read())[0]["delay"] == 6.0
    assert plistlib.loads(open(directory + b"/h\xfe", "rb").read())[0]["delay"] == 7.0


def test_a_link_to_a_name_that_is_not_utf8_is_followed_to_that_name(sandbox, tmp_path):
    directory = os.fsencode(tmp_path)
    os.symlink(b"target-\xe9.plist", directory + b"/link.plist")
    assert sandbox.run("--file", str(tmp_path / "link.plist"), "add", "6").status == 0
    assert os.path.islink(directory + b"/link.plist")
    assert plistlib.loads(open(directory + b"/target-\xe9.plist", "rb").read())[0]["delay"] == 6.0


NOT_TEXT = (
    "stormrange: the command is not valid UTF-8 text, so it was not run; only a file name (the PATH of export "
    "or import, mqtt's --password-file and --cafile) may hold other bytes"
)


def test_a_command_that_is_not_utf8_is_refused_like_a_batch_line(sandbox):
    result = sandbox.run("add", "6", b"note caf\xe9")
    assert result.status == 1
    assert "not valid UTF-8" in result.stderr
    assert not sandbox.history_path.exists()


# --- A one-shot PATH is bytes (issue 17) ---------------------------------------------------------


def test_a_one_shot_export_and_import_take_a_file_name_that_is_not_utf8(sandbox, tmp_path):
    """A file name is bytes: a one-shot PATH keeps the arguments' bytes, even those that are not UTF-8,
    and messages show them escaped (guarantee 20)."""
    assert sandbox.run("add", "6", "note one").status == 0
    for format in ["csv", "json"]:
        name = os.fsencode(tmp_path) + b"/c\xffd \xe9." + format.encode()
        result = sandbox.run("export", format, name)
        assert result.status == 0, result.stderr
        shown = f"{tmp_path}/c\\x{{FF}}d \\x{{E9}}.{format}"
        assert result.out_lines == [f"exported 1 measurement to {shown} ({format.upper()})"]
        assert os.path.exists(name)
        result = sandbox.run("--file", str(tmp_path / f"other-{format}.plist"), "import", name)
        assert result.status == 0, result.stderr
        assert result.out_lines[-1].startswith(f"imported 1 measurement from {shown}"), result.stdout
    # Nothing was written under a name with U+FFFD in place of the bytes.
    assert not [name for name in os.listdir(tmp_path) if "\ufffd" in name]
    # The words before the PATH, and the shell's one argument holding them, must still be text.
    result = sandbox.run(b"export csv " + os.fsencode(tmp_path) + b"/in-one-\xff")
    assert result.status == 0, result.stderr
    assert os.path.exists(os.fsencode(tmp_path) + b"/in-one-\xff")


@pytest.mark.parametrize(
    "words",
    [
        ["add", "7", "note", b"caf\xe9"],
        ["export", b"c\xffsv", "out.csv"],
        [b"exp\xffort", "csv", "out.csv"],
        ["show", b"\xff"],
    ],
    ids=["note", "format", "command", "show"],
)
def test_bytes_that_are_not_utf8_anywhere_but_in_a_path_are_refused(sandbox, words):
    assert sandbox.run("add", "6", "note one").status == 0
    result = sandbox.run(*words)
    assert (result.status, result.err_lines, result.stdout) == (1, [NOT_TEXT], "")
    assert [entry.get("note") for entry in sandbox.read_history()] == ["one"]
    assert not (sandbox.home / "out.csv").exists()


# A library preloaded without its wrapper (libfaketime without `faketime`) leaves the Swift runtime
# with no arguments at all (argc 0); found by an adversarial probe, which saw it trap (SIGILL).
LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"


def test_arguments_hidden_from_the_runtime_by_a_preloaded_library_are_read_all_the_same(sandbox):
    assert os.path.exists(LIBFAKETIME), "Scripts/setup-system --test installs faketime"
    env = dict(sandbox.env, LD_PRELOAD=LIBFAKETIME)
    env.pop("FAKETIME", None)
    result = sandbox.run("--file", str(sandbox.history_path), "add", "6", env=env)
    assert result.status == 0, result.stderr
    assert len(sandbox.read_history()) == 1
