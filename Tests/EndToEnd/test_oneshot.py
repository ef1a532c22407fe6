"""One-shot mode (`stormrange add 6.5`), the process's own flags, and where the files go."""

import datetime
import os
import re
import stat

from conftest import FileSnapshot, confirmation, mode_of, show_rows


def test_one_shot_add(sandbox):
    result = sandbox.run("add", "6.5")
    assert result.status == 0, result.stderr
    assert result.stderr == ""
    assert len(result.out_lines) == 1
    assert confirmation(result.out_lines[0]) == (1, "2.23 km", 6.5)
    assert [entry["delay"] for entry in sandbox.read_history()] == [6.5]


def test_one_shot_add_with_time_and_note_in_separate_arguments(sandbox):
    result = sandbox.run("add", "12", "at", "2026-07-01T18:03:00+02:00", "note", "over", "the", "lake")
    assert result.status == 0, result.stderr
    (entry,) = sandbox.read_history()
    assert entry["date"] == datetime.datetime(2026, 7, 1, 16, 3, 0)
    assert entry["note"] == "over the lake"


def test_one_shot_show_n(sandbox):
    assert sandbox.batch(*(f"add {n}" for n in range(1, 8))).status == 0
    result = sandbox.run("show", "5")
    assert result.status == 0, result.stderr
    assert [index for index, _ in show_rows(result.stdout)] == [3, 4, 5, 6, 7]
    assert [index for index, _ in show_rows(sandbox.run("show").stdout)] == list(range(1, 8))


def test_one_shot_failure_exits_1_with_one_error_line(sandbox):
    sandbox.run("add", "6")
    before = FileSnapshot.of(sandbox.history_path)
    result = sandbox.run("add", "nan")
    assert result.status == 1
    assert result.stdout == ""
    assert len(result.err_lines) == 1
    assert result.err_lines[0].startswith("stormrange: ")
    assert "nan" in result.stderr
    assert FileSnapshot.of(sandbox.history_path) == before


def test_one_shot_negative_number_reaches_the_command_not_the_flag_parser(sandbox):
    result = sandbox.run("add", "-5")
    assert result.status == 1
    assert "positive" in result.stderr
    assert "Unknown option" not in result.stderr


def test_one_shot_unknown_command_suggests(sandbox):
    result = sandbox.run("shwo")
    assert result.status == 1
    assert "'show'" in result.stderr


def test_one_shot_ignores_standard_input(sandbox):
    result = sandbox.run("add", "6", input="add 7\nadd 8\n")
    assert result.status == 0
    assert [entry["delay"] for entry in sandbox.read_history()] == [6.0]


def test_flags_before_the_command(sandbox, tmp_path):
    path = tmp_path / "elsewhere.plist"
    result = sandbox.run("--file", str(path), "add", "6")
    assert result.status == 0, result.stderr
    assert len(sandbox.read_history(path)) == 1
    assert not sandbox.history_path.exists()


# --- Flags ---------------------------------------------------------------------------------------


def test_bad_flag_exits_2_with_usage(sandbox):
    result = sandbox.run("--frobnicate")
    assert result.status == 2
    assert result.stdout == ""
    assert "usage" in result.stderr.lower()
    assert "--frobnicate" in result.stderr
    assert not sandbox.history_path.exists()


def test_bad_flag_with_a_command_exits_2_and_runs_nothing(sandbox):
    result = sandbox.run("--nope", "add", "6")
    assert result.status == 2
    assert "usage" in result.stderr.lower()
    assert not sandbox.history_path.exists()


def test_file_flag_without_a_value_exits_2(sandbox):
    result = sandbox.run("--file")
    assert result.status == 2
    assert "usage" in result.stderr.lower()


def test_help_flag(sandbox):
    result = sandbox.run("--help")
    assert result.status == 0
    for flag in ("--file", "--bail", "--echo", "--help", "--version"):
        assert flag in result.stdout
    assert not sandbox.history_path.exists()


def test_version_flag(sandbox):
    result = sandbox.run("--version")
    assert result.status == 0
    # The number itself is the program's to say (and the banner must agree: test_interactive.py).
    assert re.fullmatch(r"stormrange \d+\.\d+\.\d+\n", result.stdout), result.stdout


# --- Where the history file is -------------------------------------------------------------------


def test_default_location_is_under_xdg_data_home(sandbox):
    assert sandbox.run("add", "6").status == 0
    assert len(sandbox.read_history(sandbox.history_path)) == 1


def test_default_location_without_xdg_data_home_is_under_home(sandbox):
    env = dict(sandbox.env)
    del env["XDG_DATA_HOME"]
    assert sandbox.run("add", "6", env=env).status == 0
    assert len(sandbox.read_history(sandbox.home / ".local/share/stormrange/SavedHistory.plist")) == 1
    assert not sandbox.history_path.exists()


def test_relative_xdg_data_home_is_ignored(sandbox):
    env = dict(sandbox.env, XDG_DATA_HOME="relative/data")
    assert sandbox.run("add", "6", env=env).status == 0
    assert (sandbox.home / ".local/share/stormrange/SavedHistory.plist").exists()
    assert not (sandbox.home / "relative").exists()


def test_environment_variable_beats_the_default(sandbox, tmp_path):
    path = tmp_path / "from-env" / "storms.plist"
    env = dict(sandbox.env, STORMRANGE_HISTORY=str(path))
    assert sandbox.run("add", "6", env=env).status == 0
    assert len(sandbox.read_history(path)) == 1
    assert not sandbox.history_path.exists()
    # And it is read from there too.
    assert [index for index, _ in show_rows(sandbox.run("show", env=env).stdout)] == [1]


def test_file_flag_beats_the_environment_variable(sandbox, tmp_path):
    from_env = tmp_path / "from-env.plist"
    from_flag = tmp_path / "from-flag.plist"
    env = dict(sandbox.env, STORMRANGE_HISTORY=str(from_env))
    assert sandbox.run("--file", str(from_flag), "add", "6", env=env).status == 0
    assert len(sandbox.read_history(from_flag)) == 1
    assert not from_env.exists()
    assert not sandbox.history_path.exists()


def test_file_flag_in_batch_mode(sandbox, tmp_path):
    path = tmp_path / "batch.plist"
    result = sandbox.batch("add 6", "add 7", args=("--file", str(path)))
    assert result.status == 0, result.stderr
    assert len(sandbox.read_history(path)) == 2


def test_missing_directories_are_created_with_mode_0700(sandbox, tmp_path):
    base = tmp_path / "existing"
    base.mkdir(mode=0o755)
    os.chmod(base, 0o755)
    path = base / "a" / "b" / "c" / "history.plist"
    assert sandbox.run("--file", str(path), "add", "6").status == 0
    assert len(sandbox.read_history(path)) == 1
    for directory in (base / "a", base / "a" / "b", base / "a" / "b" / "c"):
        assert mode_of(directory) == 0o700, directory
    # A directory that was already there keeps its mode.
    assert mode_of(base) == 0o755


def test_default_directories_are_created_with_mode_0700(sandbox):
    assert sandbox.run("add", "6").status == 0
    assert mode_of(sandbox.data_home) == 0o700
    assert mode_of(sandbox.data_home / "stormrange") == 0o700


def test_history_file_is_0600_and_stays_0600(sandbox):
    assert sandbox.run("add", "6").status == 0
    path = sandbox.history_path
    assert stat.S_ISREG(path.stat().st_mode)
    assert mode_of(path) == 0o600
    for command in (["add", "7"], ["delete", "1"], ["clear"], ["add", "8"]):
        first_inode = path.stat().st_ino
        assert sandbox.run(*command).status == 0
        assert mode_of(path) == 0o600, command
        # Each change replaced the file (atomic rename), yet the mode is the same.
        assert path.stat().st_ino != first_inode, command
    result = sandbox.batch("add 9", "delete 1", "undo", "clear", "undo")
    assert result.status == 0, result.stderr
    assert mode_of(path) == 0o600


def test_history_file_is_0600_even_with_a_permissive_umask(sandbox, tmp_path):
    import subprocess

    path = tmp_path / "umask" / "history.plist"
    completed = subprocess.run(
        [sandbox.binary, "--file", str(path), "add", "6"],
        env=sandbox.env,
        capture_output=True,
        preexec_fn=lambda: os.umask(0),
        timeout=15,
    )
    assert completed.returncode == 0, completed.stderr
    assert mode_of(path) == 0o600
    assert mode_of(path.parent) == 0o700


def test_no_temporary_files_are_left_behind(sandbox):
    assert sandbox.batch("add 1", "add 2", "delete 1", "clear", "undo").status == 0
    names = sorted(p.name for p in sandbox.history_path.parent.iterdir())
    # The copy `clear` keeps for `import` is meant to stay; nothing else may.
    copies = [name for name in names if name.startswith("SavedHistory.plist.cleared-")]
    assert len(copies) == 1
    leftovers = [name for name in names if name not in ("SavedHistory.plist", "SavedHistory.plist.lock", *copies)]
    assert leftovers == []
