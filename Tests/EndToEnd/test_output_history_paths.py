"""Issue 9, item 6: a history path that cannot work is refused at start, with status 2 and one line,
before anything is created: an empty --file, a path naming a directory, a name too long for the lock
and temporary files kept beside it."""

import os


def test_an_empty_file_flag_is_a_usage_error_not_the_default_history(sandbox):
    result = sandbox.run("--file", "", "add", "5")
    assert result.status == 2
    assert result.err_lines == ["stormrange: --file needs a path; it was given an empty one"]
    assert not sandbox.history_path.exists()
    assert not sandbox.data_home.exists()


def test_a_path_ending_in_a_slash_is_refused_before_anything_is_created(sandbox, tmp_path):
    folder = tmp_path / "work" / "histories"
    result = sandbox.run("--file", str(folder) + "/", "add", "5")
    assert result.status == 2
    assert result.err_lines == [
        f"stormrange: cannot use that history file: {folder}/ names a directory (it ends in '/'); "
        "give the path of a file"
    ]
    assert not (tmp_path / "work").exists()


def test_a_name_too_long_for_its_lock_and_temporary_files_is_refused_at_start(sandbox, tmp_path):
    name = "h" * 202
    (tmp_path / "work").mkdir()
    result = sandbox.run("--file", str(tmp_path / "work" / name), "add", "5")
    assert result.status == 2
    assert result.err_lines == [
        "stormrange: cannot use that history file: the file name is 202 bytes long; at most 201 leave room "
        "for the lock and temporary files kept beside it"
    ]
    assert os.listdir(tmp_path / "work") == []


def test_the_longest_name_allowed_can_be_saved_moved_aside_and_read_back(sandbox, tmp_path):
    (tmp_path / "work").mkdir()
    path = tmp_path / "work" / ("h" * 201)
    assert sandbox.run("--file", str(path), "add", "5").status == 0
    assert sandbox.run("--file", str(path), "add", "6").status == 0
    assert len(sandbox.read_history(path)) == 2
    path.write_text("garbage")
    result = sandbox.run("--file", str(path), "clear")
    assert result.status == 0, result.stderr
    assert any(name.startswith("h" * 201 + ".unreadable-") for name in os.listdir(tmp_path / "work"))
    # clear keeps a copy of a readable history, through a temporary file with the longest name of all.
    assert sandbox.run("--file", str(path), "add", "7").status == 0
    result = sandbox.run("--file", str(path), "clear")
    assert result.status == 0, result.stderr
    assert any(".cleared-" in name for name in os.listdir(tmp_path / "work"))


def test_the_environment_variable_is_checked_too(sandbox, tmp_path):
    env = dict(sandbox.env, STORMRANGE_HISTORY=str(tmp_path) + "/")
    result = sandbox.run("show", env=env)
    assert result.status == 2
    assert "names a directory" in result.stderr
